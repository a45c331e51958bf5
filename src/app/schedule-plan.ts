import type { Prisma } from '../generated/prisma/client.ts';
import {
  awayHandling,
  awayTimeoutAt,
  deadlineAt,
  DEFAULT_POLICY,
  DEFAULT_PREFS,
  dormantAt,
  nextReminderAt,
  parsePrefs,
  resolvePolicy,
  stalledNoticeAt,
  type DueItem,
  type GamePolicy,
  type PlayerPrefs,
  type PolicyInput,
  type QueueName,
  type TurnClock,
} from '../scheduler/index.ts';
import type { OutboxMessage } from '../store/index.ts';

/** Where a reminder message was posted, so the next one replaces it instead of stacking (issue 5). */
export interface ReminderRef {
  readonly channelId: string;
  readonly messageId: string;
}

/** A `SeatClock` row as the planner reads it. */
export interface ClockRow {
  readonly gameId: string;
  readonly seat: number;
  readonly active: boolean;
  readonly turnSeq: number;
  readonly kind: string;
  readonly turnStartedAt: Date;
  readonly remindersSent: number;
  readonly stalledSent: boolean;
  readonly extensionsThisTurn: number;
  readonly extensionsUsed: number;
  readonly reminderRef: unknown;
}

/** What the planner needs of a game row. */
export interface PlannedGame {
  readonly id: string;
  readonly status: string;
  readonly pausedAt: Date | null;
}

/** What the planner needs of a player's seat. */
export interface PlannedSeat {
  readonly prefs: unknown;
  readonly awayUntil: Date | null;
}

/** Job keys: one reminder, stalled notice and deadline per seat, one dormancy job per game. */
export const jobKey = {
  remind: (gameId: string, seat: number) => `r.${gameId}.${seat}`,
  stalled: (gameId: string, seat: number) => `s.${gameId}.${seat}`,
  deadline: (gameId: string, seat: number) => `d.${gameId}.${seat}`,
  dormancy: (gameId: string) => `z.${gameId}`,
};

/** A seat's stored preferences with its away date; stored values that no longer parse fall back to the defaults. */
export function prefsOf(seat: PlannedSeat): PlayerPrefs {
  const raw = typeof seat.prefs === 'object' && seat.prefs !== null ? (seat.prefs as Record<string, unknown>) : {};
  const parsed = parsePrefs({ ...raw, awayUntil: seat.awayUntil ? seat.awayUntil.toISOString() : null });
  return parsed.ok ? parsed.value : { ...DEFAULT_PREFS, awayUntil: seat.awayUntil ? seat.awayUntil.toISOString() : null };
}

/**
 * Who the public stalled notice names (issue 5): a mention, or the plain name of a player who pressed
 * "mute until my next turn", so the table still learns who it waits for and the muted player is not pinged.
 */
export function stalledName(seat: PlannedSeat & { userId: string; userName: string }): string {
  return prefsOf(seat).mutedUntilNextTurn ? seat.userName : `<@${seat.userId}>`;
}

export function refOf(value: unknown): ReminderRef | null {
  const r = value as Partial<ReminderRef> | null;
  return r && typeof r.channelId === 'string' && typeof r.messageId === 'string' ? { channelId: r.channelId, messageId: r.messageId } : null;
}

/** A settings change over stored settings: each section's given fields replace the stored ones. */
export function mergePolicy(current: Record<string, Record<string, unknown>>, patch: PolicyInput): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [section, value] of Object.entries(patch)) {
    merged[section] = typeof value === 'object' && value !== null ? { ...(current[section] ?? {}), ...value } : value;
  }
  return merged;
}

/** A game's policy from its server's defaults and its own settings (the built-in policy if they no longer parse). */
export function policyFrom(guildPolicy: unknown, gamePolicy: unknown): GamePolicy {
  const resolved = resolvePolicy((guildPolicy ?? {}) as PolicyInput, (gamePolicy ?? {}) as PolicyInput);
  return resolved.ok ? resolved.value : DEFAULT_POLICY;
}

/** Job writes gathered for one change and written together; the last word on a queue and key wins. */
export class JobPlan {
  readonly #jobs = new Map<string, { readonly queue: QueueName; readonly key: string; readonly item?: DueItem }>();

  put(item: DueItem): this {
    this.#jobs.set(`${item.queue}:${item.key}`, { queue: item.queue, key: item.key, item });
    return this;
  }

