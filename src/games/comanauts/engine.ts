import { draftCopy, seal, sealedCopy, type GameEvent, type Rng } from '../../core/index.ts';
import { textKeys as K, type AttributeColour, type Bonus, type ComanautsPack, type DieKind, type Effect, type PackPage } from './content.ts';
import { clearSight, distancesFrom, moveEnds } from './geometry.ts';
import { slotNames, type ComanautsState, type DiceState, type EnemyState, type Place, type PlayerState, type PromptKind, type RollPurpose, type SlotName, type TrackDie, type Work } from './state.ts';

type DeepMutable<T> = T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
/** Parts of a draft that are replaced, never changed in place, so drafts share them with their state. */
type Shared = 'work' | 'prompt' | 'outcome';
/**
 * A working copy of the state that rules may change in place; `decide` clones before touching it. Work
 * items, the prompt and the outcome stay read-only: a step that changes one puts a new one in its place.
 */
export type Draft = DeepMutable<Omit<ComanautsState, Shared>> & { -readonly [K in Shared]: K extends 'work' ? Work[] : ComanautsState[K] };
type Player = Draft['players'][number];
/** Every key of `T`, optional ones included: a field-by-field copy that misses one does not compile. */
type AllKeys<T> = { [K in keyof T]-?: unknown };
/** Every key of `T` with its type, optional ones written out as possibly undefined. */
type Whole<T> = { [K in keyof Required<T>]: T[K] | undefined };

/**
 * A writable copy of a state for one decide. The catalogue, the page and the dice colours never change
 * while a page is played: they are sealed (deep-frozen, on the input too when it came from storage)
 * and shared, like the read-only work items, prompt and outcome. The rest is copied field by field into
 * one object literal, so every draft has one hidden class (32 keys added one by one made a dictionary,
 * slow for every rule that reads it). A key missing here does not compile.
 */
export function draftOf(s: ComanautsState): Draft {
  return {
    v: s.v,
    seats: s.seats,
    seatNames: s.seatNames.slice(),
    catalogue: draftCopy(seal(s.catalogue)),
    page: draftCopy(seal(s.page)),
    active: s.active,
    bookkeeper: s.bookkeeper,
    round: s.round,
    phase: s.phase,
    situation: s.situation,
    dice: copyDice(s.dice),
    players: s.players.map(copyPlayer),
    enemies: s.enemies.map(copyEnemy),
    slots: s.slots.slice(),
    nextEnemy: s.nextEnemy,
    defeated: s.defeated.slice(),
    vitalDeck: s.vitalDeck.slice(),
    vitalShown: s.vitalShown.slice(),
    criticalSeenOnPage: s.criticalSeenOnPage,
    childStandee: s.childStandee,
    searchTokens: { ...s.searchTokens },
    exploredPoi: s.exploredPoi.slice(),
    triedTests: s.triedTests.slice(),
    insight: s.insight,
    cluesRevealed: s.cluesRevealed,
    itemsOut: s.itemsOut.slice(),
    primeEntity: s.primeEntity,
    turnToPage: s.turnToPage,
    groupTaskDone: s.groupTaskDone,
    work: s.work.slice(),
    prompt: s.prompt,
    outcome: s.outcome,
  } satisfies AllKeys<ComanautsState> as unknown as Draft;
}

function copyEnemy(e: EnemyState): Draft['enemies'][number] {
  return { uid: e.uid, card: e.card, place: { space: e.place.space, spot: e.place.spot }, life: e.life } satisfies AllKeys<EnemyState>;
}

function copyPlace(p: Place | null): Place | null {
  return p === null ? null : ({ space: p.space, spot: p.spot } satisfies AllKeys<Place>);
}

function copyPlayer(p: PlayerState): Player {
  const a = p.avatar;
  const e = p.equipment;
  return {
    seat: p.seat,
    avatarCards: p.avatarCards.slice(),
    current: p.current,
    avatar: { card: a.card, life: a.life, statuses: a.statuses.slice(), suspicious: a.suspicious, place: copyPlace(a.place) } satisfies AllKeys<Player['avatar']>,
    clarity: p.clarity,
    stored: p.stored,
    equipment: { head: e.head, body: e.body, hand: e.hand, handAccessory: e.handAccessory, accessory: e.accessory } satisfies AllKeys<Player['equipment']>,
    inventory: p.inventory.slice(),
    defaultStatus: p.defaultStatus,
    defaultActive: p.defaultActive,
    sentToMorass: p.sentToMorass,
  } satisfies AllKeys<Player>;
}

function copyTrackDie(t: TrackDie): TrackDie {
  return { die: t.die, face: t.face } satisfies AllKeys<TrackDie>;
}

function copyDice(x: DiceState): Draft['dice'] {
  return {
    kinds: draftCopy(seal(x.kinds)),
    bag: x.bag.slice(),
    discard: x.discard.slice(),
    hand: x.hand.slice(),
    threat: x.threat.map(copyTrackDie),
    group: x.group.map(copyTrackDie),
    child: x.child === null ? null : copyTrackDie(x.child),
    onCards: x.onCards.slice(),
  } satisfies AllKeys<Draft['dice']>;
}

/** What a rule step may use besides the draft. */
export interface Env {
  readonly rng: Rng;
  readonly events: GameEvent[];
  readonly pack: ComanautsPack | undefined;
}

/** Rules §Player Turn step 1: five dice. */
export const HAND_SIZE = 5;
/** Rules §Game Setup 12 and §The Morass 5: three life-force tokens plus the avatar's bonus. */
export const BASE_LIFE = 3;
/** Rules §Check Threat: a safe page resolves its threat entry at four dice. */
export const SAFE_THREAT_DICE = 4;
/** Rules §Search: a result of 4 or higher. */
export const SEARCH_TARGET = 4;
/** Rules §Equipment Slots: two unequipped items. */
export const INVENTORY_LIMIT = 2;
/** Rules §Insight: every three insight tokens reveal a clue. */
export const INSIGHT_PER_CLUE = 3;
/** Sideboard enemy slots. */
export const ENEMY_SLOTS = 6;

