import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { QUEUES, type ClaimPort, type DueItem, type DueStore, type FireTicket, type JobData, type QueueName } from './types.ts';

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'P2002';
}

const PUT_ALL_SQL = `
INSERT INTO "ScheduledJob" ("queue", "key", "gameId", "seq", "at", "data")
SELECT j."queue", j."key", j."gameId", j."seq", j."at", j."data"
  FROM jsonb_to_recordset($1::jsonb) AS j("queue" text, "key" text, "gameId" text, "seq" int, "at" timestamptz, "data" jsonb)
ON CONFLICT ("queue", "key") DO UPDATE
   SET "gameId" = EXCLUDED."gameId", "seq" = EXCLUDED."seq", "at" = EXCLUDED."at", "data" = EXCLUDED."data"
 WHERE ("ScheduledJob"."gameId", "ScheduledJob"."seq", "ScheduledJob"."at", "ScheduledJob"."data")
       IS DISTINCT FROM (EXCLUDED."gameId", EXCLUDED."seq", EXCLUDED."at", EXCLUDED."data")
RETURNING "queue", "key"`;

const REMOVE_ALL_SQL = `
DELETE FROM "ScheduledJob" j
 USING jsonb_to_recordset($1::jsonb) AS d("queue" text, "key" text)
 WHERE j."queue" = d."queue" AND j."key" = d."key"
RETURNING j."queue", j."key"`;

/**
 * The write of a batch whose current rows are known: deletes, updates of rows that exist and inserts of
 * those that do not, in one statement. Rows travel as PostgreSQL array literals (one per column), which
 * PostgreSQL reads several times faster than the same rows as one JSON document.
 */
const WRITE_CHANGES_SQL = `
WITH gone AS (
  DELETE FROM "ScheduledJob" j
   USING unnest($1::text[], $2::text[]) AS d("queue", "key")
   WHERE j."queue" = d."queue" AND j."key" = d."key"
  RETURNING 1
), moved AS (
  UPDATE "ScheduledJob" j
     SET "gameId" = u."gameId", "seq" = u."seq", "at" = u."at", "data" = u."data"
    FROM unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::timestamptz[], $8::jsonb[]) AS u("queue", "key", "gameId", "seq", "at", "data")
   WHERE j."queue" = u."queue" AND j."key" = u."key"
  RETURNING 1
), added AS (
  INSERT INTO "ScheduledJob" ("queue", "key", "gameId", "seq", "at", "data")
  SELECT * FROM unnest($9::text[], $10::text[], $11::text[], $12::int[], $13::timestamptz[], $14::jsonb[])
  ON CONFLICT ("queue", "key") DO UPDATE
     SET "gameId" = EXCLUDED."gameId", "seq" = EXCLUDED."seq", "at" = EXCLUDED."at", "data" = EXCLUDED."data"
  RETURNING 1
)
SELECT (SELECT count(*) FROM gone)::int AS "gone", (SELECT count(*) FROM moved)::int AS "moved", (SELECT count(*) FROM added)::int AS "added"`;

/** A job row as it stands, read with the change that replans it (`at` as a Date or as JSON wrote it). */
export interface StoredJob {
  readonly queue: string;
  readonly key: string;
  readonly gameId: string;
  readonly seq: number;
  readonly at: Date | string;
  readonly data: unknown;
}

/** A PostgreSQL array literal of text values (every element quoted, so any text is safe). */
function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** Equality of two JSON values, whatever the order of their keys (jsonb keeps its own). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const rowKey = (queue: string, key: string) => `${queue}\u0000${key}`;

/** A client or an open transaction: what the set-based writes need. */
export type SqlClient = Pick<PrismaClient, '$queryRawUnsafe'>;

/** Queue and key of a job row. */
export interface JobRef {
  readonly queue: QueueName;
  readonly key: string;
}

/** Whether a ticket's wait is still current, checked by {@link PrismaDueStore.claim} before the insert. */
export type TicketCheck = (ticket: FireTicket) => Promise<boolean>;

/**
 * What is due, kept in PostgreSQL (`ScheduledJob`), and the claim of each firing (`SchedulerClaim`, unique
 * per fire id and attempt): the Prisma counterpart of {@link MemoryDueStore}. A restart or a flushed Redis
 * rebuilds the queues from `listDue`; two processes racing on one firing insert the same claim row and
 * only one succeeds.
 */
export class PrismaDueStore implements DueStore, ClaimPort {
  readonly #prisma: PrismaClient;
  readonly #current: TicketCheck;

  /** `current` says whether the game is still at the ticket's seq (the wait it was scheduled for). */
  constructor(prisma: PrismaClient, current: TicketCheck) {
    this.#prisma = prisma;
    this.#current = current;
  }

