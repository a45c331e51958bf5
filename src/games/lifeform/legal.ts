import type { GameCommand } from '../../core/index.ts';
import type { CrewIcon, LifeformIcon } from './content.ts';
import { characterSteps, distances, hasChars, hasImage, imageSteps, neighbours, sdReached } from './board.ts';
import { controlOptions, ignoresPanic, nearestFree, panicSteps, reactionOptions } from './attack.ts';
import { crewOptions, openColumns, runSteps, type Choice } from './crew-actions.ts';
import { lifeformHandSize, tokenChambers } from './flow.ts';
import { androidChoices, lifeformOptions } from './lifeform-actions.ts';
import { outageDecksOpen } from './setup.ts';
import { cardOf, REMORA, type LifeformState, type Task } from './state.ts';
import { launchReady } from './endgame.ts';
import { showdownCommands, survivors } from './showdown.ts';
import { catSpots, roleCommands, roleOf } from './roles.ts';
import { huntCommands, huntSeats } from './mods.ts';
import { soloLegal } from './solo/legal.ts';

const cmd = (type: string, args: Record<string, unknown> = {}): GameCommand => ({ type, args: clean(args) });

/** Drops undefined keys so commands compare as JSON. */
export function clean(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(args).sort()) if (args[k] !== undefined) out[k] = args[k];
  return out;
}

/** Which seats the top task waits for (ARCHITECTURE.md "Whose move it is"). */
export function taskSeats(s: LifeformState, t: Task | undefined): number[] {
  if (s.solo) return s.outcome || s.solo.stack.length === 0 || (s.solo.stack.at(-1)?.k === 'conflict' && !s.solo.conflict) ? [] : [0];
  if (!t || s.outcome) return [];
  switch (t.k) {
    case 'pick':
      return s.crewSeats.filter((seat) => s.picks[String(seat)] === null);
    case 'decide':
    case 'turn':
    case 'discard':
    case 'control':
    case 'catPlace':
    case 'outageRemove':
    case 'outageMove':
      return [t.seat];
    case 'row':
    case 'more':
      return [t.seat];
    case 'attack':
      return t.a.pending !== null ? [s.lifeformSeat] : t.a.waiting;
    case 'panic':
      return [...new Set(t.left.map((id) => s.characters.find((c) => c.id === id)?.owner).filter((x): x is number => x !== undefined))];
    case 'agree':
      return t.seats;
    case 'share':
      return survivors(s);
    case 'huntSearch':
      return huntSeats(s, t);
    case 'fight': {
      const f = s.showdown?.fight ?? null;
      if (f !== null && f.stage === 'match' && f.helpers !== undefined) return [...(f.done ? [] : [f.target]), ...f.helpers];
      return f !== null && (f.stage === 'cancel' || f.stage === 'match') ? [f.target] : [s.lifeformSeat];
    }
    default:
      return [s.lifeformSeat];
  }
}

/** Crew action options for a row, narrowed to the character an ability acts through. */
export function rowOptions(s: LifeformState, t: Extract<Task, { k: 'row' }>, i: number): Choice[] {
  const icon = t.icons[i] as string;
  if (t.side === 'lifeform') return lifeformOptions(s, icon as LifeformIcon);
  const all = crewOptions(s, t.seat, icon as CrewIcon);
  return t.by === null ? all : all.filter((c) => c.who === undefined || c.who === t.by);
}

/** Whether a card's row would change the game state (§PLAY A CREW CARD). */
export function rowPlayable(s: LifeformState, seat: number, side: 'crew' | 'lifeform', icons: readonly string[]): boolean {
  const t: Extract<Task, { k: 'row' }> = { k: 'row', seat, side, icons: [...icons], done: icons.map(() => false), moved: [], by: null };
  return icons.some((_, i) => rowOptions(s, t, i).length > 0);
}

