import { createRng, seedRng, type Rng } from '../../../core/index.ts';
import { cardIdOf, checkPayment, cheapestPayments } from './conflict-payment.ts';
import {
  type Chit,
  type CombatToken,
  type ConflictCommand,
  type ConflictEndReason,
  type ConflictEvent,
  type ConflictInput,
  type ConflictPack,
  type ConflictPublicView,
  type ConflictResult,
  type ConflictState,
  type FightIcon,
  type Payment,
} from './conflict-types.ts';

/**
 * Dragon's Domain (solo), §SHUTTLE CONFLICT as pure functions: the hibernation sequence, the legal
 * commands of a round, and their effects. Chance only through the rng passed in; the state is JSON.
 */

type Params = Record<string, string | number | boolean>;

const NS = 'lifeform-conflict';
const cardKey = (instance: string, s?: ConflictState): string => (s?.kept?.includes(instance) ? `solo.solo.crisis.${cardIdOf(instance)}.name` : `crew.${cardIdOf(instance)}.name`);

/** A refusal: nothing applied. */
const refuse = (code: string, params?: Params): ConflictResult => ({ ok: false, error: params ? { code, params } : { code } });

class Log {
  readonly events: ConflictEvent[] = [];
  revealed = false;
  tell(key: string, params?: Params): void {
    this.events.push(params ? { code: `${NS}.event.${key}`, params } : { code: `${NS}.event.${key}` });
  }
}

/** Checks what the starship stage hands over against the pack (a wrong index is a bug to name, not a crash). */
function checkInput(input: ConflictInput, pack: ConflictPack): { code: string; params: Params } | null {
  const bad = (field: string, value: string | number) => ({ code: `${NS}.input.bad`, params: { field, value } });
  const attack1 = pack.solo.attackTokens.attack1;
  for (const i of input.energyAttack1) if (!Number.isInteger(i) || i < 0 || i >= attack1.length) return bad('energyAttack1', i);
  if (new Set(input.energyAttack1).size !== input.energyAttack1.length) return bad('energyAttack1', input.energyAttack1.join(','));
  const traits = new Set(pack.solo.traits.map((t) => t.id));
  for (const id of [...input.remoraTraits, ...input.unusedTraits]) if (!traits.has(id)) return bad('traits', id);
  const allTraits = [...input.remoraTraits, ...input.unusedTraits];
  if (new Set(allTraits).size !== allTraits.length) return bad('traits', allTraits.join(','));
  const cards = new Set(pack.crew.map((c) => c.id));
  const kept = input.kept ?? [];
  for (const c of kept) if (typeof c !== 'string' || cards.has(cardIdOf(c))) return bad('kept', String(c));
  const instances = [...input.hand, ...input.deck, ...input.discard, ...kept];
  if (new Set(instances).size !== instances.length) return bad('cards', instances.find((c, i) => instances.indexOf(c) !== i) ?? '');
  for (const c of [...input.hand, ...input.deck, ...input.discard]) if (!cards.has(cardIdOf(c))) return bad('cards', c);
  for (const [k, v] of Object.entries({ ...input.supply, ...input.container, spareAlive: input.spareAlive, halonCompartments: input.halonCompartments, weaponryDraw: input.weaponryDraw })) {
    if (!Number.isInteger(v) || v < 0) return bad(k, v);
  }
  if (input.objectiveData !== null && (input.objectiveData < 0 || input.objectiveData >= input.data.length)) return bad('objectiveData', input.objectiveData);
  return null;
}

/**
 * §SHUTTLE CONFLICT, the hibernation sequence 1–5: the objective's data token goes back, the energy
 * column's combat tokens fill the primary zone, the attack-5 token and the used traits are dealt face
 * down over the secondary zones and flipped, a halon gas blast per full compartment, and crew cards by
 * the weaponry number (then the hand limit).
 */
