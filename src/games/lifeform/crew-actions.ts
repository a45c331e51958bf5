import type { CrewIcon, LoadoutColumn } from './content.ts';
import { androidAt, characterSteps, distances, doorBlocks, hasChars, hasImage, imageSteps, neighbours, visibleAt } from './board.ts';
import { advanceHostility, advanceSelfDestruct, crewDraw, damageAndroid, resetCocoon, tell, queue, type Cx } from './flow.ts';
import { REMORA, type Character, type LifeformState } from './state.ts';

/** The arguments of one action of a row (or of a continuing move): only the ones the action needs. */
export interface Choice {
  who?: string;
  to?: string[];
  image?: number;
  images?: number[];
  link?: [string, string];
  chamber?: string;
  objective?: string;
  column?: string;
  /** A data token (§CIRCUIT BOARD); rules 2 with the pack's data tokens: the icon chosen from the pool. */
  data?: true | string;
}

const own = (s: LifeformState, seat: number): Character[] => s.characters.filter((c) => c.owner === seat);
const onShip = (c: Character): boolean => c.at !== REMORA;

/** Loadout columns with an empty space left (§STEP 1: COLLECT MISSION TOKENS). */
export const openColumns = (s: LifeformState): LoadoutColumn[] =>
  s.board.loadout.filter((c) => (s.loadout[c.id] ?? 0) < c.spaces.length).map((c) => c.id);

/** A RUN step (§RUN): never from, through or into a power outage, never into an image. */
export function runSteps(s: LifeformState, from: string): string[] {
  if (s.outages.includes(from)) return [];
  return characterSteps(s, from).filter((c) => !s.outages.includes(c) && !hasImage(s, c));
}

/** Every way an action can be executed that changes the game state (§PLAY A CREW CARD). */
export function crewOptions(s: LifeformState, seat: number, icon: CrewIcon): Choice[] {
  const chars = own(s, seat);
  const out: Choice[] = [];
  switch (icon) {
    case 'circuit':
      for (const ch of chars) {
        if (!onShip(ch) || !s.board.chambers[ch.at]?.circuit) continue;
        for (const obj of Object.values(s.objectives)) {
          if (obj !== null && !s.objectivesDone.includes(obj) && s.board.objectives[obj]?.chamber === ch.at) out.push({ who: ch.id, objective: obj });
        }
        if (s.dataPool === undefined) out.push({ who: ch.id, data: true });
        else for (const icon of [...new Set(s.dataPool)].sort()) out.push({ who: ch.id, data: icon });
      }
      return out;
    case 'draw2':
      return s.crewDeck.length + s.crewDiscard.length > 0 ? [{}] : [];
    case 'explore':
      for (const ch of chars) {
        if (!onShip(ch)) continue;
        if (!ch.hidden && (s.mission[ch.at] ?? 0) > 0) for (const column of openColumns(s)) out.push({ who: ch.id, column });
        for (const n of neighbours(s, ch.at, { tunnels: false })) if (s.terrors.includes(n)) out.push({ who: ch.id, chamber: n });
      }
      return out;
    case 'flamethrower':
      for (const ch of chars) {
        if (ch.hidden || !onShip(ch)) continue;
        const dist = distances(s, ch.at, { tunnels: true });
        s.images.forEach((at, image) => {
          if (at === null) return;
          const d = dist.get(at);
          if (d === undefined || d < 1 || d > 2) return;
          const free = (c: string): boolean => !hasChars(s, c) && !hasImage(s, c) && c !== REMORA && c !== s.cat?.at;
          for (const a of neighbours(s, at, { tunnels: true }).filter(free)) {
            const seconds = neighbours(s, a, { tunnels: true }).filter((b) => b === at || free(b));
            if (seconds.length === 0) out.push({ who: ch.id, image, to: [a] });
            for (const b of seconds) out.push({ who: ch.id, image, to: [a, b] });
          }
        });
      }
      return out;
    case 'flamethrowerAndroid':
      for (const ch of chars) if (!ch.hidden && onShip(ch) && androidInReach(s, ch.at)) out.push({ who: ch.id });
      return out;
    case 'flamethrowerCocoon':
      for (const ch of chars) if (!ch.hidden && onShip(ch) && s.board.chambers[ch.at]?.cocoon) out.push({ who: ch.id });
      return out;
    case 'missionMaintenance':
    case 'missionSister':
      return s.missionPool > 0 ? [{}] : [];
    case 'move':
    case 'move2':
      for (const ch of chars) for (const to of characterSteps(s, ch.at)) out.push({ who: ch.id, to: [to] });
      return out;
    case 'run':
      for (const ch of chars) for (const to of runSteps(s, ch.at)) out.push({ who: ch.id, to: [to] });
      return out;
    case 'securityDoor':
      for (const link of [...s.board.corridors, ...s.board.tunnels]) {
        const [x, y] = link;
        if ((x === REMORA || y === REMORA) || (s.door && doorBlocks(s, x, y) && !s.door.half)) continue;
        out.push({ link: [x, y] });
      }
      return out;
    case 'selfDestruct':
      return [{}];
    case 'shockProdAndroid':
      for (const ch of chars) if (androidAt(s, ch.at) && !s.outages.includes(ch.at)) out.push({ who: ch.id });
      return out;
    case 'survival':
      for (const ch of chars) if (!ch.survival) out.push({ who: ch.id });
      return out;
    case 'swapImages': {
      const on = s.images.map((at, i) => (at === null ? -1 : i)).filter((i) => i >= 0);
      for (let a = 0; a < on.length; a++) for (let b = a + 1; b < on.length; b++) out.push({ images: [on[a] as number, on[b] as number] });
      if (on.length === 3) {
        out.push({ images: [on[0] as number, on[1] as number, on[2] as number] });
        out.push({ images: [on[0] as number, on[2] as number, on[1] as number] });
      }
      return out;
    }
  }
}

