import { expect } from 'vitest';
import { createRng, draftCopy, seedRng, type GameEvent, type Rejection } from '../../core/index.ts';
import type { LifeformPack } from './content.ts';
import { loadValleyForge } from './fixture.test-helper.ts';
import { lifeformGame } from './index.ts';
import type { LifeformState } from './state.ts';
import type { Cx } from './flow.ts';
import { advance } from './order.ts';

export const pack: LifeformPack = await loadValleyForge();

const seatsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ index: i, name: `p${i}` }));

/** Which rules version and options a test game is set up with (default: the newest rules, no options). */
export interface Setting {
  readonly rules?: '1' | '2';
  readonly evolution?: boolean;
  /** 13th Passenger mods (game option `mods`). */
  readonly mods?: readonly ('survivors' | 'asteroids' | 'hunt')[];
}

/** A fresh game at the start of §SETUP's choices (test-only). */
export function fresh(players: 2 | 3 | 4, seed = 7, setting: Setting = {}): LifeformState {
  return lifeformGame.setup({ lifeform: 0, evolution: setting.evolution ?? false, mods: [...(setting.mods ?? [])] }, seatsOf(players), createRng(seedRng(seed)), pack, setting.rules ?? lifeformGame.rulesVersion);
}

export interface Step {
  readonly state: LifeformState;
  readonly events: readonly GameEvent[];
  readonly revealed: boolean;
}

/** Decides one command for a seat; fails the test when it is refused. */
export function act(s: LifeformState, seat: number, type: string, args: Record<string, unknown> = {}, seed = 3): Step {
  const r = lifeformGame.decide(s, { type, args }, { seat, now: '2026-01-01T00:00:00.000Z', rng: createRng(seedRng(seed)), asHost: false, pack });
  if (!r.ok) throw new Error(`${type} ${JSON.stringify(args)} refused: ${JSON.stringify(r.error)}`);
  return { state: r.value.state, events: r.value.events, revealed: r.value.revealed === true };
}

/** The rejection of a command the test expects to be refused. */
export function refused(s: LifeformState, seat: number, type: string, args: Record<string, unknown> = {}): Rejection {
  const r = lifeformGame.decide(s, { type, args }, { seat, now: '2026-01-01T00:00:00.000Z', rng: createRng(seedRng(3)), asHost: false, pack });
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error('accepted');
  return r.error;
}

/**
 * Plays §SETUP's choices in a fixed way: each crew seat picks its first two disks, outages on medbay,
 * armoury and stores (plus crew-quarters, workshop, maintenance with four players), images in
 * Observation Deck and Reactor Room, image 0 real, terror in Engineering.
 */
export function setUp(players: 2 | 3 | 4, seed = 7, setting: Setting = {}): LifeformState {
  let s = fresh(players, seed, setting);
  for (const seat of s.crewSeats) s = act(s, seat, 'pick', { characters: (s.offers[String(seat)] as string[]).slice(0, 2) }).state;
  if (s.stack.at(-1)?.k === 'catPlace') s = act(s, s.crewSeats[0] as number, 'cat', { chamber: 'airlock-a' }).state;
  const outages = players === 4 ? ['medbay', 'armoury', 'stores', 'crew-quarters', 'workshop', 'maintenance'] : ['medbay', 'armoury', 'stores'];
  for (const c of outages) s = act(s, 0, 'outage', { chamber: c }).state;
  s = act(s, 0, 'image', { chamber: 'observation' }).state;
  s = act(s, 0, 'image', { chamber: 'reactor' }).state;
  s = act(s, 0, 'calibrate', { image: 0 }).state;
  s = act(s, 0, 'terror', { chamber: 'engineering' }).state;
  while (s.stack.at(-1)?.k === 'decide') {
    const t = s.stack.at(-1) as { seat: number };
    s = act(s, t.seat, 'decide', { option: 0 }).state;
  }
  return s;
}

/** A mutable copy to arrange a situation by hand before a command is decided. */
export function arrange(s: LifeformState, edit: (d: LifeformState) => void): LifeformState {
  const d = draftCopy(s);
  edit(d);
  return d;
}

/** Places a character (by index in `characters`) in a chamber. */
export function put(d: LifeformState, index: number, chamber: string, hidden = false): string {
  const ch = d.characters[index];
  if (!ch) throw new Error(`no character ${index}`);
  ch.at = chamber;
  ch.hidden = hidden;
  return ch.id;
}

/** Gives a crew seat a hand of card instances. */
export function hand(d: LifeformState, seat: number, cards: string[]): void {
  d.hands[String(seat)] = cards;
}

export const codes = (events: readonly GameEvent[]): string[] => events.map((e) => e.code);

/** Runs the order of play from an arranged state with nothing pending (the next phase starts). */
export function flow(s: LifeformState, edit: (d: LifeformState) => void, seed = 3): Step {
  const d = draftCopy(s);
  edit(d);
  const cx: Cx = { s: d, rng: createRng(seedRng(seed)), events: [], revealed: false };
  advance(cx);
  return { state: d, events: cx.events, revealed: cx.revealed };
}

const minuteIndex = (s: LifeformState, m: number): number => s.board.minutes.indexOf(m);

/** A 3-player game launched at minute 8 with one character left behind: Ending C, the showdown. */
export function endingC(edit: (d: LifeformState) => void = () => undefined, setting: Setting = {}): LifeformState {
  const s = arrange(setUp(3, 7, setting), (d) => {
    d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
    put(d, 0, 'remora');
    put(d, 1, 'remora');
    put(d, 2, 'remora');
    put(d, 3, 'galley');
    d.sd = minuteIndex(d, 8);
    d.loadout = { weaponry: 3, coolant: 3, energy: 3, spacesuits: 3, halon: 4 };
    d.objectivesDone = Object.values(d.objectives).filter((o): o is string => o !== null);
    d.stowaway = 'close-call';
    d.hostility = 8;
    edit(d);
  });
  let g = act(s, 1, 'launch').state;
  if (g.stack.at(-1)?.k === 'agree') g = act(g, 2, 'agree', { yes: true }).state;
  return g;
}


/**
 * The lifeform's activity (§3 LIFEFORM ACTIVITY): every character in the Galley, the real image (0) next
 * door in the Observation Deck, a ghost (1) in the Reactor Room, no outages or terror tokens in the way,
 * the lifeform holding `lfHand` and seat 1 three crew cards; `edit` changes the rest.
 */
export function lifeformActivity(start: LifeformState, lfHand: readonly string[], edit: (d: LifeformState) => void = () => undefined): LifeformState {
  return arrange(start, (d) => {
    d.stack = [{ k: 'lifeformTurn' }];
    d.phase = 'lifeform';
    for (let i = 0; i < d.characters.length; i++) put(d, i, 'galley');
    d.images = ['observation', 'reactor', null];
    d.real = 0;
    d.outages = [];
    d.terrors = [];
    d.lfHand = [...lfHand];
    hand(d, 1, ['duck.1', 'bolt.1', 'prod.1']);
    edit(d);
  });
}
