import type { DecideContext, GameCommand, GameEvent, GameModule, Json, SeatInfo } from './game.ts';
import { stateHash } from './hash.ts';
import { reject, ok, type Rejection, type Result } from './result.ts';
import { createRng, seedRng, type RngState } from './rng.ts';

/** The type of the kernel's own undo command, logged like any other. */
export const UNDO = 'core.undo';

/** Everything needed to rebuild a game from nothing: with the log, it is the whole truth. */
export interface Genesis {
  readonly gameType: string;
  readonly rulesVersion: string;
  readonly options: unknown;
  readonly seats: readonly SeatInfo[];
  readonly seed: number;
  /** 128 bits mixed into the seed (`seedRng`); absent in games started before it existed. */
  readonly entropy?: readonly number[];
  /** What the previous game of a campaign handed on (`GameModule.campaign`); absent outside campaigns. */
  readonly carried?: Json;
}

/** The game's state together with its generator: what the hash covers. */
export interface Snapshot<S = unknown> {
  readonly state: S;
  readonly rng: RngState;
}

/** A command as it is stored in the log (one `GameCommand` row). */
export interface LogEntry {
  readonly seq: number;
  readonly type: string;
  readonly args: Json;
  readonly seat: number | null;
  readonly asHost: boolean;
  readonly actorUserId: string;
  readonly at: string;
  readonly nonce: string;
  readonly stateHashAfter: string;
  readonly irreversible: boolean;
}

export interface Applied<S> {
  readonly snapshot: Snapshot<S>;
  readonly hash: string;
  readonly events: readonly GameEvent[];
  readonly irreversible: boolean;
  /** The arguments as validated (defaults filled), which is what the log stores. */
  readonly args: Json;
}

export interface Actor {
  readonly seat: number | null;
  readonly asHost: boolean;
  readonly now: string;
}

export function hashSnapshot(snapshot: Snapshot): string {
  return stateHash(snapshot);
}

/** Builds seq 0: the module's setup with the seeded generator. */
export function genesisSnapshot<S>(module: GameModule<S, any, any>, genesis: Genesis, pack: unknown): Snapshot<S> {
  const rng = createRng(seedRng(genesis.seed, genesis.entropy));
  const state = genesis.carried === undefined
    ? module.setup(genesis.options, genesis.seats, rng, pack, genesis.rulesVersion)
    : module.setup(genesis.options, genesis.seats, rng, pack, genesis.rulesVersion, genesis.carried);
  return { state, rng: rng.state() };
}

/**
 * Validates and decides one game command. Pure: the same snapshot, command and context always give
 * the same result. A command that used chance, revealed something or is declared irreversible forms
 * the undo barrier.
 */
export function applyCommand<S>(
  module: GameModule<S, any, any>,
  snapshot: Snapshot<S>,
  command: GameCommand,
  actor: Actor,
  pack: unknown,
): Result<Applied<S>, Rejection> {
  const decided = decideUnhashed(module, snapshot, command, actor, pack, true);
  if (!decided.ok) return decided;
  return ok({ ...decided.value, hash: hashSnapshot(decided.value.snapshot) });
}

/**
 * A logged command played again when only its outcome is wanted (its events, the next snapshot), not its
 * hash: the arguments were validated when written, so they are trusted and nothing is hashed. Should the
 * rules throw on them, the command is decided again with its arguments validated, which refuses instead.
 */
export function applyLogged<S>(module: GameModule<S, any, any>, snapshot: Snapshot<S>, entry: LogEntry, pack: unknown): Result<Omit<Applied<S>, 'hash'>, Rejection> {
  const command = { type: entry.type, args: entry.args as Record<string, unknown> };
  const actor = { seat: entry.seat, asHost: entry.asHost, now: entry.at };
  try {
    return decideUnhashed(module, snapshot, command, actor, pack, false);
  } catch {
    return decideUnhashed(module, snapshot, command, actor, pack, true);
  }
}

/**
 * `validate: false` trusts the arguments as they are: only for logged ones, which were validated when
 * written. `replaying` passes replay's `trusted` and `owned` on to the rules (see `DecideContext`).
 */
