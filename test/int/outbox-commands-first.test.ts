import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type DeliveryResult } from '../../src/app/index.ts';
import { enqueue, type OutboxRow } from '../../src/store/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';

/**
 * Issue 19, "200 concurrent games": commands first. The outbox's deliveries give way to the interactions
 * the same process is answering (`yieldTo`): a delivery waits for them, at most `maxDeferMs` a step, and a
 * pass under a backlog claims no more rows while they wait. The outbox never stalls: with interactions
 * arriving without end, every row is still delivered.
 */
interface Answering {
  count(): number;
  idle(): Promise<void>;
  /** Interactions begin (+1) or end (-1); reaching none resolves the waiters of `idle`. */
  add(n: number): void;
}

function answering(initial: number): Answering {
  let n = initial;
  let waiters: (() => void)[] = [];
  return {
    count: () => n,
    idle: () => (n === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    add(d) {
      n += d;
      if (n > 0) return;
      const w = waiters;
      waiters = [];
      for (const resolve of w) resolve();
    },
  };
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
    const busy = answering(1);
    const tick = createDispatcher({ db, clock: () => new Date(), deliver, yieldTo: busy, maxDeferMs: 10_000 }).tick();
    await sleep(150);
    expect(posted).toEqual([]);
    busy.add(-1);
    await tick;
    expect(posted).toEqual(['t0:0', 't0:1', 't0:2']);
  });

  it('GIVEN interactions that never stop WHEN the dispatcher passes THEN every row is still delivered, each step waiting at most maxDeferMs', async () => {
    const { posted, deliver } = await notices(4, 2);
    const busy = answering(1);
    const t0 = performance.now();
    await createDispatcher({ db, clock: () => new Date(), deliver, yieldTo: busy, maxDeferMs: 20 }).tick();
    expect([...posted].sort()).toEqual(['t0:0', 't0:2', 't1:1', 't1:3']);
    // Four posts and two groups, each waiting its 20 ms at most: far below the seconds a stall would take.
    expect(performance.now() - t0).toBeLessThan(3_000);
  });

  it('GIVEN a backlog WHEN interactions wait THEN a pass claims no more than its first batch; with none waiting its free lanes claim the rest (Issue 19 §The outbox delivers exactly once, fast)', async () => {
    const busy = answering(1);
    const first = await notices(6, 6);
    const held = await createDispatcher({ db, clock: () => new Date(), deliver: first.deliver, yieldTo: busy, maxDeferMs: 5, batch: 2, lanes: 2 }).tick();
    expect(held.claimed).toBe(2);
    busy.add(-1);
    const free = await createDispatcher({ db, clock: () => new Date(), deliver: first.deliver, yieldTo: busy, maxDeferMs: 5, batch: 2, lanes: 2 }).tick();
    expect(free.claimed).toBeGreaterThanOrEqual(4);
    expect([...first.posted].sort()).toEqual(['t0:0', 't1:1', 't2:2', 't3:3', 't4:4', 't5:5']);
  });
});
