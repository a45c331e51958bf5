import type { Cx } from '../flow.ts';
import { distances, neighbours } from '../board.ts';
import { REMORA, rulesOf, type LifeformState } from '../state.ts';
import { staminaIcon } from '../content-solo.ts';
import { alien, chamberKey, closeRange, draw, hand, hurtAndroid, push, say, sdAdvance, soloOf } from './flow.ts';

/** The arguments of one crew action in solo (the `act` command without `i`). */
export interface SoloChoice {
  readonly to?: readonly string[];
  readonly chamber?: string;
  readonly column?: string;
  readonly data?: true | string;
  readonly link?: readonly [string, string];
  readonly lifeform?: true;
}

export const here = (s: LifeformState): string => s.characters[0]?.at ?? '';

/** Loadout columns with an empty space. */
export function openColumns(s: LifeformState): string[] {
  return s.board.loadout.filter((c) => (s.loadout[c.id] ?? 0) < c.spaces.length).map((c) => c.id);
}

/** One move from `from` through a corridor (§MOVEMENT; solo: no tunnels for the character), never out of the android's chamber. */
export function steps(s: LifeformState, from: string): string[] {
  if (s.android.state === 'active' && s.android.at === from) return [];
  return neighbours(s, from, { tunnels: false });
}

/** RUN: one or two moves, never from, through or into a dark chamber, stopping on a terror token. */
export function runPaths(s: LifeformState): string[][] {
  const from = here(s);
  if (s.outages.includes(from)) return [];
  const out: string[][] = [];
  for (const a of steps(s, from)) {
    if (s.outages.includes(a)) continue;
    out.push([a]);
    if (s.terrors.includes(a)) continue;
    for (const b of steps(s, a)) if (b !== from && !s.outages.includes(b)) out.push([a, b]);
  }
  return out;
}

/** Mod C, RENEWED STAMINA: a RUN! of one or two moves free of the other movement conditions (power outages, stopping on terror). */
export function staminaPaths(s: LifeformState): string[][] {
  const from = here(s);
  const out: string[][] = [];
  for (const a of steps(s, from)) {
    out.push([a]);
    for (const b of steps(s, a)) if (b !== from) out.push([a, b]);
  }
  return out;
}

/** Adjacent chambers (corridor, not behind the security door) holding a terror token. */
export function terrorNextDoor(s: LifeformState): string[] {
  return neighbours(s, here(s), { tunnels: false }).filter((c) => s.terrors.includes(c));
}

const doorLinks = (s: LifeformState): [string, string][] =>
  s.board.corridors
    .filter(([x, y]) => !((x === s.board.places.shuttleBay && y === REMORA) || (y === s.board.places.shuttleBay && x === REMORA)))
    .filter(([x, y]) => s.door === null || !((s.door.link[0] === x && s.door.link[1] === y) || (s.door.link[0] === y && s.door.link[1] === x)))
    .map(([x, y]) => [x, y]);

/**
 * Every state-changing way to execute one crew action icon in solo (§CREW ACTION REFERENCE, Dragon's Domain):
 * empty when it cannot change the state, so a row is playable only if one of its icons has an option.
 */
