import type { CrewReaction } from './content.ts';
import { androidAt, breachChamber, characterSteps, distances, hasChars, hasImage, neighbours, visibleAt } from './board.ts';
import { chamberKey, stepCharacter } from './crew-actions.ts';
import { advanceHostility, advanceSelfDestruct, checkTerror, discardCrew, end, reactionBlocked, tell, queue, top, type Cx } from './flow.ts';
import { takeRole } from './roles.ts';
import { cardOf, REMORA, type AttackInfo, type LifeformState, type Task } from './state.ts';

/** A crew reaction as a command's arguments. */
export interface ReactChoice {
  card: string;
  who: string;
  to?: string[];
}

const ownHere = (s: LifeformState, seat: number, a: AttackInfo): string[] =>
  s.characters.filter((c) => c.owner === seat && c.at === a.chamber && (a.how === 'breach' || !c.hidden)).map((c) => c.id);

/** RUN! paths (§RUN! (REACTION)): one or two moves, stopping on terror, never by the attacker's corridor. */
function runPaths(s: LifeformState, a: AttackInfo): string[][] {
  const from = a.chamber;
  if (reactionBlocked(s, from)) return [];
  const allowed = (x: string, y: string): boolean => !(a.from !== null && ((x === from && y === a.from) || (y === from && x === a.from)));
  const ok = (c: string): boolean => !hasImage(s, c) && !s.outages.includes(c);
  const out: string[][] = [];
  for (const b of characterSteps(s, from).filter((c) => ok(c) && allowed(from, c))) {
    out.push([b]);
    if (s.terrors.includes(b)) continue;
    for (const c of characterSteps(s, b).filter((c) => ok(c) && c !== from && allowed(b, c))) out.push([b, c]);
  }
  return out;
}

/** SHOCK-PROD targets: back where the image came from, or any free neighbour after a vent or a meeting. */
function prodTargets(s: LifeformState, a: AttackInfo): string[][] | null {
  if (reactionBlocked(s, a.chamber)) return null;
  if ((a.how === 'adjacent' || a.how === 'force') && a.from !== null) return hasImage(s, a.from) || hasChars(s, a.from) ? null : [];
  const free = neighbours(s, a.chamber, { tunnels: true }).filter((c) => c !== REMORA && !hasChars(s, c) && !hasImage(s, c));
  return free.length === 0 ? null : free.map((c) => [c]);
}

/** The reactions a crew seat may play in this attack (§CREW REACTIONS); a breach allows RUN! only. */
export function reactionOptions(s: LifeformState, seat: number, a: AttackInfo): ReactChoice[] {
  if (!a.waiting.includes(seat) || a.pending !== null) return [];
  const out: ReactChoice[] = [];
  const hand = s.hands[String(seat)] ?? [];
  const who = ownHere(s, seat, a);
  const seen = new Set<string>();
  for (const card of hand) {
    const reaction = s.board.crew[cardOf(card)]?.reaction;
    if (!reaction || seen.has(cardOf(card))) continue;
    seen.add(cardOf(card));
    if (a.how === 'breach' && reaction !== 'run') continue;
    for (const id of who) {
      if (reaction === 'hide') out.push({ card, who: id });
      if (reaction === 'run') for (const to of runPaths(s, a)) out.push({ card, who: id, to });
      if (reaction === 'shockProd') {
        const targets = prodTargets(s, a);
        if (targets === null) continue;
        if (targets.length === 0) out.push({ card, who: id });
        else for (const to of targets) out.push({ card, who: id, to });
      }
    }
  }
  return out;
}

/**
 * Crew seats asked in this attack: characters in the chamber (in view, or any for a hull breach) and no
 * reaction played yet this phase. Whether they hold a reaction card is never shown by who is asked.
 */
function waitingSeats(s: LifeformState, a: AttackInfo): number[] {
  return s.crewSeats.filter((seat) => {
    if (a.how !== 'breach' && s.reacted.includes(seat)) return false;
    return ownHere(s, seat, a).length > 0;
  });
}

/**
 * §ATTACK steps 1–3: the real lifeform is shown, moves in, and the window for crew reactions opens.
 * `from` is the chamber the image came from (null when it was already there, or for a hull breach).
 */
