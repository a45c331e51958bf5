import {
  applyCommand,
  checkpointDue,
  replaysRules,
  ok,
  reject,
  replay,
  UNDO,
  type GameEvent,
  type Json,
  type LogEntry,
  type Rejection,
  type Result,
  type Snapshot,
} from '../core/index.ts';
import {
  appendCommand,
  confirmCommand,
  databaseFault,
  findCommandByNonce,
  getGame,
  loadLog,
  rememberSeatLanguage,
  type GameRowStatus,
  type GameWithSeats,
} from '../store/index.ts';
import type { Loaded, Loader } from './game-load.ts';
import { hasLanguage, languageTag } from './language.ts';
import { awaitingSeats, messagesFor, playedLine, players } from './outbox-messages.ts';
import { pinOf } from './packs.ts';
import type { AppActor, AppDeps, AppResult, CommandResult } from './types.ts';

/** What a command decided: the entry `commit` appends, with the snapshot and events it leads to. */
export interface Decision {
  readonly type: string;
  readonly args: Json;
  readonly seat: number | null;
  readonly asHost: boolean;
  readonly snapshot: Snapshot;
  readonly hash: string;
  readonly events: readonly GameEvent[];
  readonly irreversible: boolean;
  readonly undoneSeq?: number;
}

/** The answer to a command that reached (or had reached) the log at `seq`. */
export function resultOf(loaded: Loaded, seq: number, snapshot: Snapshot, events: readonly GameEvent[], status: GameRowStatus, duplicate = false): CommandResult {
  const awaiting = awaitingSeats(loaded.module.awaiting(snapshot.state), players(loaded.game));
  return {
    gameId: loaded.game.id,
    ...pinOf(loaded.game),
    locale: loaded.game.locale,
    seq,
    events: events.filter((e) => e.to === 'public'),
    seats: players(loaded.game),
    awaiting,
    prompts: loaded.module.prompts(snapshot.state),
    status,
    phase: loaded.module.status(snapshot.state),
    ...(duplicate ? { duplicate } : {}),
  };
}

