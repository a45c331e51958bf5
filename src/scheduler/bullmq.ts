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
} from './types.ts';

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
}

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
  readonly #connection: { url: string; maxRetriesPerRequest: null };
  readonly #redis: Redis;
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
    this.#redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
    this.#claim = options.claim;
    this.#retry = options.retry ?? DEFAULT_RETRY;
    this.#onError = options.onError ?? defaultReporter;
    this.#concurrency = options.concurrency ?? 8;
    this.#onConnectionError = options.onConnectionError ?? ((error) => console.warn(`scheduler: redis: ${error.message}`));
    this.#redis.on('error', (error: Error) => this.#onConnectionError(error));
  }

  async schedule(request: ScheduleRequest): Promise<void> {
    const jobId = fireIdOf(request);
    const previous = (await this.#redis.eval(SWAP, 1, this.#currentKey(request.queue), request.key, jobId)) as string | null;
    const queue = this.#queue(request.queue);
    if (previous && previous !== jobId) await queue.remove(previous).catch(() => 0);
    const job = this.#job(request);
    await queue.add(job.name, job.data, job.opts);
  }

  async cancel(queue: QueueName, key: string): Promise<void> {
    const previous = (await this.#redis.eval(TAKE, 1, this.#currentKey(queue), key)) as string | null;
    if (previous) await this.#queue(queue).remove(previous).catch(() => 0);
  }

  /**
   * The batch form of `cancel` and `schedule`: the key swaps go out as one pipeline, then the superseded
   * jobs are removed while the new ones are added with one `addBulk` per queue (their ids differ).
   */
  async apply(requests: readonly ScheduleRequest[], cancels: readonly JobKey[] = []): Promise<void> {
    if (requests.length === 0 && cancels.length === 0) return;
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
    await Promise.all(this.#workers.map((w) => w.waitUntilReady()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.#workers.splice(0).map((w) => w.close()));
    await Promise.all([...this.#queues.values()].map((q) => q.close()));
    this.#queues.clear();
    if (this.#redis.status === 'wait') this.#redis.disconnect();
    else if (this.#redis.status !== 'end') await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  async rebuild(items: readonly DueItem[]): Promise<void> {
    for (const item of items) await this.schedule(item);
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
      queue = new Queue(name, { connection: this.#connection, prefix: this.prefix });
      queue.on('error', (error) => this.#onConnectionError(error));
      this.#queues.set(name, queue);
    }
    return queue;
  }

  #currentKey(queue: QueueName): string {
    return `${this.prefix}:turnkeeper-current:${queue}`;
  }
}
