import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISCORD_EPOCH, shardOf, SnowflakeGenerator, snowflakeTime } from './snowflake.ts';

describe('SnowflakeGenerator', () => {
  it('GIVEN many ids in the same millisecond WHEN generated THEN they are distinct numeric strings in increasing order', () => {
    const ids = new SnowflakeGenerator();
    const made = Array.from({ length: 5000 }, () => ids.next(1_700_000_000_000));
    expect(new Set(made).size).toBe(made.length);
    expect(made.every((id) => /^\d{17,20}$/.test(id))).toBe(true);
    expect(made.every((id, i) => i === 0 || BigInt(id) > BigInt(made[i - 1] ?? '0'))).toBe(true);
  });

  it('GIVEN a shard and a shard count WHEN an id is made for it THEN Discord\'s rule (id >> 22) % shards routes it there', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n - 1 }))), ([shards, shard]) => {
        const id = new SnowflakeGenerator().nextForShard(shard, shards);
        expect(shardOf(id, shards)).toBe(shard);
      }),
    );
  });

  it('GIVEN an id WHEN its time is read THEN it is the millisecond it was made at', () => {
    const at = Number(DISCORD_EPOCH) + 123_456_789;
    expect(snowflakeTime(new SnowflakeGenerator().next(at)).getTime()).toBe(at);
  });
});
