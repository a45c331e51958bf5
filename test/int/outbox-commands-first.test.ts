import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswering, createDispatcher, type AnsweringTracker, type DeliveryResult } from '../../src/app/index.ts';
import { enqueue, supersedePrompts, type OutboxRow } from '../../src/store/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';

/**
 * Issue 19, "200 concurrent games": commands first. The outbox's deliveries give way to the interactions
 * the same process is answering (`yieldTo`, the bot's `createAnswering` tracker): a delivery step waits for
 * them, at most `maxDeferMs`, and a pass under a backlog claims no further batch while they wait. The outbox never stalls: with interactions
 * arriving without end, every row is still delivered, and a few steps a second go ahead at once (its share).
 * Under a backlog, an edit of the live turn message made pointless by a newer one is dropped.
 */
/** A tracker with one interaction under way; `end()` answers it. */
function oneUnderWay(): AnsweringTracker & { end(): void } {
  const tracker = createAnswering();
  return Object.assign(tracker, { end: tracker.begin() });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('outbox deliveries give way to interactions on %s', (kind) => {
  let db: TestDatabase;
  let tagN = 0;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  /** `count` notices on `threads` threads, each thread's rows in order, tagged so other tests' rows are ignored. */
  async function notices(count: number, threads: number): Promise<{ tag: string; posted: string[]; deliver: (row: OutboxRow) => Promise<DeliveryResult> }> {
    const tag = `first-${kind}-${++tagN}`;
    await enqueue(db.prisma, null, Array.from({ length: count }, (_, n) => ({ kind: 'notice', target: { channelId: `${tag}-t${n % threads}` }, payload: { n } })));
    const posted: string[] = [];
    const deliver = async (row: OutboxRow): Promise<DeliveryResult> => {
      const target = (row.target as { channelId: string }).channelId;
      if (target.startsWith(tag)) posted.push(`${target.slice(tag.length + 1)}:${(row.payload as { n: number }).n}`);
      return { ok: true, ref: `m-${row.id}` };
    };
    return { tag, posted, deliver };
  }

  it('GIVEN an interaction being answered WHEN rows are due THEN nothing is posted until it is answered, then everything is, in order (Issue 19 §The turn handoff: commands first)', async () => {
    const { posted, deliver } = await notices(3, 1);
    const busy = oneUnderWay();
    const tick = createDispatcher({ db, clock: () => new Date(), deliver, yieldTo: busy, maxDeferMs: 10_000, freeStepsPerSecond: 0 }).tick();
    await sleep(150);
    expect(posted).toEqual([]);
    busy.end();
    await tick;
    expect(posted).toEqual(['t0:0', 't0:1', 't0:2']);
  });

  it('GIVEN interactions that never stop WHEN the dispatcher passes THEN every row is still delivered, each step waiting at most maxDeferMs', async () => {
    const { posted, deliver } = await notices(4, 2);
    const busy = oneUnderWay();
    const t0 = performance.now();
    await createDispatcher({ db, clock: () => new Date(), deliver, yieldTo: busy, maxDeferMs: 20, freeStepsPerSecond: 0 }).tick();
    expect([...posted].sort()).toEqual(['t0:0', 't0:2', 't1:1', 't1:3']);
    // Each wait that ran out removed its listener: nothing piles up while interactions never stop.
    expect(busy.listening()).toBe(0);
    // Four posts and two groups, each waiting its 20 ms at most: far below the seconds a stall would take.
    expect(performance.now() - t0).toBeLessThan(3_000);
  });

  it('GIVEN interactions that never stop and free steps left this second WHEN rows are due THEN they go ahead at once, not after the longest wait (the outbox keeps its share)', async () => {
    const { posted, deliver } = await notices(3, 3);
    const t0 = performance.now();
    await createDispatcher({ db, clock: () => new Date(), deliver, yieldTo: oneUnderWay(), maxDeferMs: 10_000, freeStepsPerSecond: 10 }).tick();
    expect([...posted].sort()).toEqual(['t0:0', 't1:1', 't2:2']);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  /** Pending rows of one game as a command leaves them: `prompt` edits of the live turn message, then `turn`. */
  async function edits(rows: readonly { kind: 'prompt' | 'turn'; seq: number; ended?: boolean; attempts?: number }[]): Promise<{ gameId: string; ids: string[] }> {
    const gameId = `edits-${kind}-${++tagN}`;
    await enqueue(db.prisma, gameId, rows.map((r) => ({ kind: r.kind, target: { channelId: `${gameId}-thread` }, payload: { gameId, seq: r.seq, ...(r.ended ? { ended: true } : {}) } })));
    const stored = await db.prisma.outbox.findMany({ where: { gameId }, orderBy: { id: 'asc' } });
    for (const [i, r] of rows.entries()) if (r.attempts) await db.prisma.outbox.update({ where: { id: stored[i]!.id }, data: { attempts: r.attempts } });
    return { gameId, ids: stored.map((r) => String(r.id)) };
  }
  const statuses = async (gameId: string) => (await db.prisma.outbox.findMany({ where: { gameId }, orderBy: { id: 'asc' } })).map((r) => (r.sentRef === 'superseded' ? 'superseded' : r.status));

  it('GIVEN a game\'s pending edits of its live turn message followed by a newer edit or turn message WHEN superseded THEN only the older untried edits are dropped; an edit that ends the game, a tried one, and another game\'s are kept (Issue 19 §The outbox delivers exactly once, fast)', async () => {
    const a = await edits([{ kind: 'prompt', seq: 1 }, { kind: 'prompt', seq: 2, attempts: 1 }, { kind: 'prompt', seq: 3 }, { kind: 'turn', seq: 4 }]);
    const ended = await edits([{ kind: 'prompt', seq: 7, ended: true }, { kind: 'turn', seq: 8 }]);
    const alone = await edits([{ kind: 'prompt', seq: 2 }]);
    expect(await supersedePrompts(db.prisma)).toBeGreaterThanOrEqual(2);
    expect(await statuses(a.gameId)).toEqual(['superseded', 'pending', 'superseded', 'pending']);
    expect(await statuses(ended.gameId)).toEqual(['pending', 'pending']);
    expect(await statuses(alone.gameId)).toEqual(['pending']);
    await db.prisma.outbox.deleteMany({ where: { gameId: { in: [a.gameId, ended.gameId, alone.gameId] } } });
  });

  it('GIVEN two edits of a game\'s live turn message claimed together WHEN delivered THEN only the newer is drawn; the older is recorded superseded', async () => {
    const { gameId, ids } = await edits([{ kind: 'prompt', seq: 1 }, { kind: 'prompt', seq: 2 }]);
    const drawn: string[] = [];
    const deliver = async (row: OutboxRow): Promise<DeliveryResult> => {
      if (row.gameId === gameId) drawn.push(row.id);
      return { ok: true, ref: `m-${row.id}` };
    };
    await createDispatcher({ db, clock: () => new Date(), deliver }).tick();
    expect(drawn).toEqual([ids[1]]);
    expect(await statuses(gameId)).toEqual(['superseded', 'sent']);
  });

  it('GIVEN a backlog WHEN interactions wait THEN the pass claims no further batch before they are answered; then its free lanes claim the rest (Issue 19 §The outbox delivers exactly once, fast)', async () => {
    const busy = oneUnderWay();
    const { posted, deliver } = await notices(6, 6);
    const tick = createDispatcher({ db, clock: () => new Date(), deliver, yieldTo: busy, maxDeferMs: 10_000, freeStepsPerSecond: 0, batch: 2, lanes: 2 }).tick();
    await sleep(150);
    expect(posted).toEqual([]);
    busy.end();
    const report = await tick;
    expect(report.claimed).toBeGreaterThanOrEqual(6);
    expect([...posted].sort()).toEqual(['t0:0', 't1:1', 't2:2', 't3:3', 't4:4', 't5:5']);
  });
});