export const pub = (env: Env, code: string, params?: Record<string, string | number | boolean>): void => {
  env.events.push(params ? { to: 'public', code: `comanauts.${code}`, params } : { to: 'public', code: `comanauts.${code}` });
};

/** The first entry with this id, like `find` without a closure per call: rules look cards up constantly. */
function byId<T extends { readonly id: string }>(list: readonly T[], id: string): T | undefined {
  for (const x of list) if (x.id === id) return x;
  return undefined;
}

export const avatarCard = (s: Draft | ComanautsState, id: string) => byId(s.catalogue.avatars, id);
export const enemyCard = (s: Draft | ComanautsState, id: string) => byId(s.catalogue.enemies, id);
export const itemCard = (s: Draft | ComanautsState, id: string) => byId(s.catalogue.items, id);
export const statusCard = (s: Draft | ComanautsState, id: string) => byId(s.catalogue.statuses, id);
export const space = (page: PackPage, id: string) => byId(page.spaces, id);

export function dieKind(s: Draft | ComanautsState, die: string): DieKind {
  return s.dice.kinds[die] as DieKind;
}

export function isAttribute(kind: DieKind): kind is AttributeColour {
  return kind === 'red' || kind === 'green' || kind === 'yellow' || kind === 'blue' || kind === 'purple';
}

/** Rules §Draw Dice: draw from the bag, refilling it from the discard pool when it runs short. */
export function drawDice(d: Draft, n: number, rng: Rng): string[] {
  const drawn: string[] = [];
  for (let i = 0; i < n; i++) {
    if (d.dice.bag.length === 0) refreshBag(d);
    if (d.dice.bag.length === 0) break;
    const at = rng.int(0, d.dice.bag.length - 1);
    const [die] = d.dice.bag.splice(at, 1);
    drawn.push(die as string);
  }
  d.dice.hand.push(...drawn);
  return drawn;
}

/** Returns every die of the discard pool to the bag (Rules §Check Threat 4). */
export function refreshBag(d: Draft): void {
  d.dice.bag.push(...d.dice.discard);
  d.dice.discard = [];
  d.dice.bag.sort();
}

export function takeFromHand(d: Draft, die: string): void {
  const at = d.dice.hand.indexOf(die);
  if (at >= 0) d.dice.hand.splice(at, 1);
}

export function discardDice(d: Draft, dice: readonly string[]): void {
  for (const die of dice) takeFromHand(d, die);
  d.dice.discard.push(...dice);
}

/** Picks dice from the active hand: `count` of `colour` and `purple` purple ones, or null when short. */
export function pickDice(s: Draft | ComanautsState, colour: AttributeColour, count: number, purple: number): string[] | null {
  const hand = s.dice.hand;
  const main = colour === 'purple' ? [] : hand.filter((x) => dieKind(s, x) === colour).slice(0, count);
  const purples = hand.filter((x) => dieKind(s, x) === 'purple').slice(0, colour === 'purple' ? count + purple : purple);
  const wantMain = colour === 'purple' ? 0 : count;
  const wantPurple = colour === 'purple' ? count + purple : purple;
  if (main.length < wantMain || purples.length < wantPurple || wantMain + wantPurple < 1) return null;
  return [...main, ...purples];
}

export function equippedItems(s: Draft | ComanautsState, p: PlayerState | Player): string[] {
  return [...new Set(slotNames.map((n) => p.equipment[n]).filter((x): x is string => x !== null))].sort();
}

/**
 * Rules §Bonuses and Using Purple Dice: changes and multipliers first, then one colour bonus per die of
 * that colour, the combat bonus once for melee, ranged or defence rolls; purple dice only take purple bonuses.
 */
export function rollTotal(
  s: Draft | ComanautsState,
  seat: number,
  dice: readonly string[],
  faces: readonly number[],
  kind: 'melee' | 'ranged' | 'defence' | 'plain' | 'group',
): number {
  const raw = faces.reduce((a, b) => a + b, 0);
  if (kind === 'group') return raw;
  const p = s.players[seat] as Player;
  const bonuses: Bonus[] = equippedItems(s, p).map((i) => itemCard(s, i)?.bonus ?? {});
  const av = avatarCard(s, p.avatar.card);
  if (av) bonuses.push({ [av.dieBonus.colour]: av.dieBonus.amount });
  const multiplier = bonuses.reduce((m, b) => m * (b.multiplier ?? 1), 1);
  let total = 0;
  let anyNonPurple = false;
  dice.forEach((die, i) => {
    const colour = dieKind(s, die);
    total += (faces[i] ?? 0) * multiplier;
    if (!isAttribute(colour)) return;
    if (colour !== 'purple') anyNonPurple = true;
    total += bonuses.reduce((a, b) => a + (b[colour] ?? 0), 0);
  });
  if (anyNonPurple && (kind === 'melee' || kind === 'ranged' || kind === 'defence')) {
    total += bonuses.reduce((a, b) => a + (b[kind] ?? 0), 0);
  }
  return total;
}

export function avatarsOnMap(s: Draft | ComanautsState): { seat: number; place: Place }[] {
  return s.players.filter((p) => p.avatar.place !== null).map((p) => ({ seat: p.seat, place: p.avatar.place as Place }));
}

/** Spot indexes of a space nobody stands on; all of them when the space is full (standees then share). */
export function freeSpots(s: Draft | ComanautsState, spaceId: string, except?: string): number[] {
  const sp = space(s.page, spaceId);
  if (!sp) return [0];
  const taken = new Set<number>();
  for (const p of s.players) if (p.avatar.place?.space === spaceId && `a${p.seat}` !== except) taken.add(p.avatar.place.spot);
  for (const e of s.enemies) if (e.place.space === spaceId && e.uid !== except) taken.add(e.place.spot);
  const free = sp.spots.map((_, i) => i).filter((i) => !taken.has(i));
  return free.length > 0 ? free : sp.spots.map((_, i) => i);
}

export function spotPoint(s: Draft | ComanautsState, place: Place): [number, number] {
  const sp = space(s.page, place.space);
  const pt = sp?.spots[place.spot] ?? sp?.spots[0] ?? [0, 0];
  return [pt[0], pt[1]];
}

