import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { defaultReporter } from './in-process.ts';
import {
  DEFAULT_RETRY,
  fireIdOf,
  type ClaimPort,
  type DueItem,
  type ErrorReporter,
  type FireTicket,
  type JobData,
  type JobHandler,
  type JobKey,
  type PendingJob,
  type QueueName,
  type RetryOptions,
  type ScheduleRequest,
  type Scheduler,
  type SchedulerHealth,
} from './types.ts';

/** `promise`, or a rejection naming `what` once `ms` have passed (the promise is left to settle alone). */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: Redis did not answer within ${ms} ms`)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export interface BullSchedulerOptions {
  readonly redisUrl: string;
  /** Namespaces every Redis key (BullMQ's `prefix`); tests use one per test. Default `turnkeeper`. */
  readonly prefix?: string;
  readonly claim?: ClaimPort;
  readonly retry?: RetryOptions;
  readonly onError?: ErrorReporter;
  /** Jobs one worker runs at once per queue. */
  readonly concurrency?: number;
  /** Redis connection trouble (BullMQ reconnects by itself); default: a line on stderr. */
  readonly onConnectionError?: (error: Error) => void;
  /**
   * The database's due items (the truth). With it, the queue is reconciled with the database when Redis
   * comes back after an error and every `resyncEveryMs`; without it, only `rebuild` re-adds jobs.
   */
  readonly source?: () => Promise<readonly DueItem[]>;
  /** Cadence of the cheap "did Redis lose our jobs?" check (a sentinel key); default 30 s. */
  readonly resyncEveryMs?: number;
  /** Bound of every Redis call made for a command or a delivery, and of `start()`; default 1,500 ms. */
  readonly timeoutMs?: number;
  /** A resync finished (for logs and tests). */
  readonly onResync?: (report: ResyncReport) => void;
}

/** What one reconcile of the queue with the database did. */
export interface ResyncReport {
  /** `lost`: the sentinel was gone (Redis lost its data); `dirty`: writes failed while Redis was away. */
  readonly reason: 'lost' | 'dirty' | 'forced';
  readonly added: number;
  readonly cancelled: number;
  readonly ms: number;
}

/** Jobs re-added per round trip during a resync. */
const RESYNC_BATCH = 1_000;

interface Payload {
  readonly key: string;
  readonly at: number;
  readonly data: JobData;
}

/** Replaces the current job id of a key and returns the previous one (atomic, so two writers agree). */
const SWAP = `local old = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return old`;
/** Removes the current job id of a key and returns it. */
const TAKE = `local old = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
return old`;
/** Forgets the key only if it still points at the given job (a handler may have scheduled a successor). */
const RELEASE = `if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0`;

const KEEP_FINISHED_S = 24 * 3600;

/** One job as `Queue.add` and `Queue.addBulk` take it. */
interface BullJob {
  readonly name: string;
  readonly data: Payload;
  readonly opts: JobsOptions;
}

/**
 * BullMQ on Redis: one queue per {@link QueueName}, delayed jobs, one worker per job. The job id is the
 * firing's identity ({@link fireIdOf}, no `:` as BullMQ requires), so re-adding the same due item after a
 * restart or from a second process is a no-op. A per-queue hash maps each key to its current job id:
 * replacement and cancellation update it, and a job that is no longer current does nothing when it fires.
 */
export class BullScheduler implements Scheduler {
  readonly kind = 'bullmq' as const;
  readonly prefix: string;
  /** What BullMQ Workers require: blocking commands, retried without limit, reconnecting by themselves. */
  readonly #connection: { url: string; maxRetriesPerRequest: null };
  /**
   * The producer side (our own keys and every Queue): no offline queue, one retry, a command timeout, so
   * a command or a delivery never waits on Redis longer than `timeoutMs`.
   */
  readonly #redis: Redis;
  readonly #timeoutMs: number;
  readonly #source: (() => Promise<readonly DueItem[]>) | undefined;
  readonly #resyncEveryMs: number;
  readonly #onResync: ((report: ResyncReport) => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #resyncing: Promise<ResyncReport | undefined> | undefined;
  /** A write failed since the last resync: the queue may miss or keep jobs the database changed. */
  #dirty = false;
  #lastError: string | undefined;
  #wasDown = false;
  #stopped = false;
  readonly #claim: ClaimPort | undefined;
  readonly #retry: RetryOptions;
  readonly #onError: ErrorReporter;
  readonly #concurrency: number;
  readonly #onConnectionError: (error: Error) => void;
  readonly #queues = new Map<QueueName, Queue>();
  readonly #workers: Worker[] = [];
  readonly #handlers = new Map<QueueName, JobHandler>();

  constructor(options: BullSchedulerOptions) {
    this.prefix = options.prefix ?? 'turnkeeper';
    this.#connection = { url: options.redisUrl, maxRetriesPerRequest: null };
    this.#timeoutMs = options.timeoutMs ?? 1_500;
    this.#redis = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: this.#timeoutMs,
      connectTimeout: this.#timeoutMs,
      retryStrategy: (times) => Math.min(100 * times, 2_000),
    });
    this.#source = options.source;
    this.#resyncEveryMs = options.resyncEveryMs ?? 30_000;
    this.#onResync = options.onResync;
    this.#claim = options.claim;
    this.#retry = options.retry ?? DEFAULT_RETRY;
    this.#onError = options.onError ?? defaultReporter;
    this.#concurrency = options.concurrency ?? 8;
    this.#onConnectionError = options.onConnectionError ?? ((error) => console.warn(`scheduler: redis: ${error.message}`));
    this.#redis.on('error', (error: Error) => {
      this.#lastError = error.message;
      this.#wasDown = true;
      this.#onConnectionError(error);
    });
    this.#redis.on('close', () => {
      if (!this.#stopped) this.#wasDown = true;
    });
    this.#redis.on('ready', () => {
      if (!this.#wasDown || this.#stopped) return;
      this.#wasDown = false;
      this.resync().catch(() => undefined);
    });
  }

  health(): SchedulerHealth {
    const status = this.#redis.status;
    if (status !== 'ready') return { queue: 'bullmq', state: 'degraded', reason: `redis ${status}${this.#lastError ? `: ${this.#lastError}` : ''}` };
    if (this.#dirty) return { queue: 'bullmq', state: 'degraded', reason: 'queue writes failed while Redis was away; waiting for the resync' };
    return { queue: 'bullmq', state: 'ok' };
  }

  /**
   * Runs a producer-side write within `timeoutMs`; when Redis is away it records the scheduler as degraded
   * and returns (the database row is written already, the next resync puts the job back).
   */
  async #guard(what: string, write: () => Promise<void>): Promise<void> {
    try {
      await this.#ready();
      await withTimeout(write(), this.#timeoutMs, what);
    } catch (error) {
      this.#dirty = true;
      this.#lastError = (error as Error).message;
      this.#onConnectionError(new Error(`${what} deferred to the next resync: ${(error as Error).message}`));
    }
  }

  /** Waits for the first connection (bounded); a connection already known down fails at once. */
  async #ready(): Promise<void> {
    const status = this.#redis.status;
    if (status === 'ready') return;
    if (status !== 'connecting' && status !== 'connect' && status !== 'wait') throw new Error(`redis ${status}`);
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        this.#redis.once('ready', resolve);
        this.#redis.once('end', () => reject(new Error('redis end')));
      }),
      this.#timeoutMs,
      'redis connect',
    );
  }

  async schedule(request: ScheduleRequest): Promise<void> {
    await this.#guard('schedule', () => this.#schedule(request));
  }

  async #schedule(request: ScheduleRequest): Promise<void> {
    const jobId = fireIdOf(request);
    const previous = (await this.#redis.eval(SWAP, 1, this.#currentKey(request.queue), request.key, jobId)) as string | null;
    const queue = this.#queue(request.queue);
    if (previous && previous !== jobId) await queue.remove(previous).catch(() => 0);
    const job = this.#job(request);
    await queue.add(job.name, job.data, job.opts);
  }

  async cancel(queue: QueueName, key: string): Promise<void> {
    await this.#guard('cancel', () => this.#cancel(queue, key));
  }

  async #cancel(queue: QueueName, key: string): Promise<void> {
    const previous = (await this.#redis.eval(TAKE, 1, this.#currentKey(queue), key)) as string | null;
    if (previous) await this.#queue(queue).remove(previous).catch(() => 0);
  }

  /**
   * The batch form of `cancel` and `schedule`: the key swaps go out as one pipeline, then the superseded
   * jobs are removed while the new ones are added with one `addBulk` per queue (their ids differ).
   */
  async apply(requests: readonly ScheduleRequest[], cancels: readonly JobKey[] = []): Promise<void> {
    if (requests.length === 0 && cancels.length === 0) return;
    await this.#guard('apply', () => this.#apply(requests, cancels));
  }

  async #apply(requests: readonly ScheduleRequest[], cancels: readonly JobKey[] = []): Promise<void> {
    const pipeline = this.#redis.pipeline();
    for (const { queue, key } of cancels) pipeline.eval(TAKE, 1, this.#currentKey(queue), key);
    const ids = requests.map(fireIdOf);
    requests.forEach((request, i) => pipeline.eval(SWAP, 1, this.#currentKey(request.queue), request.key, ids[i] as string));
    const answers = (await pipeline.exec()) ?? [];
    const failed = answers.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
    const superseded: { queue: QueueName; id: string }[] = [];
    answers.forEach(([, previous], i) => {
      const queue = i < cancels.length ? cancels[i]?.queue : requests[i - cancels.length]?.queue;
      const replacing = i < cancels.length ? undefined : ids[i - cancels.length];
      if (queue && typeof previous === 'string' && previous !== replacing) superseded.push({ queue, id: previous });
    });
    const byQueue = new Map<QueueName, BullJob[]>();
    for (const request of requests) {
      const list = byQueue.get(request.queue) ?? [];
      list.push(this.#job(request));
      byQueue.set(request.queue, list);
    }
    await Promise.all([
      ...superseded.map(({ queue, id }) => this.#queue(queue).remove(id).catch(() => 0)),
      ...[...byQueue].map(([queue, jobs]) => this.#queue(queue).addBulk(jobs)),
    ]);
  }

  handle(queue: QueueName, handler: JobHandler): void {
    if (this.#handlers.has(queue)) throw new Error(`scheduler: queue ${queue} already has a handler`);
    this.#handlers.set(queue, handler);
  }

  async start(): Promise<void> {
    if (this.#workers.length > 0) return;
    for (const [name, handler] of this.#handlers) {
      const worker = new Worker(name, (job: Job<Payload>) => this.#process(name, handler, job), {
        connection: this.#connection,
        prefix: this.prefix,
        concurrency: this.#concurrency,
      });
      worker.on('error', (error) => this.#onConnectionError(error));
      this.#workers.push(worker);
    }
    if (this.#source && this.#resyncEveryMs > 0) {
      this.#timer = setInterval(() => void this.resync().catch(() => undefined), this.#resyncEveryMs);
      this.#timer.unref();
    }
    // Bounded: with Redis down the workers keep connecting in the background and the bot goes on.
    // A refused connection ends the wait at once instead of at the bound.
    let onError: ((error: Error) => void) | undefined;
    const refused = new Promise<never>((_, reject) => {
      onError = (error) => reject(error);
      this.#redis.once('error', onError);
    });
    refused.catch(() => undefined);
    const connected = Promise.race([Promise.all(this.#workers.map((w) => w.waitUntilReady())), refused]);
    await withTimeout(connected, this.#timeoutMs, 'workers connect').finally(() => onError && this.#redis.off('error', onError)).catch((error: Error) => {
      this.#lastError = error.message;
      this.#wasDown = true;
      this.#onConnectionError(new Error(`scheduler started without Redis (${error.message}); workers connect when it comes`));
    });
  }

  /**
   * Reconciles the queue with the database. Cheap when nothing happened: one GET of the sentinel key
   * written at the last full resync. When the sentinel is gone (Redis lost its data), when a write failed
   * while Redis was away, or when `force`d: every due item is re-added in batches (idempotent: the job id
   * is the firing's identity) and keys the database no longer holds are cancelled. One at a time.
   */
  resync(force = false): Promise<ResyncReport | undefined> {
    if (this.#resyncing) return this.#resyncing;
    this.#resyncing = this.#resync(force).finally(() => (this.#resyncing = undefined));
    return this.#resyncing;
  }

  async #resync(force: boolean): Promise<ResyncReport | undefined> {
    if (!this.#source || this.#stopped || this.#redis.status !== 'ready') return undefined;
    const started = performance.now();
    const dirty = this.#dirty;
    const sentinel = await withTimeout(this.#redis.get(this.#sentinelKey()), this.#timeoutMs, 'resync check');
    if (sentinel !== null && !dirty && !force) return undefined;
    this.#dirty = false;
    try {
      const items = await this.#source();
      const wanted = new Set(items.map((item) => `${item.queue}\u0000${item.key}`));
      const queues = [...new Set([...this.#handlers.keys(), ...items.map((item) => item.queue)])];
      const cancels: JobKey[] = [];
      for (const queue of queues) {
        const keys = await withTimeout(this.#redis.hkeys(this.#currentKey(queue)), this.#timeoutMs * 4, 'resync read');
        for (const key of keys) if (!wanted.has(`${queue}\u0000${key}`)) cancels.push({ queue, key });
      }
      for (let i = 0; i < Math.max(items.length, cancels.length); i += RESYNC_BATCH) {
        await withTimeout(this.#apply(items.slice(i, i + RESYNC_BATCH), cancels.slice(i, i + RESYNC_BATCH)), this.#timeoutMs * 4, 'resync write');
      }
      await withTimeout(this.#redis.set(this.#sentinelKey(), String(Date.now())), this.#timeoutMs, 'resync sentinel');
      const report: ResyncReport = { reason: force ? 'forced' : sentinel === null ? 'lost' : 'dirty', added: items.length, cancelled: cancels.length, ms: Math.round(performance.now() - started) };
      this.#onResync?.(report);
      return report;
    } catch (error) {
      this.#dirty = true;
      throw error;
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#resyncing?.catch(() => undefined);
    // Bounded too: a worker still waiting for a Redis that is down is disconnected instead.
    const force = this.#redis.status !== 'ready';
    await Promise.all(this.#workers.splice(0).map((w) => withTimeout(w.close(force), this.#timeoutMs * 2, 'worker close').catch(() => w.disconnect())));
    await Promise.all([...this.#queues.values()].map((q) => q.close()));
    this.#queues.clear();
    if (this.#redis.status === 'wait') this.#redis.disconnect();
    else if (this.#redis.status !== 'end') await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  /** Re-adds every due item in batches (idempotent) and marks the queue complete with the sentinel key. */
  async rebuild(items: readonly DueItem[]): Promise<void> {
    try {
      await this.#ready();
      for (let i = 0; i < items.length; i += RESYNC_BATCH) {
        await withTimeout(this.#apply(items.slice(i, i + RESYNC_BATCH)), this.#timeoutMs * 4, 'rebuild');
      }
      await withTimeout(this.#redis.set(this.#sentinelKey(), String(Date.now())), this.#timeoutMs, 'rebuild sentinel');
    } catch (error) {
      this.#dirty = true;
      this.#lastError = (error as Error).message;
      this.#onConnectionError(new Error(`rebuild deferred to the next resync: ${(error as Error).message}`));
    }
  }

  async pending(queue: QueueName): Promise<readonly PendingJob[]> {
    const current = new Set(Object.values(await this.#redis.hgetall(this.#currentKey(queue))));
    const jobs = (await this.#queue(queue).getJobs(['delayed', 'waiting', 'prioritized'])) as Job<Payload>[];
    return jobs
      .filter((job) => job.id !== undefined && current.has(job.id))
      .map((job) => ({
        queue,
        key: job.data.key,
        at: new Date(job.data.at),
        data: job.data.data,
        fireId: job.id ?? '',
        attempt: job.attemptsMade + 1,
      }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  async #process(queue: QueueName, handler: JobHandler, job: Job<Payload>): Promise<void> {
    const { key, at, data } = job.data;
    const currentKey = this.#currentKey(queue);
    if ((await this.#redis.hget(currentKey, key)) !== job.id) return;
    const ticket: FireTicket = {
      queue,
      key,
      fireId: job.id,
      gameId: data.gameId,
      seq: data.seq,
      ...(data.seat === undefined ? {} : { seat: data.seat }),
      data,
      at: new Date(at),
      attempt: job.attemptsMade + 1,
    };
    try {
      if (this.#claim && !(await this.#claim.claim(ticket))) {
        await this.#redis.eval(RELEASE, 1, currentKey, key, job.id);
        return;
      }
      await handler(ticket);
    } catch (error) {
      this.#onError(error, ticket);
      if (ticket.attempt >= this.#retry.attempts) await this.#redis.eval(RELEASE, 1, currentKey, key, job.id);
      throw error;
    }
    await this.#redis.eval(RELEASE, 1, currentKey, key, job.id);
  }

  /** A request as a BullMQ job: its firing's id, its delay and the retry policy. */
  #job(request: ScheduleRequest): BullJob {
    const payload: Payload = { key: request.key, at: request.at.getTime(), data: request.data };
    return {
      name: request.queue,
      data: payload,
      opts: {
        jobId: fireIdOf(request),
        delay: Math.max(0, request.at.getTime() - Date.now()),
        attempts: this.#retry.attempts,
        backoff: { type: 'exponential', delay: this.#retry.backoffMs },
        removeOnComplete: { age: KEEP_FINISHED_S },
        removeOnFail: { age: 7 * KEEP_FINISHED_S },
      },
    };
  }

  #queue(name: QueueName): Queue {
    let queue = this.#queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.#redis, prefix: this.prefix });
      queue.on('error', (error) => this.#onConnectionError(error));
      this.#queues.set(name, queue);
    }
    return queue;
  }

  #sentinelKey(): string {
    return `${this.prefix}:turnkeeper-synced`;
  }

  #currentKey(queue: QueueName): string {
    return `${this.prefix}:turnkeeper-current:${queue}`;
  }
}
