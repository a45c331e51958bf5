import { reject, ok, type Result, type Rejection } from '../../../core/result.ts';
import type { ComaWardPack, RoomCard } from '../content.ts';
import { addDeed, player, pub, type CwState, type Env } from '../state.ts';
import { hasPlaceName, placeKey } from '../place-names.ts';
import { boardOf, distances, isEmptySlot, isRoom, space } from './board.ts';
import { resolveRef } from './conditions.ts';
import { moveAllowance } from './stats.ts';
import { pushFrame } from './vitals.ts';

/** The room card lying in a slot, if any. */
export function roomCardAt(s: CwState, pack: ComaWardPack, at: string): RoomCard | undefined {
  const slot = s.slots[at];
  if (!slot) return undefined;
  return (slot.kind === 'room' ? pack.rooms : pack.hallucinationRooms).find((r) => r.id === slot.card);
}

/** Moves left this turn (§Movement: up to Dexterity, plus extra moves from effects). */
export function movesLeft(s: CwState, pack: ComaWardPack): number {
  const p = player(s, s.active);
  return Math.max(0, moveAllowance(pack, s.options, p) + s.turn.extraMoves - s.turn.moved);
}

/** A main action ends the free moves of the turn (§What You Can Do: free actions come before it); extra moves granted later still count. */
export function endMoves(s: CwState, pack: ComaWardPack): void {
  s.turn.moved = Math.max(s.turn.moved, moveAllowance(pack, s.options, player(s, s.active)) + s.turn.extraMoves);
}

/** Whether a move may still end on an empty slot: one reveal a turn, and it is the main action. */
export const canReveal = (s: CwState, pack: ComaWardPack): boolean => !s.turn.revealed && !s.turn.mainDone && s.decks.rooms.length > 0 && pack.rooms.length > 0;

/** Spaces the active player can reach now, with their cost (autocomplete lists these). */
export function reachable(s: CwState, pack: ComaWardPack): Map<string, number> {
  const p = player(s, s.active);
  if (!p.alive || p.at === null || s.turn.mustReveal) return new Map();
  return distances(s, boardOf(pack), p.at, movesLeft(s, pack), canReveal(s, pack));
}

/**
 * Puts a player on a space. Entering and leaving fire the phenomenon's room triggers for that player
 * (starting a turn in a room is not entering it: only an actual change of space counts, Glossary "Enter").
 */
export function placePlayer(s: CwState, env: Env, seat: number, to: string): void {
  const p = player(s, seat);
  const from = p.at;
  if (from === to || !p.alive) return;
  p.at = to;
  const ph = s.phenomenon;
  if (!ph || !ph.introRead) return;
  const events = env.pack.phenomena[ph.id]?.events ?? [];
  events.forEach((ev, index) => {
    const w = ev.when;
    const ref = 'entersRoom' in w ? w.entersRoom : 'leavesRoom' in w ? w.leavesRoom : undefined;
    if (ref === undefined) return;
    const target = resolveRef(s, env.pack, seat, ref);
    const fires = 'entersRoom' in w ? target === to : target === from;
    if (!fires) return;
    if (ev.once && ph.fired.some((f) => f.index === index)) return;
    ph.fired.push({ index, round: ph.round });
    pushFrame(s, seat, ev.effects);
  });
}

/** After a move ends on a revealed room: its "if you end your move here" and "the first time" effects. */
export function endMoveEffects(s: CwState, pack: ComaWardPack, seat: number): void {
  const at = player(s, seat).at;
  if (at === null) return;
  const card = roomCardAt(s, pack, at);
  if (!card) return;
  s.stack.push({ subject: seat, effects: [{ op: '_firstTime', space: at }] });
  pushFrame(s, seat, card.onEndMove);
}