export function prompt(d: Draft, work: Work, seat: number, kind: PromptKind, options: string[], params: Record<string, string | number> = {}): void {
  d.work.unshift(work);
  d.prompt = { seat, kind, options, params };
}

export function lose(d: Draft, env: Env, reason: string): void {
  if (d.outcome) return;
  d.outcome = { phase: 'lost', reason };
  d.phase = 'over';
  d.prompt = null;
  d.work = [];
  pub(env, `lost.${reason}`);
}

/** Rules §Vital Signs: Flatline loses; only the first Critical card on a page has an effect. */
export function revealVitalSign(d: Draft, env: Env): void {
  const card = d.vitalDeck.shift();
  if (!card) return;
  d.vitalShown.push(card);
  pub(env, `vital.${card}`);
  if (card === 'flatline') return lose(d, env, 'flatline');
  if (card === 'critical' && !d.criticalSeenOnPage) {
    d.criticalSeenOnPage = true;
    d.work.unshift(...effectWork(d.page.id, 'entry.critical', d.page.entries.critical));
  }
}

export function addStatus(d: Draft, env: Env, seat: number, status: string): void {
  const p = d.players[seat] as Player;
  if (p.avatar.place === null || p.avatar.statuses.includes(status)) return;
  p.avatar.statuses.push(status);
  pub(env, 'status.gained', { seat, statusKey: K.status(status) });
}

function newAvatar(d: Draft, card: string): Player['avatar'] {
  const av = avatarCard(d, card);
  return { card, life: BASE_LIFE + (av?.lifeBonus ?? 0), statuses: [], suspicious: false, place: null };
}

function holderOf(d: Draft, item: string): { seat: number; where: SlotName | 'inventory' } | null {
  for (const p of d.players) {
    if (p.inventory.includes(item)) return { seat: p.seat, where: 'inventory' };
    for (const n of slotNames) if (p.equipment[n] === item) return { seat: p.seat, where: n };
  }
  return null;
}

export function removeItem(d: Draft, item: string): void {
  for (const p of d.players) {
    p.inventory = p.inventory.filter((x) => x !== item);
    for (const n of slotNames) if (p.equipment[n] === item) p.equipment[n] = null;
  }
}

/** Slots an item would fill (Rules §Equipment Slots): two-handed items take Hand and Hand/Accessory. */
export function slotsFor(kind: string, slot: SlotName): SlotName[] | null {
  if (kind === 'twoHands') return slot === 'hand' || slot === 'handAccessory' ? ['hand', 'handAccessory'] : null;
  if (kind === 'hand') return slot === 'hand' || slot === 'handAccessory' ? [slot] : null;
  if (kind === 'accessory') return slot === 'accessory' || slot === 'handAccessory' ? [slot] : null;
  return kind === slot ? [slot] : null;
}

/** Free slots where an item can be equipped at once (for free, Rules §Melee Attack on gaining items). */
export function freeSlotsFor(d: Draft | ComanautsState, seat: number, item: string): SlotName[] {
  const card = itemCard(d, item);
  const p = d.players[seat];
  if (!card || !p) return [];
  return slotNames.filter((n) => {
    const need = slotsFor(card.slot, n);
    return need !== null && need.every((x) => p.equipment[x] === null) && (card.slot !== 'twoHands' || n === 'hand');
  });
}

/** Equips an item, pushing whatever it displaces to the inventory and discarding beyond two (Rules §The Morass 6). */
function equipForcing(d: Draft, seat: number, item: string): void {
  const card = itemCard(d, item);
  const p = d.players[seat] as Player;
  if (!card) return;
  const candidates = slotNames.filter((n) => slotsFor(card.slot, n) !== null && (card.slot !== 'twoHands' || n === 'hand'));
  const slot = candidates.find((n) => (slotsFor(card.slot, n) as SlotName[]).every((x) => p.equipment[x] === null)) ?? candidates[0];
  if (!slot) return;
  for (const x of slotsFor(card.slot, slot) as SlotName[]) {
    const old = p.equipment[x];
    if (old !== null) {
      for (const n of slotNames) if (p.equipment[n] === old) p.equipment[n] = null;
      p.inventory.push(old);
    }
    p.equipment[x] = item;
  }
  while (p.inventory.length > INVENTORY_LIMIT) {
    const dropped = p.inventory.shift() as string;
    d.itemsOut = d.itemsOut.filter((x) => x !== dropped);
  }
  if (!d.itemsOut.includes(item)) d.itemsOut.push(item);
}

export function equipStartingItems(d: Draft, seat: number): void {
  const p = d.players[seat] as Player;
  const av = avatarCard(d, p.avatar.card);
  for (const item of av?.startItems ?? []) {
    if (d.itemsOut.includes(item) && holderOf(d, item) !== null) continue;
    equipForcing(d, seat, item);
  }
}

export function markSuspicious(d: Draft, seat: number): void {
  const p = d.players[seat] as Player;
  const av = avatarCard(d, p.avatar.card);
  p.avatar.suspicious = av?.suspicious.includes(d.page.comazone) ?? false;
}

const sealedPackParts = new WeakMap<object, object>();

/**
 * The sealed copy of a read-only part of a pack (a page, the catalogue), made once per pack object and
 * shared by every game: a validated pack never changes. The pack itself is left as it is.
 */
export function packPart<T extends object>(part: T, key: object = part): T {
  let copy = sealedPackParts.get(key) as T | undefined;
  if (!copy) {
    copy = sealedCopy(part);
    sealedPackParts.set(key, copy);
  }
  return copy;
}

