import { reject, ok, type Result, type Rejection } from '../../../core/result.ts';
import { addDeed, itemId, player, pub, type CwState, type Env } from '../state.ts';
import { boardOf, steps } from './board.ts';
import { rollCheck } from './checks.ts';
import { findCarried } from './items.ts';
import { endMoves, placePlayer, spaceKey } from './movement.ts';
import { armorOf, attackDice, bestWeapons, damageRating, dodgeDice, itemCard } from './stats.ts';
import { changeHealth, pushFrame } from './vitals.ts';

export type AttackMode = 'attack' | 'steal' | 'medicine';

function roll(env: Env, seat: number, role: 'attacker' | 'defender', kind: string, dice: number): number {
  const r = rollCheck(env.rng, dice);
  pub(env, 'comaward.combat.roll', { seat, role, kind, dice, rolls: r.waves.map((w) => w.dice.join(' ')).join(' | ') || '—', successes: r.successes, waves: r.waves.length });
  return r.successes;
}

/**
 * `attack` / `steal` (§Attacking or Stealing Items), or medicine forced on an unwilling player (§Medicine
 * as an Attack): same room, one main action, never against a player traded with this turn.
 */
export function declareAttack(s: CwState, env: Env, target: string, mode: AttackMode, medicine: string | null): Result<null, Rejection> {
  const me = player(s, s.active);
  const enemy = s.phenomenon?.actors.find((a) => a.uid === target && a.kind === 'enemy');
  if (enemy) {
    if (mode !== 'attack') return reject('comaward.attack.onlyAttackEnemies');
    if (enemy.at !== me.at) return reject('comaward.attack.notSameRoom');
    s.turn.mainDone = true;
    endMoves(s, env.pack);
    addDeed(me, 'attacked');
    const card = env.pack.phenomena[s.phenomenon?.id ?? '']?.enemies.find((e) => e.id === enemy.card);
    const weapons = bestWeapons(env.pack, me);
    pub(env, 'comaward.combat.declaredEnemy', { seat: s.active, enemyKey: `phenomenon.${s.phenomenon?.id}.enemy.${enemy.card}.name` });
    const a = roll(env, s.active, 'attacker', 'attack', attackDice(env.pack, me, weapons));
    const d = roll(env, s.active, 'defender', 'dodge', card?.dodge ?? 0);
    if (a > d) hurtActor(s, env, enemy.uid, s.options.damage === 'differential' ? a - d : damageRating(env.pack, weapons));
    else pub(env, 'comaward.combat.enemyEvaded', { enemyKey: `phenomenon.${s.phenomenon?.id}.enemy.${enemy.card}.name` });
    return ok(null);
  }
  const seat = Number(target);
  const other = Number.isInteger(seat) ? s.players[seat] : undefined;
  if (!other || seat === s.active || !other.alive) return reject('comaward.attack.noSuchTarget', { target });
  if (other.at !== me.at) return reject('comaward.attack.notSameRoom', { targetSeat: seat });
  if (s.turn.traded.includes(seat)) return reject('comaward.attack.tradedThisTurn', { targetSeat: seat });
  let med: string | null = null;
  if (mode === 'medicine') {
    const uid = medicine === null ? undefined : findCarried(s, s.active, medicine);
    if (!uid) return reject('comaward.item.notCarried', { item: medicine ?? '' });
    const card = itemCard(env.pack, uid);
    if (card.type !== 'medicine' || !card.unwilling) return reject('comaward.attack.notForcible', { itemKey: `item.${card.id}.name` });
    med = uid;
  }
  if (mode === 'steal' && other.items.length === 0) return reject('comaward.attack.nothingToSteal', { targetSeat: seat });
  s.turn.mainDone = true;
  endMoves(s, env.pack);
  if (!s.turn.attacked.includes(seat)) s.turn.attacked.push(seat);
  addDeed(me, 'attacked');
  addDeed(other, 'wasAttacked');
  s.pending = { kind: 'defend', seat, attacker: s.active, mode, medicine: med };
  pub(env, 'comaward.combat.declared', { seat: s.active, targetSeat: seat, mode, ...(med ? { itemKey: `item.${itemId(med)}.name` } : {}) });
  return ok(null);
}

