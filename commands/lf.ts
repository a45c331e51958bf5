import { SlashCommandBuilder, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { ok, reject } from '../src/core/index.ts';
import type { AutocompleteContext, CommandContext, CommandModule } from '../src/discord/command.ts';
import { described, LANGUAGES, pickLanguage, t } from '../src/i18n/index.ts';
import type { CommandLabel, GameCommand } from '../src/core/index.ts';
import type { Language } from '../src/i18n/index.ts';
import { legalLabel, MAX_CHOICES, rankedLegal, type Naming } from '../src/discord/present.ts';

type Sub = SlashCommandSubcommandBuilder;

/**
 * Which game commands each `/lf` subcommand offers (issue 17 "Commands"): the autocomplete lists only the
 * caller's legal commands of those types, labelled in their language, so nothing illegal is offered.
 */
export const LF_GROUPS: Readonly<Record<string, readonly string[]>> = {
  card: ['play', 'discard', 'cell', 'roleCard', 'addEvolution'],
  act: ['act', 'step', 'stop', 'android', 'ghost', 'remove', 'strip', 'unpower', 'shiftOutage', 'unmission', 'catMove', 'roleToken'],
  react: ['react', 'noReaction', 'counter', 'allow', 'noise', 'panic', 'control', 'cancelEvolution'],
  setup: ['pick', 'outage', 'terror', 'skip', 'image', 'calibrate', 'decide', 'stowaway', 'cat'],
  turn: ['collect', 'equip', 'skill', 'heat', 'laser', 'lurk', 'vent', 'launch', 'agree', 'catAboard', 'pass', 'keepEvolution'],
  solo: ['soloPick', 'wait', 'crisis', 'pay', 'path', 'reduce', 'proximity', 'elude', 'trait', 'fear', 'survive', 'harpoon', 'ventAt', 'sdStowaway', 'side', 'unclamp', 'spare', 'confront', 'hunt', 'guess', 'conflictAttack', 'conflictHalon', 'conflictAirlock', 'conflictLocker', 'conflictDiscard', 'conflictGiveUp'],
  showdown: ['share', 'keep', 'target', 'fight', 'cancel', 'face', 'drop', 'match', 'data', 'sacrifice', 'yield', 'catMatch', 'noHelp', 'hide', 'reveal', 'search', 'noSearch', 'kill'],
};

const sub = (name: string) => (s: Sub): Sub =>
  described(s.setName(name), `lf.sub.${name}`).addStringOption((o) => described(o.setName('action'), 'lf.options.action').setRequired(true).setAutocomplete(true).setMaxLength(100));

const data = described(new SlashCommandBuilder().setName('lf'), 'lf.description')
  .addSubcommand(sub('card'))
  .addSubcommand(sub('act'))
  .addSubcommand(sub('react'))
  .addSubcommand(sub('setup'))
  .addSubcommand(sub('turn'))
  .addSubcommand(sub('showdown'))
  .addSubcommand(sub('solo'))
  .addSubcommand(sub('any'));

async function lifeformHere(ctx: CommandContext | AutocompleteContext) {
  const here = await ctx.services.gameHere(ctx.place);
  if (!here.ok) return here;
  if (here.value.gameType !== 'lifeform') return reject('lf.notLifeform');
  if (!here.value.seats.some((s) => s.userId === ctx.actor.userId)) return reject('lf.noSeat');
  return here;
}

/** The legal command types a subcommand stands for (`any`: all of them). */
export function typesOf(subcommand: string): ReadonlySet<string> | null {
  const group = LF_GROUPS[subcommand];
  return group ? new Set(group) : null;
}

/** Autocomplete choices: the legal commands of the group, ranked and labelled; value `<seq>.<index>` in the whole legal list. */
export function lfChoices(
  lang: Language,
  legal: { readonly seq: number; readonly commands: readonly GameCommand[]; readonly labels?: readonly CommandLabel[] },
  types: ReadonlySet<string> | null,
  typed: string,
  naming: Naming,
  max: number = MAX_CHOICES,
): { name: string; value: string }[] {
  const needle = typed.trim().toLowerCase();
  return rankedLegal(legal)
    .filter((i) => types === null || types.has((legal.commands[i] as GameCommand).type))
    .map((i) => ({ name: legalLabel(lang, 'lifeform', legal.commands[i] as GameCommand, legal.labels?.[i], naming).slice(0, 100), value: `${legal.seq}.${i}` }))
    .filter((c) => c.name.toLowerCase().includes(needle))
    .slice(0, max);
}

/**
 * Words typed that name no listed action: the game reads them itself (issue 20, a shuttle conflict payment
 * typed as `<zone>: <payment>`) against the caller's own state, in any language, refusing in theirs.
 */
async function playTyped(ctx: CommandContext, gameId: string, text: string) {
  const words = { lang: ctx.lang, langs: LANGUAGES, t: (lang: string, code: string, params?: Readonly<Record<string, string | number | boolean>>) => t(pickLanguage(lang), code, params) };
  const r = await ctx.services.app.playTyped(gameId, ctx.actor, text, words, ctx.interaction.id);
  if (!r.ok) return r;
  return ok(await ctx.services.presentResult(r.value));
}

/**
 * `/lf <group> action:<…>`: a Lifeform action chosen from autocomplete fed by the engine's legal commands
 * (cards in hand, rows that change the state, reachable chambers, eligible targets). The value is
 * `<seq>.<index>` as for `/play`, so a choice made before the game moved on is refused; whatever the
 * rules refuse is answered with their reason in the player's language.
 */
export const command: CommandModule = {
  data,

  async execute(ctx) {
    const here = await lifeformHere(ctx);
    if (!here.ok) return here;
    const raw = ctx.interaction.options.getString('action', true);
    const types = typesOf(ctx.interaction.options.getSubcommand(true));
    const legal = await ctx.services.app.legal(here.value.gameId, ctx.actor.userId);
    if (!legal.ok) return legal;
    let match = /^(\d{1,9})\.(\d{1,4})$/.exec(raw);
    if (!match) {
      // A label typed by hand (or by a transcript): it must name exactly one legal action of the group.
      const naming = { seatNames: here.value.seats.map((s) => s.userName), packText: await ctx.services.catalog.packText(here.value) };
      const wanted = raw.trim().toLowerCase();
      const found = lfChoices(ctx.lang, legal.value, types, '', naming, Number.MAX_SAFE_INTEGER).filter((c) => c.name.toLowerCase() === wanted);
      if (found.length === 0 && (types === null || types.has('conflictAttack'))) return playTyped(ctx, here.value.gameId, raw);
      if (found.length !== 1) return reject('core.play.pickFromList');
      match = /^(\d{1,9})\.(\d{1,4})$/.exec(found[0]?.value ?? '');
      if (!match) return reject('core.play.pickFromList');
    }
    const chosen = legal.value.seq === Number(match[1]) ? legal.value.commands[Number(match[2])] : undefined;
    if (types && chosen && !types.has(chosen.type)) return reject('lf.nothing');
    const r = await ctx.services.app.playLegal(here.value.gameId, ctx.actor, { seq: Number(match[1]), index: Number(match[2]) }, ctx.interaction.id);
    if (!r.ok) return r;
    return ok(await ctx.services.presentResult(r.value));
  },

  async autocomplete(ctx) {
    const here = await lifeformHere(ctx);
    if (!here.ok) return [];
    const legal = await ctx.services.app.legal(here.value.gameId, ctx.actor.userId);
    if (!legal.ok) return [];
    const types = typesOf(ctx.interaction.options.getSubcommand(true));
    const naming = { seatNames: here.value.seats.map((s) => s.userName), packText: await ctx.services.catalog.packText(here.value) };
    return lfChoices(ctx.lang, legal.value, types, String(ctx.interaction.options.getFocused() ?? ''), naming);
  },
};