/** Rules §Page Setup and §Leaving a Page: tokens, enemies and avatars of a page. */
export function enterPage(d: Draft, env: Env, page: PackPage): void {
  d.page = packPart(page) as Draft['page'];
  d.searchTokens = { ...page.setup.searchTokens };
  d.exploredPoi = [];
  d.triedTests = [];
  d.groupTaskDone = false;
  d.criticalSeenOnPage = false;
  d.defeated = [];
  d.childStandee = null;
  for (const e of d.enemies) removeEnemy(d, e.uid);
  const start = page.spaces.find((x) => x.symbols.includes('avatarStart')) ?? page.spaces[0];
  for (const p of d.players) {
    const spots = freeSpots(d, start?.id ?? '');
    p.avatar.place = { space: start?.id ?? '', spot: spots[0] ?? 0 };
    markSuspicious(d, p.seat);
  }
  d.situation = 'safe';
  pub(env, 'page.entered', { pageKey: K.page(page.id) });
  if (page.setup.encounter.length > 0) encounter(d, env, page.setup.encounter, undefined);
}

function removeEnemy(d: Draft, uid: string): void {
  d.enemies = d.enemies.filter((e) => e.uid !== uid);
  d.slots = d.slots.map((x) => (x === uid ? null : x));
}

/** Rules §Generating an Encounter: standees on the enemy start spaces, cards to empty slots, situation hostile. */
export function encounter(d: Draft, env: Env, hostiles: readonly string[], entityCode: string | undefined): void {
  const cards = [...hostiles];
  if (entityCode !== undefined) {
    const match = d.catalogue.enemies.find((e) => e.kind === 'entity' && e.code === entityCode && e.id !== d.primeEntity);
    cards.push(match ? match.id : d.primeEntity);
  }
  const starts = d.page.spaces.filter((x) => x.symbols.includes('enemyStart')).map((x) => x.id);
  cards.forEach((card, i) => placeEnemy(d, env, card, starts[i % starts.length] ?? d.page.spaces[0]?.id ?? ''));
}

export function placeEnemy(d: Draft, env: Env, card: string, at: string): void {
  const slot = d.slots.indexOf(null);
  if (slot < 0 || !card) return;
  const uid = `e${d.nextEnemy}`;
  d.nextEnemy += 1;
  const isPrime = card === d.primeEntity;
  d.enemies.push({ uid, card, place: { space: at, spot: freeSpots(d, at)[0] ?? 0 }, life: isPrime ? d.seats : null });
  d.slots[slot] = uid;
  d.situation = 'hostile';
  pub(env, 'enemy.entered', { enemyKey: K.enemy(card), spaceKey: K.space(d.page.id, at) });
}

/** Rules §Melee Attack and §Attacking the Prime I.D. Entity. Returns the loot to gain, if any. */
export function defeatEnemy(d: Draft, env: Env, uid: string): string | null {
  const e = d.enemies.find((x) => x.uid === uid);
  if (!e) return null;
  if (e.life !== null && e.life > 1) {
    e.life -= 1;
    pub(env, 'enemy.primeWounded', { enemyKey: K.enemy(e.card), left: e.life });
    return null;
  }
  removeEnemy(d, uid);
  const card = enemyCard(d, e.card);
  if (card?.kind === 'hostile') d.defeated.push(e.card);
  pub(env, 'enemy.defeated', { enemyKey: K.enemy(e.card) });
  if (e.card === d.primeEntity) {
    d.outcome = { phase: 'won', reason: 'primeDefeated' };
    d.phase = 'over';
    d.work = [];
    d.prompt = null;
    pub(env, 'won');
    return null;
  }
  if (d.enemies.length === 0) {
    d.situation = 'safe';
    pub(env, 'situation.safe');
  }
  const loot = card?.loot;
  return loot && !d.itemsOut.includes(loot) ? loot : null;
}

/** Options for placing a gained item (Rules §Melee Attack: equip free, inventory, or give in the same space). */
export function gainOptions(d: Draft | ComanautsState, seat: number, item: string): string[] {
  const p = d.players[seat];
  if (!p) return ['discard'];
  const out: string[] = [];
  const here = p.avatar.place?.space;
  const seats = d.players.filter((q) => q.seat === seat || (here !== undefined && q.avatar.place?.space === here)).map((q) => q.seat);
  for (const s of seats) {
    for (const slot of freeSlotsFor(d, s, item)) out.push(`${s}:${slot}`);
    if ((d.players[s] as PlayerState).inventory.length < INVENTORY_LIMIT) out.push(`${s}:inventory`);
  }
  out.push('discard');
  return out;
}

function applyGain(d: Draft, env: Env, item: string, answer: string): void {
  if (answer === 'discard') {
    pub(env, 'item.discarded', { itemKey: K.item(item) });
    return;
  }
  const [seatText, where] = answer.split(':');
  const seat = Number(seatText);
  const p = d.players[seat] as Player;
  if (where === 'inventory') p.inventory.push(item);
  else {
    const card = itemCard(d, item);
    for (const x of slotsFor(card?.slot ?? '', where as SlotName) ?? []) p.equipment[x] = item;
  }
  d.itemsOut.push(item);
  pub(env, 'item.gained', { seat, itemKey: K.item(item), where: where ?? 'inventory' });
}

export function rollPurposeKind(purpose: RollPurpose): 'melee' | 'ranged' | 'plain' {
  return purpose.kind === 'melee' || purpose.kind === 'ranged' ? purpose.kind : 'plain';
}

function rollTarget(d: Draft, purpose: RollPurpose): number {
  switch (purpose.kind) {
    case 'melee':
    case 'ranged': {
      const e = d.enemies.find((x) => x.uid === purpose.enemy);
      return e ? (enemyCard(d, e.card)?.defence ?? 99) : 99;
    }
    case 'search':
      return SEARCH_TARGET;
    case 'skill':
      return d.page.tests.find((t) => t.id === purpose.test)?.target ?? 99;
    case 'status':
      return statusCard(d, purpose.status)?.removal?.target ?? 99;
  }
}

/** Runs queued work until it empties, the game ends, or someone must answer a prompt. */
export function drain(d: Draft, env: Env): void {
  let guard = 0;
  while (!d.outcome && d.prompt === null && d.work.length > 0) {
    if (++guard > 10_000) throw new Error('comanauts: work queue does not settle');
    const w = d.work.shift() as Work;
    step(d, env, w);
  }
  if (!d.outcome && d.prompt === null && d.work.length === 0 && d.phase === 'resolving') d.phase = 'actions';
}

