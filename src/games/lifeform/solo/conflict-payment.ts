import { fightIcons, type ConflictState, type FightIcon, type Payment } from './conflict-types.ts';

/**
 * §DEFEAT LIFEFORM ATTACK as arithmetic: whether a payment matches every fight icon of a zone, why not
 * in words-ready parameters, and the few cheapest payments that do (the legal list stays short).
 *
 * Our reading of "two-for-one ... from cards and/or tokens": spare showdown icons come from crew cards;
 * each token is spent by its own rule (a data token only ever matches a pair of its icon).
 */

type Params = Record<string, string | number | boolean>;

/** Why a payment cannot be made or does not match; nothing is applied. */
export interface PaymentProblem {
  readonly code: string;
  readonly params?: Params;
}

/** The card id of a card instance (`bolt.2` → `bolt`). */
export const cardIdOf = (instance: string): string => instance.replace(/\.\d+$/, '');

/** Every fight icon of a zone, in token order. */
export function zoneIcons(state: ConflictState, zone: number): FightIcon[] {
  return (state.zones[zone] ?? []).flatMap((t) => [...t.icons]);
}

const emptyCounts = (): Record<FightIcon, number> => ({ claw: 0, bite: 0, tail: 0, acid: 0 });

/** How many items a payment spends (cards and tokens), the cost the legal list is sorted by. */
export function paymentSize(p: Payment): number {
  return (p.cards?.length ?? 0) + (p.extinguisher ? 1 : 0) + (p.traits?.length ?? 0) + (p.torches ?? 0) + (p.harpoons ?? 0) + (p.data?.length ?? 0);
}