/** §FLAMETHROWER – ANDROID: the android in the chamber or 1–2 away by corridors through a clear chamber. */
function androidInReach(s: LifeformState, at: string): boolean {
  if (s.android.state !== 'active' || s.android.at === null) return false;
  if (s.android.at === at) return true;
  for (const a of neighbours(s, at, { tunnels: false })) {
    if (a === s.android.at) return true;
    const clear = !hasChars(s, a) && !hasImage(s, a);
    if (clear && neighbours(s, a, { tunnels: false }).includes(s.android.at)) return true;
  }
  return false;
}

/** Places a mission token on a loadout column and applies the bonus printed on that space (§SHUTTLE LOADOUT). */
export function loadMission(cx: Cx, seat: number, column: string): void {
  const s = cx.s;
  const col = s.board.loadout.find((c) => c.id === column);
  if (!col) return;
  const index = s.loadout[column] ?? 0;
  if (index >= col.spaces.length) return;
  s.loadout[column] = index + 1;
  tell(cx, 'crew.loaded', { seat, column });
  const bonus = col.spaces[index]?.bonus;
  if (bonus === 'draw') crewDraw(cx, seat, 1);
  if (bonus === 'flamethrower' && !s.flamethrowerTaken) {
    s.flamethrowerTaken = true;
    (s.hands[String(seat)] as string[]).push(`${s.board.flamethrower}.1`);
    tell(cx, 'crew.flamethrower', { seat });
    if ((s.hands[String(seat)] as string[]).length > s.board.handLimit) queue(cx, { k: 'discard', seat });
  }
  if (bonus === 'removeOutage' && s.outages.length > 0) queue(cx, { k: 'outageRemove', seat });
  if (bonus === 'moveOutage' && s.outages.length > 0) queue(cx, { k: 'outageMove', seat });
}

/** Takes one mission token from a chamber onto the loadout. */
export function collectFrom(cx: Cx, seat: number, chamber: string, column: string): void {
  cx.s.mission[chamber] = (cx.s.mission[chamber] ?? 0) - 1;
  loadMission(cx, seat, column);
}

/** Moves a character one step; leaving a chamber ends hiding (§HIDE), Engineering hands over the Mining Laser. */
export function stepCharacter(cx: Cx, ch: Character, to: string): void {
  ch.at = to;
  ch.hidden = false;
  tell(cx, 'crew.moved', { characterKey: `character.${ch.id}.name`, chamberKey: chamberKey(to) });
  if (to === cx.s.board.places.engineering && cx.s.laser === 'board') {
    cx.s.laser = 'taken';
    (cx.s.hands[String(ch.owner)] as string[]).push(`${cx.s.board.miningLaser}.1`);
    tell(cx, 'crew.miningLaser', { seat: ch.owner });
    if ((cx.s.hands[String(ch.owner)] as string[]).length > cx.s.board.handLimit) queue(cx, { k: 'discard', seat: ch.owner });
  }
}

export const chamberKey = (c: string): string => (c === REMORA ? 'ship.remora.name' : `ship.chamber.${c}.name`);