function step(d: Draft, env: Env, w: Work): void {
  switch (w.k) {
    case 'startTurn':
      return startTurn(d, env, w);
    case 'afterClarity':
      d.work.unshift({ k: 'placeThreat' }, { k: 'placeChild' });
      return;
    case 'placeThreat':
      return placeThreat(d, env, w);
    case 'placeChild':
      return placeChild(d, env);
    case 'endTurn':
      return endTurn(d, env);
    case 'checkThreat':
      return checkThreat(d, env);
    case 'safeTail':
      if (d.situation === 'hostile' && d.enemies.length > 0) d.work.unshift({ k: 'enemyTurn' }, { k: 'enemyTurnEnd' });
      else {
        d.dice.discard.push(...d.dice.threat.map((t) => t.die));
        d.dice.threat = [];
        refreshBag(d);
      }
      return;
    case 'enemyTurn':
      pub(env, 'enemy.turn');
      d.work.unshift(...d.slots.filter((x): x is string => x !== null).map((enemy) => ({ k: 'activate' as const, enemy })), { k: 'enemyTurnEnd' });
      return;
    case 'activate':
      return activate(d, env, w);
    case 'enemyTurnEnd':
      d.dice.discard.push(...d.dice.threat.map((t) => t.die));
      d.dice.threat = [];
      refreshBag(d);
      return;
    case 'attack':
      return attack(d, env, w);
    case 'morass':
      return morass(d, env, w.seat);
    case 'effect':
      return runEffect(d, env, w.effect, w.key);
    case 'roll':
      return resolveRoll(d, env, w);
    case 'gainItem': {
      const options = gainOptions(d, w.seat, w.item);
      if (w.answer === undefined && options.length > 1) return prompt(d, w, w.seat, 'gainItem', options, { item: w.item });
      return applyGain(d, env, w.item, w.answer ?? options[0] ?? 'discard');
    }
    case 'nextTurn':
      return nextTurn(d, env);
  }
}

function startTurn(d: Draft, env: Env, w: Extract<Work, { k: 'startTurn' }>): void {
  const p = d.players[d.active] as Player;
  if (p.avatar.place === null) {
    const candidates = [...new Set(avatarsOnMap(d).map((a) => a.place.space))].sort();
    if (candidates.length === 0) return lose(d, env, 'allInMorass');
    if (w.morassChoice === undefined && candidates.length > 1) return prompt(d, w, d.bookkeeper, 'morassReturn', candidates, { seat: d.active });
    const at = w.morassChoice ?? (candidates[0] as string);
    const spots = freeSpots(d, at).map(String);
    if (w.spot === undefined && spots.length > 1) {
      return prompt(d, { ...w, morassChoice: at }, d.bookkeeper, 'avatarSpot', spots, { seat: d.active, space: at });
    }
    p.avatar.place = { space: at, spot: w.spot ?? Number(spots[0] ?? 0) };
    markSuspicious(d, d.active);
    pub(env, 'morass.returned', { seat: d.active, spaceKey: K.space(d.page.id, at), suspicious: p.avatar.suspicious });
  }
  d.phase = 'draw';
  pub(env, 'turn.started', { seat: d.active });
}

const drewKeys = Array.from({ length: HAND_SIZE }, (_, i) => `d${i}`);

/**
 * The work item waiting on a prompt, with its answer: a new item, since states share their work items.
 * Each kind is written out whole (unset keys as undefined, which no JSON holds), so items of one kind
 * share one hidden class instead of being spread from differently shaped ones.
 */
export function resume(w: Work, kind: PromptKind | undefined, value: string): Work {
  switch (w.k) {
    case 'startTurn':
      return kind === 'avatarSpot'
        ? ({ k: 'startTurn', morassChoice: w.morassChoice, spot: Number(value) } satisfies Whole<typeof w>)
        : ({ k: 'startTurn', morassChoice: value, spot: w.spot } satisfies Whole<typeof w>);
    case 'placeThreat':
      return { k: 'placeThreat', choice: value } satisfies Whole<typeof w>;
    case 'attack':
      return { k: 'attack', seat: w.seat, strength: w.strength, status: w.status, defend: value === 'defend' } satisfies Whole<typeof w>;
    case 'roll':
      return { k: 'roll', seat: w.seat, dice: w.dice, faces: w.faces, purpose: w.purpose, answer: value } satisfies Whole<typeof w>;
    case 'gainItem':
      return { k: 'gainItem', seat: w.seat, item: w.item, answer: value } satisfies Whole<typeof w>;
    case 'activate': {
      const a = { k: 'activate', enemy: w.enemy, face: w.face, goal: w.goal, end: w.end, moved: w.moved, spot: w.spot, target: w.target } satisfies Whole<Activation>;
      if (kind === 'enemyGoal') return { ...a, goal: value };
      if (kind === 'enemyEnd') return { ...a, end: value };
      if (kind === 'enemySpot') return { ...a, spot: Number(value) };
      if (kind === 'enemyTarget') return { ...a, target: Number(value) };
      return w;
    }
    default:
      return w;
  }
}

/** Rules §Draw Dice, then straight to Gain Clarity (or past it when no white die came out). */
export function drawStep(d: Draft, env: Env): void {
  drawDice(d, HAND_SIZE, env.rng);
  const kinds = d.dice.hand.map((x) => dieKind(d, x));
  const params: Record<string, string | number> = { seat: d.active, count: kinds.length };
  for (let i = 0; i < HAND_SIZE; i++) params[drewKeys[i] as string] = kinds[i] ?? 'none';
  pub(env, 'turn.drew', params);
  if (d.dice.hand.some((x) => dieKind(d, x) === 'white')) d.phase = 'clarity';
  else {
    d.phase = 'resolving';
    d.work.push({ k: 'afterClarity' });
  }
}