function moreOptions(s: LifeformState, t: Extract<Task, { k: 'more' }>): GameCommand[] {
  const out: GameCommand[] = [cmd('stop')];
  if (t.left <= 0) return out;
  if (t.side === 'crew') {
    if (t.action === 'run') {
      const ch = s.characters.find((c) => c.id === t.who);
      if (ch) for (const to of runSteps(s, ch.at)) out.push(cmd('step', { who: ch.id, to }));
    } else {
      for (const ch of s.characters) if (ch.owner === t.seat && !t.used.includes(ch.id)) for (const to of characterSteps(s, ch.at)) out.push(cmd('step', { who: ch.id, to }));
    }
    return out;
  }
  s.images.forEach((at, image) => {
    if (at === null) return;
    const same = t.action === 'moveTwice';
    if (same !== (String(image) === t.who) || (!same && t.used.includes(String(image)))) return;
    for (const to of imageSteps(s, at)) out.push(cmd('step', { image, to }));
  });
  return out;
}

/**
 * Whether a part of a turn's list is worth building when only `want` is asked about (decide checks one
 * command): the same list, filtered by type (and by card for `play`), so membership is unchanged.
 */
const wanted = (want: GameCommand | undefined, ...types: string[]): boolean => want === undefined || types.includes(want.type);
const wantedCard = (want: GameCommand | undefined, card: string): boolean => want === undefined || cardOf(String((want.args as { card?: unknown }).card ?? '')) === cardOf(card);

function crewTurn(s: LifeformState, seat: number, t: Extract<Task, { k: 'turn' }>, want?: GameCommand): GameCommand[] {
  const mine = s.characters.filter((c) => c.owner === seat);
  if (t.stage === 'collect') {
    const out: GameCommand[] = [];
    for (const ch of collectors(s, seat, t)) for (const column of openColumns(s)) out.push(cmd('collect', { who: ch, column }));
    return out;
  }
  const out: GameCommand[] = [];
  if (wanted(want, 'launch') && launchReady(s) && mine.some((c) => c.at === REMORA)) out.push(cmd('launch'));
  if (wanted(want, 'catMove', 'roleCard', 'catAboard', 'roleToken')) out.push(...roleCommands(s, seat).map((c) => cmd(c.type, c.args as Record<string, unknown>)));
  const hand = s.hands[String(seat)] ?? [];
  const aboardOnly = mine.length > 0 && mine.every((c) => c.at === REMORA);
  if (s.roles[String(seat)] !== undefined || mine.length === 0 || aboardOnly) out.push(cmd('pass'));
  if (wanted(want, 'cell') && mine.some((c) => c.at === REMORA) && (s.loadout.energy ?? 0) > 0) {
    for (const card of uniqueCards(hand)) {
      const hub = s.board.places.dockingHub;
      const bay = s.board.places.shuttleBay;
      const targets = [bay, hub].map((c) => s.images.indexOf(c)).filter((i) => i >= 0);
      if (targets.length > 0) {
        const combos = electrifyCombos(s, targets);
        for (const to of combos) out.push(cmd('cell', { card, mode: 'electrify', to }));
      }
      for (const l of s.board.corridors) if (l[0] === hub || l[1] === hub) out.push(cmd('cell', { card, mode: 'bulkhead', link: [l[0], l[1]] }));
    }
  }
  if (s.roles[String(seat)] !== undefined || mine.length === 0 || aboardOnly) return out;
  out.push(cmd('equip', { n: 2 }), cmd('equip', { n: 3 }));
  if (wanted(want, 'play')) {
    for (const card of uniqueCards(hand)) {
      if (!wantedCard(want, card)) continue;
      const def = s.board.crew[cardOf(card)];
      def?.rows.forEach((icons, row) => {
        if (rowPlayable(s, seat, 'crew', icons)) out.push(cmd('play', { card, row }));
      });
    }
  }
  for (const ch of mine) if (!ch.skill) out.push(cmd('skill', { who: ch.id }));
  if (mine.some((c) => c.heat)) out.push(cmd('heat'));
  if (wanted(want, 'laser') && hand.some((c) => cardOf(c) === s.board.miningLaser)) out.push(...laserOptions(s, seat));
  return out;
}

