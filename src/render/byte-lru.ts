/**
 * A map of drawn things (canvases, text runs) bounded by their size in bytes: the least recently used
 * entries are dropped once the total passes the budget, and an entry larger than the whole budget is
 * never kept. The render caches (text runs, layers, spare surfaces) share it.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, V>();
  private used = 0;
  private hits = 0;
  private misses = 0;

  constructor(
    private budget: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /**
   * The entry for `key`, now the most recently used, when there is one and `usable` accepts it (counted
   * as a hit); an entry `usable` refuses is dropped. Anything else counts as a miss.
   */
  lookup(key: string, usable: (value: V) => boolean = () => true): V | undefined {
    const value = this.take(key);
    if (value !== undefined && usable(value)) {
      this.hits++;
      this.put(key, value);
      return value;
    }
    this.misses++;
    return undefined;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Removes the entry for `key` and returns it (not counted). */
  take(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.used -= this.sizeOf(value);
    return value;
  }

  /** Keeps `value` as the most recently used entry unless it is larger than the budget; false when not kept. */
  put(key: string, value: V): boolean {
    const size = this.sizeOf(value);
    if (size > this.budget) return false;
    this.take(key);
    this.entries.set(key, value);
    this.used += size;
    this.evict();
    return true;
  }

  /** A new budget; shrinking drops the oldest entries at once. */
  setBudget(bytes: number): void {
    this.budget = bytes;
    this.evict();
  }

  /** Empties it and its counters. */
  clear(): void {
    this.entries.clear();
    this.used = 0;
    this.hits = 0;
    this.misses = 0;
  }

  stats(): { readonly entries: number; readonly bytes: number; readonly budget: number; readonly hits: number; readonly misses: number } {
    return { entries: this.entries.size, bytes: this.used, budget: this.budget, hits: this.hits, misses: this.misses };
  }

  private evict(): void {
    for (const [key, value] of this.entries) {
      if (this.used <= this.budget) return;
      this.entries.delete(key);
      this.used -= this.sizeOf(value);
    }
  }
}
