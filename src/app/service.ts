import { randomBytes, randomInt } from 'node:crypto';
import {
  applyCommand,
  drawEntropy,
  genesisSnapshot,
  hashSnapshot,
  ok,
  ownValue,
  planUndo,
  reject,
  replay,
  UNDO,
  type GameCommand,
  type GameEvent,
  type GameModule,
  type Genesis,
  type Json,
  type LogEntry,
  type Rejection,
  type Result,
  type Snapshot,
} from '../core/index.ts';
import {
  appendCommand,
  confirmCommand,
  createGame,
  databaseFault,
  enqueue,
  findCommandByNonce,
  openGameLimitReached,
  findGameByThread,
  getGame,
  lastTurnMessage,
  loadLog,
  joinLobby,
  leaveLobby,
  refreshCache,
  rememberSeatLanguage,
  setGameStatus,
  startGame,
  type GameRowStatus,
  type GameWithSeats,
  type JoinOutcome,
  type LeaveOutcome,
  type OutboxMessage,
} from '../store/index.ts';
import { createArchive } from './archive.ts';
import { awaitingSeats, messagesFor, players, type PlayedLine } from './outbox-messages.ts';
import { createGameCache } from './game-cache.ts';
import { createOverview } from './overview.ts';
import { createPackLibrary, pinOf } from './packs.ts';
import { createRecap } from './recap.ts';
import { hasLanguage, initialPrefs, languageTag } from './language.ts';
import type {
  AppActor,
  AppDeps,
  AppResult,
  CommandResult,
  GameStatusView,
  LegalView,
  LobbyView,
  PromptsView,
  NewGameInput,
  PackPin,
  PackRef,
  SecretsView,
} from './types.ts';

/** Started games kept in memory per process unless `AppDeps.cacheSize` says otherwise. */
export const DEFAULT_CACHE_SIZE = 1000;

type AnyModule = GameModule<any, any, any>;

interface Loaded {
  readonly game: GameWithSeats;
  readonly module: AnyModule;
  readonly pack: PackRef | undefined;
  readonly genesis: Genesis;
  readonly snapshot: Snapshot;
}

