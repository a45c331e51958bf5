import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App, type AppActor } from '../../src/app/index.ts';
import { createDueStore, createSchedule, type Schedule, type TurnPayload } from '../../src/app/schedule.ts';
import { createScheduler, type InProcessScheduler } from '../../src/scheduler/index.ts';
import { tallyGame } from '../support/tally-game.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';

const DAY = 86_400_000;

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!r.ok) throw new Error(`rejected: ${r.error.code}`);
  return r.value;
}

/** Issue 14: `/away`, `/back` and `/prefs` over many games are one transaction, so a refusal changes nothing. */
describe.each(backends)('absence and preferences over several games on %s', (kind) => {
  let db: TestDatabase;
  let app: App;
  let schedule: Schedule;
  let scheduler: InProcessScheduler;
  let n = 0;
  const clock = () => new Date();

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock });
    const store = createDueStore(db);
    scheduler = await createScheduler({ claim: store });
    schedule = createSchedule({ db, app, scheduler, store, clock });
  });
  afterAll(async () => {
    await scheduler?.stop();
    await db?.dispose();
  });

  /** Started two-seat games hosted by `host` (so the host's seat is awaited and has its jobs). */
  async function games(host: AppActor, count: number, policy?: { away: { mode: 'skip' | 'timeout' | 'wait'; maxDays?: number } }): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `absence-${kind}-${++n}`, host, gameType: 'tally', seed: 3 }));
      unwrap(await app.join(lobby.gameId, { userId: `other-${n}`, userName: 'Other' }));
      if (policy) unwrap(await schedule.settings(lobby.gameId, host, policy));
      unwrap(await app.start(lobby.gameId, host));
      const row = await db.prisma.outbox.findFirstOrThrow({ where: { gameId: lobby.gameId, kind: 'turn' } });
      await schedule.onTurn(row.payload as unknown as TurnPayload);
      ids.push(lobby.gameId);
    }
    return ids;
  }

  const deadlines = (gameIds: readonly string[]) => db.prisma.scheduledJob.findMany({ where: { gameId: { in: [...gameIds] }, queue: 'deadline' }, orderBy: { key: 'asc' } });

  it('GIVEN a member of three games whose seats are skipped while away WHEN they go away and come back THEN every seat and its jobs follow at once', async () => {
    const ana: AppActor = { userId: 'u-ana-away', userName: 'Ana' };
    const ids = await games(ana, 3, { away: { mode: 'skip' } });
    expect(await deadlines(ids)).toEqual([]);
    const until = new Date(Date.now() + 5 * DAY).toISOString();
    expect(unwrap(await schedule.away(ana.userId, until))).toEqual({ until: Date.parse(until), games: 3 });
    const seats = await db.prisma.seat.findMany({ where: { userId: ana.userId } });
    expect(seats.map((s) => s.awayUntil?.toISOString())).toEqual([until, until, until]);
    const away = await deadlines(ids);
    expect(away.map((j) => (j.data as { kind: string }).kind)).toEqual(['away', 'away', 'away']);
    expect((await scheduler.pending('deadline')).filter((j) => ids.includes(j.data.gameId))).toHaveLength(3);
    expect(unwrap(await schedule.back(ana.userId))).toEqual({ games: 3 });
    expect((await db.prisma.seat.findMany({ where: { userId: ana.userId } })).map((s) => s.awayUntil)).toEqual([null, null, null]);
    expect(await deadlines(ids)).toEqual([]);
    expect((await scheduler.pending('deadline')).filter((j) => ids.includes(j.data.gameId))).toEqual([]);
    expect(await db.prisma.scheduledJob.count({ where: { gameId: { in: ids }, queue: 'reminder' } })).toBe(6);
  });

  it('GIVEN games allowing 60 and 10 days away WHEN a member asks for 30 days THEN it is refused with the smaller bound and no seat changes', async () => {
    const bo: AppActor = { userId: 'u-bo-away', userName: 'Bo' };
    await games(bo, 2);
    await games(bo, 1, { away: { mode: 'wait', maxDays: 10 } });
    const r = await schedule.away(bo.userId, new Date(Date.now() + 30 * DAY).toISOString());
    expect(r).toEqual({ ok: false, error: { code: 'schedule.date.tooFar', params: { days: 10 } } });
    expect((await db.prisma.seat.findMany({ where: { userId: bo.userId } })).map((s) => s.awayUntil)).toEqual([null, null, null]);
  });

  it('GIVEN a member whose stored choices in one of three games no longer hold WHEN /prefs changes all their games THEN it is refused and none of the games changes', async () => {
    const cy: AppActor = { userId: 'u-cy-prefs', userName: 'Cy' };
    const ids = await games(cy, 3);
    const broken = await db.prisma.seat.findFirstOrThrow({ where: { userId: cy.userId, gameId: ids[2] } });
    await db.prisma.seat.update({ where: { id: broken.id }, data: { prefs: { timeZone: 'Nowhere/Atlantis' } } });
    const before = await db.prisma.seat.findMany({ where: { userId: cy.userId }, orderBy: { id: 'asc' }, select: { prefs: true } });
    const r = await schedule.setPrefs(cy.userId, { channel: 'mention' });
    expect(r.ok).toBe(false);
    expect(await db.prisma.seat.findMany({ where: { userId: cy.userId }, orderBy: { id: 'asc' }, select: { prefs: true } })).toEqual(before);
    await db.prisma.seat.update({ where: { id: broken.id }, data: { prefs: {} } });
    const done = unwrap(await schedule.setPrefs(cy.userId, { channel: 'mention', quietHours: { start: '22:00', end: '07:00' } }));
    expect(done).toMatchObject({ channel: 'mention', quietHours: { start: '22:00', end: '07:00' } });
    const after = await db.prisma.seat.findMany({ where: { userId: cy.userId }, select: { prefs: true } });
    expect(after.map((s) => (s.prefs as { channel?: string }).channel)).toEqual(['mention', 'mention', 'mention']);
    const one = unwrap(await schedule.setPrefs(cy.userId, { channel: 'dm' }, ids[0]));
    expect(one.channel).toBe('dm');
    const mixed = await db.prisma.seat.findMany({ where: { userId: cy.userId }, orderBy: { gameId: 'asc' }, select: { gameId: true, prefs: true } });
    expect(mixed.filter((s) => (s.prefs as { channel?: string }).channel === 'dm').map((s) => s.gameId)).toEqual([ids[0]]);
  });

  it('GIVEN a member of three waiting games WHEN /prefs changes nothing a job depends on THEN no job row is written and nothing is queued again; WHEN /away and /back move the jobs THEN the table and the queue agree job for job', async () => {
    const di: AppActor = { userId: 'u-di-batch', userName: 'Di' };
    const ids = await games(di, 3, { away: { mode: 'timeout' } });
    const jobs = () => db.prisma.$queryRawUnsafe<{ key: string; version: string }[]>(`SELECT "key", xmin::text AS "version" FROM "ScheduledJob" WHERE "gameId" = ANY(string_to_array($1, ',')) ORDER BY "key"`, ids.join(','));
    const queued = async () =>
      (await Promise.all((['reminder', 'deadline', 'dormancy'] as const).map((q) => scheduler.pending(q))))
        .flat()
        .filter((j) => ids.includes(j.data.gameId))
        .map((j) => [j.queue, j.key, j.at.toISOString(), j.data])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    const stored = async () =>
      (await db.prisma.scheduledJob.findMany({ where: { gameId: { in: ids } }, orderBy: { key: 'asc' } })).map((j) => [j.queue, j.key, j.at.toISOString(), j.data]);
    const before = await jobs();
    expect(before.length).toBeGreaterThanOrEqual(6);
    const applied: number[] = [];
    const apply = scheduler.apply.bind(scheduler);
    scheduler.apply = async (requests, cancels = []) => {
      applied.push(requests.length + cancels.length);
      return apply(requests, cancels);
    };
    try {
      unwrap(await schedule.setPrefs(di.userId, { channel: 'mention' }));
      expect(await jobs()).toEqual(before);
      expect(applied).toEqual([0]);
      unwrap(await schedule.away(di.userId, new Date(Date.now() + 3 * DAY).toISOString()));
      expect((await jobs()).filter((j, i) => j.version !== before[i]?.version).length).toBeGreaterThan(0);
      expect(applied[1]).toBeGreaterThan(0);
      expect(await queued()).toEqual(await stored());
      unwrap(await schedule.back(di.userId));
      expect(await queued()).toEqual(await stored());
      expect(await jobs()).toHaveLength(before.length);
    } finally {
      scheduler.apply = apply;
    }
  });
});
