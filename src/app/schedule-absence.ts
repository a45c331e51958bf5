import { ok, type Rejection, type Result } from '../core/index.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import {
  DEFAULT_POLICY,
  parseAwayUntil,
  parsePrefs,
  type GamePolicy,
  type PlayerPrefs,
  type PlayerPrefsInput,
  type PrismaDueStore,
  type Scheduler,
  type StoredJob,
} from '../scheduler/index.ts';
import type { AppResult } from './types.ts';
import { JobPlan, policyFrom, prefsOf, seatJobs, type ClockRow } from './schedule-plan.ts';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** A member of 1,000 games changes them all in one transaction; give it room past Prisma's 5 s default. */
const TRANSACTION_TIMEOUT_MS = 60_000;

/**
 * The change itself and the read the planner needs, in one statement: every open seat of a user (or of
 * one game) gets its new away date or its prefs merged with the patch (`||`, key by key, as a spread),
 * and comes back with its game, policy, clock and, for a waiting seat, its game's scheduled jobs. The updated seats stay locked until the transaction
 * ends, so two `/away` or `/prefs` of one user apply one after the other.
 */
const CHANGE_SQL = `
WITH changed AS (
  UPDATE "Seat" s
     SET "awayUntil" = CASE WHEN $3::boolean THEN $4::timestamptz ELSE s."awayUntil" END,
         "prefs" = CASE WHEN $5::jsonb IS NULL THEN s."prefs" ELSE s."prefs" || $5::jsonb END
    FROM "Game" g
   WHERE g."id" = s."gameId" AND s."userId" = $1 AND s."role" = 'player' AND g."status" IN ('lobby', 'playing')
     AND ($2::text IS NULL OR s."gameId" = $2::text)
  RETURNING s."id", s."gameId", s."index", s."prefs", s."awayUntil", g."guildId", g."policy", g."status"::text AS "status", g."pausedAt"
)
SELECT ch.*, c."seat" AS "clockSeat", c."active", c."turnSeq", c."kind", c."turnStartedAt", c."remindersSent",
       c."stalledSent", c."extensionsThisTurn", c."extensionsUsed",
       CASE WHEN c."active" THEN (
         SELECT json_agg(json_build_object('queue', j."queue", 'key', j."key", 'gameId', j."gameId", 'seq', j."seq", 'at', j."at", 'data', j."data"))
           FROM "ScheduledJob" j WHERE j."gameId" = ch."gameId"
       ) END AS "jobs"
  FROM changed ch
  LEFT JOIN "SeatClock" c ON c."gameId" = ch."gameId" AND c."seat" = ch."index"
 ORDER BY ch."id"`;

/** Thrown inside the transaction to roll it back with the reason the change was refused. */
class Refused extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.code);
  }
}

interface SeatRow {
  readonly id: number;
  readonly gameId: string;
  readonly index: number;
  readonly prefs: unknown;
  readonly awayUntil: Date | null;
  readonly guildId: string;
  readonly policy: unknown;
  readonly status: string;
  readonly pausedAt: Date | null;
  readonly clockSeat: number | null;
  readonly active: boolean | null;
  readonly turnSeq: number | null;
  readonly kind: string | null;
  readonly turnStartedAt: Date | null;
  readonly remindersSent: number | null;
  readonly stalledSent: boolean | null;
  readonly extensionsThisTurn: number | null;
  readonly extensionsUsed: number | null;
  /** The game's scheduled jobs as they stand (for a waiting seat only): only what the new plan changes is written. */
  readonly jobs: readonly StoredJob[] | null;
}

export interface AbsenceDeps {
  readonly prisma: PrismaClient;
  readonly scheduler: Scheduler;
  readonly store: PrismaDueStore;
  readonly clock: () => Date;
}

function clockOf(row: SeatRow): ClockRow | null {
  if (row.clockSeat === null || !row.active || row.turnStartedAt === null) return null;
  return {
    gameId: row.gameId,
    seat: row.clockSeat,
    active: true,
    turnSeq: row.turnSeq ?? -1,
    kind: row.kind ?? 'turn',
    turnStartedAt: new Date(row.turnStartedAt),
    remindersSent: row.remindersSent ?? 0,
    stalledSent: row.stalledSent ?? false,
    extensionsThisTurn: row.extensionsThisTurn ?? 0,
    extensionsUsed: row.extensionsUsed ?? 0,
    reminderRef: null,
  };
}

/**
 * `/prefs`, `/away` and `/back` (issue 5 "Absence"), set-based (issue 14): whatever the number of games,
 * one statement changes the user's seats and reads them back with their games, clocks and jobs, one reads
 * the servers' defaults, and one writes the jobs whose time or data changed (deleted, updated, added), all
 * in one transaction; the queues follow once
 * it committed. A refusal rolls everything back.
 */