interface Decision {
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

/** The lobby's size: what the host asked for, never beyond the game's range. */
/** The stored entropy of a lobby as the genesis takes it: four 32-bit words, or nothing (an explicit seed, an older game). */
function entropyOf(stored: unknown): { entropy?: number[] } {
  return Array.isArray(stored) && stored.length === 4 && stored.every((w) => Number.isInteger(w)) ? { entropy: stored as number[] } : {};
}

function seatLimit(game: GameWithSeats, module: AnyModule): number {
  return Math.min(game.seatLimit ?? module.seats.max, module.seats.max);
}

function lobbyView(game: GameWithSeats, module: AnyModule): LobbyView {
  return { gameId: game.id, status: game.status, hostUserId: game.hostUserId, locale: game.locale, seats: players(game), minSeats: module.seats.min, maxSeats: seatLimit(game, module) };
}

/** A seat's legal commands with the game's labels (absent when the game declares none). */
function legalView(loaded: Loaded, gameId: string, seq: number, seat: number): LegalView {
  const state = loaded.snapshot.state;
  const commands = loaded.module.legalCommands(state, seat);
  const label = loaded.module.labelCommand;
  return { gameId, seq, seat, commands, ...(label ? { labels: commands.map((c) => label(state, c, seat)) } : {}) };
}

/** The application service (ARCHITECTURE.md "The way of one action"): the only orchestrator. */
export function createApp(deps: AppDeps) {
  const { db, games, packs, clock, logger } = deps;
  const prisma = db.prisma;
  const cache = createGameCache<Loaded>(deps.cacheSize ?? DEFAULT_CACHE_SIZE);
  deps.wake?.on((event) => {
    if (event.remote) cache.delete(event.gameId);
  });

  function moduleFor(gameType: string): Result<AnyModule, Rejection> {
    const module = ownValue(games, gameType);
    return module ? ok(module) : reject('core.game.unknownType', { gameType });
  }

  async function loadGame(gameId: string): Promise<Result<GameWithSeats, Rejection>> {
    const game = await getGame(prisma, gameId);
    return game ? ok(game) : reject('core.game.notFound', { gameId });
  }

  const library = createPackLibrary({ db, games, packs, packList: deps.packList, loadGame, forget: (gameId) => cache.delete(gameId) });

  /** The pack a game is pinned to: its id, version and hash, shipped or uploaded by its guild. */
  function packFor(pin: PackPin): Promise<Result<PackRef | undefined, Rejection>> {
    return library.packFor(pin);
  }

  /** The current snapshot: the stored one when its hash holds, otherwise rebuilt from the log (which must end at its last stored hash). */
  async function load(game: GameWithSeats): Promise<Result<Loaded, Rejection>> {
    const module = moduleFor(game.gameType);
    if (!module.ok) return module;
    if (game.genesis === null) return reject('core.game.notStarted');
    const pack = await packFor(game);
    if (!pack.ok) return pack;
    const genesis = game.genesis as unknown as Genesis;
    const cached = game.state as unknown as Snapshot | null;
    if (cached !== null && game.stateHash !== null && hashSnapshot(cached) === game.stateHash) {
      return ok({ game, module: module.value, pack: pack.value, genesis, snapshot: cached });
    }
    // Only the last stored hash is checked on the way (a mismatch replays again checking each entry to name it).
    const rebuilt = replay(module.value, genesis, await loadLog(prisma, game.id), pack.value?.data, { verify: 'final' });
    if (!rebuilt.ok) {
      logger?.error({ gameId: game.id, seq: rebuilt.seq, reason: rebuilt.reason }, 'app.replayDiverged');
      return reject('core.game.corrupt', { seq: rebuilt.seq });
    }
    await refreshCache(prisma, game.id, game.seq, rebuilt.snapshot, rebuilt.hash);
    return ok({ game, module: module.value, pack: pack.value, genesis, snapshot: rebuilt.snapshot });
  }

  /**
   * A game as it is now, with its loaded snapshot once started. A cached game costs a one-row probe of
   * `version`, `seq` and `status` (every change outside the log bumps `version`); anything else is read
   * in full and cached.
   */
  async function readGame(where: { id: string } | { threadId: string }): Promise<Result<{ game: GameWithSeats; loaded: Loaded | null }, Rejection>> {
    const known = 'id' in where ? cache.get(where.id) : cache.byThread(where.threadId);
    if (known) {
      const probe = await prisma.game.findUnique({ where: { id: known.game.id }, select: { id: true, version: true, seq: true, status: true } });
      const hit = probe ? cache.matching(probe) : undefined;
      if (hit) return ok({ game: hit.game, loaded: hit });
      if (!probe) cache.delete(known.game.id);
    }
    const game = 'id' in where ? await getGame(prisma, where.id) : await findGameByThread(prisma, where.threadId);
    if (!game) return reject('core.game.notFound', where);
    if (game.genesis === null) return ok({ game, loaded: null });
    const loaded = await load(game);
    if (!loaded.ok) return loaded;
    cache.put(loaded.value);
    return ok({ game, loaded: loaded.value });
  }

  /** `readGame` for callers that need the started game's snapshot. */
  async function readStarted(gameId: string): Promise<Result<Loaded, Rejection>> {
    const read = await readGame({ id: gameId });
    if (!read.ok) return read;
    return read.value.loaded ? ok(read.value.loaded) : reject('core.game.notStarted');
  }

  function resolveActor(game: GameWithSeats, actor: AppActor, asSeat?: number): Result<{ seat: number | null; asHost: boolean; isHost: boolean }, Rejection> {
    const isHost = game.hostUserId === actor.userId;
    if (asSeat !== undefined) {
      if (!isHost) return reject('core.notHost');
      if (!players(game).some((s) => s.seat === asSeat)) return reject('core.seat.unknown', { seat: asSeat });
      return ok({ seat: asSeat, asHost: true, isHost });
    }
    const own = players(game).find((s) => s.userId === actor.userId);
    if (own) return ok({ seat: own.seat, asHost: false, isHost });
    return isHost ? ok({ seat: null, asHost: true, isHost }) : reject('core.seat.none');
  }

  /** A game command applied as `seat` (the host acting when `asHost`): the decision `commit` appends. */
  function decideAs(loaded: Loaded, command: GameCommand, seat: number | null, asHost: boolean, now: string): Result<Decision, Rejection> {
    const applied = applyCommand(loaded.module, loaded.snapshot, command, { seat, asHost, now }, loaded.pack?.data);
    if (!applied.ok) return applied;
    const a = applied.value;
    return ok({ type: command.type, args: a.args, seat, asHost, snapshot: a.snapshot, hash: a.hash, events: a.events, irreversible: a.irreversible });
  }

  function resultOf(loaded: Loaded, seq: number, snapshot: Snapshot, events: readonly GameEvent[], status: GameRowStatus, duplicate = false): CommandResult {
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

  /** A repeated nonce: rebuild what that command produced, without applying anything. */
  async function earlierResult(game: GameWithSeats, entry: LogEntry, actor: AppActor): AppResult<CommandResult> {
    if (entry.actorUserId !== actor.userId) return reject('core.duplicate');
    const loaded = await load(game);
    if (!loaded.ok) return loaded;
    const log = await loadLog(prisma, game.id);
    const before = replay(loaded.value.module, loaded.value.genesis, log.filter((e) => e.seq < entry.seq), loaded.value.pack?.data, { verify: false });
    if (!before.ok) return reject('core.game.corrupt', { seq: before.seq });
    let events: readonly GameEvent[] = [];
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
   * Decide → append. The first attempt may decide on the cached game (no read at all); the append's
   * guard on seq and version catches a stale entry, and every refusal made on a cached entry is checked
   * again on a fresh read, so the cache never changes an answer. A conflict on fresh data is decided once
   * more; a second one is `core.movedOn`. A nonce seen before returns the earlier result.
   */
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
      const played: PlayedLine = label ? { seat: d.seat, code: label.code, ...(label.params ? { params: label.params } : {}) } : { seat: d.seat, code: d.type === UNDO ? 'core.undone' : `${game.gameType}.command.${d.type}`, params: d.type === UNDO ? (d.args as Record<string, number>) : {} };
      const outbox = messagesFor(game, seq, events, module.awaiting(loaded.snapshot.state), module.awaiting(d.snapshot.state), ended, announce, played);
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
      });
      if (appended.ok) {
        if (outbox.length > 0) deps.wake?.committed(gameId);
        const seats = await withLanguage(game, actor);
        const next: GameWithSeats = { ...game, seats, seq, version: appended.version, status, state: d.snapshot as unknown as GameWithSeats['state'], stateHash: d.hash, lastActivityAt: new Date(now), dormantAt: null };
        cache.put({ ...loaded, game: next, snapshot: d.snapshot });
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

  /** A lobby as it is after a membership change, or the reason the change was refused. */
  async function lobbyAfter(gameId: string, module: AnyModule, outcome: JoinOutcome | LeaveOutcome, max = 0): AppResult<LobbyView> {
    if (!outcome.ok) {
      switch (outcome.reason) {
        case 'closed':
          return reject('core.lobby.closed', { status: outcome.status });
        case 'notFound':
          return reject('core.game.notFound', { gameId });
        case 'full':
          return reject('core.lobby.full', { max });
        case 'alreadySeated':
          return reject('core.alreadyJoined');
        default:
          return reject('core.notJoined');
      }
    }
    const after = await loadGame(gameId);
    return after.ok ? ok(lobbyView(after.value, module)) : after;
  }

  /** Removes `userId` from a lobby (themselves, or kicked by the host). Serialized per game in the store. */
  async function unseat(gameId: string, userId: string, byHost: AppActor | null): AppResult<LobbyView> {
    const game = await loadGame(gameId);
    if (!game.ok) return game;
    const module = moduleFor(game.value.gameType);
    if (!module.ok) return module;
    if (byHost && game.value.hostUserId !== byHost.userId) return reject('core.notHost');
    return lobbyAfter(gameId, module.value, await leaveLobby(prisma, gameId, userId));
  }

  function statusOf(read: Result<{ game: GameWithSeats; loaded: Loaded | null }, Rejection>): Result<GameStatusView, Rejection> {
    if (!read.ok) return read;
    const { game: g, loaded } = read.value;
    const base = { gameId: g.id, ...pinOf(g), status: g.status, hostUserId: g.hostUserId, seq: g.seq, seats: players(g), locale: g.locale };
    if (loaded === null) return ok({ ...base, awaiting: null, phase: null, publicView: null });
    const { module, snapshot } = loaded;
    return ok({ ...base, awaiting: awaitingSeats(module.awaiting(snapshot.state), base.seats), phase: module.status(snapshot.state), publicView: module.publicView(snapshot.state) });
  }

  const archive = createArchive({ prisma, moduleFor, packFor, loadGame });

  return {
    ...archive,
    ...createOverview({ prisma }),
    ...createRecap({ prisma, moduleFor, packFor, loadGame }),
    packFor,
    packChoices: library.packChoices,
    uploadPack: library.uploadPack,
    planUpgrade: library.planUpgrade,
    upgradePack: library.upgradePack,

    /**
     * Opens a lobby in a channel or thread; the host (or the given players) take the first seats. Refused
     * past the community's open-game limits; `openThread` runs only once everything else was accepted.
     */
    async newGame(input: NewGameInput): AppResult<LobbyView> {
      const module = moduleFor(input.gameType);
      if (!module.ok) return module;
      const options = module.value.optionsSchema.safeParse(input.options ?? {});
      if (!options.success) return reject('core.badOptions', { path: options.error.issues[0]?.path.join('.') ?? '' });
      const seated = [...new Map((input.players ?? [input.host]).map((p) => [p.userId, p] as const)).values()];
      const limit = input.maxPlayers ?? module.value.seats.max;
      if (limit < module.value.seats.min || limit > module.value.seats.max) {
        return reject('core.game.badPlayers', { min: module.value.seats.min, max: module.value.seats.max });
      }
      if (seated.length > limit) return reject('core.lobby.full', { max: limit });
      const chosen = await library.choose(input.gameType, input.guildId, input.packId);
      if (!chosen.ok) return chosen;
      const pack = chosen.value;
      const limits = deps.limits;
      const reached = limits ? await openGameLimitReached(prisma, input.guildId, input.host.userId, limits) : null;
      if (reached) return reject(`core.limit.${reached.limit}`, { max: reached.max });
      const threadId = input.openThread ? await input.openThread() : (input.threadId ?? null);
      const created = await createGame(prisma, {
        guildId: input.guildId,
        channelId: input.channelId,
        threadId,
        gameType: input.gameType,
        packId: pack?.id ?? null,
        packVersion: pack?.version ?? null,
        packHash: pack?.hash ?? null,
        rulesVersion: module.value.rulesVersion,
        seed: input.seed ?? randomInt(0, 2 ** 31 - 1),
        // An explicit seed (tests, transcripts) replays as given; otherwise 128 more bits nobody can guess.
        entropy: input.seed === undefined ? drawEntropy((n) => randomBytes(n)) : null,
        options: options.data as Json,
        hostUserId: input.host.userId,
        locale: input.locale ?? input.host.locale ?? 'en',
        seatLimit: input.maxPlayers ?? null,
        players: seated.map((p) => ({ userId: p.userId, userName: p.userName, prefs: initialPrefs(p.locale) })),
      }, limits);
      if (!created.ok) return created.reason === 'limit' ? reject(`core.limit.${created.limit}`, { max: created.max }) : reject('core.thread.taken');
      return ok(lobbyView(created.game, module.value));
    },

    /** Takes the next lobby seat; joining again, or into a full or closed lobby, is refused with the reason and changes nothing. */
    async join(gameId: string, actor: AppActor): AppResult<LobbyView> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      const module = moduleFor(game.value.gameType);
      if (!module.ok) return module;
      const limit = seatLimit(game.value, module.value);
      const joined = await joinLobby(prisma, gameId, { userId: actor.userId, userName: actor.userName, prefs: initialPrefs(actor.locale) }, limit);
      return lobbyAfter(gameId, module.value, joined, limit);
    },

    leave(gameId: string, actor: AppActor): AppResult<LobbyView> {
      return unseat(gameId, actor.userId, null);
    },

    kick(gameId: string, host: AppActor, userId: string): AppResult<LobbyView> {
      return unseat(gameId, userId, host);
    },

    /** Host only: seats in join order, genesis and setup snapshot at seq 0, first table post and secrets. */
    async start(gameId: string, host: AppActor): AppResult<CommandResult> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      const g = game.value;
      if (g.hostUserId !== host.userId) return reject('core.notHost');
      if (g.status !== 'lobby') return reject('core.lobby.closed', { status: g.status });
      const module = moduleFor(g.gameType);
      if (!module.ok) return module;
      const m = module.value;
      const seated = g.seats.filter((s) => s.role === 'player');
      if (seated.length < m.seats.min) return reject('core.lobby.tooFew', { min: m.seats.min });
      if (seated.length > seatLimit(g, m)) return reject('core.lobby.full', { max: seatLimit(g, m) });
      const pack = await packFor(g);
      if (!pack.ok) return pack;
      const genesis: Genesis = { gameType: g.gameType, rulesVersion: m.rulesVersion, options: g.options, seats: seated.map((s, index) => ({ index, name: s.userName })), seed: g.seed, ...entropyOf(g.entropy) };
      const refusal = m.startRefusal?.(g.options, genesis.seats);
      if (refusal) return { ok: false, error: refusal };
      const snapshot = genesisSnapshot(m, genesis, pack.value?.data);
      const hash = hashSnapshot(snapshot);
      const startedGame: GameWithSeats = { ...g, seats: seated.map((s, index) => ({ ...s, index })) };
      const events: GameEvent[] = [
        { to: 'public', code: 'core.game.started', params: { count: seated.length } },
        ...(m.introduction?.(snapshot.state, pack.value?.data) ?? []),
      ];
      for (const seat of genesis.seats) events.push(...m.secretsFor(snapshot.state, seat.index).map((e) => ({ ...e, to: seat.index })));
      const outbox = messagesFor(startedGame, 0, events, null, m.awaiting(snapshot.state), false);
      const started = await startGame(prisma, gameId, {
        genesis,
        snapshot,
        hash,
        expectedVersion: g.version,
        seatIds: seated.map((s) => s.id),
        packId: pack.value?.id ?? null,
        packVersion: pack.value?.version ?? null,
        packHash: pack.value?.hash ?? null,
        outbox,
      });
      if (!started.ok) return reject('core.movedOn');
      const loaded: Loaded = { game: startedGame, module: m, pack: pack.value, genesis, snapshot };
      return ok(resultOf(loaded, 0, snapshot, events, 'playing'));
    },

    /**
     * One game command from a seat (or, with `asSeat`, the host acting for it). `nonce` is the Discord
     * interaction id: a repeated delivery is a no-op that returns the earlier result. `expectedSeq` (from a
     * button or autocomplete choice) refuses with `core.movedOn` once the game is past that seq.
     */
    play(gameId: string, actor: AppActor, command: GameCommand, nonce: string, opts: { asSeat?: number; expectedSeq?: number } = {}): AppResult<CommandResult> {
      return commit(gameId, actor, nonce, async (loaded, now) => {
        const who = resolveActor(loaded.game, actor, opts.asSeat);
        if (!who.ok) return who;
        return decideAs(loaded, command, who.value.seat, who.value.asHost, now);
      }, opts.expectedSeq);
    },

    /**
     * Plays the `index`-th of the actor's legal commands as they stood at `seq` (what `/play`
     * autocomplete or a turn message's button offered; a button also names the seat whose list it is):
     * one load instead of a `legal` call followed by `play`.
     */
    playLegal(gameId: string, actor: AppActor, choice: { readonly seq: number; readonly index: number; readonly seat?: number }, nonce: string): AppResult<CommandResult> {
      return commit(gameId, actor, nonce, async (loaded, now) => {
        const who = resolveActor(loaded.game, actor);
        if (!who.ok) return who;
        if (who.value.seat === null) return reject('core.seat.none');
        // A turn message's button lists one seat's moves: anyone else's click would pick another command.
        if (choice.seat !== undefined && choice.seat !== who.value.seat) return reject('core.seat.notYours');
        const command = loaded.module.legalCommands(loaded.snapshot.state, who.value.seat)[choice.index];
        if (!command) return reject('core.play.pickFromList');
        return decideAs(loaded, command, who.value.seat, false, now);
      }, choice.seq, false, 'core.button.stale');
    },

    /**
     * Answers the `a`-th prompt with its `b`-th option as they stood at `seq` (a prompt button), in the
     * same load that checks the button is current (`core.button.stale` otherwise).
     */
    playPrompt(gameId: string, actor: AppActor, choice: { readonly seq: number; readonly a: number; readonly b: number }, nonce: string): AppResult<CommandResult> {
      return commit(gameId, actor, nonce, async (loaded, now) => {
        const option = loaded.module.prompts(loaded.snapshot.state)[choice.a]?.options[choice.b];
        if (!option) return reject('core.button.stale');
        const who = resolveActor(loaded.game, actor);
        if (!who.ok) return who;
        return decideAs(loaded, option.command, who.value.seat, who.value.asHost, now);
      }, choice.seq, false, 'core.button.stale');
    },

    /**
     * The game a Discord thread hosts, by id and type only (a thread hosts at most one game, ever, so this
     * never goes stale): for commands whose write checks everything else.
     */
    async gameInThread(threadId: string): AppResult<{ gameId: string; gameType: string }> {
      const known = cache.byThread(threadId);
      if (known) return ok({ gameId: known.game.id, gameType: known.game.gameType });
      const row = await prisma.game.findUnique({ where: { threadId }, select: { id: true, gameType: true } });
      return row ? ok({ gameId: row.id, gameType: row.gameType }) : reject('core.game.notFound', { threadId });
    },

    /**
     * Plays the game's `timeoutAction` for a seat (a hard deadline, an away seat, or `/game skip`), logged
     * as a host action by `actorUserId`. `core.timeout.none` when the game declares nothing for that wait.
     */
    timeout(gameId: string, seat: number, nonce: string, actorUserId = 'turnkeeper'): AppResult<CommandResult> {
      return commit(gameId, { userId: actorUserId, userName: actorUserId }, nonce, async (loaded, now) => {
        if (!players(loaded.game).some((s) => s.seat === seat)) return reject('core.seat.unknown', { seat });
        const command = loaded.module.timeoutAction?.(loaded.snapshot.state, seat) ?? null;
        if (!command) return reject('schedule.timeout.none', { seat: seat + 1 });
        return decideAs(loaded, command, seat, true, now);
      }, undefined, true);
    },

    /** Every legal command of one seat, for the host acting for it (`/game act`). */
    async legalForSeat(gameId: string, seat: number): AppResult<LegalView> {
      const read = await readGame({ id: gameId });
      if (!read.ok) return read;
      const { game, loaded } = read.value;
      if (!players(game).some((s) => s.seat === seat)) return reject('core.seat.unknown', { seat });
      if (game.status !== 'playing' || loaded === null) return reject('core.game.notPlaying', { status: game.status });
      return ok(legalView(loaded, gameId, game.seq, seat));
    },

    /** Takes back the actor's latest command since the undo barrier (the host: anyone's), by replay. */
    undo(gameId: string, actor: AppActor, nonce: string): AppResult<CommandResult> {
      return commit(gameId, actor, nonce, async (loaded, now) => {
        const who = resolveActor(loaded.game, actor);
        if (!who.ok) return who;
        const log = await loadLog(prisma, gameId);
        const target = planUndo(log, { seat: who.value.seat, isHost: who.value.isHost });
        if (!target.ok) return target;
        const undoEntry: LogEntry = {
          seq: loaded.game.seq + 1,
          type: UNDO,
          args: { seq: target.value },
          seat: who.value.seat,
          asHost: who.value.asHost,
          actorUserId: actor.userId,
          at: now,
          nonce,
          stateHashAfter: '',
          irreversible: false,
        };
        const r = replay(loaded.module, loaded.genesis, [...log, undoEntry], loaded.pack?.data, { verify: false });
        if (!r.ok) return reject(r.rejection?.code ?? 'core.game.corrupt', { seq: r.seq });
        const undoneType = log.find((e) => e.seq === target.value)?.type ?? '';
        return ok({
          type: UNDO,
          args: undoEntry.args,
          seat: who.value.seat,
          asHost: who.value.asHost,
          snapshot: r.snapshot,
          hash: r.hash,
          events: [{ to: 'public', code: 'core.undone', params: { seq: target.value, type: undoneType } }],
          irreversible: false,
          undoneSeq: target.value,
        });
      });
    },

    /** Host only: ends a lobby or a running game for good. */
    async abandon(gameId: string, host: AppActor): AppResult<{ gameId: string; status: 'abandoned' }> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      if (game.value.hostUserId !== host.userId) return reject('core.notHost');
      const target = { channelId: game.value.threadId ?? game.value.channelId };
      const notice: OutboxMessage = { kind: 'post', target, payload: { gameId, gameType: game.value.gameType, seq: game.value.seq, locale: game.value.locale, events: [{ to: 'public', code: 'core.game.abandoned', params: { by: host.userId } }], image: false } };
      const retire: OutboxMessage = { kind: 'prompt', target, payload: { gameId, gameType: game.value.gameType, seq: game.value.seq, locale: game.value.locale, ended: true } };
      const changed = await setGameStatus(prisma, gameId, ['lobby', 'playing'], 'abandoned', game.value.status === 'playing' ? [notice, retire] : [notice]);
      cache.delete(gameId);
      return changed ? ok({ gameId, status: 'abandoned' }) : reject('core.game.notPlaying', { status: game.value.status });
    },

