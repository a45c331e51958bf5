import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, canonicalJson, replay, type GameCommand } from '../../core/index.ts';
import { lifeformGame } from './index.ts';
import { legalCommands } from './legal.ts';
import { playRandom } from './play.test-helper.ts';
import { pack } from './scenario.test-helper.ts';
import { cardOf, REMORA, type LifeformState } from './state.ts';

const crewTotal = pack.crew.reduce((a, c) => a + c.copies, 0);
const lifeformTotal = pack.lifeform.cards.reduce((a, c) => a + c.copies, 0);

/** The invariants every reachable state keeps (§MOVEMENT, §REALITY CALIBRATION, token supplies). */
function invariants(s: LifeformState): void {
  const onBoard = s.images.filter((c): c is string => c !== null);
  expect(new Set(onBoard).size, 'one image per chamber').toBe(onBoard.length);
  expect(onBoard).not.toContain(REMORA);
  if (s.real !== null) expect(s.images[s.real], 'the real lifeform is one of the images on the ship').not.toBeNull();
  const mission = Object.values(s.mission).reduce((a, b) => a + b, 0) + Object.values(s.loadout).reduce((a, b) => a + b, 0) + s.missionPool;
  expect(mission, 'mission tokens conserved').toBe(pack.game.missionTokens);
  expect(Object.values(s.mission).every((n) => n >= 0) && s.missionPool >= 0).toBe(true);
  expect(s.outages.length + s.outagePool, 'power outage tokens conserved').toBe(pack.game.powerOutageTokens);
  expect(new Set(s.outages).size).toBe(s.outages.length);
  expect(s.terrors.length + s.terrorPool, 'terror tokens conserved').toBe(pack.game.terrorTokens);
  const pending = s.stack.flatMap((t) => (t.k === 'attack' && t.a.pending ? [t.a.pending.card] : []));
  const hands = [...Object.values(s.hands).flat(), ...pending];
  const specials = hands.filter((c) => cardOf(c) === s.board.miningLaser || cardOf(c) === s.board.flamethrower).length;
  const playedSpecials = (s.laser === 'gone' ? 1 : 0) + (s.flamethrowerTaken && !hands.includes(`${s.board.flamethrower}.1`) ? 1 : 0);
  expect(hands.length - specials + s.crewDeck.length + s.crewDiscard.length, 'crew cards conserved').toBe(crewTotal - 2);
  expect(specials + playedSpecials + (s.laser === 'board' ? 1 : 0) + (s.flamethrowerTaken ? 0 : 1), 'special cards accounted for').toBe(2);
  expect(s.lfHand.length + s.lfDeck.length + s.lfDiscard.length, 'lifeform cards conserved').toBe(lifeformTotal);
  const ids = s.characters.map((c) => c.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.some((id) => s.dead.includes(id))).toBe(false);
}

