import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDueStore } from './memory-store.ts';
import type { ClaimPort, ErrorReporter, FireTicket, QueueName, RetryOptions, ScheduleRequest, Scheduler } from './types.ts';

/** How the shared scheduler contract creates and disturbs one implementation. */
export interface SchedulerHarness {
  /** A new scheduler (a new "process") over the same backing store for this prefix. */
  create(options: { prefix: string; claim?: ClaimPort; retry: RetryOptions; onError: ErrorReporter }): Scheduler;
  /** Loses everything the queue backend holds for the prefix (Redis FLUSHDB; in process: nothing kept). */
  wipe(prefix: string): Promise<void>;
}

const RETRY: RetryOptions = { attempts: 3, backoffMs: 20 };

let prefixCounter = 0;
const uniquePrefix = (): string => `tk-test-${process.pid}-${Date.now().toString(36)}-${prefixCounter++}`;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(5);
  }
}

function request(key: string, delayMs: number, seq = 1, queue: QueueName = 'reminder'): ScheduleRequest {
  return { queue, key, at: new Date(Date.now() + delayMs), data: { gameId: 'g1', seq, seat: 1, note: 'x' } };
}

/**
 * The one behaviour both schedulers must show (issue "Asynchronous play"): the in-process fallback runs
 * the same suite as BullMQ, on real timers with delays of tens of milliseconds.
 */