/** `move`: §Movement, any legal path within the moves left; an empty slot stops the move and owes a reveal. */
export function move(s: CwState, env: Env, to: string): Result<null, Rejection> {
  const board = boardOf(env.pack);
  if (!board.spaces.has(to)) return reject('comaward.move.noSuchSpace', { space: to });
  const p = player(s, s.active);
  if (s.turn.mustReveal) return reject('comaward.move.mustReveal');
  const reach = reachable(s, env.pack);
  const cost = reach.get(to);
  if (cost === undefined) {
    if (isEmptySlot(s, board, to) && !canReveal(s, env.pack)) return reject('comaward.move.oneReveal');
    return reject('comaward.move.unreachable', { spaceKey: spaceKey(env.pack, to, s), left: movesLeft(s, env.pack) });
  }
  const from = p.at as string;
  s.turn.moved += cost;
  addDeed(p, 'moved');
  placePlayer(s, env, s.active, to);
  pub(env, 'comaward.move.moved', { seat: s.active, spaceKey: spaceKey(env.pack, to, s), fromKey: spaceKey(env.pack, from, s), cost });
  if (isEmptySlot(s, board, to)) {
    s.turn.mustReveal = true;
    pub(env, 'comaward.move.mustReveal', { seat: s.active });
  } else endMoveEffects(s, env.pack, s.active);
  return ok(null);
}

/** `elevator`: one move, a die on that elevator's table decides which floors it reaches (§Movement). */
export function callElevator(s: CwState, env: Env): Result<null, Rejection> {
  const board = boardOf(env.pack);
  const p = player(s, s.active);
  const e = p.at === null ? undefined : board.elevators.get(p.at);
  if (!e) return reject('comaward.elevator.notHere');
  if (s.turn.mustReveal) return reject('comaward.move.mustReveal');
  if (movesLeft(s, env.pack) < 1) return reject('comaward.move.noMoves');
  s.turn.moved += 1;
  addDeed(p, 'moved');
  const face = env.rng.die(6);
  const here = space(board, p.at as string).floor;
  const floors = (e.table[String(face)] ?? []).filter((f) => f !== here && e.byFloor[f] !== undefined);
  pub(env, 'comaward.elevator.rolled', { seat: s.active, elevatorKey: `board.elevator.${e.id}.name`, face, floors: floors.length });
  if (floors.length > 0) s.pending = { kind: 'elevator', seat: s.active, elevator: e.id, floors };
  return ok(null);
}

export function rideElevator(s: CwState, env: Env, floor: string | null): Result<null, Rejection> {
  const pend = s.pending;
  if (pend?.kind !== 'elevator') return reject('comaward.prompt.none');
  if (floor !== null && !pend.floors.includes(floor)) return reject('comaward.elevator.floorNotOffered', { floor });
  s.pending = null;
  if (floor === null) {
    pub(env, 'comaward.elevator.stayed', { seat: pend.seat });
    return ok(null);
  }
  const board = boardOf(env.pack);
  const e = env.pack.board.elevators.find((x) => x.id === pend.elevator);
  const xy = e?.spaces[floor as keyof typeof e.spaces];
  const to = xy ? board.byCell.get(`${floor}:${xy[0]}:${xy[1]}`) : undefined;
  if (!to) return reject('comaward.elevator.floorNotOffered', { floor });
  placePlayer(s, env, pend.seat, to);
  pub(env, 'comaward.elevator.rode', { seat: pend.seat, floorKey: `board.floor.${floor}.name` });
  return ok(null);
}

/**
 * The pack text key naming a space: a room's name; else the place the pack composes for it (a hallway by
 * its nearest landmark, stairs, elevators, an unexplored slot), so no two spaces read alike; else the floor.
 */
export function spaceKey(pack: ComaWardPack, id: string, s: CwState): string {
  const board = boardOf(pack);
  const sp = board.spaces.get(id);
  if (!sp) return id;
  if (sp.kind === 'room') return `board.floor.${sp.floor}.room.${id}.name`;
  const slot = s.slots[id];
  if (slot) return slot.kind === 'room' ? `room.${slot.card}.name` : `hallucinationRoom.${slot.card}.name`;
  return hasPlaceName(pack, id) ? placeKey(id) : `board.floor.${sp.floor}.name`;
}

export { isRoom };