export function createAbsence(deps: AbsenceDeps) {
  const { prisma, scheduler, store, clock } = deps;

  /** Policies of the rows' games, read with one statement for their servers. */
  async function policies(tx: Tx, rows: readonly SeatRow[]): Promise<(row: SeatRow) => GamePolicy> {
    const guildIds = [...new Set(rows.map((r) => r.guildId))];
    const guilds = guildIds.length ? await tx.guildSettings.findMany({ where: { guildId: { in: guildIds } }, select: { guildId: true, policy: true } }) : [];
    const byGuild = new Map(guilds.map((g) => [g.guildId, g.policy] as const));
    const resolved = new Map<string, GamePolicy>();
    return (row) => {
      const k = `${row.guildId}\u0000${JSON.stringify(row.policy ?? {})}`;
      let policy = resolved.get(k);
      if (!policy) {
        policy = policyFrom(byGuild.get(row.guildId), row.policy);
        resolved.set(k, policy);
      }
      return policy;
    };
  }

  /**
   * Applies `set` to the user's open seats, lets `check` refuse the result (then nothing changed), and
   * writes the waiting seats' jobs in the same transaction; the queues follow once it committed, for the
   * jobs that were new, different or gone only.
   */
  async function change<T>(
    userId: string,
    gameId: string | undefined,
    set: { readonly awayUntil?: Date | null; readonly prefs?: Record<string, unknown> },
    check: (rows: readonly SeatRow[], policyOf: (row: SeatRow) => GamePolicy, now: number, prefsOfRow: (row: SeatRow) => Result<PlayerPrefs, Rejection>) => Result<T, Rejection>,
  ): AppResult<T> {
    const now = clock().getTime();
    try {
      const { value, puts, drops } = await prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRawUnsafe<SeatRow[]>(
          CHANGE_SQL,
          userId,
          gameId ?? null,
          set.awayUntil !== undefined,
          set.awayUntil?.toISOString() ?? null,
          set.prefs ? JSON.stringify(set.prefs) : null,
        );
        const policyOf = await policies(tx, rows);
        const parsed = new Map<string, Result<PlayerPrefs, Rejection>>();
        const prefsOfRow = (row: SeatRow): Result<PlayerPrefs, Rejection> => {
          const awayUntil = row.awayUntil === null ? null : new Date(row.awayUntil);
          const k = `${JSON.stringify(row.prefs ?? {})}\u0000${awayUntil?.getTime() ?? ''}`;
          let prefs = parsed.get(k);
          if (!prefs) {
            const raw = typeof row.prefs === 'object' && row.prefs !== null ? (row.prefs as Record<string, unknown>) : {};
            prefs = parsePrefs({ ...raw, awayUntil: awayUntil?.toISOString() ?? null });
            parsed.set(k, prefs);
          }
          return prefs;
        };
        const checked = check(rows, policyOf, now, prefsOfRow);
        if (!checked.ok) throw new Refused(checked.error);
        const plan = new JobPlan();
        for (const row of rows) {
          const clockRow = clockOf(row);
          const prefs = prefsOfRow(row);
          if (clockRow) seatJobs(plan, { id: row.gameId, status: row.status, pausedAt: row.pausedAt }, prefs.ok ? prefs.value : prefsOf(row), policyOf(row), clockRow, now);
        }
        const written = await store.writeChanges(plan.puts, plan.drops, rows.flatMap((r) => r.jobs ?? []), tx);
        return { value: checked.value, ...written };
      }, { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS });
      await scheduler.apply(puts, drops);
      return ok(value);
    } catch (error) {
      if (error instanceof Refused) return { ok: false, error: error.rejection };
      throw error;
    }
  }

  const gameCount = (rows: readonly SeatRow[]) => new Set(rows.map((r) => r.gameId)).size;

  return {
    /** `/prefs`: the user's notification choices for one game, or for all their open games when `gameId` is absent. */
    setPrefs(userId: string, patch: PlayerPrefsInput, gameId?: string): AppResult<PlayerPrefs> {
      const validated = parsePrefs(patch);
      if (!validated.ok) return Promise.resolve(validated);
      const { awayUntil: _away, ...stored } = patch as Record<string, unknown>;
      return change(userId, gameId, { prefs: stored }, (rows, _policy, _now, prefsOfRow) => {
        for (const row of rows) {
          const merged = prefsOfRow(row);
          if (!merged.ok) return merged;
        }
        const first = rows[0];
        return first ? prefsOfRow(first) : validated;
      });
    },

    /** `/away until:<date>`: validated (future, at most the smallest `away.maxDays` of the user's games ahead), applied to them all. */
    async away(userId: string, untilIso: string): AppResult<{ until: number; games: number }> {
      const at = Date.parse(untilIso);
      return change(userId, undefined, { awayUntil: Number.isNaN(at) ? null : new Date(at) }, (rows, policyOf, now) => {
        const maxDays = Math.min(DEFAULT_POLICY.away.maxDays, ...rows.map((r) => policyOf(r).away.maxDays));
        const until = parseAwayUntil({ ...DEFAULT_POLICY, away: { ...DEFAULT_POLICY.away, maxDays } }, untilIso, now);
        return until.ok ? ok({ until: until.value, games: gameCount(rows) }) : until;
      });
    },

    /** `/back`: ends an absence early in every game; reminders and deadlines count the user in again. */
    back(userId: string): AppResult<{ games: number }> {
      return change(userId, undefined, { awayUntil: null }, (rows) => ok({ games: gameCount(rows) }));
    },
  };
}