export function startConflict(input: ConflictInput, pack: ConflictPack, rng: Rng): ConflictResult {
  const wrong = checkInput(input, pack);
  if (wrong) return { ok: false, error: wrong };
  const log = new Log();
  const data = input.data.map((d) => d.icon);
  const returned = input.objectiveData === null ? [] : data.splice(input.objectiveData, 1);
  const cardIcons: Record<string, readonly string[]> = {};
  for (const c of pack.crew) cardIcons[c.id] = [...c.showdown];
  const s: ConflictState = {
    zones: Array.from({ length: pack.solo.conflict.secondaryZones + 1 }, () => []),
    hand: [...input.hand, ...(input.kept ?? [])],
    deck: [...input.deck],
    discard: [...input.discard],
    supply: { ...input.supply, halon: 0 },
    data,
    traits: [...input.unusedTraits],
    airlock: { used: false, survival: input.airlockSurvival },
    locker: { used: false },
    container: { ...input.container },
    spareAlive: input.spareAlive,
    pool: { survival: 0, fireExtinguisher: 0, weldingTorch: 0, harpoon: 0, halon: 0, data: returned, traits: [], cleared: [], chits: [] },
    handLimit: pack.solo.setup.handLimit,
    mustDiscard: 0,
    round: 0,
    outcome: null,
    cardIcons,
    ...((input.kept ?? []).length > 0 ? { kept: [...(input.kept ?? [])] } : {}),
  };
  log.tell('start');
  if (returned.length > 0) log.tell('dataReturned', { icon: returned[0] ?? 'plain' });
  const primary = s.zones[0] as CombatToken[];
  for (const index of input.energyAttack1) primary.push({ kind: 'attack1', index, icons: [...(pack.solo.attackTokens.attack1[index] as FightIcon[])] });
  if (primary.length > 0) log.tell('primary', { n: primary.length, icons: primary.flatMap((t) => t.icons).join(',') });
  const faceDown: CombatToken[] = [];
  if (input.remoraAttack5) faceDown.push({ kind: 'attack5', icons: [...pack.solo.attackTokens.attack5] });
  for (const id of input.remoraTraits) faceDown.push({ kind: 'trait', id, icons: [...(pack.solo.traits.find((t) => t.id === id)?.fight ?? [])] });
  const dealt = faceDown.length > 1 ? rng.shuffle(faceDown) : faceDown;
  dealt.forEach((t, i) => {
    const zone = 1 + (i % pack.solo.conflict.secondaryZones);
    (s.zones[zone] as CombatToken[]).push(t);
    log.tell('flipped', { zone: zone + 1, icons: t.icons.join(',') });
    log.revealed = true;
  });
  if (input.extraZone) {
    // Mod C: the Remora's combat zone box after the secondary zones, its two printed icons and any random tokens.
    const z = input.extraZone;
    s.zones.push([{ kind: 'remora', printed: true, icons: [...z.icons] }, ...z.tokens.map((icons) => ({ kind: 'remora' as const, printed: false, icons: [...icons] }))]);
    s.extra = { zone: s.zones.length - 1, survival: z.survival };
    log.tell('remoraZone', { zone: s.zones.length, icons: s.zones.at(-1)?.flatMap((t) => t.icons).join(',') ?? '', survival: z.survival });
  }
  s.supply.halon = input.halonCompartments;
  if (input.halonCompartments > 0) log.tell('halonGained', { n: input.halonCompartments });
  draw(s, input.weaponryDraw, rng, log);
  return { ok: true, state: settle(s, log), events: log.events, revealed: log.revealed || rng.used };
}

/** Crew cards from the deck (the discard pile shuffled in when it runs out, as in the base game), then the hand limit. */
function draw(s: ConflictState, n: number, rng: Rng, log: Log): void {
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    if (s.deck.length === 0) {
      if (s.discard.length === 0) break;
      s.deck = rng.shuffle(s.discard);
      s.discard = [];
      log.tell('reshuffled');
    }
    s.hand.push(s.deck.shift() as string);
    drawn++;
  }
  if (drawn > 0) {
    log.tell('drew', { n: drawn });
    log.revealed = true;
  }
  s.mustDiscard = Math.max(0, s.hand.length - s.handLimit);
  if (s.mustDiscard > 0) log.tell('handLimit', { n: s.mustDiscard, limit: s.handLimit });
}

/** One chit out of the container, uniformly; an empty container has nothing to kill you with. */
function drawChit(s: ConflictState, rng: Rng, log: Log): Chit {
  const total = s.container.alive + s.container.killed;
  if (total === 0) {
    log.tell('containerEmpty');
    return 'alive';
  }
  const chit: Chit = rng.int(0, total - 1) < s.container.killed ? 'killed' : 'alive';
  s.container[chit]--;
  s.pool.chits.push(chit);
  log.tell('chit', { chit });
  log.revealed = true;
  return chit;
}

