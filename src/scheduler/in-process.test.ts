import { afterEach, describe, expect, it, vi } from 'vitest';
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
