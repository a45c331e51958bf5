import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** First index of a spectator seat: player seats stay below it, so the two never meet. */
export const SPECTATOR_BASE = 100;

export type JoinOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'notFound' | 'full' | 'alreadySeated' }
  | { readonly ok: false; readonly reason: 'closed'; readonly status: string };

export type LeaveOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'notFound' | 'notSeated' }
  | { readonly ok: false; readonly reason: 'closed'; readonly status: string };

export type WatchOutcome = { readonly ok: true; readonly already: boolean } | { readonly ok: false; readonly reason: 'notFound' | 'seated' };

/**
 * Runs `work` while holding the game row's lock: every membership change of one game waits for the one
 * before it, so a count or an index read inside is still true when the write lands (issue 14: six members
 * watching at once all got a seat number computed before anyone's insert).
 */
async function withGameLocked<T>(prisma: PrismaClient, gameId: string, work: (tx: Tx, status: string) => Promise<T>, missing: T): Promise<T> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<{ status: string }[]>(`SELECT "status"::text AS "status" FROM "Game" WHERE "id" = $1 FOR UPDATE`, gameId);
    const row = rows[0];
    return row ? work(tx, row.status) : missing;
  });
}

function bump(tx: Tx, gameId: string) {
  return tx.game.update({ where: { id: gameId }, data: { version: { increment: 1 }, lastActivityAt: new Date() } });
}

/** Seats a user at the end of a lobby's join order, unless the lobby is closed, full (`maxSeats` players) or they sit there already. */
export function joinLobby(prisma: PrismaClient, gameId: string, user: { readonly userId: string; readonly userName: string; readonly prefs?: Prisma.InputJsonValue }, maxSeats: number): Promise<JoinOutcome> {
  return withGameLocked<JoinOutcome>(prisma, gameId, async (tx, status) => {
    if (status !== 'lobby') return { ok: false, reason: 'closed', status };
    const seats = await tx.seat.findMany({ where: { gameId }, select: { userId: true, role: true, index: true } });
    if (seats.some((s) => s.userId === user.userId)) return { ok: false, reason: 'alreadySeated' };
    const players = seats.filter((s) => s.role === 'player');
    if (players.length >= maxSeats) return { ok: false, reason: 'full' };
    const index = Math.max(-1, ...players.map((s) => s.index)) + 1;
    await tx.seat.create({ data: { gameId, index, userId: user.userId, userName: user.userName, ...(user.prefs ? { prefs: user.prefs } : {}) } });
    await bump(tx, gameId);
    return { ok: true };
  }, { ok: false, reason: 'notFound' });
}

/** Frees a user's lobby seat; indexes keep their gaps until `startGame` renumbers them in join order. */
export function leaveLobby(prisma: PrismaClient, gameId: string, userId: string): Promise<LeaveOutcome> {
  return withGameLocked<LeaveOutcome>(prisma, gameId, async (tx, status) => {
    if (status !== 'lobby') return { ok: false, reason: 'closed', status };
    const removed = await tx.seat.deleteMany({ where: { gameId, userId } });
    if (removed.count === 0) return { ok: false, reason: 'notSeated' };
    await bump(tx, gameId);
    return { ok: true };
  }, { ok: false, reason: 'notFound' });
}

/** Seats a spectator; watching again is a no-op (`already`), and a player of the game is refused (`seated`). */
export function addSpectator(prisma: PrismaClient, gameId: string, user: { readonly userId: string; readonly userName: string }): Promise<WatchOutcome> {
  return withGameLocked<WatchOutcome>(prisma, gameId, async (tx) => {
    const seats = await tx.seat.findMany({ where: { gameId }, select: { userId: true, role: true, index: true } });
    const own = seats.find((s) => s.userId === user.userId);
    if (own) return own.role === 'spectator' ? { ok: true, already: true } : { ok: false, reason: 'seated' };
    const index = Math.max(SPECTATOR_BASE - 1, ...seats.map((s) => s.index)) + 1;
    await tx.seat.create({ data: { gameId, index, userId: user.userId, userName: user.userName, role: 'spectator' } });
    return { ok: true, already: false };
  }, { ok: false, reason: 'notFound' });
}

/**
 * Records the language a seated player's client uses, the first time it is known: one JSON key merged into
 * the seat's prefs in one statement (nothing else of the prefs is read or rewritten). False when the seat
 * already had a language, so a choice made with `/prefs language` is never overwritten.
 */
export async function rememberSeatLanguage(prisma: PrismaClient, gameId: string, userId: string, language: string): Promise<boolean> {
  const changed = await prisma.$executeRawUnsafe(
    `UPDATE "Seat" SET "prefs" = "prefs" || jsonb_build_object('language', $3::text) WHERE "gameId" = $1 AND "userId" = $2 AND ("prefs"->>'language') IS NULL`,
    gameId,
    userId,
    language,
  );
  return changed > 0;
}