const end = (s: ConflictState, log: Log, result: 'won' | 'lost', reason: ConflictEndReason): ConflictState => {
  s.outcome = { result, reason };
  log.tell(result, { reason });
  return s;
};

/** Anything that can still clear a zone or bring cards: otherwise §SHUTTLE CONFLICT is lost. */
function wayForward(s: ConflictState): boolean {
  if (s.supply.halon > 0 || !s.airlock.used || !s.locker.used) return true;
  return s.zones.some((_, z) => cheapestPayments(s, z, 1).length > 0);
}

/** After a command: all zones clear → won; no way to clear one → lost (the hand limit is answered first). */
function settle(s: ConflictState, log: Log): ConflictState {
  if (s.outcome) return s;
  if (s.zones.every((z) => z.length === 0)) return end(s, log, 'won', 'cleared');
  if (s.mustDiscard === 0 && !wayForward(s)) return end(s, log, 'lost', 'cannotClear');
  return s;
}

/** Locker commands listed go up to this many survival tokens (the list stays within 25 buttons); more may be stated. */
const MAX_LOCKER_LISTED = 4;

/** A command as data, built the one way the legal list and the tests build it. */
export const conflictCommand = {
  attack: (zone: number, pay: Payment): ConflictCommand => ({ type: 'conflictAttack', args: { zone, pay } }),
  halon: (zone: number): ConflictCommand => ({ type: 'conflictHalon', args: { zone } }),
  airlock: (zone: number): ConflictCommand => ({ type: 'conflictAirlock', args: { zone } }),
  locker: (survival: number): ConflictCommand => ({ type: 'conflictLocker', args: { survival } }),
  discard: (card: string): ConflictCommand => ({ type: 'conflictDiscard', args: { card } }),
  giveUp: (): ConflictCommand => ({ type: 'conflictGiveUp', args: {} }),
};

/**
 * The legal commands of the player now: the hand-limit discards first; then per zone holding tokens the
 * few cheapest matching payments (§DEFEAT LIFEFORM ATTACK: a failing attack is never offered), a halon
 * blast, the airlock once, the locker once (with each number of survival tokens), and giving up.
 * A free-form payment outside this list is still accepted by {@link applyConflict} when it matches.
 */
export function conflictLegal(s: ConflictState, perZone = 4): ConflictCommand[] {
  if (s.outcome) return [];
  if (s.mustDiscard > 0) return [...new Set(s.hand)].map((c) => conflictCommand.discard(c));
  const out: ConflictCommand[] = [];
  s.zones.forEach((tokens, zone) => {
    if (tokens.length === 0) return;
    for (const pay of cheapestPayments(s, zone, perZone)) out.push(conflictCommand.attack(zone, pay));
  });
  s.zones.forEach((tokens, zone) => {
    if (tokens.length === 0) return;
    if (s.supply.halon > 0) out.push(conflictCommand.halon(zone));
    if (!s.airlock.used) out.push(conflictCommand.airlock(zone));
  });
  if (!s.locker.used) for (let n = 0; n <= Math.min(s.supply.survival, s.spareAlive, MAX_LOCKER_LISTED); n++) out.push(conflictCommand.locker(n));
  out.push(conflictCommand.giveUp());
  return out;
}

function clearZone(s: ConflictState, zone: number, log: Log): void {
  s.pool.cleared.push(...(s.zones[zone] as CombatToken[]));
  s.zones[zone] = [];
  log.tell('cleared', { zone: zone + 1 });
}

const zoneArg = (s: ConflictState, a: Record<string, unknown>): number | null => {
  const z = a.zone;
  return typeof z === 'number' && Number.isInteger(z) && z >= 0 && z < s.zones.length ? z : null;
};

/** A zone argument as the player counts zones (1 first), for a refusal. */
const zoneShown = (a: Record<string, unknown>): number | string => (typeof a.zone === 'number' ? a.zone + 1 : String(a.zone));

/** A round's end (§SHUTTLE CONFLICT): counted, then settled. */
function endRound(s: ConflictState, log: Log): ConflictState {
  s.round++;
  return settle(s, log);
}

/**
 * Applies one command. Refused (with a reason, nothing changed) when it is not possible now; an attack
 * whose payment leaves a fight icon unmatched is refused with the icons it misses, so a typo never loses
 * the game (giving up is its own command).
 */
