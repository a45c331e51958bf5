import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The balance sheet of the Valley Forge's Dragon's Domain data (assets/packs/lifeform/valley-forge/solo.yaml).
 * The schema (content-solo.ts) checks that the file is well formed; this checks that it makes a fair game:
 * the launch objectives can be found, every cost can be paid from the crew deck and the tokens the cards
 * hand out, each deck has a way out of every card, the decks get harder towards the Shuttle Bay, and the
 * motion track offers real choices. It reads the YAML itself so that it states the content's design only.
 */

const DIR = join(import.meta.dirname, '../../../../assets/packs/lifeform/valley-forge');
const read = (file: string): unknown => parse(readFileSync(join(DIR, file), 'utf8'));

interface Text {
  en: string;
  es: string;
}
type Cost = { icon: string } | { token: string } | { loadout: string };
interface Effect {
  op: string;
  n?: number;
  token?: string;
  objective?: string;
}
interface Option {
  text: Text;
  cost?: Cost[];
  effects: Effect[];
}
interface Card {
  id: string;
  deck: 'a' | 'b' | 'c';
  name: Text;
  text: Text;
  options: Option[];
}
interface Space {
  id: string;
  start?: string;
  effect?: string;
  close?: boolean;
  next: string[];
  back?: string | null;
}
interface Solo {
  setup: { harpoons: string[]; stowawayTokens: string[] };
  fear: { spaces: number; nerveStart: number };
  traitAreas: { id: string; decks: string[] }[];
  traits: { id: string; fight: string[] }[];
  motion: { spaces: Space[] };
  crisis: Card[];
}
interface CrewCard {
  copies: number;
  rows: string[][];
  reaction: string | null;
  special: string | null;
}

const shipped = (read('solo.yaml') as { solo: Solo }).solo;
/** The base decks' balance (Mod C's nine cards join only with mods=search: remora.test.ts weighs them). */
const solo: Solo = { ...shipped, crisis: shipped.crisis.filter((c) => (c as { mod?: string }).mod === undefined) };
const crew = read('crew.yaml') as CrewCard[];
const decks = ['a', 'b', 'c'] as const;
const cardsOf = (d: string): Card[] => solo.crisis.filter((c) => c.deck === d);
const costOf = (o: Option): Cost[] => o.cost ?? [];
const isFree = (o: Option): boolean => costOf(o).length === 0;
const grants = (c: Card, pred: (e: Effect) => boolean): boolean => c.options.some((o) => o.effects.some(pred));
const objective = (which: string) => (e: Effect) => e.op === 'objective' && e.objective === which;
const gainOf = (token: string) => (e: Effect) => e.op === 'gain' && e.token === token;

/**
 * Crew cards (copies counted) carrying an icon in any row, or as their reaction. The Flamethrower counts:
 * it joins the hand from the weaponry column's bonus space and may be spent like any other card.
 */
function carriers(icon: string): number {
  return crew.filter((c) => c.reaction === icon || c.rows.some((r) => r.includes(icon))).reduce((a, c) => a + c.copies, 0);
}

/** Chance that at least one of `hits` cards turns up in `draws` cards from a shuffled deck of `size`. */
function seen(size: number, hits: number, draws: number): number {
  let none = 1;
  for (let i = 0; i < draws; i++) none *= (size - hits - i) / (size - i);
  return 1 - none;
}

/**
 * What an option costs the player in consequences, in rough turns of trouble (our yardstick, not the book's):
 * each lifeform step 1, a nerve 1.5, a minute 1, a stowaway 1.5, the cocoon 2 (it can feed a killed chit to
 * the container), a terror token 1.5, a malfunction 1.5 (the second wakes the android), the rest 1; cards and
 * tokens gained count against it.
 */
