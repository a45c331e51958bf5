import { textKeys as K, type Effect } from '../content.ts';
import { type Work } from '../state.ts';
import { type Env, BASE_LIFE, addStatus, avatarCard, dieKind, effectWork, pickDice, prompt, pub, revealVitalSign, rulesOf, targets } from './basics.ts';
import { NEXUS, gainInsight, pageByRef, revealClue } from './book-hooks.ts';
import { type Draft, type Player } from './draft.ts';
import { encounter } from './page.ts';

type EffectWork = Extract<Work, { k: 'effect' }>;
type Who = 'active' | 'all' | 'choose';

/**
 * The seats an effect touches (docs/comanauts-book.md, `who`). An effect run for a seat (an item's or an
 * environment card's user) takes that seat as `active`; `choose` asks that player, or null while asking.
 */
function seatsFor(d: Draft, w: EffectWork, who: Who): number[] | null {
  const actor = w.seat ?? d.active;
  if (who === 'all') return targets(d, 'all');
  if (who === 'active') return [actor];
  if (w.answer !== undefined) return [Number(w.answer)];
  const onMap = d.players.filter((p) => p.avatar.place !== null).map((p) => String(p.seat));
  if (onMap.length > 1) {
    prompt(d, w, actor, 'bookTarget', onMap, { effect: w.effect.do });
    return null;
  }
  return onMap.map(Number);
}

/** Follow-up effects run as the same seat, keyed under `key` for their texts. */
function follow(w: EffectWork, key: string, effects: readonly Effect[]): EffectWork[] {
  return effects.map((effect, i) => ({ k: 'effect' as const, effect, key: `${key}.${i}`, ...(w.seat !== undefined ? { seat: w.seat } : {}) }));
}

