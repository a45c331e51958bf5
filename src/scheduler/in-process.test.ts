import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createScheduler } from './create.ts';
import { BullScheduler } from './bullmq.ts';
import { InProcessScheduler, ManualClock } from './in-process.ts';
import { MemoryDueStore } from './memory-store.ts';
import type { FireTicket, ScheduleRequest } from './types.ts';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const H = 3_600_000;

function job(key: string, atMs: number, seq = 1): ScheduleRequest {
  return { queue: 'reminder', key, at: new Date(atMs), data: { gameId: 'g1', seq, seat: 0 } };
}

async function manual(): Promise<{ scheduler: InProcessScheduler; clock: ManualClock; fired: FireTicket[] }> {
  const clock = new ManualClock(T0);
  const scheduler = await createScheduler({ clock, retry: { attempts: 3, backoffMs: 1000 }, onError: () => undefined });
  const fired: FireTicket[] = [];
  scheduler.handle('reminder', (t) => void fired.push(t));
  return { scheduler, clock, fired };
}

describe('in-process scheduler on a manual clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('GIVEN no REDIS_URL WHEN a scheduler is created THEN it is the in-process one; with a URL it is BullMQ', async () => {
    expect((await createScheduler({})).kind).toBe('in-process');
    const bull = await createScheduler({ redisUrl: 'redis://127.0.0.1:6379', prefix: 'tk-unit-never-used' });
    expect(bull).toBeInstanceOf(BullScheduler);
    await bull.stop();
  });

  it('GIVEN jobs at 12 h and 36 h WHEN advanced by 24 h THEN only the first fires, with the clock standing at its time', async () => {
    const { scheduler, clock, fired } = await manual();
    await scheduler.start();
    await scheduler.schedule(job('a', T0 + 12 * H));
    await scheduler.schedule(job('b', T0 + 36 * H));
    expect(await scheduler.advance(24 * H)).toBe(1);
    expect(fired.map((t) => t.at.getTime())).toEqual([T0 + 12 * H]);
    expect(clock.now()).toBe(T0 + 24 * H);
    expect((await scheduler.pending('reminder')).map((j) => j.key)).toEqual(['b']);
  });

  it('GIVEN a handler WHEN it runs during advance THEN it sees the clock at the job time', async () => {
    const clock = new ManualClock(T0);
    const scheduler = new InProcessScheduler({ clock });
    const times: number[] = [];
    scheduler.handle('deadline', () => void times.push(clock.now()));
    await scheduler.schedule({ ...job('d', T0 + 5 * H), queue: 'deadline' });
    await scheduler.advance(10 * H);
    expect(times).toEqual([T0 + 5 * H]);
  });

  it('GIVEN a job already due WHEN runDue is called without moving the clock THEN it fires once', async () => {
    const { scheduler, fired } = await manual();
    await scheduler.schedule(job('a', T0 - 1));
    expect(await scheduler.runDue()).toBe(1);
    expect(await scheduler.runDue()).toBe(0);
    expect(fired).toHaveLength(1);
  });

  it('GIVEN a key scheduled twice WHEN time passes both times THEN only the replacement fires', async () => {
    const { scheduler, fired } = await manual();
    await scheduler.schedule(job('a', T0 + H, 1));
    await scheduler.schedule(job('a', T0 + 2 * H, 2));
    await scheduler.advance(3 * H);
    expect(fired.map((t) => t.seq)).toEqual([2]);
  });

  it('GIVEN a handler failing twice WHEN time advances THEN it is retried with exponential backoff until the third attempt succeeds', async () => {
    const clock = new ManualClock(T0);
    const scheduler = new InProcessScheduler({ clock, retry: { attempts: 3, backoffMs: 1000 }, onError: () => undefined });
    const attempts: [number, number][] = [];
    scheduler.handle('delivery', (t) => {
      attempts.push([t.attempt, clock.now() - T0]);
      if (t.attempt < 3) throw new Error('rate limited');
    });
    await scheduler.schedule({ ...job('outbox-1', T0), queue: 'delivery' });
    await scheduler.advance(10_000);
    expect(attempts).toEqual([
      [1, 0],
      [2, 1000],
      [3, 3000],
    ]);
  });

  it('GIVEN a job older than its game WHEN it fires THEN the claim port refuses it', async () => {
    const store = new MemoryDueStore();
    const clock = new ManualClock(T0);
    const scheduler = new InProcessScheduler({ clock, claim: store });
    const fired: FireTicket[] = [];
    scheduler.handle('reminder', (t) => void fired.push(t));
    store.put(job('a', T0 + H, 4));
    await scheduler.rebuild(await store.listDue());
    store.setGameSeq('g1', 5);
    expect(await scheduler.advance(2 * H)).toBe(0);
    expect(fired).toEqual([]);
  });

  it('GIVEN a dormancy check 30 days ahead (beyond the 24.8-day timer limit) WHEN real time passes THEN it still fires on the day', async () => {
    vi.useFakeTimers({ now: T0 });
    const scheduler = new InProcessScheduler();
    const fired: FireTicket[] = [];
    scheduler.handle('dormancy', (t) => void fired.push(t));
    await scheduler.start();
    await scheduler.schedule({ ...job('g1', T0 + 30 * 24 * H), queue: 'dormancy' });
    await vi.advanceTimersByTimeAsync(30 * 24 * H - 1000);
    expect(fired).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fired).toHaveLength(1);
    await scheduler.stop();
  });
});

