/** Discord's epoch (2015-01-01T00:00:00Z); snowflakes count milliseconds from it. */
export const DISCORD_EPOCH = 1_420_070_400_000n;

/**
 * Makes realistic, increasing snowflake ids (timestamp << 22 | worker | process | increment), so that
 * discord.js sees the same shapes as in production and `(id >> 22) % shards` routes guilds as Discord does.
 * @see https://discord.com/developers/docs/reference#snowflakes
 */
export class SnowflakeGenerator {
  #lastMs = 0n;
  #increment = 0n;

  constructor(private readonly worker = 1n, private readonly process = 1n) {}

  next(atMs: number = Date.now()): string {
    let ms = BigInt(atMs);
    if (ms < this.#lastMs) ms = this.#lastMs;
    if (ms === this.#lastMs) {
      this.#increment = (this.#increment + 1n) & 0xfffn;
      if (this.#increment === 0n) ms += 1n;
    } else {
      this.#increment = 0n;
    }
    this.#lastMs = ms;
    return (((ms - DISCORD_EPOCH) << 22n) | (this.worker << 17n) | (this.process << 12n) | this.#increment).toString();
  }

  /** An id whose guild routes to `shard` of `shards`: Discord's rule is `(id >> 22) % shards`. */
  nextForShard(shard: number, shards: number): string {
    let ms = BigInt(Math.max(Date.now(), Number(this.#lastMs) + 1));
    while (Number((ms - DISCORD_EPOCH) % BigInt(shards)) !== shard) ms += 1n;
    return this.next(Number(ms));
  }
}

/** The shard a guild's events travel on. @see https://discord.com/developers/docs/events/gateway#sharding */
export const shardOf = (guildId: string, shards: number): number => Number((BigInt(guildId) >> 22n) % BigInt(shards));

/** Creation time of a snowflake. */
export const snowflakeTime = (id: string): Date => new Date(Number((BigInt(id) >> 22n) + DISCORD_EPOCH));