/** The one effect interpreter of the book (docs/comanauts-book.md, "Effects"). */
export function runEffect(d: Draft, env: Env, w: EffectWork): void {
  const effect = w.effect;
  const key = w.key ?? '';
  const book = d.pageBook;
  switch (effect.do) {
    case 'narrate':
      pub(env, 'book.narrate', { textKey: `${key}.text` });
      return;
    case 'encounter':
      encounter(d, env, effect.hostiles, effect.code ?? effect.entity);
      return;
    case 'gainInsight':
      return gainInsight(d, env, effect.n);
    case 'revealClue':
      return revealClue(d, env);
    case 'gainItem': {
      const [seat] = seatsFor(d, w, effect.who ?? 'active') ?? [];
      if (seat === undefined) return;
      if (d.itemsOut.includes(effect.item)) return pub(env, 'item.gone', { itemKey: K.item(effect.item) });
      d.work.unshift({ k: 'gainItem', seat, item: effect.item });
      return;
    }
    case 'attack': {
      const seats = seatsFor(d, w, effect.who);
      if (seats) d.work.unshift(...seats.map((seat) => ({ k: 'attack' as const, seat, strength: effect.strength })));
      return;
    }
    case 'status':
      for (const seat of seatsFor(d, w, effect.who) ?? []) addStatus(d, env, seat, effect.status);
      return;
    case 'activateDefaultStatus':
      for (const seat of seatsFor(d, w, effect.who) ?? []) {
        const p = d.players[seat] as Player;
        // Rules §Status/Suspicious: the same card twice is not allowed; the one already there stays (rules 2).
        if (rulesOf(d) >= 2 && (p.defaultActive || p.avatar.statuses.includes(p.defaultStatus))) continue;
        p.defaultActive = true;
        pub(env, 'status.defaultActive', { seat, statusKey: K.status(p.defaultStatus) });
      }
      return;
    case 'heal':
      for (const seat of seatsFor(d, w, effect.who ?? 'active') ?? []) {
        const p = d.players[seat] as Player;
        if (p.avatar.place === null) continue;
        const most = BASE_LIFE + (avatarCard(d, p.avatar.card)?.lifeBonus ?? 0);
        p.avatar.life = Math.min(most, p.avatar.life + effect.n);
        pub(env, 'life.healed', { seat, life: p.avatar.life });
      }
      return;
    case 'gainClarity':
      for (const seat of seatsFor(d, w, effect.who ?? 'active') ?? []) {
        const p = d.players[seat] as Player;
        p.clarity += effect.n;
        pub(env, 'clarity.gained', { seat, n: effect.n, clarity: p.clarity });
      }
      return;
    case 'revealVital':
      return revealVitalSign(d, env);
    case 'placeInsight':
      return placeTokens(d, env, 'insight', effect.space, 1);
    case 'placeTokens':
      return placeTokens(d, env, effect.token, effect.space, effect.n ?? 1);
    case 'removeTokens':
      return removeTokens(d, env, effect.token, effect.space, effect.n);
    case 'turnToPage': {
      const page = pageByRef(env, effect.page);
      d.turnToPage = page?.id ?? String(effect.page);
      pub(env, 'page.leaving', { pageKey: K.page(d.turnToPage) });
      return;
    }
    case 'goToNexus':
      d.turnToPage = NEXUS;
      pub(env, 'nexus.leaving');
      return;
    case 'skillTest':
      d.work.unshift({ k: 'bookTest', test: effect.test });
      return;
    case 'groupTask':
      if (book && !book.groupOpen) {
        book.groupOpen = true;
        pub(env, 'group.opened');
      }
      return;
    case 'placeDoor': {
      const def = (d.page.doors ?? []).find((x) => x.id === effect.door);
      if (!book || !def || book.doors.some((x) => x.id === def.id)) return;
      book.doors.push({ id: def.id, locked: def.locked === true });
      pub(env, def.locked === true ? 'door.placedLocked' : 'door.placed', doorParams(d, def.id, def.locked === true));
      return;
    }
    case 'openDoor': {
      if (!book) return;
      let door = effect.door;
      if (door === 'any') {
        const options = book.doors.map((x) => x.id);
        if (options.length === 0) return pub(env, 'door.none');
        if (w.answer === undefined && options.length > 1) return prompt(d, w, w.seat ?? d.active, 'chooseDoor', options);
        door = w.answer ?? (options[0] as string);
      }
      return openDoor(d, env, door);
    }
    case 'unlockDoor':
    case 'lockDoor': {
      const door = book?.doors.find((x) => x.id === effect.door);
      if (!door) return;
      door.locked = effect.do === 'lockDoor';
      pub(env, door.locked ? 'door.locked' : 'door.unlocked', doorParams(d, door.id, door.locked));
      return;
    }
    case 'environment': {
      const card = env.pack?.environment?.find((c) => c.id === effect.card);
      if (!book || !card || book.environment.some((c) => c.id === card.id)) return;
      book.environment.push(card as (typeof book.environment)[number]);
      pub(env, 'environment.entered', { cardKey: K.environment(card.id) });
      return;
    }
    case 'removeEnvironment':
      if (!book?.environment.some((c) => c.id === effect.card)) return;
      book.environment = book.environment.filter((c) => c.id !== effect.card);
      pub(env, 'environment.left', { cardKey: K.environment(effect.card) });
      return;
    case 'choice': {
      const n = effect.options.length;
      if (w.answer === undefined) {
        const asked = effect.who === 'bookkeeper' ? d.bookkeeper : (w.seat ?? d.active);
        pub(env, 'book.choice', { textKey: `${key}.text`, seat: asked });
        return prompt(d, w, asked, 'bookChoice', Array.from({ length: n }, (_, i) => String(i + 1)), { key });
      }
      const i = Math.min(n, Math.max(1, Number(w.answer))) - 1;
      pub(env, 'book.chosen', { labelKey: `${key}.options.${i}.label` });
      d.work.unshift(...follow(w, `${key}.options.${i}.effects`, effect.options[i]?.effects ?? []));
      return;
    }
  }
}

/** A door named for people: the two spaces it stands between. */
export function doorParams(d: Draft, door: string, locked: boolean): Record<string, string | boolean> {
  const def = (d.page.doors ?? []).find((x) => x.id === door);
  const [a, b] = def?.between ?? ['', ''];
  return { space0Key: K.space(d.page.id, a), space1Key: K.space(d.page.id, b), locked };
}

