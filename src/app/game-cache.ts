/**
 * Hot games kept in memory between commands, so a command on a game this process just served needs no
 * read before its append. The cache is never trusted on its own: an append is guarded by the row's
 * `seq` and `version` (a stale entry makes it fail, and the game is read again), and a read first
 * compares `version`, `seq` and `status` with a one-row probe. Entries are immutable snapshots.
 */
export interface CacheKey {
  readonly id: string;
  readonly threadId?: string | null;
  readonly version: number;
  readonly seq: number;
  readonly status: string;
}

export interface GameCache<T extends { readonly game: CacheKey }> {
  /** The entry, marked most recently used. */
  get(gameId: string): T | undefined;
  /** The entry of the game hosted in a Discord thread (a thread hosts at most one game, ever). */
  byThread(threadId: string): T | undefined;
  /** The entry only if it matches what the database row says now. */
  matching(probe: CacheKey): T | undefined;
  /** Keeps the newer of the stored and the given entry (two commands may finish out of order). */
  put(entry: T): void;
  delete(gameId: string): void;
  readonly size: number;
}

/** A least-recently-used map of at most `max` games; `max` 0 keeps nothing. */
export function createGameCache<T extends { readonly game: CacheKey }>(max: number): GameCache<T> {
  const entries = new Map<string, T>();
  const threads = new Map<string, string>();
  const drop = (gameId: string) => {
    const threadId = entries.get(gameId)?.game.threadId;
    if (threadId) threads.delete(threadId);
    entries.delete(gameId);
  };
  return {
    get(gameId) {
      const entry = entries.get(gameId);
      if (entry === undefined) return undefined;
      entries.delete(gameId);
      entries.set(gameId, entry);
      return entry;
    },
    byThread(threadId) {
      const id = threads.get(threadId);
      return id === undefined ? undefined : this.get(id);
    },
    matching(probe) {
      const entry = this.get(probe.id);
      const g = entry?.game;
      return g && g.version === probe.version && g.seq === probe.seq && g.status === probe.status ? entry : undefined;
    },
    put(entry) {
      if (max <= 0) return;
      const id = entry.game.id;
      const old = entries.get(id);
      if (old && old.game.version > entry.game.version) return;
      entries.delete(id);
      entries.set(id, entry);
      if (entry.game.threadId) threads.set(entry.game.threadId, id);
      while (entries.size > max) drop(entries.keys().next().value as string);
    },
    delete(gameId) {
      drop(gameId);
    },
    get size() {
      return entries.size;
    },
  };
}
