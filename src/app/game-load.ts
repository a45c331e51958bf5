import {
  hashSnapshot,
  ok,
  ownValue,
  reject,
  replay,
  replaysRules,
  type StartPoint,
  type GameModule,
  type Genesis,
  type Rejection,
  type Result,
  type Snapshot,
} from '../core/index.ts';
import { findGameByThread, getGame, latestCheckpoint, loadLog, moveRulesVersion, refreshCache, type GameWithSeats } from '../store/index.ts';
import type { GameCache } from './game-cache.ts';
import { createPackLibrary } from './packs.ts';
import type { AppDeps, PackPin, PackRef } from './types.ts';

export type AnyModule = GameModule<any, any, any>;

/** A started game with its module, pack, genesis and current snapshot: what a command is decided on. */
export interface Loaded {
  readonly game: GameWithSeats;
  readonly module: AnyModule;
  readonly pack: PackRef | undefined;
  readonly genesis: Genesis;
  readonly snapshot: Snapshot;
}

/**
 * How the service's parts find a game: by id or thread, through the cache of started games, with its
 * module and pinned pack (the pack library lives here because it needs `loadGame` and the cache).
 */
export function createLoader(deps: AppDeps, cache: GameCache<Loaded>) {
  const { db, games, packs, logger } = deps;
  const prisma = db.prisma;

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

  /** The latest checkpoint at or before `seq` as a replay's start, or undefined (replay from the genesis). */
  async function startPoint(gameId: string, seq: number): Promise<StartPoint | undefined> {
    const c = await latestCheckpoint(prisma, gameId, seq);
    return c ? { seq: c.seq, snapshot: c.snapshot } : undefined;
  }

  /**
   * The current snapshot: the stored one when its hash holds, otherwise rebuilt from the latest checkpoint
   * and the commands after it (at most `CHECKPOINT_AT_MOST`), which must end at the last stored hash.
   */
  async function currentSnapshot(game: GameWithSeats, module: AnyModule, genesis: Genesis, pack: PackRef | undefined): Promise<Result<{ snapshot: Snapshot; hash: string }, Rejection>> {
    const cached = game.state as unknown as Snapshot | null;
    if (cached !== null && game.stateHash !== null && hashSnapshot(cached) === game.stateHash) return ok({ snapshot: cached, hash: game.stateHash });
    if (!replaysRules(module, game.rulesVersion)) {
      logger?.error({ gameId: game.id, rulesVersion: game.rulesVersion }, 'app.rulesGone');
      return reject('core.game.rulesGone', { version: game.rulesVersion });
    }
    const from = await startPoint(game.id, game.seq);
    // Only the last stored hash is checked on the way (a mismatch replays again checking each entry to name it).
    const rebuilt = replay(module, genesis, await loadLog(prisma, game.id), pack?.data, { verify: 'final', ...(from ? { from } : {}) });
    if (!rebuilt.ok) {
      logger?.error({ gameId: game.id, seq: rebuilt.seq, reason: rebuilt.reason }, 'app.replayDiverged');
      return reject('core.game.corrupt', { seq: rebuilt.seq });
    }
    await refreshCache(prisma, game.id, game.seq, rebuilt.snapshot, rebuilt.hash);
    return ok({ snapshot: rebuilt.snapshot, hash: rebuilt.hash });
  }

  /**
   * The current snapshot, and when the running rules version differs from the game's, the game moved on to
   * it: that snapshot (verified, taken at its last command under the old rules) becomes a rules
   * checkpoint, and from there the new rules play. A finished game keeps its version (nothing continues).
   */
  async function load(game: GameWithSeats): Promise<Result<Loaded, Rejection>> {
    const module = moduleFor(game.gameType);
    if (!module.ok) return module;
    if (game.genesis === null) return reject('core.game.notStarted');
    const pack = await packFor(game);
    if (!pack.ok) return pack;
    const genesis = game.genesis as unknown as Genesis;
    const current = await currentSnapshot(game, module.value, genesis, pack.value);
    if (!current.ok) return current;
    let row = game;
    if (game.status === 'playing' && game.rulesVersion !== module.value.rulesVersion) {
      const moved = await moveRulesVersion(prisma, game.id, { seq: game.seq, fromVersion: game.rulesVersion, toVersion: module.value.rulesVersion, ...current.value });
      if (moved) {
        logger?.info({ gameId: game.id, seq: game.seq, from: game.rulesVersion, to: module.value.rulesVersion }, 'app.rulesMovedOn');
        row = { ...game, rulesVersion: module.value.rulesVersion, checkpointSeq: game.seq, version: game.version + 1 };
      } else {
        const fresh = await getGame(prisma, game.id);
        if (!fresh) return reject('core.game.notFound', { gameId: game.id });
        return load(fresh);
      }
    }
    return ok({ game: row, module: module.value, pack: pack.value, genesis, snapshot: current.value.snapshot });
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
    return ok({ game: loaded.value.game, loaded: loaded.value });
  }

  /** `readGame` for callers that need the started game's snapshot. */
  async function readStarted(gameId: string): Promise<Result<Loaded, Rejection>> {
    const read = await readGame({ id: gameId });
    if (!read.ok) return read;
    return read.value.loaded ? ok(read.value.loaded) : reject('core.game.notStarted');
  }

  return { prisma, cache, library, moduleFor, loadGame, packFor, load, readGame, readStarted, startPoint };
}

/** What `createLoader` gives the lobby, commit, play and read parts of the service. */
export type Loader = ReturnType<typeof createLoader>;
