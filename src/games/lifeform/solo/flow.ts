import type { Cx } from '../flow.ts';
import { neighbours } from '../board.ts';
import { REMORA, type LifeformState } from '../state.ts';
import type { SoloState, SoloTask } from './state.ts';

type Params = Readonly<Record<string, string | number | boolean>>;

/** The solo part of a state known to be a solo game. */
export const soloOf = (s: LifeformState): SoloState => s.solo as SoloState;

/** A solo event (`lifeform-solo.<code>`, src/i18n/locales/<lang>/lifeform-solo.json). */
export function say(cx: Cx, code: string, params: Params = {}): void {
  cx.events.push({ code: `lifeform-solo.${code}`, params, to: 'public' });
}

/** Tasks pushed so that the first listed is resolved first. */
export function push(cx: Cx, ...tasks: SoloTask[]): void {
  const st = soloOf(cx.s).stack;
  for (let i = tasks.length - 1; i >= 0; i--) st.push(tasks[i] as SoloTask);
}

export const topTask = (s: LifeformState): SoloTask | undefined => soloOf(s).stack.at(-1);

/** The losses the book lists (§YOU LOSE THE GAME IF), and the win. */
export const soloLosses = ['killedChit', 'proximity', 'fear', 'explosion', 'crisisDeck', 'conflict', 'hysterical'] as const;

export function lose(cx: Cx, reason: (typeof soloLosses)[number]): void {
  const s = cx.s;
  if (s.outcome) return;
  s.outcome = { winner: 'lifeform', reason, ending: null };
  s.phase = 'over';
  soloOf(s).stack = [];
  soloOf(s).lost = reason;
  say(cx, `end.${reason}`);
}

export function win(cx: Cx, reason: 'safe' | 'conflict'): void {
  const s = cx.s;
  if (s.outcome) return;
  s.outcome = { winner: 'crew', reason, ending: null };
  s.phase = 'over';
  soloOf(s).stack = [];
  say(cx, `end.won.${reason}`);
}

export const hand = (s: LifeformState): string[] => s.hands['0'] as string[];

/** Draws crew cards (the discard reshuffled when the deck runs out); the hand limit is checked after. */
export function draw(cx: Cx, n: number): void {
  const s = cx.s;
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    if (s.crewDeck.length === 0 && s.crewDiscard.length > 0) {
      s.crewDeck.push(...cx.rng.shuffle(s.crewDiscard));
      s.crewDiscard.length = 0;
    }
    const c = s.crewDeck.shift();
    if (c === undefined) break;
    hand(s).push(c);
    drawn++;
  }
  if (drawn > 0) say(cx, 'drew', { n: drawn });
  limit(cx);
}

/** Hand limit (7 in solo): a discard task for the surplus. */
export function limit(cx: Cx): void {
  const over = hand(cx.s).length - soloOf(cx.s).def.handLimit;
  if (over > 0) push(cx, { k: 'discard', n: over, why: 'limit' });
}

export function discardCard(cx: Cx, card: string): void {
  const h = hand(cx.s);
  const i = h.indexOf(card);
  if (i < 0) return;
  h.splice(i, 1);
  // The solo Mining Laser and a kept crisis card (Mod C) leave the game when spent; crew cards go to the discard pile.
  const kept = !cx.s.board.crew[card.slice(0, card.lastIndexOf('.'))] && soloOf(cx.s).def.kept?.[card.slice(0, card.lastIndexOf('.'))] !== undefined;
  if (!card.startsWith(`${cx.s.board.miningLaser}.`) && !kept) cx.s.crewDiscard.push(card);
}

/** Draws conflict chits from the container: a killed chit loses the game, a still-alive one leaves the game. */
export function drawChits(cx: Cx, n: number): void {
  const c = soloOf(cx.s).container;
  for (let i = 0; i < n && !cx.s.outcome; i++) {
    const total = c.alive + c.killed;
    if (total === 0) return;
    const pick = cx.rng.int(1, total);
    if (pick <= c.killed) {
      say(cx, 'chit.killed');
      lose(cx, 'killedChit');
      return;
    }
    c.alive--;
    say(cx, 'chit.alive');
  }
}

