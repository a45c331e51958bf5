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

/**
 * The generator's first state. A 31-bit seed alone could be found by trying every seed against what the
 * table sees, so a game also draws 128 bits of `entropy` (four 32-bit words) that are mixed into the
 * state; games stored before it existed have none and keep their old state, so their replay is unchanged.
 */
export function seedRng(seed: number, entropy?: readonly number[]): RngState {
  const state = xoroshiro128plus(seed | 0).getState();
  if (!entropy || entropy.length === 0) return state;
  const mixed = state.map((word, i) => (word ^ (entropy[i] ?? 0)) | 0);
  return mixed.some((word) => word !== 0) ? mixed : state;
}

/** Four random 32-bit words for {@link seedRng}, from the platform's cryptographic source. */
export function drawEntropy(bytes: (count: number) => Uint8Array): number[] {
  const raw = bytes(16);
  return [0, 1, 2, 3].map((i) => ((raw[i * 4]! << 24) | (raw[i * 4 + 1]! << 16) | (raw[i * 4 + 2]! << 8) | raw[i * 4 + 3]!) | 0);
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
