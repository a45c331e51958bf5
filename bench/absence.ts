import { createApp } from '../src/app/index.ts';
import { createDueStore, createSchedule } from '../src/app/schedule.ts';
import { createScheduler } from '../src/scheduler/index.ts';
import { openDatabase, type Database } from '../src/store/index.ts';
import { DEFAULT_PG, scratchDatabase } from './e2e.ts';
import { benchTally } from './games.ts';
import { summarize, type BenchRow } from './stats.ts';

const GAMES = 1000;
const DAY_MS = 86_400_000;
const USER = 'bench-away';

/**
 * `GAMES` started games in which `USER` holds the first seat and is awaited (a clock row each), written
 * directly: the worst case for `/away`, `/back` and `/prefs`, which read every waiting seat's clock and
 * jobs to find the ones a change brings forward.
 */
async function seed(db: Database): Promise<void> {
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO "Game" ("id", "guildId", "channelId", "threadId", "gameType", "rulesVersion", "seed", "options", "status", "hostUserId", "updatedAt", "seq", "turnSeq")
    SELECT 'bench-away-' || i, 'bench-guild', 'bench-channel', 'bench-away-thread-' || i, 'tally', '1', i, '{}'::jsonb, 'playing', $1, now(), 0, 0
      FROM generate_series(1, ${GAMES}) AS i`, USER);
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO "Seat" ("gameId", "index", "userId", "userName")
    SELECT 'bench-away-' || i, s, CASE WHEN s = 0 THEN $1 ELSE 'bench-other-' || i END, 'Player'
      FROM generate_series(1, ${GAMES}) AS i, generate_series(0, 1) AS s`, USER);
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO "SeatClock" ("gameId", "seat", "active", "turnSeq", "kind", "turnStartedAt")
    SELECT 'bench-away-' || i, 0, true, 0, 'turn', now() - interval '1 hour' FROM generate_series(1, ${GAMES}) AS i`);
}

async function measure(db: Database, label: string, rounds: number, redis?: { url: string; prefix: string }): Promise<BenchRow[]> {
  await seed(db);
  const clock = () => new Date();
  const app = createApp({ db, games: { tally: benchTally }, packs: () => undefined, clock });
  const store = createDueStore(db);
  const scheduler = redis ? await createScheduler({ claim: store, redisUrl: redis.url, prefix: redis.prefix }) : await createScheduler({ claim: store });
  const schedule = createSchedule({ db, app, scheduler, store, clock });
  // Handlers registered and the scheduler running, as in the bot: every change re-arms its timer (nothing falls due during the bench).
  schedule.register();
  await scheduler.start();
  const samples: Record<'away' | 'back' | 'prefs', number[]> = { away: [], back: [], prefs: [] };
  const timed = async (name: keyof typeof samples, work: () => Promise<{ ok: boolean }>) => {
    const t0 = performance.now();
    const r = await work();
    const ms = performance.now() - t0;
    if (!r.ok) throw new Error(`bench: ${name} refused`);
    samples[name].push(ms);
  };
  try {
    for (let i = -1; i < rounds; i++) {
      const before = { away: samples.away.length, back: samples.back.length, prefs: samples.prefs.length };
      await timed('away', () => schedule.away(USER, new Date(Date.now() + 7 * DAY_MS).toISOString()));
      await timed('back', () => schedule.back(USER));
      await timed('prefs', () => schedule.setPrefs(USER, { channel: i % 2 === 0 ? 'mention' : 'dm' }));
      if (i < 0) Object.assign(samples, { away: samples.away.slice(0, before.away), back: samples.back.slice(0, before.back), prefs: samples.prefs.slice(0, before.prefs) });
    }
    const jobs = await db.prisma.scheduledJob.count({ where: { gameId: { startsWith: 'bench-away-' } } });
    const notes = `one member awaited in ${GAMES} games, ${redis ? 'BullMQ' : 'in-process'} scheduler (running, handlers registered), after one untimed round; ${jobs} jobs in the table, each worked out again from the member's row`;
    return [
      summarize(`/away for a member of ${GAMES} games (${label})`, 'ms', samples.away, notes),
      summarize(`/back for a member of ${GAMES} games (${label})`, 'ms', samples.back, notes),
      summarize(`/prefs for a member of ${GAMES} games (${label})`, 'ms', samples.prefs, notes),
    ];
  } finally {
    await scheduler.stop();
  }
}

/** Deletes every Redis key the bench's BullMQ scheduler wrote under its own prefix (the Redis is shared). */
async function dropRedisPrefix(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/**
 * `/away`, `/back` and `/prefs` for a member of 1,000 games (issue 14: goal ≤ 50 ms), on PostgreSQL and
 * PGlite with the in-process scheduler, and on PostgreSQL with BullMQ when `REDIS_URL` is set.
 */
export async function absenceCases(quick: boolean): Promise<BenchRow[]> {
  const rounds = quick ? 5 : 20;
  const rows: BenchRow[] = [];
  const scratch = await scratchDatabase(process.env.DATABASE_URL ?? DEFAULT_PG, 'turnkeeper_bench_absence');
  try {
    const db = await openDatabase({ databaseUrl: scratch.url });
    try {
      rows.push(...(await measure(db, 'postgres', rounds)));
    } finally {
      await db.close();
    }
  } finally {
    await scratch.drop();
  }
  if (process.env.REDIS_URL) {
    const redis = { url: process.env.REDIS_URL, prefix: `tk-bench-absence-${process.pid}` };
    const queued = await scratchDatabase(process.env.DATABASE_URL ?? DEFAULT_PG, 'turnkeeper_bench_absence_bullmq');
    try {
      const db = await openDatabase({ databaseUrl: queued.url });
      try {
        rows.push(...(await measure(db, 'postgres, BullMQ', rounds, redis)));
      } finally {
        await db.close();
      }
    } finally {
      await queued.drop();
      await dropRedisPrefix(redis.url, redis.prefix);
    }
  }
  const embedded = await openDatabase({ memory: true });
  try {
    rows.push(...(await measure(embedded, 'pglite', rounds)));
  } finally {
    await embedded.close();
  }
  return rows;
}
