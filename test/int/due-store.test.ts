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

  it('GIVEN the rows as they stand WHEN a plan is written with writeChanges THEN only rows that differ are written (one statement), and it returns the changed puts and the drops that existed', async () => {
    const data = (key: string, seq: number, kind: string) => ({ gameId: 'g2', seq, seat: 0, kind, note: `"quoted" \\ ${key}` });
    const same = { queue: 'reminder' as const, key: 'r.g2.0', at: at(20), data: data('r', 1, 'remind') };
    const moved = { queue: 'deadline' as const, key: 'd.g2.0', at: at(25), data: data('d', 1, 'deadline') };
    const dropped = { queue: 'reminder' as const, key: 's.g2.0', at: at(21), data: data('s', 1, 'stalled') };
    await store.putAll([same, moved, dropped]);
    const current = await db.prisma.scheduledJob.findMany({ where: { gameId: 'g2' } });
    const versions = async () => new Map((await db.prisma.$queryRawUnsafe<{ key: string; v: string }[]>(`SELECT "key", xmin::text AS "v" FROM "ScheduledJob" WHERE "gameId" = 'g2'`)).map((r) => [r.key, r.v]));
    const was = await versions();
    const added = { queue: 'reminder' as const, key: 'x.g2.0', at: at(27), data: data('x', 2, 'remind') };
    const out = await store.writeChanges(
      [{ ...same, data: { kind: 'remind', seat: 0, seq: 1, gameId: 'g2', note: same.data.note } }, { ...moved, at: at(26) }, added],
      [{ queue: 'reminder', key: 's.g2.0' }, { queue: 'reminder', key: 'never.there' }],
      current,
    );
    expect(out.puts.map((p) => p.key)).toEqual(['d.g2.0', 'x.g2.0']);
    expect(out.drops).toEqual([{ queue: 'reminder', key: 's.g2.0' }]);
    const now = await versions();
    expect(now.get('r.g2.0')).toBe(was.get('r.g2.0'));
    expect(now.get('d.g2.0')).not.toBe(was.get('d.g2.0'));
    expect([...now.keys()].sort()).toEqual(['d.g2.0', 'r.g2.0', 'x.g2.0']);
    const rows = await db.prisma.scheduledJob.findMany({ where: { gameId: 'g2' }, orderBy: { key: 'asc' } });
    expect(rows.map((r) => [r.key, r.at.toISOString(), r.data])).toEqual([
      ['d.g2.0', at(26).toISOString(), moved.data],
      ['r.g2.0', at(20).toISOString(), same.data],
      ['x.g2.0', at(27).toISOString(), added.data],
    ]);
    expect(await store.writeChanges([added], [], rows)).toEqual({ puts: [], drops: [] });
  });
});
