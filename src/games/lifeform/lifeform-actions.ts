import type { LifeformIcon } from './content.ts';
import { androidAt, characterSteps, hasChars, hasImage, imageSteps, neighbours, sdReached, visibleAt } from './board.ts';
import { chamberKey, stepCharacter, type Choice } from './crew-actions.ts';
import { advanceCocoon, advanceMalfunction, advanceSelfDestruct, placeToken, tell, queue, tokenChambers, type Cx } from './flow.ts';
import { killCharacters, startAttack } from './attack.ts';
import { REMORA, type LifeformState } from './state.ts';

export { placeToken } from './flow.ts';

export interface LfChoice extends Choice {
  ability?: 'androidKill' | 'moveAlien3' | 'hullBreach';
}

const onBoard = (s: LifeformState): number[] => s.images.map((at, i) => (at === null ? -1 : i)).filter((i) => i >= 0);

/** Android moves the lifeform may direct: corridors not blocked by the door (§MOVING THE ANDROID). */
export function androidChoices(s: LifeformState, bonus: boolean): Choice[] {
  const at = s.android.at;
  if (s.android.state !== 'active' || at === null) return [];
  const path = s.board.androidPath;
  const next = path[path.indexOf(at) + 1];
  const out: Choice[] = neighbours(s, at, { tunnels: false })
    .filter((c) => !bonus || c !== next)
    .map((c) => ({ to: [c] }));
  if (!bonus && s.door && (s.door.link[0] === at || s.door.link[1] === at) && !s.board.tunnels.some((l) => l[0] === s.door?.link[0] && l[1] === s.door.link[1])) out.push({ link: [s.door.link[0], s.door.link[1]] });
  return out;
}

/** Hull breach targets (§HULL BREACH): next to an image, no image, not the Remora, the Shuttle Bay or its neighbours, no objective chamber. */
function breachTargets(s: LifeformState): string[] {
  const bay = s.board.places.shuttleBay;
  const nearBay = neighbours(s, bay, { tunnels: true, ignoreDoor: true });
  const out = new Set<string>();
  for (const i of onBoard(s)) {
    for (const c of neighbours(s, s.images[i] as string, { tunnels: true, ignoreDoor: true })) {
      if (c === REMORA || c === bay || nearBay.includes(c) || hasImage(s, c) || s.board.chambers[c]?.objective) continue;
      out.add(c);
    }
  }
  return [...out];
}

