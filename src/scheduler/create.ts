import type { BullScheduler } from './bullmq.ts';
import { InProcessScheduler, type Clock } from './in-process.ts';
import type { ClaimPort, DueItem, ErrorReporter, RetryOptions, Scheduler } from './types.ts';

export interface CreateSchedulerOptions {
  /** `REDIS_URL`; without it the in-process scheduler runs (a fresh machine, transcripts). */
  readonly redisUrl?: string | undefined;
  /** In-process only: a `ManualClock` makes time move only through `advance`/`runDue`. */
  readonly clock?: Clock;
  /** BullMQ only: Redis key prefix. */
  readonly prefix?: string;
  readonly claim?: ClaimPort;
  readonly retry?: RetryOptions;
  readonly onError?: ErrorReporter;
  /** BullMQ only: the database's due items, for the resync on reconnect and every `resyncEveryMs`. */
  readonly source?: () => Promise<readonly DueItem[]>;
  readonly resyncEveryMs?: number;
  /** BullMQ only: Redis connection trouble and deferred writes (default: a line on stderr). */
  readonly onConnectionError?: (error: Error) => void;
}

/**
 * BullMQ when a Redis URL is given, otherwise the in-process fallback with the same interface. BullMQ and
 * ioredis are imported only then, so a process without Redis never loads them.
 */
export async function createScheduler(options: CreateSchedulerOptions & { redisUrl: string }): Promise<BullScheduler>;
export async function createScheduler(options?: CreateSchedulerOptions & { redisUrl?: undefined }): Promise<InProcessScheduler>;
export async function createScheduler(options?: CreateSchedulerOptions): Promise<Scheduler>;
export async function createScheduler(options: CreateSchedulerOptions = {}): Promise<Scheduler> {
  const common = {
    ...(options.claim ? { claim: options.claim } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  };
  if (options.redisUrl) {
    const { BullScheduler } = await import('./bullmq.ts');
    return new BullScheduler({
      redisUrl: options.redisUrl,
      ...(options.prefix ? { prefix: options.prefix } : {}),
      ...(options.source ? { source: options.source } : {}),
      ...(options.resyncEveryMs === undefined ? {} : { resyncEveryMs: options.resyncEveryMs }),
      ...(options.onConnectionError ? { onConnectionError: options.onConnectionError } : {}),
      ...common,
    });
  }
  return new InProcessScheduler({ ...(options.clock ? { clock: options.clock } : {}), ...common });
}
