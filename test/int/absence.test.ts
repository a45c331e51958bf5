import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App, type AppActor } from '../../src/app/index.ts';
import { createDueStore, createSchedule, type Schedule, type TurnPayload } from '../../src/app/schedule.ts';
import { createScheduler, InProcessScheduler, ManualClock, type PolicyInput } from '../../src/scheduler/index.ts';
import { tallyGame } from '../support/tally-game.ts';
import { getGame } from '../../src/store/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { unwrap } from '../support/unwrap.ts';

const DAY = 86_400_000;

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

  /** What each of the member's seats follows (its own choices and the member's row merged), in seat order. */
  async function choices(userId: string): Promise<{ gameId: string; prefs: Record<string, unknown>; awayUntil: string | null }[]> {
    const seats = await db.prisma.seat.findMany({ where: { userId }, orderBy: { id: 'asc' } });
    const out = [];
    for (const s of seats) {
      const seat = (await getGame(db.prisma, s.gameId))?.seats.find((x) => x.id === s.id);
      out.push({ gameId: s.gameId, prefs: (seat?.prefs ?? {}) as Record<string, unknown>, awayUntil: seat?.awayUntil?.toISOString() ?? null });
    }
    return out;
  }

  const deadlines = (gameIds: readonly string[]) => db.prisma.scheduledJob.findMany({ where: { gameId: { in: [...gameIds] }, queue: 'deadline' }, orderBy: { key: 'asc' } });

  it('GIVEN a member of three games whose seats are skipped while away WHEN they go away and come back THEN every seat and its jobs follow at once', async () => {
    const ana: AppActor = { userId: 'u-ana-away', userName: 'Ana' };
    const ids = await games(ana, 3, { away: { mode: 'skip' } });
    expect(await deadlines(ids)).toEqual([]);
    const until = new Date(Date.now() + 5 * DAY).toISOString();
    expect(unwrap(await schedule.away(ana.userId, until))).toEqual({ until: Date.parse(until), games: 3 });
    expect((await choices(ana.userId)).map((s) => s.awayUntil)).toEqual([until, until, until]);
    expect(await db.prisma.member.findUniqueOrThrow({ where: { userId: ana.userId } })).toMatchObject({ awayUntil: new Date(until) });
    expect((await db.prisma.seat.findMany({ where: { userId: ana.userId } })).map((s) => s.awayUntil)).toEqual([null, null, null]);
    const away = await deadlines(ids);
    expect(away.map((j) => (j.data as { kind: string }).kind)).toEqual(['away', 'away', 'away']);
    expect((await scheduler.pending('deadline')).filter((j) => ids.includes(j.data.gameId))).toHaveLength(3);
    expect(unwrap(await schedule.back(ana.userId))).toEqual({ games: 3 });
    expect((await choices(ana.userId)).map((s) => s.awayUntil)).toEqual([null, null, null]);
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
    expect((await choices(bo.userId)).map((s) => s.awayUntil)).toEqual([null, null, null]);
    expect(await db.prisma.member.findUnique({ where: { userId: bo.userId } })).toBeNull();
  });

  it('GIVEN a member whose stored choices in one of three games no longer hold WHEN /prefs changes all their games THEN it is refused and none of the games changes', async () => {
    const cy: AppActor = { userId: 'u-cy-prefs', userName: 'Cy' };
    const ids = await games(cy, 3);
    const broken = await db.prisma.seat.findFirstOrThrow({ where: { userId: cy.userId, gameId: ids[2] } });
    await db.prisma.seat.update({ where: { id: broken.id }, data: { prefs: { timeZone: 'Nowhere/Atlantis' } } });
    const before = await choices(cy.userId);
    const r = await schedule.setPrefs(cy.userId, { channel: 'mention' });
    expect(r.ok).toBe(false);
    expect(await choices(cy.userId)).toEqual(before);
    expect(await db.prisma.member.findUnique({ where: { userId: cy.userId } })).toBeNull();
    await db.prisma.seat.update({ where: { id: broken.id }, data: { prefs: {} } });
    const done = unwrap(await schedule.setPrefs(cy.userId, { channel: 'mention', quietHours: { start: '22:00', end: '07:00' } }));
    expect(done).toMatchObject({ channel: 'mention', quietHours: { start: '22:00', end: '07:00' } });
    expect((await choices(cy.userId)).map((s) => s.prefs.channel)).toEqual(['mention', 'mention', 'mention']);
    const one = unwrap(await schedule.setPrefs(cy.userId, { channel: 'dm' }, ids[0]));
    expect(one.channel).toBe('dm');
    const mixed = await choices(cy.userId);
    expect(mixed.filter((s) => s.prefs.channel === 'dm').map((s) => s.gameId)).toEqual([ids[0]]);
    expect(mixed.map((s) => s.prefs.quietHours)).toEqual([0, 1, 2].map(() => ({ start: '22:00', end: '07:00' })));
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

/**
 * Issue 14 (one `Member` row per member): `/away` no longer moves each seat's jobs, so every job works its
 * seat's time out from the member's row when it falls due. What players see must be what issue 5
 * "Absence" promised when every job was moved at once.
 */
describe.each(backends)('absence worked out when each job falls due, on %s', (kind) => {
  const HOUR = 3_600_000;
  const T0 = Date.parse('2026-06-01T09:00:00.000Z');
  let db: TestDatabase;
  let app: App;
  let schedule: Schedule;
  let scheduler: InProcessScheduler;
  let clock: ManualClock;
  let n = 0;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    clock = new ManualClock(T0);
    const now = () => new Date(clock.now());
    app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: now });
    const store = createDueStore(db);
    scheduler = new InProcessScheduler({ clock, claim: store });
    schedule = createSchedule({ db, app, scheduler, store, clock: now });
    schedule.register();
    await scheduler.start();
  });
  afterAll(async () => {
    await scheduler?.stop();
    await db?.dispose();
  });

  /** A started two-seat game hosted (and so awaited) by `host`, its turn applied as the dispatcher would. */
  async function game(host: AppActor, policy?: PolicyInput): Promise<string> {
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `due-${kind}-${++n}`, host, gameType: 'tally', seed: 3 }));
    unwrap(await app.join(lobby.gameId, { userId: `due-other-${n}`, userName: 'Other' }));
    if (policy) unwrap(await schedule.settings(lobby.gameId, host, policy));
    unwrap(await app.start(lobby.gameId, host));
    const row = await db.prisma.outbox.findFirstOrThrow({ where: { gameId: lobby.gameId, kind: 'turn' } });
    await schedule.onTurn(row.payload as unknown as TurnPayload);
    return lobby.gameId;
  }
  const reminders = (gameId: string) => db.prisma.outbox.count({ where: { gameId, kind: 'reminder' } });
  const notices = async (gameId: string) => (await db.prisma.outbox.findMany({ where: { gameId, kind: 'notice' }, orderBy: { id: 'asc' } })).map((r) => (r.payload as { code: string }).code);
  const versions = async (gameId: string) => db.prisma.$queryRawUnsafe<{ key: string; at: Date; v: string }[]>(`SELECT "key", "at", xmin::text AS "v" FROM "ScheduledJob" WHERE "gameId" = $1 ORDER BY "key"`, gameId);

  it('GIVEN a member awaited in a game that waits for absent players WHEN they go away THEN no job row is rewritten, the 12 h reminder stays silent until the away date and arrives then (issue 5 Absence, wait)', async () => {
    const ana: AppActor = { userId: 'u-due-ana', userName: 'Ana' };
    const gameId = await game(ana);
    const before = await versions(gameId);
    const until = T0 + 72 * HOUR;
    unwrap(await schedule.away(ana.userId, new Date(until).toISOString()));
    expect(await versions(gameId)).toEqual(before);
    await scheduler.advance(13 * HOUR);
    expect(await reminders(gameId)).toBe(0);
    const moved = await db.prisma.scheduledJob.findUniqueOrThrow({ where: { queue_key: { queue: 'reminder', key: `r.${gameId}.0` } } });
    expect(moved.at.getTime()).toBe(until);
    await scheduler.advance(60 * HOUR);
    expect(await reminders(gameId)).toBe(1);
  });

  it('GIVEN an away member whose 12 h reminder was held back WHEN they come back early THEN the reminder is brought forward and arrives at once (issue 5 Absence, /back)', async () => {
    const bo: AppActor = { userId: 'u-due-bo', userName: 'Bo' };
    const gameId = await game(bo);
    unwrap(await schedule.away(bo.userId, new Date(clock.now() + 100 * HOUR).toISOString()));
    await scheduler.advance(13 * HOUR);
    expect(await reminders(gameId)).toBe(0);
    unwrap(await schedule.back(bo.userId));
    const job = await db.prisma.scheduledJob.findUniqueOrThrow({ where: { queue_key: { queue: 'reminder', key: `r.${gameId}.0` } } });
    expect(job.at.getTime()).toBeLessThanOrEqual(clock.now());
    await scheduler.advance(60_000);
    expect(await reminders(gameId)).toBe(1);
  });

  it('GIVEN a game with a 24 h hard deadline that times absent players out WHEN its member is away at the deadline THEN the seat is played by the timeout and the table hears they are away, not that they missed it (issue 5 Absence, timeout)', async () => {
    const cy: AppActor = { userId: 'u-due-cy', userName: 'Cy' };
    const gameId = await game(cy, { deadline: { mode: 'hard', hours: 24 }, away: { mode: 'timeout' } });
    const deadline = await db.prisma.scheduledJob.findUniqueOrThrow({ where: { queue_key: { queue: 'deadline', key: `d.${gameId}.0` } } });
    unwrap(await schedule.away(cy.userId, new Date(clock.now() + 10 * 24 * HOUR).toISOString()));
    expect(await db.prisma.scheduledJob.findUniqueOrThrow({ where: { queue_key: { queue: 'deadline', key: `d.${gameId}.0` } } })).toEqual(deadline);
    await scheduler.advance(25 * HOUR);
    expect(await reminders(gameId)).toBe(0);
    const codes = await notices(gameId);
    expect(codes).toContain('schedule.away.timeout');
    expect(codes).not.toContain('schedule.deadline.timeout');
    expect(codes).not.toContain('schedule.stalled.notice');
  });

  it('GIVEN a member who went away WHEN they join a new game afterwards THEN that game reminds them as usual, as /away only ever changed the games open at the time', async () => {
    const di: AppActor = { userId: 'u-due-di', userName: 'Di' };
    await game(di);
    unwrap(await schedule.away(di.userId, new Date(clock.now() + 100 * HOUR).toISOString()));
    clock.advance(1_000);
    const later = await game(di);
    expect((await getGame(db.prisma, later))?.seats.find((s) => s.userId === di.userId)?.awayUntil).toBeNull();
    await scheduler.advance(13 * HOUR);
    expect(await reminders(later)).toBe(1);
  });

  it('GIVEN one member sending /away, /back and /prefs at the same moment WHEN they all run THEN each is applied whole, one after the other, and the row ends as the last one left it', async () => {
    const ed: AppActor = { userId: 'u-due-ed', userName: 'Ed' };
    const ids = [await game(ed), await game(ed)];
    const dates = [10, 20, 30].map((h) => new Date(clock.now() + h * HOUR).toISOString());
    const results = await Promise.all([
      ...dates.map((d) => schedule.away(ed.userId, d)),
      schedule.setPrefs(ed.userId, { channel: 'mention' }),
      schedule.setPrefs(ed.userId, { timeZone: 'Europe/Madrid' }),
      schedule.back(ed.userId),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true, true]);
    const row = await db.prisma.member.findUniqueOrThrow({ where: { userId: ed.userId } });
    expect([null, ...dates.map((d) => Date.parse(d))]).toContain(row.awayUntil?.getTime() ?? null);
    expect(row.prefs).toMatchObject({ channel: { v: 'mention' }, timeZone: { v: 'Europe/Madrid' } });
    for (const gameId of ids) {
      const seat = (await getGame(db.prisma, gameId))?.seats.find((s) => s.userId === ed.userId);
      expect(seat?.prefs).toMatchObject({ channel: 'mention', timeZone: 'Europe/Madrid' });
      expect(seat?.awayUntil?.getTime() ?? null).toBe(row.awayUntil?.getTime() ?? null);
    }
  });

  it('GIVEN an away member whose reminder waits for their return WHEN they shorten the absence THEN the reminder comes at the new date (issue 5 Absence)', async () => {
    const gus: AppActor = { userId: 'u-due-gus', userName: 'Gus' };
    const gameId = await game(gus);
    unwrap(await schedule.away(gus.userId, new Date(clock.now() + 100 * HOUR).toISOString()));
    await scheduler.advance(13 * HOUR);
    expect(await reminders(gameId)).toBe(0);
    unwrap(await schedule.away(gus.userId, new Date(clock.now() + 5 * HOUR).toISOString()));
    await scheduler.advance(4 * HOUR);
    expect(await reminders(gameId)).toBe(0);
    await scheduler.advance(2 * HOUR);
    expect(await reminders(gameId)).toBe(1);
  });

  it('GIVEN an absence that ended by itself before the 12 h reminder WHEN it falls due and the member then says /back THEN it arrives on time and /back changes nothing', async () => {
    const ivy: AppActor = { userId: 'u-due-ivy', userName: 'Ivy' };
    const gameId = await game(ivy);
    unwrap(await schedule.away(ivy.userId, new Date(clock.now() + 5 * HOUR).toISOString()));
    await scheduler.advance(12 * HOUR + 60_000);
    expect(await reminders(gameId)).toBe(1);
    const before = await versions(gameId);
    expect(unwrap(await schedule.back(ivy.userId))).toEqual({ games: 1 });
    expect(await versions(gameId)).toEqual(before);
  });

  it('GIVEN quiet hours that hold a reminder back WHEN the member clears them for all their games THEN the reminder is brought forward at once; and each seat follows what /prefs answered', async () => {
    const hal: AppActor = { userId: 'u-due-hal', userName: 'Hal' };
    const gameId = await game(hal);
    const other = await game(hal);
    const start = new Date(clock.now());
    const from = (h: number) => `${String((start.getUTCHours() + h) % 24).padStart(2, '0')}:00`;
    unwrap(await schedule.setPrefs(hal.userId, { quietHours: { start: from(11), end: from(20) } }));
    await scheduler.advance(13 * HOUR);
    expect(await reminders(gameId)).toBe(0);
    unwrap(await schedule.setPrefs(hal.userId, { channel: 'mention' }, other));
    const answered = unwrap(await schedule.setPrefs(hal.userId, { quietHours: null }));
    expect(answered).toMatchObject({ quietHours: null, channel: 'dm' });
    for (const id of [gameId, other]) {
      const seat = (await getGame(db.prisma, id))?.seats.find((s) => s.userId === hal.userId);
      expect(seat?.prefs).toMatchObject({ quietHours: null, ...(id === other ? { channel: 'mention' } : {}) });
    }
    await scheduler.advance(60_000);
    expect(await reminders(gameId)).toBe(1);
  });

  it('GIVEN an away member WHEN the host hands a seat of another game to them THEN that seat is theirs from now on and not away', async () => {
    const host: AppActor = { userId: 'u-due-host', userName: 'Host' };
    const fay: AppActor = { userId: 'u-due-fay', userName: 'Fay' };
    await game(fay);
    unwrap(await schedule.away(fay.userId, new Date(clock.now() + 100 * HOUR).toISOString()));
    clock.advance(1_000);
    const gameId = await game(host);
    unwrap(await schedule.replace(gameId, host, 1, fay));
    const seat = (await getGame(db.prisma, gameId))?.seats.find((s) => s.userId === fay.userId);
    expect(seat?.awayUntil).toBeNull();
  });
});