/** Counts of a list, keyed by value. */
function tally<T extends string>(xs: readonly T[]): Map<T, number> {
  const m = new Map<T, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

const isFight = (x: unknown): x is FightIcon => typeof x === 'string' && (fightIcons as readonly string[]).includes(x);
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/** Checks the payment's resources are in the player's hand and supply (shape included: it may come from a user). */
export function checkResources(state: ConflictState, p: Payment): PaymentProblem | null {
  const cards = p.cards ?? [];
  if (!Array.isArray(cards) || cards.some((c) => typeof c !== 'string')) return { code: 'lifeform-conflict.pay.badShape', params: { field: 'cards' } };
  const hand = tally(state.hand);
  const key = (card: string): string => (state.kept?.includes(card) ? `solo.solo.crisis.${cardIdOf(card)}.name` : `crew.${cardIdOf(card)}.name`);
  for (const [card, n] of tally(cards)) if ((hand.get(card) ?? 0) < n) return { code: 'lifeform-conflict.pay.notInHand', params: { cardKey: key(card) } };
  for (const card of cards) if ((state.cardIcons[cardIdOf(card)] ?? []).length === 0) return { code: 'lifeform-conflict.pay.noIcons', params: { cardKey: key(card) } };
  if (p.extinguisher !== undefined) {
    if (!isFight(p.extinguisher)) return { code: 'lifeform-conflict.pay.badShape', params: { field: 'extinguisher' } };
    if (state.supply.fireExtinguisher < 1) return { code: 'lifeform-conflict.pay.noToken', params: { token: 'fireExtinguisher', have: 0 } };
  }
  const traits = p.traits ?? [];
  if (!Array.isArray(traits) || traits.some((c) => typeof c !== 'string')) return { code: 'lifeform-conflict.pay.badShape', params: { field: 'traits' } };
  const mine = tally(state.traits);
  for (const [id, n] of tally(traits)) if ((mine.get(id) ?? 0) < n) return { code: 'lifeform-conflict.pay.noTrait', params: { trait: id } };
  for (const [field, token] of [['torches', 'weldingTorch'], ['harpoons', 'harpoon']] as const) {
    const n = p[field] ?? 0;
    if (!isCount(n)) return { code: 'lifeform-conflict.pay.badShape', params: { field } };
    if (n > state.supply[token]) return { code: 'lifeform-conflict.pay.noToken', params: { token, have: state.supply[token] } };
  }
  const data = p.data ?? [];
  if (!Array.isArray(data) || data.some((d) => d !== null && !isFight(d))) return { code: 'lifeform-conflict.pay.badShape', params: { field: 'data' } };
  const held = tally(state.data.map((d) => d ?? 'plain'));
  for (const [icon, n] of tally(data.map((d) => d ?? 'plain'))) {
    if ((held.get(icon) ?? 0) < n) return { code: 'lifeform-conflict.pay.noData', params: { icon, have: held.get(icon) ?? 0 } };
  }
  return null;
}

/** What a payment leaves unmatched in a zone: 0 means the attack succeeds. */
export interface MatchReport {
  readonly total: number;
  /** Fight icons matched neither by a same-kind showdown icon nor by a data token, before auto-matches. */
  readonly left: readonly FightIcon[];
  /** Auto-matches of any icon the payment brings (harpoon cards, traits, torches, harpoon tokens, two-for-one). */
  readonly auto: number;
  readonly unmatched: number;
  /** A data token that found no pair of its icon (it cannot match just one). */
  readonly dataWithoutPair: FightIcon | 'plain' | null;
}

/** Matches a payment against a zone's icons the best possible way (resources assumed present). */
export function matchPayment(state: ConflictState, zone: number, p: Payment): MatchReport {
  const icons = zoneIcons(state, zone).map((i) => p.extinguisher ?? i);
  const need = emptyCounts();
  for (const i of icons) need[i]++;
  const data = p.data ?? [];
  let dataWithoutPair: MatchReport['dataWithoutPair'] = null;
  for (const d of data) {
    if (d === null) continue;
    if (need[d] >= 2) need[d] -= 2;
    else dataWithoutPair ??= d;
  }
  const plain = data.filter((d) => d === null).length;
  const have = emptyCounts();
  let harpoonIcons = 0;
  for (const card of p.cards ?? []) {
    for (const icon of state.cardIcons[cardIdOf(card)] ?? []) {
      if (icon === 'harpoon') harpoonIcons++;
      else if (isFight(icon)) have[icon]++;
    }
  }
  const anyTokens = (p.traits?.length ?? 0) + (p.torches ?? 0) + (p.harpoons ?? 0);
  const best = bestPlainPairs(need, have, plain);
  if (best === null) dataWithoutPair ??= 'plain';
  const after = best ?? need;
  const left: FightIcon[] = [];
  let spare = 0;
  for (const k of fightIcons) {
    for (let i = 0; i < Math.max(0, after[k] - have[k]); i++) left.push(k);
    spare += Math.max(0, have[k] - after[k]);
  }
  const auto = 3 * harpoonIcons + anyTokens + Math.floor(spare / 2);
  const unmatched = dataWithoutPair !== null ? Math.max(1, left.length - auto) : Math.max(0, left.length - auto);
  return { total: icons.length, left, auto, unmatched, dataWithoutPair };
}

/**
 * Iconless data tokens each take a pair of identical icons; picks the pairs leaving the fewest icons
 * unmatched, counting the card icons a pair sets free for two-for-one. Null when some token finds no pair.
 */
function bestPlainPairs(need: Record<FightIcon, number>, have: Record<FightIcon, number>, plain: number): Record<FightIcon, number> | null {
  if (plain === 0) return need;
  let best: Record<FightIcon, number> | null = null;
  let bestScore = Infinity;
  const n = { ...need };
  const walk = (from: number, left: number): void => {
    if (left === 0) {
      let short = 0;
      let spare = 0;
      for (const k of fightIcons) {
        short += Math.max(0, n[k] - have[k]);
        spare += Math.max(0, have[k] - n[k]);
      }
      const score = short - Math.floor(spare / 2);
      if (score < bestScore) {
        best = { ...n };
        bestScore = score;
      }
      return;
    }
    for (let i = from; i < fightIcons.length; i++) {
      const k = fightIcons[i] as FightIcon;
      if (n[k] < 2) continue;
      n[k] -= 2;
      walk(i, left - 1);
      n[k] += 2;
    }
  };
  walk(0, plain);
  return best;
}

/** Checks a payment for a zone: resources present, and every fight icon matched (§DEFEAT LIFEFORM ATTACK). */
export function checkPayment(state: ConflictState, zone: number, p: Payment): PaymentProblem | null {
  if (!Number.isInteger(zone) || zone < 0 || zone >= state.zones.length) return { code: 'lifeform-conflict.pay.noZone', params: { zone: zone + 1, zones: state.zones.length } };
  if ((state.zones[zone] ?? []).length === 0) return { code: 'lifeform-conflict.pay.emptyZone', params: { zone: zone + 1 } };
  if (typeof p !== 'object' || p === null) return { code: 'lifeform-conflict.pay.badShape', params: { field: 'pay' } };
  const missing = checkResources(state, p);
  if (missing) return missing;
  if (paymentSize(p) === 0) return { code: 'lifeform-conflict.pay.empty', params: { zone: zone + 1 } };
  const r = matchPayment(state, zone, p);
  if (r.dataWithoutPair !== null) return { code: 'lifeform-conflict.pay.dataNoPair', params: { icon: r.dataWithoutPair } };
  if (r.unmatched > 0) {
    return { code: 'lifeform-conflict.pay.unmatched', params: { zone: zone + 1, total: r.total, unmatched: r.unmatched, left: r.left.join(','), auto: r.auto } };
  }
  return null;
}

const matches = (state: ConflictState, zone: number, p: Payment): boolean => checkPayment(state, zone, p) === null;

/** Removes item `i` (in the order cards, extinguisher, traits, torches, harpoons, data) from a payment. */
function without(p: Payment, i: number): Payment {
  const cards = p.cards ?? [];
  if (i < cards.length) return { ...p, cards: cards.filter((_, j) => j !== i) };
  let k = i - cards.length;
  if (p.extinguisher) {
    if (k === 0) return compact({ ...p, extinguisher: undefined });
    k--;
  }
  const traits = p.traits ?? [];
  if (k < traits.length) return { ...p, traits: traits.filter((_, j) => j !== k) };
  k -= traits.length;
  if (k < (p.torches ?? 0)) return { ...p, torches: (p.torches ?? 0) - 1 };
  k -= p.torches ?? 0;
  if (k < (p.harpoons ?? 0)) return { ...p, harpoons: (p.harpoons ?? 0) - 1 };
  k -= p.harpoons ?? 0;
  return { ...p, data: (p.data ?? []).filter((_, j) => j !== k) };
}

/** A payment without its empty parts (absent, zero, empty lists), so equal payments read and compare alike. */
function compact(p: Payment): Payment {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined && !(Array.isArray(v) && v.length === 0) && v !== 0) out[k] = v;
  return out as Payment;
}

