import type { PrismaClient } from '../generated/prisma/client.ts';

/** One game a user sits in (as a player or a spectator), as `/games` lists it. */
export interface MemberGameRow {
  readonly gameId: string;
  readonly gameType: string;
  readonly status: 'lobby' | 'playing';
  readonly guildId: string;
  readonly channelId: string;
  readonly threadId: string | null;
  readonly hostUserId: string;
  readonly paused: boolean;
  readonly lastActivityAt: Date;
  readonly mySeat: number;
  readonly myRole: 'player' | 'spectator';
  readonly seats: readonly { readonly index: number; readonly userId: string; readonly userName: string; readonly role: string }[];
  /** Seats the game waits on now, with when their wait began. */
  readonly waiting: readonly { readonly seat: number; readonly since: Date }[];
  /** When the user's own deadline falls, if the scheduler holds one. */
  readonly deadline: Date | null;
}

/**
 * Every open game (lobby or playing) of one user, with who is awaited and the user's deadline: one
 * statement through the `Seat(userId)` index and relation joins, plus one keyed read of deadlines.
 */
export async function listMemberGames(prisma: PrismaClient, userId: string, limit = 100): Promise<MemberGameRow[]> {
  const rows = await prisma.seat.findMany({
    where: { userId, game: { status: { in: ['lobby', 'playing'] } } },
    take: limit,
    select: {
      index: true,
      role: true,
      game: {
        select: {
          id: true,
          gameType: true,
          status: true,
          guildId: true,
          channelId: true,
          threadId: true,
          hostUserId: true,
          pausedAt: true,
          lastActivityAt: true,
          seats: { select: { index: true, userId: true, userName: true, role: true }, orderBy: { index: 'asc' } },
          clocks: { where: { active: true }, select: { seat: true, turnStartedAt: true }, orderBy: { seat: 'asc' } },
        },
      },
    },
  });
  const keys = rows.filter((r) => r.role === 'player').map((r) => `d.${r.game.id}.${r.index}`);
  const deadlines = keys.length === 0 ? [] : await prisma.scheduledJob.findMany({ where: { queue: 'deadline', key: { in: keys } }, select: { key: true, at: true } });
  const deadlineOf = new Map(deadlines.map((d) => [d.key, d.at]));
  return rows.map((r) => ({
    gameId: r.game.id,
    gameType: r.game.gameType,
    status: r.game.status as 'lobby' | 'playing',
    guildId: r.game.guildId,
    channelId: r.game.channelId,
    threadId: r.game.threadId,
    hostUserId: r.game.hostUserId,
    paused: r.game.pausedAt !== null,
    lastActivityAt: r.game.lastActivityAt,
    mySeat: r.index,
    myRole: r.role === 'spectator' ? 'spectator' : 'player',
    seats: r.game.seats,
    waiting: r.game.clocks.map((c) => ({ seat: c.seat, since: c.turnStartedAt })),
    deadline: deadlineOf.get(`d.${r.game.id}.${r.index}`) ?? null,
  }));
}
