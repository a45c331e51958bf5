import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app/index.ts';
import { createDueStore, createSchedule, type Schedule, type TurnPayload } from '../../src/app/schedule.ts';
import { BullScheduler } from '../../src/scheduler/bullmq.ts';
import type { Database } from '../../src/store/index.ts';
import { openTestDatabase, type TestDatabase } from '../support/db.ts';
import { tallyGame } from '../support/tally-game.ts';

/**
 * Issue 5 against the real Redis (its own logical database, so FLUSHDB there is the bot's FLUSHALL):
 * reminders survive a restart and a flush because PostgreSQL holds what is due, and two processes never
 * send the same reminder twice because every firing is claimed once in PostgreSQL.
 */
const TEST_DB = 12;
const base = process.env.REDIS_URL;
const url = base ? Object.assign(new URL(base), { pathname: `/${TEST_DB}` }).toString() : undefined;
const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Process {
  readonly scheduler: BullScheduler;
  readonly schedule: Schedule;
}

if (!url) {
  describe('reminders on BullMQ (real Redis)', () => {
    it.skip('REDIS_URL is not set: set REDIS_URL=redis://127.0.0.1:6379 to run these', () => {});
  });
} else {
  describe('reminders on BullMQ (real Redis)', () => {
    let db: TestDatabase;
    let app: App;
    let skew = 0;
    const clock = () => new Date(Date.now() + skew);
    const admin = new Redis(url, { maxRetriesPerRequest: null });
    const open: BullScheduler[] = [];
    let counter = 0;

    beforeAll(async () => {
      db = await openTestDatabase(process.env.DATABASE_URL ? 'postgres' : 'pglite');
      app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock });
    });
    afterEach(async () => {
      await Promise.all(open.splice(0).map((s) => s.stop()));
    });
    afterAll(async () => {
      await admin.flushdb();
      await admin.quit();
      await db.dispose();
    });

    function startProcess(database: Database, prefix: string): Process {
      const store = createDueStore(database);
      const scheduler = new BullScheduler({ redisUrl: url!, prefix, claim: store, retry: { attempts: 2, backoffMs: 50 }, onError: () => undefined });
      open.push(scheduler);
      const schedule = createSchedule({ db: database, app, scheduler, store, clock });
      schedule.register();
      return { scheduler, schedule };
    }

    /** A started two-seat game whose turn began 12 h minus `dueInMs` ago: its first reminder is due in `dueInMs`. */
    async function gameDueIn(p: Process, dueInMs: number): Promise<string> {
      const n = counter++;
      const lobby = await app.newGame({ guildId: 'g', channelId: `c${n}`, threadId: `t-rem-${process.pid}-${n}`, host: { userId: 'alice', userName: 'Alice' }, gameType: 'tally', seed: 3 });
      if (!lobby.ok) throw new Error(lobby.error.code);
      await app.join(lobby.value.gameId, { userId: 'bob', userName: 'Bob' });
      const started = await app.start(lobby.value.gameId, { userId: 'alice', userName: 'Alice' });
      if (!started.ok) throw new Error(started.error.code);
      const row = await db.prisma.outbox.findFirstOrThrow({ where: { gameId: lobby.value.gameId, kind: 'turn' } });
      skew = -12 * HOUR + dueInMs;
      await p.schedule.onTurn(row.payload as unknown as TurnPayload);
      skew = 0;
      return lobby.value.gameId;
    }

    const reminders = (gameId: string) => db.prisma.outbox.count({ where: { gameId, kind: 'reminder' } });

    it('GIVEN a reminder queued by a bot that stops before it is due WHEN a new bot starts and rebuilds from PostgreSQL THEN the reminder is sent once', async () => {
      const prefix = `tk-rem-${process.pid}-a`;
      const first = startProcess(db, prefix);
      await first.scheduler.start();
      const gameId = await gameDueIn(first, 800);
      await first.scheduler.stop();
      const second = startProcess(db, prefix);
      await second.scheduler.start();
      expect(await second.schedule.rebuild()).toBeGreaterThan(0);
      await sleep(2_000);
      expect(await reminders(gameId)).toBe(1);
    });

    it('GIVEN a reminder queued WHEN Redis is flushed while the bot is down and the bot restarts THEN the reminder is rebuilt from PostgreSQL and sent once', async () => {
      const prefix = `tk-rem-${process.pid}-b`;
      const first = startProcess(db, prefix);
      await first.scheduler.start();
      const gameId = await gameDueIn(first, 800);
      await first.scheduler.stop();
      await admin.flushdb();
      expect(await admin.dbsize()).toBe(0);
      const second = startProcess(db, prefix);
      await second.scheduler.start();
      await second.schedule.rebuild();
      await sleep(2_000);
      expect(await reminders(gameId)).toBe(1);
    });

    it('GIVEN two bot processes that each rebuild the same due reminders into their own queues WHEN the reminders fall due THEN each is sent exactly once', async () => {
      const peer = await db.openPeer();
      const a = startProcess(db, `tk-rem-${process.pid}-c1`);
      const b = startProcess(peer, `tk-rem-${process.pid}-c2`);
      await Promise.all([a.scheduler.start(), b.scheduler.start()]);
      const games = [await gameDueIn(a, 900), await gameDueIn(a, 1_000), await gameDueIn(a, 1_100)];
      await Promise.all([a.schedule.rebuild(), b.schedule.rebuild()]);
      await sleep(2_500);
      expect(await Promise.all(games.map(reminders))).toEqual([1, 1, 1]);
      const claims = await db.prisma.schedulerClaim.count({ where: { fireId: { contains: games[0] } } });
      expect(claims).toBe(1);
    });

    it('GIVEN two processes on the same queues WHEN one reminder falls due THEN one process sends it and the next reminder is planned once', async () => {
      const prefix = `tk-rem-${process.pid}-d`;
      const a = startProcess(db, prefix);
      const b = startProcess(db, prefix);
      await Promise.all([a.scheduler.start(), b.scheduler.start()]);
      const gameId = await gameDueIn(a, 700);
      await b.schedule.rebuild();
      await sleep(2_000);
      expect(await reminders(gameId)).toBe(1);
      const due = await db.prisma.scheduledJob.findMany({ where: { gameId, queue: 'reminder' } });
      expect(due.map((d) => d.key.slice(0, 1)).sort()).toEqual(['r', 's']);
    });
  });
}
