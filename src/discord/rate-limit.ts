import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** What is counted apart: commands and button presses, and autocomplete (one request per keystroke). */
export type RateBucket = 'command' | 'autocomplete';

/** Hits per user and minute for each bucket. */
export type RateLimits = Readonly<Record<RateBucket, number>>;

const WINDOW_MS = 60_000;

/** A sliding one-minute window per user and bucket: spamming is slowed with a polite answer, nothing else. */
export interface RateLimiter {
  /** Seconds to wait, or 0 when the user may act now (and the hit is counted). */
  take(bucket: RateBucket, userId: string): Promise<number>;
  close(): Promise<void>;
}

/** The window in this process's memory: enough for one process, and the fallback when Redis is absent or down. */
export class InProcessRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly limits: RateLimits, private readonly now: () => number = () => Date.now()) {}

  async take(bucket: RateBucket, userId: string): Promise<number> {
    const now = this.now();
    const key = `${bucket}:${userId}`;
    const recent = (this.hits.get(key) ?? []).filter((at) => now - at < WINDOW_MS);
    if (recent.length >= this.limits[bucket]) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((WINDOW_MS - (now - (recent[0] ?? now))) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) for (const [k, v] of this.hits) if (v.every((at) => now - at >= WINDOW_MS)) this.hits.delete(k);
    return 0;
  }

  async close(): Promise<void> {}
}

/** One sorted set per user and bucket: drop hits older than the window, refuse at the limit, else count this one. */
const TAKE_SCRIPT = `
local key, now, window, limit, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return math.max(1, math.ceil((tonumber(oldest[2]) + window - now) / 1000))
end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return 0`;

/**
 * The window kept in Redis, so every shard and process counts the same hits (issue 14). When Redis does
 * not answer, the in-process window decides meanwhile: a user is never refused because Redis is down.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #fallback: InProcessRateLimiter;
  constructor(
    private readonly redis: Redis,
    private readonly limits: RateLimits,
    private readonly prefix = 'tk:rate',
    private readonly now: () => number = () => Date.now(),
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.#fallback = new InProcessRateLimiter(limits, now);
  }

  async take(bucket: RateBucket, userId: string): Promise<number> {
    try {
      const wait = await this.redis.eval(TAKE_SCRIPT, 1, `${this.prefix}:${bucket}:${userId}`, this.now(), WINDOW_MS, this.limits[bucket], randomUUID());
      return Number(wait);
    } catch (error) {
      this.onError(error);
      return this.#fallback.take(bucket, userId);
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** Redis when a URL is given (ioredis is loaded only then), otherwise the in-process window. */
export async function createRateLimiter(limits: RateLimits, redisUrl?: string, onError?: (error: unknown) => void): Promise<RateLimiter> {
  if (!redisUrl) return new InProcessRateLimiter(limits);
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', (error) => onError?.(error));
  return new RedisRateLimiter(redis, limits, 'tk:rate', () => Date.now(), onError);
}
