import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeWaits, createGame } from '../../src/store/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';

describe.each(backends)('seat clocks on a turn change (%s)', (kind) => {
  let db: TestDatabase;
  let gameId: string;
  const at = new Date('2026-03-01T12:00:00.000Z');
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    const created = await createGame(db.prisma, {
      guildId: 'g1', channelId: 'c1', threadId: `t-${kind}`, gameType: 'tally', rulesVersion: '1', seed: 1, options: {}, hostUserId: 'u1',
      players: [{ userId: 'u1', userName: 'Ana' }, { userId: 'u2', userName: 'Bo' }, { userId: 'u3', userName: 'Cy' }],
    });
    if (!created.ok) throw new Error('create failed');
    gameId = created.game.id;
  });
  afterAll(async () => {
    await db.dispose();
  });

  const clocks = () => db.prisma.seatClock.findMany({ where: { gameId }, orderBy: { seat: 'asc' } });

  it('GIVEN seat 0 waiting WHEN the turn passes to seats 1 and 2 THEN seat 0 stops waiting and 1 and 2 start fresh waits, in one statement', async () => {
    await changeWaits(db.prisma, { gameId, ended: [], begun: [0], turnSeq: 1, kind: 'turn', at });
    await db.prisma.seatClock.update({ where: { gameId_seat: { gameId, seat: 0 } }, data: { remindersSent: 2, extensionsUsed: 1, reminderRef: { channelId: 'c', messageId: 'm' } } });
    const later = new Date(at.getTime() + 60_000);
    await changeWaits(db.prisma, { gameId, ended: [0], begun: [1, 2], turnSeq: 2, kind: 'prompt', at: later });
    const rows = await clocks();
    expect(rows.map((r) => [r.seat, r.active, r.turnSeq, r.kind])).toEqual([[0, false, 1, 'turn'], [1, true, 2, 'prompt'], [2, true, 2, 'prompt']]);
    expect(rows[0]?.reminderRef).toBeNull();
    expect(rows[0]?.extensionsUsed).toBe(1);
    expect(rows[1]?.turnStartedAt.toISOString()).toBe(later.toISOString());
  });

  it('GIVEN a seat that waited WHEN its wait begins again THEN its clock restarts and keeps the extensions it used', async () => {
    await db.prisma.seatClock.update({ where: { gameId_seat: { gameId, seat: 1 } }, data: { remindersSent: 3, stalledSent: true, extensionsThisTurn: 1, extensionsUsed: 2 } });
    await changeWaits(db.prisma, { gameId, ended: [2], begun: [1], turnSeq: 3, kind: 'turn', at });
    const one = (await clocks()).find((r) => r.seat === 1);
    expect(one).toMatchObject({ active: true, turnSeq: 3, remindersSent: 0, stalledSent: false, extensionsThisTurn: 0, extensionsUsed: 2 });
    expect((await clocks()).find((r) => r.seat === 2)?.active).toBe(false);
  });

  it('GIVEN a seat both ended and begun THEN nothing is written and the caller is told', async () => {
    await expect(changeWaits(db.prisma, { gameId, ended: [1], begun: [1], turnSeq: 4, kind: 'turn', at })).rejects.toThrow(/both ended and begun/);
    expect((await clocks()).find((r) => r.seat === 1)?.turnSeq).toBe(3);
  });
});
