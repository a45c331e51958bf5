import { createRng, draftCopy, seedRng, type GameCommand, type GameEvent } from '../../../core/index.ts';
import type { LifeformPack } from '../content.ts';
import { loadSoloStarter } from '../fixture.test-helper.ts';
import { lifeformGame } from '../index.ts';
import type { LifeformState } from '../state.ts';
import type { SoloState } from './state.ts';

export const pack: LifeformPack = await loadSoloStarter();

/** A fresh solo game waiting for the character choice (test-only). */
export function soloFresh(seed = 7, options: Record<string, unknown> = {}): LifeformState {
  return lifeformGame.setup({ lifeform: 0, evolution: false, mods: [], mode: 'solo', ...options }, [{ index: 0, name: 'p0' }], createRng(seedRng(seed)), pack, lifeformGame.rulesVersion);
}

export interface Step {
  readonly state: LifeformState;
  readonly events: readonly GameEvent[];
}

export function act(s: LifeformState, type: string, args: Record<string, unknown> = {}, seed = 3): Step {
  const r = lifeformGame.decide(s, { type, args }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: createRng(seedRng(seed)), asHost: false, pack });
  if (!r.ok) throw new Error(`${type} ${JSON.stringify(args)} refused: ${JSON.stringify(r.error)} at ${JSON.stringify(s.solo?.stack.at(-1))}`);
  return { state: r.value.state, events: r.value.events };
}

/** A solo game with Ripley-like first character picked, at its first choice (test-only). */
export function soloStarted(seed = 7, options: Record<string, unknown> = {}): LifeformState {
  const s = soloFresh(seed, options);
  return act(s, 'soloPick', { character: (s.offers['0'] as string[])[0] }).state;
}

/** Edits a copy of a state (test-only), then lets the caller decide on it. */
export function edited(s: LifeformState, edit: (d: LifeformState, so: SoloState) => void): LifeformState {
  const d = draftCopy(s);
  edit(d, d.solo as SoloState);
  return d;
}

export const legal = (s: LifeformState): readonly GameCommand[] => lifeformGame.legalCommands(s, 0);
export const top = (s: LifeformState): string | undefined => s.solo?.stack.at(-1)?.k;

/**
 * A solo game on the Remora with every launch condition met and one DANGER stowaway aboard: launching it
 * starts the shuttle conflict (test-only); `edit` changes it further before the launch.
 */
export function readyToLaunch(seed: number, edit: (d: LifeformState, so: SoloState) => void = () => undefined): LifeformState {
  return edited(soloStarted(seed), (d, so) => {
    d.characters[0] = { ...(d.characters[0] as (typeof d.characters)[number]), at: 'remora' };
    Object.assign(d.loadout, { weaponry: 3, energy: 3, spacesuits: 1, coolant: 2, halon: 3 });
    so.objectives = { cat: true, umbilicus: true, data: true };
    so.data = ['claw'];
    so.tokens.data = 1;
    so.remora.stowaways = ['danger'];
    edit(d, so);
  });
}
