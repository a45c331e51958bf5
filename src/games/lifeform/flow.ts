import type { GameEvent, Rng } from '../../core/index.ts';
import type { TerrorEffect } from './content.ts';
import { androidAt, characterById, hasChars, hasImage, shipChambers } from './board.ts';
import { cardOf, rulesOf, type LifeformState, type Task } from './state.ts';

/** One decide in progress: the draft state, the events told so far, chance, and whether something hidden was shown. */
export interface Cx {
  readonly s: LifeformState;
  readonly rng: Rng;
  readonly events: GameEvent[];
  revealed: boolean;
}

type Params = Readonly<Record<string, string | number | boolean>>;

export function tell(cx: Cx, code: string, params: Params = {}, to: 'public' | number = 'public'): void {
  cx.events.push({ code: `lifeform.${code}`, params, to });
}

/** Pushes tasks so that the first listed is resolved first. */
export function queue(cx: Cx, ...tasks: Task[]): void {
  for (let i = tasks.length - 1; i >= 0; i--) cx.s.stack.push(tasks[i] as Task);
}

export const top = (s: LifeformState): Task | undefined => s.stack[s.stack.length - 1];

export function end(cx: Cx, winner: 'crew' | 'lifeform', reason: string, ending: 'a' | 'b' | 'c' | null = null): void {
  if (cx.s.outcome) return;
  cx.s.outcome = { winner, reason, ending };
  cx.s.phase = 'over';
  cx.s.stack = [];
  tell(cx, `end.${reason}`, { winner });
}

function drawFrom(cx: Cx, deck: string[], discard: string[]): string | null {
  if (deck.length === 0) {
    if (discard.length === 0) return null;
    deck.push(...cx.rng.shuffle(discard));
    discard.length = 0;
  }
  return deck.shift() ?? null;
}

/** A crew seat draws; the hand limit is then enforced by a discard task (§EQUIP). */
export function crewDraw(cx: Cx, seat: number, n: number): void {
  const hand = cx.s.hands[String(seat)] as string[];
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    const c = drawFrom(cx, cx.s.crewDeck, cx.s.crewDiscard);
    if (c === null) break;
    hand.push(c);
    drawn++;
  }
  if (drawn > 0) {
    cx.revealed = true;
    tell(cx, 'crew.drew', { seat, n: drawn });
  }
  checkHandLimit(cx, seat);
}

export function checkHandLimit(cx: Cx, seat: number): void {
  const hand = cx.s.hands[String(seat)] ?? [];
  if (hand.length > cx.s.board.handLimit && !cx.s.stack.some((t) => t.k === 'discard' && t.seat === seat)) queue(cx, { k: 'discard', seat });
}

export function lifeformDraw(cx: Cx, n: number): void {
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    const c = drawFrom(cx, cx.s.lfDeck, cx.s.lfDiscard);
    if (c === null) break;
    cx.s.lfHand.push(c);
    drawn++;
  }
  if (drawn > 0) {
    cx.revealed = true;
    tell(cx, 'lifeform.drew', { n: drawn });
  }
}

/** The maximum hand size of the lifeform from the cocoon track (§LURK). */
export const lifeformHandSize = (s: LifeformState): number => s.board.cocoon[s.cocoon]?.hand ?? 3;

/** §SELF-DESTRUCT TRACK: each space reached triggers its task; the explosion ends the game. */
export function advanceSelfDestruct(cx: Cx, n: number): void {
  const s = cx.s;
  for (let i = 0; i < n && !s.outcome; i++) {
    s.sd++;
    const last = s.board.minutes.length - 1;
    if (s.sd >= last) {
      s.sd = last;
      end(cx, 'lifeform', 'explosion');
      return;
    }
    const minute = s.board.minutes[s.sd];
    tell(cx, 'track.selfDestruct', { minute: minute ?? 0 });
    if (s.board.sdTerror[s.sd] && s.terrorPool > 0) queue(cx, { k: 'token', kind: 'terror', optional: true });
    // 13th Passenger, Mod B: a face-down asteroid impact token on this minute is examined (mods.ts).
    if (minute !== null && minute !== undefined && s.passenger?.asteroids?.minutes.includes(minute)) queue(cx, { k: 'asteroid', minute });
    if (minute === 20) {
      s.vents++;
      queue(cx, { k: 'stowaway' });
    }
    if (minute === 10) {
      for (const c of s.characters) c.heat = false;
      tell(cx, 'track.heatAnalyzersGone');
    }
  }
}

