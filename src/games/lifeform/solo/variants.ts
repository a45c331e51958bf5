import type { Cx } from '../flow.ts';
import { breachChamber, distances, neighbours } from '../board.ts';
import type { DeckId } from '../content.ts';
import { REMORA, type LifeformState } from '../state.ts';
import { chamberKey, destroyAndroid, lose, push, say, soloOf } from './flow.ts';

/**
 * Dragon's Domain §VARIANTS HAZARDOUS ENVIRONMENT and "YOU ARE BECOMING HYSTERICAL", and the rules 3 power
 * outage loadout bonuses (§SHUTTLE LOADOUT) asked of the solo player.
 */

/**
 * HAZARDOUS ENVIRONMENT at setup: the hull breach token in the deck's chamber of solo.yaml
 * `hazardousEnvironment`. As a base game hull breach (§HULL BREACH steps 3–4) the chamber's other tokens
 * leave (mission, power outage and terror tokens to their pools, a harpoon token and a killed chit out of
 * the game) and no one may enter it or trace a path through it for the rest of the game.
 */
export function placeHazard(s: LifeformState, chambers: Readonly<Record<DeckId, string>>, deck: DeckId): void {
  const so = soloOf(s);
  const chamber = chambers[deck];
  breachChamber(s, chamber);
  so.harpoons = so.harpoons.filter((c) => c !== chamber);
  so.killedChits = so.killedChits.filter((c) => c !== chamber);
  s.solo = { ...so, variants: { ...so.variants, hazard: deck } };
}

/** The player's chamber (the character is alone in solo). */
const here = (s: LifeformState): string => s.characters[0]?.at ?? '';

/** Movement points from each chamber to the player's: corridors only, as the android walks, a security door counted as passable (it only holds the android up). */
function towardsPlayer(s: LifeformState): Map<string, number> {
  return distances(s, here(s), { tunnels: false, ignoreDoor: true });
}

/**
 * "YOU ARE BECOMING HYSTERICAL": the android's possible steps, each bringing it one movement point closer to
 * the player's character; none (it stays) when it shares the player's chamber or nothing brings it closer.
 */
export function hystericalSteps(s: LifeformState): string[] {
  const at = s.android.at;
  if (s.android.state !== 'active' || at === null || at === here(s)) return [];
  const d = towardsPlayer(s);
  const now = d.get(at);
  if (now === undefined) return [];
  return neighbours(s, at, { tunnels: false, ignoreDoor: true }).filter((c) => (d.get(c) ?? Infinity) < now);
}

/** One android step into `next`: a security door on the way is pushed (full, then half, then gone) instead; the Remora strips the loadout and destroys it. */
export function androidStep(cx: Cx, next: string): void {
  const s = cx.s;
  const a = s.android;
  if (a.at === null) return;
  const d = s.door;
  if (d && ((d.link[0] === a.at && d.link[1] === next) || (d.link[1] === a.at && d.link[0] === next))) {
    if (d.half) s.door = null;
    else d.half = true;
    say(cx, 'androidDoor');
    return;
  }
  a.at = next;
  say(cx, 'androidMoved', { chamberKey: chamberKey(next) });
  if (next === REMORA) {
    const n = s.board.androidRemove[s.androidStatus] ?? 0;
    destroyAndroid(cx);
    if (n > 0) push(cx, { k: 'strip', left: n });
  }
}

/** The hysterical android's phase: one more turn counted, its step (asked when there are several), then the end of the phase. */
export function hystericalPhase(cx: Cx): void {
  const s = cx.s;
  const so = soloOf(s);
  if (s.android.state !== 'active' || so.hysteria === undefined) return;
  so.hysteria.turns++;
  const options = hystericalSteps(s);
  if (options.length === 1) androidStep(cx, options[0] as string);
  push(cx, ...(options.length > 1 ? [{ k: 'androidMove' as const }] : []), { k: 'androidEnd' });
}

/** End of the hysterical android's phase, from its second turn on: sharing the player's chamber draws a conflict chit; a killed chit loses the game, a still-alive one returns to the container. */
export function hystericalEnd(cx: Cx): void {
  const s = cx.s;
  const so = soloOf(s);
  if ((so.hysteria?.turns ?? 0) < 2 || s.android.state !== 'active' || s.android.at !== here(s)) return;
  say(cx, 'hysterical');
  const c = so.container;
  const total = c.alive + c.killed;
  if (total === 0) return;
  if (cx.rng.int(1, total) <= c.killed) {
    say(cx, 'chit.killed');
    lose(cx, 'hysterical');
    return;
  }
  // The variant says nothing of removing a still-alive chit (the proximity conflict does): it goes back.
  say(cx, 'chit.back');
}

/** Chambers a power outage token may be moved into in solo: next door by corridor or tunnel, on the ship, passable, not dark yet, not shielded (the Shuttle Bay takes them in solo). */
function outageTargets(s: LifeformState, from: string): string[] {
  return neighbours(s, from, { tunnels: true, ignoreDoor: true }).filter((to) => to !== REMORA && !s.outages.includes(to) && (!s.board.chambers[to]?.shielded || to === s.board.places.shuttleBay));
}

/** The commands' arguments of a power outage bonus: which token to remove, or which to move where. */
export function outageBonusOptions(s: LifeformState, what: 'remove' | 'move'): { chamber: string; to?: string }[] {
  if (what === 'remove') return s.outages.map((chamber) => ({ chamber }));
  return s.outages.flatMap((chamber) => outageTargets(s, chamber).map((to) => ({ chamber, to })));
}

/** Applies a power outage bonus answer (`unpower` or `shiftOutage`). */
export function outageBonus(cx: Cx, chamber: string, to?: string): void {
  const s = cx.s;
  const i = s.outages.indexOf(chamber);
  if (i < 0) return;
  if (to === undefined) {
    s.outages.splice(i, 1);
    s.outagePool++;
    say(cx, 'outageRemoved', { chamberKey: chamberKey(chamber) });
    return;
  }
  s.outages[i] = to;
  say(cx, 'outageMoved', { chamberKey: chamberKey(chamber), toKey: chamberKey(to) });
}

/** The least harmful power outage bonus answer: the token in the player's chamber or nearest to it removed; a token moved as far from the player as it can go. */
export function outageBonusTimeout(s: LifeformState, what: 'remove' | 'move'): { chamber: string; to?: string } | null {
  const d = distances(s, here(s), { tunnels: false, ignoreDoor: true });
  const far = (c: string): number => d.get(c) ?? 99;
  const options = outageBonusOptions(s, what);
  if (options.length === 0) return null;
  const score = (o: { chamber: string; to?: string }): number => (o.to === undefined ? -far(o.chamber) : far(o.to) - far(o.chamber));
  return options.reduce((best, o) => (score(o) > score(best) ? o : best));
}
