import { ok, type Rejection, type Result } from '../core/index.ts';
import type { PrismaClient, Seat } from '../generated/prisma/client.ts';
import {
  DEFAULT_POLICY,
  parseAwayUntil,
  parsePrefs,
  type GamePolicy,
  type PlayerPrefs,
  type PlayerPrefsInput,
  type DueItem,
  type JobRef,
  type PrismaDueStore,
  type Scheduler,
  type StoredJob,
} from '../scheduler/index.ts';
import { effectiveChoices, type MemberChoices } from '../store/index.ts';
import type { AppResult } from './types.ts';
import { LOCK_MEMBER_SQL, MEMBER_SQL, SEAT_PREFS_SQL, seatsSql, SUMMARY_SQL } from './schedule-absence-sql.ts';
import { JobPlan, policyFrom, prefsOf, seatJobs, type ClockRow } from './schedule-plan.ts';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Room past Prisma's 5 s default for a member whose change brings many jobs forward at once. */
const TRANSACTION_TIMEOUT_MS = 60_000;

/** Prefs that no reminder's time depends on: changing them member-wide plans nothing. */
const UNTIMED_PREFS: ReadonlySet<string> = new Set(['channel', 'language']);

/** Thrown inside the transaction to roll it back with the reason the change was refused. */
class Refused extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.code);
  }
}

/** One group of the member's open seats (`SUMMARY_SQL`): same policies, same prefs followed. */
interface SeatGroup {
  readonly policy: unknown;
  readonly guildPolicy: unknown;
  readonly prefs: unknown;
  readonly seats: number;
  readonly first: number;
}

/** A waiting seat a change may bring a job forward for (`seatsSql`): the seat, its game, and its clock's row. */
interface SeatRow extends Omit<ClockRow, 'seat' | 'reminderRef'> {
  readonly id: number;
  readonly index: number;
  readonly role: 'player';
  readonly prefs: Seat['prefs'];
  readonly prefsAt: unknown;
  readonly awayUntil: Date | null;
  readonly joinedAt: Date;
  readonly policy: unknown;
  readonly guildPolicy: unknown;
  readonly status: string;
  readonly pausedAt: Date | null;
  readonly clockSeat: number;
  /** The seat's own jobs as they stand. */
  readonly jobs: readonly StoredJob[] | null;
}

export interface AbsenceDeps {
  readonly prisma: PrismaClient;
  readonly scheduler: Scheduler;
  readonly store: PrismaDueStore;
  readonly clock: () => Date;
}

function clockOf(row: SeatRow): ClockRow {
  return {
    gameId: row.gameId,
    seat: row.clockSeat,
    active: true,
    turnSeq: row.turnSeq,
    kind: row.kind,
    turnStartedAt: new Date(row.turnStartedAt),
    remindersSent: row.remindersSent,
    stalledSent: row.stalledSent,
    extensionsThisTurn: row.extensionsThisTurn,
    extensionsUsed: row.extensionsUsed,
    reminderRef: null,
  };
}

/**
 * The jobs of a plan that must be written now: new ones, and ones due earlier than the row as it stands
 * (a `/back` that brings reminders forward, a seat skipped at once, narrower quiet hours). A job that
 * would only move later, change its kind or go is left as it is: when it falls due its handler works the
 * seat's time out again from the member's row (src/app/schedule.ts) and moves, turns or drops it then.
 */
export function earlierOrNew(plan: readonly DueItem[], stored: readonly StoredJob[]): DueItem[] {
  const byKey = new Map(stored.map((j) => [`${j.queue}\u0000${j.key}`, j] as const));
  return plan.filter((item) => {
    const row = byKey.get(`${item.queue}\u0000${item.key}`);
    return !row || row.seq !== item.data.seq || item.at.getTime() < new Date(row.at).getTime();
  });
}

/**
 * The jobs of a plan that go and must go now: an absence's own jobs (`away` deadlines) once the member is
 * back, so a seat that waits for them again carries none. Reminders and stalled notices that an absence
 * silences are left in place: they stay quiet when they fall due while the member is away, and are right
 * again, untouched, once the member is back.
 */