export function applyConflict(state: ConflictState, command: ConflictCommand, rng: Rng): ConflictResult {
  if (state.outcome) return refuse(`${NS}.over`, { result: state.outcome.result });
  const a = (command.args ?? {}) as Record<string, unknown>;
  if (state.mustDiscard > 0 && command.type !== 'conflictDiscard' && command.type !== 'conflictGiveUp') return refuse(`${NS}.handLimitFirst`, { n: state.mustDiscard });
  const s = structuredClone(state);
  const log = new Log();
  switch (command.type) {
    case 'conflictAttack': {
      const zone = zoneArg(s, a);
      if (zone === null) return refuse(`${NS}.pay.noZone`, { zone: zoneShown(a), zones: s.zones.length });
      const pay = (a.pay ?? {}) as Payment;
      const problem = checkPayment(s, zone, pay);
      if (problem) return { ok: false, error: problem };
      if (s.extra?.survival && s.extra.zone === zone) {
        // Mod C: a survival token in the hidden-lifeform zone: a conflict chit first, before the icons are matched.
        s.extra.survival = false;
        s.pool.survival++;
        log.tell('zoneSurvival', { zone: zone + 1 });
        if (drawChit(s, rng, log) === 'killed') return done(end(s, log, 'lost', 'zoneKilled'), log, rng);
      }
      spend(s, pay, log);
      log.tell('attack', { zone: zone + 1, cards: pay.cards?.length ?? 0, tokens: paymentTokens(pay) });
      clearZone(s, zone, log);
      return done(endRound(s, log), log, rng);
    }
    case 'conflictHalon': {
      const zone = zoneArg(s, a);
      if (zone === null || (s.zones[zone] as CombatToken[]).length === 0) return refuse(`${NS}.pay.emptyZone`, { zone: zoneShown(a) });
      if (s.supply.halon < 1) return refuse(`${NS}.noHalon`);
      s.supply.halon--;
      s.pool.halon++;
      log.tell('halon', { zone: zone + 1 });
      clearZone(s, zone, log);
      return done(endRound(s, log), log, rng);
    }
    case 'conflictAirlock': {
      const zone = zoneArg(s, a);
      if (zone === null || (s.zones[zone] as CombatToken[]).length === 0) return refuse(`${NS}.pay.emptyZone`, { zone: zoneShown(a) });
      if (s.airlock.used) return refuse(`${NS}.airlockUsed`);
      s.airlock.used = true;
      log.tell('airlock', { zone: zone + 1, survival: s.airlock.survival });
      if (s.airlock.survival) {
        if (drawChit(s, rng, log) === 'killed') return done(end(s, log, 'lost', 'airlockKilled'), log, rng);
        s.airlock.survival = false;
        s.pool.survival++;
      }
      clearZone(s, zone, log);
      return done(endRound(s, log), log, rng);
    }
    case 'conflictLocker': {
      const n = a.survival ?? 0;
      if (s.locker.used) return refuse(`${NS}.lockerUsed`);
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return refuse(`${NS}.pay.badShape`, { field: 'survival' });
      if (n > s.supply.survival) return refuse(`${NS}.pay.noToken`, { token: 'survival', have: s.supply.survival });
      if (n > s.spareAlive) return refuse(`${NS}.noSpareAlive`, { have: s.spareAlive });
      s.locker.used = true;
      s.supply.survival -= n;
      s.pool.survival += n;
      s.spareAlive -= n;
      s.container.alive += n;
      log.tell('locker', { survival: n });
      if (drawChit(s, rng, log) === 'killed') return done(end(s, log, 'lost', 'lockerKilled'), log, rng);
      draw(s, 2, rng, log);
      return done(endRound(s, log), log, rng);
    }
    case 'conflictDiscard': {
      if (s.mustDiscard === 0) return refuse(`${NS}.noDiscardDue`);
      const card = a.card;
      const at = typeof card === 'string' ? s.hand.indexOf(card) : -1;
      if (at < 0) return refuse(`${NS}.pay.notInHand`, { cardKey: cardKey(String(card), s) });
      const key = cardKey(card as string, s);
      s.hand.splice(at, 1);
      const k = s.kept?.indexOf(card as string) ?? -1;
      if (s.kept && k >= 0) {
        // Mod C: a kept crisis card leaves the game (solo/flow.ts discardCard), never into the crew deck.
        s.kept.splice(k, 1);
        (s.pool.kept ??= []).push(card as string);
      } else s.discard.push(card as string);
      s.mustDiscard--;
      log.tell('discarded', { cardKey: key });
      return done(settle(s, log), log, rng);
    }
    case 'conflictGiveUp':
      return done(end(s, log, 'lost', 'gaveUp'), log, rng);
    default:
      return refuse(`${NS}.unknown`, { type: String((command as { type?: unknown }).type) });
  }
}