/** The defender's choice: Dodge (2 + Dexterity) or Counter-Attack; ties go to the defender (§Checks in Combat). */
export function defend(s: CwState, env: Env, how: 'dodge' | 'counter'): Result<null, Rejection> {
  const pend = s.pending;
  if (pend?.kind !== 'defend') return reject('comaward.prompt.none');
  s.pending = null;
  const att = player(s, pend.attacker);
  const def = player(s, pend.seat);
  const aw = bestWeapons(env.pack, att);
  const dw = bestWeapons(env.pack, def);
  pub(env, 'comaward.combat.defends', { seat: pend.seat, how });
  const a = roll(env, pend.attacker, 'attacker', 'attack', attackDice(env.pack, att, aw));
  const d = how === 'dodge' ? roll(env, pend.seat, 'defender', 'dodge', dodgeDice(env.pack, def)) : roll(env, pend.seat, 'defender', 'counter', attackDice(env.pack, def, dw));
  if (a > d) {
    pub(env, 'comaward.combat.attackerWins', { seat: pend.attacker, targetSeat: pend.seat, a, d });
    if (pend.mode === 'attack') {
      const raw = s.options.damage === 'differential' ? a - d : damageRating(env.pack, aw);
      wound(s, env, pend.seat, raw);
    } else if (pend.mode === 'steal') {
      if (def.items.length === 1) takeItem(s, env, pend.attacker, pend.seat, def.items[0] as string);
      else if (def.items.length > 1) s.pending = { kind: 'stealPick', seat: pend.attacker, from: pend.seat };
    } else if (pend.medicine) {
      const uid = pend.medicine;
      if (att.items.includes(uid)) {
        att.items = att.items.filter((u) => u !== uid);
        s.discards.items.push(uid);
        pub(env, 'comaward.item.forced', { seat: pend.attacker, targetSeat: pend.seat, itemKey: `item.${itemId(uid)}.name` });
        pushFrame(s, pend.seat, itemCard(env.pack, uid).use ?? []);
      }
    }
    return ok(null);
  }
  if (a === d) {
    pub(env, 'comaward.combat.tie', { seat: pend.seat, a, d });
    return ok(null);
  }
  pub(env, 'comaward.combat.defenderWins', { seat: pend.seat, targetSeat: pend.attacker, a, d });
  if (how === 'counter') wound(s, env, pend.attacker, s.options.damage === 'differential' ? d - a : damageRating(env.pack, dw));
  else {
    const options = dodgeSpaces(s, env, pend.seat);
    if (options.length === 1) dodgeTo(s, env, pend.seat, options[0] as string);
    else if (options.length > 1) s.pending = { kind: 'dodgeMove', seat: pend.seat, attacker: pend.attacker };
  }
  return ok(null);
}

/** Damage after the defender's clothing (§Clothing: damage reduction). */
function wound(s: CwState, env: Env, seat: number, raw: number): void {
  const armor = armorOf(env.pack, player(s, seat));
  const dmg = Math.max(0, raw - armor);
  pub(env, 'comaward.combat.damage', { seat, raw, armor, damage: dmg });
  if (dmg > 0) changeHealth(s, env, seat, -dmg);
}

/** Spaces one step away where a dodging defender may go (they choose, §Dodge Check). */
export function dodgeSpaces(s: CwState, env: Env, seat: number): string[] {
  const at = player(s, seat).at;
  if (at === null) return [];
  const board = boardOf(env.pack);
  return steps(s, board, at)
    .map((x) => x.to)
    .filter((to) => !(board.spaces.get(to)?.kind === 'slot' && s.slots[to] === undefined));
}

function dodgeTo(s: CwState, env: Env, seat: number, to: string): void {
  placePlayer(s, env, seat, to);
  pub(env, 'comaward.combat.dodgedTo', { seat, spaceKey: spaceKey(env.pack, to, s) });
}

export function answerDodge(s: CwState, env: Env, to: string): Result<null, Rejection> {
  const pend = s.pending;
  if (pend?.kind !== 'dodgeMove') return reject('comaward.prompt.none');
  if (!dodgeSpaces(s, env, pend.seat).includes(to)) return reject('comaward.combat.notOneAway', { space: to });
  s.pending = null;
  dodgeTo(s, env, pend.seat, to);
  return ok(null);
}

function takeItem(s: CwState, env: Env, thief: number, from: number, uid: string): void {
  const a = player(s, thief);
  const b = player(s, from);
  b.items = b.items.filter((u) => u !== uid);
  a.items.push(uid);
  pub(env, 'comaward.combat.stole', { seat: thief, targetSeat: from, itemKey: `item.${itemId(uid)}.name` });
}

export function answerSteal(s: CwState, env: Env, item: string): Result<null, Rejection> {
  const pend = s.pending;
  if (pend?.kind !== 'stealPick') return reject('comaward.prompt.none');
  const uid = findCarried(s, pend.from, item);
  if (!uid) return reject('comaward.item.notCarried', { item });
  s.pending = null;
  takeItem(s, env, pend.seat, pend.from, uid);
  return ok(null);
}

/** Damage to an enemy or ally; at 0 it is defeated and leaves the board. */
export function hurtActor(s: CwState, env: Env, uid: string, amount: number): void {
  const ph = s.phenomenon;
  const actor = ph?.actors.find((a) => a.uid === uid);
  if (!ph || !actor) return;
  actor.health = Math.max(0, actor.health - amount);
  const key = `phenomenon.${ph.id}.${actor.kind}.${actor.card}.name`;
  pub(env, 'comaward.actor.hurt', { actorKey: key, amount, health: actor.health });
  if (actor.health === 0) {
    ph.actors = ph.actors.filter((a) => a.uid !== uid);
    if (actor.kind === 'enemy' && !ph.defeated.includes(actor.card)) ph.defeated.push(actor.card);
    pub(env, 'comaward.actor.defeated', { actorKey: key });
  }
}
