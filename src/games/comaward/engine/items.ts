import { reject, ok, type Result, type Rejection } from '../../../core/result.ts';
import { addDeed, itemId, player, pub, type CwState, type Env } from '../state.ts';
import { carriedCount, carryLimit, countsToward, itemCard, overLimit } from './stats.ts';
import { pushFrame } from './vitals.ts';

const itemKey = (uid: string): string => `item.${itemId(uid)}.name`;

/** Finds a carried card by uid or by item id (the first copy). */
export function findCarried(s: CwState, seat: number, item: string): string | undefined {
  const p = player(s, seat);
  return p.items.find((u) => u === item) ?? p.items.find((u) => itemId(u) === item);
}

/** Where a used or discarded card goes: deck cards to the discard pile, phenomenon cards out of the game. */
function toDiscard(s: CwState, uid: string): void {
  if (!uid.includes('~p')) s.discards.items.push(uid);
}

/** `use`: food, medicine and any usable item, on yourself; discarded unless it is kept (§Food and Medicine). */
export function useItem(s: CwState, env: Env, seat: number, item: string): Result<null, Rejection> {
  const uid = findCarried(s, seat, item);
  if (!uid) return reject('comaward.item.notCarried', { item });
  const card = itemCard(env.pack, uid);
  if (!card.use || card.use.length === 0) return reject('comaward.item.notUsable', { itemKey: itemKey(uid) });
  const p = player(s, seat);
  if (!card.keep) {
    p.items = p.items.filter((u) => u !== uid);
    toDiscard(s, uid);
  }
  addDeed(p, 'usedItem');
  pub(env, 'comaward.item.used', { seat, itemKey: itemKey(uid) });
  pushFrame(s, seat, card.use);
  return ok(null);
}

/** `drop`: a free action; the card lies in this room or hallway (§Dropping and Picking Up Items). */
export function dropItem(s: CwState, env: Env, seat: number, item: string): Result<null, Rejection> {
  const uid = findCarried(s, seat, item);
  const p = player(s, seat);
  if (!uid || p.at === null) return reject('comaward.item.notCarried', { item });
  p.items = p.items.filter((u) => u !== uid);
  s.floor[p.at] = [...(s.floor[p.at] ?? []), uid];
  pub(env, 'comaward.item.dropped', { seat, itemKey: itemKey(uid) });
  return ok(null);
}

/** `pickup`: the main action that takes every dropped item here; over the limit you must drop or use. */
export function pickUp(s: CwState, env: Env, seat: number): Result<null, Rejection> {
  const p = player(s, seat);
  const here = p.at === null ? [] : (s.floor[p.at] ?? []);
  if (here.length === 0) return reject('comaward.item.nothingHere');
  p.items.push(...here);
  delete s.floor[p.at as string];
  s.turn.mainDone = true;
  pub(env, 'comaward.item.pickedUp', { seat, count: here.length });
  return ok(null);
}

/** `discard` effect: lose one carried item of a type, at random or chosen by the player. */
export function discardEffect(s: CwState, env: Env, seat: number, which: 'random' | 'choose', type: string | null): void {
  const p = player(s, seat);
  const candidates = p.items.filter((u) => type === null || itemCard(env.pack, u).type === type);
  if (candidates.length === 0) return;
  if (which === 'choose' && candidates.length > 1) {
    s.pending = { kind: 'discard', seat, type };
    return;
  }
  const uid = which === 'random' ? env.rng.pick(candidates) : (candidates[0] as string);
  p.items = p.items.filter((u) => u !== uid);
  toDiscard(s, uid);
  pub(env, 'comaward.item.discarded', { seat, itemKey: itemKey(uid) });
}

export function answerDiscard(s: CwState, env: Env, item: string): Result<null, Rejection> {
  const pend = s.pending;
  if (pend?.kind !== 'discard') return reject('comaward.prompt.none');
  const uid = findCarried(s, pend.seat, item);
  if (!uid || (pend.type !== null && itemCard(env.pack, uid).type !== pend.type)) return reject('comaward.item.notCarried', { item });
  s.pending = null;
  const p = player(s, pend.seat);
  p.items = p.items.filter((u) => u !== uid);
  toDiscard(s, uid);
  pub(env, 'comaward.item.discarded', { seat: pend.seat, itemKey: itemKey(uid) });
  return ok(null);
}