/** Characters of the seat that must still collect a mission token this turn (§STEP 1). */
export function collectors(s: LifeformState, seat: number, t: Extract<Task, { k: 'turn' }>): string[] {
  if (openColumns(s).length === 0) return [];
  return s.characters.filter((c) => c.owner === seat && !c.hidden && c.at !== REMORA && (s.mission[c.at] ?? 0) > 0 && !t.collected.includes(c.id)).map((c) => c.id);
}

const uniqueCards = (hand: readonly string[]): string[] => {
  const seen = new Set<string>();
  return hand.filter((c) => (seen.has(cardOf(c)) ? false : (seen.add(cardOf(c)), true)));
};

function electrifyCombos(s: LifeformState, images: number[]): string[][] {
  const [first, second] = images;
  const a = imageSteps(s, s.images[first as number] as string);
  if (second === undefined) return a.map((x) => [x]);
  const out: string[][] = [];
  for (const x of a) for (const y of imageSteps(s, s.images[second] as string)) if (x !== y) out.push([x, y]);
  return out;
}

/** §SHOOT THE MINING LASER targets. */
export function laserOptions(s: LifeformState, seat: number): GameCommand[] {
  const out: GameCommand[] = [];
  for (const ch of s.characters) {
    if (ch.owner !== seat || ch.hidden || ch.at === REMORA || s.outages.includes(ch.at)) continue;
    const around = neighbours(s, ch.at, { tunnels: true });
    s.images.forEach((at, image) => {
      if (at === null || !around.includes(at) || s.outages.includes(at)) return;
      for (const to of neighbours(s, at, { tunnels: true })) {
        if (to === ch.at || to === REMORA || hasChars(s, to) || hasImage(s, to)) continue;
        out.push(cmd('laser', { who: ch.id, image, to }));
      }
    });
    const android = s.android.state === 'active' ? s.android.at : null;
    if (android !== null && (android === ch.at || around.includes(android)) && !s.outages.includes(android)) out.push(cmd('laser', { who: ch.id, android: true }));
  }
  return out;
}

function lifeformTurn(s: LifeformState, asked?: GameCommand): GameCommand[] {
  // A pass is legal only when nothing else is: asking about it builds the whole list.
  const want = asked?.type === 'pass' ? undefined : asked;
  if (want !== undefined && !wanted(want, 'lurk', 'vent', 'play')) return [];
  const out: GameCommand[] = [];
  const size = lifeformHandSize(s);
  if (s.lfHand.length < size && s.lfDeck.length + s.lfDiscard.length > 0) {
    out.push(cmd('lurk', { discard: [] }));
    const evo = s.board.cocoon[s.cocoon]?.evolution ?? 0;
    if (evo > 0) for (const card of uniqueCards(s.lfHand)) out.push(cmd('lurk', { discard: [card] }));
  }
  if (wanted(want, 'vent') && s.vents > 0 && lifeformOptions(s, 'vent').length > 0) out.push(cmd('vent'));
  for (const card of uniqueCards(s.lfHand)) {
    if (!wanted(want, 'play') || !wantedCard(want, card)) continue;
    s.board.lifeform[cardOf(card)]?.rows.forEach((icons, row) => {
      if (rowPlayable(s, s.lifeformSeat, 'lifeform', icons)) out.push(cmd('play', { card, row }));
    });
  }
  if (out.length === 0 && want === undefined) out.push(cmd('pass'));
  return out;
}

/**
 * Every legal command of a seat now. Legality is membership in this list (rules.ts). `want`: the command
 * being decided; the list may then leave out commands of other types (never changing membership).
 */
