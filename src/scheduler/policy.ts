import { z } from 'zod';
import { ok, reject, type Awaiting, type Rejection, type Result } from '../core/index.ts';
import { addDays, instantOf, isValidTimeZone, localParts, type Instant } from './zoned-time.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const hours = (max: number) => z.number().min(0.25).max(max);
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'schedule.time.invalid');

/** Reminders (issue "Asynchronous play"): first after N hours, then every M hours, at most K times. */
export const reminderPolicySchema = z.object({
  firstAfterHours: hours(24 * 14).default(12),
  everyHours: hours(24 * 14).default(24),
  maxReminders: z.number().int().min(0).max(10).default(3),
  /** One public "this game is waiting for @player" notice once the reminders are spent. */
  stalledNotice: z.boolean().default(true),
});

/**
 * Turn deadlines. `soft`: when it passes, the seat spends one extension from its budget automatically,
 * and the host is told once nothing is left. `hard`: when it passes, the game's `timeoutAction` plays.
 * In both modes a player may ask for an extension; no deadline ever passes the host's bound.
 */
export const deadlinePolicySchema = z
  .object({
    mode: z.enum(['none', 'soft', 'hard']).default('none'),
    hours: hours(24 * 30).default(48),
    extensionHours: hours(24 * 14).default(24),
    /** Extensions each player may use over the whole game. */
    extensionBudget: z.number().int().min(0).max(100).default(3),
    /** Extensions allowed on one turn. */
    extensionsPerTurn: z.number().int().min(0).max(20).default(1),
    /** Host's bound relative to the start of the turn. */
    maxHoursPerTurn: hours(24 * 90).default(24 * 7),
    /** Host's absolute bound (e.g. the campaign must finish by then); ISO 8601 with offset. */
    notAfter: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((d) => d.maxHoursPerTurn >= d.hours, { message: 'schedule.deadline.bound', path: ['maxHoursPerTurn'] });

/** What happens to an away player's seat while they are away: skipped, played by timeout, or waited for. */
export const awayPolicySchema = z.object({
  mode: z.enum(['skip', 'timeout', 'wait']).default('wait'),
  maxDays: z.number().int().min(1).max(365).default(60),
});

export const gamePolicySchema = z.object({
  reminders: reminderPolicySchema.prefault({}),
  deadline: deadlinePolicySchema.prefault({}),
  away: awayPolicySchema.prefault({}),
  /** Days without activity after which a game goes dormant. */
  dormancyDays: z.number().int().min(1).max(3650).default(30),
});

export type ReminderPolicy = z.output<typeof reminderPolicySchema>;
export type DeadlinePolicy = z.output<typeof deadlinePolicySchema>;
export type AwayPolicy = z.output<typeof awayPolicySchema>;
export type GamePolicy = z.output<typeof gamePolicySchema>;
/** A partial policy as a guild default or a per-game override stores it; missing fields take defaults. */
export type PolicyInput = z.input<typeof gamePolicySchema>;

/** A player's notification choices (issue "Asynchronous play"). */
/** The languages a player's private messages can be written in (the locale files' languages). */
export const PREF_LANGUAGES = ['en', 'es'] as const;

export const playerPrefsSchema = z.object({
  channel: z.enum(['dm', 'mention']).default('dm'),
  timeZone: z.string().refine(isValidTimeZone, 'schedule.timezone.unknown').default('UTC'),
  /** Local wall-clock times; `start > end` spans midnight; `null` for none. */
  quietHours: z.object({ start: localTime, end: localTime }).nullable().default(null),
  mutedUntilNextTurn: z.boolean().default(false),
  awayUntil: z.iso.datetime({ offset: true }).nullable().default(null),
  /** The language of the player's DMs and reminders (`en`, `es`); `null`: the game's. */
  language: z.enum(PREF_LANGUAGES).nullable().default(null),
});

export type PlayerPrefs = z.output<typeof playerPrefsSchema>;
export type PlayerPrefsInput = z.input<typeof playerPrefsSchema>;

/** The default policy, as a game without any setting gets it. */
export const DEFAULT_POLICY: GamePolicy = gamePolicySchema.parse({});
export const DEFAULT_PREFS: PlayerPrefs = playerPrefsSchema.parse({});

function firstIssue(error: z.ZodError): { code: string; path: string } {
  const issue = error.issues[0];
  const message = issue?.message ?? '';
  return { code: message.startsWith('schedule.') ? message : 'schedule.policy.invalid', path: issue?.path.join('.') ?? '' };
}

/**
 * The policy of one game: its own settings over the guild's defaults over the built-in defaults,
 * merged section by section (a game that only changes `reminders.everyHours` keeps the rest).
 */
export function resolvePolicy(guild: PolicyInput | undefined, game: PolicyInput | undefined): Result<GamePolicy, Rejection> {
  const merged: Record<string, unknown> = {};
  for (const source of [guild ?? {}, game ?? {}]) {
    for (const [section, value] of Object.entries(source)) {
      const prior = merged[section];
      merged[section] =
        isPlainObject(value) && isPlainObject(prior) ? { ...prior, ...value } : value === undefined ? prior : value;
    }
  }
  const parsed = gamePolicySchema.safeParse(merged);
  if (parsed.success) return ok(parsed.data);
  const { code, path } = firstIssue(parsed.error);
  return reject(code, { path });
}

/** Validates a player's preferences, with `schedule.timezone.unknown` for a zone Intl does not know. */
export function parsePrefs(input: unknown): Result<PlayerPrefs, Rejection> {
  const parsed = playerPrefsSchema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const { code, path } = firstIssue(parsed.error);
  return reject(code, { path });
}

/** Checks an IANA time zone name such as `Europe/Madrid`. */
export function parseTimeZone(timeZone: string): Result<string, Rejection> {
  return isValidTimeZone(timeZone) ? ok(timeZone) : reject('schedule.timezone.unknown', { timeZone });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** True when `instant` falls inside the player's quiet hours, read on their own wall clock. */
export function isQuiet(instant: Instant, prefs: Pick<PlayerPrefs, 'timeZone' | 'quietHours'>): boolean {
  if (!prefs.quietHours) return false;
  const start = minutesOf(prefs.quietHours.start);
  const end = minutesOf(prefs.quietHours.end);
  if (start === end) return false;
  const local = localParts(instant, prefs.timeZone);
  const m = local.hour * 60 + local.minute;
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/**
 * `instant` itself when it is outside quiet hours, otherwise the moment the player's quiet period ends
 * (on their wall clock, so daylight-saving changes move it correctly).
 */
export function quietEnd(instant: Instant, prefs: Pick<PlayerPrefs, 'timeZone' | 'quietHours'>): Instant {
  let at = instant;
  for (let guard = 0; guard < 4 && prefs.quietHours && isQuiet(at, prefs); guard++) {
    const start = minutesOf(prefs.quietHours.start);
    const end = minutesOf(prefs.quietHours.end);
    const local = localParts(at, prefs.timeZone);
    const m = local.hour * 60 + local.minute;
    const day = start < end || m < end ? local : addDays(local, 1);
    const next = instantOf({ year: day.year, month: day.month, day: day.day, hour: Math.floor(end / 60), minute: end % 60 }, prefs.timeZone);
    at = next > at ? next : at + 60_000;
  }
  return at;
}

function awayUntilMs(prefs: Pick<PlayerPrefs, 'awayUntil'>): Instant | null {
  if (!prefs.awayUntil) return null;
  const ms = Date.parse(prefs.awayUntil);
  return Number.isNaN(ms) ? null : ms;
}

/** How an absence affects a seat now: `present`, or the game's away handling while the player is away. */
export function awayHandling(policy: GamePolicy, prefs: Pick<PlayerPrefs, 'awayUntil'>, now: Instant): 'present' | AwayPolicy['mode'] {
  const until = awayUntilMs(prefs);
  return until !== null && until > now ? policy.away.mode : 'present';
}

/**
 * When to send the next private reminder for a turn, or `null` when none is due (all K sent, muted
 * until the next turn, or away while the seat is skipped). Reminder k (from 0) is planned at turn
 * start + N + k·M hours; never earlier than `now`, never during an absence (an away player whose seat
 * waits or is timed out hears nothing until the away date), never in quiet hours.
 */
export function nextReminderAt(
  policy: GamePolicy,
  prefs: PlayerPrefs,
  turnStartedAt: Instant,
  remindersSent: number,
  now: Instant,
): Instant | null {
  const r = policy.reminders;
  if (remindersSent >= r.maxReminders || prefs.mutedUntilNextTurn) return null;
  const away = awayHandling(policy, prefs, now);
  if (away === 'skip') return null;
  let at = Math.max(turnStartedAt + (r.firstAfterHours + remindersSent * r.everyHours) * HOUR_MS, now);
  const until = awayUntilMs(prefs);
  if (away !== 'present' && until !== null) at = Math.max(at, until);
  return quietEnd(at, prefs);
}

/**
 * When the one public "this game is waiting for @player" notice is due: one interval after the last
 * reminder would have gone (or after N hours when K is 0); `null` when the policy has no such notice.
 */
export function stalledNoticeAt(policy: GamePolicy, turnStartedAt: Instant, now: Instant): Instant | null {
  if (!policy.reminders.stalledNotice) return null;
  return Math.max(afterLastReminder(policy.reminders, turnStartedAt), now);
}

function afterLastReminder(r: ReminderPolicy, turnStartedAt: Instant): Instant {
  return turnStartedAt + (r.firstAfterHours + r.maxReminders * r.everyHours) * HOUR_MS;
}

/**
 * When an away player's turn is played by the game's timeout action (away mode `timeout`, issue 5
 * "Absence"): at the turn's deadline when the game has one (a soft deadline spends no automatic
 * extension on an absent player: the host chose the timeout), otherwise when the stalled notice would
 * be due, one interval after the last reminder, so a game without deadlines waits as long as it would
 * before telling the table, then moves on.
 */
export function awayTimeoutAt(policy: GamePolicy, turnStartedAt: Instant, extensionsThisTurn = 0): Instant {
  return deadlineAt(policy, turnStartedAt, extensionsThisTurn) ?? afterLastReminder(policy.reminders, turnStartedAt);
}

/** The latest a turn's deadline may ever be: the host's per-turn bound or absolute bound, whichever is first. */
export function deadlineBound(deadline: DeadlinePolicy, turnStartedAt: Instant): Instant {
  const relative = turnStartedAt + deadline.maxHoursPerTurn * HOUR_MS;
  const absolute = deadline.notAfter ? Date.parse(deadline.notAfter) : Number.POSITIVE_INFINITY;
  return Math.min(relative, absolute);
}

/** The deadline of a turn after `extensionsThisTurn` extensions, or `null` when the game has none. */
export function deadlineAt(policy: GamePolicy, turnStartedAt: Instant, extensionsThisTurn = 0): Instant | null {
  const d = policy.deadline;
  if (d.mode === 'none') return null;
  const planned = turnStartedAt + (d.hours + extensionsThisTurn * d.extensionHours) * HOUR_MS;
  return Math.min(planned, deadlineBound(d, turnStartedAt));
}

/** Where a seat stands on the current turn's deadline. */
export interface TurnClock {
  readonly turnStartedAt: Instant;
  readonly extensionsThisTurn: number;
  /** Extensions this player used over the whole game (against the budget). */
  readonly extensionsUsed: number;
}

export interface Extension extends TurnClock {
  readonly deadline: Instant;
  /** True when the host's bound cut the extension short. */
  readonly clamped: boolean;
}

const unix = (instant: Instant): number => Math.floor(instant / 1000);

/**
 * One extension of the current turn's deadline. Refused when the game has no deadline, the deadline
 * already passed, the per-turn cap or the player's budget is spent, or the host's bound is reached;
 * otherwise the deadline moves by the extension length, cut at the bound. Times in rejection params
 * are Unix seconds, for Discord's `<t:…>` markup (each reader sees their own time zone).
 */
export function extend(policy: GamePolicy, clock: TurnClock, now: Instant): Result<Extension, Rejection> {
  const current = deadlineAt(policy, clock.turnStartedAt, clock.extensionsThisTurn);
  if (current === null) return reject('schedule.deadline.none');
  if (current <= now) return reject('schedule.date.past', { at: unix(current) });
  return extendFrom(policy.deadline, clock, current);
}

function extendFrom(d: DeadlinePolicy, clock: TurnClock, current: Instant): Result<Extension, Rejection> {
  if (clock.extensionsThisTurn >= d.extensionsPerTurn) return reject('schedule.extension.cap', { cap: d.extensionsPerTurn });
  if (clock.extensionsUsed >= d.extensionBudget) return reject('schedule.extension.budget', { budget: d.extensionBudget });
  const bound = deadlineBound(d, clock.turnStartedAt);
  if (current >= bound) return reject('schedule.deadline.bound', { at: unix(bound) });
  const wanted = current + d.extensionHours * HOUR_MS;
  return ok({
    turnStartedAt: clock.turnStartedAt,
    extensionsThisTurn: clock.extensionsThisTurn + 1,
    extensionsUsed: clock.extensionsUsed + 1,
    deadline: Math.min(wanted, bound),
    clamped: wanted > bound,
  });
}

export type DeadlineOutcome =
  | { readonly action: 'none' }
  | { readonly action: 'extend'; readonly extension: Extension }
  | { readonly action: 'notifyHost'; readonly reason: Rejection }
  | { readonly action: 'timeout' };

/**
 * What a passed deadline does: `hard` plays the game's `timeoutAction`; `soft` spends one extension
 * automatically and, when none is left (cap, budget or bound), tells the host, who decides.
 */
export function onDeadline(policy: GamePolicy, clock: TurnClock): DeadlineOutcome {
  switch (policy.deadline.mode) {
    case 'none':
      return { action: 'none' };
    case 'hard':
      return { action: 'timeout' };
    case 'soft': {
      const current = deadlineAt(policy, clock.turnStartedAt, clock.extensionsThisTurn) ?? clock.turnStartedAt;
      const result = extendFrom(policy.deadline, clock, current);
      return result.ok ? { action: 'extend', extension: result.value } : { action: 'notifyHost', reason: result.error };
    }
  }
}

/**
 * Checks an "away until" date: it must parse, lie in the future and be at most `away.maxDays` ahead.
 * Returns the instant.
 */
export function parseAwayUntil(policy: GamePolicy, iso: string, now: Instant): Result<Instant, Rejection> {
  const until = Date.parse(iso);
  if (Number.isNaN(until)) return reject('schedule.date.invalid', { value: iso });
  if (until <= now) return reject('schedule.date.past', { at: unix(until) });
  if (until > now + policy.away.maxDays * DAY_MS) return reject('schedule.date.tooFar', { days: policy.away.maxDays });
  return ok(until);
}

/** When a game with its last activity at `lastActivityAt` goes dormant. */
export function dormantAt(policy: GamePolicy, lastActivityAt: Instant): Instant {
  return lastActivityAt + policy.dormancyDays * DAY_MS;
}

export function isDormant(policy: GamePolicy, lastActivityAt: Instant, now: Instant): boolean {
  return now >= dormantAt(policy, lastActivityAt);
}

/**
 * The seats to notify after a command: only those who became awaited (the turn changed hands, or a new
 * prompt asks them), so a command that leaves the same seat on the same wait notifies nobody.
 */
export function newlyAwaited(before: Awaiting | null, after: Awaiting): readonly number[] {
  if (!before || before.kind !== after.kind) return [...after.seats];
  return after.seats.filter((seat) => !before.seats.includes(seat));
}

/** "Mute until my next turn" ends when the turn comes back to the player. */
export function onTurnStart(prefs: PlayerPrefs): PlayerPrefs {
  return prefs.mutedUntilNextTurn ? { ...prefs, mutedUntilNextTurn: false } : prefs;
}
