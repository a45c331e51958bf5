import { textKeys as K, type AttributeColour, type PackPage } from '../content.ts';
import { type RollPurpose, type Work } from '../state.ts';
import { type Env, avatarCard, dieKind, discardDice, equippedItems, isAttribute, itemCard, pub, rulesOf, space } from './basics.ts';
import { NEXUS, enterNexus, pageByRef } from './book-hooks.ts';
import { doorsBeside } from './doors.ts';
import { type Draft, type Player } from './draft.ts';
import { holderOf, removeItem } from './items.ts';

/**
 * Rules 3: the book's part of a page (docs/comanauts-book.md): its setup (doors, objective, insight and
 * fire tokens, environment cards), what an avatar meets on entering a space, leaving the page, and the
 * actions the book adds (open a door, use an environment card or an item, book-written clarity abilities).
 */
export function setupBook(d: Draft, env: Env, page: PackPage): void {
  if (rulesOf(d) < 3) return;
  const setup = page.setup;
  d.insightTokens = [...(setup.insight ?? [])];
  const doors = page.doors ?? [];
  d.pageBook = {
    doors: (setup.doors ?? []).map((id) => ({ id, locked: doors.find((x) => x.id === id)?.locked === true })),
    objectives: [...(setup.objectives ?? [])],
    fire: [...(setup.fire ?? [])],
    environment: (setup.environment ?? []).flatMap((id) => env.pack?.environment?.filter((c) => c.id === id) ?? []) as NonNullable<Draft['pageBook']>['environment'],
    used: [],
    atEnd: [],
    groupOpen: page.groupTask?.closed !== true,
    passTest: false,
  };
}

/** The page's introduction, read once its setup is done (Rules §Game Setup 16 and every page turn). */
export function introductionWork(d: Draft, page: PackPage): Work[] {
  if (rulesOf(d) < 3) return [];
  return (page.introduction ?? []).map((effect, i) => ({ k: 'effect' as const, effect, key: `page.${page.id}.introduction.${i}` }));
}

/** Rules §Objective and the fire token: entries read when an avatar enters a space holding those tokens. */
export function enterSpaceBook(d: Draft, env: Env, at: string): Work[] {
  const book = d.pageBook;
  if (!book) return [];
  const out: Work[] = [];
  if (book.objectives.includes(at)) {
    pub(env, 'objective.reached', { seat: d.active, spaceKey: K.space(d.page.id, at) });
    out.push(...(d.page.entries.objective?.[at] ?? []).map((effect, i) => ({ k: 'effect' as const, effect, key: `page.${d.page.id}.entry.objective.${at}.${i}` })));
  }
  if (book.fire.includes(at)) {
    pub(env, 'fire.entered', { seat: d.active, spaceKey: K.space(d.page.id, at) });
    out.push(...(d.page.entries.fire ?? []).map((effect, i) => ({ k: 'effect' as const, effect, key: `page.${d.page.id}.entry.fire.${i}`, seat: d.active })));
  }
  return out;
}

/** Effects of `endOfTurn` environment cards used this turn, queued when the turn ends. */
export function endOfTurnBook(d: Draft, env: Env): Work[] {
  const book = d.pageBook;
  if (!book) return [];
  const out: Work[] = book.atEnd.flatMap(({ card, seat }) =>
    (book.environment.find((c) => c.id === card)?.use ?? []).map((effect, i) => ({ k: 'effect' as const, effect, key: `environment.${card}.use.${i}`, seat })),
  );
  for (const { card } of book.atEnd) retireOnce(d, env, card);
  book.atEnd = [];
  book.used = [];
  book.passTest = false;
  return out;
}

/**
 * Rules §Leaving a Page: the page to enter once the turn is over, or undefined when the book named none
 * (the Nexus hook decides where the Nexus leads).
 */
export function pageToEnter(d: Draft, env: Env, ref: string): PackPage | undefined {
  if (ref === NEXUS) return enterNexus(d, env);
  return pageByRef(env, ref);
}

interface Refusal {
  code: string;
  params?: Record<string, string | number | boolean>;
}

/** Rules §Doors: an avatar beside an unlocked door discards any attribute die and removes the token. */
export function openDoorAction(d: Draft, env: Env, seat: number, door: string, colour: AttributeColour): Refusal | null {
  const p = d.players[seat] as Player;
  if (!d.pageBook) return { code: 'rules.version', params: { rules: 3 } };
  if (!p.avatar.place) return { code: 'move.inMorass' };
  const state = d.pageBook.doors.find((x) => x.id === door);
  if (!state) return { code: 'door.unknown' };
  if (!doorsBeside(d, p.avatar.place.space).includes(door)) return { code: 'door.notBeside' };
  if (state.locked) return { code: 'door.isLocked' };
  const die = d.dice.hand.find((x) => dieKind(d, x) === colour);
  if (!die || !isAttribute(colour)) return { code: 'dice.missing', params: { colour } };
  discardDice(d, [die]);
  d.work.push({ k: 'effect', effect: { do: 'openDoor', door }, key: `page.${d.page.id}.door.${door}`, seat });
  d.phase = 'resolving';
  return null;
}