export function legalCommands(s: LifeformState, seat: number, want?: GameCommand): GameCommand[] {
  if (s.solo) return soloLegal(s, seat);
  const t = s.stack[s.stack.length - 1];
  if (!t || !taskSeats(s, t).includes(seat)) return [];
  switch (t.k) {
    case 'pick': {
      const o = s.offers[String(seat)] ?? [];
      const out: GameCommand[] = [];
      for (let a = 0; a < o.length; a++) for (let b = a + 1; b < o.length; b++) out.push(cmd('pick', { characters: [o[a], o[b]] }));
      return out;
    }
    case 'outage': {
      const decks = outageDecksOpen(s, t.placed);
      return tokenChambers(s, 'outage').filter((c) => decks.includes(s.board.chambers[c]?.deck as string) && c !== s.board.places.shuttleBay).map((chamber) => cmd('outage', { chamber }));
    }
    case 'token':
      return [...tokenChambers(s, t.kind).map((chamber) => cmd(t.kind, { chamber })), ...(t.optional ? [cmd('skip')] : [])];
    case 'setupTerror':
      return tokenChambers(s, 'terror').filter((c) => s.board.chambers[c]?.deck === 'c').map((chamber) => cmd('terror', { chamber }));
    case 'image':
      return s.board.order.filter((c) => s.board.chambers[c]?.lifeformStart && !hasImage(s, c)).map((chamber) => cmd('image', { chamber }));
    case 'thirdImage':
      return s.board.order.filter((c) => s.board.chambers[c]?.vent && c !== s.hullBreach && !hasImage(s, c) && !hasChars(s, c)).map((chamber) => cmd('image', { chamber }));
    case 'catPlace':
      return catSpots(s, roleOf(s, t.seat) === 'cat').map((chamber) => cmd('cat', { chamber }));
    case 'calibrate':
      return s.images.map((at, image) => (at === null ? null : cmd('calibrate', { image }))).filter((c): c is GameCommand => c !== null);
    case 'decide': {
      const obj = s.objectives[String(t.seat)];
      return (s.board.objectives[obj ?? '']?.decide ?? []).map((_, option) => cmd('decide', { option }));
    }
    case 'turn':
      return crewTurn(s, seat, t, want);
    case 'discard':
      return uniqueCards(s.hands[String(seat)] ?? []).map((card) => cmd('discard', { card }));
    case 'lfDiscard':
      return uniqueCards(s.lfHand).map((card) => cmd('discard', { card }));
    case 'row': {
      const only = want?.type === 'act' ? (want.args as { i?: unknown }).i : undefined;
      const acts = wanted(want, 'act') ? t.icons.flatMap((_, i) => (t.done[i] || (only !== undefined && only !== i) ? [] : rowOptions(s, t, i).map((c) => cmd('act', { i, ...c })))) : [];
      return [...acts, ...(wanted(want, 'addEvolution') ? evolutionAdds(s, t) : [])];
    }
    case 'evolution':
      return [...new Set(t.pair)].map((icon) => cmd('keepEvolution', { icon }));
    case 'more':
      return moreOptions(s, t);
    case 'lifeformTurn':
      return lifeformTurn(s, want);
    case 'attack': {
      if (t.a.pending !== null) {
        const wanted = t.a.pending.reaction === 'run' ? 'runCancel' : t.a.pending.reaction === 'shockProd' ? 'shockProdCancel' : null;
        const cancels = wanted === null ? [] : uniqueCards(s.lfHand).filter((c) => s.board.lifeform[cardOf(c)]?.reaction === wanted);
        const evolution = t.a.how === 'breach' ? [] : [...new Set(s.evolution?.held ?? [])].map((icon) => cmd('cancelEvolution', { icon }));
        return [cmd('allow'), ...cancels.map((card) => cmd('counter', { card })), ...evolution];
      }
      return [cmd('noReaction'), ...reactionOptions(s, seat, t.a).map((r) => cmd('react', { card: r.card, who: r.who, to: r.to }))];
    }
    case 'noise':
      return [cmd('noise', { noisy: false }), cmd('noise', { noisy: true })];
    case 'panic': {
      const out: GameCommand[] = [];
      for (const id of t.left) {
        const ch = s.characters.find((c) => c.id === id);
        if (!ch || ch.owner !== seat) continue;
        for (const to of panicSteps(s, id)) out.push(cmd('panic', { who: id, to }));
        if (ignoresPanic(s, id)) out.push(cmd('panic', { who: id }));
      }
      return out;
    }
    case 'control':
      return controlOptions(s, seat).map((o) => cmd('control', o));
    case 'ghosts': {
      const image = t.left[0] as number;
      return nearestFree(s, t.chamber, t.chamber).map((to) => cmd('ghost', { image, to }));
    }
    case 'relocate':
      return nearestFree(s, s.images[s.real as number] as string, '').map((to) => cmd('ghost', { image: t.image, to }));
    case 'removeGhost':
      return s.images.map((at, image) => (at === null || image === s.real ? null : cmd('remove', { image }))).filter((c): c is GameCommand => c !== null);
    case 'stowaway':
      return Object.keys(s.board.stowaways).map((card) => cmd('stowaway', { card }));
    case 'outageRemove':
      return s.outages.map((chamber) => cmd('unpower', { chamber }));
    case 'outageMove': {
      const out: GameCommand[] = [];
      for (const c of s.outages) for (const to of neighbours(s, c, { tunnels: true })) if (to !== REMORA && !s.outages.includes(to) && !s.board.chambers[to]?.shielded) out.push(cmd('shiftOutage', { chamber: c, to }));
      return out;
    }
    case 'missionReturn':
      return s.board.order.filter((c) => (s.mission[c] ?? 0) > 0).map((chamber) => cmd('unmission', { chamber }));
    case 'strip':
      return s.board.loadout.filter((c) => (s.loadout[c.id] ?? 0) > 0).map((c) => cmd('strip', { column: c.id }));
    case 'androidMove':
      return androidChoices(s, false).map((c) => cmd('android', { to: c.to?.[0], link: c.link }));
    case 'agree':
      return [cmd('agree', { yes: true }), cmd('agree', { yes: false })];
    case 'refill': {
      const out = [cmd('lurk', { discard: [] })];
      if ((s.board.cocoon[s.cocoon]?.evolution ?? 0) > 0) for (const card of uniqueCards(s.lfHand)) out.push(cmd('lurk', { discard: [card] }));
      return out;
    }
    case 'asteroid':
      return [];
    case 'huntHide':
    case 'huntReveal':
    case 'huntSearch':
    case 'huntKill':
      return huntCommands(s, seat, t).map((c) => cmd(c.type, c.args as Record<string, unknown>));
    case 'share':
    case 'lfPick':
    case 'fight':
      return showdownCommands(s, seat).map((c) => cmd(c.type, c.args as Record<string, unknown>));
  }
}

/**
 * §OPTIONAL: EVOLUTION TOKEN: while a lifeform card's row is being executed, one kept token may add its
 * icon to the row, when the row lacks that icon (no doubling up) and the action would do something.
 */
function evolutionAdds(s: LifeformState, t: Extract<Task, { k: 'row' }>): GameCommand[] {
  if (t.side !== 'lifeform' || t.evolved || !s.evolution) return [];
  return [...new Set(s.evolution.held)].filter((icon) => !t.icons.includes(icon) && lifeformOptions(s, icon as LifeformIcon).length > 0).map((icon) => cmd('addEvolution', { icon }));
}

/** Whether a lifeform image lies within two chambers of one of the seat's characters, doors ignored (§USE HEAT ANALYZER). */
export function imageNear(s: LifeformState, seat: number): boolean {
  return s.characters.some((ch) => {
    if (ch.owner !== seat) return false;
    const d = distances(s, ch.at, { tunnels: true, ignoreDoor: true });
    return s.images.some((at) => at !== null && (d.get(at) ?? 99) <= 2);
  });
}

export const remoraOpen = (s: LifeformState): boolean => sdReached(s, 20);