/** Rules §Gain Clarity: one roll of the chosen white dice; a token when it reaches the current count. */
export function gainClarity(d: Draft, env: Env, count: number): void {
  const p = d.players[d.active] as Player;
  const dice = d.dice.hand.filter((x) => dieKind(d, x) === 'white').slice(0, count);
  const faces = dice.map(() => env.rng.die(6));
  const total = faces.reduce((a, b) => a + b, 0);
  const gained = total >= p.clarity;
  if (gained) p.clarity += 1;
  discardDice(d, dice);
  pub(env, 'clarity.rolled', { seat: d.active, total, gained, clarity: p.clarity });
  if (!d.dice.hand.some((x) => dieKind(d, x) === 'white')) {
    d.phase = 'resolving';
    d.work.push({ k: 'afterClarity' });
  }
}

function placeThreat(d: Draft, env: Env, w: Extract<Work, { k: 'placeThreat' }>): void {
  if (w.choice === undefined) {
    const p = d.players[d.active] as Player;
    for (const die of d.dice.hand.filter((x) => dieKind(d, x) === 'black')) {
      takeFromHand(d, die);
      d.dice.threat.push({ die, face: null });
    }
    for (const die of d.dice.hand.filter((x) => dieKind(d, x) === 'suspicious')) {
      takeFromHand(d, die);
      if (p.avatar.suspicious) d.dice.threat.push({ die, face: null });
      else {
        d.dice.bag.push(die);
        d.dice.bag.sort();
      }
    }
    pub(env, 'threat.placed', { count: d.dice.threat.length });
  }
  if (d.situation !== 'hostile' || d.dice.threat.length <= d.enemies.length || d.defeated.length === 0 || !d.slots.includes(null)) return;
  const starts = d.page.spaces.filter((x) => x.symbols.includes('enemyStart')).map((x) => x.id);
  const options = [...new Set(d.defeated)].sort().flatMap((card) => starts.map((at) => `${card}@${at}`));
  if (w.choice === undefined && options.length > 1) return prompt(d, { k: 'placeThreat', choice: '' }, d.bookkeeper, 'returnHostile', options);
  const choice = w.choice || (options[0] as string);
  const [card, at] = choice.split('@') as [string, string];
  d.defeated.splice(d.defeated.indexOf(card), 1);
  placeEnemy(d, env, card, at);
  pub(env, 'enemy.returned', { enemyKey: K.enemy(card), spaceKey: K.space(d.page.id, at) });
}

function placeChild(d: Draft, env: Env): void {
  const die = d.dice.hand.find((x) => dieKind(d, x) === 'child');
  d.phase = 'actions';
  if (!die) return;
  takeFromHand(d, die);
  const face = env.rng.die(6);
  d.dice.child = { die, face };
  const hole = d.page.spaces.find((x) => x.symbols.includes('rabbitHole'));
  d.childStandee = hole ? hole.id : null;
  pub(env, 'child.placed', { face, spaceKey: hole ? K.space(d.page.id, hole.id) : K.page(d.page.id) });
  revealVitalSign(d, env);
}

function endTurn(d: Draft, env: Env): void {
  discardDice(d, [...d.dice.hand]);
  const p = d.players[d.active] as Player;
  const burning = p.avatar.statuses.some((x) => statusCard(d, x)?.effect === 'burning');
  d.work.unshift({ k: 'checkThreat' }, { k: 'nextTurn' });
  if (burning && p.avatar.place !== null) {
    p.avatar.life -= 1;
    pub(env, 'status.burned', { seat: p.seat, life: p.avatar.life });
    if (p.avatar.life <= 0) d.work.unshift({ k: 'morass', seat: p.seat });
  }
}

function checkThreat(d: Draft, env: Env): void {
  const n = d.dice.threat.length;
  if (d.situation === 'hostile' && d.enemies.length > 0 && n >= d.enemies.length) {
    d.work.unshift({ k: 'enemyTurn' });
  } else if (d.situation === 'safe' && n >= SAFE_THREAT_DICE) {
    pub(env, 'threat.entry', { pageKey: K.page(d.page.id) });
    d.work.unshift(...effectWork(d.page.id, 'entry.threat', d.page.entries.threat), { k: 'safeTail' });
  }
}

function nextTurn(d: Draft, env: Env): void {
  if (d.turnToPage !== null && env.pack) {
    const page = env.pack.pages.find((x) => x.id === d.turnToPage);
    d.turnToPage = null;
    if (page) {
      d.dice.bag.push(...d.dice.discard, ...d.dice.threat.map((t) => t.die), ...d.dice.group.map((t) => t.die));
      d.dice.discard = [];
      d.dice.threat = [];
      d.dice.group = [];
      if (d.dice.child) d.dice.bag.push(d.dice.child.die);
      d.dice.child = null;
      d.dice.bag.sort();
      enterPage(d, env, page);
      d.bookkeeper = (d.bookkeeper + 1) % d.seats;
    }
  }
  d.active = (d.active + 1) % d.seats;
  if (d.active === 0) d.round += 1;
  d.phase = 'resolving';
  d.work.unshift({ k: 'startTurn' });
}

type Activation = Extract<Work, { k: 'activate' }>;

