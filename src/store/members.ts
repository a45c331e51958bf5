import type { PrismaClient, Seat } from '../generated/prisma/client.ts';

/** A member's own choices as the `Member` row keeps them (issue 14): one row for all their games. */
export interface MemberChoices {
  readonly userId: string;
  /** `{ [key]: { v: value, at: ISO instant } }`, written by `/prefs` without a game. */
  readonly prefs: unknown;
  readonly awayUntil: Date | string | null;
  /** When `/away` or `/back` was last used. */
  readonly awaySetAt: Date | string | null;
}

/** What the merge reads of a seat. */
export type SeatChoices = Pick<Seat, 'role' | 'prefs' | 'awayUntil'> & {
  readonly prefsAt?: unknown;
  readonly joinedAt: Date | string;
};

/** What a seat's player has chosen for it, all sources merged. */
export interface EffectiveChoices {
  readonly prefs: Record<string, unknown>;
  readonly awayUntil: Date | null;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function instant(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * A seat's preferences and absence once its member's own row is counted (issue 14). For each key, the
 * member's value wins when it was set at or after the seat was taken and after the seat last set that key
 * itself: exactly what rewriting every open seat of the member at that moment gave, without the rewrite.
 * Spectators and seats of members without a row keep their own values.
 */
export function effectiveChoices(seat: SeatChoices, member: MemberChoices | undefined): EffectiveChoices {
  const own = record(seat.prefs);
  const ownAway = seat.awayUntil === null ? null : new Date(instant(seat.awayUntil) ?? Number.NaN);
  if (seat.role !== 'player' || !member) return { prefs: own, awayUntil: ownAway };
  const joined = instant(seat.joinedAt) ?? Number.POSITIVE_INFINITY;
  const stamps = record(seat.prefsAt);
  const memberWins = (at: number | null, key: string): boolean => at !== null && at >= joined && at > (instant(stamps[key]) ?? Number.NEGATIVE_INFINITY);
  let prefs = own;
  for (const [key, entry] of Object.entries(record(member.prefs))) {
    const e = record(entry);
    if (!('v' in e) || !memberWins(instant(e.at), key)) continue;
    if (prefs === own) prefs = { ...own };
    prefs[key] = e.v;
  }
  const memberAway = instant(member.awayUntil);
  const awayUntil = memberWins(instant(member.awaySetAt), 'awayUntil') ? (memberAway === null ? null : new Date(memberAway)) : ownAway;
  return { prefs, awayUntil };
}

/** The `Member` rows of these users, by user id (one statement; none when no id is given). */
export async function membersOf(prisma: PrismaClient, userIds: readonly string[]): Promise<Map<string, MemberChoices>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await prisma.member.findMany({ where: { userId: { in: ids } } });
  return new Map(rows.map((r) => [r.userId, r] as const));
}

/**
 * Seats as their players see them: `prefs` and `awayUntil` replaced by what the seat follows once its
 * member's row is merged in (`effectiveChoices`). Seats of members without a row are returned as they are.
 */
export async function withMemberChoices<S extends Seat>(prisma: PrismaClient, seats: readonly S[]): Promise<S[]> {
  const members = await membersOf(prisma, seats.filter((s) => s.role === 'player').map((s) => s.userId));
  if (members.size === 0) return [...seats];
  return seats.map((s) => {
    const member = members.get(s.userId);
    if (!member) return s;
    const { prefs, awayUntil } = effectiveChoices(s, member);
    return { ...s, prefs: prefs as Seat['prefs'], awayUntil };
  });
}