function decideUnhashed<S>(
  module: GameModule<S, any, any>,
  snapshot: Snapshot<S>,
  command: GameCommand,
  actor: Actor,
  pack: unknown,
  validate: boolean,
  replaying?: { readonly trusted: boolean; readonly owned: boolean },
): Result<Omit<Applied<S>, 'hash'>, Rejection> {
  const status = module.status(snapshot.state);
  if (status.phase !== 'playing') return reject('core.gameOver', { phase: status.phase });
  const schema = Object.hasOwn(module.commandSchemas, command.type) ? module.commandSchemas[command.type] : undefined;
  if (!schema) return reject('core.unknownCommand', { type: command.type });
  let args = command.args;
  if (validate) {
    const parsed = schema.safeParse(command.args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reject('core.badArguments', { type: command.type, path: issue?.path.join('.') ?? '' });
    }
    args = parsed.data as Record<string, unknown>;
  }
  const rng = createRng(snapshot.rng);
  const ctx: DecideContext = replaying?.trusted || replaying?.owned
    ? { seat: actor.seat, now: actor.now, rng, asHost: actor.asHost, pack, trusted: replaying.trusted, owned: replaying.owned }
    : { seat: actor.seat, now: actor.now, rng, asHost: actor.asHost, pack };
  const decided = module.decide(snapshot.state, { type: command.type, args }, ctx);
  if (!decided.ok) return decided;
  const next: Snapshot<S> = { state: decided.value.state, rng: rng.state() };
  const irreversible =
    rng.used || decided.value.revealed === true || (module.isIrreversible?.({ type: command.type, args }) ?? false);
  return ok({ snapshot: next, events: decided.value.events, irreversible, args: args as Json });
}

/** Seqs of the commands an undo removed (they stay in the log, marked). */
export function undoneSeqs(log: readonly LogEntry[]): Set<number> {
  const undone = new Set<number>();
  for (const entry of log) {
    if (entry.type === UNDO) undone.add((entry.args as { seq: number }).seq);
  }
  return undone;
}

/**
 * Which command an undo by this actor would remove: the latest effective command after the barrier
 * (the last irreversible one). A player may only take back their own; the host may take back any.
 * Nothing at or before `floorSeq` (the latest checkpoint) is taken back either.
 */
export function planUndo(log: readonly LogEntry[], actor: { seat: number | null; isHost: boolean }, floorSeq = 0): Result<number, Rejection> {
  const undone = undoneSeqs(log);
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i] as LogEntry;
    if (entry.type === UNDO || undone.has(entry.seq)) continue;
    if (entry.seq <= floorSeq) return reject('core.undo.barrier', { seq: floorSeq });
    if (entry.irreversible) return reject('core.undo.barrier', { seq: entry.seq });
    if (actor.isHost) return ok(entry.seq);
    if (entry.asHost || entry.seat === null || entry.seat !== actor.seat) return reject('core.undo.notYours');
    return ok(entry.seq);
  }
  return reject('core.undo.nothing');
}

export type ReplayResult<S> =
  | { readonly ok: true; readonly snapshot: Snapshot<S>; readonly hash: string }
  | {
      readonly ok: false;
      readonly seq: number;
      readonly expected: string;
      readonly actual: string;
      readonly reason: 'hash' | 'rejected';
      readonly rejection?: Rejection;
    };

/**
 * How replay checks the stored hashes. `every`: each entry's `stateHashAfter`, and each entry's
 * arguments against the command's schema (an audit: reports the first divergence). `final`: only the
 * last entry's hash, hashing nothing in between and taking the logged arguments as they were validated
 * when written; on a mismatch, a refused command or a throw it replays again with `every`, so a failure
 * is reported exactly as `every` would. `none`: no check (the result still carries the final hash);
 * on a refusal or a throw it replays again validating the arguments, and reports that.
 * `true` and `false` mean `every` and `none`.
 */
export type ReplayVerify = 'every' | 'final' | 'none' | boolean;

export interface ReplayOptions {
  readonly verify?: ReplayVerify;
  /**
   * Start from this verified snapshot after `seq` (a checkpoint) instead of the genesis: entries at or
   * before `seq` are skipped, and an undo may not reach behind it.
   */
  readonly from?: StartPoint;
}

/** A snapshot after `seq` that a replay may start from (seq 0: the genesis snapshot). */
export interface StartPoint<S = unknown> {
  readonly seq: number;
  readonly snapshot: Snapshot<S>;
}

/**
 * Rebuilds a game from its genesis and log, checking the stored `stateHashAfter` values as
 * `options.verify` says (every one by default). The first divergence is reported, never silently
 * accepted. Undo entries pop the snapshot of the command they removed, which by construction is the
 * latest effective one.
 */
export function replay<S>(
  module: GameModule<S, any, any>,
  genesis: Genesis,
  log: readonly LogEntry[],
  pack: unknown,
  options: ReplayOptions = {},
): ReplayResult<S> {
  const verify = options.verify ?? 'every';
  const from = options.from;
  const rest = from ? log.filter((e) => e.seq > from.seq) : log;
  if (verify === 'every' || verify === true) return rebuild(module, genesis, rest, pack, true, true, undefined, from);
  const fast = trustedRebuild(module, genesis, rest, pack, verify === 'final', from);
  const last = rest.at(-1);
  if (verify === 'none' || verify === false) return fast?.ok ? fast : rebuild(module, genesis, rest, pack, false, true, undefined, from);
  if (fast?.ok && (last === undefined || fast.hash === last.stateHashAfter)) return fast;
  return rebuild(module, genesis, rest, pack, true, true, undefined, from);
}