export function startAttack(cx: Cx, chamber: string, from: string | null, how: AttackInfo['how']): void {
  const s = cx.s;
  if (how !== 'breach') {
    cx.revealed = true;
    tell(cx, 'attack.revealed', { image: s.real as number, chamberKey: chamberKey(chamber) });
    s.images[s.real as number] = chamber;
  } else {
    tell(cx, 'attack.breach', { chamberKey: chamberKey(chamber) });
  }
  const a: AttackInfo = { chamber, from, how, waiting: [], pending: null, saved: [], cancelled: false };
  a.waiting = waitingSeats(s, a);
  queue(cx, { k: 'attack', a });
  settleAttack(cx);
}

/** Plays a crew reaction; the lifeform is always asked whether it answers, so the question reveals nothing. */
export function playReaction(cx: Cx, seat: number, r: ReactChoice): void {
  const s = cx.s;
  const t = top(s) as Extract<Task, { k: 'attack' }>;
  const hand = s.hands[String(seat)] as string[];
  hand.splice(hand.indexOf(r.card), 1);
  const reaction = s.board.crew[cardOf(r.card)]?.reaction as CrewReaction;
  t.a.pending = { seat, card: r.card, character: r.who, reaction, to: r.to ?? [] };
  tell(cx, 'reaction.played', { seat, reaction, characterKey: `character.${r.who}.name` });
  // A HIDE waits for the lifeform only while it holds an evolution token (they are face up: asking reveals nothing).
  if (t.a.how === 'breach' || (reaction === 'hide' && (s.evolution?.held.length ?? 0) === 0)) resolveReaction(cx, false);
}

/** §OPTIONAL: EVOLUTION TOKEN: the lifeform spends one to cancel the crew reaction waiting for its answer. */
export function cancelWithEvolution(cx: Cx, icon: string): void {
  const held = cx.s.evolution?.held ?? [];
  held.splice(held.indexOf(icon), 1);
  tell(cx, 'evolution.spentCancel', { icon });
  resolveReaction(cx, { evolution: icon });
}

/** The lifeform's answer: a cancel card, or letting the reaction stand (§LIFEFORM REACTIONS). */
export function resolveReaction(cx: Cx, cancelledBy: string | false | { evolution: string }): void {
  const s = cx.s;
  const t = top(s) as Extract<Task, { k: 'attack' }>;
  const p = t.a.pending;
  if (!p) return;
  t.a.pending = null;
  discardCrew(cx, p.card);
  if (t.a.how !== 'breach') s.reacted.push(p.seat);
  if (cancelledBy !== false) {
    if (typeof cancelledBy === 'string') {
      s.lfHand.splice(s.lfHand.indexOf(cancelledBy), 1);
      s.lfDiscard.push(cancelledBy);
    }
    tell(cx, 'reaction.cancelled', { seat: p.seat, reaction: p.reaction });
  } else {
    const ch = s.characters.find((c) => c.id === p.character);
    if (ch && p.reaction === 'hide') {
      ch.hidden = true;
      t.a.saved.push(ch.id);
    }
    if (ch && p.reaction === 'run') {
      for (const to of p.to) stepCharacter(cx, ch, to);
      t.a.saved.push(ch.id);
    }
    if (p.reaction === 'shockProd') {
      t.a.cancelled = true;
      const back = p.to[0] ?? t.a.from;
      if (back !== null) s.images[s.real as number] = back;
      tell(cx, 'reaction.prodded', { chamberKey: chamberKey(back ?? t.a.chamber) });
    }
    tell(cx, 'reaction.done', { seat: p.seat, reaction: p.reaction });
    advanceHostility(cx, 1);
  }
  t.a.waiting = waitingSeats(s, t.a).filter((seat) => t.a.waiting.includes(seat));
  if (t.a.how !== 'breach') t.a.waiting = t.a.waiting.filter((seat) => seat !== p.seat);
  settleAttack(cx);
}

/** A crew seat lets the window pass. */
export function passReaction(cx: Cx, seat: number): void {
  const t = top(cx.s) as Extract<Task, { k: 'attack' }>;
  t.a.waiting = t.a.waiting.filter((x) => x !== seat);
  settleAttack(cx);
}

