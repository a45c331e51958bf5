import { createRng, seedRng, type GameEvent, type Rejection, type Rng, type RngState } from '../../core/index.ts';
import { comanautsCommandSchemas, type ComanautsCommandType } from './commands.ts';
import type { DieKind } from './content.ts';
import { dieKind, type Draft } from './engine.ts';
import { loadTrainingPack } from './fixture.test-helper.ts';
import { decideCommand, setupGame } from './rules.ts';
import type { ComanautsState } from './state.ts';

export const pack = await loadTrainingPack();

/** A fresh game on the orchard page with fixed starting avatars (tests choose who stands where). */
export function newGame(seats = 2, seed = 1, startAvatars = ['wren', 'okafor', 'pim', 'dusk']): ComanautsState {
  return setupGame({ avatarsPerPlayer: 3, startAvatars }, Array.from({ length: seats }, (_, i) => ({ index: i, name: `p${i}` })), createRng(seedRng(seed)), pack);
}

/** An Rng that answers from a script: `die(6)` and `int` return the next value (clamped into range). */
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

export function mutate(state: ComanautsState, fn: (d: Draft) => void): ComanautsState {
  const d = structuredClone(state) as unknown as Draft;
  fn(d);
  return d as unknown as ComanautsState;
}

export type Run = { ok: true; state: ComanautsState; events: readonly GameEvent[] } | { ok: false; error: Rejection };

export function run(state: ComanautsState, seat: number, type: ComanautsCommandType, args: Record<string, unknown> = {}, rng: Rng = scripted([])): Run {
  const parsed = comanautsCommandSchemas[type].parse(args) as Record<string, unknown>;
  const r = decideCommand(state, { type, args: parsed }, { seat, now: '2026-01-01T00:00:00.000Z', rng, asHost: false, pack });
  return r.ok ? { ok: true, state: r.value.state, events: r.value.events } : { ok: false, error: r.error };
}

export function must(r: Run): { state: ComanautsState; events: readonly GameEvent[] } {
  if (!r.ok) throw new Error(`rejected: ${JSON.stringify(r.error)}`);
  return r;
}

/** Moves dice of the given kinds from anywhere but the bag's absence into the bag first, then to the hand. */
export function giveHand(d: Draft, kinds: readonly DieKind[], phase: Draft['phase'] = 'actions'): void {
  d.dice.bag.push(...d.dice.hand, ...d.dice.discard);
  d.dice.hand = [];
  d.dice.discard = [];
  for (const k of kinds) {
    const at = d.dice.bag.findIndex((x) => dieKind(d, x) === k);
    if (at < 0) throw new Error(`no ${k} die left in the bag`);
    d.dice.hand.push(...d.dice.bag.splice(at, 1));
  }
  d.phase = phase;
  d.work = [];
  d.prompt = null;
}

/** Takes one die of a kind out of the bag (for sheets and tracks). */
export function takeDie(d: Draft, kind: DieKind): string {
  const at = d.dice.bag.findIndex((x) => dieKind(d, x) === kind);
  if (at < 0) throw new Error(`no ${kind} die left in the bag`);
  return d.dice.bag.splice(at, 1)[0] as string;
}

export function putAvatar(d: Draft, seat: number, space: string, spot = seat): void {
  (d.players[seat] as Draft['players'][number]).avatar.place = { space, spot };
}

export function putEnemy(d: Draft, card: string, space: string, spot = 5): string {
  const uid = `e${d.nextEnemy++}`;
  d.enemies.push({ uid, card, place: { space, spot }, life: card === d.primeEntity ? d.seats : null });
  d.slots[d.slots.indexOf(null)] = uid;
  d.situation = 'hostile';
  return uid;
}

export function codes(events: readonly GameEvent[]): string[] {
  return events.map((e) => e.code);
}
