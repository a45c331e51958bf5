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
  return new SeededRng(state);
}

/** A class rather than closures: one command creates one, and replay creates one per command. */
class SeededRng implements Rng {
  readonly #gen: ReturnType<typeof xoroshiro128plusFromState>;
  #used = false;

  constructor(state: RngState) {
    this.#gen = xoroshiro128plusFromState(state);
  }

  int(min: number, max: number): number {
    this.#used = true;
    return uniformInt(this.#gen, min, max);
  }

  die(sides: number): number {
    return this.int(1, sides);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  get used(): boolean {
    return this.#used;
  }

  state(): RngState {
    return this.#gen.getState().slice();
  }
}