    /**
     * A public answer whose interaction reply was lost (the interaction expired, Discord failed): queued
     * as a `narration` post for its channel, so the table still reads what happened.
     */
    async queueNarration(channelId: string, content: string, mentions: readonly string[] = []): Promise<void> {
      await enqueue(prisma, null, [{ kind: 'narration', target: { channelId }, payload: { content, mentions: [...mentions] } }]);
    },

    /** The turn message posted before an outbox row (its channel and message), so its buttons can be retired. */
    turnMessageBefore(gameId: string, outboxId: string): Promise<{ channelId: string; messageId: string; rowId: string } | null> {
      return lastTurnMessage(prisma, gameId, outboxId);
    },

    status(gameId: string): AppResult<GameStatusView> {
      return readGame({ id: gameId }).then(statusOf);
    },

    /** The status of the game hosted in a Discord thread (`core.game.notFound` when there is none). */
    statusByThread(threadId: string): AppResult<GameStatusView> {
      return readGame({ threadId }).then(statusOf);
    },

    /** The id of the game hosted in a Discord thread (`core.game.notFound` when there is none). */
    async findByThread(threadId: string): AppResult<string> {
      const game = await findGameByThread(prisma, threadId);
      return game ? ok(game.id) : reject('core.game.notFound', { threadId });
    },

