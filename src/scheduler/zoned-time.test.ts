import { describe, expect, it } from 'vitest';
import { addDays, instantOf, isValidTimeZone, localParts, offsetAt } from './zoned-time.ts';

const utc = (iso: string): number => Date.parse(iso);
const H = 3_600_000;

describe('zoned time', () => {
  it('GIVEN IANA names and junk WHEN validated THEN only zones Intl knows pass', () => {
    expect(isValidTimeZone('Europe/Madrid')).toBe(true);
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('GIVEN Madrid in January and in July WHEN the offset is read THEN it is +1 h then +2 h', () => {
    expect(offsetAt(utc('2026-01-15T12:00:00Z'), 'Europe/Madrid')).toBe(H);
    expect(offsetAt(utc('2026-07-15T12:00:00Z'), 'Europe/Madrid')).toBe(2 * H);
    expect(localParts(utc('2026-07-15T12:00:00Z'), 'Europe/Madrid')).toEqual({ year: 2026, month: 7, day: 15, hour: 14, minute: 0 });
  });

  it('GIVEN an ordinary wall time WHEN converted to an instant THEN it round-trips', () => {
    const local = { year: 2026, month: 11, day: 22, hour: 9, minute: 45 };
    expect(localParts(instantOf(local, 'America/New_York'), 'America/New_York')).toEqual(local);
    expect(instantOf(local, 'America/New_York')).toBe(utc('2026-11-22T14:45:00Z'));
  });

  it('GIVEN 02:30 on the night Madrid springs forward WHEN converted THEN it is the first instant after the jump (03:00 CEST)', () => {
    expect(instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Madrid')).toBe(utc('2026-03-29T01:00:00Z'));
  });

  it('GIVEN 01:30 on the night New York falls back WHEN converted THEN the earlier of its two occurrences (EDT) is chosen', () => {
    expect(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York')).toBe(utc('2026-11-01T05:30:00Z'));
  });

  it('GIVEN month, year and leap-day boundaries WHEN days are added THEN the calendar date is right', () => {
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });
});
