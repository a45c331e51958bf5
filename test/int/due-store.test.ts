import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaDueStore } from '../../src/scheduler/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));

describe.each(backends)('due jobs kept in the database (%s)', (kind) => {
  let db: TestDatabase;
  let store: PrismaDueStore;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    store = new PrismaDueStore(db.prisma, async () => true);
  });
  afterAll(async () => {
    await db.dispose();
  });

  it('GIVEN several jobs of one turn WHEN written together THEN each replaces its queue and key, others are added, and listDue orders them by time', async () => {
    await store.put({ queue: 'reminder', key: 'r.g1.0', at: at(50), data: { gameId: 'g1', seq: 1, seat: 0, kind: 'remind' } });
    await store.putAll([
      { queue: 'reminder', key: 'r.g1.0', at: at(30), data: { gameId: 'g1', seq: 4, seat: 0, kind: 'remind' } },
      { queue: 'reminder', key: 's.g1.0', at: at(40), data: { gameId: 'g1', seq: 4, seat: 0, kind: 'stalled' } },
      { queue: 'deadline', key: 'd.g1.0', at: at(10), data: { gameId: 'g1', seq: 4, seat: 0, kind: 'deadline' } },
    ]);
    const due = await store.listDue();
    expect(due.map((d) => [d.queue, d.key, d.at.toISOString(), d.data.seq])).toEqual([
      ['deadline', 'd.g1.0', at(10).toISOString(), 4],
      ['reminder', 'r.g1.0', at(30).toISOString(), 4],
      ['reminder', 's.g1.0', at(40).toISOString(), 4],
    ]);
    expect(due.find((d) => d.key === 's.g1.0')?.data).toEqual({ gameId: 'g1', seq: 4, seat: 0, kind: 'stalled' });
  });

  it('GIVEN nothing to write THEN putAll and removeAll change nothing; removeAll drops exactly the named jobs', async () => {
    await store.putAll([]);
    await store.removeAll([]);
    expect(await store.listDue()).toHaveLength(3);
    await store.removeAll([{ queue: 'reminder', key: 'r.g1.0' }, { queue: 'deadline', key: 'd.g1.0' }]);
    expect((await store.listDue()).map((d) => d.key)).toEqual(['s.g1.0']);
  });
});
