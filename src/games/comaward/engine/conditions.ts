import type { ComaWardPack, Condition } from '../content.ts';
import { itemId, living, player, type CwState } from '../state.ts';
import { boardOf, inSightOf } from './board.ts';
import { carriedCount, itemCard } from './stats.ts';

/** A space ref (docs/comaward-pack.md "space ref") for a player; null when it names nothing yet. */
export function resolveRef(s: CwState, pack: ComaWardPack, seat: number, ref: string): string | null {
  const p = s.players[seat];
  switch (ref) {
    case 'here':
      return p?.at ?? p?.diedAt ?? null;
    case 'start':
      return pack.board.start.room;
    case 'clue1':
    case 'clue2':
    case 'clue3':
      return s.clues[Number(ref.slice(4)) - 1]?.at ?? null;
    default:
      return boardOf(pack).spaces.has(ref) ? ref : null;
  }
}

/** Other living players In Sight of a seat (Glossary "In Sight"). */
export function inSightPlayers(s: CwState, pack: ComaWardPack, seat: number): number[] {
  const me = player(s, seat);
  if (me.at === null) return [];
  const board = boardOf(pack);
  return living(s)
    .filter((o) => o.seat !== seat && o.at !== null && inSightOf(board, me.at as string, o.at))
    .map((o) => o.seat);
}

export const roomMates = (s: CwState, seat: number): number[] => {
  const at = s.players[seat]?.at;
  return at === null || at === undefined ? [] : living(s).filter((o) => o.seat !== seat && o.at === at).map((o) => o.seat);
};

/** True when the condition holds for the player (docs/comaward-pack.md "Conditions"). */
export function holds(s: CwState, pack: ComaWardPack, seat: number, c: Condition): boolean {
  const p = s.players[seat];
  if (!p) return false;
  if ('flag' in c) return s.flags.includes(c.flag);
  if ('not' in c) return !holds(s, pack, seat, c.not);
  if ('all' in c) return c.all.every((x) => holds(s, pack, seat, x));
  if ('any' in c) return c.any.some((x) => holds(s, pack, seat, x));
  if ('alive' in c) return p.alive === c.alive;
  if ('alone' in c) return p.alive && (roomMates(s, seat).length === 0) === c.alone;
  if ('inSight' in c) return p.alive && (inSightPlayers(s, pack, seat).length > 0) === c.inSight;
  if ('carriedAtLeast' in c) return carriedCount(pack, p) >= c.carriedAtLeast;
  if ('carriedAtMost' in c) return carriedCount(pack, p) <= c.carriedAtMost;
  if ('carries' in c) return p.items.some((u) => itemCard(pack, u).type === c.carries);
  if ('carriesItem' in c) return p.items.some((u) => itemId(u) === c.carriesItem);
  if ('didThisTurn' in c) return p.deeds.includes(c.didThisTurn);
  if ('onFloor' in c) return p.at !== null && boardOf(pack).spaces.get(p.at)?.floor === c.onFloor;
  if ('at' in c) return p.at !== null && p.at === resolveRef(s, pack, seat, c.at);
  if ('withPlayers' in c) return roomMates(s, seat).length >= c.withPlayers;
  if ('healthAtMost' in c) return p.health <= c.healthAtMost;
  if ('terrorAtLeast' in c) return p.terror >= c.terrorAtLeast;
  if ('round' in c) return (s.phenomenon?.round ?? 0) >= c.round;
  if ('livingAtMost' in c) return living(s).length <= c.livingAtMost;
  if ('enemyDefeated' in c) return s.phenomenon?.defeated.includes(c.enemyDefeated) ?? false;
  if ('enemiesLeft' in c) return (s.phenomenon?.actors.filter((a) => a.kind === 'enemy').length ?? 0) <= c.enemiesLeft;
  if ('allLivingAt' in c) {
    const where = resolveRef(s, pack, seat, c.allLivingAt);
    return where !== null && living(s).length > 0 && living(s).every((o) => o.at === where);
  }
  if ('someoneAt' in c) {
    const where = resolveRef(s, pack, seat, c.someoneAt);
    return where !== null && living(s).some((o) => o.at === where);
  }
  if ('someoneCarries' in c) return living(s).some((o) => o.items.some((u) => itemId(u) === c.someoneCarries));
  if ('roleAlive' in c) return living(s).some((o) => o.role === c.roleAlive);
  return false;
}
