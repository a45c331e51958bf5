import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasText } from '../i18n/index.ts';
import {
  DEFAULT_POLICY,
  DEFAULT_PREFS,
  awayTimeoutAt,
  deadlineAt,
  deadlineBound,
  dormantAt,
  extend,
  isDormant,
  isQuiet,
  newlyAwaited,
  nextReminderAt,
  onDeadline,
  onTurnStart,
  parseAwayUntil,
  parsePrefs,
  parseTimeZone,
  quietEnd,
  resolvePolicy,
  stalledNoticeAt,
  type GamePolicy,
  type PlayerPrefs,
  type PolicyInput,
} from './policy.ts';

const utc = (iso: string): number => Date.parse(iso);
const H = 3_600_000;
const D = 24 * H;

function policy(input: PolicyInput = {}): GamePolicy {
  const result = resolvePolicy(undefined, input);
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
}

function prefs(input: Partial<PlayerPrefs> = {}): PlayerPrefs {
  return { ...DEFAULT_PREFS, ...input };
}

const night = (timeZone: string, start: string, end: string): PlayerPrefs => prefs({ timeZone, quietHours: { start, end } });

describe('policy schema and guild defaults', () => {
  it('GIVEN no settings at all WHEN the policy is resolved THEN the issue defaults apply (first reminder after 12 h, dormant after 30 days, no deadline)', () => {
    expect(DEFAULT_POLICY.reminders).toEqual({ firstAfterHours: 12, everyHours: 24, maxReminders: 3, stalledNotice: true });
    expect(DEFAULT_POLICY.deadline.mode).toBe('none');
    expect(DEFAULT_POLICY.away.mode).toBe('wait');
    expect(DEFAULT_POLICY.dormancyDays).toBe(30);
  });

  it('GIVEN guild defaults and a game override of one field WHEN resolved THEN the game field wins and the guild fields of the same section stay', () => {
    const result = resolvePolicy(
      { reminders: { firstAfterHours: 6, maxReminders: 5 }, deadline: { mode: 'soft', hours: 72 }, dormancyDays: 14 },
      { reminders: { maxReminders: 1 }, deadline: { mode: 'hard' } },
    );
    expect(result.ok && result.value.reminders).toMatchObject({ firstAfterHours: 6, maxReminders: 1, everyHours: 24 });
    expect(result.ok && result.value.deadline).toMatchObject({ mode: 'hard', hours: 72 });
    expect(result.ok && result.value.dormancyDays).toBe(14);
  });

  it('GIVEN a per-turn bound shorter than the deadline WHEN resolved THEN it is refused as schedule.deadline.bound', () => {
    const result = resolvePolicy(undefined, { deadline: { mode: 'hard', hours: 48, maxHoursPerTurn: 24 } });
    expect(result).toEqual({ ok: false, error: { code: 'schedule.deadline.bound', params: { path: 'deadline.maxHoursPerTurn' } } });
  });

  it('GIVEN a negative reminder interval WHEN resolved THEN it is refused as schedule.policy.invalid with its path', () => {
    const result = resolvePolicy(undefined, { reminders: { everyHours: -1 } });
    expect(result).toEqual({ ok: false, error: { code: 'schedule.policy.invalid', params: { path: 'reminders.everyHours' } } });
  });

  it('GIVEN player preferences WHEN parsed THEN unknown zones and malformed quiet hours are refused with stable codes', () => {
    expect(parsePrefs({ timeZone: 'Europe/Madrid', quietHours: { start: '23:00', end: '08:00' } }).ok).toBe(true);
    expect(parsePrefs({ timeZone: 'Europe/Atlantis' })).toEqual({ ok: false, error: { code: 'schedule.timezone.unknown', params: { path: 'timeZone' } } });
    expect(parsePrefs({ quietHours: { start: '25:00', end: '08:00' } })).toMatchObject({ ok: false, error: { code: 'schedule.time.invalid' } });
    expect(parseTimeZone('Nowhere/Town')).toEqual({ ok: false, error: { code: 'schedule.timezone.unknown', params: { timeZone: 'Nowhere/Town' } } });
    expect(parseTimeZone('America/New_York')).toEqual({ ok: true, value: 'America/New_York' });
  });
});

