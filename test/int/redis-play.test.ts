import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app/index.ts';
import { createDueStore, createSchedule, type TurnPayload } from '../../src/app/schedule.ts';
import { BullScheduler } from '../../src/scheduler/bullmq.ts';
import { openTestDatabase, type TestDatabase } from '../support/db.ts';
import { hasRedisServer, OwnRedis } from '../support/redis-server.ts';
import { tallyGame } from '../support/tally-game.ts';

/**
 * Issue 19 "Redis is a helper": the application on a private redis-server that dies during play. The
 * turn handler and a host command (`/game pause`, `/game resume`) finish within the bound while Redis is
 * down; once it is back, the reminder that fell due meanwhile is sent once, late.
 */
const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

if (!hasRedisServer) {
  describe('play with Redis down (private redis-server)', () => {
    it.skip('redis-server is not installed: skipped (apt-get install redis-server to run it)', () => {});
  });
} else {
  describe('play with Redis down (private redis-server)', () => {
    let db: TestDatabase;
    let app: App;
    let skew = 0;
    const clock = () => new Date(Date.now() + skew);
    const cleanups: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      db = await openTestDatabase(process.env.DATABASE_URL ? 'postgres' : 'pglite');
      app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock });
    });
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });
    afterAll(async () => {
      await db.dispose();
    });

    it('§Redis is a helper: Redis killed during play: the turn handler, pause/resume and /prefs finish within the bound; each reminder comes once, late, when Redis is back', async () => {
      const redis = await OwnRedis.create();
      cleanups.push(() => redis.dispose());
      await redis.start();
      const store = createDueStore(db);
      const scheduler = new BullScheduler({
        redisUrl: redis.url, prefix: 'tk-play', claim: store, source: () => store.listDue(), resyncEveryMs: 300,
        timeoutMs: 400, retry: { attempts: 2, backoffMs: 50 }, onError: () => undefined, onConnectionError: () => undefined,
      });
      cleanups.push(() => scheduler.stop());
      const schedule = createSchedule({ db, app, scheduler, store, clock });
      schedule.register();
      await scheduler.start();

      const alice = { userId: 'alice', userName: 'Alice' };
      const lobby = await app.newGame({ guildId: 'g', channelId: 'c-play', threadId: `t-play-${process.pid}`, host: alice, gameType: 'tally', seed: 3 });
      if (!lobby.ok) throw new Error(lobby.error.code);
      const gameId = lobby.value.gameId;
      await app.join(gameId, { userId: 'bob', userName: 'Bob' });
      const started = await app.start(gameId, alice);
      if (!started.ok) throw new Error(started.error.code);
      const row = await db.prisma.outbox.findFirstOrThrow({ where: { gameId, kind: 'turn' } });

      await redis.stop('SIGKILL');
      // The turn began 12 h ago minus 600 ms: the first reminder falls due while Redis is away.
      skew = -12 * HOUR + 600;
      let t = Date.now();
      await schedule.onTurn(row.payload as unknown as TurnPayload);
      skew = 0;
      expect(Date.now() - t).toBeLessThan(2_000);
      expect(scheduler.health().state).toBe('degraded');
      // The database holds the truth although Redis is down: one reminder per waiting seat.
      const due = await db.prisma.scheduledJob.count({ where: { gameId, queue: 'reminder' } });
      expect(due).toBeGreaterThan(0);

      t = Date.now();
      const paused = await schedule.pause(gameId, alice);
      const resumed = await schedule.resume(gameId, alice);
      expect(Date.now() - t).toBeLessThan(2_000);
      expect(paused.ok && resumed.ok).toBe(true);
      // `/prefs` replans the seat's jobs: applied in the database within the bound, the queue left to the resync.
      t = Date.now();
      const prefs = await schedule.setPrefs('bob', { channel: 'mention' }, gameId);
      expect(Date.now() - t).toBeLessThan(2_000);
      expect(prefs.ok && prefs.value.channel).toBe('mention');

      await sleep(1_000);
      // Only what fell due while Redis was away (a later reminder of the same wait stays queued).
      const dueNow = await db.prisma.scheduledJob.count({ where: { gameId, queue: 'reminder', at: { lte: new Date() } } });
      expect(dueNow).toBeGreaterThan(0);
      const reminders = () => db.prisma.outbox.count({ where: { gameId, kind: 'reminder' } });
      expect(await reminders()).toBe(0);
      await redis.start();
      const deadline = Date.now() + 8_000;
      while ((await reminders()) < dueNow && Date.now() < deadline) await sleep(50);
      await sleep(800);
      expect(await reminders()).toBe(dueNow);
      expect(scheduler.health().state).toBe('ok');
    });
  });
}
