import { type GameEvent, type Rng } from '../../../core/index.ts';
import { textKeys as K, type AttributeColour, type Bonus, type ComanautsPack, type DieKind, type Effect, type PackPage } from '../content.ts';
import { slotNames, type ComanautsState, type Place, type PlayerState, type PromptKind, type Work } from '../state.ts';
import { type Draft, type Player } from './draft.ts';

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

/**
 * The rules a game plays by: games set up before issue 18 carry no `rules` and keep version 1's
 * behaviour wherever a change would alter the replay of their logs.
 */
export const rulesOf = (s: Draft | ComanautsState): number => s.rules ?? 1;

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
  // Rules 4: the ending names who held Martin, now that the game is over (Rules §WINNING / LOSING).
  const prime = d.adventure ? env.pack?.ids?.find((x) => x.id === d.adventure?.prime) : undefined;
  if (prime) pub(env, 'adventure.lost', { enemyKey: K.enemy(prime.enemy), comazoneKey: K.comazone(prime.comazone) });
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

/** Rules §Status/Suspicious: never two of the same status card, the face-up default status included (rules 2). */
export function addStatus(d: Draft, env: Env, seat: number, status: string): void {
  const p = d.players[seat] as Player;
  if (p.avatar.place === null || p.avatar.statuses.includes(status)) return;
  if (rulesOf(d) >= 2 && p.defaultActive && p.defaultStatus === status) return;
  p.avatar.statuses.push(status);
  pub(env, 'status.gained', { seat, statusKey: K.status(status) });
}

export function targets(d: Draft, who: 'all' | 'active'): number[] {
  if (who === 'active') return [d.active];
  return d.players.map((_, i) => (d.active + i) % d.seats);
}

/** Book entries queued as work; `key` is where the effect sits in the pack, so narration travels as a `textKey`. */
export function effectWork(page: string, path: string, effects: readonly Effect[]): Extract<Work, { k: 'effect' }>[] {
  return effects.map((effect, i) => ({ k: 'effect' as const, effect, key: `page.${page}.${path}.${i}` }));
}