function activate(d: Draft, env: Env, w: Activation): void {
  const e = d.enemies.find((x) => x.uid === w.enemy);
  if (!e) return;
  const card = enemyCard(d, e.card);
  if (!card) return;
  let face = w.face;
  if (face === undefined) {
    const top = d.dice.threat.find((t) => t.face === null);
    if (!top) return;
    face = env.rng.die(6);
    top.face = face;
  }
  const action = card.actions.find((a) => a.min <= face && face <= a.max) ?? card.actions[0];
  if (!action) return;
  if (w.face === undefined) {
    pub(env, 'enemy.rolled', { enemyKey: K.enemy(e.card), face, actionKey: K.action(e.card, card.actions.indexOf(action)), speed: action.speed, range: action.range, strength: action.strength, context: action.range === 0 ? 'melee' : 'ranged' });
  }
  const cur: DeepMutable<Activation> = { k: 'activate', enemy: w.enemy, face, goal: w.goal, end: w.end, moved: w.moved, spot: w.spot, target: w.target } satisfies Whole<Activation>;
  if (!cur.moved) {
    const avatars = avatarsOnMap(d);
    const sharing = avatars.some((a) => a.place.space === e.place.space);
    if (!sharing && action.speed > 0 && avatars.length > 0) {
      const dist = distancesFrom(d.page, e.place.space);
      const reach = avatars.filter((a) => dist.has(a.place.space));
      const best = Math.min(...reach.map((a) => dist.get(a.place.space) as number));
      const nearest = [...new Set(reach.filter((a) => dist.get(a.place.space) === best).map((a) => a.place.space))].sort();
      if (nearest.length > 0) {
        if (cur.goal === undefined && nearest.length > 1) return prompt(d, cur, d.bookkeeper, 'enemyGoal', nearest, { enemy: e.card });
        const goalSpace = cur.goal ?? (nearest[0] as string);
        const ends = moveEnds(d.page, e.place.space, goalSpace, action.speed);
        if (cur.end === undefined && ends.length > 1) return prompt(d, { ...cur, goal: goalSpace }, d.bookkeeper, 'enemyEnd', ends, { enemy: e.card });
        const end = cur.end ?? (ends[0] as string);
        if (end !== e.place.space) {
          const spots = freeSpots(d, end, e.uid).map(String);
          if (cur.spot === undefined && spots.length > 1) {
            return prompt(d, { ...cur, goal: goalSpace, end }, d.bookkeeper, 'enemySpot', spots, { enemy: e.card, space: end });
          }
          e.place = { space: end, spot: cur.spot ?? Number(spots[0] ?? 0) };
          pub(env, 'enemy.moved', { enemyKey: K.enemy(e.card), spaceKey: K.space(d.page.id, end), speed: action.speed });
        }
      }
    }
    cur.moved = true;
  }
  const targets = enemyTargets(d, e.uid, action.range);
  if (targets.length === 0) {
    discardThreatDie(d);
    pub(env, 'enemy.noTarget', { enemyKey: K.enemy(e.card) });
    return;
  }
  const options = targets.map(String);
  if (cur.target === undefined && options.length > 1) return prompt(d, cur, d.bookkeeper, 'enemyTarget', options, { enemy: e.card });
  const target = cur.target ?? (targets[0] as number);
  discardThreatDie(d);
  pub(env, 'enemy.attacks', { enemyKey: K.enemy(e.card), actionKey: K.action(e.card, card.actions.indexOf(action)), seat: target, strength: action.strength });
  d.work.unshift(action.status ? { k: 'attack', seat: target, strength: action.strength, status: action.status } : { k: 'attack', seat: target, strength: action.strength });
}

function discardThreatDie(d: Draft): void {
  const at = d.dice.threat.findIndex((t) => t.face !== null);
  if (at < 0) return;
  const [t] = d.dice.threat.splice(at, 1);
  if (t) d.dice.discard.push(t.die);
}

/** Rules §Enemy Turn, Target: the closest avatars within range and clear sight. */
export function enemyTargets(s: Draft | ComanautsState, uid: string, range: number): number[] {
  const e = s.enemies.find((x) => x.uid === uid);
  if (!e) return [];
  const dist = distancesFrom(s.page, e.place.space);
  const from = spotPoint(s, e.place);
  const inRange = avatarsOnMap(s).filter((a) => {
    const dd = dist.get(a.place.space);
    return dd !== undefined && dd <= range && clearSight(s.page, from, spotPoint(s, a.place));
  });
  if (inRange.length === 0) return [];
  const best = Math.min(...inRange.map((a) => dist.get(a.place.space) as number));
  return inRange.filter((a) => dist.get(a.place.space) === best).map((a) => a.seat);
}

function attack(d: Draft, env: Env, w: Extract<Work, { k: 'attack' }>): void {
  const p = d.players[w.seat] as Player;
  if (p.avatar.place === null) return;
  if (p.stored !== null && w.defend === undefined) {
    return prompt(d, w, w.seat, 'defend', ['defend', 'take'], { strength: w.strength });
  }
  let hit = true;
  if (w.defend && p.stored !== null) {
    const die = p.stored;
    const face = env.rng.die(6);
    const total = rollTotal(d, w.seat, [die], [face], 'defence');
    if (total >= w.strength) {
      hit = false;
      pub(env, 'defend.blocked', { seat: w.seat, total, strength: w.strength });
    } else {
      p.stored = null;
      d.dice.discard.push(die);
      pub(env, 'defend.failed', { seat: w.seat, total, strength: w.strength });
    }
  }
  if (!hit) return;
  p.avatar.life -= 1;
  pub(env, 'life.lost', { seat: w.seat, life: p.avatar.life });
  if (w.status) addStatus(d, env, w.seat, w.status);
  if (p.avatar.life <= 0) d.work.unshift({ k: 'morass', seat: w.seat });
}

/** Rules §The Morass, steps 1–6, then the two losses it can cause. */
function morass(d: Draft, env: Env, seat: number): void {
  const p = d.players[seat] as Player;
  revealVitalSign(d, env);
  if (d.outcome) return;
  p.avatar.place = null;
  if (p.stored !== null) {
    d.dice.discard.push(p.stored);
    p.stored = null;
  }
  if (seat === d.active) discardDice(d, [...d.dice.hand]);
  const old = avatarCard(d, p.avatar.card);
  for (const item of old?.startItems ?? []) {
    if (holderOf(d, item)?.seat === seat) {
      removeItem(d, item);
      d.itemsOut = d.itemsOut.filter((x) => x !== item);
    }
  }
  p.defaultActive = false;
  p.sentToMorass += 1;
  pub(env, 'morass.sent', { seat, avatarKey: K.avatar(p.avatar.card) });
  if (p.current + 1 >= p.avatarCards.length) return lose(d, env, 'lastAvatar');
  p.current += 1;
  p.avatar = newAvatar(d, p.avatarCards[p.current] as string);
  equipStartingItems(d, seat);
  pub(env, 'morass.newAvatar', { seat, avatarKey: K.avatar(p.avatar.card) });
  if (d.players.every((q) => q.avatar.place === null)) lose(d, env, 'allInMorass');
}