/** §ATTACK steps 4–6 once nobody may react any more: kills, then ghosts, then a reality calibration. */
export function settleAttack(cx: Cx): void {
  const s = cx.s;
  const t = top(s);
  if (t?.k !== 'attack' || t.a.waiting.length > 0 || t.a.pending !== null) return;
  s.stack.pop();
  const a = t.a;
  const victims = a.cancelled ? [] : s.characters.filter((c) => c.at === a.chamber && (a.how === 'breach' || !c.hidden) && !a.saved.includes(c.id)).map((c) => c.id);
  if (a.how === 'breach') {
    breachChamber(s, a.chamber);
    const trapped = s.characters.some((c) => c.at !== REMORA && neighbours(s, c.at, { tunnels: false }).length === 0 && neighbours(s, c.at, { tunnels: false, ignoreDoor: true }).length > 0);
    if (s.door && trapped) {
      s.door = null;
      tell(cx, 'token.doorFreed');
    }
    killCharacters(cx, victims);
    checkTerror(cx);
    return;
  }
  const ghosts = s.images.map((at, i) => (at !== null && i !== s.real ? i : -1)).filter((i) => i >= 0);
  queue(cx, ...(ghosts.length > 0 ? [{ k: 'ghosts', chamber: a.chamber, left: ghosts } as Task] : []), { k: 'calibrate' });
  killCharacters(cx, victims);
  checkTerror(cx);
}

/**
 * §CHARACTER DEATH: each removed with their board, hostility +2 each; then the lifeform says noisy or
 * silent. A 2-player crew with no character left loses at once (§TAKING CONTROL).
 */
export function killCharacters(cx: Cx, ids: readonly string[]): void {
  const s = cx.s;
  const killed: string[] = [];
  for (const id of ids) {
    const ch = s.characters.find((x) => x.id === id);
    if (!ch) continue;
    const aboard = s.characters.some((x) => x.at === REMORA);
    const onShip = s.characters.filter((x) => x.at !== REMORA);
    if (aboard && onShip.length === 1 && onShip[0]?.id === id) {
      s.lastManAboard = true;
      tell(cx, 'lastManAboard');
    }
    s.characters = s.characters.filter((x) => x.id !== id);
    s.dead.push(id);
    killed.push(id);
    tell(cx, 'crew.killed', { characterKey: `character.${id}.name`, seat: ch.owner });
    advanceHostility(cx, 2);
    if (s.seats === 2 && !s.characters.some((x) => x.owner === ch.owner)) {
      end(cx, 'lifeform', 'crewDead');
      return;
    }
  }
  if (killed.length > 0 && !s.outcome) queue(cx, { k: 'noise', victims: killed });
}

/** §PANIC MOVE: where a character may flee (no vent, outage, terror, image, nor the android's chamber). */
export function panicSteps(s: LifeformState, id: string): string[] {
  const ch = s.characters.find((c) => c.id === id);
  if (!ch || ch.hidden || ch.at === REMORA || androidAt(s, ch.at)) return [];
  return characterSteps(s, ch.at).filter((c) => {
    const info = s.board.chambers[c];
    return c !== REMORA && !info?.vent && !s.outages.includes(c) && !s.terrors.includes(c) && !hasImage(s, c) && !androidAt(s, c);
  });
}

/** May ignore panic moves (§PANIC MOVE: Motoko), through an active ignorePanic ability. */
export function ignoresPanic(s: LifeformState, id: string): boolean {
  const ch = s.characters.find((c) => c.id === id);
  const ab = s.board.abilities[id];
  return !!ch && !!ab && ((ch.skill && ab.skill.op === 'ignorePanic') || (ch.survival && ab.survival.op === 'ignorePanic'));
}