/** A subset of the hand (copies of a card counted once) with the showdown icons it brings. */
interface HandChoice {
  readonly cards: string[];
  readonly have: Record<FightIcon, number>;
  readonly harpoonIcons: number;
  readonly harpoonCards: number;
}

/** All subsets of a hand up to equal copies, each with its icon counts summed once. */
function handChoices(state: ConflictState): HandChoice[] {
  const groups = new Map<string, string[]>();
  // A card without showdown icons (Mod C's kept crisis cards) adds nothing to any payment.
  for (const c of state.hand) if ((state.cardIcons[cardIdOf(c)] ?? []).length > 0) groups.set(cardIdOf(c), [...(groups.get(cardIdOf(c)) ?? []), c]);
  let out: HandChoice[] = [{ cards: [], have: emptyCounts(), harpoonIcons: 0, harpoonCards: 0 }];
  for (const id of [...groups.keys()].sort()) {
    const copies = (groups.get(id) as string[]).slice().sort();
    const icons = state.cardIcons[id] ?? [];
    const harpoons = icons.filter((i) => i === 'harpoon').length;
    const next: HandChoice[] = [];
    for (const base of out) {
      for (let n = 0; n <= copies.length; n++) {
        const have = { ...base.have };
        for (const i of icons) if (isFight(i)) have[i] += n;
        next.push({ cards: [...base.cards, ...copies.slice(0, n)], have, harpoonIcons: base.harpoonIcons + n * harpoons, harpoonCards: base.harpoonCards + (harpoons > 0 ? n : 0) });
      }
    }
    out = next;
  }
  return out;
}

interface Candidate {
  readonly size: number;
  readonly harpoonCards: number;
  readonly tokens: number;
  readonly order: number;
  readonly cards: string[];
  readonly ext: FightIcon | undefined;
  readonly data: (FightIcon | null)[];
  readonly unmatched: number;
}

