import { ok } from '../core/index.ts';
import { createArchive } from './archive.ts';
import { createCommit } from './commit.ts';
import { createGameCache } from './game-cache.ts';
import { createLoader, type Loaded } from './game-load.ts';
import { createLobby } from './lobby.ts';
import { createOverview } from './overview.ts';
import { createPlay } from './play.ts';
import { createReads } from './reads.ts';
import { createRecap } from './recap.ts';
import type { AppDeps } from './types.ts';

/** Started games kept in memory per process unless `AppDeps.cacheSize` says otherwise. */
export const DEFAULT_CACHE_SIZE = 1000;

/**
 * The application service (ARCHITECTURE.md "The way of one action"): the only orchestrator. Its parts
 * share one game cache: the lobby (`lobby.ts`), game commands (`play.ts`) through the commit path
 * (`commit.ts`), the reads (`reads.ts`), packs, archive, recap and overview.
 */
export function createApp(deps: AppDeps) {
  const cache = createGameCache<Loaded>(deps.cacheSize ?? DEFAULT_CACHE_SIZE);
  deps.wake?.on((event) => {
    if (event.remote) cache.delete(event.gameId);
  });
  const loader = createLoader(deps, cache);
  const { prisma, library, moduleFor, loadGame, packFor } = loader;
  const commit = createCommit(deps, loader);
  /** The game row as the cache holds it once a one-row probe says it is current (the turn message's recap asks each turn). */
  const currentGame: typeof loadGame = async (gameId) => {
    const read = await loader.readGame({ id: gameId });
    return read.ok ? ok(read.value.game) : read;
  };

  return {
    ...createArchive({ prisma, moduleFor, packFor, loadGame }),
    ...createOverview({ prisma }),
    ...createRecap({ prisma, moduleFor, packFor, loadGame: currentGame }),
    packFor,
    packChoices: library.packChoices,
    uploadPack: library.uploadPack,
    planUpgrade: library.planUpgrade,
    upgradePack: library.upgradePack,
    planPackMove: library.planPackMove,
    ...createLobby(deps, loader),
    ...createPlay(loader, commit),
    ...createReads(loader),
  };
}

/** The application service's methods, as the Discord layer and the CLI call them. */
export type App = ReturnType<typeof createApp>;
