/** Milliseconds since the Unix epoch. Pure scheduling code passes time around as numbers only. */
export type Instant = number;

export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export interface LocalDateTime extends LocalDate {
  readonly hour: number;
  readonly minute: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for an IANA zone the runtime's Intl knows (no extra dependency: Node ships full ICU). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function fields(instant: Instant, timeZone: string): LocalDateTime & { second: number } {
  const out: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return {
    year: out.year ?? 1970,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

/** Wall-clock date and time at `instant` in `timeZone`. */
export function localParts(instant: Instant, timeZone: string): LocalDateTime {
  const { year, month, day, hour, minute } = fields(instant, timeZone);
  return { year, month, day, hour, minute };
}

/** Local time minus UTC at `instant`, in ms (e.g. +7 200 000 in Madrid in summer). */
export function offsetAt(instant: Instant, timeZone: string): number {
  const f = fields(instant, timeZone);
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - wholeSecond;
}

/**
 * The instant a wall-clock time happens in `timeZone`. When the clocks go back and the time happens
 * twice, the earlier one; when they go forward and it never happens, the first instant after the jump.
 */
export function instantOf(local: LocalDateTime, timeZone: string): Instant {
  const naive = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const before = offsetAt(naive - DAY_MS, timeZone);
  const after = offsetAt(naive + DAY_MS, timeZone);
  const valid = [naive - before, naive - after].filter((t, i) => offsetAt(t, timeZone) === (i === 0 ? before : after));
  if (valid.length > 0) return Math.min(...valid);
  let lo = Math.min(naive - before, naive - after);
  let hi = Math.max(naive - before, naive - after);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (offsetAt(mid, timeZone) === after) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The calendar date `days` after `date` (proleptic Gregorian; pure arithmetic, no Date object). */
export function addDays(date: LocalDate, days: number): LocalDate {
  return civilFromDays(Math.floor(Date.UTC(date.year, date.month - 1, date.day) / DAY_MS) + days);
}

/** Howard Hinnant's civil_from_days: days since 1970-01-01 to a calendar date. */
function civilFromDays(epochDays: number): LocalDate {
  const z = epochDays + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}
