import type { Json } from '../core/index.ts';
import type { Prisma} from '../generated/prisma/client.ts';
import { type PrismaClient } from '../generated/prisma/client.ts';

/** A message to send once the transaction that produced it commits (ARCHITECTURE.md "The way of one action"). */
export interface OutboxMessage {
  /** `post` (channel/thread message), `dm`, `turn` (the awaited seats changed; the scheduler's input). */
  readonly kind: string;
  readonly target: Json;
  readonly payload: Json;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dead';

/** An outbox row as the dispatcher and the Discord delivery see it. */
export interface OutboxRow {
  readonly id: string;
  readonly gameId: string | null;
  readonly kind: string;
  readonly target: Json;
  readonly payload: Json;
  readonly status: OutboxStatus;
  /** Delivery attempts so far, this one included. */
  readonly attempts: number;
  readonly lastError: string | null;
  readonly sentRef: string | null;
  readonly createdAt: Date;
  /**
   * Stable per row: pass it as Discord's message `nonce` with `enforce_nonce` so a resend after a crash
   * between delivery and `markSent` is dropped by Discord (nonce ≤ 25 characters).
   */
  readonly idempotencyKey: string;
}

export function outboxCreateData(message: OutboxMessage, gameId: string | null): Prisma.OutboxCreateManyInput {
  return {
    gameId,
    kind: message.kind,
    target: message.target as Prisma.InputJsonValue,
    payload: message.payload as Prisma.InputJsonValue,
  };
}

interface RawRow {
  id: bigint | number | string;
  gameId: string | null;
  kind: string;
  target: unknown;
  payload: unknown;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  sentRef: string | null;
  createdAt: Date | string;
}

function parseJson(value: unknown): Json {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Json;
}

function toRow(raw: RawRow): OutboxRow {
  const id = String(raw.id);
  return {
    id,
    gameId: raw.gameId,
    kind: raw.kind,
    target: parseJson(raw.target),
    payload: parseJson(raw.payload),
    status: raw.status,
    attempts: Number(raw.attempts),
    lastError: raw.lastError,
    sentRef: raw.sentRef,
    createdAt: raw.createdAt instanceof Date ? raw.createdAt : new Date(raw.createdAt),
    idempotencyKey: `tk${id}`,
  };
}

/** Queues messages outside a command (e.g. the dispatcher's own notices). */
export async function enqueue(prisma: PrismaClient, gameId: string | null, messages: readonly OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await prisma.outbox.createMany({ data: messages.map((m) => outboxCreateData(m, gameId)) });
}

/** The advisory lock that serializes claims across processes (`hashtext('tk.outbox.claim')`, fixed). */
const CLAIM_LOCK = "hashtext('tk.outbox.claim')";

/**
 * Atomically moves up to `limit` due pending rows to `sending` for this worker, oldest first. Concurrent
 * workers never claim the same row (FOR UPDATE SKIP LOCKED), and never a row whose target (a thread, a
 * user) has rows another worker is sending: a thread's messages go out in order whichever process posts
 * them (a dead worker's rows block their target until their lease runs out and they are pending again).
 * Claims are serialized by a transaction-scoped advisory lock, so each sees the others' committed claims.
 */
export async function claimDue(prisma: PrismaClient, now: Date, limit: number, workerId: string): Promise<OutboxRow[]> {
  const rows = await prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`);
    return tx.$queryRaw<RawRow[]>`
      UPDATE "Outbox" SET "status" = 'sending', "claimedBy" = ${workerId}, "claimedAt" = ${now},
        "attempts" = "attempts" + 1, "updatedAt" = ${now}
      WHERE "id" IN (
        SELECT o."id" FROM "Outbox" AS o
         WHERE o."status" = 'pending' AND o."nextAttemptAt" <= ${now}
           AND NOT EXISTS (
             SELECT 1 FROM "Outbox" AS s
              WHERE s."status" = 'sending' AND s."claimedBy" IS DISTINCT FROM ${workerId} AND s."target" = o."target")
         ORDER BY o."nextAttemptAt", o."id" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING "id", "gameId", "kind", "target", "payload", "status"::text AS "status", "attempts", "lastError", "sentRef", "createdAt"`;
  });
  return rows.map(toRow).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

function claimed(id: string, workerId?: string): Prisma.OutboxWhereInput {
  return { id: BigInt(id), status: 'sending', ...(workerId ? { claimedBy: workerId } : {}) };
}

/** Delivered. Only a row still claimed (by `workerId`, when given) changes; returns whether it did. */
export async function markSent(prisma: PrismaClient, id: string, ref?: string | null, workerId?: string): Promise<boolean> {
  const r = await prisma.outbox.updateMany({ where: claimed(id, workerId), data: { status: 'sent', sentRef: ref ?? null, lastError: null } });
  return r.count > 0;
}

/**
 * `markSent` for many rows in one statement (a dispatcher pass marks what it delivered at its end).
 * Returns how many rows were still claimed by `workerId` and changed.
 */
export async function markSentMany(prisma: PrismaClient, sent: readonly { readonly id: string; readonly ref: string | null }[], workerId: string): Promise<number> {
  if (sent.length === 0) return 0;
  return prisma.$executeRaw`
    UPDATE "Outbox" AS o SET "status" = 'sent', "sentRef" = v."ref", "lastError" = NULL, "updatedAt" = now()
      FROM jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) AS v("id" bigint, "ref" text)
     WHERE o."id" = v."id" AND o."status" = 'sending' AND o."claimedBy" = ${workerId}`;
}

/**
 * Marks sent (`superseded`) every pending table picture of a game that has a newer one pending or being
 * sent: only the newest picture of a game is worth a Discord request. Posts that announce events as
 * text (`announce`) are never dropped. Returns how many rows it marked.
 */
export async function supersedePictures(prisma: PrismaClient): Promise<number> {
  return prisma.$executeRaw`
    UPDATE "Outbox" AS o SET "status" = 'sent', "sentRef" = 'superseded', "updatedAt" = now()
     WHERE o."status" = 'pending' AND o."kind" = 'post' AND o."gameId" IS NOT NULL
       AND o."payload"->>'image' = 'true' AND COALESCE(o."payload"->>'announce', 'false') <> 'true'
       AND EXISTS (
         SELECT 1 FROM "Outbox" AS n
          WHERE n."gameId" = o."gameId" AND n."id" > o."id" AND n."kind" = 'post'
            AND n."status" IN ('pending', 'sending') AND n."payload"->>'image' = 'true')`;
}

/**
 * Marks sent (`superseded`) every pending, never-tried `prompt` row (an edit of the live turn message for
 * its seq) of a game that has a newer `prompt` or `turn` row pending or being sent: that one draws the
 * message for a later seq, and the older edit would find the game moved on and change nothing. A prompt
 * that retires the message at the game's end (`ended`) is never dropped. Returns how many it marked.
 */
export async function supersedePrompts(prisma: PrismaClient): Promise<number> {
  return prisma.$executeRaw`
    UPDATE "Outbox" AS o SET "status" = 'sent', "sentRef" = 'superseded', "updatedAt" = now()
     WHERE o."status" = 'pending' AND o."kind" = 'prompt' AND o."attempts" = 0 AND o."gameId" IS NOT NULL
       AND COALESCE(o."payload"->>'ended', 'false') <> 'true'
       AND EXISTS (
         SELECT 1 FROM "Outbox" AS n
          WHERE n."gameId" = o."gameId" AND n."kind" IN ('prompt', 'turn') AND n."id" > o."id"
            AND n."status" IN ('pending', 'sending'))`;
}

/** A game's pending `turn` rows as {@link supersedeTurns} hands them to its planner (oldest first). */
export interface PendingTurnRow {
  readonly id: string;
  readonly gameId: string;
  readonly attempts: number;
  readonly payload: Json;
}

/** The planner's answer: rows to mark sent as superseded, and fields merged into surviving rows' payloads. */
export interface TurnSupersession {
  readonly drop: readonly string[];
  readonly merged: readonly { readonly id: string; readonly [field: string]: Json }[];
}

/**
 * Under a backlog, lets `plan` (the application's rule, `coalesceTurns`) drop older `turn` rows of games
 * that have several pending and merge what they carried into the survivors, in one transaction: the rows
 * are locked (FOR UPDATE SKIP LOCKED), so no dispatcher claims one half-way. Returns how many it dropped.
 */
export async function supersedeTurns(prisma: PrismaClient, plan: (rows: readonly PendingTurnRow[]) => TurnSupersession): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: bigint; gameId: string; attempts: number; payload: unknown }[]>`
      SELECT "id", "gameId", "attempts", "payload" FROM "Outbox"
       WHERE "status" = 'pending' AND "kind" = 'turn' AND "gameId" IN (
         SELECT "gameId" FROM "Outbox" WHERE "status" = 'pending' AND "kind" = 'turn' AND "gameId" IS NOT NULL
          GROUP BY "gameId" HAVING count(*) > 1)
       ORDER BY "gameId", "id" FOR UPDATE SKIP LOCKED`;
    if (rows.length < 2) return 0;
    const { drop, merged } = plan(rows.map((r) => ({ id: String(r.id), gameId: r.gameId, attempts: Number(r.attempts), payload: parseJson(r.payload) })));
    if (drop.length === 0) return 0;
    const dropped = await tx.$executeRaw`
      UPDATE "Outbox" SET "status" = 'sent', "sentRef" = 'superseded', "updatedAt" = now()
       WHERE "id" = ANY(${drop.map((id) => BigInt(id))}::bigint[]) AND "status" = 'pending'`;
    if (merged.length > 0) {
      const patches = merged.map(({ id, ...patch }) => ({ id, patch }));
      await tx.$executeRaw`
        UPDATE "Outbox" AS o SET "payload" = o."payload" || v."patch", "updatedAt" = now()
          FROM jsonb_to_recordset(${JSON.stringify(patches)}::jsonb) AS v("id" bigint, "patch" jsonb)
         WHERE o."id" = v."id" AND o."status" = 'pending'`;
    }
    return dropped;
  });
}

/** Back to pending, due again at `nextAttemptAt`. */
export async function markRetry(prisma: PrismaClient, id: string, error: string, nextAttemptAt: Date, workerId?: string): Promise<boolean> {
  const r = await prisma.outbox.updateMany({ where: claimed(id, workerId), data: { status: 'pending', lastError: error, nextAttemptAt, claimedBy: null, claimedAt: null } });
  return r.count > 0;
}

/** Claimed rows a pass never took up (it ended on an error): pending again at once, their attempt not counted. */
export async function releaseClaims(prisma: PrismaClient, ids: readonly string[], workerId: string): Promise<number> {
  if (ids.length === 0) return 0;
  return prisma.$executeRaw`
    UPDATE "Outbox" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL, "attempts" = GREATEST("attempts" - 1, 0), "updatedAt" = now()
     WHERE "id" = ANY(${ids.map((id) => BigInt(id))}::bigint[]) AND "status" = 'sending' AND "claimedBy" = ${workerId}`;
}

/** Given up after too many attempts (kept for inspection). */
export async function markDead(prisma: PrismaClient, id: string, error: string, workerId?: string): Promise<boolean> {
  const r = await prisma.outbox.updateMany({ where: claimed(id, workerId), data: { status: 'dead', lastError: error } });
  return r.count > 0;
}

/**
 * Refused for good (e.g. DMs closed, Discord 50007), with the replacement notice queued in the same
 * transaction, so the information is never lost.
 */
export async function markFailed(
  prisma: PrismaClient,
  id: string,
  error: string,
  replacement: { gameId: string | null; messages: readonly OutboxMessage[] },
  workerId?: string,
): Promise<boolean> {
  try {
    await prisma.$transaction([
      prisma.outbox.update({ where: { ...(claimed(id, workerId) as { id: bigint }) }, data: { status: 'failed', lastError: error } }),
      prisma.outbox.createMany({ data: replacement.messages.map((m) => outboxCreateData(m, replacement.gameId)) }),
    ]);
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === 'P2025') return false;
    throw e;
  }
}

/**
 * Claims are leases: a living dispatcher renews its rows' `claimedAt` (see {@link renewLeases}); a row
 * whose lease ran out (`claimedAt` before `olderThan`) belongs to a dead one and goes back to pending,
 * marked so its next attempt first looks whether the send already happened. Returns how many.
 */
export async function requeueStale(prisma: PrismaClient, olderThan: Date): Promise<number> {
  const r = await prisma.outbox.updateMany({
    where: { status: 'sending', claimedAt: { lt: olderThan } },
    data: { status: 'pending', claimedBy: null, claimedAt: null, lastError: 'lease expired' },
  });
  return r.count;
}

/** Renews the leases of the rows `workerId` holds (still `sending`): it is alive. Returns how many. */
export async function renewLeases(prisma: PrismaClient, workerId: string, now: Date): Promise<number> {
  const r = await prisma.outbox.updateMany({ where: { status: 'sending', claimedBy: workerId }, data: { claimedAt: now } });
  return r.count;
}

export async function listOutbox(prisma: PrismaClient, where: { gameId?: string; status?: OutboxStatus; kind?: string } = {}): Promise<OutboxRow[]> {
  const rows = await prisma.outbox.findMany({ where, orderBy: { id: 'asc' } });
  return rows.map((r) => toRow({ ...r, status: r.status as OutboxStatus }));
}

/** The newest turn message a game's outbox posted before a row (see {@link lastTurnMessage}). */
export interface TurnMessageRecord {
  readonly channelId: string;
  readonly messageId: string;
  readonly rowId: string;
  /** The newest `prompt` row recorded as having edited that message since (before the asking row), if any. */
  readonly editedRowId: string | null;
}

/**
 * The message of the newest turn message a game's outbox posted before row `beforeId` (its `sentRef`),
 * so the next one can retire its buttons after a restart; null when none was posted. With it, the newest
 * recorded edit of that message by a `prompt` row: a process that holds the message's text as it wrote
 * it can retire it from that text unless someone edited it later. One query, on the (gameId, kind, id) index.
 */
export async function lastTurnMessage(prisma: PrismaClient, gameId: string, beforeId: string): Promise<TurnMessageRecord | null> {
  const before = BigInt(beforeId);
  const [row] = await prisma.$queryRaw<{ id: bigint; channelId: string | null; sentRef: string; editedRowId: bigint | null }[]>`
    SELECT t."id", t."target"->>'channelId' AS "channelId", t."sentRef",
      (SELECT max(e."id") FROM "Outbox" AS e
        WHERE e."gameId" = t."gameId" AND e."kind" = 'prompt' AND e."id" > t."id" AND e."id" < ${before}
          AND e."status" = 'sent' AND e."sentRef" = t."sentRef") AS "editedRowId"
      FROM "Outbox" AS t
     WHERE t."gameId" = ${gameId} AND t."kind" = 'turn' AND t."id" < ${before} AND t."status" = 'sent'
       AND t."sentRef" IS NOT NULL AND t."sentRef" <> 'superseded'
     ORDER BY t."id" DESC LIMIT 1`;
  if (!row || !/^\d+$/.test(row.sentRef) || !row.channelId) return null;
  return { channelId: row.channelId, messageId: row.sentRef, rowId: String(row.id), editedRowId: row.editedRowId === null ? null : String(row.editedRowId) };
}

/** A private choice message (a DM with buttons) an outbox row sent: its row, addressee, message and the seq its row was written at. */
export interface ChoiceMessage {
  readonly rowId: string;
  readonly userId: string;
  readonly seat: number | null;
  readonly messageId: string;
  readonly seq: number;
}

/**
 * The private choice messages a game's outbox sent before row `beforeId` whose buttons nobody has disabled
 * yet (`dm` rows with `choices`, not marked `retired`), optionally to one user only. Whichever process
 * handles the next delivery disables them, so a passed choice looks passed after a restart or on another shard.
 */
export async function liveChoiceMessages(prisma: PrismaClient, gameId: string, beforeId: string, userId?: string): Promise<ChoiceMessage[]> {
  const rows = await prisma.$queryRaw<{ id: bigint; userId: string | null; seat: number | null; sentRef: string; seq: number | null }[]>`
    SELECT "id", "target"->>'userId' AS "userId", ("target"->>'seat')::int AS "seat", "sentRef", ("payload"->>'seq')::int AS "seq" FROM "Outbox"
    WHERE "gameId" = ${gameId} AND "kind" = 'dm' AND "status" = 'sent' AND "id" < ${BigInt(beforeId)} AND "sentRef" IS NOT NULL
      AND "payload"->>'choices' = 'true' AND "payload"->>'retired' IS NULL
    ORDER BY "id"`;
  return rows.flatMap((r) =>
    r.userId && /^\d+$/.test(r.sentRef) && (userId === undefined || r.userId === userId) ? [{ rowId: String(r.id), userId: r.userId, seat: r.seat, messageId: r.sentRef, seq: r.seq ?? 0 }] : [],
  );
}

/** Marks choice messages as disabled (see {@link liveChoiceMessages}): they are not looked at again. */
export async function markChoicesRetired(prisma: PrismaClient, rowIds: readonly string[]): Promise<void> {
  if (rowIds.length === 0) return;
  await prisma.$executeRaw`UPDATE "Outbox" SET "payload" = "payload" || '{"retired": true}'::jsonb WHERE "id" = ANY(${rowIds.map((id) => BigInt(id))}::bigint[])`;
}
