import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App, type AppActor } from '../../src/app/index.ts';
import { createDueStore, createSchedule, type Schedule } from '../../src/app/schedule.ts';
import { createScheduler } from '../../src/scheduler/index.ts';
import { getGame } from '../../src/store/index.ts';
import { tallyGame } from '../support/tally-game.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { unwrap } from '../support/unwrap.ts';

const host: AppActor = { userId: 'u-host', userName: 'Host' };
const member = (i: number): AppActor => ({ userId: `u-m${i}`, userName: `Member ${i}` });

/**
 * Issue 14 "Bad and hostile input": members joining, leaving and watching at the same moment. Each
 * membership change runs against a second client where the database allows it (PostgreSQL), so the
 * writes really race.
 */
describe.each(backends)('membership changes at the same moment on %s', (kind) => {
  let db: TestDatabase;
  let apps: App[];
  let schedules: Schedule[];
  let thread = 0;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    const peers = [db, await db.openPeer(), await db.openPeer()];
    apps = peers.map((p) => createApp({ db: p, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date() }));
    schedules = await Promise.all(
      peers.map(async (p, i) => {
        const store = createDueStore(p);
        return createSchedule({ db: p, app: apps[i]!, scheduler: await createScheduler({ claim: store }), store, clock: () => new Date() });
      }),
    );
  });
  afterAll(async () => {
    await db?.dispose();
  });

  async function lobby(): Promise<string> {
    return unwrap(await apps[0]!.newGame({ guildId: 'g', channelId: 'c', threadId: `members-${kind}-${++thread}`, host, gameType: 'tally', seed: 1 })).gameId;
  }

  it('GIVEN a game WHEN six members run /game watch at once THEN all six watch, each with their own spectator seat', async () => {
    const gameId = await lobby();
    const answers = await Promise.all([...Array(6).keys()].map((i) => schedules[i % schedules.length]!.watch(gameId, member(i))));
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, true, true]);
    const seats = (await getGame(db.prisma, gameId))!.seats.filter((s) => s.role === 'spectator');
    expect(seats.map((s) => s.userId).sort()).toEqual([...Array(6).keys()].map((i) => member(i).userId).sort());
    expect(new Set(seats.map((s) => s.index)).size).toBe(6);
    expect(seats.every((s) => s.index >= 100)).toBe(true);
  });

  it('GIVEN a member WHEN they run /game watch twice at once THEN they watch once and neither answer is an error', async () => {
    const gameId = await lobby();
    const answers = await Promise.all([schedules[0]!.watch(gameId, member(1)), schedules[1]!.watch(gameId, member(1)), schedules[2]!.watch(gameId, member(1))]);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect((await getGame(db.prisma, gameId))!.seats.filter((s) => s.userId === member(1).userId)).toHaveLength(1);
    expect(await schedules[0]!.watch(gameId, host)).toEqual({ ok: false, error: { code: 'core.alreadyJoined' } });
  });

  it('GIVEN a four-seat lobby with its host WHEN six members join at once THEN three are seated and three are told the lobby is full', async () => {
    const gameId = await lobby();
    const answers = await Promise.all([...Array(6).keys()].map((i) => apps[i % apps.length]!.join(gameId, member(i))));
    const codes = answers.map((a) => (a.ok ? 'ok' : a.error.code)).sort();
    expect(codes).toEqual(['core.lobby.full', 'core.lobby.full', 'core.lobby.full', 'ok', 'ok', 'ok']);
    const seats = (await getGame(db.prisma, gameId))!.seats;
    expect(seats).toHaveLength(4);
    expect(new Set(seats.map((s) => s.index)).size).toBe(4);
  });

  it('GIVEN a lobby WHEN members join and leave over and over at once THEN every answer is a result or a reason and the seats match the last word of each member', async () => {
    const gameId = await lobby();
    const runs = [...Array(3).keys()].map(async (i) => {
      const codes: string[] = [];
      for (let round = 0; round < 4; round++) {
        const app = apps[(i + round) % apps.length]!;
        const joined = await Promise.all([app.join(gameId, member(i)), apps[(i + round + 1) % apps.length]!.join(gameId, member(i))]);
        codes.push(...joined.map((a) => (a.ok ? 'ok' : a.error.code)));
        if (round < 3) codes.push(...(await Promise.all([app.leave(gameId, member(i)), app.leave(gameId, member(i))])).map((a) => (a.ok ? 'ok' : a.error.code)));
      }
      return codes;
    });
    const codes = (await Promise.all(runs)).flat();
    expect(new Set(codes)).toEqual(new Set(['ok', 'core.alreadyJoined', 'core.notJoined']));
    const seats = (await getGame(db.prisma, gameId))!.seats;
    expect(seats.map((s) => s.userId).sort()).toEqual([host, member(0), member(1), member(2)].map((m) => m.userId).sort());
    const started = unwrap(await apps[0]!.start(gameId, host));
    expect(started.seats.map((s) => s.seat)).toEqual([0, 1, 2, 3]);
  });
});