describe('quiet hours', () => {
  it('GIVEN quiet hours 22:00–07:00 in UTC WHEN checked around midnight THEN the night is quiet on both sides of midnight', () => {
    const p = night('UTC', '22:00', '07:00');
    expect(isQuiet(utc('2026-11-22T21:59:00Z'), p)).toBe(false);
    expect(isQuiet(utc('2026-11-22T22:00:00Z'), p)).toBe(true);
    expect(isQuiet(utc('2026-11-23T03:00:00Z'), p)).toBe(true);
    expect(isQuiet(utc('2026-11-23T07:00:00Z'), p)).toBe(false);
  });

  it('GIVEN quiet hours across midnight WHEN a time falls before or after midnight THEN it moves to 07:00 of the right day', () => {
    const p = night('UTC', '22:00', '07:00');
    expect(quietEnd(utc('2026-11-22T23:00:00Z'), p)).toBe(utc('2026-11-23T07:00:00Z'));
    expect(quietEnd(utc('2026-11-23T03:00:00Z'), p)).toBe(utc('2026-11-23T07:00:00Z'));
    expect(quietEnd(utc('2026-11-23T12:00:00Z'), p)).toBe(utc('2026-11-23T12:00:00Z'));
  });

  it('GIVEN quiet hours within one day (13:00–15:00) WHEN a time falls inside THEN it moves to 15:00 the same day', () => {
    expect(quietEnd(utc('2026-11-22T14:10:00Z'), night('UTC', '13:00', '15:00'))).toBe(utc('2026-11-22T15:00:00Z'));
  });

  it('GIVEN Madrid quiet hours 23:00–08:00 WHEN the night is the spring-forward night THEN the reminder goes at 08:00 CEST (06:00 UTC)', () => {
    expect(quietEnd(utc('2026-03-28T22:30:00Z'), night('Europe/Madrid', '23:00', '08:00'))).toBe(utc('2026-03-29T06:00:00Z'));
  });

  it('GIVEN Madrid quiet hours 23:00–08:00 WHEN the night is the fall-back night THEN the reminder goes at 08:00 CET (07:00 UTC)', () => {
    expect(quietEnd(utc('2026-10-24T21:30:00Z'), night('Europe/Madrid', '23:00', '08:00'))).toBe(utc('2026-10-25T07:00:00Z'));
  });

  it('GIVEN New York quiet hours 22:00–07:00 WHEN the night is the spring-forward night THEN the reminder goes at 07:00 EDT (11:00 UTC)', () => {
    expect(quietEnd(utc('2026-03-08T04:00:00Z'), night('America/New_York', '22:00', '07:00'))).toBe(utc('2026-03-08T11:00:00Z'));
  });

  it('GIVEN New York quiet hours 22:00–07:00 WHEN the night is the fall-back night THEN the reminder goes at 07:00 EST (12:00 UTC)', () => {
    expect(quietEnd(utc('2026-11-01T03:00:00Z'), night('America/New_York', '22:00', '07:00'))).toBe(utc('2026-11-01T12:00:00Z'));
  });

  it('GIVEN quiet hours ending at 02:30 in Madrid WHEN that wall time is skipped by the spring jump THEN the quiet ends at the jump (03:00 CEST)', () => {
    expect(quietEnd(utc('2026-03-28T23:30:00Z'), night('Europe/Madrid', '00:00', '02:30'))).toBe(utc('2026-03-29T01:00:00Z'));
  });

  it('GIVEN quiet hours ending at 01:30 in New York WHEN that wall time happens twice THEN the quiet ends at its first occurrence', () => {
    expect(quietEnd(utc('2026-11-01T04:30:00Z'), night('America/New_York', '00:00', '01:30'))).toBe(utc('2026-11-01T05:30:00Z'));
  });

  it('GIVEN Madrid quiet hours 02:01–02:00 WHEN the only free minute is skipped by the spring jump THEN the reminder waits for 02:00 the day after', () => {
    expect(quietEnd(utc('2026-03-28T01:01:00Z'), night('Europe/Madrid', '02:01', '02:00'))).toBe(utc('2026-03-30T00:00:00Z'));
  });

  const zones = ['UTC', 'Europe/Madrid', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago', 'Pacific/Chatham'];
  const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const instant = fc.integer({ min: utc('2020-01-01T00:00:00Z'), max: utc('2032-01-01T00:00:00Z') });

  it('Property: GIVEN any zone, quiet hours and instant WHEN the quiet end is taken THEN it is not earlier and not inside quiet hours', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), hhmm, hhmm, instant, (timeZone, start, end, at) => {
        const p = night(timeZone, start, end);
        const r = quietEnd(at, p);
        expect(r).toBeGreaterThanOrEqual(at);
        expect(isQuiet(r, p)).toBe(false);
        expect(r - at).toBeLessThanOrEqual(49 * H);
      }),
      { numRuns: 500 },
    );
  });

  it('Property: GIVEN any policy, preferences and turn WHEN the next reminder is planned THEN it is never inside quiet hours nor before now', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        hhmm,
        hhmm,
        instant,
        fc.integer({ min: 0, max: 40 * D }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 72 }),
        fc.integer({ min: 1, max: 72 }),
        (timeZone, start, end, turnStartedAt, elapsed, sent, first, every) => {
          const p = policy({ reminders: { firstAfterHours: first, everyHours: every, maxReminders: 5 } });
          const now = turnStartedAt + elapsed;
          const at = nextReminderAt(p, night(timeZone, start, end), turnStartedAt, sent, now);
          if (sent >= 5) expect(at).toBeNull();
          else {
            expect(at).not.toBeNull();
            expect(at ?? 0).toBeGreaterThanOrEqual(now);
            expect(isQuiet(at ?? 0, night(timeZone, start, end))).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('reminders', () => {
  const start = utc('2026-11-22T10:00:00Z');

  it('GIVEN the default policy WHEN reminders are planned THEN they go at 12 h, 36 h and 60 h and stop after three', () => {
    const at = (sent: number) => nextReminderAt(DEFAULT_POLICY, DEFAULT_PREFS, start, sent, start);
    expect([at(0), at(1), at(2), at(3)]).toEqual([start + 12 * H, start + 36 * H, start + 60 * H, null]);
  });

  it('GIVEN a reminder overdue after downtime WHEN planned THEN it goes now rather than in the past', () => {
    const now = start + 20 * H;
    expect(nextReminderAt(DEFAULT_POLICY, DEFAULT_PREFS, start, 0, now)).toBe(now);
  });

  it('GIVEN a player muted until their next turn WHEN planned THEN no reminder, and the mute lifts when their turn starts', () => {
    const muted = prefs({ mutedUntilNextTurn: true });
    expect(nextReminderAt(DEFAULT_POLICY, muted, start, 0, start)).toBeNull();
    expect(onTurnStart(muted).mutedUntilNextTurn).toBe(false);
  });

  it('GIVEN a player away until a date WHEN their seat waits or is timed out (issue 5 "Absence") THEN no reminder before they are back, and a skipped seat gets none', () => {
    const away = prefs({ awayUntil: '2026-11-25T09:00:00Z' });
    expect(nextReminderAt(DEFAULT_POLICY, away, start, 0, start)).toBe(utc('2026-11-25T09:00:00Z'));
    expect(nextReminderAt(policy({ away: { mode: 'timeout' } }), away, start, 0, start)).toBe(utc('2026-11-25T09:00:00Z'));
    expect(nextReminderAt(policy({ away: { mode: 'skip' } }), away, start, 0, start)).toBeNull();
    expect(nextReminderAt(policy({ away: { mode: 'skip' } }), away, start, 0, utc('2026-11-26T00:00:00Z'))).not.toBeNull();
  });

  it('GIVEN an away player whose seat is timed out (issue 5 "Absence") WHEN the timeout is planned THEN it falls at the turn deadline, extensions included, or without deadlines when the stalled notice would', () => {
    expect(awayTimeoutAt(DEFAULT_POLICY, start)).toBe(start + 84 * H);
    expect(awayTimeoutAt(policy({ reminders: { stalledNotice: false } }), start)).toBe(start + 84 * H);
    expect(awayTimeoutAt(policy({ deadline: { mode: 'hard', hours: 24 } }), start)).toBe(start + 24 * H);
    expect(awayTimeoutAt(policy({ deadline: { mode: 'soft', hours: 24, extensionHours: 12 } }), start, 1)).toBe(start + 36 * H);
  });

  it('GIVEN three reminders WHEN the stalled notice is planned THEN it goes one interval after the last one, or never when disabled', () => {
    expect(stalledNoticeAt(DEFAULT_POLICY, start, start)).toBe(start + 84 * H);
    expect(stalledNoticeAt(policy({ reminders: { stalledNotice: false } }), start, start)).toBeNull();
  });

  it('GIVEN who was awaited before and after a command WHEN compared THEN only seats that became awaited are notified', () => {
    expect(newlyAwaited({ seats: [0], kind: 'turn' }, { seats: [0], kind: 'turn' })).toEqual([]);
    expect(newlyAwaited({ seats: [0], kind: 'turn' }, { seats: [1], kind: 'turn' })).toEqual([1]);
    expect(newlyAwaited({ seats: [0], kind: 'turn' }, { seats: [0], kind: 'defend' })).toEqual([0]);
    expect(newlyAwaited({ seats: [0, 1], kind: 'vote' }, { seats: [1, 2], kind: 'vote' })).toEqual([2]);
    expect(newlyAwaited(null, { seats: [3], kind: 'turn' })).toEqual([3]);
  });
});

describe('deadlines and extensions', () => {
  const start = utc('2026-11-22T10:00:00Z');
  const soft = policy({ deadline: { mode: 'soft', hours: 24, extensionHours: 12, extensionBudget: 2, extensionsPerTurn: 2, maxHoursPerTurn: 42 } });
  const clock = { turnStartedAt: start, extensionsThisTurn: 0, extensionsUsed: 0 };

  it('GIVEN no deadline mode WHEN asked THEN there is no deadline and extensions are refused as schedule.deadline.none', () => {
    expect(deadlineAt(DEFAULT_POLICY, start)).toBeNull();
    expect(extend(DEFAULT_POLICY, clock, start)).toEqual({ ok: false, error: { code: 'schedule.deadline.none' } });
  });

  it('GIVEN a 24 h deadline with 12 h extensions WHEN extended twice THEN the second is cut at the host bound of 42 h', () => {
    const first = extend(soft, clock, start + H);
    expect(first).toMatchObject({ ok: true, value: { deadline: start + 36 * H, clamped: false, extensionsThisTurn: 1, extensionsUsed: 1 } });
    if (!first.ok) return;
    const second = extend(soft, first.value, start + 2 * H);
    expect(second).toMatchObject({ ok: true, value: { deadline: start + 42 * H, clamped: true } });
  });

  it('GIVEN a deadline already at the host bound WHEN extended THEN it is refused as schedule.deadline.bound', () => {
    const wide = policy({ deadline: { mode: 'hard', hours: 24, extensionsPerTurn: 5, extensionBudget: 5, maxHoursPerTurn: 24 } });
    expect(extend(wide, clock, start)).toEqual({ ok: false, error: { code: 'schedule.deadline.bound', params: { at: (start + 24 * H) / 1000 } } });
  });

  it('GIVEN the per-turn cap reached WHEN extended THEN it is refused as schedule.extension.cap', () => {
    expect(extend(soft, { ...clock, extensionsThisTurn: 2 }, start)).toEqual({ ok: false, error: { code: 'schedule.extension.cap', params: { cap: 2 } } });
  });

  it("GIVEN the player's budget spent WHEN extended THEN it is refused as schedule.extension.budget", () => {
    expect(extend(soft, { ...clock, extensionsUsed: 2 }, start)).toEqual({ ok: false, error: { code: 'schedule.extension.budget', params: { budget: 2 } } });
  });

  it('GIVEN a deadline that already passed WHEN extended by hand THEN it is refused as schedule.date.past', () => {
    expect(extend(soft, clock, start + 25 * H)).toMatchObject({ ok: false, error: { code: 'schedule.date.past' } });
  });

  it('GIVEN an absolute host bound earlier than the per-turn one WHEN the deadline is computed THEN the absolute bound wins', () => {
    const p = policy({ deadline: { mode: 'hard', hours: 48, notAfter: '2026-11-23T10:00:00Z' } });
    expect(deadlineBound(p.deadline, start)).toBe(start + 24 * H);
    expect(deadlineAt(p, start)).toBe(start + 24 * H);
  });

  it('GIVEN a passed deadline WHEN handled THEN hard plays the timeout, soft spends an extension and then hands over to the host', () => {
    const hard = policy({ deadline: { mode: 'hard' } });
    expect(onDeadline(hard, clock)).toEqual({ action: 'timeout' });
    expect(onDeadline(DEFAULT_POLICY, clock)).toEqual({ action: 'none' });
    expect(onDeadline(soft, clock)).toMatchObject({ action: 'extend', extension: { deadline: start + 36 * H } });
    expect(onDeadline(soft, { ...clock, extensionsUsed: 2 })).toEqual({
      action: 'notifyHost',
      reason: { code: 'schedule.extension.budget', params: { budget: 2 } },
    });
  });

  it('Property: GIVEN any deadline policy and any run of extensions WHEN applied THEN no deadline ever passes the host bound', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 * 20 }),
        fc.integer({ min: 1, max: 24 * 10 }),
        fc.integer({ min: 0, max: 24 * 60 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.option(fc.integer({ min: 1, max: 24 * 60 })),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom('soft' as const, 'hard' as const),
        (hours, extensionHours, slack, perTurn, budget, absoluteAfter, tries, mode) => {
          const notAfter = absoluteAfter === null ? null : new Date(start + absoluteAfter * H).toISOString();
          const p = policy({ deadline: { mode, hours, extensionHours, extensionsPerTurn: perTurn, extensionBudget: budget, maxHoursPerTurn: hours + slack, notAfter } });
          const bound = deadlineBound(p.deadline, start);
          let c = clock;
          for (let i = 0; i < tries; i++) {
            expect(deadlineAt(p, start, c.extensionsThisTurn) ?? 0).toBeLessThanOrEqual(bound);
            const r = extend(p, c, start);
            if (!r.ok) break;
            expect(r.value.deadline).toBeLessThanOrEqual(bound);
            expect(r.value.extensionsThisTurn).toBeLessThanOrEqual(perTurn);
            expect(r.value.extensionsUsed).toBeLessThanOrEqual(budget);
            c = r.value;
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('absence and dormancy', () => {
  const now = utc('2026-11-22T10:00:00Z');

  it('GIVEN an away date WHEN checked THEN past, unreadable and too-far dates are refused and a near one is accepted', () => {
    expect(parseAwayUntil(DEFAULT_POLICY, '2026-11-30T10:00:00Z', now)).toEqual({ ok: true, value: utc('2026-11-30T10:00:00Z') });
    expect(parseAwayUntil(DEFAULT_POLICY, '2026-11-01T10:00:00Z', now)).toMatchObject({ ok: false, error: { code: 'schedule.date.past' } });
    expect(parseAwayUntil(DEFAULT_POLICY, 'next tuesday', now)).toMatchObject({ ok: false, error: { code: 'schedule.date.invalid' } });
    expect(parseAwayUntil(DEFAULT_POLICY, '2027-06-01T10:00:00Z', now)).toEqual({ ok: false, error: { code: 'schedule.date.tooFar', params: { days: 60 } } });
  });

  it('GIVEN the default 30 days WHEN a game has been idle THEN it is dormant from day 30 on', () => {
    expect(dormantAt(DEFAULT_POLICY, now)).toBe(now + 30 * D);
    expect(isDormant(DEFAULT_POLICY, now, now + 30 * D - 1)).toBe(false);
    expect(isDormant(DEFAULT_POLICY, now, now + 30 * D)).toBe(true);
    expect(isDormant(policy({ dormancyDays: 7 }), now, now + 7 * D)).toBe(true);
  });

  it('GIVEN every rejection code the policy can return WHEN looked up THEN each has text in the schedule namespace', () => {
    const codes = [
      'schedule.extension.cap',
      'schedule.extension.budget',
      'schedule.deadline.bound',
      'schedule.deadline.none',
      'schedule.timezone.unknown',
      'schedule.date.past',
      'schedule.date.tooFar',
      'schedule.date.invalid',
      'schedule.time.invalid',
      'schedule.policy.invalid',
      'schedule.reminder.dm',
      'schedule.reminder.mention',
      'schedule.stalled.notice',
      'schedule.away.skipped',
      'schedule.away.timeout',
    ];
    expect(codes.filter((code) => !hasText(code))).toEqual([]);
  });
});
