import { BullScheduler } from '../src/scheduler/bullmq.ts';
import { createDueStore } from '../src/app/schedule.ts';
import type { DueItem } from '../src/scheduler/types.ts';
import { openDatabase } from '../src/store/index.ts';
import { OwnRedis } from '../test/support/redis-server.ts';
import { scratchDatabase } from './scratch-db.ts';
import { single, summarize, type BenchRow } from './stats.ts';

/**
 * Issue 19 "Redis is a helper": the queue reconciled with the database at a campaign server's scale.
 * 10,000 stored games, each with its dormancy job, 1,000 of them waiting on a seat (a reminder and a
 * deadline): 12,000 ScheduledJob rows in PostgreSQL, a private redis-server (never the shared one).
 * Goals: a full resync ≤ 2 s; the scheduler's part of start-up (start, rebuild, healthy) well inside 5 s.
 */
export async function redisCases(quick: boolean): Promise<BenchRow[]> {
  const games = quick ? 2_000 : 10_000;
  const waiting = games / 10;
  const scratch = await scratchDatabase('turnkeeper_bench_redis');
  const url = scratch.url;
  const db = await openDatabase({ databaseUrl: url });
  const redis = await OwnRedis.create();
  await redis.start();
  const open: BullScheduler[] = [];
  try {
    const store = createDueStore(db);
    const now = Date.now();
    const items: DueItem[] = [];
    for (let g = 0; g < games; g += 1) {
      const gameId = `bench-${g}`;
      items.push({ queue: 'dormancy', key: gameId, at: new Date(now + 14 * 86_400_000 + g), data: { gameId, seq: 5 } });
      if (g < waiting) {
        items.push({ queue: 'reminder', key: `${gameId}/seat1`, at: new Date(now + 3_600_000 + g), data: { gameId, seq: 5, seat: 1 } });
        items.push({ queue: 'deadline', key: `${gameId}/seat1`, at: new Date(now + 86_400_000 + g), data: { gameId, seq: 5, seat: 1 } });
      }
    }
    for (let i = 0; i < items.length; i += 2_000) await store.putAll(items.slice(i, i + 2_000));
    const make = (redisUrl: string) => {
      const scheduler = new BullScheduler({ redisUrl, prefix: 'tk-bench', claim: store, source: () => store.listDue(), resyncEveryMs: 0, onConnectionError: (e) => void (process.env.BENCH_DEBUG && process.stderr.write(`redis: ${e.message}\n`)) });
      for (const queue of ['reminder', 'deadline', 'dormancy'] as const) scheduler.handle(queue, () => undefined);
      open.push(scheduler);
      return scheduler;
    };

    if (process.env.BENCH_DEBUG) process.stderr.write(`${items.length} rows stored\n`);
    const t0 = performance.now();
    const scheduler = make(redis.url);
    await scheduler.start();
    const startOnlyMs = performance.now() - t0;
    await scheduler.rebuild(await store.listDue());
    if (scheduler.health().state !== 'ok') throw new Error(`scheduler not healthy after rebuild: ${scheduler.health().reason}`);
    const startMs = performance.now() - t0;
    const queued = (await scheduler.pending('reminder')).length;
    if (queued !== waiting) throw new Error(`rebuild queued ${queued} reminders of ${waiting}`);

    if (process.env.BENCH_DEBUG) process.stderr.write(`start ${startMs} ms\n`);
    const checks: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const t = performance.now();
      if ((await scheduler.resync()) !== undefined) throw new Error('a quiet check resynced');
      checks.push(performance.now() - t);
    }

    const full: number[] = [];
    for (let i = 0; i < (quick ? 2 : 5); i += 1) {
      await redis.flushAll();
      const t = performance.now();
      const report = await scheduler.resync();
      full.push(performance.now() - t);
      if (report?.reason !== 'lost' || report.added !== items.length) throw new Error(`resync after FLUSHALL: ${JSON.stringify(report)}`);
    }
    if (process.env.BENCH_DEBUG) process.stderr.write(`resync ${full.join(', ')} ms\n`);
    const restored = (await scheduler.pending('reminder')).length;
    if (restored !== waiting) throw new Error(`resync restored ${restored} reminders of ${waiting}`);
    await scheduler.stop();

    await redis.stop('SIGKILL');
    const t1 = performance.now();
    const down = make(redis.url);
    await down.start();
    const downMs = performance.now() - t1;
    if (down.health().state !== 'degraded') throw new Error('start with Redis down should say degraded');
    await down.stop();

    return [
      single(`scheduler start-up: start + rebuild ${items.length} jobs (${games} games, ${waiting} waiting) to healthy`, 'ms', startMs, `start() alone ${startOnlyMs.toFixed(0)} ms; goal: start-up to a healthy /healthz ≤ 5 s`),
      single('scheduler start() with Redis down', 'ms', downMs, 'bounded by timeoutMs (1.5 s), workers connect later'),
      summarize('resync cadence check, nothing lost', 'ms', checks, 'one GET of the sentinel'),
      summarize(`full resync after FLUSHALL, ${items.length} jobs from PostgreSQL`, 'ms', full, 'goal ≤ 2 s'),
    ];
  } finally {
    await Promise.all(open.map((s) => s.stop().catch(() => undefined)));
    await redis.dispose();
    await db.close();
    await scratch.drop();
  }
}