/** Paths of one to three image moves that end somewhere else (§MOVE ALIEN 3). */
function pathsUpTo(s: LifeformState, from: string, n: number): string[][] {
  const out: string[][] = [];
  const walk = (at: string, path: string[]): void => {
    if (path.length > 0 && at !== from) out.push(path);
    if (path.length === n) return;
    for (const c of neighbours(s, at, { tunnels: true })) {
      if (c === REMORA || hasChars(s, c) || (hasImage(s, c) && c !== from)) continue;
      walk(c, [...path, c]);
    }
  };
  walk(from, []);
  const seen = new Set<string>();
  return out.filter((p) => {
    const k = p.join('>');
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Every way a lifeform action can be executed that changes the game state (§PLAY A LIFEFORM CARD). */
export function lifeformOptions(s: LifeformState, icon: LifeformIcon): LfChoice[] {
  const out: LfChoice[] = [];
  const real = s.real === null ? null : s.images[s.real] ?? null;
  switch (icon) {
    case 'androidDeviation':
      if (s.android.deviation || !sdReached(s, 10) || s.android.state !== 'active') return [];
      return androidChoices(s, true).length > 0 ? androidChoices(s, true) : [{}];
    case 'attack':
      if (real === null) return [];
      for (const c of neighbours(s, real, { tunnels: true })) if (c !== REMORA && visibleAt(s, c).length > 0) out.push({ chamber: c });
      return out;
    case 'cocoon':
      return s.cocoon < s.board.cocoon.length - 1 && onBoard(s).some((i) => s.board.chambers[s.images[i] as string]?.cocoon) ? [{}] : [];
    case 'forceMove':
      for (const ch of s.characters) {
        if (ch.hidden || ch.at === REMORA || androidAt(s, ch.at) || ch.at === s.cat?.at) continue;
        const ok = (c: string): boolean => c !== REMORA && c !== s.cat?.at && (!hasImage(s, c) || c === real);
        for (const a of characterSteps(s, ch.at).filter(ok)) {
          out.push({ who: ch.id, to: [a] });
          if (a === real) continue;
          for (const b of characterSteps({ ...s, characters: s.characters.map((x) => (x.id === ch.id ? { ...x, at: a } : x)) }, a).filter(ok)) if (b !== ch.at) out.push({ who: ch.id, to: [a, b] });
        }
      }
      return out;
    case 'killHidden':
      if (real === null) return [];
      for (const ch of s.characters) if (ch.hidden && ch.at === real) out.push({ who: ch.id });
      return out;
    case 'malfunction':
      return s.malfunction < s.board.malfunction.length - 1 ? [{}] : [];
    case 'missionRemoval':
      for (const i of onBoard(s)) if ((s.mission[s.images[i] as string] ?? 0) > 0) out.push({ chamber: s.images[i] as string });
      return out;
    case 'move1':
    case 'move2':
    case 'moveTwice':
    case 'move3':
      for (const i of onBoard(s)) for (const c of imageSteps(s, s.images[i] as string)) out.push({ image: i, to: [c] });
      return out;
    case 'powerOutage':
      return s.outagePool > 0 ? tokenChambers(s, 'outage').map((chamber) => ({ chamber })) : [];
    case 'scannerMalfunction':
      for (const ch of s.characters) {
        if (ch.at === REMORA) continue;
        const around = neighbours(s, ch.at, { tunnels: true, ignoreDoor: true });
        for (const from of around) {
          const i = s.images.indexOf(from);
          if (i < 0) continue;
          for (const to of around) if (to !== from && to !== REMORA && !hasChars(s, to) && !hasImage(s, to) && !out.some((o) => o.image === i && o.to?.[0] === to)) out.push({ image: i, to: [to] });
        }
      }
      return out;
    case 'securityDoorRemoval':
      return s.door ? [{}] : [];
    case 'selfDestruct':
      return [{}];
    case 'survival':
      if (s.lifeformSurvival !== null) return [];
      if (s.android.state === 'active' && s.android.at !== null && visibleAt(s, s.android.at).length > 0) out.push({ ability: 'androidKill' });
      for (const i of onBoard(s)) for (const p of pathsUpTo(s, s.images[i] as string, 3)) out.push({ ability: 'moveAlien3', image: i, to: p });
      for (const c of breachTargets(s)) out.push({ ability: 'hullBreach', chamber: c });
      return out;
    case 'swapIdentities':
      return onBoard(s).length > 1 ? [{}] : [];
    case 'terror':
      return s.terrorPool > 0 ? tokenChambers(s, 'terror').map((chamber) => ({ chamber })) : [];
    case 'vent':
      for (const i of onBoard(s)) {
        for (const c of s.board.order) {
          if (!s.board.chambers[c]?.vent || c === s.hullBreach || hasImage(s, c)) continue;
          if (!hasChars(s, c)) out.push({ image: i, chamber: c });
          else if (i === s.real && visibleAt(s, c).length > 0) out.push({ image: i, chamber: c });
        }
      }
      return out;
  }
}

/** Executes one lifeform action with a choice from `lifeformOptions`. */
export function applyLifeform(cx: Cx, icon: LifeformIcon, c: LfChoice): void {
  const s = cx.s;
  const seat = s.lifeformSeat;
  switch (icon) {
    case 'androidDeviation':
      s.android.deviation = true;
      tell(cx, 'android.deviation');
      if (c.to) {
        s.android.at = c.to[0] as string;
        tell(cx, 'android.moved', { chamberKey: chamberKey(s.android.at) });
      }
      return;
    case 'attack': {
      const real = s.images[s.real as number] as string;
      startAttack(cx, c.chamber as string, real, 'adjacent');
      return;
    }
    case 'cocoon':
      advanceCocoon(cx);
      return;
    case 'forceMove': {
      const ch = s.characters.find((x) => x.id === c.who);
      if (!ch || !c.to) return;
      for (const to of c.to) stepCharacter(cx, ch, to);
      const real = s.images[s.real as number];
      if (ch.at === real) {
        const from = c.to.length > 1 ? (c.to[0] as string) : null;
        startAttack(cx, ch.at, from, 'force');
      }
      return;
    }
    case 'killHidden':
      killCharacters(cx, [c.who as string]);
      return;
    case 'malfunction':
      advanceMalfunction(cx, 1);
      return;
    case 'missionRemoval':
      s.mission[c.chamber as string] = (s.mission[c.chamber as string] ?? 0) - 1;
      s.missionPool++;
      tell(cx, 'lifeform.missionRemoved', { chamberKey: chamberKey(c.chamber as string) });
      return;
    case 'move1':
    case 'move2':
    case 'moveTwice':
    case 'move3':
      s.images[c.image as number] = (c.to as string[])[0] as string;
      tell(cx, 'image.moved', { image: c.image as number, chamberKey: chamberKey(s.images[c.image as number] as string) });
      if (icon === 'move2') queue(cx, { k: 'more', seat, side: 'lifeform', action: 'move2', who: String(c.image), used: [String(c.image)], left: 1, path: [] });
      if (icon === 'move3') queue(cx, { k: 'more', seat, side: 'lifeform', action: 'move3', who: String(c.image), used: [String(c.image)], left: 2, path: [] });
      if (icon === 'moveTwice') queue(cx, { k: 'more', seat, side: 'lifeform', action: 'moveTwice', who: String(c.image), used: [String(c.image)], left: 1, path: [] });
      return;
    case 'powerOutage':
    case 'terror':
      placeToken(cx, icon === 'powerOutage' ? 'outage' : 'terror', c.chamber as string);
      return;
    case 'scannerMalfunction':
      s.images[c.image as number] = (c.to as string[])[0] as string;
      tell(cx, 'image.moved', { image: c.image as number, chamberKey: chamberKey(s.images[c.image as number] as string) });
      return;
    case 'securityDoorRemoval':
      s.door = null;
      tell(cx, 'lifeform.doorRemoved');
      return;
    case 'selfDestruct':
      advanceSelfDestruct(cx, 1);
      return;
    case 'survival':
      s.lifeformSurvival = c.ability as string;
      tell(cx, `lifeform.survival.${c.ability as string}`);
      if (c.ability === 'androidKill') {
        const victims = visibleAt(s, s.android.at as string).map((x) => x.id);
        killCharacters(cx, victims);
      }
      if (c.ability === 'moveAlien3') {
        s.images[c.image as number] = (c.to as string[])[(c.to as string[]).length - 1] as string;
        tell(cx, 'image.moved', { image: c.image as number, chamberKey: chamberKey(s.images[c.image as number] as string) });
      }
      if (c.ability === 'hullBreach') startAttack(cx, c.chamber as string, null, 'breach');
      return;
    case 'swapIdentities':
      queue(cx, { k: 'calibrate' });
      return;
    case 'vent': {
      const i = c.image as number;
      const from = s.images[i] as string;
      s.images[i] = c.chamber as string;
      tell(cx, 'image.vented', { image: i, chamberKey: chamberKey(c.chamber as string) });
      if (hasChars(s, c.chamber as string) && visibleAt(s, c.chamber as string).length > 0) startAttack(cx, c.chamber as string, from, 'vent');
      return;
    }
  }
}