/** The commit path: decide → append (with its outbox rows), and the idempotency lookups around it. */
export function createCommit(deps: AppDeps, loader: Loader) {
  const { clock, logger } = deps;
  const { prisma, cache, load } = loader;

  /** A repeated nonce: rebuild what that command produced, without applying anything. */
  async function earlierResult(game: GameWithSeats, entry: LogEntry, actor: AppActor): AppResult<CommandResult> {
    if (entry.actorUserId !== actor.userId) return reject('core.duplicate');
    const loaded = await load(game);
    if (!loaded.ok) return loaded;
    const log = await loadLog(prisma, game.id);
    const from = await loader.startPoint(game.id, entry.seq - 1);
    const before = replay(loaded.value.module, loaded.value.genesis, log.filter((e) => e.seq < entry.seq), loaded.value.pack?.data, { verify: false, ...(from ? { from } : {}) });
    let events: readonly GameEvent[] = [];
    if (!before.ok) {
      // Played under rules this bot no longer has: the command stands, its events cannot be told again.
      if (from === undefined && !replaysRules(loaded.value.module, loaded.value.genesis.rulesVersion)) return ok(resultOf(loaded.value, entry.seq, loaded.value.snapshot, [], game.status, true));
      return reject('core.game.corrupt', { seq: before.seq });
    }
    if (entry.type === UNDO) {
      const target = (entry.args as { seq: number }).seq;
      events = [{ to: 'public', code: 'core.undone', params: { seq: target, type: log.find((e) => e.seq === target)?.type ?? '' } }];
    } else {
      const applied = applyCommand(loaded.value.module, before.snapshot, { type: entry.type, args: entry.args as Record<string, unknown> }, { seat: entry.seat, asHost: entry.asHost, now: entry.at }, loaded.value.pack?.data);
      if (applied.ok) events = applied.value.events;
    }
    return ok(resultOf(loaded.value, entry.seq, loaded.value.snapshot, events, game.status, true));
  }

  /** A command with this nonce already in the log: its earlier result (the interaction was delivered twice). */
  async function earlierByNonce(game: GameWithSeats, nonce: string, actor: AppActor): Promise<AppResult<CommandResult> | null> {
    const earlier = await findCommandByNonce(prisma, game.id, nonce);
    return earlier ? earlierResult(game, earlier, actor) : null;
  }

  /**
   * The game's seats once the acting player's language is known: recorded the first time their client
   * says it (players seated by the host at `/game new` had none), so their DMs and reminders use it.
   */
  async function withLanguage(game: GameWithSeats, actor: AppActor): Promise<GameWithSeats['seats']> {
    const language = languageTag(actor.locale);
    const seat = game.seats.find((s) => s.userId === actor.userId && s.role === 'player');
    if (!language || !seat || hasLanguage(seat.prefs)) return game.seats;
    if (!(await rememberSeatLanguage(prisma, game.id, actor.userId, language))) return game.seats;
    return game.seats.map((s) => (s === seat ? { ...s, prefs: { ...(s.prefs as Record<string, unknown>), language } } : s));
  }

  /**
   * `commitOnce`, and after any error the truth before the answer: the command's idempotency key (the
   * interaction id) is looked up once writes in flight on the game are over. Found: the command was
   * applied (its reply was lost), so its result is returned. Not found: `core.commit.notDone` when the
   * database failed, the error itself otherwise (nothing was changed). Lookup failed too:
   * `core.commit.unconfirmed` once the write may have left (the table will show whether it happened),
   * `core.unavailable` when it never did (no connection: this attempt changed nothing).
   */
  async function commit(gameId: string, actor: AppActor, nonce: string, ...rest: CommitTail): AppResult<CommandResult> {
    const progress = { writing: false };
    try {
      return await commitOnce(progress, gameId, actor, nonce, ...rest);
    } catch (error) {
      cache.delete(gameId);
      const fault = databaseFault(error);
      logger?.warn({ gameId, fault, err: error }, 'app.commitFailed');
      const sent = progress.writing && fault !== 'refused';
      let entry: LogEntry | null;
      let game: GameWithSeats | null;
      try {
        entry = await confirmCommand(prisma, gameId, nonce);
        game = entry ? await getGame(prisma, gameId) : null;
      } catch (lookupError) {
        logger?.warn({ gameId, fault: databaseFault(lookupError), sent }, 'app.commitUnconfirmed');
        return reject(sent ? 'core.commit.unconfirmed' : 'core.unavailable');
      }
      if (entry && game) {
        logger?.info({ gameId, seq: entry.seq }, 'app.commitConfirmed');
        return earlierResult(game, entry, actor);
      }
      if (fault !== 'other') return reject('core.commit.notDone');
      throw error;
    }
  }

  type CommitTail = Parameters<typeof commitOnce> extends [{ writing: boolean }, string, AppActor, string, ...infer T] ? T : never;

  /**
   * Decide → append. The first attempt may decide on the cached game (no read at all); the append's
   * guard on seq and version catches a stale entry, and every refusal made on a cached entry is checked
   * again on a fresh read, so the cache never changes an answer. A conflict on fresh data is decided once
   * more; a second one is `core.movedOn`. A nonce seen before returns the earlier result.
   */
  async function commitOnce(
    progress: { writing: boolean },
    gameId: string,
    actor: AppActor,
    nonce: string,
    decide: (loaded: Loaded, now: string) => Promise<Result<Decision, Rejection>>,
    expectedSeq?: number,
    announce = false,
    /** What a choice made at an older `expectedSeq` is told (a button or autocomplete value from earlier). */
    staleCode = 'core.movedOn',
  ): AppResult<CommandResult> {
    let cached = cache.get(gameId);
    for (let fresh = 0; fresh < 2; ) {
      let loaded: Loaded;
      if (cached) loaded = cached;
      else {
        fresh++;
        const game = await getGame(prisma, gameId);
        if (!game) return reject('core.game.notFound', { gameId });
        if (game.status !== 'playing') return (await earlierByNonce(game, nonce, actor)) ?? reject('core.game.notPlaying', { status: game.status });
        const read = await load(game);
        if (!read.ok) return read;
        loaded = read.value;
        cache.put(loaded);
      }
      const fromCache = cached !== undefined;
      cached = undefined;
      const { game, module } = loaded;
      const refusal =
        game.status !== 'playing' ? reject('core.game.notPlaying', { status: game.status })
        : game.pausedAt !== null ? reject('schedule.game.paused')
        : expectedSeq !== undefined && game.seq !== expectedSeq ? reject(staleCode)
        : null;
      if (refusal) {
        if (fromCache) continue;
        return (await earlierByNonce(game, nonce, actor)) ?? refusal;
      }
      const now = clock().toISOString();
      const decision = await decide(loaded, now);
      if (!decision.ok) {
        if (fromCache) continue;
        return (await earlierByNonce(game, nonce, actor)) ?? decision;
      }
      const d = decision.value;
      const phase = module.status(d.snapshot.state);
      const ended = phase.phase !== 'playing';
      const events: GameEvent[] = [...d.events];
      if (ended) events.push({ to: 'public', code: 'core.game.ended', params: { phase: phase.phase, reason: 'reason' in phase ? phase.reason : '' } });
      const seq = game.seq + 1;
      const status = ended ? ('finished' as const) : ('playing' as const);
      const label = d.type === UNDO || d.seat === null ? undefined : module.labelCommand?.(loaded.snapshot.state, { type: d.type, args: d.args as Record<string, unknown> }, d.seat);
      const played = playedLine(game.gameType, d, label);
      const privately = module.privately?.(loaded.snapshot.state, d.snapshot.state) ?? null;
      const outbox = messagesFor(game, seq, events, module.awaiting(loaded.snapshot.state), module.awaiting(d.snapshot.state), ended, announce, played, privately);
      const checkpoint = !ended && checkpointDue(game.checkpointSeq, seq, d.irreversible);
      progress.writing = true;
      const appended = await appendCommand(prisma, gameId, {
        expectedSeq: game.seq,
        expectedVersion: game.version,
        entry: { type: d.type, args: d.args, seat: d.seat, asHost: d.asHost, actorUserId: actor.userId, at: now, nonce, stateHashAfter: d.hash, irreversible: d.irreversible },
        snapshot: d.snapshot,
        hash: d.hash,
        outbox,
        ...(ended ? { status } : {}),
        ...(d.undoneSeq !== undefined ? { undoneSeq: d.undoneSeq } : {}),
        ...(deps.wake ? { origin: deps.wake.origin } : {}),
        ...(checkpoint ? { checkpoint: { rulesVersion: game.rulesVersion } } : {}),
      });
      if (appended.ok) {
        if (outbox.length > 0) deps.wake?.committed(gameId);
        const seats = await withLanguage(game, actor);
        const next: GameWithSeats = { ...game, seats, seq, version: appended.version, status, state: d.snapshot as unknown as GameWithSeats['state'], stateHash: d.hash, lastActivityAt: new Date(now), dormantAt: null, ...(checkpoint ? { checkpointSeq: seq } : {}) };
        cache.put({ ...loaded, game: next, snapshot: d.snapshot });
        if (ended && game.campaignId !== null) deps.onCampaignGameEnded?.(gameId);
        const turnPassed = outbox.some((m) => m.kind === 'turn');
        return ok({ ...resultOf(loaded, appended.seq, d.snapshot, events, status), turnPassed });
      }
      cache.delete(gameId);
      if (appended.reason === 'duplicate') {
        const again = await earlierByNonce(game, nonce, actor);
        if (again) return again;
      }
      logger?.debug({ gameId, seq: game.seq, fromCache }, 'app.conflict');
    }
    return reject('core.movedOn');
  }

  return commit;
}

/** `commit`: a decision function run on the current game and appended, or the reason it was not. */
export type Commit = ReturnType<typeof createCommit>;
