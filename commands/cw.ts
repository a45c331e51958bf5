import { SlashCommandBuilder, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { ok, reject, type GameCommand, type Rejection, type Result } from '../src/core/index.ts';
import type { CommandContext, CommandModule } from '../src/discord/command.ts';
import { described, t } from '../src/i18n/index.ts';
import { filterChoices } from './lib/choices.ts';
import { choicesFor, comaWardHere, ELEVATOR, labelledLegal, namingOf, resolveTyped, type CwHere, type Slot } from './lib/cw.ts';

type Sub = SlashCommandSubcommandBuilder;

const pick = (s: Sub, name: string, code: string, required = true): Sub =>
  s.addStringOption((o) => described(o.setName(name), `cw.options.${code}`).setRequired(required).setAutocomplete(true).setMaxLength(100));

const sub = (name: string, build: (s: Sub) => Sub = (s) => s) => (s: Sub): Sub => build(described(s.setName(name), `cw.${name}`));

const data = described(new SlashCommandBuilder().setName('cw'), 'cw.description')
  .addSubcommand(sub('move', (s) => pick(s, 'to', 'to')))
  .addSubcommand(sub('reveal'))
  .addSubcommand(sub('rummage'))
  .addSubcommand(sub('attack', (s) => pick(s, 'target', 'target')))
  .addSubcommand(sub('steal', (s) => pick(s, 'target', 'target')))
  .addSubcommand(sub('medicine', (s) => pick(pick(s, 'target', 'target'), 'item', 'item')))
  .addSubcommand(sub('trade', (s) => pick(pick(pick(s, 'with', 'with'), 'give', 'give', false), 'take', 'take', false)))
  .addSubcommand(sub('use', (s) => pick(s, 'item', 'item')))
  .addSubcommand(sub('drop', (s) => pick(s, 'item', 'item')))
  .addSubcommand(sub('pickup'))
  .addSubcommand(sub('neurosis'))
  .addSubcommand(sub('endturn'))
  .addSubcommand(sub('narrate', (s) => s.addStringOption((o) => described(o.setName('line'), 'cw.options.line').setMaxLength(200))))
  .addSubcommand(sub('declare'))
  .addSubcommand(sub('entity', (s) => pick(s, 'player', 'player')));

/** The subcommands that are one game command without options. */
const PLAIN: Readonly<Record<string, string>> = { reveal: 'reveal', rummage: 'rummage', pickup: 'pickup', neurosis: 'neurosis', endturn: 'endturn', declare: 'declare' };

/**
 * A typed option as the game reads it: the value autocomplete offered, a name typed by hand, or (for
 * players) any seated player's name, so that the rules answer why that player cannot be the target.
 */
async function optionValue(ctx: CommandContext, here: CwHere, slot: Slot, option: string, what: string, chosen: { with?: string | null } = {}): Promise<Result<string, Rejection>> {
  const typed = ctx.interaction.options.getString(option, true);
  const naming = await namingOf(ctx, here.game);
  const found = resolveTyped(typed, choicesFor(slot, await labelledLegal(ctx, here), ctx, naming, chosen));
  if (found !== null) return ok(found);
  if (what === 'target' || what === 'player') {
    const seat = naming.seatNames.findIndex((n) => n.toLowerCase() === typed.trim().replace(/^@/, '').toLowerCase());
    if (seat >= 0) return ok(String(seat));
    if (/^\d$/.test(typed)) return ok(typed);
  }
  if (what === 'space' || what === 'item') return ok(typed);
  return reject('cw.pickFromList', { what: t(ctx.lang, `cw.what.${what}`) });
}

/** The game command a `/cw` subcommand stands for. */
async function toCommand(ctx: CommandContext, here: CwHere): Promise<Result<GameCommand, Rejection>> {
  const o = ctx.interaction.options;
  const name = o.getSubcommand(true);
  const plain = PLAIN[name];
  if (plain) return ok({ type: plain, args: {} });
  const command = (type: string, args: Record<string, unknown> = {}): Result<GameCommand, Rejection> => ok({ type, args });
  switch (name) {
    case 'move': {
      const to = await optionValue(ctx, here, 'move.to', 'to', 'space');
      if (!to.ok) return to;
      return to.value === ELEVATOR ? command('elevator') : command('move', { to: to.value });
    }
    case 'attack':
    case 'steal': {
      const target = await optionValue(ctx, here, `${name}.target`, 'target', 'target');
      return target.ok ? command(name, { target: target.value }) : target;
    }
    case 'medicine': {
      const target = await optionValue(ctx, here, 'medicine.target', 'target', 'target');
      if (!target.ok) return target;
      const item = await optionValue(ctx, here, 'medicine.item', 'item', 'item');
      return item.ok ? command('medicine', { target: target.value, item: item.value }) : item;
    }
    case 'use':
    case 'drop': {
      const item = await optionValue(ctx, here, `${name}.item`, 'item', 'item');
      return item.ok ? command(name, { item: item.value }) : item;
    }
    case 'trade': {
      const partner = await optionValue(ctx, here, 'trade.with', 'with', 'player');
      if (!partner.ok) return partner;
      const give = o.getString('give') === null ? null : await optionValue(ctx, here, 'trade.give', 'give', 'item');
      const take = o.getString('take') === null ? null : await optionValue(ctx, here, 'trade.take', 'take', 'item', { with: partner.value });
      if (give && !give.ok) return give;
      if (take && !take.ok) return take;
      return command('trade', { with: Number(partner.value), give: give ? [give.value] : [], take: take ? [take.value] : [] });
    }
    case 'narrate': {
      const line = o.getString('line');
      return command('narrate', line ? { line } : {});
    }
    case 'entity': {
      const target = await optionValue(ctx, here, 'entity.player', 'player', 'player');
      return target.ok ? command('entity', { target: Number(target.value) }) : target;
    }
  }
  return reject('comaward.command.unknown', { type: name });
}

/**
 * `/cw <action>`: one subcommand per Coma Ward action (issue 16 "Commands and prompts"). Spaces, targets
 * and items autocomplete from the caller's legal commands, named in their language; answers the game waits
 * for (defence, narration, hallucination choices, trade offers) are the turn message's buttons. Whatever
 * the rules refuse is answered with the rule that forbids it.
 */
export const command: CommandModule = {
  data,

  async execute(ctx) {
    const here = await comaWardHere(ctx);
    if (!here.ok) return here;
    if (here.value.seat === null) return reject('cw.noSeat');
    const cmd = await toCommand(ctx, here.value);
    if (!cmd.ok) return cmd;
    const r = await ctx.services.app.play(here.value.game.gameId, ctx.actor, cmd.value, ctx.interaction.id);
    if (!r.ok) return r;
    return ok(await ctx.services.presentResult(r.value));
  },

  async autocomplete(ctx) {
    const here = await comaWardHere(ctx);
    if (!here.ok || here.value.seat === null) return [];
    const o = ctx.interaction.options;
    const slot = `${o.getSubcommand(true)}.${o.getFocused(true).name}` as Slot;
    const legal = await labelledLegal(ctx, here.value);
    const choices = choicesFor(slot, legal, ctx, await namingOf(ctx, here.value.game), { with: o.getString('with') });
    return filterChoices(choices, String(o.getFocused() ?? ''));
  },
};