export function awayJobsGone(drops: readonly JobRef[], stored: readonly StoredJob[]): JobRef[] {
  const away = new Set(stored.filter((j) => (j.data as { kind?: unknown } | null)?.kind === 'away').map((j) => `${j.queue}\u0000${j.key}`));
  return drops.filter((d) => away.has(`${d.queue}\u0000${d.key}`));
}

/**
 * `/prefs`, `/away` and `/back` (issue 5 "Absence"), kept once per member (issue 14): whatever the number
 * of games, a change writes the member's one `Member` row (or, for `/prefs game:`, that one seat) and no
 * other seat. In the same transaction one grouped statement reads what the games' rules check (a refusal
 * rolls everything back), and one reads only the waiting seats the change can bring a job forward for,
 * whose earlier or new jobs are written with it; nothing else is rewritten, as every job works its seat's
 * time out from the member's row when it falls due. The queues follow once it committed.
 */
export function createAbsence(deps: AbsenceDeps) {
  const { prisma, scheduler, store, clock } = deps;

  type Change =
    | { readonly kind: 'away'; readonly awayUntil: Date | null }
    | { readonly kind: 'prefs'; readonly prefs: Record<string, unknown> }
    | { readonly kind: 'seatPrefs'; readonly gameId: string; readonly prefs: Record<string, unknown> };

  /** A policy per distinct pair of stored settings (a member's games share a handful). */
  function policyCache(): (stored: { policy: unknown; guildPolicy: unknown }) => GamePolicy {
    const resolved = new Map<string, GamePolicy>();
    return ({ policy, guildPolicy }) => {
      const k = JSON.stringify([guildPolicy ?? {}, policy ?? {}]);
      let p = resolved.get(k);
      if (!p) resolved.set(k, (p = policyFrom(guildPolicy, policy)));
      return p;
    };
  }

  /** The waiting seats this change may bring a job forward for; none when it moves no reminder's time. */
  function candidates(tx: Tx, userId: string, set: Change, before: { awayUntil: Date | null; awaySetAt: Date | null } | undefined, now: number): Promise<SeatRow[]> {
    if (set.kind === 'seatPrefs') return tx.$queryRawUnsafe<SeatRow[]>(seatsSql('all'), userId, set.gameId);
    if (set.kind === 'prefs') return Object.keys(set.prefs).every((k) => UNTIMED_PREFS.has(k)) ? Promise.resolve([]) : tx.$queryRawUnsafe<SeatRow[]>(seatsSql('all'), userId, null);
    // An absence already over held nothing back that is still waiting: what it delayed has fallen due since.
    if (!before?.awayUntil || new Date(before.awayUntil).getTime() <= now) return tx.$queryRawUnsafe<SeatRow[]>(seatsSql('absence'), userId, null);
    return tx.$queryRawUnsafe<SeatRow[]>(seatsSql('return'), userId, null, before.awayUntil, before.awaySetAt ?? new Date(0));
  }

  /**
   * Writes `change` (the member's row, or one seat), reads what the rules check as a few groups of seats,
   * lets `check` refuse the result (then nothing changed), and writes the jobs the change brings forward
   * for the seats it can, all in one transaction; the queues follow once it committed.
   */
  async function change<T>(
    userId: string,
    set: Change,
    check: (groups: readonly SeatGroup[], policyOf: (group: SeatGroup) => GamePolicy, now: number, prefsOfGroup: (group: SeatGroup) => Result<PlayerPrefs, Rejection>) => Result<T, Rejection>,
  ): AppResult<T> {
    const now = clock().getTime();
    const policyOf = policyCache();
    try {
      const { value, puts, drops } = await prisma.$transaction(async (tx) => {
        const [before] = await tx.$queryRawUnsafe<{ awayUntil: Date | null; awaySetAt: Date | null }[]>(LOCK_MEMBER_SQL, userId);
        const [member] =
          set.kind === 'away'
            ? await tx.$queryRawUnsafe<MemberChoices[]>(MEMBER_SQL.away, userId, set.awayUntil?.toISOString() ?? null)
            : set.kind === 'prefs'
              ? await tx.$queryRawUnsafe<MemberChoices[]>(MEMBER_SQL.prefs, userId, JSON.stringify(set.prefs))
              : await tx.$queryRawUnsafe<MemberChoices[]>(MEMBER_SQL.none, userId);
        if (set.kind === 'seatPrefs') await tx.$executeRawUnsafe(SEAT_PREFS_SQL, userId, set.gameId, JSON.stringify(set.prefs));
        const groups = await tx.$queryRawUnsafe<SeatGroup[]>(SUMMARY_SQL, userId, set.kind === 'seatPrefs' ? set.gameId : null);
        const checked = check(groups, policyOf, now, (group) => parsePrefs({ ...(group.prefs as Record<string, unknown>), awayUntil: null }));
        if (!checked.ok) throw new Refused(checked.error);
        const rows = await candidates(tx, userId, set, before, now);
        const plan = new JobPlan();
        for (const row of rows) {
          const seat = effectiveChoices(row, member);
          const game = { id: row.gameId, status: row.status, pausedAt: row.pausedAt };
          seatJobs(plan, game, prefsOf(seat), policyOf(row), clockOf(row), now);
        }
        const stored = rows.flatMap((r) => r.jobs ?? []);
        const written = await store.writeChanges(earlierOrNew(plan.puts, stored), awayJobsGone(plan.drops, stored), stored, tx);
        return { value: checked.value, ...written };
      }, { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS });
      await scheduler.apply(puts, drops);
      return ok(value);
    } catch (error) {
      if (error instanceof Refused) return { ok: false, error: error.rejection };
      throw error;
    }
  }

  const gameCount = (groups: readonly SeatGroup[]) => groups.reduce((n, g) => n + g.seats, 0);

  return {
    /** `/prefs`: the user's notification choices for one game, or for all their open games when `gameId` is absent. */
    setPrefs(userId: string, patch: PlayerPrefsInput, gameId?: string): AppResult<PlayerPrefs> {
      const validated = parsePrefs(patch);
      if (!validated.ok) return Promise.resolve(validated);
      const { awayUntil: _away, ...stored } = patch as Record<string, unknown>;
      const set: Change = gameId === undefined ? { kind: 'prefs', prefs: stored } : { kind: 'seatPrefs', gameId, prefs: stored };
      return change(userId, set, (groups, _policy, _now, prefsOfGroup) => {
        for (const group of groups) {
          const merged = prefsOfGroup(group);
          if (!merged.ok) return merged;
        }
        const first = [...groups].sort((a, b) => Number(a.first) - Number(b.first))[0];
        return first ? prefsOfGroup(first) : validated;
      });
    },

    /** `/away until:<date>`: validated (future, at most the smallest `away.maxDays` of the user's games ahead), applied to them all. */
    async away(userId: string, untilIso: string): AppResult<{ until: number; games: number }> {
      const at = Date.parse(untilIso);
      return change(userId, { kind: 'away', awayUntil: Number.isNaN(at) ? null : new Date(at) }, (groups, policyOf, now) => {
        const maxDays = Math.min(DEFAULT_POLICY.away.maxDays, ...groups.map((g) => policyOf(g).away.maxDays));
        const until = parseAwayUntil({ ...DEFAULT_POLICY, away: { ...DEFAULT_POLICY.away, maxDays } }, untilIso, now);
        return until.ok ? ok({ until: until.value, games: gameCount(groups) }) : until;
      });
    },

    /** `/back`: ends an absence early in every game; reminders and deadlines count the user in again. */
    back(userId: string): AppResult<{ games: number }> {
      return change(userId, { kind: 'away', awayUntil: null }, (groups) => ok({ games: gameCount(groups) }));
    },
  };
}