/** LOSE NERVE: the nerve token moves left; it loses when it shares a space with a terror token. */
export function loseNerve(cx: Cx, n: number): void {
  const so = soloOf(cx.s);
  so.nerve = Math.max(0, so.nerve - n);
  say(cx, 'nerve', { nerve: so.nerve });
  checkFear(cx);
}

export function addFear(cx: Cx): void {
  const so = soloOf(cx.s);
  so.fear = Math.min(so.def.fearSpaces, so.fear + 1);
  say(cx, 'fear', { fear: so.fear });
  checkFear(cx);
}

/** Terror tokens fill spaces 0 … fear−1 from the left: the nerve token on one of them loses. */
export function checkFear(cx: Cx): void {
  const so = soloOf(cx.s);
  if (so.nerve < so.fear) lose(cx, 'fear');
}

/** A stowaway token to the Remora; none left: a conflict-killed chit from the ship (A, then B, then C) into the container. */
export function stowaway(cx: Cx): void {
  const so = soloOf(cx.s);
  const t = so.stowawaySupply.shift();
  if (t !== undefined) {
    so.remora.stowaways.push(t);
    say(cx, 'stowaway', { n: so.remora.stowaways.length });
    return;
  }
  for (const deck of ['a', 'b', 'c']) {
    const i = so.killedChits.findIndex((c) => cx.s.board.chambers[c]?.deck === deck);
    if (i >= 0) {
      so.killedChits.splice(i, 1);
      so.container.killed++;
      say(cx, 'stowawayOverflow');
      return;
    }
  }
}

/** The solo COCOON icon: the tracker advances (its chit to the container, its combat token to the Remora), or +1 self-destruct on the last space. */
export function cocoon(cx: Cx): void {
  const s = cx.s;
  const so = soloOf(s);
  const last = s.board.cocoon.length - 1;
  if (s.cocoon >= last) {
    sdAdvance(cx, 1);
    return;
  }
  s.cocoon++;
  const chit = so.cocoonChits[String(s.cocoon)];
  if (chit !== undefined) {
    delete so.cocoonChits[String(s.cocoon)];
    so.container[chit]++;
  }
  if (s.cocoon === last && so.cocoonAttack5) {
    so.cocoonAttack5 = false;
    so.remora.attack5 = true;
  }
  say(cx, 'cocoon', { space: s.cocoon });
}

/** Whether the self-destruct tracker is past the 10 minute mark (a 30 SECOND token may then be spent). */
export function pastTen(s: LifeformState): boolean {
  const ten = s.board.minutes.indexOf(10);
  return ten >= 0 && s.sd > ten;
}

/** Advances the self-destruct tracker n spaces (a 30 SECOND token past the 10 minute mark may reduce it: the `reduce` task asks). */
export function sdAdvance(cx: Cx, n: number): void {
  if (n > 0) push(cx, { k: 'reduce', what: 'sd', n });
}

/** Advances the lifeform n spaces on the motion track (a survival token or a SECURITY DOOR card may reduce it: the `reduce` task asks). */
export function alien(cx: Cx, n: number): void {
  if (n > 0) push(cx, { k: 'reduce', what: 'alien', n });
}

/** Whether the player holds something to reduce this advance with (else the advance simply happens). */
export function canReduce(s: LifeformState, what: 'alien' | 'sd'): boolean {
  if (what === 'sd') return soloOf(s).tokens.thirtySecond > 0 && pastTen(s);
  return soloOf(s).tokens.survival > 0 || hand(s).some((c) => hasIcon(s, c, 'securityDoor'));
}

/** A crew card carrying an icon on any row, or as its reaction. */
export function hasIcon(s: LifeformState, card: string, icon: string): boolean {
  const def = s.board.crew[card.slice(0, card.lastIndexOf('.'))];
  // Mod C: a kept crisis card shows its one icon.
  if (!def) return soloOf(s).def.kept?.[card.slice(0, card.lastIndexOf('.'))] === icon;
  return def.reaction === icon || def.rows.some((r) => (r as readonly string[]).includes(icon));
}

