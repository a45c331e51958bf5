import type { PrismaClient } from '../generated/prisma/client.ts';

/** A turn change for the seat clocks: seats whose wait ended, seats whose wait began (and how). */
export interface WaitChange {
  readonly gameId: string;
  /** Their wait ended: inactive, their reminder message forgotten. */
  readonly ended: readonly number[];
  /** Their wait began now: a fresh clock (no reminders, no extensions this turn); `extensionsUsed` is kept. */
  readonly begun: readonly number[];
  readonly turnSeq: number;
  readonly kind: string;
  readonly at: Date;
}

const CHANGE_WAITS_SQL = `
WITH ended AS (
  UPDATE "SeatClock" SET "active" = false, "reminderRef" = NULL
   WHERE "gameId" = $1 AND "seat" = ANY($2::int[])
)
INSERT INTO "SeatClock" ("gameId", "seat", "active", "turnSeq", "kind", "turnStartedAt", "remindersSent", "stalledSent", "extensionsThisTurn", "reminderRef")
SELECT $1, s, true, $4::int, $5, $6::timestamptz, 0, false, 0, NULL FROM unnest($3::int[]) AS s
ON CONFLICT ("gameId", "seat") DO UPDATE
   SET "active" = true, "turnSeq" = EXCLUDED."turnSeq", "kind" = EXCLUDED."kind", "turnStartedAt" = EXCLUDED."turnStartedAt",
       "remindersSent" = 0, "stalledSent" = false, "extensionsThisTurn" = 0, "reminderRef" = NULL`;

const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/**
 * Applies a turn change to the seat clocks in one statement. A seat may not be in both lists (one
 * statement cannot touch a row twice); a seat whose wait begins again is only in `begun`.
 */
export async function changeWaits(prisma: PrismaClient, change: WaitChange): Promise<void> {
  if (change.ended.length === 0 && change.begun.length === 0) return;
  if (change.ended.some((seat) => change.begun.includes(seat))) throw new Error('changeWaits: a seat is both ended and begun');
  await prisma.$executeRawUnsafe(CHANGE_WAITS_SQL, change.gameId, intArray(change.ended), intArray(change.begun), change.turnSeq, change.kind, change.at.toISOString());
}
