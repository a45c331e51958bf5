import {
  DEFAULT_RETRY,
  fireIdOf,
  retryDelay,
  type ClaimPort,
  type DueItem,
  type ErrorReporter,
  type FireTicket,
  type JobHandler,
  type JobKey,
  type PendingJob,
  type QueueName,
  type RetryOptions,
  type SchedulerHealth,
  type ScheduleRequest,
  type Scheduler,
} from './types.ts';

/** Where the in-process scheduler reads the time. */
export interface Clock {
  now(): number;
}

/** A clock that moves only when told: transcripts (`!advance`) and tests drive time with it. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: number | Date) {
    this.#now = typeof start === 'number' ? start : start.getTime();
  }
  now(): number {
    return this.#now;
  }
  set(at: number | Date): void {
    this.#now = typeof at === 'number' ? at : at.getTime();
  }
  advance(ms: number): void {
    this.#now += ms;
  }
}

/**
 * Real time shifted by an offset that `advance` grows: the local sandbox and transcripts, where timers
 * run as in production and `!advance 25h` jumps ahead. Time never goes back, so outbox rows stamped by
 * the database (real time) are always due.
 */
export class OffsetClock implements Clock {
  #offset: number;
  constructor(start?: number | Date) {
    this.#offset = start === undefined ? 0 : Math.max(0, (typeof start === 'number' ? start : start.getTime()) - Date.now());
  }
  now(): number {
    return Date.now() + this.#offset;
  }
  set(at: number | Date): void {
    const target = typeof at === 'number' ? at : at.getTime();
    this.#offset = Math.max(this.#offset, target - Date.now());
  }
  advance(ms: number): void {
    this.#offset += ms;
  }
}

type SteerableClock = ManualClock | OffsetClock;

/** Real time: the production clock of the in-process scheduler. */
export const systemClock: Clock = { now: () => Date.now() };

export interface InProcessOptions {
  /** A {@link ManualClock} means time moves only through `advance`/`runDue`; otherwise real timers run. */
  readonly clock?: Clock;
  readonly claim?: ClaimPort;
  readonly retry?: RetryOptions;
  readonly onError?: ErrorReporter;
}

interface Entry {
  readonly request: ScheduleRequest;
  readonly fireId: string;
  readonly attempt: number;
  readonly dueAt: number;
  readonly order: number;
}

/** setTimeout's ceiling (2^31-1 ms, about 24.8 days); longer waits re-arm. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The scheduler without Redis: what `npm start` uses on a fresh machine and what `!advance` drives in
 * transcripts. Same semantics as the BullMQ one (replacement by key, claim before each attempt,
 * retries with backoff); nothing survives the process, which is why start-up rebuilds from PostgreSQL.
 */
export class InProcessScheduler implements Scheduler {
  readonly kind = 'in-process' as const;
  readonly clock: Clock;
  readonly #manual: boolean;
  readonly #claim: ClaimPort | undefined;
  readonly #retry: RetryOptions;
  readonly #onError: ErrorReporter;
  /** The current job of each queue and key. */
  readonly #entries = new Map<string, Entry>();
  /**
   * Per queue, entries by due time. An entry replaced or cancelled stays in its heap until it surfaces
   * (it is skipped then: only the entry `#entries` holds is current), so a change costs O(log n)
   * instead of a sort of the whole queue.
   */
  readonly #heaps = new Map<QueueName, EntryHeap>();
  readonly #handlers = new Map<QueueName, JobHandler>();
  #order = 0;
  #running = false;
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<number> | undefined;

  constructor(options: InProcessOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.#manual = this.clock instanceof ManualClock;
    this.#claim = options.claim;
    this.#retry = options.retry ?? DEFAULT_RETRY;
    this.#onError = options.onError ?? defaultReporter;
  }

  health(): SchedulerHealth {
    return { queue: 'in-process', state: 'ok' };
  }

  async schedule(request: ScheduleRequest): Promise<void> {
    this.#put(this.#entryOf(request));
    this.#arm();
  }

  async cancel(queue: QueueName, key: string): Promise<void> {
    this.#entries.delete(slot(queue, key));
    this.#arm();
  }

  async apply(requests: readonly ScheduleRequest[], cancels: readonly JobKey[] = []): Promise<void> {
    for (const { queue, key } of cancels) this.#entries.delete(slot(queue, key));
    for (const request of requests) this.#put(this.#entryOf(request));
    this.#arm();
  }