export function iconOptions(s: LifeformState, icon: string): SoloChoice[] {
  const so = soloOf(s);
  const at = here(s);
  const ch = s.board.chambers[at];
  switch (icon) {
    case 'circuit':
      if (!ch?.circuit) return [];
      return so.def.dataIcons.length > 0 ? [...new Set(so.def.dataIcons)].map((d) => ({ data: d })) : [{ data: true }];
    case 'draw2':
      return s.crewDeck.length + s.crewDiscard.length > 0 ? [{}] : [];
    case 'explore':
      return [...((s.mission[at] ?? 0) > 0 ? openColumns(s).map((column) => ({ column })) : []), ...terrorNextDoor(s).map((chamber) => ({ chamber }))];
    case 'flamethrower':
      if (!closeRange(s)) return [];
      return [...terrorNextDoor(s).map((chamber) => ({ chamber })), ...(!so.impervious && so.def.motion[so.motion]?.back ? [{ lifeform: true as const }] : [])];
    case 'flamethrowerAndroid': {
      if (!closeRange(s) || so.variants.withstand || s.android.state !== 'active' || s.android.at === null) return [];
      const d = distances(s, at, { tunnels: false, ignoreDoor: true }).get(s.android.at);
      return d !== undefined && d <= 2 ? [{}] : [];
    }
    case 'flamethrowerCocoon':
      return ch?.cocoon && so.remora.stowaways.length > 0 ? [{}] : [];
    case 'missionMaintenance':
    case 'missionSister':
      // HAZARDOUS ENVIRONMENT: no mission token into the breached chamber.
      return s.missionPool > 0 && (icon === 'missionMaintenance' ? s.board.places.maintenance : s.board.places.sisterInterface) !== s.hullBreach ? [{}] : [];
    case 'move':
    case 'move2':
      return steps(s, at).map((c) => ({ to: [c] }));
    case 'run':
      return runPaths(s).map((to) => ({ to }));
    case staminaIcon:
      return staminaPaths(s).map((to) => ({ to }));
    case 'securityDoor':
      return doorLinks(s).map((link) => ({ link }));
    case 'selfDestruct':
    case 'survival':
      return [{}];
    case 'shockProdAndroid':
      return s.android.state === 'active' && s.android.at === at && !s.outages.includes(at) ? [{}] : [];
    default:
      // SWAP LIFEFORM IMAGES does nothing in solo (only a crisis resource).
      return [];
  }
}

/** Executes one crew action icon with a choice from `iconOptions`. */
export function execIcon(cx: Cx, icon: string, c: SoloChoice): void {
  const s = cx.s;
  const so = soloOf(s);
  const at = here(s);
  switch (icon) {
    case 'circuit':
      gainData(cx, typeof c.data === 'string' ? c.data : '');
      return;
    case 'draw2':
      draw(cx, 2);
      return;
    case 'explore':
    case 'flamethrower':
      if (c.column !== undefined) collectOnto(cx, c.column);
      else if (c.chamber !== undefined) removeTerror(cx, c.chamber);
      else if (c.lifeform) back(cx, 2);
      return;
    case 'flamethrowerAndroid':
    case 'shockProdAndroid':
      hurtAndroid(cx);
      return;
    case 'flamethrowerCocoon': {
      const i = cx.rng.int(0, so.remora.stowaways.length - 1);
      const [t] = so.remora.stowaways.splice(i, 1);
      if (t !== undefined) so.stowawaySupply.splice(cx.rng.int(0, so.stowawaySupply.length), 0, t);
      say(cx, 'stowawayBack');
      return;
    }
    case 'missionMaintenance':
    case 'missionSister': {
      const target = icon === 'missionMaintenance' ? s.board.places.maintenance : s.board.places.sisterInterface;
      s.missionPool--;
      s.mission[target] = (s.mission[target] ?? 0) + 1;
      say(cx, 'mission', { chamberKey: chamberKey(target) });
      alien(cx, 1);
      return;
    }
    case 'move':
    case 'move2':
    case 'run':
    case staminaIcon:
      for (const to of c.to ?? []) enter(cx, to);
      return;
    case 'securityDoor':
      if (c.link) s.door = { link: [c.link[0], c.link[1]], half: false };
      say(cx, 'door');
      return;
    case 'selfDestruct':
      sdAdvance(cx, 1);
      return;
    case 'survival':
      so.tokens.survival++;
      say(cx, 'gain', { token: 'survival', n: 1 });
      return;
    default:
      void at;
  }
}

