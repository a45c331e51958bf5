import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru.ts';

describe('ByteLru', () => {
  it('GIVEN entries past the budget WHEN one more is put THEN the least recently used go first, a looked-up one stays, and one larger than the budget is never kept', () => {
    const lru = new ByteLru<{ n: number }>(10, (v) => v.n);
    lru.put('a', { n: 4 });
    lru.put('b', { n: 4 });
    expect(lru.lookup('a')).toEqual({ n: 4 });
    lru.put('c', { n: 4 });
    expect(lru.has('a') && lru.has('c')).toBe(true);
    expect(lru.has('b')).toBe(false);
    expect(lru.put('huge', { n: 11 })).toBe(false);
    expect(lru.stats()).toEqual({ entries: 2, bytes: 8, budget: 10, hits: 1, misses: 0 });
  });

  it('GIVEN an entry the caller cannot use WHEN looked up THEN it is dropped and counted as a miss; take removes without counting; a smaller budget evicts at once', () => {
    const lru = new ByteLru<{ n: number }>(10, (v) => v.n);
    lru.put('a', { n: 3 });
    lru.put('b', { n: 3 });
    expect(lru.lookup('a', (v) => v.n > 3)).toBeUndefined();
    expect(lru.has('a')).toBe(false);
    expect(lru.take('b')).toEqual({ n: 3 });
    lru.put('c', { n: 5 });
    lru.put('d', { n: 5 });
    lru.setBudget(5);
    expect(lru.stats()).toEqual({ entries: 1, bytes: 5, budget: 5, hits: 0, misses: 1 });
    expect(lru.has('d')).toBe(true);
  });
});