  async listDue(): Promise<readonly DueItem[]> {
    const rows = await this.#prisma.scheduledJob.findMany({ orderBy: { at: 'asc' } });
    return rows
      .filter((r) => (QUEUES as readonly string[]).includes(r.queue))
      .map((r) => ({ queue: r.queue as QueueName, key: r.key, at: r.at, data: r.data as unknown as JobData }));
  }

  async put(item: DueItem): Promise<void> {
    const data = item.data as unknown as Prisma.InputJsonValue;
    await this.#prisma.scheduledJob.upsert({
      where: { queue_key: { queue: item.queue, key: item.key } },
      create: { queue: item.queue, key: item.key, gameId: item.data.gameId, seq: item.data.seq, at: item.at, data },
      update: { gameId: item.data.gameId, seq: item.data.seq, at: item.at, data },
    });
  }

  /**
   * Writes several jobs in one statement (each replaces the job under its queue and key) and returns the
   * ones that were new or different, so only those need queueing again; `client` is a transaction the
   * write joins (a change that must land together with other rows).
   */
  async putAll(items: readonly DueItem[], client?: SqlClient): Promise<readonly JobRef[]> {
    if (items.length === 0) return [];
    const rows = items.map((i) => ({ queue: i.queue, key: i.key, gameId: i.data.gameId, seq: i.data.seq, at: i.at.toISOString(), data: i.data }));
    return (client ?? this.#prisma).$queryRawUnsafe<JobRef[]>(PUT_ALL_SQL, JSON.stringify(rows));
  }

  /**
   * Brings the rows of `puts` and `drops` from `current` (the rows as they stand, read in the same
   * transaction) to the plan, writing only what differs: an unchanged job costs nothing, here or in the
   * queues. Returns the puts that were new or different and the drops that existed: what the scheduler
   * must follow.
   */
  async writeChanges(puts: readonly DueItem[], drops: readonly JobRef[], current: readonly StoredJob[], client?: SqlClient): Promise<{ puts: DueItem[]; drops: JobRef[] }> {
    const stored = new Map(current.map((row) => [rowKey(row.queue, row.key), row] as const));
    const gone = drops.filter((d) => stored.has(rowKey(d.queue, d.key)));
    const moved: DueItem[] = [];
    const added: DueItem[] = [];
    for (const item of puts) {
      const row = stored.get(rowKey(item.queue, item.key));
      if (!row) added.push(item);
      else if (row.gameId !== item.data.gameId || row.seq !== item.data.seq || new Date(row.at).getTime() !== item.at.getTime() || !sameJson(row.data, item.data)) moved.push(item);
    }
    if (gone.length + moved.length + added.length === 0) return { puts: [], drops: [] };
    const columns = (items: readonly DueItem[]) => [
      pgArray(items.map((i) => i.queue)),
      pgArray(items.map((i) => i.key)),
      pgArray(items.map((i) => i.data.gameId)),
      pgArray(items.map((i) => i.data.seq)),
      pgArray(items.map((i) => i.at.toISOString())),
      pgArray(items.map((i) => JSON.stringify(i.data))),
    ];
    const [counts] = await (client ?? this.#prisma).$queryRawUnsafe<{ gone: number; moved: number; added: number }[]>(
      WRITE_CHANGES_SQL,
      pgArray(gone.map((d) => d.queue)),
      pgArray(gone.map((d) => d.key)),
      ...columns(moved),
      ...columns(added),
    );
    if ((counts?.moved ?? 0) < moved.length) await this.putAll(moved, client);
    return { puts: [...moved, ...added], drops: gone };
  }

  async remove(queue: QueueName, key: string): Promise<void> {
    await this.#prisma.scheduledJob.deleteMany({ where: { queue, key } });
  }

  /** Removes several jobs in one statement, inside `client` when given, and returns those that were there. */
  async removeAll(items: readonly JobRef[], client?: SqlClient): Promise<readonly JobRef[]> {
    if (items.length === 0) return [];
    return (client ?? this.#prisma).$queryRawUnsafe<JobRef[]>(REMOVE_ALL_SQL, JSON.stringify(items.map(({ queue, key }) => ({ queue, key }))));
  }

  /** Removes the row only while it still describes this firing (a handler may have put a successor). */
  async removeFired(ticket: FireTicket): Promise<void> {
    await this.#prisma.scheduledJob.deleteMany({ where: { queue: ticket.queue, key: ticket.key, seq: ticket.seq, at: ticket.at } });
  }

  async removeGame(gameId: string): Promise<readonly DueItem[]> {
    const rows = await this.#prisma.scheduledJob.findMany({ where: { gameId } });
    await this.#prisma.scheduledJob.deleteMany({ where: { gameId } });
    return rows.map((r) => ({ queue: r.queue as QueueName, key: r.key, at: r.at, data: r.data as unknown as JobData }));
  }

  async claim(ticket: FireTicket): Promise<boolean> {
    if (!(await this.#current(ticket))) return false;
    try {
      await this.#prisma.schedulerClaim.create({ data: { fireId: ticket.fireId, attempt: ticket.attempt } });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
