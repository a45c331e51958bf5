import type { Genesis, Json, LogEntry, Snapshot } from '../core/index.ts';
import type { Prisma} from '../generated/prisma/client.ts';
import { type Game, type PrismaClient, type Seat } from '../generated/prisma/client.ts';
import { isNotFound, isUniqueViolation, uniqueFields } from './errors.ts';
import { withMemberChoices } from './members.ts';
import { outboxCreateData, type OutboxMessage } from './outbox.ts';

export type { Game, Seat };

/** A game row with its seats in index order. */
export type GameWithSeats = Game & { seats: Seat[] };

export type GameRowStatus = 'lobby' | 'playing' | 'finished' | 'abandoned';

export interface NewGameRow {
  readonly guildId: string;
  readonly channelId: string;
  readonly threadId?: string | null;
  readonly gameType: string;
  readonly packId?: string | null;
  readonly packVersion?: string | null;
  readonly packHash?: string | null;
  readonly rulesVersion: string;
  readonly seed: number;
  /** Four 32-bit words mixed into the seed at start (`seedRng`); absent for an explicit seed. */
  readonly entropy?: readonly number[] | null;
  readonly options: Json;
  readonly hostUserId: string;
  readonly locale?: string;
  readonly seatLimit?: number | null;
  readonly players?: readonly { readonly userId: string; readonly userName: string; readonly prefs?: Prisma.InputJsonValue }[];
  /** A campaign's game: the campaign, its place in it, what the previous game handed on, the inherited policy. */
  readonly campaign?: { readonly id: string; readonly index: number; readonly carried: Json | null; readonly policy: Json };
}

const withSeats = { seats: { orderBy: { index: 'asc' } } } as const;

/** The columns a new game row and an imported one share. */
export function gameColumns(row: Omit<NewGameRow, 'players' | 'seatLimit'>) {
  return {
    guildId: row.guildId,
    channelId: row.channelId,
    threadId: row.threadId ?? null,
    gameType: row.gameType,
    packId: row.packId ?? null,
    packVersion: row.packVersion ?? null,
    packHash: row.packHash ?? null,
    rulesVersion: row.rulesVersion,
    seed: row.seed,
    ...(row.entropy ? { entropy: row.entropy as unknown as Prisma.InputJsonValue } : {}),
    options: row.options as Prisma.InputJsonValue,
    hostUserId: row.hostUserId,
    locale: row.locale ?? 'en',
  };
}

/**
 * How many games a community may hold open at once (issue 14): lobbies one user hosts, lobbies and open
 * games (lobby or playing) of one server. `undefined` leaves a bound off.
 */
export interface OpenGameLimits {
  readonly lobbiesPerUser?: number;
  readonly lobbiesPerGuild?: number;
  readonly gamesPerGuild?: number;
}

export type OpenGameLimit = keyof OpenGameLimits;

export type CreateGameResult =
  | { ok: true; game: GameWithSeats }
  | { ok: false; reason: 'threadTaken' }
  | { ok: false; reason: 'limit'; limit: OpenGameLimit; max: number };

const OPEN_COUNTS_SQL = `
SELECT count(*) FILTER (WHERE "status" = 'lobby' AND "hostUserId" = $2)::int AS "lobbiesPerUser",
       count(*) FILTER (WHERE "status" = 'lobby' AND "guildId" = $1)::int AS "lobbiesPerGuild",
       count(*) FILTER (WHERE "guildId" = $1)::int AS "gamesPerGuild"
  FROM "Game"
 WHERE "status" IN ('lobby', 'playing') AND ("guildId" = $1 OR "hostUserId" = $2)`;

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** The first bound a new lobby of `hostUserId` in `guildId` would pass, or `null`. */
export async function openGameLimitReached(
  client: PrismaClient | Tx,
  guildId: string,
  hostUserId: string,
  limits: OpenGameLimits,
): Promise<{ limit: OpenGameLimit; max: number } | null> {
  const [counts] = await client.$queryRawUnsafe<Record<OpenGameLimit, number>[]>(OPEN_COUNTS_SQL, guildId, hostUserId);
  for (const limit of ['lobbiesPerUser', 'lobbiesPerGuild', 'gamesPerGuild'] as const) {
    const max = limits[limit];
    if (max !== undefined && (counts?.[limit] ?? 0) >= max) return { limit, max };
  }
  return null;
}

