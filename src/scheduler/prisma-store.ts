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