/**
 * Whether a command (a listed one or a free-form payment) would be accepted now, and if not why: the
 * legality check for the wiring, since an attack's payments are not all enumerated. The check draws
 * nothing that matters (a throwaway generator), and changes nothing.
 */
export function conflictRefusal(state: ConflictState, command: ConflictCommand): { code: string; params?: Params } | null {
  const r = applyConflict(state, command, createRng(seedRng(0)));
  return r.ok ? null : r.error;
}

const done = (s: ConflictState, log: Log, rng: Rng): ConflictResult => ({ ok: true, state: s, events: log.events, revealed: log.revealed || rng.used });

const paymentTokens = (p: Payment): number => (p.extinguisher ? 1 : 0) + (p.traits?.length ?? 0) + (p.torches ?? 0) + (p.harpoons ?? 0) + (p.data?.length ?? 0);

/** Moves a checked payment's cards to the discard pile and its tokens to the pool; the extinguisher acts first. */
function spend(s: ConflictState, p: Payment, log: Log): void {
  for (const c of p.cards ?? []) {
    s.hand.splice(s.hand.indexOf(c), 1);
    s.discard.push(c);
  }
  if (p.extinguisher) {
    s.supply.fireExtinguisher--;
    s.pool.fireExtinguisher++;
    log.tell('extinguisher', { icon: p.extinguisher });
  }
  for (const id of p.traits ?? []) {
    s.traits.splice(s.traits.indexOf(id), 1);
    s.pool.traits.push(id);
  }
  s.supply.weldingTorch -= p.torches ?? 0;
  s.pool.weldingTorch += p.torches ?? 0;
  s.supply.harpoon -= p.harpoons ?? 0;
  s.pool.harpoon += p.harpoons ?? 0;
  for (const d of p.data ?? []) {
    s.data.splice(s.data.indexOf(d), 1);
    s.pool.data.push(d);
  }
}

/** Every token, card and chit of the conflict by kind, wherever it lies: the same before and after any command. */
export function conflictCounts(s: ConflictState): Record<string, number> {
  return {
    cards: s.hand.length + s.deck.length + s.discard.length + (s.pool.kept?.length ?? 0),
    survival: s.supply.survival + s.pool.survival + (s.airlock.survival ? 1 : 0) + (s.extra?.survival ? 1 : 0),
    fireExtinguisher: s.supply.fireExtinguisher + s.pool.fireExtinguisher,
    weldingTorch: s.supply.weldingTorch + s.pool.weldingTorch,
    harpoon: s.supply.harpoon + s.pool.harpoon,
    halon: s.supply.halon + s.pool.halon,
    data: s.data.length + s.pool.data.length,
    traits: s.traits.length + s.pool.traits.length + s.zones.flat().filter((t) => t.kind === 'trait').length + s.pool.cleared.filter((t) => t.kind === 'trait').length,
    combat: s.zones.flat().length + s.pool.cleared.length,
    aliveChits: s.container.alive + s.spareAlive + s.pool.chits.filter((c) => c === 'alive').length,
    killedChits: s.container.killed + s.pool.chits.filter((c) => c === 'killed').length,
  };
}

/** The conflict as the table sees it: no card of the hand, no deck order (the leak test checks it). */
export function conflictPublicView(s: ConflictState): ConflictPublicView {
  return {
    zones: s.zones.map((z) => z.map((t) => ({ ...t, icons: [...t.icons] }))),
    handSize: s.hand.length,
    deckSize: s.deck.length,
    discard: [...s.discard],
    supply: { ...s.supply },
    data: [...s.data],
    traits: s.traits.length,
    airlock: { ...s.airlock },
    locker: { ...s.locker },
    container: { ...s.container },
    mustDiscard: s.mustDiscard,
    round: s.round,
    outcome: s.outcome,
    ...(s.extra ? { extra: { ...s.extra } } : {}),
  };
}
