import type { BullScheduler } from './bullmq.ts';
import { InProcessScheduler, type Clock } from './in-process.ts';
import type { ClaimPort, ErrorReporter, RetryOptions, Scheduler } from './types.ts';

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
    return new BullScheduler({ redisUrl: options.redisUrl, ...(options.prefix ? { prefix: options.prefix } : {}), ...common });
  }
  return new InProcessScheduler({ ...(options.clock ? { clock: options.clock } : {}), ...common });
}
