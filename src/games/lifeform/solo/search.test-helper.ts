import { createRng, draftCopy, seedRng, type GameCommand, type GameEvent } from '../../../core/index.ts';
import type { LifeformPack } from '../content.ts';
import { loadValleyForge } from '../fixture.test-helper.ts';
import { lifeformGame } from '../index.ts';
import type { LifeformState } from '../state.ts';
import type { SearchState, SoloState } from './state.ts';

/** The shipped Valley Forge (1.4.0: Mod C's cards and Remora board) for the Mod C tests (test-only). */
export const vf: LifeformPack = await loadValleyForge();

/** A solo game with `mods=search`, its character picked, at its first choice (test-only). */
export function searchStarted(seed = 7, options: Record<string, unknown> = {}): LifeformState {
  const s = lifeformGame.setup({ lifeform: 0, evolution: false, mods: ['search'], mode: 'solo', ...options }, [{ index: 0, name: 'p0' }], createRng(seedRng(seed)), vf, lifeformGame.rulesVersion);
  return play(s, 'soloPick', { character: (s.offers['0'] as string[])[0] }).state;
}

export function play(s: LifeformState, type: string, args: Record<string, unknown> = {}, seed = 3): { state: LifeformState; events: readonly GameEvent[]; revealed: boolean } {
  const r = lifeformGame.decide(s, { type, args }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: createRng(seedRng(seed)), asHost: false, pack: vf });
  if (!r.ok) throw new Error(`${type} ${JSON.stringify(args)} refused: ${JSON.stringify(r.error)} at ${JSON.stringify(s.solo?.stack.at(-1))}`);
  return { state: r.value.state, events: r.value.events, revealed: r.value.revealed === true };
}

/** Edits a copy of a state (test-only). */
export function change(s: LifeformState, edit: (d: LifeformState, so: SoloState, st: SearchState) => void): LifeformState {
  const d = draftCopy(s);
  const so = d.solo as SoloState;
  edit(d, so, so.search as SearchState);
  return d;
}

export const legalOf = (s: LifeformState): readonly GameCommand[] => lifeformGame.legalCommands(s, 0);
export const topOf = (s: LifeformState): string | undefined => s.solo?.stack.at(-1)?.k;
export const searchOf = (s: LifeformState): SearchState => s.solo?.search as SearchState;

/** A crisis card put on top of the stack, as if just drawn (test-only). */
export const facing = (s: LifeformState, card: string): LifeformState => change(s, (_d, so) => so.stack.push({ k: 'crisis', card }));

/** Ready to launch aboard the Remora: every condition met, the stowaways given (test-only). */
export function readyToLaunch(s: LifeformState, stowaways: ('safe' | 'danger')[], chambers: string[]): LifeformState {
  return change(s, (d, so, st) => {
    d.characters[0] = { ...(d.characters[0] as (typeof d.characters)[number]), at: 'remora' };
    Object.assign(d.loadout, { weaponry: 3, energy: 3, spacesuits: 1, coolant: 2, halon: 3 });
    so.objectives = { cat: true, umbilicus: true, data: true };
    so.data = ['claw'];
    so.tokens.data = 1;
    so.remora.stowaways = stowaways;
    st.chambers = chambers;
  });
}
