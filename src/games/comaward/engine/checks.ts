import type { Rng } from '../../../core/rng.ts';

/** One wave of dice: what was rolled and, for suspense waves, how many fours and failures were re-rolled. */
export interface Wave {
  readonly dice: readonly number[];
  readonly fours: number;
  readonly failures: number;
  readonly fresh: number;
}

export interface CheckRoll {
  readonly dice: number;
  readonly waves: readonly Wave[];
  readonly successes: number;
}

/** Guards the suspense loop; the odds of reaching it are vanishingly small. */
const MAX_WAVES = 64;

/**
 * §Making a Check: roll `dice` dice; 5–6 succeed, 1–3 fail, and each 4 is suspense: re-roll that die
 * together with one failed die, or a new die when no failure is left. Repeats while fours come up.
 */
export function rollCheck(rng: Rng, dice: number): CheckRoll {
  const waves: Wave[] = [];
  let successes = 0;
  let failures = 0;
  let rolling = Math.max(0, dice);
  let fours = 0;
  let first = true;
  while ((first || fours > 0) && waves.length < MAX_WAVES) {
    let reFailures = 0;
    let fresh = 0;
    if (!first) {
      rolling = 0;
      for (let i = 0; i < fours; i++) {
        rolling += 1;
        if (failures > 0) {
          failures -= 1;
          reFailures += 1;
        } else fresh += 1;
        rolling += 1;
      }
    }
    const rolled = Array.from({ length: rolling }, () => rng.die(6));
    waves.push({ dice: rolled, fours: first ? 0 : fours, failures: reFailures, fresh });
    fours = 0;
    for (const d of rolled) {
      if (d >= 5) successes += 1;
      else if (d === 4) fours += 1;
      else failures += 1;
    }
    first = false;
  }
  return { dice: Math.max(0, dice), waves, successes };
}
