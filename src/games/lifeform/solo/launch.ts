import type { Cx } from '../flow.ts';
import { REMORA, type LifeformState } from '../state.ts';
import { here } from './actions.ts';
import { draw, say, soloOf, win } from './flow.ts';

/** The five launch conditions (§LAUNCHING THE REMORA, solo), each true or false, in the book's order. */
export function launchConditions(s: LifeformState): { aboard: boolean; loadout: boolean; cat: boolean; umbilicus: boolean; data: boolean } {
  const so = soloOf(s);
  const l = so.def.launch;
  const coolant = l.coolantBelowOverheating ? s.overheating : 0;
  const loadout = (s.loadout.weaponry ?? 0) >= l.weaponry && (s.loadout.energy ?? 0) >= l.energy && (s.loadout.spacesuits ?? 0) >= l.spacesuits && (s.loadout.coolant ?? 0) >= coolant;
  return { aboard: here(s) === REMORA, loadout, cat: so.objectives.cat, umbilicus: so.objectives.umbilicus, data: so.objectives.data };
}

export const launchReady = (s: LifeformState): boolean => Object.values(launchConditions(s)).every(Boolean);

/**
 * LAUNCH: the stowaway tokens on the Remora are revealed; all SAFE wins. Any DANGER: the hibernation
 * sequence of the shuttle conflict (the objective's data token returned, the energy column's combat tokens
 * to the primary zone, the attack-5 token and used traits spread over the secondary zones, a halon blast
 * per full compartment, crew cards by the weaponry column) and the conflict itself.
 */
export function launchRemora(cx: Cx): void {
  const s = cx.s;
  const so = soloOf(s);
  const danger = so.remora.stowaways.filter((x) => x === 'danger').length;
  say(cx, 'launch', { safe: so.remora.stowaways.length - danger, danger });
  s.phase = 'showdown';
  if (danger === 0) {
    win(cx, 'safe');
    return;
  }
  // 1. The data token that satisfied the xeno data objective goes back.
  if (so.objectives.data && so.data.length > 0) {
    so.data.shift();
    so.tokens.data--;
  }
  // 2–3. Combat zones: primary from the energy column; secondaries share the attack-5 token and used traits.
  const zones: string[][][] = Array.from({ length: so.def.secondaryZones + 1 }, () => []);
  for (const t of so.energyAttack) if (t !== null) zones[0]?.push([...(so.def.attack1[t] ?? [])]);
  const secondary = [...(so.remora.attack5 ? [[...so.def.attack5]] : []), ...so.remora.traits.map((id) => [...(so.def.traitFight[id] ?? [])])];
  secondary.forEach((tok, i) => zones[1 + (i % so.def.secondaryZones)]?.push(tok));
  // 4. A halon gas blast per compartment fully covered.
  const halonCol = s.board.loadout.find((c) => c.id === 'halon');
  let filled = s.loadout.halon ?? 0;
  let halon = 0;
  for (const size of halonCol?.compartments ?? []) {
    if (filled >= size) halon++;
    filled -= size;
    if (filled <= 0) break;
  }
  so.stack = [{ k: 'conflict', zones, halon }];
  // 5. Crew cards: the number beside the highest token of the improvised weaponry column.
  const weaponry = s.board.loadout.find((c) => c.id === 'weaponry');
  const top = (s.loadout.weaponry ?? 0) - 1;
  const n = top >= 0 ? (weaponry?.spaces[top]?.value ?? 0) : 0;
  if (n > 0) draw(cx, n);
  say(cx, 'conflict', { zones: zones.length });
}