/**
 * Rules §Skill Test, "Environment Cards": a card in play used during Perform Actions, once per turn: its
 * test rolled like a skill test, or its effects (now, or at the end of the turn with `endOfTurn`).
 */
export function environmentAction(
  d: Draft,
  env: Env,
  seat: number,
  args: { card: string; colour?: AttributeColour | undefined; count: number; purple: number },
  roll: (colour: AttributeColour, count: number, purple: number, purpose: RollPurpose) => Refusal | null,
): Refusal | null {
  const book = d.pageBook;
  if (!book) return { code: 'rules.version', params: { rules: 3 } };
  const p = d.players[seat] as Player;
  const card = book.environment.find((c) => c.id === args.card);
  if (!card) return { code: 'environment.unknown' };
  if (!p.avatar.place) return { code: 'move.inMorass' };
  const cardKey = K.environment(card.id);
  if (book.used.includes(card.id)) return { code: 'environment.usedThisTurn', params: { cardKey } };
  const here = p.avatar.place.space;
  const where = card.where;
  if (where && 'space' in where && where.space !== here) return { code: 'environment.wrongSpace', params: { cardKey, spaceKey: K.space(d.page.id, where.space) } };
  if (where && 'symbol' in where && !space(d.page, here)?.symbols.includes(where.symbol as never)) return { code: 'environment.wrongSymbol', params: { cardKey, symbol: where.symbol } };
  if (card.test) {
    const colour = args.colour ?? card.test.colour;
    if (colour !== card.test.colour && colour !== 'purple') return { code: 'dice.wrongColour', params: { colour: card.test.colour } };
    const refused = roll(colour, args.count, args.purple, { kind: 'environment', card: card.id });
    if (refused) return refused;
  } else if (card.endOfTurn) {
    book.atEnd.push({ card: card.id, seat });
  } else {
    d.work.push(...(card.use ?? []).map((effect, i) => ({ k: 'effect' as const, effect, key: `environment.${card.id}.use.${i}`, seat })));
    d.phase = 'resolving';
  }
  book.used.push(card.id);
  pub(env, 'environment.used', { seat, cardKey });
  if (!card.test && !card.endOfTurn) retireOnce(d, env, card.id);
  return null;
}

/** A `once` environment card leaves play when its use has resolved (its test rolled, its effects queued). */
export function retireOnce(d: Draft, env: Env, id: string): void {
  const book = d.pageBook;
  if (!book?.environment.some((c) => c.id === id && c.once)) return;
  book.environment = book.environment.filter((c) => c.id !== id);
  pub(env, 'environment.left', { cardKey: K.environment(id) });
}

/** Rules §Item Card, effect: an equipped item's `use`; a consumable goes back to the item deck. */
export function useItemAction(d: Draft, env: Env, seat: number, item: string): Refusal | null {
  if (!d.pageBook) return { code: 'rules.version', params: { rules: 3 } };
  const p = d.players[seat] as Player;
  const card = itemCard(d, item);
  if (!card?.use) return { code: 'item.noUse' };
  if (!p.avatar.place) return { code: 'move.inMorass' };
  if (!equippedItems(d, p).includes(item) || holderOf(d, item)?.seat !== seat) return { code: 'item.notEquipped', params: { itemKey: K.item(item) } };
  pub(env, 'item.used', { seat, itemKey: K.item(item) });
  if (card.consumable) {
    removeItem(d, item);
    d.itemsOut = d.itemsOut.filter((x) => x !== item);
    pub(env, 'item.consumed', { seat, itemKey: K.item(item) });
  }
  d.work.push(...card.use.map((effect, i) => ({ k: 'effect' as const, effect, key: `item.${item}.use.${i}`, seat })));
  d.phase = 'resolving';
  return null;
}

/** Rules §Clarity: the book-written abilities (`effects`, `passTest`); false when the ability is another kind. */
export function bookAbility(d: Draft, seat: number): boolean {
  const p = d.players[seat] as Player;
  const av = avatarCard(d, p.avatar.card);
  if (!av || !d.pageBook) return false;
  if (av.ability.kind === 'passTest') {
    d.pageBook.passTest = true;
    return true;
  }
  if (av.ability.kind === 'effects') {
    d.work.push(...(av.ability.effects ?? []).map((effect, i) => ({ k: 'effect' as const, effect, key: `avatar.${av.id}.ability.effects.${i}`, seat })));
    d.phase = 'resolving';
    return true;
  }
  return false;
}

/** `/c skill` while a `passTest` ability waits: the test passes without dice. */
export function passTestNow(d: Draft, env: Env, seat: number, test: string): boolean {
  if (!d.pageBook?.passTest) return false;
  d.pageBook.passTest = false;
  const t = d.page.tests.find((x) => x.id === test);
  pub(env, 'skill.passedByAbility', { seat, testKey: K.test(d.page.id, test) });
  d.work.push(...(t?.success ?? []).map((effect, i) => ({ k: 'effect' as const, effect, key: `page.${d.page.id}.test.${test}.success.${i}` })));
  d.phase = 'resolving';
  return true;
}