/** Executes one crew action with a choice from `crewOptions`; returns the characters that moved. */
export function applyCrew(cx: Cx, seat: number, icon: CrewIcon, c: Choice): string[] {
  const s = cx.s;
  const ch = c.who === undefined ? undefined : s.characters.find((x) => x.id === c.who);
  switch (icon) {
    case 'circuit':
      if (c.objective !== undefined) {
        s.objectivesDone.push(c.objective);
        tell(cx, 'objective.done', { objectiveKey: `objective.${c.objective}.name` });
      } else {
        s.data[String(seat)] = (s.data[String(seat)] ?? 0) + 1;
        if (typeof c.data === 'string' && s.dataPool && s.dataTokens) {
          s.dataPool.splice(s.dataPool.indexOf(c.data), 1);
          (s.dataTokens[String(seat)] ??= []).push(c.data);
          tell(cx, 'crew.dataIcon', { seat, icon: c.data });
        } else tell(cx, 'crew.data', { seat });
      }
      return [];
    case 'draw2':
      crewDraw(cx, seat, 2);
      return [];
    case 'explore':
      if (ch && c.column !== undefined) collectFrom(cx, seat, ch.at, c.column);
      if (c.chamber !== undefined) {
        s.terrors.splice(s.terrors.indexOf(c.chamber), 1);
        s.terrorPool++;
        tell(cx, 'crew.terrorRemoved', { chamberKey: chamberKey(c.chamber) });
      }
      return [];
    case 'flamethrower':
      if (c.image !== undefined && c.to) {
        s.images[c.image] = c.to[c.to.length - 1] as string;
        tell(cx, 'crew.burned', { image: c.image, chamberKey: chamberKey(s.images[c.image] as string) });
      }
      advanceHostility(cx, 1);
      return [];
    case 'flamethrowerAndroid':
    case 'shockProdAndroid':
      damageAndroid(cx, 1);
      return [];
    case 'flamethrowerCocoon':
      resetCocoon(cx);
      advanceHostility(cx, 1);
      return [];
    case 'missionMaintenance':
    case 'missionSister': {
      const at = icon === 'missionMaintenance' ? s.board.places.maintenance : s.board.places.sisterInterface;
      s.mission[at] = (s.mission[at] ?? 0) + 1;
      s.missionPool--;
      tell(cx, 'crew.mission', { chamberKey: chamberKey(at) });
      return [];
    }
    case 'move':
    case 'move2':
    case 'run':
      if (ch && c.to) {
        stepCharacter(cx, ch, c.to[0] as string);
        if (icon === 'move2') queue(cx, { k: 'more', seat, side: 'crew', action: 'move2', who: ch.id, used: [ch.id], left: 1, path: [] });
        if (icon === 'run' && !s.terrors.includes(ch.at)) queue(cx, { k: 'more', seat, side: 'crew', action: 'run', who: ch.id, used: [ch.id], left: 1, path: [] });
        return [ch.id];
      }
      return [];
    case 'securityDoor':
      if (c.link) {
        s.door = { link: c.link, half: false };
        tell(cx, 'crew.door', { fromKey: chamberKey(c.link[0]), toKey: chamberKey(c.link[1]) });
      }
      return [];
    case 'selfDestruct':
      advanceSelfDestruct(cx, 1);
      return [];
    case 'survival':
      if (ch) activateAbility(cx, seat, ch, 'survival');
      return [];
    case 'swapImages':
      if (c.images) {
        const spots = c.images.map((i) => s.images[i] as string | null);
        c.images.forEach((img, k) => {
          s.images[img] = spots[(k + 1) % spots.length] ?? null;
        });
        tell(cx, 'crew.swapImages', { n: c.images.length });
      }
      return [];
  }
}

/** §ACTIVATE SKILL and §SURVIVAL: shift the token; a one-use effect resolves now. */
export function activateAbility(cx: Cx, seat: number, ch: Character, which: 'skill' | 'survival'): void {
  ch[which] = true;
  const effect = cx.s.board.abilities[ch.id]?.[which];
  tell(cx, `crew.${which}`, { characterKey: `character.${ch.id}.name` });
  if (!effect) return;
  if (effect.op === 'draw') crewDraw(cx, seat, effect.n);
  if (effect.op === 'actions') queue(cx, { k: 'row', seat, side: 'crew', icons: [...effect.icons], done: effect.icons.map(() => false), moved: [], by: ch.id });
}

/** Whether the character's chamber holds the android or other characters that block things (helper for views). */
export const visibleCount = (s: LifeformState, c: string): number => visibleAt(s, c).length;
export const imageSteps1 = imageSteps;