export function openDoor(d: Draft, env: Env, door: string): void {
  const book = d.pageBook;
  if (!book?.doors.some((x) => x.id === door)) return;
  book.doors = book.doors.filter((x) => x.id !== door);
  pub(env, 'door.opened', doorParams(d, door, false));
}

function placeTokens(d: Draft, env: Env, token: 'search' | 'insight' | 'objective' | 'fire', at: string, n: number): void {
  const spaceKey = K.space(d.page.id, at);
  switch (token) {
    case 'insight': {
      const held = d.insightTokens ?? [];
      if (!held.includes(at)) d.insightTokens = [...held, at];
      pub(env, 'insight.placed', { spaceKey });
      return;
    }
    case 'search':
      d.searchTokens[at] = (d.searchTokens[at] ?? 0) + n;
      break;
    case 'objective':
      if (d.pageBook && !d.pageBook.objectives.includes(at)) d.pageBook.objectives.push(at);
      break;
    case 'fire':
      d.pageBook?.fire.push(...Array<string>(n).fill(at));
      break;
  }
  pub(env, 'token.placed', { token, spaceKey, n });
}

function removeTokens(d: Draft, env: Env, token: 'search' | 'insight' | 'objective' | 'fire', at: string, n: number | undefined): void {
  switch (token) {
    case 'insight':
      d.insightTokens = (d.insightTokens ?? []).filter((x) => x !== at);
      break;
    case 'search':
      d.searchTokens[at] = n === undefined ? 0 : Math.max(0, (d.searchTokens[at] ?? 0) - n);
      break;
    case 'objective':
      if (d.pageBook) d.pageBook.objectives = d.pageBook.objectives.filter((x) => x !== at);
      break;
    case 'fire': {
      if (!d.pageBook) break;
      let left = n ?? Infinity;
      d.pageBook.fire = d.pageBook.fire.filter((x) => x !== at || left-- <= 0);
      break;
    }
  }
  pub(env, 'token.removed', { token, spaceKey: K.space(d.page.id, at) });
}

/**
 * Rules §Skill Test: a test the book makes the current player take now. She chooses how many matching
 * dice to roll (her colour first, then purple); without any she fails at once.
 */
export function bookTest(d: Draft, env: Env, w: Extract<Work, { k: 'bookTest' }>): void {
  const test = d.page.tests.find((t) => t.id === w.test);
  if (!test) return;
  const seat = d.active;
  const testKey = K.test(d.page.id, test.id);
  const branch = (success: boolean): void => {
    d.work.unshift(...effectWork(d.page.id, `test.${test.id}.${success ? 'success' : 'fail'}`, success ? test.success : test.fail));
  };
  if (!d.triedTests.includes(test.id)) d.triedTests.push(test.id);
  if (d.pageBook?.passTest) {
    d.pageBook.passTest = false;
    pub(env, 'skill.passedByAbility', { seat, testKey });
    return branch(true);
  }
  const own = test.colour === 'purple' ? 0 : d.dice.hand.filter((x) => dieKind(d, x) === test.colour).length;
  const purples = d.dice.hand.filter((x) => dieKind(d, x) === 'purple').length;
  if (own + purples === 0) {
    pub(env, 'skill.autoFail', { seat, testKey, colour: test.colour });
    return branch(false);
  }
  if (w.answer === undefined) {
    const options = Array.from({ length: own + purples }, (_, i) => String(i + 1));
    return prompt(d, w, seat, 'skillDice', options, { test: test.id, colour: test.colour });
  }
  const k = Math.max(1, Math.min(own + purples, Number(w.answer)));
  const main = Math.min(k, own);
  const dice = test.colour === 'purple' ? pickDice(d, 'purple', k, 0) : pickDice(d, test.colour, main, k - main);
  if (!dice) return branch(false);
  d.work.unshift({ k: 'roll', seat, dice, faces: dice.map(() => env.rng.die(6)), purpose: { kind: 'skill', test: test.id } });
}