/**
 * Replays a log under other content (a pack upgrade) and gives the hash after each entry, so the log can
 * be re-based on that content and still verify end to end. Arguments are validated again; a refusal names
 * the first entry the new content cannot play.
 */
export function rehashLog<S>(module: GameModule<S, any, any>, genesis: Genesis, log: readonly LogEntry[], pack: unknown): ReplayResult<S> & { readonly hashes?: readonly string[] } {
  const hashes: string[] = [];
  try {
    const r = rebuild(module, genesis, log, pack, false, true, hashes);
    return r.ok ? { ...r, hashes } : r;
  } catch {
    const at = log[hashes.length];
    return { ok: false, seq: at?.seq ?? 0, expected: at?.stateHashAfter ?? '', actual: '', reason: 'rejected', rejection: { code: 'core.pack.cannotReplay', params: { seq: at?.seq ?? 0 } } };
  }
}

/**
 * A pass that trusts the logged arguments, and (`legal`, when the final hash is checked) that the rules
 * accepted each command; `undefined` when the rules threw on them.
 */
function trustedRebuild<S>(module: GameModule<S, any, any>, genesis: Genesis, log: readonly LogEntry[], pack: unknown, legal: boolean, from?: StartPoint): ReplayResult<S> | undefined {
  try {
    return rebuild(module, genesis, log, pack, false, false, undefined, from, legal);
  } catch {
    return undefined;
  }
}

/**
 * One pass over the log; with `checkEach` every entry is hashed and checked, otherwise only the end is
 * hashed. With `validate` each entry's arguments are checked against the command's schema again.
 */
function rebuild<S>(
  module: GameModule<S, any, any>,
  genesis: Genesis,
  log: readonly LogEntry[],
  pack: unknown,
  checkEach: boolean,
  validate: boolean,
  /** When given, receives each entry's hash instead of comparing it with the logged one. */
  record?: string[],
  /** A checkpoint to start from instead of the genesis (the log holds only what follows it). */
  from?: StartPoint,
  /** Tell the rules they may skip the legality check (`DecideContext.trusted`). */
  trusted = false,
): ReplayResult<S> {
  const first = (from?.snapshot as Snapshot<S> | undefined) ?? genesisSnapshot(module, genesis, pack);
  let current = first;
  /**
   * A snapshot is given to the rules to change in place (`owned`) unless an undo will restore it (the
   * command is undone later in this log) or it is the starting one (the caller's checkpoint, or setup's
   * state, which may share data with the pack).
   */
  const undone = undoneSeqs(log);
  let currentHash = checkEach || record ? hashSnapshot(current) : '';
  /** Snapshots before each reversible command since the last barrier, newest last. */
  const stack: { seq: number; before: Snapshot<S>; beforeHash: string }[] = [];
  for (const entry of log) {
    if (entry.type === UNDO) {
      const target = (entry.args as { seq: number }).seq;
      const top = stack.pop();
      if (!top || top.seq !== target) {
        return { ok: false, seq: entry.seq, expected: entry.stateHashAfter, actual: '', reason: 'rejected', rejection: { code: 'core.undo.barrier' } };
      }
      current = top.before;
      currentHash = top.beforeHash;
    } else {
      const owned = current !== first && !undone.has(entry.seq);
      const applied = decideUnhashed(module, current, { type: entry.type, args: entry.args as Record<string, unknown> }, { seat: entry.seat, asHost: entry.asHost, now: entry.at }, pack, validate, { trusted, owned });
      if (!applied.ok) {
        return { ok: false, seq: entry.seq, expected: entry.stateHashAfter, actual: '', reason: 'rejected', rejection: applied.error };
      }
      if (applied.value.irreversible) stack.length = 0;
      else stack.push({ seq: entry.seq, before: current, beforeHash: currentHash });
      current = applied.value.snapshot;
      if (checkEach || record) currentHash = hashSnapshot(current);
    }
    record?.push(currentHash);
    if (checkEach && currentHash !== entry.stateHashAfter) {
      return { ok: false, seq: entry.seq, expected: entry.stateHashAfter, actual: currentHash, reason: 'hash' };
    }
  }
  return { ok: true, snapshot: current, hash: checkEach ? currentHash : hashSnapshot(current) };
}