/** Noisy or silent (§CHARACTER DEATH), then panic moves and taking control. */
export function resolveNoise(cx: Cx, noisy: boolean): void {
  const s = cx.s;
  s.stack.pop();
  tell(cx, noisy ? 'kill.noisy' : 'kill.silent');
  const tasks: Task[] = [];
  if (noisy) {
    const left = s.characters.filter((c) => panicSteps(s, c.id).length > 0).map((c) => c.id);
    if (left.length > 0) tasks.push({ k: 'panic', left });
  }
  for (const seat of s.crewSeats) {
    if (!s.characters.some((c) => c.owner === seat) && s.roles[String(seat)] === undefined && !s.stack.some((t) => t.k === 'control' && t.seat === seat)) tasks.push({ k: 'control', seat });
  }
  queue(cx, ...tasks);
}

/** Control options for a seat whose last character died (§TAKING CONTROL). */
export function controlOptions(s: LifeformState, seat: number): { character?: string; role?: 'cat' | 'sister' }[] {
  const donors = s.crewSeats.filter((x) => x !== seat && s.characters.filter((c) => c.owner === x).length >= 2);
  if (donors.length > 0) return s.characters.filter((c) => donors.includes(c.owner)).map((c) => ({ character: c.id }));
  const taken = Object.values(s.roles);
  return (['cat', 'sister'] as const).filter((r) => !(s.seats === 4 && taken.includes(r))).map((role) => ({ role }));
}

export function takeControl(cx: Cx, seat: number, c: { character?: string; role?: 'cat' | 'sister' }): void {
  const s = cx.s;
  s.stack.pop();
  if (c.character !== undefined) {
    const ch = s.characters.find((x) => x.id === c.character);
    if (ch) ch.owner = seat;
    tell(cx, 'control.character', { seat, characterKey: `character.${c.character}.name` });
    return;
  }
  const hand = s.hands[String(seat)] as string[];
  for (const card of hand.splice(0)) discardCrew(cx, card);
  s.roles[String(seat)] = c.role as 'cat' | 'sister';
  tell(cx, `control.${c.role as string}`, { seat });
  takeRole(cx, seat, c.role as 'cat' | 'sister');
}

/**
 * §CHARACTER MEETS LIFEFORM IMAGE: each moved character in an image's chamber shows what it is. A ghost
 * costs a minute and is moved next to the real lifeform (or removed when three are out); the real one attacks.
 */
export function meetImages(cx: Cx, moved: readonly string[]): void {
  const s = cx.s;
  const tasks: Task[] = [];
  let attacked: string | null = null;
  for (const id of moved) {
    const ch = s.characters.find((c) => c.id === id);
    if (!ch || ch.at === REMORA) continue;
    const image = s.images.indexOf(ch.at);
    if (image < 0) continue;
    cx.revealed = true;
    if (image === s.real) {
      if (attacked === ch.at) continue;
      attacked = ch.at;
      tell(cx, 'meet.real', { image, chamberKey: chamberKey(ch.at) });
      continue;
    }
    tell(cx, 'meet.ghost', { image, chamberKey: chamberKey(ch.at) });
    advanceSelfDestruct(cx, 1);
    if (s.outcome) return;
    if (!s.images.includes(null)) {
      s.images[image] = null;
      tell(cx, 'image.removed', { image });
    } else {
      const spots = nearestFree(s, s.images[s.real as number] as string, ch.at);
      if (spots.length === 1) s.images[image] = spots[0] as string;
      else if (spots.length > 1) tasks.push({ k: 'relocate', image });
    }
    tasks.push({ k: 'calibrate' });
  }
  const dedup = tasks.filter((t, i) => t.k !== 'calibrate' || tasks.findIndex((x) => x.k === 'calibrate') === i);
  queue(cx, ...dedup);
  if (attacked !== null) startAttack(cx, attacked, null, 'meet');
}

/** Character-free, image-free chambers nearest to `from` (not `from` itself, not the Remora). */
export function nearestFree(s: LifeformState, from: string, exclude: string): string[] {
  const dist = distances(s, from, { tunnels: true, ignoreDoor: true });
  let best = Infinity;
  const out: string[] = [];
  for (const [c, d] of dist) {
    if (d === 0 || c === REMORA || c === exclude || hasChars(s, c) || hasImage(s, c) || c === s.hullBreach) continue;
    if (d < best) {
      best = d;
      out.length = 0;
    }
    if (d === best) out.push(c);
  }
  return out;
}

export const visibleHere = visibleAt;
