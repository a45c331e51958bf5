import type { GameEvent, GameModule } from './game.ts';
import { applyCommand, applyLogged, genesisSnapshot, hashSnapshot, undoneSeqs, UNDO, type Genesis, type LogEntry, type Snapshot, type StartPoint } from './kernel.ts';

/** What one logged command showed everyone: its public events, in order. */
export interface PublicStep {
  readonly seq: number;
  readonly seat: number | null;
  readonly at: string;
  readonly events: readonly GameEvent[];
}

/** One log entry as the table saw it: who, when, whether it was later undone, and its public events. */
export interface PublicEntry {
  readonly seq: number;
  readonly seat: number | null;
  readonly asHost: boolean;
  readonly actorUserId: string;
  readonly at: string;
  /** An undo entry itself (its event says which command it took back). */
  readonly isUndo: boolean;
  /** A command a later undo took back. */
  readonly undone: boolean;
  readonly events: readonly GameEvent[];
}

export interface PublicReplay<S> {
  /** The state the game started in (before the first entry). */
  readonly initial: Snapshot<S>;
  readonly entries: readonly PublicEntry[];
  /** The state after the last entry replayed. */
  readonly snapshot: Snapshot<S>;
  /** The first entry that could not be replayed (refused, or, when verifying, a stored hash that differs). */
  readonly divergedAt: number | null;
}

/**
 * Replays a log from its genesis keeping only what everyone saw: each entry's public events (an undo
 * shows `core.undone`). Pure. With `verify`, every stored state hash is checked on the way; the replay
 * stops at the first entry that diverges either way, and says which. With `from` (a checkpoint), entries at
 * or before it are listed without events (the rules that played them may be gone) and replay starts there;
 * `initial` is then the checkpoint's snapshot.
 */
export function replayPublic<S>(module: GameModule<S, any, any>, genesis: Genesis, log: readonly LogEntry[], pack: unknown, verify: boolean, from?: StartPoint): PublicReplay<S> {
  const undone = undoneSeqs(log);
  const types = new Map(log.map((e) => [e.seq, e.type] as const));
  const initial: Snapshot<S> = (from?.snapshot as Snapshot<S> | undefined) ?? genesisSnapshot(module, genesis, pack);
  let current = initial;
  let hash = verify ? hashSnapshot(current) : '';
  const stack: { seq: number; before: Snapshot<S>; hash: string }[] = [];
  const entries: PublicEntry[] = [];
  const stop = (seq: number): PublicReplay<S> => ({ initial, entries, snapshot: current, divergedAt: seq });
  for (const e of log) {
    if (from && e.seq <= from.seq) {
      entries.push({ seq: e.seq, seat: e.seat, asHost: e.asHost, actorUserId: e.actorUserId, at: e.at, isUndo: e.type === UNDO, undone: undone.has(e.seq), events: [] });
      continue;
    }
    let events: readonly GameEvent[];
    if (e.type === UNDO) {
      const target = (e.args as { seq: number }).seq;
      const top = stack.pop();
      if (!top || top.seq !== target) return stop(e.seq);
      current = top.before;
      hash = top.hash;
      events = [{ to: 'public', code: 'core.undone', params: { seq: target, type: types.get(target) ?? '' } }];
    } else {
      // Without `verify` nothing is hashed and the logged arguments are trusted (they were validated when written).
      const applied = verify ? applyCommand(module, current, { type: e.type, args: e.args as Record<string, unknown> }, { seat: e.seat, asHost: e.asHost, now: e.at }, pack) : applyLogged(module, current, e, pack);
      if (!applied.ok) return stop(e.seq);
      if (applied.value.irreversible) stack.length = 0;
      else stack.push({ seq: e.seq, before: current, hash });
      current = applied.value.snapshot;
      hash = 'hash' in applied.value ? (applied.value as { hash: string }).hash : '';
      events = applied.value.events;
    }
    if (verify && hash !== e.stateHashAfter) return stop(e.seq);
    entries.push({ seq: e.seq, seat: e.seat, asHost: e.asHost, actorUserId: e.actorUserId, at: e.at, isUndo: e.type === UNDO, undone: undone.has(e.seq), events: events.filter((x) => x.to === 'public') });
  }
  return { initial, entries, snapshot: current, divergedAt: null };
}

/**
 * The public events of every effective command after `afterSeq`, rebuilt from the log (undone commands
 * and undo entries left out). Pure; only events addressed to everyone are kept, so a recap built from
 * it holds no seat's secret. Stops at the first entry the rules refuse (a diverged log).
 */
export function publicStepsSince<S>(module: GameModule<S, any, any>, genesis: Genesis, log: readonly LogEntry[], pack: unknown, afterSeq: number, from?: StartPoint): PublicStep[] {
  return replayPublic(module, genesis, log, pack, false, from)
    .entries.filter((e) => e.seq > afterSeq && !e.isUndo && !e.undone && e.events.length > 0)
    .map((e) => ({ seq: e.seq, seat: e.seat, at: e.at, events: e.events }));
}
