import type { GameModule } from './game.ts';
import { genesisSnapshot, hashSnapshot, replay, type Genesis, type LogEntry, type Snapshot } from './kernel.ts';
import type { Rejection } from './result.ts';

/**
 * A cadence checkpoint is taken at the first irreversible command once this many commands passed since the
 * last checkpoint (an irreversible command is already an undo barrier, so nothing changes for players)...
 */
export const CHECKPOINT_EVERY = 100;

/**
 * ...and at the latest after this many, irreversible or not (that checkpoint becomes the undo barrier). So
 * loading a game never replays more than this many commands.
 */
export const CHECKPOINT_AT_MOST = 200;

/** A verified snapshot after `seq`; the commands after it are played under `rulesVersion`. */
export interface Checkpoint<S = unknown> {
  readonly seq: number;
  readonly rulesVersion: string;
  readonly snapshot: Snapshot<S>;
  readonly hash: string;
}

/** Whether the command appended at `seq` (after a checkpoint at `lastCheckpointSeq`) takes a cadence checkpoint. */
export function checkpointDue(lastCheckpointSeq: number, seq: number, irreversible: boolean): boolean {
  const since = seq - lastCheckpointSeq;
  return since >= CHECKPOINT_AT_MOST || (irreversible && since >= CHECKPOINT_EVERY);
}

/** Whether this module can still replay commands played under `rulesVersion`. */
export function replaysRules(module: GameModule<any, any, any>, rulesVersion: string): boolean {
  return module.rulesVersion === rulesVersion || (module.olderRulesVersions ?? []).includes(rulesVersion);
}

/**
 * Whether a checkpoint is the state its log says: its snapshot hashes to its stored hash, which is the
 * logged `stateHashAfter` of the command at its seq (at seq 0 there is none to compare with).
 */
export function checkpointHolds(checkpoint: Checkpoint, log: readonly LogEntry[]): boolean {
  if (hashSnapshot(checkpoint.snapshot) !== checkpoint.hash) return false;
  if (checkpoint.seq === 0) return true;
  const entry = log.find((e) => e.seq === checkpoint.seq);
  return entry !== undefined && entry.stateHashAfter === checkpoint.hash;
}

/** One stretch of the log played under one rules version, and how it was checked. */
export interface SegmentCheck {
  /** The seq the segment starts after (0: the genesis). */
  readonly from: number;
  /** Its last command's seq (equal to `from` when it holds none). */
  readonly to: number;
  readonly rulesVersion: string;
  /**
   * `replayed`: every command replayed here to its logged hash. `anchored`: this bot no longer has these
   * rules, so the segment is taken as logged; its end checkpoint hashes to its last logged hash.
   */
  readonly checked: 'replayed' | 'anchored';
}

export type SegmentsReport<S = unknown> =
  | { readonly ok: true; readonly segments: readonly SegmentCheck[]; readonly snapshot: Snapshot<S>; readonly hash: string }
  | {
      readonly ok: false;
      readonly seq: number;
      readonly expected: string;
      readonly actual: string;
      /** `checkpoint`: a rules checkpoint that is not the state its log reached; `rules`: the last segment's rules are not this bot's. */
      readonly reason: 'hash' | 'rejected' | 'checkpoint' | 'rules';
      readonly rejection?: Rejection;
      readonly segments: readonly SegmentCheck[];
    };

/**
 * Verifies a log segment by segment: the genesis starts the first segment (under the genesis's rules
 * version), each rules checkpoint starts the next. A segment whose rules this module still plays is
 * replayed checking every hash, and its end must be the next checkpoint's state; one whose rules are gone
 * is anchored: its end checkpoint must hash to the last logged hash before it. The last segment is always
 * replayed (the game continues from it). `checkpoints` are the rules checkpoints, in any order.
 */
export function verifySegments<S>(
  module: GameModule<S, any, any>,
  genesis: Genesis,
  log: readonly LogEntry[],
  checkpoints: readonly Checkpoint[],
  pack: unknown,
): SegmentsReport<S> {
  const bounds = [...checkpoints].sort((a, b) => a.seq - b.seq);
  const segments: SegmentCheck[] = [];
  const lastSeq = log.at(-1)?.seq ?? 0;
  let start: { seq: number; snapshot: Snapshot<S> | null; rulesVersion: string } = { seq: 0, snapshot: null, rulesVersion: genesis.rulesVersion };
  for (let i = 0; i <= bounds.length; i++) {
    const next = bounds[i];
    const to = next ? next.seq : lastSeq;
    if (next && (next.seq < start.seq || next.seq > lastSeq)) {
      return { ok: false, seq: next.seq, expected: '', actual: '', reason: 'checkpoint', segments };
    }
    if (next && !checkpointHolds(next, log)) {
      return { ok: false, seq: next.seq, expected: next.hash, actual: hashSnapshot(next.snapshot), reason: 'checkpoint', segments };
    }
    const isLast = next === undefined;
    if (replaysRules(module, start.rulesVersion)) {
      const part = log.filter((e) => e.seq <= to);
      const from = start.snapshot ? { seq: start.seq, snapshot: start.snapshot } : undefined;
      const r = replay(module, genesis, part, pack, { verify: 'every', ...(from ? { from } : {}) });
      if (!r.ok) return { ...r, segments };
      if (next && r.hash !== next.hash) return { ok: false, seq: next.seq, expected: next.hash, actual: r.hash, reason: 'checkpoint', segments };
      segments.push({ from: start.seq, to, rulesVersion: start.rulesVersion, checked: 'replayed' });
      if (isLast) return { ok: true, segments, snapshot: r.snapshot, hash: r.hash };
    } else {
      if (isLast) return { ok: false, seq: start.seq, expected: module.rulesVersion, actual: start.rulesVersion, reason: 'rules', segments };
      segments.push({ from: start.seq, to, rulesVersion: start.rulesVersion, checked: 'anchored' });
    }
    start = { seq: next.seq, snapshot: next.snapshot as Snapshot<S>, rulesVersion: next.rulesVersion };
  }
  /* c8 ignore next: the loop always returns at its last segment */
  return { ok: true, segments, snapshot: start.snapshot ?? genesisSnapshot(module, genesis, pack), hash: '' };
}