function fitsAfter(env: Env, s: CwState, seat: number, gets: readonly string[], gives: readonly string[]): boolean {
  const p = player(s, seat);
  const after = { ...p, items: [...p.items.filter((u) => !gives.includes(u)), ...gets] };
  const before = carriedCount(env.pack, p);
  const gained = gets.filter((u) => countsToward(itemCard(env.pack, u))).length;
  return gained === 0 || carriedCount(env.pack, after) <= carryLimit(env.pack, after) || carriedCount(env.pack, after) <= before;
}

/**
 * `trade`: an offer to a willing player in the same room (§Trading Items); neither may go over the
 * carry limit with what they receive; not with a player attacked this turn.
 */
export function offerTrade(s: CwState, env: Env, to: number, give: readonly string[], take: readonly string[]): Result<null, Rejection> {
  const me = player(s, s.active);
  const other = s.players[to];
  if (!other || to === s.active || !other.alive) return reject('comaward.trade.noSuchPlayer');
  if (other.at !== me.at) return reject('comaward.trade.notSameRoom', { targetSeat: to });
  if (s.turn.attacked.includes(to)) return reject('comaward.trade.attackedThisTurn', { targetSeat: to });
  if (give.length + take.length === 0) return reject('comaward.trade.empty');
  const gives = give.map((g) => findCarried(s, s.active, g));
  const takes = take.map((t) => findCarried(s, to, t));
  if (gives.some((g) => g === undefined)) return reject('comaward.item.notCarried', { item: give.join(', ') });
  if (takes.some((t) => t === undefined)) return reject('comaward.trade.theyLack', { targetSeat: to });
  const g = gives as string[];
  const t = takes as string[];
  if (new Set(g).size !== g.length || new Set(t).size !== t.length) return reject('comaward.trade.twice');
  if (!fitsAfter(env, s, s.active, t, g) || !fitsAfter(env, s, to, g, t)) return reject('comaward.trade.overLimit');
  s.pending = { kind: 'trade', seat: to, from: s.active, give: g, take: t };
  pub(env, 'comaward.trade.offered', { seat: s.active, targetSeat: to, give: g.length, take: t.length });
  for (const u of g) pub(env, 'comaward.trade.gives', { itemKey: itemKey(u) });
  for (const u of t) pub(env, 'comaward.trade.asks', { itemKey: itemKey(u) });
  return ok(null);
}

export function answerTrade(s: CwState, env: Env, accept: boolean): Result<null, Rejection> {
  const pend = s.pending;
  if (pend?.kind !== 'trade') return reject('comaward.prompt.none');
  s.pending = null;
  if (!accept) {
    pub(env, 'comaward.trade.declined', { seat: pend.seat, targetSeat: pend.from });
    return ok(null);
  }
  const a = player(s, pend.from);
  const b = player(s, pend.seat);
  const stillThere = pend.give.every((u) => a.items.includes(u)) && pend.take.every((u) => b.items.includes(u)) && a.at === b.at;
  if (!stillThere || !fitsAfter(env, s, pend.from, pend.take, pend.give) || !fitsAfter(env, s, pend.seat, pend.give, pend.take)) {
    pub(env, 'comaward.trade.void', { seat: pend.seat, targetSeat: pend.from });
    return ok(null);
  }
  a.items = [...a.items.filter((u) => !pend.give.includes(u)), ...pend.take];
  b.items = [...b.items.filter((u) => !pend.take.includes(u)), ...pend.give];
  if (!s.turn.traded.includes(pend.seat)) s.turn.traded.push(pend.seat);
  addDeed(a, 'traded');
  addDeed(b, 'traded');
  pub(env, 'comaward.trade.done', { seat: pend.seat, targetSeat: pend.from });
  return ok(null);
}

/** Whether a trade would leave both players within their carry limits (legal commands list only these). */
export function tradeFits(s: CwState, env: Env, from: number, to: number, give: readonly string[], take: readonly string[]): boolean {
  return fitsAfter(env, s, from, take, give) && fitsAfter(env, s, to, give, take);
}

export { overLimit };
