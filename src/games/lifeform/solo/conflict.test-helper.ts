import { createRng, seedRng, type Rng } from '../../../core/index.ts';
import { loadValleyForge } from '../fixture.test-helper.ts';
import { startConflict } from './conflict.ts';
import type { ConflictInput, ConflictPack, ConflictResult, ConflictState, FightIcon } from './conflict-types.ts';

/**
 * Test inputs for the shuttle conflict: the valley-forge crew cards and a minimal solo section written here
 * (the pack's solo.yaml belongs to the starship stage's engineer; only the fields the conflict reads).
 */
const vf = await loadValleyForge();

const T = (en: string, es: string) => ({ en, es });

export const conflictPack: ConflictPack = {
  crew: vf.crew,
  solo: {
    setup: { handLimit: 7 },
    traits: [
      { id: 'trait-steady-hands', name: T('Steady hands', 'Pulso firme'), fight: ['claw'] },
      { id: 'trait-cold-logic', name: T('Cold logic', 'Lógica fría'), fight: ['bite', 'acid'] },
      { id: 'trait-professionalism', name: T('Professionalism', 'Profesionalidad'), fight: ['tail'] },
    ],
    attackTokens: { attack1: [['claw'], ['bite'], ['tail'], ['acid']], attack5: ['claw', 'bite', 'tail', 'acid', 'claw'] },
    conflict: { secondaryZones: 2, zones: [T('Primary zone', 'Zona principal'), T('Port zone', 'Zona de babor'), T('Starboard zone', 'Zona de estribor')] },
  },
};

/** Every crew card instance of the deck (`<id>.<copy>`), specials left out as at setup. */
export const allCards: string[] = vf.crew.filter((c) => c.special === null).flatMap((c) => Array.from({ length: c.copies }, (_, i) => `${c.id}.${i + 1}`));

export const rngOf = (seed: number): Rng => createRng(seedRng(seed));

/** A quiet input: nothing in any zone, nothing in the supply; tests fill in what they need. */
export function input(over: Partial<ConflictInput> = {}): ConflictInput {
  const hand = over.hand ?? [];
  return {
    halonCompartments: 0,
    weaponryDraw: 0,
    energyAttack1: [],
    remoraAttack5: false,
    remoraTraits: [],
    unusedTraits: [],
    hand,
    deck: allCards.filter((c) => !hand.includes(c)),
    discard: [],
    supply: { survival: 0, fireExtinguisher: 0, weldingTorch: 0, harpoon: 0 },
    data: [],
    objectiveData: null,
    airlockSurvival: false,
    container: { alive: 5, killed: 1 },
    spareAlive: 4,
    ...over,
  };
}

export function started(over: Partial<ConflictInput> = {}, seed = 1): ConflictState {
  const r = startConflict(input(over), conflictPack, rngOf(seed));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.state;
}

export function ok(r: ConflictResult): Extract<ConflictResult, { ok: true }> {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return r;
}

/** A started conflict whose zones are replaced by one token each with these icons (an empty list: a clear zone). */
export function arranged(over: Partial<ConflictInput>, zones: readonly (readonly FightIcon[])[]): ConflictState {
  const s = started({ energyAttack1: [0], ...over });
  s.zones = zones.map((icons) => (icons.length === 0 ? [] : [{ kind: 'attack5' as const, icons: [...icons] }]));
  s.outcome = null;
  return s;
}