function harm(o: Option): number {
  const weight: Record<string, (e: Effect) => number> = {
    alien: (e) => e.n ?? 1,
    loseNerve: (e) => 1.5 * (e.n ?? 1),
    selfDestruct: (e) => e.n ?? 1,
    stowaway: () => 1.5,
    cocoon: () => 2,
    terror: () => 1.5,
    malfunction: (e) => 1.5 * (e.n ?? 1),
    powerOutage: () => 1,
    airlock: () => 1,
    impervious: () => 1,
    discard: (e) => 0.5 * (e.n ?? 1),
    draw: (e) => -0.5 * (e.n ?? 1),
    gain: (e) => -(e.n ?? 1),
    objective: () => -2,
    proceed: () => 0,
  };
  return o.effects.reduce((a, e) => a + (weight[e.op]?.(e) ?? Number.NaN), 0);
}

describe("Dragon's Domain content balance (solo.yaml)", () => {
  it("§SETUP (Dragon's Domain, three crisis decks): GIVEN solo.yaml WHEN its crisis cards are sorted by deck THEN A, B and C hold 14 each, ids say their deck, and every card has 2–3 options one of which costs nothing", () => {
    for (const d of decks) {
      const cards = cardsOf(d);
      expect(cards, `deck ${d}`).toHaveLength(14);
      for (const c of cards) {
        expect(c.id, c.id).toMatch(new RegExp(`^crisis-${d}-[a-z0-9-]+$`));
        expect(c.options.length, c.id).toBeGreaterThanOrEqual(2);
        expect(c.options.length, c.id).toBeLessThanOrEqual(3);
        expect(c.options.filter(isFree).length, `${c.id}: an option without cost, so no card is a dead end`).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('§RESOLVING A CRISIS CARD (usually one option free but costly, another paid but safe): GIVEN each card WHEN its free options are weighed THEN each of them hurts, and most cards also offer a paid option that hurts less', () => {
    let paidSafer = 0;
    for (const c of solo.crisis) {
      const free = c.options.filter(isFree);
      for (const o of free) expect(o.effects.some((e) => !['proceed', 'draw', 'gain', 'objective'].includes(e.op)), `${c.id}: a free option with a consequence`).toBe(true);
      const worstFree = Math.min(...free.map(harm));
      if (c.options.some((o) => !isFree(o) && harm(o) < worstFree)) paidSafer++;
    }
    expect(paidSafer).toBeGreaterThanOrEqual(Math.ceil(solo.crisis.length * 0.85));
  });

  it('§LAUNCHING THE REMORA (the cat, the umbilicus, the xeno data): GIVEN the three decks WHEN the objectives are counted THEN each comes from at least three cards, the umbilicus mostly from C, and five draws per deck show a cat card and an umbilicus card at least four times in five', () => {
    const count = (pred: (e: Effect) => boolean): Record<(typeof decks)[number], number> => ({
      a: cardsOf('a').filter((c) => grants(c, pred)).length,
      b: cardsOf('b').filter((c) => grants(c, pred)).length,
      c: cardsOf('c').filter((c) => grants(c, pred)).length,
    });
    const cat = count(objective('cat'));
    const umbilicus = count(objective('umbilicus'));
    const data = count(gainOf('data'));
    for (const tally of [cat, umbilicus, data]) expect(Object.values(tally).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    expect(umbilicus.c).toBeGreaterThan(umbilicus.a + umbilicus.b);
    expect(decks.filter((d) => cat[d] > 0).length, 'the cat can turn up on every deck').toBe(3);
    const missAll = (tally: Record<(typeof decks)[number], number>): number => decks.reduce((p, d) => p * (1 - seen(14, tally[d], 5)), 1);
    expect(1 - missAll(cat)).toBeGreaterThanOrEqual(0.8);
    expect(1 - missAll(umbilicus)).toBeGreaterThanOrEqual(0.8);
    // Each objective can be had for resources without a consequence somewhere, and for nothing at a price somewhere.
    for (const which of ['cat', 'umbilicus']) {
      const options = solo.crisis.flatMap((c) => c.options).filter((o) => o.effects.some(objective(which)));
      expect(options.some((o) => !isFree(o) && o.effects.every((e) => e.op === 'objective')), `${which} bought cleanly`).toBe(true);
    }
    expect(solo.crisis.flatMap((c) => c.options).some((o) => isFree(o) && o.effects.some(objective('umbilicus'))), 'the umbilicus can be forced for nothing, at a price').toBe(true);
  });

  it('§CREW ACTION REFERENCE and §TOKEN REFERENCE: GIVEN every cost WHEN checked against the crew deck and the token sources THEN each icon is on at least two crew cards and each token spent is handed out somewhere', () => {
    const icons = new Set<string>();
    const tokens = new Set<string>();
    for (const o of solo.crisis.flatMap((c) => c.options))
      for (const k of costOf(o)) {
        if ('icon' in k) icons.add(k.icon);
        if ('token' in k) tokens.add(k.token);
      }
    for (const icon of icons) expect(carriers(icon), `crew cards carrying ${icon}`).toBeGreaterThanOrEqual(2);
    // Common icons carry most of the weight: move and explore (on a third of the deck or more) are the most asked for.
    const asked = (icon: string): number => solo.crisis.flatMap((c) => c.options).filter((o) => costOf(o).some((k) => 'icon' in k && k.icon === icon)).length;
    expect(asked('explore')).toBeGreaterThan(Math.max(asked('survival'), asked('securityDoor'), asked('swapImages'), asked('hide')));
    // Where each token comes from besides the crisis cards: survival (SURVIVAL action), data (CIRCUIT BOARD), harpoons (setup).
    const elsewhere: Record<string, number> = { survival: carriers('survival'), data: carriers('circuit'), harpoon: solo.setup.harpoons.length };
    for (const token of tokens) {
      const sources = solo.crisis.filter((c) => grants(c, gainOf(token))).length + (elsewhere[token] ?? 0);
      expect(sources, `sources of ${token}`).toBeGreaterThanOrEqual(2);
    }
    for (const token of ['fireExtinguisher', 'weldingTorch', 'thirtySecond', 'harpoon', 'data']) expect(solo.crisis.some((c) => grants(c, gainOf(token))), token).toBe(true);
  });

  it('§RESOLVING A CRISIS CARD (discard the resources listed): GIVEN random five-card hands from the crew deck WHEN each card is met THEN on every deck a paid option can be paid from the hand alone most of the time, but not always', () => {
    // A deterministic shuffle (a linear congruential generator with a fixed seed) keeps the figure stable.
    let seed = 20_261_128;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const deck = crew.filter((c) => c.special === null).flatMap((c) => Array.from({ length: c.copies }, () => new Set([...c.rows.flat(), ...(c.reaction ? [c.reaction] : [])])));
    const deal = (n: number): Set<string>[] => {
      const d = [...deck];
      for (let i = d.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [d[i], d[j]] = [d[j] as Set<string>, d[i] as Set<string>];
      }
      return d.slice(0, n);
    };
    // One card per icon (docs/lifeform-pack.md "solo.yaml"): a small matching, tried exhaustively.
    const payable = (icons: string[], hand: Set<string>[]): boolean => {
      const [first, ...rest] = icons;
      return first === undefined || hand.some((card, i) => card.has(first) && payable(rest, hand.filter((_, j) => j !== i)));
    };
    const cardOnly = (o: Option): string[] | null => (costOf(o).length > 0 && costOf(o).every((k) => 'icon' in k) ? costOf(o).map((k) => ('icon' in k ? k.icon : '')) : null);
    for (const d of decks) {
      let met = 0;
      let paid = 0;
      for (let trial = 0; trial < 400; trial++) {
        const hand = deal(5);
        for (const c of cardsOf(d)) {
          met++;
          if (c.options.some((o) => cardOnly(o) !== null && payable(cardOnly(o) ?? [], hand))) paid++;
        }
      }
      expect(paid / met, `deck ${d}`).toBeGreaterThanOrEqual(0.5);
      expect(paid / met, `deck ${d}`).toBeLessThanOrEqual(0.85);
    }
  });

  it('§RESOLVING A CRISIS CARD (consequences): GIVEN the three decks WHEN their effects are counted THEN airlock, cocoon, stowaway, terror, power outage and malfunction each appear, impervious on one or two cards, and no single consequence crowds a deck', () => {
    const cardsWith = (op: string): Card[] => solo.crisis.filter((c) => grants(c, (e) => e.op === op));
    for (const op of ['airlock', 'cocoon', 'stowaway', 'terror', 'powerOutage']) expect(cardsWith(op).length, op).toBeGreaterThanOrEqual(2);
    // The malfunction tracker moves only through crisis cards in solo (engine addition `malfunction`):
    // enough of them that the android can wake in some games, never forced on the player.
    expect(cardsWith('malfunction').length).toBeGreaterThanOrEqual(3);
    for (const c of cardsWith('malfunction')) expect(c.options.some((o) => !o.effects.some((e) => e.op === 'malfunction')), c.id).toBe(true);
    expect(cardsWith('impervious').length).toBeGreaterThanOrEqual(1);
    expect(cardsWith('impervious').length).toBeLessThanOrEqual(2);
    for (const d of decks)
      for (const op of ['alien', 'loseNerve', 'cocoon', 'stowaway', 'selfDestruct']) expect(cardsOf(d).filter((c) => grants(c, (e) => e.op === op)).length, `${op} on deck ${d}`).toBeLessThanOrEqual(9);
  });

  it('§ORDER OF PLAY (C deck is the last and hardest): GIVEN the cheapest way out of each card WHEN averaged per deck THEN the price of a free option rises from A to B to C', () => {
    const price = (d: string): number => {
      const cards = cardsOf(d);
      return cards.reduce((a, c) => a + Math.min(...c.options.filter(isFree).map(harm)), 0) / cards.length;
    };
    expect(price('a')).toBeLessThanOrEqual(price('b'));
    expect(price('b')).toBeLessThan(price('c'));
  });

  it('§MOTION TRACKER BOARD: GIVEN the motion track WHEN every way from START to PROXIMITY ALERT! is walked THEN there are at least three, each with its own length or effects, all through the red-ringed close range, SHAKEN farther and TOUGH nearer than START', () => {
    const byId = new Map(solo.motion.spaces.map((s) => [s.id, s]));
    const alert = solo.motion.spaces.find((s) => s.effect === 'alert');
    const start = solo.motion.spaces.find((s) => s.start === 'normal');
    if (!alert || !start) throw new Error('a start and an alert');
    expect(solo.motion.spaces.length).toBeGreaterThanOrEqual(14);
    expect(solo.motion.spaces.length).toBeLessThanOrEqual(20);
    const paths: Space[][] = [];
    const walk = (s: Space, path: Space[]): void => {
      if (s === alert) paths.push(path);
      else for (const n of s.next) walk(byId.get(n) as Space, [...path, byId.get(n) as Space]);
    };
    walk(start, []);
    expect(paths.length).toBeGreaterThanOrEqual(3);
    const signature = (p: Space[]): string => `${p.length}:${p.map((s) => s.effect ?? 'none').sort().join(',')}`;
    expect(new Set(paths.map(signature)).size, 'each path its own trade-off').toBe(paths.length);
    const close = solo.motion.spaces.filter((s) => s.close && s !== alert);
    expect(close.length).toBeGreaterThanOrEqual(2);
    for (const p of paths) {
      for (const c of close) expect(p.slice(-close.length - 1)).toContain(c);
      for (const s of p.slice(0, -close.length - 1)) expect(s.close ?? false, `${s.id} is before close range`).toBe(false);
    }
    for (const effect of ['loseNerve', 'draw2', 'selfDestruct', 'draw2Stowaway']) expect(solo.motion.spaces.some((s) => s.effect === effect), effect).toBe(true);
    const distance = (from: Space): number => {
      const seenIds = new Map<string, number>([[from.id, 0]]);
      const queue = [from];
      while (queue.length > 0) {
        const s = queue.shift() as Space;
        for (const n of s.next)
          if (!seenIds.has(n)) {
            seenIds.set(n, (seenIds.get(s.id) ?? 0) + 1);
            queue.push(byId.get(n) as Space);
          }
      }
      return seenIds.get(alert.id) ?? Number.POSITIVE_INFINITY;
    };
    expect(distance(start)).toBe(Math.min(...paths.map((p) => p.length)));
    const shaken = solo.motion.spaces.find((s) => s.start === 'shaken');
    const tough = solo.motion.spaces.find((s) => s.start === 'tough');
    if (shaken) expect(distance(shaken)).toBeGreaterThan(distance(start));
    if (tough) expect(distance(tough)).toBeLessThan(distance(start));
  });

  it('§MOTION TRACKER BOARD (backward moves down the central pathway): GIVEN the alert WHEN the lifeform is pushed back step by step THEN it walks close range and then the central pathway to START, never a side branch', () => {
    const byId = new Map(solo.motion.spaces.map((s) => [s.id, s]));
    const alert = solo.motion.spaces.find((s) => s.effect === 'alert') as Space;
    const chain: string[] = [];
    for (let s: Space | undefined = alert; s?.back; s = byId.get(s.back)) chain.push(s.back);
    const start = solo.motion.spaces.find((s) => s.start === 'normal') as Space;
    expect(chain).toContain(start.id);
    // Each space on the way back is one the lifeform can step forward from onto the previous one.
    let from = alert.id;
    for (const id of chain) {
      expect(byId.get(id)?.next, `${id} leads on to ${from}`).toContain(from);
      from = id;
    }
    // The central pathway never branches sideways: at most one space of each fork lies on it.
    const onChain = new Set(chain);
    for (const s of solo.motion.spaces) expect(s.next.filter((n) => onChain.has(n)).length, s.id).toBeLessThanOrEqual(1);
  });

  it("§TOKEN REFERENCE (traits) and the solo control screen: GIVEN the traits, areas and fear track WHEN read THEN three traits with one fight icon each, two areas bound to one deck and PROFESSIONALISM for all three, and room for several blows before nerve and terror meet", () => {
    expect(solo.traits).toHaveLength(3);
    for (const t of solo.traits) expect(t.fight).toHaveLength(1);
    const single = solo.traitAreas.filter((a) => a.decks.length === 1);
    expect(single).toHaveLength(2);
    expect(new Set(single.map((a) => a.decks[0])).size).toBe(2);
    expect(solo.traitAreas.find((a) => a.id === 'trait-professionalism')?.decks.sort()).toEqual(['a', 'b', 'c']);
    // Blows survivable: the nerve moves left nerveStart spaces, terror tokens fill from space 0.
    expect(solo.fear.nerveStart).toBeGreaterThanOrEqual(5);
    expect(solo.setup.stowawayTokens).toHaveLength(6);
    expect(solo.setup.stowawayTokens.filter((t) => t === 'danger').length).toBeGreaterThanOrEqual(1);
  });

  it('every player-facing text is written twice: GIVEN each crisis card WHEN its texts are read THEN English and Spanish are both there, differ, and the situation stays within three sentences', () => {
    for (const c of solo.crisis) {
      const texts: Text[] = [c.name, c.text, ...c.options.map((o) => o.text)];
      for (const t of texts) {
        expect(t.en.trim().length, c.id).toBeGreaterThan(0);
        expect(t.es.trim().length, c.id).toBeGreaterThan(0);
      }
      for (const t of [c.text, ...c.options.map((o) => o.text)]) expect(t.es, `${c.id}: Spanish written, not copied`).not.toBe(t.en);
      expect(c.text.en.split(/[.!?](?:\s|$)/).filter((x) => x.trim()).length, c.id).toBeLessThanOrEqual(3);
    }
  });
});