/** §MALFUNCTION TRACK. */
export function advanceMalfunction(cx: Cx, n: number): void {
  const s = cx.s;
  for (let i = 0; i < n && !s.outcome; i++) {
    if (s.malfunction >= s.board.malfunction.length - 1) return;
    s.malfunction++;
    const task = s.board.malfunction[s.malfunction];
    tell(cx, 'track.malfunction', { space: s.malfunction });
    if (task === 'powerOutage' && s.outagePool > 0) queue(cx, { k: 'token', kind: 'outage', optional: false });
    if (task === 'androidMalfunctions' && s.android.state === 'inactive') {
      s.android = { state: 'active', at: s.board.places.hypersleep, deviation: false };
      tell(cx, 'android.active');
    }
    if (task === 'selfDestruct') advanceSelfDestruct(cx, 1);
  }
}

/** §HOSTILITY TRACK: draw and terror spaces trigger when reached or passed. */
export function advanceHostility(cx: Cx, n: number): void {
  const s = cx.s;
  for (let i = 0; i < n; i++) {
    if (s.hostility >= s.board.hostility.length - 1) return;
    s.hostility++;
    const space = s.board.hostility[s.hostility];
    if (space?.draw) lifeformDraw(cx, 1);
    if (space?.terror && s.terrorPool > 0) queue(cx, { k: 'token', kind: 'terror', optional: false });
    if (space?.stowawayToken && rulesOf(s) >= 2 && !s.stowawayToken && s.phase !== 'showdown' && s.phase !== 'over') {
      s.stowawayToken = true;
      tell(cx, 'lifeform.stowawayToken');
    }
  }
  tell(cx, 'track.hostility', { space: s.hostility });
}

/** §ANDROID STATUS TRACK: DESTROYED removes the android and turns a half-locked door back to full lock. */
export function damageAndroid(cx: Cx, n: number): void {
  const s = cx.s;
  if (s.android.state === 'destroyed') return;
  s.androidStatus = Math.min(s.androidStatus + n, s.board.androidRemove.length);
  if (s.androidStatus >= s.board.androidRemove.length) destroyAndroid(cx);
  else tell(cx, 'android.damaged', { space: s.androidStatus });
}

export function destroyAndroid(cx: Cx): void {
  const s = cx.s;
  s.androidStatus = s.board.androidRemove.length;
  s.android = { state: 'destroyed', at: null, deviation: s.android.deviation };
  if (s.door?.half) s.door.half = false;
  tell(cx, 'android.destroyed');
}

/** §COCOON TRACK: the final space triggers the overheating token (2 players) or the third image. */
export function advanceCocoon(cx: Cx): void {
  const s = cx.s;
  const last = s.board.cocoon.length - 1;
  if (s.cocoon >= last) return;
  s.cocoon++;
  tell(cx, 'track.cocoon', { space: s.cocoon });
  const pair = s.evolution?.pairs.shift();
  if (pair) queue(cx, { k: 'evolution', pair });
  if (s.cocoon < last) return;
  if (s.seats === 2) {
    s.overheating++;
    tell(cx, 'track.overheating', { space: s.overheating });
    return;
  }
  const tasks: Task[] = [];
  if (s.images.includes(null)) tasks.push({ k: 'thirdImage' });
  tasks.push({ k: 'calibrate' });
  if (shipChambers(s).some((c) => (s.mission[c] ?? 0) > 0)) tasks.push({ k: 'missionReturn' });
  queue(cx, ...tasks);
}

