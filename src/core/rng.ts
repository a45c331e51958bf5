import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

/** Serializable generator state; it lives inside the stored game so replay draws the same numbers. */
export type RngState = readonly number[];

/**
 * The only source of chance for rules. It records whether it was used, because a command that drew
 * randomness is irreversible (it forms the undo barrier, ARCHITECTURE.md "Command sourcing").
 */
export interface Rng {
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One roll of a die with `sides` faces (1..sides). */
  die(sides: number): number;
  /** A new array with the items in random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  pick<T>(items: readonly T[]): T;
  readonly used: boolean;
  state(): RngState;
}

export function seedRng(seed: number): RngState {
  return xoroshiro128plus(seed | 0).getState();
}

export function createRng(state: RngState): Rng {
  const gen = xoroshiro128plusFromState(state);
  let used = false;
  const int = (min: number, max: number): number => {
    used = true;
    return uniformInt(gen, min, max);
  };
  return {
    int,
    die: (sides) => int(1, sides),
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    get used() {
      return used;
    },
    state: () => gen.getState().slice(),
  };
}
