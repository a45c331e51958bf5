import { type AttributeColour } from '../content.ts';
import { clearSight, distancesFrom } from '../geometry.ts';
import { type ComanautsState } from '../state.ts';
import { equippedItems, itemCard, space, spotPoint, statusCard } from './basics.ts';
import { doorBetween, mapOf } from './doors.ts';
import { type Draft } from './draft.ts';

/** Rules §Move: which line a die may cross, and the dotted-becomes-green rule when leaving enemies. */
export function moveRejection(s: Draft | ComanautsState, seat: number, colour: AttributeColour, to: string): string | null {
  const p = s.players[seat];
  const from = p?.avatar.place;
  if (!p || !from) return 'move.inMorass';
  if (p.avatar.statuses.some((x) => statusCard(s, x)?.effect === 'noMove')) return 'move.trapped';
  if (!space(s.page, to)) return 'move.unknownSpace';
  if (to === from.space) return null;
  const line = s.page.lines.find((l) => (l.between[0] === from.space && l.between[1] === to) || (l.between[1] === from.space && l.between[0] === to));
  if (!line) return 'move.notAdjacent';
  const door = doorBetween(s, from.space, to);
  if (door) return door.locked ? 'move.lockedDoor' : 'move.door';
  if (line.kind === 'white') return 'move.solidWhiteLine';
  const enemyHere = s.enemies.some((e) => e.place.space === from.space);
  const kind = line.kind === 'dotted' && enemyHere ? 'green' : line.kind;
  if (kind === 'dotted' || colour === 'purple' || colour === kind) return null;
  return line.kind === 'dotted' ? 'move.leavingEnemy' : 'move.wrongColour';
}

/** Rules §Ranged Attack: adjacent spaces or the weapon's range, in clear sight. */
export function rangedRejection(s: Draft | ComanautsState, seat: number, uid: string): string | null {
  const p = s.players[seat];
  const e = s.enemies.find((x) => x.uid === uid);
  if (!p?.avatar.place || !e) return 'attack.noSuchEnemy';
  const range = Math.max(1, ...equippedItems(s, p).map((i) => itemCard(s, i)?.range ?? 0));
  const dd = distancesFrom(mapOf(s), p.avatar.place.space).get(e.place.space);
  if (dd === undefined || dd > range) return 'ranged.outOfRange';
  if (!clearSight(mapOf(s), spotPoint(s, p.avatar.place), spotPoint(s, e.place))) return 'ranged.noClearSight';
  return null;
}

/** Every die the state holds, wherever it rests: the conservation property counts these. */
export function allDice(s: Draft | ComanautsState): string[] {
  return [
    ...s.dice.bag,
    ...s.dice.discard,
    ...s.dice.hand,
    ...s.dice.threat.map((t) => t.die),
    ...s.dice.group.map((t) => t.die),
    ...(s.dice.child ? [s.dice.child.die] : []),
    ...s.dice.onCards,
    ...s.players.map((p) => p.stored).filter((x): x is string => x !== null),
  ];
}
