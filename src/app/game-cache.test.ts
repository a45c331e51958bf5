import { describe, expect, it } from 'vitest';
import { createGameCache } from './game-cache.ts';

const entry = (id: string, version: number, seq = version, threadId: string | null = `t-${id}`) => ({ game: { id, version, seq, status: 'playing', threadId } });

describe('game cache', () => {
  it('GIVEN more games than it holds WHEN one more is put THEN the least recently used one leaves', () => {
    const cache = createGameCache<ReturnType<typeof entry>>(2);
    cache.put(entry('a', 1));
    cache.put(entry('b', 1));
    cache.get('a');
    cache.put(entry('c', 1));
    expect([cache.get('a')?.game.id, cache.get('b'), cache.get('c')?.game.id, cache.size]).toEqual(['a', undefined, 'c', 2]);
    expect(cache.byThread('t-b')).toBeUndefined();
    expect(cache.byThread('t-c')?.game.id).toBe('c');
  });

  it('GIVEN two commands finishing out of order WHEN the older one is put last THEN the newer entry stays', () => {
    const cache = createGameCache<ReturnType<typeof entry>>(10);
    cache.put(entry('a', 5));
    cache.put(entry('a', 4));
    expect(cache.get('a')?.game.version).toBe(5);
  });

  it('GIVEN a probe of the stored row WHEN version, seq or status differ THEN the entry is not used', () => {
    const cache = createGameCache<ReturnType<typeof entry>>(10);
    cache.put(entry('a', 3, 7));
    expect(cache.matching({ id: 'a', version: 3, seq: 7, status: 'playing' })?.game.id).toBe('a');
    expect(cache.matching({ id: 'a', version: 4, seq: 7, status: 'playing' })).toBeUndefined();
    expect(cache.matching({ id: 'a', version: 3, seq: 8, status: 'playing' })).toBeUndefined();
    expect(cache.matching({ id: 'a', version: 3, seq: 7, status: 'finished' })).toBeUndefined();
    expect(cache.matching({ id: 'z', version: 3, seq: 7, status: 'playing' })).toBeUndefined();
  });

  it('GIVEN a size of 0 WHEN games are put THEN nothing is kept', () => {
    const cache = createGameCache<ReturnType<typeof entry>>(0);
    cache.put(entry('a', 1));
    expect([cache.size, cache.get('a'), cache.byThread('t-a')]).toEqual([0, undefined, undefined]);
  });

  it('GIVEN a deleted game WHEN looked up by id or thread THEN it is gone', () => {
    const cache = createGameCache<ReturnType<typeof entry>>(10);
    cache.put(entry('a', 1));
    cache.delete('a');
    expect([cache.get('a'), cache.byThread('t-a'), cache.size]).toEqual([undefined, undefined, 0]);
  });
});
