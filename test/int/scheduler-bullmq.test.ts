import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BullScheduler } from '../../src/scheduler/bullmq.ts';
import { describeSchedulerContract } from '../../src/scheduler/contract.test-helper.ts';
import type { FireTicket, ScheduleRequest } from '../../src/scheduler/types.ts';

/**
 * The scheduler against the real Redis. It uses its own logical database so that "the Redis was
 * flushed" (FLUSHDB there, FLUSHALL from the bot's point of view) does not disturb other suites.
 */
const TEST_DB = 13;
const base = process.env.REDIS_URL;
const url = base ? withDatabase(base, TEST_DB) : undefined;

function withDatabase(redisUrl: string, db: number): string {
  const parsed = new URL(redisUrl);
  parsed.pathname = `/${db}`;
  return parsed.toString();
}

if (!url) {
  describe('BullMQ scheduler (real Redis)', () => {
    it.skip('REDIS_URL is not set: the BullMQ scheduler tests are skipped (set REDIS_URL=redis://127.0.0.1:6379 to run them)', () => {});
  });
  console.warn('scheduler-bullmq.test.ts: REDIS_URL is not set, BullMQ integration tests skipped');
} else {
  const admin = new Redis(url, { maxRetriesPerRequest: null });
  afterAll(async () => {
    await admin.flushdb();
    await admin.quit();
  });
  describeSchedulerContract('BullMQ', () => ({
    create: ({ prefix, claim, retry, onError }) =>
      new BullScheduler({ redisUrl: url, prefix, retry, onError, ...(claim ? { claim } : {}) }),
    wipe: async () => {
      await admin.flushdb();
    },
  }));
}

if (url) {
  describe('BullMQ scheduler specifics (real Redis)', () => {
    const open: BullScheduler[] = [];
    let counter = 0;
    const make = (prefix: string): BullScheduler => {
      const scheduler = new BullScheduler({ redisUrl: url, prefix, retry: { attempts: 3, backoffMs: 20 }, onError: () => undefined });
      open.push(scheduler);
      return scheduler;
    };
    const prefix = (): string => `tk-bull-${process.pid}-${counter++}`;
    const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
    const at = (ms: number, key: string): ScheduleRequest => ({
      queue: 'reminder',
      key,
      at: new Date(Date.now() + ms),
      data: { gameId: 'g9', seq: 3 },
    });

    afterEach(async () => {
      await Promise.all(open.splice(0).map((s) => s.stop()));
    });

    it('GIVEN two schedulers on one Redis and no claim port WHEN both add the same due items THEN BullMQ alone fires each once', async () => {
      const p = prefix();
      const a = make(p);
      const b = make(p);
      const fired: FireTicket[] = [];
      a.handle('reminder', (t) => void fired.push(t));
      b.handle('reminder', (t) => void fired.push(t));
      await Promise.all([a.start(), b.start()]);
      const items = ['k1', 'k2', 'k3', 'k4'].map((key) => at(50, key));
      await Promise.all([a.rebuild(items), b.rebuild(items)]);
      await sleep(400);
      expect(fired.map((t) => t.key).sort()).toEqual(['k1', 'k2', 'k3', 'k4']);
    });

    it('GIVEN a job added by a process that then stops WHEN another process starts on the same Redis without a rebuild THEN Redis kept the job and it fires', async () => {
      const p = prefix();
      const producer = make(p);
      await producer.schedule(at(80, 'g9:seat:0'));
      await producer.stop();
      const consumer = make(p);
      const fired: FireTicket[] = [];
      consumer.handle('reminder', (t) => void fired.push(t));
      await consumer.start();
      await sleep(400);
      expect(fired.map((t) => t.key)).toEqual(['g9:seat:0']);
    });

    it('GIVEN a fired job kept as completed WHEN a late rebuild adds the same due item again THEN it does not fire a second time', async () => {
      const p = prefix();
      const scheduler = make(p);
      const fired: FireTicket[] = [];
      scheduler.handle('reminder', (t) => void fired.push(t));
      await scheduler.start();
      const item = at(20, 'g9/seat1');
      await scheduler.schedule(item);
      await sleep(200);
      await scheduler.rebuild([item]);
      await sleep(200);
      expect(fired).toHaveLength(1);
    });
  });
}
