import type { Database } from '../store/index.ts';
import type { Schedule } from './schedule.ts';
import type { App } from './service.ts';
import type { AppLogger } from './types.ts';

/**
 * Playing games whose scheduler bookkeeping is missing, in one statement over indexed columns:
 * - `noClock`: no seat clock is active and no `turn` row was applied since the last command (a game
 *   started before the seat clocks existed, e.g. upgraded from a release without them);
 * - `jobs`: running (not paused, not dormant) with no scheduled job at all, although every such game
 *   keeps at least its dormancy job (jobs lost by a migration or a crash between two writes).
 */
const MISSING_SQL = `
SELECT g."id",
       g."turnSeq" < g."seq" AND NOT EXISTS (SELECT 1 FROM "SeatClock" c WHERE c."gameId" = g."id" AND c."active") AS "noClock"
  FROM "Game" g
 WHERE g."status" = 'playing'
   AND ((g."turnSeq" < g."seq" AND NOT EXISTS (SELECT 1 FROM "SeatClock" c WHERE c."gameId" = g."id" AND c."active"))
     OR (g."pausedAt" IS NULL AND g."dormantAt" IS NULL AND NOT EXISTS (SELECT 1 FROM "ScheduledJob" j WHERE j."gameId" = g."id")))
 ORDER BY g."id"`;

/** Games repaired at once; each costs a handful of statements. */
const CONCURRENCY = 4;

export interface ReconcileDeps {
  readonly db: Database;
  readonly app: App;
  readonly schedule: Schedule;
  readonly logger?: AppLogger;
}

export interface ReconcileReport {
  /** Games whose waiting seats got clocks (and so reminders, deadlines and the dormancy check). */
  readonly clocked: number;
  /** Games that had clocks but no job: their jobs were planned again from the clocks. */
  readonly replanned: number;
  /** Games that could not be loaded (unknown game type, missing pack, diverging log), by id. */
  readonly failed: readonly string[];
}

/**
 * Start-up repair after a schema upgrade (issue 14 "Backups and upgrades"): every playing game gets the
 * seat clocks and scheduled jobs the database truth calls for. Clocks come from the game's own state
 * (whose turn it is), as if the turn had begun now, so nobody is reminded or timed out for the time the
 * bot could not see the game; dormancy still counts from the game's last command, so a game idle past
 * its limit goes dormant as it would have (and wakes with its next command). When nothing is missing it
 * costs one query.
 * Safe with several processes starting at once: a turn is applied only once (`turnSeq`), and planning
 * jobs again replaces them under the same keys.
 */
export async function reconcileSchedule({ db, app, schedule, logger }: ReconcileDeps): Promise<ReconcileReport> {
  const rows = await db.prisma.$queryRawUnsafe<{ id: string; noClock: boolean }[]>(MISSING_SQL);
  let clocked = 0;
  let replanned = 0;
  const failed: string[] = [];

  async function repair(row: { id: string; noClock: boolean }): Promise<void> {
    if (!row.noClock) {
      await schedule.replan(row.id);
      replanned += 1;
      return;
    }
    const status = await app.status(row.id);
    if (!status.ok) {
      failed.push(row.id);
      logger?.warn({ gameId: row.id, code: status.error.code }, 'reconcile.gameUnavailable');
      return;
    }
    const { gameId, seq, awaiting } = status.value;
    await schedule.onTurn({ gameId, seq, kind: awaiting?.kind ?? 'turn', seats: awaiting?.seats ?? [] });
    clocked += 1;
  }

  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) await repair(row);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  if (rows.length > 0) logger?.info({ clocked, replanned, failed: failed.length }, 'reconcile.done');
  return { clocked, replanned, failed: failed.sort() };
}
