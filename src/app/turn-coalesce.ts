import { newlyAwaited } from '../scheduler/index.ts';
import type { PendingTurnRow, TurnSupersession } from '../store/index.ts';

/** The fields of a `turn` row's payload that coalescing reads (outbox-messages.ts writes them). */
export interface TurnRowPayload {
  readonly kind?: string;
  readonly seats?: readonly { readonly seat: number; readonly userId: string }[];
  /** Users awaited before this turn change: not pinged again. */
  readonly previous?: readonly string[];
  /** Seats whose wait began again in turn changes merged into this row (see {@link coalesceTurns}). */
  readonly restarted?: readonly number[];
}

/** A pending `turn` row of the outbox, oldest first within its game. */
export interface PendingTurn {
  readonly id: string;
  readonly gameId: string;
  /** Delivery attempts so far: a row tried before may have been posted, so it is never dropped. */
  readonly attempts: number;
  readonly payload: TurnRowPayload;
}

/** What to do with a backlog of turn rows: rows to drop, and what the surviving rows learn from them. */
export interface TurnCoalescing {
  readonly drop: readonly string[];
  readonly merged: readonly { readonly id: string; readonly previous: readonly string[]; readonly restarted: readonly number[] }[];
}

const awaitingOf = (p: TurnRowPayload) => ({ kind: p.kind ?? 'turn', seats: (p.seats ?? []).map((s) => s.seat) });

/**
 * Under a backlog only a game's newest turn message is worth posting (Discord allows a bot about 50
 * requests a second; each turn message costs two or three). The untried turn rows right before a game's
 * newest pending one are dropped, and the survivor takes over what they would have done:
 * - its `previous` becomes the users awaited before every one of them, so whoever became awaited in
 *   between and still is gets pinged by it, and nobody who was awaited throughout;
 * - its `restarted` lists the seats whose wait began again in between and that are still awaited, so the
 *   scheduler restarts their clocks (reminder count, mute) as the dropped rows would have.
 * Only turn rows are ever dropped: DMs, narration and text posts are not.
 */
export function coalesceTurns(rows: readonly PendingTurn[]): TurnCoalescing {
  const byGame = new Map<string, PendingTurn[]>();
  for (const row of [...rows].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))) byGame.set(row.gameId, [...(byGame.get(row.gameId) ?? []), row]);
  const drop: string[] = [];
  const merged: TurnCoalescing['merged'][number][] = [];
  for (const list of byGame.values()) {
    const survivor = list.at(-1);
    if (!survivor || list.length < 2) continue;
    let first = list.length - 1;
    while (first > 0 && list[first - 1]!.attempts === 0) first--;
    const run = list.slice(first, -1);
    if (run.length === 0) continue;
    const chain = [...(first > 0 ? [list[first - 1]!] : []), ...run, survivor];
    const now = new Set(awaitingOf(survivor.payload).seats);
    const restarted = new Set<number>([...run, survivor].flatMap((r) => r.payload.restarted ?? []));
    for (let i = 1; i < chain.length; i++) for (const seat of newlyAwaited(awaitingOf(chain[i - 1]!.payload), awaitingOf(chain[i]!.payload))) restarted.add(seat);
    const previous = [...run, survivor].map((r) => new Set(r.payload.previous ?? [])).reduce((a, b) => new Set([...a].filter((u) => b.has(u))));
    drop.push(...run.map((r) => r.id));
    merged.push({ id: survivor.id, previous: [...previous], restarted: [...restarted].filter((s) => now.has(s)).sort((a, b) => a - b) });
  }
  return { drop, merged };
}

/** {@link coalesceTurns} over the rows as the store hands them (`supersedeTurns`'s planner). */
export function planTurns(rows: readonly PendingTurnRow[]): TurnSupersession {
  const plan = coalesceTurns(rows.map((r) => ({ ...r, payload: (r.payload ?? {}) as TurnRowPayload })));
  return { drop: plan.drop, merged: plan.merged.map((m) => ({ id: m.id, previous: [...m.previous], restarted: [...m.restarted] })) };
}
