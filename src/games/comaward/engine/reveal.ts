import { reject, ok, type Result, type Rejection } from '../../../core/result.ts';
import type { CheckStat } from '../content.ts';
import { addDeed, itemId, player, pub, type CwState, type Env } from '../state.ts';
import { boardOf, isEmptySlot, isRoom } from './board.ts';
import { rollCheck } from './checks.ts';
import { endMoves, roomCardAt, spaceKey } from './movement.ts';
import { startPhenomenon } from './phenomenon.ts';
import { checkDice, itemCard } from './stats.ts';
import { pushFrame } from './vitals.ts';

/** The Focus check after a reveal or a rummage (§Revealing New Rooms): 3+ successes draw an item. */
export const FOCUS_NEED = 3;

/**
 * §Making a Check for a player: every wave is told to the table so it can follow the suspense.
 * Returns whether it passed.
 */
export function makeCheck(s: CwState, env: Env, seat: number, stat: CheckStat, need: number): boolean {
  const p = player(s, seat);
  const { base, bonus } = checkDice(env.pack, p, stat);
  const roll = rollCheck(env.rng, base + bonus);
  pub(env, 'comaward.check.start', { seat, stat, dice: roll.dice, need, bonus });
  roll.waves.forEach((w, i) => {
    if (i === 0) pub(env, 'comaward.check.roll', { seat, dice: w.dice.join(' ') || '—' });
    else pub(env, 'comaward.check.suspense', { seat, fours: w.fours, failures: w.failures, fresh: w.fresh, dice: w.dice.join(' ') });
  });
  const passed = roll.successes >= need;
  pub(env, passed ? 'comaward.check.passed' : 'comaward.check.failed', { seat, successes: roll.successes, need });
  return passed;
}

/** `reveal`: the owed reveal on an empty slot (§Revealing New Rooms). */
export function reveal(s: CwState, env: Env): Result<null, Rejection> {
  const p = player(s, s.active);
  const board = boardOf(env.pack);
  if (p.at === null || !isEmptySlot(s, board, p.at)) return reject('comaward.reveal.notOnEmptySlot');
  const card = s.decks.rooms.shift();
  if (card === undefined) return reject('comaward.reveal.deckEmpty');
  s.slots[p.at] = { card, kind: 'room' };
  s.turn.mustReveal = false;
  s.turn.revealed = true;
  s.turn.mainDone = true;
  endMoves(s, env.pack);
  addDeed(p, 'revealed');
  env.revealed = true;
  pub(env, 'comaward.reveal.revealed', { seat: s.active, roomKey: `room.${card}.name`, textKey: `room.${card}.text` });
  const def = env.pack.rooms.find((r) => r.id === card);
  const at = p.at;
  s.stack.push({ subject: s.active, effects: [{ op: '_ifAt', space: at, effects: def?.onEndMove ?? [] }, { op: '_firstTime', space: at }] });
  s.stack.push({ subject: s.active, effects: [{ op: '_focusCheck', rummage: false }] });
  pushFrame(s, s.active, def?.onReveal ?? []);
  return ok(null);
}

/** `rummage`: in a room that may be searched, the same Focus check; a pass leaves your token (§Rummaging for Items). */
export function rummage(s: CwState, env: Env): Result<null, Rejection> {
  const p = player(s, s.active);
  const board = boardOf(env.pack);
  if (p.at === null || !isRoom(s, board, p.at)) return reject('comaward.rummage.notARoom');
  const card = roomCardAt(s, env.pack, p.at);
  const allowed = card ? card.rummage : (board.spaces.get(p.at)?.rummage ?? false);
  if (!allowed) return reject('comaward.rummage.notHere', { roomKey: spaceKey(env.pack, p.at, s) });
  if ((s.rummaged[p.at] ?? []).includes(s.active)) return reject('comaward.rummage.already', { roomKey: spaceKey(env.pack, p.at, s) });
  s.turn.mainDone = true;
  endMoves(s, env.pack);
  addDeed(p, 'rummaged');
  pub(env, 'comaward.rummage.start', { seat: s.active, roomKey: spaceKey(env.pack, p.at, s) });
  s.stack.push({ subject: s.active, effects: [{ op: '_focusCheck', rummage: true }] });
  return ok(null);
}

/** `_focusCheck`: 0–2 successes, a hallucination; 3+, an item (and a rummage token when rummaging). */
export function focusCheck(s: CwState, env: Env, seat: number, rummaging: boolean): void {
  const passed = makeCheck(s, env, seat, 'focus', FOCUS_NEED);
  const at = player(s, seat).at;
  if (passed) {
    if (rummaging && at !== null) s.rummaged[at] = [...(s.rummaged[at] ?? []), seat];
    s.stack.push({ subject: seat, effects: [{ op: 'drawItems', count: 1 }] });
  } else s.stack.push({ subject: seat, effects: [{ op: 'hallucination' }] });
}

/** Draws the top item card, reshuffling the discards when the deck runs out; undefined when none is left. */
export function drawItemCard(s: CwState, env: Env): string | undefined {
  if (s.decks.items.length === 0 && s.discards.items.length > 0) {
    s.decks.items = env.rng.shuffle(s.discards.items);
    s.discards.items = [];
    pub(env, 'comaward.items.reshuffled');
  }
  return s.decks.items.shift();
}

/**
 * `drawItems`: one card at a time, public (§Item Cards); a clue ends the drawing, is revealed with its
 * marker on the finder's room (§Clues), and the third clue starts the Phenomenon.
 */
export function drawItems(s: CwState, env: Env, seat: number, count: number): 'stop' | 'go' {
  const p = player(s, seat);
  for (let i = 0; i < count; i++) {
    const uid = drawItemCard(s, env);
    if (uid === undefined) {
      pub(env, 'comaward.items.none');
      return 'go';
    }
    env.revealed = true;
    const card = itemCard(env.pack, uid);
    if (card.type === 'clue') {
      const at = p.at ?? p.diedAt ?? env.pack.board.start.room;
      s.clues.push({ item: itemId(uid), at, by: seat });
      pub(env, 'comaward.clue.found', { seat, itemKey: `item.${card.id}.name`, textKey: `item.${card.id}.text`, marker: s.clues.length, roomKey: spaceKey(env.pack, at, s) });
      if (s.phase === 'prologue' && s.clues.length === 3) {
        startPhenomenon(s, env);
        return 'stop';
      }
      return 'go';
    }
    p.items.push(uid);
    pub(env, 'comaward.items.drawn', { seat, itemKey: `item.${card.id}.name` });
  }
  return 'go';
}