export function describeSchedulerContract(name: string, harness: () => SchedulerHarness): void {
  describe(`${name} scheduler contract`, () => {
    const open: Scheduler[] = [];
    const make = (prefix: string, claim?: ClaimPort): Scheduler => {
      const scheduler = harness().create({ prefix, retry: RETRY, onError: () => undefined, ...(claim ? { claim } : {}) });
      open.push(scheduler);
      return scheduler;
    };
    const recorder = (scheduler: Scheduler, queue: QueueName = 'reminder'): FireTicket[] => {
      const fired: FireTicket[] = [];
      scheduler.handle(queue, (ticket) => void fired.push(ticket));
      return fired;
    };

    afterEach(async () => {
      await Promise.all(open.splice(0).map((s) => s.stop()));
    });

    it('GIVEN a job due in 60 ms WHEN time passes THEN it fires once after its delay with its game, seq, seat and key', async () => {
      const scheduler = make(uniquePrefix());
      const fired = recorder(scheduler);
      await scheduler.start();
      const started = Date.now();
      await scheduler.schedule(request('game:g1:seat:1', 60, 7));
      expect(fired).toHaveLength(0);
      await waitFor(() => fired.length === 1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(50);
      await sleep(60);
      expect(fired).toHaveLength(1);
      expect(fired[0]).toMatchObject({ queue: 'reminder', key: 'game:g1:seat:1', gameId: 'g1', seq: 7, seat: 1, attempt: 1 });
      expect(fired[0]?.data.note).toBe('x');
    });

    it('GIVEN a scheduled key WHEN the same key is scheduled again THEN only the replacement fires', async () => {
      const scheduler = make(uniquePrefix());
      const fired = recorder(scheduler);
      await scheduler.start();
      await scheduler.schedule(request('g1/seat1', 40, 1));
      await scheduler.schedule(request('g1/seat1', 90, 2));
      expect((await scheduler.pending('reminder')).map((j) => j.data.seq)).toEqual([2]);
      await waitFor(() => fired.length === 1);
      await sleep(120);
      expect(fired.map((t) => t.seq)).toEqual([2]);
    });

    it('GIVEN a scheduled key WHEN it is cancelled THEN nothing fires', async () => {
      const scheduler = make(uniquePrefix());
      const fired = recorder(scheduler);
      await scheduler.start();
      await scheduler.schedule(request('g1/seat1', 40));
      await scheduler.cancel('reminder', 'g1/seat1');
      await sleep(150);
      expect(fired).toHaveLength(0);
      expect(await scheduler.pending('reminder')).toEqual([]);
    });

    it('GIVEN jobs scheduled one by one WHEN one batch cancels one, replaces one and adds one THEN exactly the batch\'s jobs fire, once each, the replaced one with its new seq', async () => {
      const scheduler = make(uniquePrefix());
      const fired = recorder(scheduler);
      await scheduler.start();
      for (const key of ['a', 'b', 'c']) await scheduler.schedule(request(key, 60));
      await scheduler.apply([request('b', 120, 2), request('d', 90, 3)], [{ queue: 'reminder', key: 'a' }, { queue: 'reminder', key: 'nothing-here' }]);
      expect((await scheduler.pending('reminder')).map((j) => `${j.key}${j.data.seq}`)).toEqual(['c1', 'd3', 'b2']);
      await waitFor(() => fired.length === 3);
      await sleep(120);
      expect(fired.map((t) => `${t.key}${t.seq}`)).toEqual(['c1', 'd3', 'b2']);
      await scheduler.apply([]);
    });

    it('GIVEN a job scheduled at seq 1 WHEN the game moves on to seq 2 before it wakes THEN the claim refuses and the handler never runs', async () => {
      const store = new MemoryDueStore();
      const scheduler = make(uniquePrefix(), store);
      const fired = recorder(scheduler);
      await scheduler.start();
      const item = request('g1/seat1', 40, 1);
      store.put(item);
      await scheduler.schedule(item);
      store.setGameSeq('g1', 2);
      await sleep(200);
      expect(fired).toHaveLength(0);
    });

    it('GIVEN a handler that schedules the next reminder under its own key WHEN it fires THEN the follow-up fires too', async () => {
      const scheduler = make(uniquePrefix());
      const fired: FireTicket[] = [];
      scheduler.handle('reminder', async (ticket) => {
        fired.push(ticket);
        if (ticket.data.round === 1) {
          await scheduler.schedule({ ...request(ticket.key, 30), data: { ...ticket.data, round: 2 } });
        }
      });
      await scheduler.start();
      await scheduler.schedule({ ...request('g1/seat1', 20), data: { gameId: 'g1', seq: 1, round: 1 } });
      await waitFor(() => fired.length === 2);
      expect(fired.map((t) => t.data.round)).toEqual([1, 2]);
    });

    it('GIVEN a handler that fails once WHEN the job fires THEN it is retried with the next attempt number', async () => {
      const scheduler = make(uniquePrefix());
      const attempts: number[] = [];
      scheduler.handle('delivery', (ticket) => {
        attempts.push(ticket.attempt);
        if (ticket.attempt === 1) throw new Error('discord said 500');
      });
      await scheduler.start();
      await scheduler.schedule(request('outbox-17', 10, 1, 'delivery'));
      await waitFor(() => attempts.length === 2);
      expect(attempts).toEqual([1, 2]);
    });

    it('GIVEN a job due soon WHEN the process stops and a new one rebuilds from the due store THEN it still fires exactly once', async () => {
      const prefix = uniquePrefix();
      const store = new MemoryDueStore();
      const first = make(prefix, store);
      recorder(first);
      await first.start();
      const item = request('g1/seat1', 150);
      store.put(item);
      await first.schedule(item);
      await first.stop();

      const second = make(prefix, store);
      const fired: FireTicket[] = [];
      second.handle('reminder', (ticket) => {
        fired.push(ticket);
        store.remove(ticket.queue, ticket.key);
      });
      await second.rebuild(await store.listDue());
      await second.start();
      await waitFor(() => fired.length === 1);
      await sleep(100);
      expect(fired).toHaveLength(1);
    });

    it('GIVEN scheduled jobs WHEN the queue backend is wiped and the scheduler rebuilds from the due store THEN they still fire', async () => {
      const prefix = uniquePrefix();
      const store = new MemoryDueStore();
      const scheduler = make(prefix, store);
      const fired = recorder(scheduler);
      await scheduler.start();
      for (const key of ['g1/seat0', 'g1/seat1']) {
        const item = request(key, 200);
        store.put(item);
        await scheduler.schedule(item);
      }
      await harness().wipe(prefix);
      await scheduler.rebuild(await store.listDue());
      await waitFor(() => fired.length === 2);
      await sleep(100);
      expect(fired.map((t) => t.key).sort()).toEqual(['g1/seat0', 'g1/seat1']);
    });

    it('GIVEN two processes that both rebuild the same due items WHEN the items fall due THEN each fires exactly once in total', async () => {
      const prefix = uniquePrefix();
      const store = new MemoryDueStore();
      const keys = ['g1/seat0', 'g1/seat1', 'g2/seat0', 'g3/seat2', 'g4/seat1'];
      for (const [i, key] of keys.entries()) store.put(request(key, 60 + i * 5));
      const a = make(prefix, store);
      const b = make(prefix, store);
      const firedA = recorder(a);
      const firedB = recorder(b);
      await Promise.all([a.start(), b.start()]);
      const items = await store.listDue();
      await Promise.all([a.rebuild(items), b.rebuild(items)]);
      await waitFor(() => firedA.length + firedB.length >= keys.length);
      await sleep(150);
      expect([...firedA, ...firedB].map((t) => t.key).sort()).toEqual([...keys].sort());
    });
  });
}
