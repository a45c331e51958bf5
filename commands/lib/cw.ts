import type { GameStatusView, LegalView } from '../../src/app/index.ts';
import { ok, reject, type CommandLabel, type GameCommand, type Rejection, type Result } from '../../src/core/index.ts';
import type { AutocompleteContext, CommandContext } from '../../src/discord/command.ts';
import { t } from '../../src/i18n/index.ts';
import { lineText, type Naming } from '../../src/discord/present.ts';
import type { Choice } from './choices.ts';

/** The Coma Ward game of this thread, with the caller's seat when they have one. */
export interface CwHere {
  readonly game: GameStatusView;
  readonly seat: number | null;
}

export async function comaWardHere(ctx: CommandContext | AutocompleteContext): Promise<Result<CwHere, Rejection>> {
  const here = await ctx.services.gameHere(ctx.place);
  if (!here.ok) return here;
  if (here.value.gameType !== 'comaward') return reject('cw.notComaWard');
  const seat = here.value.seats.find((s) => s.userId === ctx.actor.userId)?.seat ?? null;
  return ok({ game: here.value, seat });
}

/** Seats by player name and pack keys by their text, for the reader. */
export async function namingOf(ctx: CommandContext | AutocompleteContext, game: GameStatusView): Promise<Naming> {
  return { seatNames: game.seats.map((s) => s.userName), packText: await ctx.services.catalog.packText(game) };
}

/** One legal command with its label in the reader's language. */
export interface LabelledCommand {
  readonly command: GameCommand;
  readonly label: CommandLabel | undefined;
  readonly name: string;
}

/** The caller's legal commands (empty when they have none), labelled, in the game's rank order. */
export async function labelledLegal(ctx: CommandContext | AutocompleteContext, here: CwHere): Promise<LabelledCommand[]> {
  const legal: Result<LegalView, Rejection> = await ctx.services.app.legal(here.game.gameId, ctx.actor.userId);
  if (!legal.ok) return [];
  const naming = await namingOf(ctx, here.game);
  return legal.value.commands
    .map((command, i) => {
      const label = legal.value.labels?.[i];
      return { command, label, name: label ? lineText(ctx.lang, label, naming) : command.type, i };
    })
    .sort((a, b) => (a.label?.rank ?? 0) - (b.label?.rank ?? 0) || a.i - b.i)
    .map(({ command, label, name }) => ({ command, label, name }));
}

/** Which option of which subcommand an autocomplete feeds, and how its value is read back. */
export type Slot = 'move.to' | 'attack.target' | 'steal.target' | 'medicine.target' | 'medicine.item' | 'trade.with' | 'trade.give' | 'trade.take' | 'use.item' | 'drop.item' | 'entity.player';

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The value `/cw move` takes for the elevator instead of a space. */
export const ELEVATOR = 'elevator';

/**
 * Choices for one autocompleted option, from the caller's legal commands only (so attack targets are the
 * players in their room, moves the spaces they can reach with their cost), named as the game labels them.
 * Items and trade partners are named by their own text rather than a whole action's label.
 */
export function choicesFor(slot: Slot, legal: readonly LabelledCommand[], ctx: CommandContext | AutocompleteContext, naming: Naming, chosen: { with?: string | null }): Choice[] {
  const of = (type: string) => legal.filter((c) => c.command.type === type);
  const item = (uid: string): string => {
    const key = `item.${uid.split('~')[0] ?? uid}.name`;
    return naming.packText?.(key, ctx.lang) ?? uid;
  };
  const seatName = (seat: number): string => naming.seatNames[seat] ?? `#${seat + 1}`;
  const args = (c: LabelledCommand) => c.command.args as Record<string, unknown>;
  switch (slot) {
    case 'move.to':
      return [
        ...of('move').map((c) => ({ name: c.name, value: str(args(c)['to']) })),
        ...of('elevator').map((c) => ({ name: c.name, value: ELEVATOR })),
      ];
    case 'attack.target':
    case 'steal.target':
    case 'medicine.target':
      return of(slot.split('.')[0] as string).map((c) => ({ name: c.name, value: str(args(c)['target']) }));
    case 'medicine.item':
      return of('medicine').map((c) => ({ name: item(str(args(c)['item'])), value: str(args(c)['item']) }));
    case 'entity.player':
      return of('entity').map((c) => ({ name: seatName(Number(args(c)['target'])), value: str(args(c)['target']) }));
    case 'use.item':
    case 'drop.item':
      return of(slot.split('.')[0] as string).map((c) => ({ name: item(str(args(c)['item'])), value: str(args(c)['item']) }));
    case 'trade.with':
      return of('trade').map((c) => ({ name: seatName(Number(args(c)['with'])), value: str(args(c)['with']) }));
    case 'trade.give':
      return of('trade').flatMap((c) => ((args(c)['give'] as string[] | undefined) ?? []).map((u) => ({ name: item(u), value: u })));
    case 'trade.take':
      return of('trade')
        .filter((c) => !chosen.with || str(args(c)['with']) === chosen.with)
        .flatMap((c) => ((args(c)['take'] as string[] | undefined) ?? []).map((u) => ({ name: t(ctx.lang, 'cw.itemOf', { item: item(u), player: seatName(Number(args(c)['with'])) }), value: u })));
  }
}

/**
 * What a typed option stands for: a choice's value as sent by autocomplete, or a name typed by hand
 * (matched without case, and without the cost in brackets a move label carries).
 */
export function resolveTyped(typed: string, choices: readonly Choice[]): string | null {
  if (choices.some((c) => c.value === typed)) return typed;
  const bare = (s: string) => s.replace(/\s*\((?:[^()]|\([^()]*\))*\)\s*$/, '').trim().toLowerCase();
  const whole = typed.trim().toLowerCase();
  const wanted = [whole, bare(typed)].filter((w) => w.length > 0);
  const hit = choices.find((c) => c.name.toLowerCase() === whole || wanted.some((w) => bare(c.name) === w || bare(c.name).endsWith(` ${w}`)));
  return hit?.value ?? null;
}
