import { sealedCopy } from '../../../core/index.ts';
import { textKeys as K, type PackPage } from '../content.ts';
import { type ComanautsState, type Work } from '../state.ts';
import { type Env, effectWork, enemyCard, freeSpots, prompt, pub, rulesOf, space } from './basics.ts';
import { type Draft } from './draft.ts';
import { markSuspicious } from './items.ts';
import { entityForCode } from './book-hooks.ts';
import { ruleOut } from './clues.ts';
import { enterSpaceBook, introductionWork, setupBook } from './book-page.ts';

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
  if (d.insightTokens !== undefined) d.insightTokens = [];
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
  setupBook(d, env, page);
  pub(env, 'page.entered', { pageKey: K.page(page.id) });
  d.work.unshift(...introductionWork(d, page));
  const code = rulesOf(d) >= 3 ? page.setup.code : undefined;
  if (page.setup.encounter.length > 0 || code !== undefined) encounter(d, env, page.setup.encounter, code);
}

function removeEnemy(d: Draft, uid: string): void {
  d.enemies = d.enemies.filter((e) => e.uid !== uid);
  d.slots = d.slots.map((x) => (x === uid ? null : x));
}

/**
 * Rules §Generating an Encounter: standees on the enemy start spaces, cards to empty slots, situation
 * hostile. From rules 2 the cards are queued (`dealEncounter`): shuffled with the game's generator and
 * spread evenly, the bookkeeper choosing where the extra standees go (Rules §Ambiguous Effects).
 */
export function encounter(d: Draft, env: Env, hostiles: readonly string[], entityCode: string | undefined): void {
  const cards = [...hostiles];
  if (entityCode !== undefined) {
    cards.push(entityForCode(d, env, entityCode));
  }
  if (rulesOf(d) >= 2) {
    if (cards.length > 0) d.work.unshift({ k: 'encounter', cards: env.rng.shuffle(cards) });
    return;
  }
  const starts = enemyStarts(d);
  cards.forEach((card, i) => placeEnemy(d, env, card, starts[i % starts.length] ?? d.page.spaces[0]?.id ?? ''));
}

export function enemyStarts(d: Draft | ComanautsState): string[] {
  return d.page.spaces.filter((x) => x.symbols.includes('enemyStart')).map((x) => x.id);
}

/** Every way to choose `k` of the start spaces (in page order), each written `a+b`. */
export function spreadOptions(starts: readonly string[], k: number): string[] {
  const out: string[] = [];
  const walk = (from: number, chosen: string[]): void => {
    if (chosen.length === k) {
      out.push(chosen.join('+'));
      return;
    }
    for (let i = from; i < starts.length; i++) walk(i + 1, [...chosen, starts[i] as string]);
  };
  walk(0, []);
  return out;
}

/** Rules §Generating an Encounter with rules 2: the shuffled cards dealt, their standees spread as evenly as possible. */
export function dealEncounter(d: Draft, env: Env, w: Extract<Work, { k: 'encounter' }>): void {
  const starts = enemyStarts(d);
  const fallback = d.page.spaces[0]?.id ?? '';
  if (starts.length === 0) {
    for (const card of w.cards) placeEnemy(d, env, card, fallback);
    return;
  }
  const n = Math.min(w.cards.length, d.slots.filter((x) => x === null).length);
  const extra = n % starts.length;
  const options = extra === 0 ? [] : spreadOptions(starts, extra);
  if (w.spread === undefined && options.length > 1) {
    return prompt(d, w, d.bookkeeper, 'spreadEnemies', options, { count: n, spaces: starts.length });
  }
  const more = new Set((w.spread ?? options[0] ?? '').split('+'));
  const base = Math.floor(n / starts.length);
  const targets = starts.flatMap((at) => Array<string>(base + (more.has(at) ? 1 : 0)).fill(at));
  w.cards.forEach((card, i) => placeEnemy(d, env, card, targets[i] ?? starts[i % starts.length] ?? fallback));
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
  const a = d.adventure;
  const met = idOfCard(d, env, card);
  if (met !== undefined && a && !a.encountered.includes(card)) {
    // Rules §The Nexus: an I.D. met from the stack is not the Prime (the notebook crosses it off).
    a.encountered.push(card);
    if (a.stack.includes(met)) ruleOut(a, [], [card]);
  }
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
  const id = idOfCard(d, env, e.card);
  if (id !== undefined && d.adventure && !d.adventure.defeatedIds.includes(id)) d.adventure.defeatedIds.push(id);
  if (e.card === d.primeEntity && d.adventure) pub(env, 'adventure.won', { enemyKey: K.enemy(e.card), comazoneKey: K.comazone(d.adventure.comazone) });
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

/** Rules 4: the I.D. (of the stack or the Prime) an enemy card in play stands for. */
function idOfCard(d: Draft, env: Env, card: string): string | undefined {
  const a = d.adventure;
  if (!a) return undefined;
  return env.pack?.ids?.find((x) => x.enemy === card && (a.stack.includes(x.id) || x.id === a.prime))?.id;
}

export function markPoi(d: Draft, env: Env, at: string): void {
  const sp = space(d.page, at);
  const repeatable = sp?.repeatable === true;
  if (sp?.symbols.includes('poi') && (repeatable || !d.exploredPoi.includes(at))) {
    const effects = d.page.entries.poi[at] ?? [];
    if (!d.exploredPoi.includes(at)) d.exploredPoi.push(at);
    pub(env, 'poi.explored', { spaceKey: K.space(d.page.id, at) });
    d.work.unshift(...effectWork(d.page.id, `entry.poi.${at}`, effects));
  }
  if (d.insightTokens?.includes(at)) {
    // Rules §Insight Spot: the token is taken and the page's matching entry read.
    d.insightTokens = d.insightTokens.filter((x) => x !== at);
    pub(env, 'insight.spotReached', { seat: d.active, spaceKey: K.space(d.page.id, at) });
    d.work.unshift(...effectWork(d.page.id, `entry.insight.${at}`, d.page.entries.insight?.[at] ?? []));
  }
  if (d.childStandee === at) {
    pub(env, 'child.reached', { spaceKey: K.space(d.page.id, at) });
    d.childStandee = null;
    if (d.dice.child) d.dice.discard.push(d.dice.child.die);
    d.dice.child = null;
    d.work.unshift(...effectWork(d.page.id, 'entry.rabbitHole', d.page.entries.rabbitHole));
  }
  d.work.unshift(...enterSpaceBook(d, env, at));
}