    async prompts(gameId: string): AppResult<PromptsView> {
      const loaded = await readStarted(gameId);
      if (!loaded.ok) return loaded;
      return ok({ gameId, seq: loaded.value.game.seq, prompts: loaded.value.module.prompts(loaded.value.snapshot.state) });
    },

    async legal(gameId: string, userId: string): AppResult<LegalView> {
      const read = await readGame({ id: gameId });
      if (!read.ok) return read;
      const { game, loaded } = read.value;
      const seat = players(game).find((s) => s.userId === userId);
      if (!seat) return reject('core.seat.none');
      if (game.status !== 'playing' || loaded === null) return reject('core.game.notPlaying', { status: game.status });
      return ok(legalView(loaded, gameId, game.seq, seat.seat));
    },

    /** What one user's seat holds in secret, always read from the current state (`/secrets`). */
    async secrets(gameId: string, userId: string): AppResult<SecretsView> {
      const read = await readGame({ id: gameId });
      if (!read.ok) return read;
      const { game, loaded } = read.value;
      const seat = players(game).find((s) => s.userId === userId);
      if (!seat) return reject('core.seat.none');
      if (loaded === null) return reject('core.game.notStarted');
      const { module, snapshot } = loaded;
      return ok({ seat: seat.seat, events: module.secretsFor(snapshot.state, seat.seat), view: module.viewFor(snapshot.state, seat.seat) });
    },

  };
}

/** The application service's methods, as the Discord layer and the CLI call them. */
export type App = ReturnType<typeof createApp>;