type Op =
  | { readonly kind: 'schedule'; readonly key: string; readonly at: number }
  | { readonly kind: 'cancel'; readonly key: string }
  | { readonly kind: 'batch'; readonly puts: readonly { key: string; at: number }[]; readonly cancels: readonly string[] }
  | { readonly kind: 'advance'; readonly ms: number };

describe('in-process scheduler queue order (property)', () => {
  const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
  const at = fc.integer({ min: -2, max: 40 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('schedule' as const), key, at }),
    fc.record({ kind: fc.constant('cancel' as const), key }),
    fc.record({ kind: fc.constant('batch' as const), puts: fc.array(fc.record({ key, at }), { maxLength: 8 }), cancels: fc.array(key, { maxLength: 4 }) }),
    fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 15 }) }),
  );

  it('GIVEN any mix of schedules, cancels, batches and clock moves WHEN jobs fall due THEN they fire exactly as a fully sorted queue would fire them (time, then scheduling order; replaced and cancelled jobs never)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 60 }), async (ops) => {
        const { scheduler, clock, fired } = await manual();
        await scheduler.start();
        const model = new Map<string, { at: number; order: number; seq: number }>();
        const expected: string[] = [];
        let order = 0;
        let seq = 0;
        const put = (k: string, minutes: number) => {
          seq++;
          model.set(k, { at: T0 + minutes * 60_000, order: order++, seq });
          return job(k, T0 + minutes * 60_000, seq);
        };
        for (const o of ops) {
          if (o.kind === 'schedule') await scheduler.schedule(put(o.key, o.at));
          else if (o.kind === 'cancel') {
            model.delete(o.key);
            await scheduler.cancel('reminder', o.key);
          } else if (o.kind === 'batch') {
            const cancels = o.cancels.filter((k) => !o.puts.some((p) => p.key === k));
            for (const k of cancels) model.delete(k);
            const requests = o.puts.map((p) => put(p.key, p.at));
            await scheduler.apply(requests, cancels.map((k) => ({ queue: 'reminder' as const, key: k })));
          } else {
            const target = clock.now() + o.ms * 60_000;
            for (;;) {
              const next = [...model].sort(([, x], [, y]) => x.at - y.at || x.order - y.order)[0];
              if (!next || next[1].at > target) break;
              model.delete(next[0]);
              expected.push(`${next[0]}${next[1].seq}`);
            }
            await scheduler.advance(o.ms * 60_000);
          }
        }
        expect(fired.map((t) => `${t.key}${t.seq}`)).toEqual(expected);
        const rest = [...model].sort(([, x], [, y]) => x.at - y.at || x.order - y.order).map(([k, v]) => `${k}${v.seq}`);
        expect((await scheduler.pending('reminder')).map((j) => `${j.key}${j.data.seq}`)).toEqual(rest);
      }),
      { numRuns: 300 },
    );
  });

  it('GIVEN a running scheduler on real time WHEN 20,000 jobs are scheduled one by one and then all moved in one batch THEN it takes well under two seconds (the timer is re-armed from a heap, not a re-sort per change)', async () => {
    const scheduler = new InProcessScheduler();
    scheduler.handle('reminder', () => undefined);
    await scheduler.start();
    const later = Date.now() + 24 * H;
    try {
      const t0 = performance.now();
      for (let i = 0; i < 20_000; i++) await scheduler.schedule(job(`k${i}`, later + (i % 977) * H));
      await scheduler.apply(Array.from({ length: 20_000 }, (_, i) => job(`k${i}`, later + (i % 631) * H, 2)));
      expect(performance.now() - t0).toBeLessThan(2_000);
      expect(scheduler.nextDueAt()).toBe(later);
      expect((await scheduler.pending('reminder')).length).toBe(20_000);
    } finally {
      await scheduler.stop();
    }
  });
});