/** §FLAMETHROWER – COCOON: back to the start; the lifeform obeys its new hand size and loses a third image. */
export function resetCocoon(cx: Cx): void {
  const s = cx.s;
  s.cocoon = 0;
  tell(cx, 'track.cocoonReset');
  const tasks: Task[] = [];
  if (s.lfHand.length > lifeformHandSize(s)) tasks.push({ k: 'lfDiscard' });
  if (s.images.every((i) => i !== null)) tasks.push({ k: 'removeGhost' });
  queue(cx, ...tasks);
}

/** Terror and objective effects (§CHARACTER MEETS TERROR), for the crew seat `seat`. */
export function applyEffects(cx: Cx, seat: number, effects: readonly TerrorEffect[]): void {
  for (const e of effects) {
    if (cx.s.outcome) return;
    if (e.op === 'selfDestruct') advanceSelfDestruct(cx, e.n);
    if (e.op === 'malfunction') advanceMalfunction(cx, e.n);
    if (e.op === 'lifeformDraws') lifeformDraw(cx, e.n);
    if (e.op === 'crewDraws') crewDraw(cx, seat, e.n);
    if (e.op === 'hostility') advanceHostility(cx, e.n);
    if (e.op === 'crewDiscards') {
      const hand = cx.s.hands[String(seat)] as string[];
      for (let i = 0; i < e.n && hand.length > 0; i++) {
        const [card] = hand.splice(cx.rng.int(0, hand.length - 1), 1);
        discardCrew(cx, card as string);
        tell(cx, 'crew.discarded', { seat, cardKey: `crew.${cardOf(card as string)}.name` });
      }
    }
  }
}

/** A played or discarded crew card: the Mining Laser and Flamethrower leave the game (§TAKING CONTROL). */
export function discardCrew(cx: Cx, card: string): void {
  const id = cardOf(card);
  if (id === cx.s.board.miningLaser) {
    cx.s.laser = 'gone';
    return;
  }
  if (id === cx.s.board.flamethrower) return;
  cx.s.crewDiscard.push(card);
}

/** §CHARACTER MEETS TERROR: a character with a terror token and no image in its chamber. */
export function checkTerror(cx: Cx): void {
  const s = cx.s;
  for (const ch of [...s.characters]) {
    if (s.outcome) return;
    const at = ch.at;
    if (!s.terrors.includes(at) || hasImage(s, at) || !characterById(s, ch.id)) continue;
    s.terrors.splice(s.terrors.indexOf(at), 1);
    s.terrorPool++;
    const abilities = s.board.abilities[ch.id];
    const fearless = (ch.skill && abilities?.skill.op === 'fearless') || (ch.survival && abilities?.survival.op === 'fearless');
    if (fearless) {
      tell(cx, 'terror.shrugged', { characterKey: `character.${ch.id}.name` });
      continue;
    }
    const card = drawFrom(cx, s.terrorDeck, s.terrorDiscard);
    if (card === null) continue;
    s.terrorDiscard.push(card);
    cx.revealed = true;
    tell(cx, 'terror.card', { characterKey: `character.${ch.id}.name`, textKey: `terror.${card}.text` });
    applyEffects(cx, ch.owner, s.board.terror[card] ?? []);
  }
}

/** Chambers where a power outage or terror token may go (§POWER OUTAGE, §TERROR). */
export function tokenChambers(s: LifeformState, kind: 'outage' | 'terror'): string[] {
  return shipChambers(s).filter((c) => {
    if (s.board.chambers[c]?.shielded) return false;
    if (kind === 'outage') return !s.outages.includes(c);
    return !s.terrors.includes(c) && !hasChars(s, c);
  });
}

/** Whether a character may not use RUN! or SHOCK-PROD here (§REACTIONS). */
export const reactionBlocked = (s: LifeformState, c: string): boolean => s.outages.includes(c) || androidAt(s, c);

export function placeToken(cx: Cx, kind: 'outage' | 'terror', chamber: string): void {
  const s = cx.s;
  if (kind === 'outage') {
    s.outages.push(chamber);
    s.outagePool--;
  } else {
    s.terrors.push(chamber);
    s.terrorPool--;
  }
  tell(cx, `token.${kind}`, { chamberKey: chamber === 'remora' ? 'ship.remora.name' : `ship.chamber.${chamber}.name` });
}
