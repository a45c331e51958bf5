import { textKeys as K } from '../content.ts';
import { type PromptKind, type Work } from '../state.ts';
import { type Env, HAND_SIZE, SAFE_THREAT_DICE, avatarsOnMap, dieKind, discardDice, drawDice, effectWork, freeSpots, lose, prompt, pub, refreshBag, revealVitalSign, rulesOf, statusCard, takeFromHand } from './basics.ts';
import { bookTest, runEffect } from './book.ts';
import { endOfTurnBook, pageToEnter } from './book-page.ts';
import { resolveRoll } from './rolls.ts';
import { chooseAvatar, resolveGroup } from './choices.ts';
import { type Draft, type Player, type Whole } from './draft.ts';
import { type Activation, activate, attack } from './enemy.ts';
import { applyGain, gainOptions, markSuspicious } from './items.ts';
import { morass } from './morass.ts';
import { NEXUS } from './book-hooks.ts';
import { chooseTotem, clueShare } from './clues.ts';
import { nexusVote, startNexus } from './nexus.ts';
import { dealEncounter, enterPage, placeEnemy } from './page.ts';

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
      return runEffect(d, env, w);
    case 'bookTest':
      return bookTest(d, env, w);
    case 'roll':
      return resolveRoll(d, env, w);
    case 'gainItem': {
      const options = gainOptions(d, w.seat, w.item);
      if (w.answer === undefined && options.length > 1) return prompt(d, w, w.seat, 'gainItem', options, { item: w.item });
      return applyGain(d, env, w.item, w.answer ?? options[0] ?? 'discard');
    }
    case 'nextTurn':
      return nextTurn(d, env);
    case 'group':
      return resolveGroup(d, env, w);
    case 'encounter':
      return dealEncounter(d, env, w);
    case 'chooseAvatar':
      return chooseAvatar(d, env, w);
    case 'clueShare':
      return clueShare(d, env, w);
    case 'chooseTotem':
      return chooseTotem(d, env, w);
    case 'nexus':
      return nexusVote(d, env, w);
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
      return kind === 'reroll'
        ? ({ k: 'attack', seat: w.seat, strength: w.strength, status: w.status, defend: true, face: w.face, answer: value } satisfies Whole<typeof w>)
        : ({ k: 'attack', seat: w.seat, strength: w.strength, status: w.status, defend: value === 'defend', face: undefined, answer: undefined } satisfies Whole<typeof w>);
    case 'group':
      return { k: 'group', seat: w.seat, dice: w.dice, faces: w.faces, answer: value } satisfies Whole<typeof w>;
    case 'encounter':
      return { k: 'encounter', cards: w.cards, spread: value } satisfies Whole<typeof w>;
    case 'chooseAvatar':
      return { k: 'chooseAvatar', seat: w.seat, answer: value } satisfies Whole<typeof w>;
    case 'roll':
      return { k: 'roll', seat: w.seat, dice: w.dice, faces: w.faces, purpose: w.purpose, answer: value } satisfies Whole<typeof w>;
    case 'gainItem':
      return { k: 'gainItem', seat: w.seat, item: w.item, answer: value } satisfies Whole<typeof w>;
    case 'effect':
      return { k: 'effect', effect: w.effect, key: w.key, seat: w.seat, answer: value } satisfies Whole<typeof w>;
    case 'bookTest':
      return { k: 'bookTest', test: w.test, answer: value } satisfies Whole<typeof w>;
    case 'clueShare':
      return { k: 'clueShare', seat: w.seat, clue: w.clue, answer: value } satisfies Whole<typeof w>;
    case 'chooseTotem':
      return { k: 'chooseTotem', seat: w.seat, answer: value } satisfies Whole<typeof w>;
    case 'nexus':
      return kind === 'nexusTie' ? ({ k: 'nexus', votes: w.votes, answer: undefined, tie: value } satisfies Whole<typeof w>) : ({ k: 'nexus', votes: w.votes, answer: value, tie: undefined } satisfies Whole<typeof w>);
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
  d.work.unshift(...endOfTurnBook(d, env), { k: 'checkThreat' }, { k: 'nextTurn' });
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
  d.active = (d.active + 1) % d.seats;
  if (d.active === 0) d.round += 1;
  d.phase = 'resolving';
  d.work.unshift({ k: 'startTurn' });
  // Turning the page after queueing the turn lets the new page's encounter (rules 2: queued work,
  // which may ask the bookkeeper) resolve before that turn starts.
  if (d.turnToPage !== null && env.pack) {
    // Rules 4, §The Nexus: an adventure goes to the Nexus vote instead of a page.
    const toNexus = d.turnToPage === NEXUS && d.adventure !== undefined;
    const page = toNexus ? undefined : rulesOf(d) >= 3 ? pageToEnter(d, env, d.turnToPage) : env.pack.pages.find((x) => x.id === d.turnToPage);
    d.turnToPage = null;
    if (page || toNexus) {
      d.dice.bag.push(...d.dice.discard, ...d.dice.threat.map((t) => t.die), ...d.dice.group.map((t) => t.die));
      d.dice.discard = [];
      d.dice.threat = [];
      d.dice.group = [];
      if (d.dice.child) d.dice.bag.push(d.dice.child.die);
      d.dice.child = null;
      d.dice.bag.sort();
      if (page) enterPage(d, env, page);
      d.bookkeeper = (d.bookkeeper + 1) % d.seats;
      if (!page) startNexus(d, env);
    }
  }
}