/**
 * The cheapest payments that clear a zone (fewest items; then fewer harpoon cards, then fewer tokens, since
 * a harpoon card or an auto-match token can serve any icon later while a plain card cannot), none holding
 * an item it could do without. Exhaustive over the hand and the supply, so an empty list means the
 * zone cannot be cleared by an attack. Scored as counts first; only the few best become payments.
 */
export function cheapestPayments(state: ConflictState, zone: number, limit = 4): Payment[] {
  const icons = zoneIcons(state, zone);
  if (icons.length === 0) return [];
  const candidates: Candidate[] = [];
  const extinguishers: (FightIcon | undefined)[] = [undefined, ...(state.supply.fireExtinguisher > 0 ? fightIcons : [])];
  const dataHeld = tally(state.data.map((d) => d ?? 'plain'));
  const anyHeld = state.traits.length + state.supply.weldingTorch + state.supply.harpoon;
  const hands = handChoices(state);
  for (const ext of extinguishers) {
    const counts = tally(icons.map((i) => ext ?? i));
    const pairs = [...counts.values()].reduce((a, n) => a + Math.floor(n / 2), 0);
    for (const data of dataChoices(dataHeld, counts, pairs)) {
      const need = emptyCounts();
      for (const [k, n] of counts) need[k] = n;
      let fits = true;
      for (const d of data) {
        if (d === null) continue;
        if (need[d] >= 2) need[d] -= 2;
        else fits = false;
      }
      if (!fits) continue;
      const plain = data.filter((d) => d === null).length;
      for (const h of hands) {
        const after = bestPlainPairs(need, h.have, plain);
        if (after === null) continue;
        let left = 0;
        let spare = 0;
        for (const k of fightIcons) {
          left += Math.max(0, after[k] - h.have[k]);
          spare += Math.max(0, h.have[k] - after[k]);
        }
        const unmatched = Math.max(0, left - 3 * h.harpoonIcons - Math.floor(spare / 2));
        if (unmatched > anyHeld) continue;
        const tokens = (ext ? 1 : 0) + data.length + unmatched;
        candidates.push({
          size: h.cards.length + tokens,
          harpoonCards: h.harpoonCards,
          tokens,
          order: candidates.length,
          cards: h.cards,
          ext,
          data,
          unmatched,
        });
      }
    }
  }
  candidates.sort((a, b) => a.size - b.size || a.harpoonCards - b.harpoonCards || a.tokens - b.tokens || a.order - b.order);
  const out: Payment[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    if (out.length >= limit) break;
    const p = compact({ cards: c.cards, extinguisher: c.ext, data: c.data, ...anyTokens(state, c.unmatched) });
    const key = JSON.stringify(p);
    if (seen.has(key)) continue;
    seen.add(key);
    let minimal = true;
    for (let i = 0; i < paymentSize(p) && minimal; i++) if (matches(state, zone, without(p, i))) minimal = false;
    if (minimal && matches(state, zone, p)) out.push(p);
  }
  return out;
}

/** Data token selections worth trying: never more tokens than the zone has pairs. */
function dataChoices(held: Map<string, number>, counts: Map<FightIcon, number>, pairs: number): (FightIcon | null)[][] {
  let out: (FightIcon | null)[][] = [[]];
  for (const [icon, n] of [...held.entries()].sort()) {
    const cap = icon === 'plain' ? Math.min(n, pairs) : Math.min(n, Math.floor((counts.get(icon as FightIcon) ?? 0) / 2));
    const next: (FightIcon | null)[][] = [];
    for (const base of out) for (let k = 0; k <= cap; k++) next.push([...base, ...Array<FightIcon | null>(k).fill(icon === 'plain' ? null : (icon as FightIcon))]);
    out = next;
  }
  return out;
}

/** `n` auto-match tokens, unused traits first, then welding torches, then harpoon tokens (all worth the same here). */
function anyTokens(state: ConflictState, n: number): Payment {
  const traits = [...state.traits].sort().slice(0, n);
  let rest = n - traits.length;
  const torches = Math.min(rest, state.supply.weldingTorch);
  rest -= torches;
  return { traits, torches, harpoons: rest };
}