function targets(d: Draft, who: 'all' | 'active'): number[] {
  if (who === 'active') return [d.active];
  return d.players.map((_, i) => (d.active + i) % d.seats);
}

/** Book entries queued as work; `key` is where the effect sits in the pack, so narration travels as a `textKey`. */
export function effectWork(page: string, path: string, effects: readonly Effect[]): Extract<Work, { k: 'effect' }>[] {
  return effects.map((effect, i) => ({ k: 'effect' as const, effect, key: `page.${page}.${path}.${i}` }));
}

export function runEffect(d: Draft, env: Env, effect: Effect, key?: string): void {
  switch (effect.do) {
    case 'narrate':
      pub(env, 'book.narrate', { textKey: `${key ?? ''}.text` });
      return;
    case 'encounter':
      encounter(d, env, effect.hostiles, effect.entity);
      return;
    case 'gainInsight':
      d.insight += effect.n;
      pub(env, 'insight.gained', { n: effect.n });
      while (d.insight >= INSIGHT_PER_CLUE) {
        d.insight -= INSIGHT_PER_CLUE;
        d.cluesRevealed += 1;
        pub(env, 'insight.clue', { clues: d.cluesRevealed });
      }
      return;
    case 'attack':
      d.work.unshift(...targets(d, effect.who).map((seat) => ({ k: 'attack' as const, seat, strength: effect.strength })));
      return;
    case 'status':
      for (const seat of targets(d, effect.who)) addStatus(d, env, seat, effect.status);
      return;
    case 'activateDefaultStatus':
      for (const seat of targets(d, effect.who)) {
        const p = d.players[seat] as Player;
        p.defaultActive = true;
        pub(env, 'status.defaultActive', { seat, statusKey: K.status(p.defaultStatus) });
      }
      return;
    case 'turnToPage':
      d.turnToPage = effect.page;
      pub(env, 'page.leaving', { pageKey: K.page(effect.page) });
      return;
  }
}

function rollSubject(d: Draft, purpose: RollPurpose): Record<string, string> {
  switch (purpose.kind) {
    case 'melee':
    case 'ranged': {
      const e = d.enemies.find((x) => x.uid === purpose.enemy);
      return e ? { enemyKey: K.enemy(e.card) } : {};
    }
    case 'search':
      return { itemKey: K.item(purpose.item) };
    case 'skill':
      return { testKey: K.test(d.page.id, purpose.test) };
    case 'status':
      return { statusKey: K.status(purpose.status) };
  }
}

function resolveRoll(d: Draft, env: Env, w: Extract<Work, { k: 'roll' }>): void {
  const p = d.players[w.seat] as Player;
  const faces = [...w.faces];
  if (w.answer?.startsWith('reroll:')) {
    const i = Number(w.answer.slice(7));
    p.clarity -= 1;
    faces[i] = env.rng.die(6);
    pub(env, 'roll.rerolled', { seat: w.seat, die: i, face: faces[i] as number, clarity: p.clarity });
  }
  const total = rollTotal(d, w.seat, w.dice, faces, rollPurposeKind(w.purpose));
  const target = rollTarget(d, w.purpose);
  const success = total >= target;
  if (!success && p.clarity > 0 && w.answer !== 'keep') {
    const options = ['keep', ...w.dice.map((_, i) => `reroll:${i}`)];
    return prompt(d, { ...w, faces, answer: undefined } as Work, w.seat, 'reroll', options, { total, target });
  }
  discardDice(d, w.dice);
  pub(env, `roll.${w.purpose.kind}`, { seat: w.seat, total, target, success, faces: faces.join(' + '), ...rollSubject(d, w.purpose) });
  const purpose = w.purpose;
  switch (purpose.kind) {
    case 'melee':
    case 'ranged': {
      if (!success) return;
      const loot = defeatEnemy(d, env, purpose.enemy);
      if (loot) d.work.unshift({ k: 'gainItem', seat: w.seat, item: loot });
      return;
    }
    case 'search': {
      if (!success) return;
      const at = p.avatar.place?.space ?? '';
      d.searchTokens[at] = Math.max(0, (d.searchTokens[at] ?? 0) - 1);
      d.work.unshift({ k: 'gainItem', seat: w.seat, item: purpose.item });
      return;
    }
    case 'skill': {
      const test = d.page.tests.find((t) => t.id === purpose.test);
      const effects = success ? test?.success : test?.fail;
      d.work.unshift(...effectWork(d.page.id, `test.${purpose.test}.${success ? 'success' : 'fail'}`, effects ?? []));
      return;
    }
    case 'status': {
      if (!success) return;
      const q = d.players[purpose.seat] as Player;
      if (purpose.status === q.defaultStatus && q.defaultActive) q.defaultActive = false;
      else q.avatar.statuses = q.avatar.statuses.filter((x) => x !== purpose.status);
      pub(env, 'status.removed', { seat: purpose.seat, statusKey: K.status(purpose.status) });
      return;
    }
  }
}

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
  const dd = distancesFrom(s.page, p.avatar.place.space).get(e.place.space);
  if (dd === undefined || dd > range) return 'ranged.outOfRange';
  if (!clearSight(s.page, spotPoint(s, p.avatar.place), spotPoint(s, e.place))) return 'ranged.noClearSight';
  return null;
}

export { holderOf as itemHolder };

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

export function markPoi(d: Draft, env: Env, at: string): void {
  const sp = space(d.page, at);
  if (sp?.symbols.includes('poi') && !d.exploredPoi.includes(at)) {
    const effects = d.page.entries.poi[at] ?? [];
    d.exploredPoi.push(at);
    pub(env, 'poi.explored', { spaceKey: K.space(d.page.id, at) });
    d.work.unshift(...effectWork(d.page.id, `entry.poi.${at}`, effects));
  }
  if (d.childStandee === at) {
    pub(env, 'child.reached', { spaceKey: K.space(d.page.id, at) });
    d.childStandee = null;
    if (d.dice.child) d.dice.discard.push(d.dice.child.die);
    d.dice.child = null;
    d.work.unshift(...effectWork(d.page.id, 'entry.rabbitHole', d.page.entries.rabbitHole));
  }
}
