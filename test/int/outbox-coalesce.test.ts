import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createDispatcher, type App, type AppActor, type DeliveryResult } from '../../src/app/index.ts';
import { createDueStore, createSchedule, type Schedule, type TurnPayload } from '../../src/app/schedule.ts';
import { InProcessScheduler } from '../../src/scheduler/in-process.ts';
import type { OutboxRow } from '../../src/store/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { tallyGame } from '../support/tally-game.ts';

/**
 * Issue 19, "The turn handoff" (fewer Discord requests per turn): under a backlog a game's older pending
 * turn messages are dropped behind its newest, which pings and restarts whoever the dropped ones would have.
 */
const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const bo: AppActor = { userId: 'u-bo', userName: 'Bo' };

describe.each(backends)('turn messages coalesced under a backlog on %s', (kind) => {
  let db: TestDatabase;
  let app: App;
  let schedule: Schedule;
  let scheduler: InProcessScheduler;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date() });
    const store = createDueStore(db);
    scheduler = new InProcessScheduler({ claim: store });
    schedule = createSchedule({ db, app, scheduler, store, clock: () => new Date() });
  });
  afterAll(async () => {
    await scheduler?.stop();
    await db?.dispose();
  });

  /** A fake Discord delivery that applies turn rows to the scheduler, as the real one does, and records every row. */
  function recorder() {
    const delivered: OutboxRow[] = [];
    const deliver = async (row: OutboxRow): Promise<DeliveryResult> => {
      if (row.kind === 'turn') await schedule.onTurn(row.payload as unknown as TurnPayload);
      delivered.push(row);
      return { ok: true, ref: `9${row.id}` };
    };
    return { delivered, deliver };
  }

  async function pass(gameId: string, who: AppActor, nonce: string): Promise<void> {
    const played = await app.play(gameId, who, { type: 'pass', args: {} }, nonce);
    if (!played.ok) throw new Error(played.error.code);
  }

  it('GIVEN a seat whose wait began, then two more turn changes waiting in a backlog WHEN the dispatcher passes THEN the older turn message is dropped, the newest pings that seat once and its wait restarts at the newest turn; nothing else is dropped', async () => {
    const lobby = await app.newGame({ guildId: 'g', channelId: 'c', threadId: `coalesce-${kind}`, host: ana, gameType: 'tally', options: { target: 50 }, seed: 5 });
    if (!lobby.ok) throw new Error(lobby.error.code);
    const gameId = lobby.value.gameId;
    await app.join(gameId, bo);
    await app.start(gameId, ana);
    await pass(gameId, ana, `co-${kind}-1`);
    const first = recorder();
    await createDispatcher({ db, clock: () => new Date(), deliver: first.deliver }).tick();
    const began = await db.prisma.seatClock.findUniqueOrThrow({ where: { gameId_seat: { gameId, seat: 1 } } });
    expect(began.active).toBe(true);

    await pass(gameId, bo, `co-${kind}-2`);
    await pass(gameId, ana, `co-${kind}-3`);
    const waiting = await db.prisma.outbox.findMany({ where: { gameId, status: 'pending' }, orderBy: { id: 'asc' } });
    const turns = waiting.filter((r) => r.kind === 'turn');
    expect(turns).toHaveLength(2);
    const [older, newest] = turns as [typeof turns[number], typeof turns[number]];

    // One row per pass: the first claims a full batch (a backlog), so the next drops what is superseded first.
    const second = recorder();
    const dispatcher = createDispatcher({ db, clock: () => new Date(), deliver: second.deliver, batch: 1 });
    for (let i = 0; i < waiting.length + 1; i++) await dispatcher.tick();

    const rows = await db.prisma.outbox.findMany({ where: { gameId, id: { in: waiting.map((r) => r.id) } }, orderBy: { id: 'asc' } });
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(rows.find((r) => r.id === older.id)?.sentRef).toBe('superseded');
    const postedTurns = second.delivered.filter((r) => r.kind === 'turn');
    expect(postedTurns.map((r) => r.id)).toEqual([String(newest.id)]);
    const survivor = postedTurns[0]!.payload as { previous: string[]; restarted: number[]; seats: { userId: string }[] };
    // Bo was awaited, then Ana, then Bo again: the survivor pings Bo (nobody was awaited throughout) and restarts his wait.
    expect(survivor.seats.map((s) => s.userId)).toEqual([bo.userId]);
    expect(survivor.previous).toEqual([]);
    expect(survivor.restarted).toEqual([1]);
    const clocks = await db.prisma.seatClock.findMany({ where: { gameId }, orderBy: { seat: 'asc' } });
    expect(clocks.map((c) => c.active)).toEqual([false, true]);
    expect(clocks[1]!.turnSeq).toBe((newest.payload as { seq: number }).seq);
    expect(clocks[1]!.turnSeq).toBeGreaterThan(began.turnSeq);
    // Only turn messages and superseded pictures are dropped: every other row was delivered.
    const droppedOthers = rows.filter((r) => r.sentRef === 'superseded' && r.kind !== 'turn' && !(r.payload as { image?: boolean }).image);
    expect(droppedOthers).toEqual([]);
    expect(second.delivered.length + rows.filter((r) => r.sentRef === 'superseded').length).toBe(waiting.length);
  });
});
