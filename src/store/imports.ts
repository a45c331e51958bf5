import { randomUUID } from 'node:crypto';
import type { Checkpoint, Genesis, Json, LogEntry, Snapshot } from '../core/index.ts';
import { checkpointRows } from './checkpoints.ts';
import type { Prisma, PrismaClient, ScheduledJob, SeatClock } from '../generated/prisma/client.ts';
import { isUniqueViolation, uniqueFields } from './errors.ts';
import { gameColumns, type GameRowStatus, type NewGameRow } from './games.ts';

/** A game's rows besides the game, its seats and its log: what a backup adds. */
export interface BackupRows {
  readonly clocks: readonly SeatClock[];
  readonly jobs: readonly ScheduledJob[];
}

/** The seat clocks and scheduled jobs of a game, for its backup. */
export async function loadBackup(prisma: PrismaClient, gameId: string): Promise<BackupRows> {
  const [clocks, jobs] = await Promise.all([
    prisma.seatClock.findMany({ where: { gameId }, orderBy: { seat: 'asc' } }),
    prisma.scheduledJob.findMany({ where: { gameId }, orderBy: [{ queue: 'asc' }, { key: 'asc' }] }),
  ]);
  return { clocks, jobs };
}

export interface ImportGameRow extends Omit<NewGameRow, 'players'> {
  readonly status: GameRowStatus;
  readonly genesis: Genesis;
  readonly snapshot: Snapshot;
  readonly hash: string;
  readonly seats: readonly {
    readonly index: number;
    readonly userId: string;
    readonly userName: string;
    readonly role?: 'player' | 'spectator';
    readonly prefs?: Json;
    readonly awayUntil?: Date | null;
  }[];
  readonly log: readonly LogEntry[];
  /** The log's rules checkpoints (segment boundaries), verified by the caller. */
  readonly checkpoints?: readonly Checkpoint[];
  readonly undone: ReadonlySet<number>;
  readonly policy?: Json;
  readonly pausedAt?: Date | null;
  readonly dormantAt?: Date | null;
  readonly lastActivityAt?: Date;
  readonly turnSeq?: number;
  readonly clocks?: readonly Omit<SeatClock, 'gameId'>[];
  /** Jobs of the new game; `key` and `data` are rewritten by `jobsFor` once its id is known. */
  readonly jobs?: (gameId: string) => readonly { readonly queue: string; readonly key: string; readonly seq: number; readonly at: Date; readonly data: Json }[];
}

/**
 * Writes a verified game with its whole log, seats, clocks and scheduled jobs in one transaction, so an
 * import is all there or not at all. The bot's scheduler queues the jobs from PostgreSQL at start-up.
 */
export async function insertImportedGame(prisma: PrismaClient, row: ImportGameRow): Promise<{ ok: true; id: string } | { ok: false; reason: 'threadTaken' }> {
  const id = randomUUID();
  const last = row.log.at(-1);
  const jobs = row.jobs?.(id) ?? [];
  try {
    await prisma.$transaction([
      prisma.game.create({
        data: {
          id,
          ...gameColumns(row),
          status: row.status,
          seq: last?.seq ?? 0,
          seatLimit: row.seatLimit ?? null,
          genesis: row.genesis as unknown as Prisma.InputJsonValue,
          state: row.snapshot as unknown as Prisma.InputJsonValue,
          stateHash: row.hash,
          policy: (row.policy ?? {}) as Prisma.InputJsonValue,
          pausedAt: row.pausedAt ?? null,
          dormantAt: row.dormantAt ?? null,
          ...(row.lastActivityAt ? { lastActivityAt: row.lastActivityAt } : {}),
          turnSeq: row.turnSeq ?? -1,
          checkpointSeq: row.checkpoints?.at(-1)?.seq ?? 0,
          checkpoints: { createMany: { data: checkpointRows(row.checkpoints ?? []) } },
          seats: {
            create: row.seats.map((s) => ({
              index: s.index,
              userId: s.userId,
              userName: s.userName,
              role: s.role ?? 'player',
              prefs: (s.prefs ?? {}) as Prisma.InputJsonValue,
              awayUntil: s.awayUntil ?? null,
            })),
          },
          commands: {
            createMany: {
              data: row.log.map((e) => ({
                seq: e.seq,
                type: e.type,
                args: e.args as Prisma.InputJsonValue,
                seat: e.seat,
                asHost: e.asHost,
                actorUserId: e.actorUserId,
                at: new Date(e.at),
                nonce: e.nonce,
                stateHashAfter: e.stateHashAfter,
                irreversible: e.irreversible,
                undone: row.undone.has(e.seq),
              })),
            },
          },
          clocks: { createMany: { data: (row.clocks ?? []).map((c) => ({ ...c, reminderRef: (c.reminderRef ?? undefined) as Prisma.InputJsonValue | undefined })) } },
        },
        select: { id: true },
      }),
      prisma.scheduledJob.createMany({ data: jobs.map((j) => ({ queue: j.queue, key: j.key, gameId: id, seq: j.seq, at: j.at, data: j.data as Prisma.InputJsonValue })) }),
    ]);
    return { ok: true, id };
  } catch (error) {
    if (isUniqueViolation(error) && uniqueFields(error).includes('threadId')) return { ok: false, reason: 'threadTaken' };
    throw error;
  }
}
