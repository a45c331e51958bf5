import { ok } from '../core/index.ts';
import { listMemberGames, type MemberGameRow } from '../store/mine.ts';
import type { Database } from '../store/index.ts';
import type { AppResult } from './types.ts';

/** One of a user's games, as "where is it my move?" answers it. */
export interface MemberGame {
  readonly gameId: string;
  readonly gameType: string;
  readonly status: 'lobby' | 'playing';
  readonly place: { readonly guildId: string; readonly channelId: string; readonly threadId: string | null };
  readonly role: 'player' | 'spectator';
  /** Seat counted from 1, as players read it. */
  readonly seatNumber: number;
  readonly paused: boolean;
  /** The game waits on this user now. */
  readonly myMove: boolean;
  /** Who the game waits on, by name. */
  readonly waitingOn: readonly string[];
  /** Players seated (a lobby's count). */
  readonly players: number;
  /** Since when the game has waited on this user (their turn began). */
  readonly waitingSince: Date | null;
  readonly deadline: Date | null;
  readonly lastActivityAt: Date;
}

/** Where a game stands in `/games`: my move, then games waiting on others, lobbies, games I watch. */
function band(game: MemberGame): number {
  if (game.role === 'spectator') return 3;
  if (game.status === 'lobby') return 2;
  return game.myMove ? 0 : 1;
}

/**
 * The order `/games` lists games in: mine to move first (nearest deadline, then longest waiting), then
 * games waiting on others, lobbies and watched games, each by latest activity.
 */
export function rankMemberGames(games: readonly MemberGame[]): MemberGame[] {
  return [...games].sort((a, b) => {
    if (band(a) !== band(b)) return band(a) - band(b);
    if (a.myMove && b.myMove) {
      const ad = a.deadline?.getTime() ?? Infinity;
      const bd = b.deadline?.getTime() ?? Infinity;
      if (ad !== bd) return ad - bd;
      return (a.waitingSince?.getTime() ?? 0) - (b.waitingSince?.getTime() ?? 0);
    }
    return b.lastActivityAt.getTime() - a.lastActivityAt.getTime();
  });
}

function toMemberGame(row: MemberGameRow): MemberGame {
  const own = row.myRole === 'player' ? row.waiting.find((w) => w.seat === row.mySeat) : undefined;
  const nameOf = (seat: number) => row.seats.find((s) => s.index === seat && s.role === 'player')?.userName ?? `#${seat + 1}`;
  return {
    gameId: row.gameId,
    gameType: row.gameType,
    status: row.status,
    place: { guildId: row.guildId, channelId: row.channelId, threadId: row.threadId },
    role: row.myRole,
    seatNumber: row.mySeat + 1,
    paused: row.paused,
    myMove: row.status === 'playing' && !row.paused && own !== undefined,
    waitingOn: row.status === 'playing' ? row.waiting.map((w) => nameOf(w.seat)) : [],
    players: row.seats.filter((s) => s.role === 'player').length,
    waitingSince: own?.since ?? null,
    deadline: own ? row.deadline : null,
    lastActivityAt: row.lastActivityAt,
  };
}

/** What a user is part of, across every guild (`/games`, in a server or in a DM). */
export function createOverview({ prisma }: { readonly prisma: Database['prisma'] }) {
  return {
    async memberGames(userId: string): AppResult<{ games: MemberGame[]; total: number }> {
      const rows = await listMemberGames(prisma, userId);
      const games = rankMemberGames(rows.map(toMemberGame));
      return ok({ games, total: games.length });
    },
  };
}
