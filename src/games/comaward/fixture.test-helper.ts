import { join } from 'node:path';
import { createRng, seedRng, type GameCommand, type GameEvent, type Rejection, type Rng, type RngState } from '../../core/index.ts';
import { mutableCopy } from '../../core/sealed.ts';
import { loadPackDir } from '../../content/load-dir.ts';
import { validatePack, type PackError } from '../../content/schema.ts';
import type { ComaWardPack } from './content.ts';
import { comaWardText as packText } from './place-names.ts';
import { comaWardPackSchema } from './pack-schema.ts';
import { decideCommand, setupGame } from './rules.ts';
import type { CwState } from './state.ts';

/** The rules tests' own pack: small, and between its files it uses every op and condition. */
export const FIXTURE_DIR = join(import.meta.dirname, 'test-pack');

export async function loadComaWardPack(dir: string): Promise<{ ok: true; pack: ComaWardPack } | { ok: false; errors: PackError[] }> {
  const loaded = await loadPackDir(dir);
  if (!loaded.ok) return { ok: false, errors: loaded.error };
  const valid = validatePack(loaded.value, comaWardPackSchema);
  return valid.ok ? { ok: true, pack: valid.value.content } : { ok: false, errors: valid.error };
}

const loaded = await loadComaWardPack(FIXTURE_DIR);
if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
export const pack: ComaWardPack = loaded.pack;

export const text = (key: string, lang = 'en'): string | undefined => packText(pack, key, lang);

export const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ index: i, name: `p${i}` }));

/** A fresh game (quirks on unless told otherwise). */
export function newGame(n = 3, seed = 1, options: Record<string, unknown> = {}): CwState {
  return setupGame(options, seats(n), createRng(seedRng(seed)), pack);
}

/** An Rng that answers from a script: `die(6)` and `int` return the next value; then a seeded one. */
export function scripted(values: readonly number[], fallback: RngState = seedRng(99)): Rng & { left: () => number } {
  const queue = [...values];
  const real = createRng(fallback);
  let used = false;
  const int = (min: number, max: number): number => {
    used = true;
    const v = queue.shift();
    return v === undefined ? real.int(min, max) : Math.min(max, Math.max(min, v));
  };
  return {
    int,
    die: (sides) => int(1, sides),
    shuffle: (items) => items.slice(),
    pick: (items) => items[0] as never,
    get used() {
      return used;
    },
    state: () => real.state(),
    left: () => queue.length,
  };
}

/** A copy of the state to arrange a situation by hand (the pack stays shared). */
export function edit(state: CwState, fn: (d: CwState) => void): CwState {
  const d = { ...mutableCopy({ ...state, pack: null }), pack: state.pack } as CwState;
  fn(d);
  return d;
}

export interface Step {
  readonly state: CwState;
  readonly events: readonly GameEvent[];
}

/** Decides one command (as `seat`, default: whoever is awaited) with an optional dice script. */
export function act(state: CwState, type: string, args: Record<string, unknown> = {}, opts: { seat?: number | null; dice?: readonly number[]; rng?: Rng } = {}): Step {
  const r = tryAct(state, type, args, opts);
  if (!r.ok) throw new Error(`refused ${type}: ${r.error.code} ${JSON.stringify(r.error.params ?? {})}`);
  return r.value;
}

export function tryAct(state: CwState, type: string, args: Record<string, unknown> = {}, opts: { seat?: number | null; dice?: readonly number[]; rng?: Rng } = {}): { ok: true; value: Step } | { ok: false; error: Rejection } {
  const seat = opts.seat === undefined ? (state.pending?.seat ?? state.active) : opts.seat;
  const command: GameCommand = { type, args };
  const rng = opts.rng ?? scripted(opts.dice ?? []);
  const r = decideCommand(state, command, { seat, now: '2026-01-01T00:00:00.000Z', rng, asHost: false, pack });
  if (!r.ok) return r;
  return { ok: true, value: { state: r.value.state, events: r.value.events } };
}

export const codes = (events: readonly GameEvent[]): string[] => events.map((e) => e.code);

/** A space id on a floor at x, y (`floor2-4-1`), or the fixed room's id. */
export const at = (floor: string, x: number, y: number): string => `${floor}-${x}-${y}`;
