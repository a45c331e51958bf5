import { SlashCommandBuilder, type SlashCommandStringOption, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
import type { GameStatusView } from '../src/app/index.ts';
import { ok, reject, type GameCommand, type Json, type Rejection, type Result } from '../src/core/index.ts';
import type { AutocompleteContext, CommandContext, CommandModule, CommandResult } from '../src/discord/command.ts';
import { describeAdventure } from '../src/games/comanauts/view-adventure.ts';
import { described, discordLocalizations, t } from '../src/i18n/index.ts';
import { humanParams } from '../src/discord/present.ts';
import { attributeColours, slotNames, textKeys as K } from '../src/games/comanauts/index.ts';
import { filterChoices, type Choice } from './lib/choices.ts';

type Sub = SlashCommandSubcommandBuilder;

/** Dice are chosen by colour; choice names are localized like descriptions. */
function colourOption(o: SlashCommandStringOption, name: string, code: string, required = true): SlashCommandStringOption {
  return described(o.setName(name), code)
    .setRequired(required)
    .addChoices(...attributeColours.map((c) => ({ name: t('en', `comanauts.colour.${c}`), name_localizations: discordLocalizations(`comanauts.colour.${c}`), value: c })));
}

const pick = (s: Sub, name: string, code: string, required = true): Sub =>
  s.addStringOption((o) => described(o.setName(name), code).setRequired(required).setAutocomplete(true).setMaxLength(100));

/** `dice` (of the action's colour) and `purple` (extra purple dice): Rules §Bonuses and Using Purple Dice. */
const rollOptions = (s: Sub): Sub =>
  s
    .addIntegerOption((o) => described(o.setName('dice'), 'comanauts.c.options.dice').setMinValue(0).setMaxValue(5))
    .addIntegerOption((o) => described(o.setName('purple'), 'comanauts.c.options.purple').setMinValue(0).setMaxValue(5));

/** The further item/slot pairs of `/c equip` (`item2`, `slot2`, …). */
const EXTRA_ITEMS = [2, 3, 4] as const;

const sub = (name: string, build: (s: Sub) => Sub = (s) => s) => (s: Sub): Sub => build(described(s.setName(name), `comanauts.c.${name}`));

const data = described(new SlashCommandBuilder().setName('c'), 'comanauts.c.description')
  .addSubcommand(sub('draw'))
  .addSubcommand(sub('clarity', (s) => s.addIntegerOption((o) => described(o.setName('count'), 'comanauts.c.options.count').setMinValue(1).setMaxValue(5))))
  .addSubcommand(
    sub('focus', (s) =>
      s
        .addStringOption((o) => colourOption(o, 'spend', 'comanauts.c.options.spend'))
        .addStringOption((o) => colourOption(o, 'spend2', 'comanauts.c.options.spend2'))
        .addStringOption((o) => colourOption(o, 'take', 'comanauts.c.options.take')),
    ),
  )
  .addSubcommand(
    sub('move', (s) =>
      pick(s.addStringOption((o) => colourOption(o, 'colour', 'comanauts.c.options.colour')), 'to', 'comanauts.c.options.to').addIntegerOption((o) =>
        described(o.setName('spot'), 'comanauts.c.options.spot').setMinValue(1).setMaxValue(12),
      ),
    ),
  )
  .addSubcommand(sub('reserve', (s) => s.addStringOption((o) => colourOption(o, 'colour', 'comanauts.c.options.colour'))))
  .addSubcommand(
    sub('encourage', (s) =>
      s
        .addUserOption((o) => described(o.setName('player'), 'comanauts.c.options.player').setRequired(true))
        .addStringOption((o) => colourOption(o, 'colour', 'comanauts.c.options.colour'))
        .addStringOption((o) =>
          described(o.setName('mode'), 'comanauts.c.options.mode')
            .setRequired(true)
            .addChoices(...(['store', 'clarity'] as const).map((m) => ({ name: t('en', `comanauts.mode.${m}`), name_localizations: discordLocalizations(`comanauts.mode.${m}`), value: m }))),
        ),
    ),
  )
  .addSubcommand(
    sub('equip', (s) => {
      // Rules §Equip/Trade: one die moves any number of items; up to four in one command.
      let b = pick(pick(s.addStringOption((o) => colourOption(o, 'colour', 'comanauts.c.options.colour')), 'item', 'comanauts.c.options.item'), 'slot', 'comanauts.c.options.slot');
      for (const n of EXTRA_ITEMS) b = pick(pick(b, `item${n}`, 'comanauts.c.options.itemMore', false), `slot${n}`, 'comanauts.c.options.slotMore', false);
      return b;
    }),
  )
  .addSubcommand(sub('usereserve'))
  .addSubcommand(sub('skill', (s) => rollOptions(pick(s, 'test', 'comanauts.c.options.test'))))
  .addSubcommand(sub('status', (s) => rollOptions(pick(s, 'status', 'comanauts.c.options.status'))))
  .addSubcommand(sub('group', rollOptions))
  .addSubcommand(sub('melee', (s) => rollOptions(pick(s, 'enemy', 'comanauts.c.options.enemy'))))
  .addSubcommand(sub('ranged', (s) => rollOptions(pick(s, 'enemy', 'comanauts.c.options.enemy'))))
  .addSubcommand(sub('search', (s) => rollOptions(pick(s, 'item', 'comanauts.c.options.item'))))
  .addSubcommand(sub('ability', (s) => pick(s, 'use', 'comanauts.c.options.use', false)))
  .addSubcommand(sub('door', (s) => pick(s, 'door', 'comanauts.c.options.door').addStringOption((o) => colourOption(o, 'colour', 'comanauts.c.options.colour'))))
  .addSubcommand(sub('environment', (s) => rollOptions(pick(s, 'card', 'comanauts.c.options.card'))))
  .addSubcommand(sub('use', (s) => pick(s, 'item', 'comanauts.c.options.item')))
  .addSubcommand(sub('end'))
  .addSubcommand(sub('answer', (s) => pick(s, 'value', 'comanauts.c.options.value')))
  .addSubcommand(sub('notebook'));

interface Here {
  readonly game: GameStatusView;
  readonly page: string;
  readonly spaces: readonly string[];
  readonly enemies: readonly { uid: string; card: string; space: string }[];
  /** The colour each skill test and the group task ask for (the fallback when no legal roll names one). */
  readonly testColours: Readonly<Record<string, string>>;
  readonly groupColour: string | null;
  /** The two spaces of each door in play (rules 3). */
  readonly doors: Readonly<Record<string, readonly [string, string]>>;
}

async function comanautsHere(ctx: CommandContext | AutocompleteContext): Promise<Result<Here, Rejection>> {
  const here = await ctx.services.gameHere(ctx.place);
  if (!here.ok) return here;
  if (here.value.gameType !== 'comanauts') return reject('comanauts.c.notComanauts');
  const view = (here.value.publicView ?? {}) as {
    page?: { id?: string; spaces?: { id: string }[]; tests?: { id: string; colour: string }[]; groupTask?: { colour: string } };
    enemies?: ({ uid: string; card: string; place: { space: string } } | null)[];
    pageBook?: { doors?: { id: string; between: [string, string] }[] };
  };
  return ok({
    game: here.value,
    page: view.page?.id ?? '',
    spaces: (view.page?.spaces ?? []).map((s) => s.id),
    enemies: (view.enemies ?? []).filter((e): e is NonNullable<typeof e> => e !== null).map((e) => ({ uid: e.uid, card: e.card, space: e.place.space })),
    testColours: Object.fromEntries((view.page?.tests ?? []).map((x) => [x.id, x.colour])),
    groupColour: view.page?.groupTask?.colour ?? null,
    doors: Object.fromEntries((view.pageBook?.doors ?? []).map((d) => [d.id, d.between])),
  });
}

/** Text in the reader's language with `…Key` params named from the game's pack and seats named (the router fits it to a choice name). */
async function labeller(ctx: CommandContext | AutocompleteContext, game: GameStatusView): Promise<(code: string, params: Record<string, string | number | boolean>) => string> {
  const packText = await ctx.services.catalog.packText(game);
  const names = game.seats.map((s) => s.userName);
  return (code, params) => t(ctx.lang, code, humanParams(params, names, [], { packText, lang: ctx.lang }));
}

function rollCounts(ctx: CommandContext): { count: number; purple: number } {
  const purple = ctx.interaction.options.getInteger('purple') ?? 0;
  return { count: ctx.interaction.options.getInteger('dice') ?? (purple > 0 ? 0 : 1), purple };
}

/** The game command a `/c` subcommand stands for, from its options. */
async function toCommand(ctx: CommandContext, here: Here): Promise<Result<GameCommand, Rejection>> {
  const o = ctx.interaction.options;
  const name = o.getSubcommand(true);
  const seatOf = (userId: string): number | undefined => here.game.seats.find((s) => s.userId === userId)?.seat;
  const mySeat = seatOf(ctx.actor.userId) ?? 0;
  const colour = (): string => o.getString('colour', true);
  switch (name) {
    case 'draw':
      return ok({ type: 'draw', args: {} });
    case 'clarity':
      return ok({ type: 'rollClarity', args: { count: o.getInteger('count') ?? 1 } });
    case 'focus':
      return ok({ type: 'focus', args: { spend: [o.getString('spend', true), o.getString('spend2', true)], take: o.getString('take', true) } });
    case 'move': {
      const spot = o.getInteger('spot');
      return ok({ type: 'move', args: { colour: colour(), to: await spaceId(ctx, here, o.getString('to', true)), ...(spot === null ? {} : { spot: spot - 1 }) } });
    }
    case 'reserve':
      return ok({ type: 'reserve', args: { colour: colour() } });
    case 'encourage': {
      const seat = seatOf(o.getUser('player', true).id);
      if (seat === undefined) return reject('comanauts.c.notPlayer');
      return ok({ type: 'encourage', args: { seat, colour: colour(), mode: o.getString('mode', true) } });
    }
    case 'equip': {
      const move = (item: string, slot: string) => {
        const [a, b] = slot.split(':');
        return { item, seat: b === undefined ? mySeat : Number(a), to: b === undefined ? a : b };
      };
      const moves = [move(o.getString('item', true), o.getString('slot', true))];
      for (const n of EXTRA_ITEMS) {
        const item = o.getString(`item${n}`);
        const slot = o.getString(`slot${n}`);
        if ((item === null) !== (slot === null)) return reject('comanauts.c.equipPair', { n });
        if (item !== null && slot !== null) moves.push(move(item, slot));
      }
      return ok({ type: 'equip', args: { colour: colour(), moves } });
    }
    case 'usereserve':
      return ok({ type: 'useReserve', args: {} });
    case 'end':
      return ok({ type: 'endActions', args: {} });
    case 'answer':
      return ok({ type: 'answer', args: { value: o.getString('value', true) } });
    case 'melee':
    case 'ranged':
      return ok({ type: name, args: { enemy: o.getString('enemy', true), ...rollCounts(ctx) } });
    case 'search':
      return ok({ type: 'search', args: { item: o.getString('item', true), ...rollCounts(ctx) } });
    case 'door':
      return ok({ type: 'door', args: { door: o.getString('door', true), colour: colour() } });
    case 'use':
      return ok({ type: 'use', args: { item: o.getString('item', true) } });
  }
  const legal = await ctx.services.app.legal(here.game.gameId, ctx.actor.userId);
  const commands = legal.ok ? legal.value.commands : [];
  const colourFor = (type: string, match: (args: Record<string, unknown>) => boolean, fallback: string): string =>
    String((commands.find((c) => c.type === type && match(c.args))?.args as { colour?: string } | undefined)?.colour ?? fallback);
  switch (name) {
    case 'skill': {
      const test = o.getString('test', true);
      return ok({ type: 'skillTest', args: { test, colour: colourFor('skillTest', (a) => a.test === test, here.testColours[test] ?? 'purple'), ...rollCounts(ctx) } });
    }
    case 'status': {
      const raw = o.getString('status', true);
      const [a, b] = raw.split(':');
      const status = b ?? a ?? '';
      const seat = b === undefined ? (commands.find((c) => c.type === 'removeStatus' && c.args.status === status)?.args.seat as number | undefined) ?? mySeat : Number(a);
      return ok({ type: 'removeStatus', args: { seat, status, colour: colourFor('removeStatus', (x) => x.status === status && x.seat === seat, 'purple'), ...rollCounts(ctx) } });
    }
    case 'environment': {
      const card = o.getString('card', true);
      const colourOf = commands.find((c) => c.type === 'environment' && c.args.card === card)?.args.colour;
      return ok({ type: 'environment', args: { card, ...(typeof colourOf === 'string' ? { colour: colourOf } : {}), ...rollCounts(ctx) } });
    }
    case 'group':
      return ok({ type: 'groupTask', args: { colour: colourFor('groupTask', () => true, here.groupColour ?? 'purple'), ...rollCounts(ctx) } });
    case 'ability': {
      const use = o.getString('use') ?? '';
      if (use === '' || use === 'heal') return ok({ type: 'ability', args: {} });
      const [a, b] = use.split(':');
      return ok({ type: 'ability', args: b === undefined ? { colour: a } : { seat: Number(a), status: b } });
    }
  }
  return reject('comanauts.command.unknown');
}

/** A space typed by id or by its name in the reader's language. */
async function spaceId(ctx: CommandContext, here: Here, typed: string): Promise<string> {
  if (here.spaces.includes(typed)) return typed;
  const packText = await ctx.services.catalog.packText(here.game);
  const wanted = typed.trim().toLowerCase();
  return here.spaces.find((id) => packText?.(K.space(here.page, id), ctx.lang)?.toLowerCase() === wanted) ?? typed;
}

async function choicesFor(ctx: AutocompleteContext, here: Here): Promise<Choice[]> {
  const o = ctx.interaction.options;
  const name = o.getSubcommand(true);
  const focused = o.getFocused(true).name;
  const label = await labeller(ctx, here.game);
  if (name === 'answer') {
    const prompts = await ctx.services.app.prompts(here.game.gameId);
    const seat = here.game.seats.find((s) => s.userId === ctx.actor.userId)?.seat;
    if (!prompts.ok) return [];
    return prompts.value.prompts
      .filter((p) => p.seat === seat)
      .flatMap((p) => p.options.filter((x) => x.command.type === 'answer').map((x) => ({ name: label(x.label.code, { ...(x.label.params ?? {}) }), value: String(x.command.args.value) })));
  }
  const legal = await ctx.services.app.legal(here.game.gameId, ctx.actor.userId);
  if (!legal.ok) return [];
  const commands = legal.value.commands;
  const of = (type: string) => commands.filter((c) => c.type === type).map((c) => c.args as Record<string, unknown>);
  const chosenColour = o.getString('colour');
  const byColour = (args: Record<string, unknown>) => !chosenColour || args.colour === chosenColour;
  const enemyChoice = (uid: string): Choice => {
    const e = here.enemies.find((x) => x.uid === uid);
    return { name: e ? label('comanauts.c.enemyIn', { enemyKey: K.enemy(e.card), spaceKey: K.space(here.page, e.space) }) : uid, value: uid };
  };
  // `item2`…`item4` and `slot2`…`slot4` of `/c equip` complete like `item` and `slot`.
  const field = name === 'equip' ? focused.replace(/[0-9]+$/, '') : focused;
  switch (`${name}.${field}`) {
    case 'move.to':
      return of('move').filter(byColour).map((a) => ({ name: label('comanauts.c.moveTo', { spaceKey: K.space(here.page, String(a.to)) }), value: String(a.to) }));
    case 'equip.item':
      return of('equip')
        .filter(byColour)
        .map((a) => String((a.moves as { item: string }[])[0]?.item))
        .map((item) => ({ name: label('comanauts.c.searchFor', { itemKey: K.item(item) }), value: item }));
    case 'equip.slot': {
      const item = o.getString(focused.replace('slot', 'item'));
      const legalSlots = of('equip')
        .filter(byColour)
        .map((a) => (a.moves as { item: string; seat: number; to: string }[])[0])
        .filter((m): m is { item: string; seat: number; to: string } => m !== undefined && (!item || m.item === item))
        .map((m) => ({ name: label('comanauts.c.slotOwner', { seat: m.seat, slot: m.to }), value: `${m.seat}:${m.to}` }));
      // Several items in one move free slots for each other (Rules §Equipment Slots, the rifle example):
      // every slot of one's own sheet is offered too, and the rules judge the whole move.
      const mine = here.game.seats.find((s) => s.userId === ctx.actor.userId)?.seat ?? 0;
      const own = [...slotNames, 'inventory'].map((slot) => ({ name: label('comanauts.c.slotOwner', { seat: mine, slot }), value: `${mine}:${slot}` }));
      return [...legalSlots, ...own];
    }
    case 'skill.test':
      return of('skillTest').map((a) => ({ name: label('comanauts.c.testAt', { testKey: K.test(here.page, String(a.test)) }), value: String(a.test) }));
    case 'status.status':
      return of('removeStatus').map((a) => ({ name: label('comanauts.c.statusOn', { statusKey: K.status(String(a.status)), seat: Number(a.seat) }), value: `${String(a.seat)}:${String(a.status)}` }));
    case 'melee.enemy':
    case 'ranged.enemy':
      return of(name).map((a) => enemyChoice(String(a.enemy)));
    case 'search.item':
      return of('search').map((a) => ({ name: label('comanauts.c.searchFor', { itemKey: K.item(String(a.item)) }), value: String(a.item) }));
    case 'door.door':
      return [...new Set(of('door').map((a) => String(a.door)))].map((door) => {
        const between = here.doors[door] ?? ['', ''];
        return { name: label('comanauts.c.doorBetween', { space0Key: K.space(here.page, between[0]), space1Key: K.space(here.page, between[1]) }), value: door };
      });
    case 'environment.card':
      return [...new Set(of('environment').map((a) => String(a.card)))].map((card) => ({ name: label('comanauts.c.cardNamed', { cardKey: K.environment(card) }), value: card }));
    case 'use.item':
      return of('use').map((a) => ({ name: label('comanauts.c.searchFor', { itemKey: K.item(String(a.item)) }), value: String(a.item) }));
    case 'ability.use':
      return of('ability').map((a) =>
        typeof a.colour === 'string'
          ? { name: label('comanauts.c.abilityTake', { colour: a.colour }), value: a.colour }
          : typeof a.status === 'string'
            ? { name: label('comanauts.c.abilityFree', { seat: Number(a.seat), statusKey: K.status(a.status) }), value: `${String(a.seat)}:${a.status}` }
            : { name: label('comanauts.c.abilityHeal', {}), value: 'heal' },
      );
  }
  return [];
}

/**
 * `/c notebook` (Rules §The Nexus): the party's shared notebook, built from the public view only: where the
 * party is, the Nexus, clues read to the table, I.D.s met and what is crossed off. Visible to the asker.
 */
async function notebook(ctx: CommandContext, here: Here): Promise<CommandResult> {
  const adventure = (here.game.publicView as { adventure?: Json } | null)?.adventure;
  if (adventure === undefined) return reject('comanauts.c.noAdventure');
  const label = await labeller(ctx, here.game);
  const lines = describeAdventure(adventure).map((l) => label(l.code, { ...(l.params ?? {}) }));
  return ok({ visibility: 'ephemeral', content: [t(ctx.lang, 'comanauts.c.notebookTitle'), ...lines].join('\n') });
}

/**
 * `/c <action>`: one subcommand per Comanauts action (issue "Comanauts I", Commands). Dice are chosen by
 * colour; targets, spaces, items and answers autocomplete from `legalCommands`, named in the reader's language.
 */
export const command: CommandModule = {
  data,

  async execute(ctx) {
    const here = await comanautsHere(ctx);
    if (!here.ok) return here;
    if (ctx.interaction.options.getSubcommand(true) === 'notebook') return notebook(ctx, here.value);
    const cmd = await toCommand(ctx, here.value);
    if (!cmd.ok) return cmd;
    const r = await ctx.services.app.play(here.value.game.gameId, ctx.actor, cmd.value, ctx.interaction.id);
    if (!r.ok) return r;
    return ok(await ctx.services.presentResult(r.value));
  },

  async autocomplete(ctx) {
    const here = await comanautsHere(ctx);
    if (!here.ok) return [];
    return filterChoices(await choicesFor(ctx, here.value), String(ctx.interaction.options.getFocused() ?? ''));
  },
};