  handle(queue: QueueName, handler: JobHandler): void {
    if (this.#handlers.has(queue)) throw new Error(`scheduler: queue ${queue} already has a handler`);
    this.#handlers.set(queue, handler);
  }

  async start(): Promise<void> {
    this.#running = true;
    this.#arm();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#disarm();
    await this.#draining;
  }

  async rebuild(items: readonly DueItem[]): Promise<void> {
    for (const item of items) {
      const existing = this.#entries.get(slot(item.queue, item.key));
      if (existing?.fireId === fireIdOf(item)) continue;
      this.#put(this.#entryOf(item));
    }
    this.#arm();
  }

  /** The earliest pending job over every queue with a handler (stepping `!advance` one firing at a time). */
  nextDueAt(): number | undefined {
    return this.#nextDue()?.dueAt;
  }

  async pending(queue: QueueName): Promise<readonly PendingJob[]> {
    return [...this.#entries.values()]
      .filter((e) => e.request.queue === queue)
      .sort(byDue)
      .map((e) => ({ ...e.request, at: new Date(e.dueAt), fireId: e.fireId, attempt: e.attempt }));
  }

  /**
   * Moves a {@link ManualClock} (or an {@link OffsetClock}) forward by `ms`, firing every job that falls due on the way in time
   * order (the clock stands at each job's time while its handler runs). Returns how many fired.
   */
  async advance(ms: number): Promise<number> {
    if (!(this.clock instanceof ManualClock) && !(this.clock instanceof OffsetClock)) throw new Error('scheduler: advance() needs a ManualClock or an OffsetClock');
    const clock: SteerableClock = this.clock;
    const target = clock.now() + ms;
    let fired = 0;
    for (;;) {
      const next = this.#nextDue();
      if (!next || next.dueAt > target) break;
      if (next.dueAt > clock.now()) clock.set(next.dueAt);
      fired += await this.runDue();
    }
    clock.set(Math.max(target, clock.now()));
    return fired;
  }

  /** Fires every job due at the clock's current time (including retries that fall due meanwhile). */
  async runDue(): Promise<number> {
    while (this.#draining) await this.#draining;
    this.#draining = this.#drain();
    try {
      return await this.#draining;
    } finally {
      this.#draining = undefined;
      this.#arm();
    }
  }

  async #drain(): Promise<number> {
    let fired = 0;
    for (;;) {
      const due = this.#nextDue();
      if (!due || due.dueAt > this.clock.now()) return fired;
      this.#entries.delete(slot(due.request.queue, due.request.key));
      if (await this.#fire(due)) fired++;
    }
  }

  async #fire(entry: Entry): Promise<boolean> {
    const handler = this.#handlers.get(entry.request.queue);
    if (!handler) return false;
    const ticket = ticketOf(entry);
    try {
      if (this.#claim && !(await this.#claim.claim(ticket))) return false;
      await handler(ticket);
      return true;
    } catch (error) {
      this.#onError(error, ticket);
      const key = slot(entry.request.queue, entry.request.key);
      if (entry.attempt < this.#retry.attempts && !this.#entries.has(key)) {
        this.#put({ ...entry, attempt: entry.attempt + 1, dueAt: this.clock.now() + retryDelay(this.#retry, entry.attempt), order: this.#order++ });
        this.#arm();
      }
      return false;
    }
  }

  #entryOf(request: ScheduleRequest): Entry {
    return { request, fireId: fireIdOf(request), attempt: 1, dueAt: request.at.getTime(), order: this.#order++ };
  }

  /** Makes `entry` the current job of its key (the caller re-arms the timer, once per batch). */
  #put(entry: Entry): void {
    this.#entries.set(slot(entry.request.queue, entry.request.key), entry);
    let heap = this.#heaps.get(entry.request.queue);
    if (!heap) {
      heap = new EntryHeap();
      this.#heaps.set(entry.request.queue, heap);
    }
    heap.push(entry);
    if (heap.size > 2 * this.#entries.size + 64) heap.keep((e) => this.#entries.get(slot(e.request.queue, e.request.key)) === e);
  }

  /** The earliest current entry of a queue with a handler; entries no longer current are dropped on the way. */
  #nextDue(): Entry | undefined {
    let next: Entry | undefined;
    for (const [queue, heap] of this.#heaps) {
      if (!this.#handlers.has(queue)) continue;
      const top = this.#current(heap);
      if (top && (!next || byDue(top, next) < 0)) next = top;
    }
    return next;
  }

  #current(heap: EntryHeap): Entry | undefined {
    const live = (e: Entry) => this.#entries.get(slot(e.request.queue, e.request.key)) === e;
    for (let top = heap.peek(); top; top = heap.peek()) {
      if (live(top)) return top;
      heap.pop();
    }
    return undefined;
  }

  #arm(): void {
    this.#disarm();
    if (!this.#running || this.#manual || this.#draining) return;
    const next = this.#nextDue();
    if (!next) return;
    const wait = Math.min(Math.max(0, next.dueAt - this.clock.now()), MAX_TIMER_MS);
    this.#timer = setTimeout(() => void this.runDue(), wait);
    this.#timer.unref();
  }

  #disarm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/** A binary min-heap of entries by due time, then by scheduling order. */
class EntryHeap {
  #items: Entry[] = [];

  get size(): number {
    return this.#items.length;
  }

  peek(): Entry | undefined {
    return this.#items[0];
  }

  push(entry: Entry): void {
    const items = this.#items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (byDue(items[i] as Entry, items[parent] as Entry) >= 0) break;
      [items[i], items[parent]] = [items[parent] as Entry, items[i] as Entry];
      i = parent;
    }
  }

  pop(): Entry | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < items.length && byDue(items[l] as Entry, items[least] as Entry) < 0) least = l;
      if (r < items.length && byDue(items[r] as Entry, items[least] as Entry) < 0) least = r;
      if (least === i) return top;
      [items[i], items[least]] = [items[least] as Entry, items[i] as Entry];
      i = least;
    }
  }

  /** Drops every entry `keep` refuses and restores the heap order (when stale entries pile up). */
  keep(keep: (entry: Entry) => boolean): void {
    const kept = this.#items.filter(keep).sort(byDue);
    this.#items = kept;
  }
}

function slot(queue: QueueName, key: string): string {
  return `${queue}\u0000${key}`;
}

function byDue(a: Entry, b: Entry): number {
  return a.dueAt - b.dueAt || a.order - b.order;
}

function ticketOf(entry: Entry): FireTicket {
  const { request } = entry;
  return {
    queue: request.queue,
    key: request.key,
    fireId: entry.fireId,
    gameId: request.data.gameId,
    seq: request.data.seq,
    ...(request.data.seat === undefined ? {} : { seat: request.data.seat }),
    data: request.data,
    at: request.at,
    attempt: entry.attempt,
  };
}

/** Default {@link ErrorReporter}: a handler failure must never be silent. */
export const defaultReporter: ErrorReporter = (error, ticket) => {
  console.error(`scheduler: ${ticket.queue}/${ticket.key} attempt ${ticket.attempt} failed`, error);
};