/** A data token (of the chosen icon, or drawn from the pool's icons when a crisis grants it): the xeno data objective. */
export function gainData(cx: Cx, icon: string): void {
  const so = soloOf(cx.s);
  so.tokens.data++;
  so.data.push(icon);
  if (!so.objectives.data) {
    so.objectives.data = true;
    say(cx, 'objective', { objective: 'data' });
  }
  say(cx, 'gain', { token: 'data', n: 1 });
}

export function removeTerror(cx: Cx, chamber: string): void {
  const s = cx.s;
  const i = s.terrors.indexOf(chamber);
  if (i < 0) return;
  s.terrors.splice(i, 1);
  say(cx, 'terrorRemoved', { chamberKey: chamberKey(chamber) });
}

/** The lifeform moves back n spaces down the central pathway (`back`), activating nothing. */
export function back(cx: Cx, n: number): void {
  const so = soloOf(cx.s);
  for (let i = 0; i < n; i++) {
    const b = so.def.motion[so.motion]?.back ?? null;
    if (b === null) break;
    so.motion = b;
  }
  say(cx, 'back', { n });
}

/** §STEP 1: the chamber's mission token onto the bottom empty space of a column (a combat token there leaves the game; its bonus applies: rules 2 skipped the power outage ones, rules 3 asks which token). */
export function collectOnto(cx: Cx, column: string): void {
  const s = cx.s;
  const so = soloOf(s);
  const at = here(s);
  if ((s.mission[at] ?? 0) <= 0) return;
  s.mission[at] = (s.mission[at] ?? 0) - 1;
  const space = s.loadout[column] ?? 0;
  s.loadout[column] = space + 1;
  if (column === 'energy' && so.energyAttack[space] !== null && so.energyAttack[space] !== undefined) {
    so.energyAttack[space] = null;
    say(cx, 'combatRemoved');
  }
  say(cx, 'collected', { column });
  const bonus = s.board.loadout.find((c) => c.id === column)?.spaces[space]?.bonus ?? null;
  if (bonus === 'flamethrower' && !s.flamethrowerTaken) {
    s.flamethrowerTaken = true;
    hand(s).push(`${s.board.flamethrower}.1`);
    say(cx, 'flamethrower');
  } else if (bonus === 'draw') draw(cx, 1);
  else if ((bonus === 'removeOutage' || bonus === 'moveOutage') && rulesOf(s) >= 3 && s.outages.length > 0) push(cx, { k: 'outageBonus', what: bonus === 'removeOutage' ? 'remove' : 'move' });
}

/** The character enters a chamber: harpoon token taken, the Mining Laser on first entry to Engineering, a terror token met. */
export function enter(cx: Cx, chamber: string): void {
  const s = cx.s;
  const so = soloOf(s);
  const ch = s.characters[0];
  if (!ch) return;
  ch.at = chamber;
  say(cx, 'moved', { chamberKey: chamberKey(chamber) });
  const h = so.harpoons.indexOf(chamber);
  if (h >= 0) {
    so.harpoons.splice(h, 1);
    so.tokens.harpoon++;
    say(cx, 'gain', { token: 'harpoon', n: 1 });
  }
  if (chamber === s.board.places.engineering && s.laser === 'board') {
    s.laser = 'taken';
    hand(s).push(`${s.board.miningLaser}.1`);
    say(cx, 'laserTaken');
  }
  if (s.terrors.includes(chamber)) push(cx, { k: 'terrorMeet', chamber });
}

/** SHOOT THE MINING LASER: the card in hand, the android here or next door (corridor or tunnel), no power outage in either chamber. */
export function laserReady(s: LifeformState): boolean {
  const at = here(s);
  const a = s.android.at;
  if (s.android.state !== 'active' || a === null) return false;
  if (!hand(s).some((c) => c.startsWith(`${s.board.miningLaser}.`))) return false;
  if (s.outages.includes(at) || s.outages.includes(a)) return false;
  return a === at || neighbours(s, at, { tunnels: true, ignoreDoor: true }).includes(a);
}
