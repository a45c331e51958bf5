import type { Json } from '../core/index.ts';

/** The queues of issue "Asynchronous play": turn reminders, turn deadlines, outbox retries, dormancy checks. */
export const QUEUES = ['reminder', 'deadline', 'delivery', 'dormancy'] as const;
export type QueueName = (typeof QUEUES)[number];

/**
 * What a job carries: the game and the seq it was scheduled for, so a job that wakes up to a game that
 * has moved on can be recognised and dropped. Extra fields must be JSON (they cross Redis).
 */
export interface JobData {
  readonly gameId: string;
  readonly seq: number;
  readonly seat?: number;
  readonly [extra: string]: Json | undefined;
}

export interface ScheduleRequest {
  readonly queue: QueueName;
  /** Unique within the queue; scheduling a key again replaces the previous job (e.g. `g42/seat1`). */
  readonly key: string;
  readonly at: Date;
  readonly data: JobData;
}

/** Where a job lives: its queue and its key there. */
export interface JobKey {
  readonly queue: QueueName;
  readonly key: string;
}

/** A due item as PostgreSQL holds it: the same shape as a schedule request, so a rebuild is a replay. */
export type DueItem = ScheduleRequest;

/**
 * One firing of one job. `fireId` is derived from queue, key, seq and time only, so the same due item
 * rebuilt by two processes (or after a restart) has the same identity and can be claimed once.
 */
export interface FireTicket {
  readonly queue: QueueName;
  readonly key: string;
  readonly fireId: string;
  readonly gameId: string;
  readonly seq: number;
  readonly seat?: number;
  readonly data: JobData;
  /** The time the job was scheduled for. */
  readonly at: Date;
  /** 1 for the first try, then 2, 3… after the handler failed. */
  readonly attempt: number;
}

export type JobHandler = (ticket: FireTicket) => Promise<void> | void;

/**
 * Idempotent claim checked before every attempt, implemented by the lead over PostgreSQL: return
 * `true` only when the game is still at `ticket.seq` and nobody claimed this `(fireId, attempt)` yet
 * (e.g. an insert guarded by a unique index). It is the second lock behind BullMQ's one-worker-per-job,
 * so two processes never send the same reminder twice even after a rebuild re-adds a job.
 */
export interface ClaimPort {
  claim(ticket: FireTicket): Promise<boolean>;
}

/** What is due, read from PostgreSQL at start-up so a restart or a flushed Redis loses nothing. */
export interface DueStore {
  listDue(): Promise<readonly DueItem[]>;
}

/** A job currently waiting in a scheduler (for inspection, `!advance` transcripts and tests). */
export interface PendingJob {
  readonly queue: QueueName;
  readonly key: string;
  readonly at: Date;
  readonly data: JobData;
  readonly fireId: string;
  readonly attempt: number;
}

/** What `/healthz` and `/metrics` say about the queue: which one runs and whether it keeps up. */
export interface SchedulerHealth {
  readonly queue: 'bullmq' | 'in-process';
  readonly state: 'ok' | 'degraded';
  /** Why it is degraded (Redis unreachable, writes waiting for the next resync). */
  readonly reason?: string;
}

/** Same interface whether BullMQ on Redis or the in-process fallback runs underneath. */
export interface Scheduler {
  readonly kind: 'bullmq' | 'in-process';
  /** The queue's state now, without a round trip (Redis trouble makes it `degraded`, never a hang). */
  health(): SchedulerHealth;
  /** Adds a job, replacing any job already scheduled under the same queue and key. */
  schedule(request: ScheduleRequest): Promise<void>;
  cancel(queue: QueueName, key: string): Promise<void>;
  /**
   * Cancels `cancels`, then schedules `requests`, as many `cancel` and `schedule` calls would, in one
   * batch (one timer update in process, pipelined round trips on Redis): a change to a member's 1,000
   * games moves thousands of jobs at once.
   */
  apply(requests: readonly ScheduleRequest[], cancels?: readonly JobKey[]): Promise<void>;
  /** Registers the handler of a queue; call before `start()`. One handler per queue. */
  handle(queue: QueueName, handler: JobHandler): void;
  start(): Promise<void>;
  /** Stops firing and releases connections and timers; pending jobs stay where they are kept. */
  stop(): Promise<void>;
  /** Schedules every due item (from {@link DueStore.listDue}); items already queued are left as they are. */
  rebuild(items: readonly DueItem[]): Promise<void>;
  pending(queue: QueueName): Promise<readonly PendingJob[]>;
}

/** Retry behaviour when a handler throws (delivery retries rely on it). */
export interface RetryOptions {
  /** Total tries including the first. */
  readonly attempts: number;
  /** Delay before try n+1 is `backoffMs * 2^(n-1)`. */
  readonly backoffMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 5, backoffMs: 5_000 };

/** Reports a handler failure or a claim failure; the job is retried according to {@link RetryOptions}. */
export type ErrorReporter = (error: unknown, ticket: FireTicket) => void;

/** The identity of one firing: stable across processes and rebuilds (see {@link FireTicket.fireId}). */
export function fireIdOf(request: ScheduleRequest): string {
  return `${request.queue}.${encodeURIComponent(request.key)}.${request.data.seq}.${request.at.getTime()}`;
}

/** Wait before the next try after `attemptMade` failed tries: the same exponential curve BullMQ uses. */
export function retryDelay(retry: RetryOptions, attemptMade: number): number {
  return retry.backoffMs * 2 ** Math.max(0, attemptMade - 1);
}