/** Rules 1 (games created before rules 2 keep it), rules 2, rules 2 with the evolution tokens option, and with the 13th Passenger mods. */
const settings = [{ rulesVersion: '1' }, { rulesVersion: '2' }, { rulesVersion: '2', options: { evolution: true } }, { rulesVersion: '2', options: { mods: ['survivors', 'asteroids', 'hunt'] } }];
const arb = fc.tuple(
  fc.integer({ min: 1, max: 1_000_000 }),
  fc.integer({ min: 2, max: 4 }),
  fc.array(fc.nat(100_000), { minLength: 5, maxLength: 40 }),
  fc.constantFrom(...settings),
);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe('lifeform properties', () => {
  it('§MOVEMENT and §REALITY CALIBRATION (property): GIVEN random legal play with 2–4 players (rules 1, rules 2, rules 2 with evolution tokens) WHEN any legal command is applied THEN nothing throws, someone is always awaited, one image per chamber, the real lifeform is exactly one image on the ship, and tokens and cards are conserved', () => {
    fc.assert(
      fc.property(arb, ([seed, seats, choices, setting]) => {
        const p = playRandom(pack, seed, seats, choices, 300, invariants, setting);
        expect(p.log.length).toBeGreaterThan(0);
      }),
      { numRuns: 30 },
    );
  }, 180_000);

  it('property: GIVEN a random game log WHEN replayed through src/core replay THEN every stored hash is reproduced', () => {
    fc.assert(
      fc.property(arb, ([seed, seats, choices, setting]) => {
        const { log, genesis, last } = playRandom(pack, seed, seats, choices, 250, undefined, setting);
        const replayed = replay(lifeformGame, genesis, log, pack);
        expect(replayed.ok).toBe(true);
        if (replayed.ok) expect(canonicalJson(replayed.snapshot.state)).toBe(canonicalJson(last.state));
      }),
      { numRuns: 12 },
    );
  }, 180_000);

  it('property: GIVEN a random game log WHEN replayed checking the final hash only (commands trusted, snapshots changed in place), from the genesis or from a checkpoint halfway THEN the state is the one every hash checked gives, and the checkpoint is left as it was', () => {
    fc.assert(
      fc.property(arb, ([seed, seats, choices, setting]) => {
        const { log, genesis, last } = playRandom(pack, seed, seats, choices, 250, undefined, setting);
        const half = Math.floor(log.length / 2);
        const head = replay(lifeformGame, genesis, log.slice(0, half), pack, { verify: 'every' });
        expect(head.ok).toBe(true);
        if (!head.ok) return;
        const checkpoint = canonicalJson(head.snapshot);
        for (const from of [undefined, { seq: log[half - 1]?.seq ?? 0, snapshot: head.snapshot }]) {
          const fast = replay(lifeformGame, genesis, log, pack, { verify: 'final', ...(from ? { from } : {}) });
          expect(fast.ok && fast.hash).toBe(log.at(-1)?.stateHashAfter);
          if (fast.ok) expect(canonicalJson(fast.snapshot.state)).toBe(canonicalJson(last.state));
        }
        expect(canonicalJson(head.snapshot)).toBe(checkpoint);
      }),
      { numRuns: 12 },
    );
  }, 180_000);

  it('property: GIVEN random play WHEN each command is decided from a deep-frozen snapshot THEN decide never writes to its input', () => {
    fc.assert(
      fc.property(arb, ([seed, seats, choices, setting]) => {
        const { steps } = playRandom(pack, seed, seats, choices, 120, undefined, setting);
        for (let i = 1; i < steps.length; i++) {
          const before = steps[i - 1]?.state as LifeformState;
          const step = steps[i] as { command: GameCommand; seat: number };
          const frozen = deepFreeze(structuredClone(before));
          const r = applyCommand(lifeformGame, { state: frozen, rng: [1, 2, 3, 4] }, step.command, { seat: step.seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
          expect(r.ok).toBe(true);
        }
      }),
      { numRuns: 8 },
    );
  }, 180_000);

  it('property: GIVEN random play WHEN decide asks about one command only (legalCommands with `want`) THEN that list is part of the whole list and holds every legal command of that type and card, so legality is unchanged', () => {
    fc.assert(
      fc.property(arb, ([seed, seats, choices, setting]) => {
        const { steps } = playRandom(pack, seed, seats, choices, 150, undefined, setting);
        for (const { state } of steps) {
          for (const seat of lifeformGame.awaiting(state).seats) {
            const all = legalCommands(state, seat).map((c) => canonicalJson(c));
            for (const c of legalCommands(state, seat)) {
              const some = legalCommands(state, seat, c).map((x) => canonicalJson(x));
              expect(some).toContain(canonicalJson(c));
              for (const x of some) expect(all).toContain(x);
            }
          }
        }
      }),
      { numRuns: 6 },
    );
  }, 180_000);

  it('issue 17 (timeouts): GIVEN any awaited seat in random play WHEN its deadline falls THEN the timeout action is one of its legal commands', () => {
    fc.assert(
      fc.property(arb, ([seed, seats, choices, setting]) => {
        const { steps } = playRandom(pack, seed, seats, choices, 200, undefined, setting);
        for (const { state } of steps) {
          for (const seat of lifeformGame.awaiting(state).seats) {
            const t = lifeformGame.timeoutAction?.(state, seat);
            expect(t).not.toBeNull();
            expect(lifeformGame.legalCommands(state, seat).map((c) => canonicalJson(c))).toContain(canonicalJson(t));
          }
        }
      }),
      { numRuns: 10 },
    );
  }, 180_000);
});