/** One step of the self-destruct track with its solo tasks (§SELF-DESTRUCT TRACK, solo). */
export function sdStep(cx: Cx): void {
  const s = cx.s;
  const so = soloOf(s);
  s.sd++;
  const minute = s.board.minutes[s.sd];
  say(cx, 'sd', { minute: minute ?? 0 });
  if (s.sd >= s.board.minutes.length - 1) {
    lose(cx, 'explosion');
    return;
  }
  if (s.board.sdTerror[s.sd]) terrorOnPath(cx);
  if (minute === 20) {
    // The 20 minute space's vent and stowaway icons, in that order (the Remora opening means nothing in solo).
    push(cx, ...(so.def.supplies !== null ? [{ k: 'vent' as const }] : []), { k: 'stowawayOrEnergy' });
  }
  if (minute === 10) {
    so.heat = 0;
    say(cx, 'heatGone');
  }
}

/** Terror: the last chamber of the AI path without a terror token gets one; the player's own chamber instead sends a stowaway token. */
function terrorOnPath(cx: Cx): void {
  const s = cx.s;
  const path = s.board.androidPath.filter((c) => c !== REMORA);
  const target = [...path].reverse().find((c) => !s.terrors.includes(c));
  if (target === undefined) return;
  if (s.characters[0]?.at === target) {
    stowaway(cx);
    return;
  }
  if (s.terrorPool <= 0) return;
  s.terrors.push(target);
  s.terrorPool--;
  say(cx, 'terror', { chamberKey: chamberKey(target) });
}

export const chamberKey = (id: string): string => (id === REMORA ? 'ship.remora.name' : `ship.chamber.${id}.name`);

/** The crisis effect `terror`: the first neighbour of the player's chamber (corridor order) with no terror token and no shield. */
export function terrorNear(cx: Cx): void {
  const s = cx.s;
  const at = s.characters[0]?.at ?? '';
  const n = neighbours(s, at, { tunnels: false, ignoreDoor: true }).find((c) => c !== REMORA && !s.terrors.includes(c) && !s.board.chambers[c]?.shielded);
  if (n === undefined || s.terrorPool <= 0) return;
  s.terrors.push(n);
  s.terrorPool--;
  say(cx, 'terror', { chamberKey: chamberKey(n) });
}

/** A power outage token in a chamber (in solo the Shuttle Bay takes them too). */
export function outage(cx: Cx, chamber: string): void {
  const s = cx.s;
  if (chamber === REMORA || s.outages.includes(chamber) || s.outagePool <= 0) return;
  s.outages.push(chamber);
  s.outagePool--;
  say(cx, 'outage', { chamberKey: chamberKey(chamber) });
}

/** §MALFUNCTION TRACK in solo: power outage in the Shuttle Bay, the android wakes in Hypersleep, +1 self-destruct. */
export function malfunction(cx: Cx, n: number): void {
  const s = cx.s;
  for (let i = 0; i < n; i++) {
    if (s.malfunction >= s.board.malfunction.length - 1) return;
    s.malfunction++;
    const task = s.board.malfunction[s.malfunction];
    if (task === 'powerOutage') outage(cx, s.board.places.shuttleBay);
    else if (task === 'androidMalfunctions' && s.android.state === 'inactive') {
      s.android = { state: 'active', at: s.board.places.hypersleep, deviation: false };
      say(cx, 'androidWakes');
    } else if (task === 'selfDestruct') sdAdvance(cx, 1);
  }
}

/** The android status tracker advances one space (SHOCK-PROD, FLAMETHROWER – ANDROID); the last destroys it. */
export function hurtAndroid(cx: Cx): void {
  const s = cx.s;
  s.androidStatus++;
  if (s.androidStatus >= s.board.androidRemove.length) destroyAndroid(cx);
}

export function destroyAndroid(cx: Cx): void {
  const s = cx.s;
  s.androidStatus = s.board.androidRemove.length;
  s.android = { state: 'destroyed', at: null, deviation: false };
  say(cx, 'androidDestroyed');
}

/** Whether the lifeform is in close range (a red-ringed motion space). */
export const closeRange = (s: LifeformState): boolean => soloOf(s).def.motion[soloOf(s).motion]?.close === true;

/** The deck the player's character is on (the Remora counts as C deck, docked to the Shuttle Bay). */
export function deckHere(s: LifeformState): 'a' | 'b' | 'c' {
  const d = s.board.chambers[s.characters[0]?.at ?? '']?.deck;
  return d === 'a' || d === 'b' ? d : 'c';
}

/** A vent chamber in solo: printed, or given a vent token by the self-destruct track. */
export const isVent = (s: LifeformState, c: string): boolean => s.board.chambers[c]?.vent === true || soloOf(s).vents.includes(c);
