import { describe, expect, it } from 'vitest';
import type { DueItem, StoredJob } from '../scheduler/index.ts';
import { awayJobsGone, earlierOrNew } from './schedule-absence.ts';

const job = (queue: DueItem['queue'], key: string, at: number, kind: string, seq = 3): DueItem => ({ queue, key, at: new Date(at), data: { gameId: 'g', seq, seat: 0, kind } });
const row = (j: DueItem): StoredJob => ({ queue: j.queue, key: j.key, gameId: j.data.gameId, seq: j.data.seq, at: j.at.toISOString(), data: j.data });

describe('what /away, /back and /prefs write (issue 14: only what cannot wait until it falls due)', () => {
  it('GIVEN a plan and the jobs as they stand WHEN compared THEN new jobs, earlier ones and ones of another wait are written; later, equal and re-kinded ones are left for their handler', () => {
    const stored = [job('reminder', 'r.g.0', 5_000, 'remind'), job('reminder', 's.g.0', 9_000, 'stalled'), job('deadline', 'd.g.0', 7_000, 'deadline'), job('reminder', 'r.g.1', 5_000, 'remind', 2)].map(row);
    const plan = [
      job('reminder', 'r.g.0', 8_000, 'remind'), // later: the reminder moves itself when it falls due
      job('reminder', 's.g.0', 4_000, 'stalled'), // earlier: written now
      job('deadline', 'd.g.0', 7_000, 'away'), // same time, other kind: its handler reads the absence
      job('reminder', 'r.g.1', 6_000, 'remind'), // another wait (seq): written
      job('deadline', 'd.g.1', 1_000, 'away'), // new: written
    ];
    expect(earlierOrNew(plan, stored).map((j) => j.key)).toEqual(['s.g.0', 'r.g.1', 'd.g.1']);
  });

  it('GIVEN a member back WHEN their absence jobs are no longer planned THEN only those go; silenced reminders stay', () => {
    const stored = [job('deadline', 'd.g.0', 1_000, 'away'), job('reminder', 'r.g.0', 5_000, 'remind'), job('deadline', 'd.g.1', 7_000, 'deadline')].map(row);
    const drops = [{ queue: 'deadline' as const, key: 'd.g.0' }, { queue: 'reminder' as const, key: 'r.g.0' }, { queue: 'deadline' as const, key: 'd.g.1' }, { queue: 'deadline' as const, key: 'd.g.9' }];
    expect(awayJobsGone(drops, stored)).toEqual([{ queue: 'deadline', key: 'd.g.0' }]);
  });
});
