import { UNDO, type Awaiting, type CommandLabel, type GameEvent, type Json, type PrivateDelivery } from '../core/index.ts';
import type { GameWithSeats, OutboxMessage } from '../store/index.ts';
import type { AwaitingSeats, SeatSummary } from './types.ts';
import { seatLanguage } from './language.ts';

/** The seated players of a game (spectators left out), in seat order. */
export function players(game: GameWithSeats): SeatSummary[] {
  return game.seats.filter((s) => s.role === 'player').map((s) => ({ seat: s.index, userId: s.userId, userName: s.userName }));
}

/** Whoever the game waits for, with their users. */
export function awaitingSeats(awaiting: Awaiting, seats: readonly SeatSummary[]): AwaitingSeats {
  return { kind: awaiting.kind, seats: awaiting.seats.flatMap((i) => seats.filter((s) => s.seat === i)) };
}

/** The same seats for the same kind of wait in the same turn: no change of turn. */
export function sameAwaiting(a: Awaiting | null, b: Awaiting): boolean {
  return a !== null && a.kind === b.kind && a.turn === b.turn && a.seats.length === b.seats.length && a.seats.every((s, i) => s === b.seats[i]);
}

/** What was just played, as the turn message tells it in one line (a label code, the seat that acted). */
export interface PlayedLine {
  readonly seat: number | null;
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number | boolean>>;
}

/**
 * The line the table reads for a command just played: its label, unless the label is a secret of the seat
 * that acted (then only that it chose in secret); without a label, the command's generic name.
 */
export function playedLine(gameType: string, command: { readonly type: string; readonly args: unknown; readonly seat: number | null }, label: CommandLabel | undefined): PlayedLine {
  if (label?.secret) return { seat: command.seat, code: 'core.played.secret' };
  if (label) return { seat: command.seat, code: label.code, ...(label.params ? { params: label.params } : {}) };
  if (command.type === UNDO) return { seat: command.seat, code: 'core.undone', params: command.args as Record<string, number> };
  return { seat: command.seat, code: `${gameType}.command.${command.type}`, params: {} };
}

/**
 * The outbox rows of one accepted action: the table picture when a turn ends (the awaited seats or the
 * game's turn change), the game starts or ends; the public events as text when nobody's interaction will
 * show them (`announce`: a deadline's timeout action); one DM per seat addressed (its events, and the
 * private picture or choice buttons the game owes it, `privately`); and either a `turn` row
 * when the turn changed (the scheduler's input, and the one message that pings) or a `prompt` row that
 * edits the live turn message in place (its buttons drawn again for the new seq, or retired at the end).
 */
export function messagesFor(
  game: GameWithSeats,
  seq: number,
  events: readonly GameEvent[],
  before: Awaiting | null,
  after: Awaiting,
  ended: boolean,
  announce = false,
  played: PlayedLine | null = null,
  privately: PrivateDelivery | null = null,
): OutboxMessage[] {
  const seats = players(game);
  const target = { channelId: game.threadId ?? game.channelId };
  const base = { gameId: game.id, gameType: game.gameType, seq, locale: game.locale };
  const publicEvents = events.filter((e) => e.to === 'public');
  const picture = before === null || ended || !sameAwaiting(before, after);
  const messages: OutboxMessage[] = [];
  if (picture || (announce && publicEvents.length > 0)) {
    messages.push({ kind: 'post', target, payload: { ...base, events: publicEvents as unknown as Json, image: picture, announce } });
  }
  const bySeat = new Map<number, GameEvent[]>();
  for (const event of events) {
    if (event.to === 'public') continue;
    bySeat.set(event.to, [...(bySeat.get(event.to) ?? []), event]);
  }
  // A seat's private picture and choice buttons travel in its one DM of this action (GameModule.privately).
  const pictures = new Set(ended ? [] : (privately?.pictures ?? []));
  const choices = new Set(ended ? [] : (privately?.choices ?? []));
  for (const seat of [...pictures, ...choices]) if (!bySeat.has(seat)) bySeat.set(seat, []);
  for (const [seat, seatEvents] of bySeat) {
    const user = seats.find((s) => s.seat === seat);
    const extra = { ...(pictures.has(seat) ? { image: true } : {}), ...(choices.has(seat) ? { choices: true } : {}) };
    if (user) messages.push({ kind: 'dm', target: { userId: user.userId, seat }, payload: { ...base, locale: seatLanguage(game, seat), events: seatEvents as unknown as Json, ...extra } });
  }
  const turnPassed = !ended && !sameAwaiting(before, after) && after.seats.length > 0;
  if (!turnPassed && before !== null) {
    // The live turn message is edited in place: new buttons for the same turn, or none once the game ended.
    messages.push({ kind: 'prompt', target, payload: { ...base, ended, ...(played ? { played: played as unknown as Json } : {}) } });
  }
  if (turnPassed) {
    const awaited = awaitingSeats(after, seats);
    const previous = before ? awaitingSeats(before, seats).seats.map((x) => x.userId) : [];
    messages.push({ kind: 'turn', target, payload: { ...base, kind: awaited.kind, seats: awaited.seats as unknown as Json, previous, ...(played ? { played: played as unknown as Json } : {}) } });
  }
  return messages;
}