/**
 * Creates a lobby; `players` take seats in the given order. A taken thread gives `threadTaken`; with
 * `limits`, the counts are taken under a per-server lock, so two lobbies opened at once cannot both
 * slip under a bound (`limit`).
 */
export async function createGame(prisma: PrismaClient, row: NewGameRow, limits?: OpenGameLimits): Promise<CreateGameResult> {
  const data = {
    ...gameColumns(row),
    seatLimit: row.seatLimit ?? null,
    ...(row.campaign
      ? {
          campaignId: row.campaign.id,
          campaignIndex: row.campaign.index,
          ...(row.campaign.carried !== null ? { carried: row.campaign.carried as Prisma.InputJsonValue } : {}),
          policy: row.campaign.policy as Prisma.InputJsonValue,
        }
      : {}),
    seats: { create: (row.players ?? []).map((p, index) => ({ index, userId: p.userId, userName: p.userName, ...(p.prefs ? { prefs: p.prefs } : {}) })) },
  };
  try {
    if (!limits) return { ok: true, game: await prisma.game.create({ data, include: withSeats }) };
    return await prisma.$transaction(async (tx): Promise<CreateGameResult> => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('tk.open-games.' || $1))`, row.guildId);
      const reached = await openGameLimitReached(tx, row.guildId, row.hostUserId, limits);
      if (reached) return { ok: false, reason: 'limit', ...reached };
      return { ok: true, game: await tx.game.create({ data, include: withSeats }) };
    });
  } catch (error) {
    if (isUniqueViolation(error) && uniqueFields(error).includes('threadId')) return { ok: false, reason: 'threadTaken' };
    throw error;
  }
}

/** The game with its seats; each player's seat shows the choices it follows, their member row merged in. */
export async function getGame(prisma: PrismaClient, id: string): Promise<GameWithSeats | null> {
  return withMembers(prisma, await prisma.game.findUnique({ where: { id }, include: withSeats }));
}

export async function findGameByThread(prisma: PrismaClient, threadId: string): Promise<GameWithSeats | null> {
  return withMembers(prisma, await prisma.game.findUnique({ where: { threadId }, include: withSeats }));
}

async function withMembers(prisma: PrismaClient, game: GameWithSeats | null): Promise<GameWithSeats | null> {
  return game && game.seats.length > 0 ? { ...game, seats: await withMemberChoices(prisma, game.seats) } : game;
}

export interface StartGameInput {
  readonly genesis: Genesis;
  readonly snapshot: Snapshot;
  readonly hash: string;
  /** The lobby `version` the genesis seats were read at. */
  readonly expectedVersion: number;
  /** Seat row ids in genesis order: they become indexes 0..n-1. */
  readonly seatIds: readonly number[];
  readonly packId?: string | null;
  readonly packVersion?: string | null;
  readonly packHash?: string | null;
  readonly outbox?: readonly OutboxMessage[];
}

/** Lobby → playing at seq 0, in one transaction; `conflict` when the lobby changed since it was read. */
export async function startGame(prisma: PrismaClient, id: string, input: StartGameInput): Promise<{ ok: true } | { ok: false; reason: 'conflict' }> {
  try {
    await prisma.$transaction([
      prisma.game.update({
        where: { id, status: 'lobby', version: input.expectedVersion, seq: 0 },
        data: {
          status: 'playing',
          genesis: input.genesis as unknown as Prisma.InputJsonValue,
          state: input.snapshot as unknown as Prisma.InputJsonValue,
          stateHash: input.hash,
          packId: input.packId ?? null,
          packVersion: input.packVersion ?? null,
          packHash: input.packHash ?? null,
          rulesVersion: input.genesis.rulesVersion,
          version: { increment: 1 },
          lastActivityAt: new Date(),
        },
      }),
      prisma.seat.updateMany({ where: { gameId: id }, data: { index: { multiply: -1 } } }),
      ...input.seatIds.map((seatId, index) => prisma.seat.update({ where: { id: seatId, gameId: id }, data: { index } })),
      prisma.outbox.createMany({ data: (input.outbox ?? []).map((m) => outboxCreateData(m, id)) }),
    ]);
    return { ok: true };
  } catch (error) {
    if (isNotFound(error) || isUniqueViolation(error)) return { ok: false, reason: 'conflict' };
    throw error;
  }
}

/** Ends a game outside the log (abandon); only from the given statuses. */
export async function setGameStatus(
  prisma: PrismaClient,
  id: string,
  from: readonly GameRowStatus[],
  to: GameRowStatus,
  outbox: readonly OutboxMessage[] = [],
): Promise<boolean> {
  try {
    await prisma.$transaction([
      prisma.game.update({ where: { id, status: { in: [...from] } }, data: { status: to, version: { increment: 1 }, lastActivityAt: new Date() } }),
      prisma.outbox.createMany({ data: outbox.map((m) => outboxCreateData(m, id)) }),
    ]);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

type CommandRow = Prisma.GameCommandGetPayload<object>;

export function toLogEntry(row: CommandRow): LogEntry {
  return {
    seq: row.seq,
    type: row.type,
    args: row.args as Json,
    seat: row.seat,
    asHost: row.asHost,
    actorUserId: row.actorUserId,
    at: row.at.toISOString(),
    nonce: row.nonce,
    stateHashAfter: row.stateHashAfter,
    irreversible: row.irreversible,
  };
}

/** The game's log in seq order, as the kernel replays it (undone commands included; undo entries mark them). */
export async function loadLog(prisma: PrismaClient, gameId: string): Promise<LogEntry[]> {
  const rows = await prisma.gameCommand.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
  return rows.map(toLogEntry);
}

/** The log after `afterSeq` (a checkpoint a replay starts from), in seq order. */
export async function loadLogAfter(prisma: PrismaClient, gameId: string, afterSeq: number): Promise<LogEntry[]> {
  const rows = await prisma.gameCommand.findMany({ where: { gameId, seq: { gt: afterSeq } }, orderBy: { seq: 'asc' } });
  return rows.map(toLogEntry);
}

/** The seq of the latest command a player logged from their own seat (not as host), or null. */
export async function lastOwnCommandSeq(prisma: PrismaClient, gameId: string, seat: number, userId: string): Promise<number | null> {
  const r = await prisma.gameCommand.aggregate({ where: { gameId, seat, asHost: false, actorUserId: userId }, _max: { seq: true } });
  return r._max.seq ?? null;
}

export async function findCommandByNonce(prisma: PrismaClient, gameId: string, nonce: string): Promise<LogEntry | null> {
  const row = await prisma.gameCommand.findUnique({ where: { gameId_nonce: { gameId, nonce } } });
  return row ? toLogEntry(row) : null;
}

/**
 * The command logged with this idempotency key, read only once any write in flight on the game is over:
 * a share lock on the game row waits for an append whose answer was lost (its transaction holds the row)
 * to commit or roll back, and the read after it, a new snapshot, sees the outcome.
 */
export async function confirmCommand(prisma: PrismaClient, gameId: string, nonce: string): Promise<LogEntry | null> {
  await prisma.$queryRaw`SELECT 1 FROM "Game" WHERE "id" = ${gameId} FOR SHARE`;
  return findCommandByNonce(prisma, gameId, nonce);
}

export interface AppendInput {
  /** The committing process (`WakeSignal.origin`), named in the commit's notification on `tk_outbox`. */
  readonly origin?: string;
  /** The seq the decision was made on; the command becomes `expectedSeq + 1`. */
  readonly expectedSeq: number;
  /**
   * The row `version` the decision was made on, when known (a cached game): the append then also fails
   * if anything else changed the game meanwhile (seats, pause, status), not only its seq.
   */
  readonly expectedVersion?: number;
  readonly entry: Omit<LogEntry, 'seq'>;
  readonly snapshot: Snapshot;
  readonly hash: string;
  /** New game status when the command ended the game. */
  readonly status?: GameRowStatus;
  readonly outbox: readonly OutboxMessage[];
  /** The command an undo removes: marked `undone` in the same statement (it must not be undone already). */
  readonly undoneSeq?: number;
  /**
   * Store the new snapshot as a cadence checkpoint under this rules version (`checkpointDue`), in the
   * same statement.
   */
  readonly checkpoint?: { readonly rulesVersion: string };
}

export type AppendResult = { ok: true; seq: number; version: number } | { ok: false; reason: 'conflict' | 'duplicate' };

/**
 * One statement, so one round trip and atomic by itself: the game row moves from `expectedSeq` (and
 * `expectedVersion`) only if it is still playing, unpaused and nobody else moved it; the command row, the
 * undo mark and the outbox rows are written only from that update's result. A taken nonce aborts the
 * whole statement with a unique violation.
 */
const APPEND_SQL = `
WITH moved AS (
  UPDATE "Game"
     SET "seq" = $2 + 1, "state" = $4::jsonb, "stateHash" = $5, "version" = "version" + 1,
         "lastActivityAt" = $6::timestamptz, "dormantAt" = NULL, "updatedAt" = now(),
         "status" = COALESCE($7::"GameStatus", "status"),
         "checkpointSeq" = CASE WHEN $19::text IS NULL THEN "checkpointSeq" ELSE $2 + 1 END
   WHERE "id" = $1 AND "seq" = $2 AND "status" = 'playing' AND "pausedAt" IS NULL
     AND ($3::int IS NULL OR "version" = $3::int)
     AND ($8::int IS NULL OR EXISTS (
           SELECT 1 FROM "GameCommand" u WHERE u."gameId" = $1 AND u."seq" = $8::int AND NOT u."undone"))
  RETURNING "version"
), command AS (
  INSERT INTO "GameCommand" ("gameId", "seq", "type", "args", "seat", "asHost", "actorUserId", "at", "nonce", "stateHashAfter", "irreversible")
  SELECT $1, $2 + 1, $9, $10::jsonb, $11::int, $12::boolean, $13, $6::timestamptz, $14, $15, $16::boolean FROM moved
), undone AS (
  UPDATE "GameCommand" SET "undone" = true
   WHERE "gameId" = $1 AND "seq" = $8::int AND EXISTS (SELECT 1 FROM moved)
), outbox AS (
  INSERT INTO "Outbox" ("gameId", "kind", "target", "payload", "updatedAt")
  SELECT $1, m."kind", m."target", m."payload", now()
    FROM jsonb_to_recordset($17::jsonb) AS m("kind" text, "target" jsonb, "payload" jsonb)
   WHERE EXISTS (SELECT 1 FROM moved)
), checkpoint AS (
  INSERT INTO "GameCheckpoint" ("gameId", "seq", "rulesVersion", "kind", "state", "stateHash")
  SELECT $1, $2 + 1, $19::text, 'cadence', $4::jsonb, $5 FROM moved WHERE $19::text IS NOT NULL
), notified AS (
  SELECT pg_notify('tk_outbox', COALESCE($18::text, '') || ':' || $1) FROM moved
)
SELECT "version" FROM moved WHERE (SELECT count(*) FROM notified) >= 0`;

/**
 * Appends one command (ARCHITECTURE.md "The way of one action"): game row, command, undo mark and outbox
 * rows in ONE statement, so never a half-applied command; its commit notifies `tk_outbox` (`origin:gameId`),
 * which wakes every process's dispatcher and drops the game from their caches. When the guard fails the nonce tells a
 * repeated interaction (`duplicate`) from a game that moved on (`conflict`).
 */
export async function appendCommand(prisma: PrismaClient, gameId: string, input: AppendInput): Promise<AppendResult> {
  const seq = input.expectedSeq + 1;
  const { entry } = input;
  let moved: { version: number }[] = [];
  try {
    moved = await prisma.$queryRawUnsafe<{ version: number }[]>(
      APPEND_SQL,
      gameId,
      input.expectedSeq,
      input.expectedVersion ?? null,
      JSON.stringify(input.snapshot),
      input.hash,
      entry.at,
      input.status ?? null,
      input.undoneSeq ?? null,
      entry.type,
      JSON.stringify(entry.args),
      entry.seat,
      entry.asHost,
      entry.actorUserId,
      entry.nonce,
      entry.stateHashAfter,
      entry.irreversible,
      JSON.stringify(input.outbox.map((m) => ({ kind: m.kind, target: m.target, payload: m.payload }))),
      input.origin ?? null,
      input.checkpoint?.rulesVersion ?? null,
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = moved[0];
  if (row) return { ok: true, seq, version: Number(row.version) };
  const earlier = await prisma.gameCommand.findUnique({ where: { gameId_nonce: { gameId, nonce: entry.nonce } }, select: { seq: true } });
  return { ok: false, reason: earlier ? 'duplicate' : 'conflict' };
}

/** Rewrites the cached snapshot after a rebuild from the log, only if the game has not moved meanwhile. */
export async function refreshCache(prisma: PrismaClient, gameId: string, seq: number, snapshot: Snapshot, hash: string): Promise<void> {
  await prisma.game.updateMany({
    where: { id: gameId, seq },
    data: { state: snapshot as unknown as Prisma.InputJsonValue, stateHash: hash },
  });
}