  drop(queue: QueueName, key: string): this {
    this.#jobs.set(`${queue}:${key}`, { queue, key });
    return this;
  }

  get puts(): DueItem[] {
    return [...this.#jobs.values()].flatMap((j) => (j.item ? [j.item] : []));
  }

  get drops(): { queue: QueueName; key: string }[] {
    return [...this.#jobs.values()].flatMap((j) => (j.item ? [] : [{ queue: j.queue, key: j.key }]));
  }
}

/** A seat's reminder, stalled-notice and deadline jobs. */
export function dropSeatJobs(plan: JobPlan, gameId: string, seat: number): void {
  plan.drop('reminder', jobKey.remind(gameId, seat)).drop('reminder', jobKey.stalled(gameId, seat)).drop('deadline', jobKey.deadline(gameId, seat));
}

/**
 * The jobs of one waiting seat, from its clock row, its player's prefs (none: nobody sits there) and the policy. An away player
 * (issue 5 "Absence") whose seat is skipped gets an `away` deadline now; one whose seat is timed out
 * gets no stalled notice and an `away` deadline at {@link awayTimeoutAt} (their reminders wait for the
 * away date, so a player back early is reminded as usual).
 */
export function seatJobs(plan: JobPlan, game: PlannedGame, prefs: PlayerPrefs | undefined, policy: GamePolicy, row: ClockRow, now: number): void {
  if (!prefs || !row.active || game.pausedAt !== null || game.status !== 'playing') return dropSeatJobs(plan, game.id, row.seat);
  const data = { gameId: game.id, seq: row.turnSeq, seat: row.seat };
  const started = row.turnStartedAt.getTime();
  const away = awayHandling(policy, prefs, now);
  if (away === 'skip') {
    plan.drop('reminder', jobKey.remind(game.id, row.seat)).drop('reminder', jobKey.stalled(game.id, row.seat));
    plan.put({ queue: 'deadline', key: jobKey.deadline(game.id, row.seat), at: new Date(now), data: { ...data, kind: 'away' } });
    return;
  }
  const next = nextReminderAt(policy, prefs, started, row.remindersSent, now);
  if (next !== null) plan.put({ queue: 'reminder', key: jobKey.remind(game.id, row.seat), at: new Date(next), data: { ...data, kind: 'remind' } });
  else plan.drop('reminder', jobKey.remind(game.id, row.seat));
  const stalled = row.stalledSent || away === 'timeout' ? null : stalledNoticeAt(policy, started, now);
  if (stalled !== null) plan.put({ queue: 'reminder', key: jobKey.stalled(game.id, row.seat), at: new Date(Math.max(stalled, next ?? 0)), data: { ...data, kind: 'stalled' } });
  else plan.drop('reminder', jobKey.stalled(game.id, row.seat));
  const deadline = away === 'timeout' ? awayTimeoutAt(policy, started, row.extensionsThisTurn) : deadlineAt(policy, started, row.extensionsThisTurn);
  const kind = away === 'timeout' ? 'away' : 'deadline';
  if (deadline !== null) plan.put({ queue: 'deadline', key: jobKey.deadline(game.id, row.seat), at: new Date(Math.max(deadline, now)), data: { ...data, kind } });
  else plan.drop('deadline', jobKey.deadline(game.id, row.seat));
}

/** The game's dormancy job while it plays unpaused and awake; none otherwise. */
export function dormancyJob(plan: JobPlan, game: PlannedGame & { dormantAt: Date | null; lastActivityAt: Date }, policy: GamePolicy): void {
  if (game.status === 'playing' && game.pausedAt === null && game.dormantAt === null) {
    plan.put({ queue: 'dormancy', key: jobKey.dormancy(game.id), at: new Date(dormantAt(policy, game.lastActivityAt.getTime())), data: { gameId: game.id, seq: 0 } });
  } else {
    plan.drop('dormancy', jobKey.dormancy(game.id));
  }
}

export function turnClock(row: ClockRow): TurnClock {
  return { turnStartedAt: row.turnStartedAt.getTime(), extensionsThisTurn: row.extensionsThisTurn, extensionsUsed: row.extensionsUsed };
}

export function outboxRow(gameId: string, message: OutboxMessage): Prisma.OutboxCreateInput {
  return { gameId, kind: message.kind, target: message.target as Prisma.InputJsonValue, payload: message.payload as Prisma.InputJsonValue };
}
