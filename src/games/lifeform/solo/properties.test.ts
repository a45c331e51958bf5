import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, replay } from '../../../core/index.ts';
import { lifeformGame } from '../index.ts';
import { playRandom } from '../play.test-helper.ts';
import type { LifeformState } from '../state.ts';
import { soloLosses } from './flow.ts';
import { loadValleyForgeWithHazard } from '../fixture.test-helper.ts';

/** The shipped crisis decks and motion track (with the proposed HAZARDOUS ENVIRONMENT chambers): these properties hold for any content. */
const loaded = await loadValleyForgeWithHazard();
if (!loaded.ok) throw new Error('the Valley Forge with hazard chambers does not load');
const pack = loaded.pack;

const crewTotal = pack.crew.filter((c) => c.special === null).reduce((a, c) => a + c.copies, 0);

/** What every reachable solo state keeps: cards and tokens conserved, tracks in range, someone awaited or the game over. */
function invariants(s: LifeformState): void {
  const so = s.solo;
  if (!so) throw new Error('not solo');
  // The two special cards come and go; a kept Mod C crisis card is no crew card.
  const special = (c: string): boolean => c.startsWith(`${s.board.miningLaser}.`) || c.startsWith(`${s.board.flamethrower}.`) || (so.def.kept?.[c.slice(0, c.lastIndexOf('.'))] !== undefined && !s.board.crew[c.slice(0, c.lastIndexOf('.'))]);
  const inTasks = so.stack.flatMap((t) => (t.k === 'keep' || t.k === 'side' ? t.cards : []));
  const inConflict = so.stack.at(-1)?.k === 'conflict' && so.conflict === undefined;
  // Every deck card is somewhere (hand, deck, discard, a trait's look); the two special cards come and go.
  expect([...(s.hands['0'] ?? []), ...s.crewDeck, ...s.crewDiscard, ...inTasks].filter((c) => !special(c)).length, 'crew cards conserved').toBe(crewTotal);
  expect(so.remora.stowaways.length + so.stowawaySupply.length, 'six stowaway tokens').toBe(6);
  expect(so.nerve).toBeGreaterThanOrEqual(0);
  expect(so.fear).toBeLessThanOrEqual(so.def.fearSpaces);
  expect(s.terrors.length + s.terrorPool + so.fear).toBeLessThanOrEqual(pack.game.terrorTokens);
  expect(s.outages.length + s.outagePool).toBe(pack.game.powerOutageTokens);
  expect(so.container.alive >= 0 && so.container.killed >= 0).toBe(true);
  if (!s.outcome && !inConflict) {
    expect(lifeformGame.awaiting(s).seats).toEqual([0]);
    expect(lifeformGame.legalCommands(s, 0).length).toBeGreaterThan(0);
  }
  if (s.outcome) expect(s.outcome.winner === 'crew' || (soloLosses as readonly string[]).includes(s.outcome.reason)).toBe(true);
  if (so.search) {
    // Mod C: tracks in range, tokens only on the Remora's chambers, the hunt's card one of those left.
    const r = so.def.remora;
    expect(so.search.clamps).toBeLessThanOrEqual(r?.clamps ?? 0);
    expect(so.search.lifeSupport).toBeLessThanOrEqual(r?.lifeSupport.length ?? 0);
    expect(so.search.manual).toBeLessThanOrEqual(r?.manual.times ?? 0);
    for (const c of so.search.chambers) expect(r?.chambers).toContain(c);
    if (so.search.hidden !== null) expect(so.search.cards).toContain(so.search.hidden);
  }
}

const arb = fc.tuple(
  fc.integer({ min: 1, max: 1_000_000 }),
  fc.array(fc.nat(100_000), { minLength: 5, maxLength: 40 }),
  fc.constantFrom<Record<string, unknown>>({}, { start: 'shaken' }, { start: 'tough', murderous: true }, { isolation: true, everyday: 2, incinerator: true }, { bell: 4, withstand: true }, { mods: ['search'] }, { mods: 'search', start: 'shaken', everyday: 2 }, { hazard: 'random', hysterical: true }, { hazard: 'c', start: 'tough' }, { mods: ['search'], hysterical: true }),
);

describe("Dragon's Domain properties", () => {
  it('§YOU LOSE THE GAME IF / §LAUNCHING THE REMORA (property): GIVEN random legal solo play with any variant WHEN played to the end THEN nothing throws, the invariants hold, the game ends in a win, a listed loss or the shuttle conflict within 3000 commands, and replaying the log reproduces the state', () => {
    fc.assert(
      fc.property(arb, ([seed, choices, options]) => {
        const { genesis, log, last } = playRandom(pack, seed, 1, choices, 3000, invariants, { options: { mode: 'solo', ...options } });
        const s = last.state;
        expect(s.outcome, `ended within the bound: ${JSON.stringify(s.solo?.stack.at(-1))}`).not.toBeNull();
        const replayed = replay(lifeformGame, genesis, log, pack);
        expect(replayed.ok).toBe(true);
        if (replayed.ok) expect(canonicalJson(replayed.snapshot.state)).toBe(canonicalJson(s));
      }),
      { numRuns: Number(process.env.SOLO_RUNS ?? 25) },
    );
  }, 180_000);

  it('Timeouts (solo): GIVEN random solo play (Mod C in every other game) WHEN every answer is the timeout action THEN it is always legal and the game ends', () => {
    for (let seed = 1; seed <= 6; seed++) {
      let snap = playRandom(pack, seed, 1, [1], 1, undefined, { options: { mode: 'solo', ...(seed % 3 === 0 ? { mods: ['search'] } : seed % 3 === 1 ? { hysterical: true, hazard: 'random' } : {}) } }).last;
      for (let i = 0; i < 3000 && lifeformGame.status(snap.state).phase === 'playing'; i++) {
        const s = snap.state;
        const c = lifeformGame.timeoutAction?.(s, 0);
        expect(c).toBeTruthy();
        const r = lifeformGame.decide(s, c as NonNullable<typeof c>, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: { int: (a: number) => a, die: () => 1, shuffle: <T>(x: readonly T[]) => [...x], pick: <T>(x: readonly T[]) => x[0] as T, used: false, state: () => ({}) as never }, asHost: false, pack });
        expect(r.ok).toBe(true);
        if (r.ok) snap = { ...snap, state: r.value.state };
      }
      expect(snap.state.outcome).not.toBeNull();
    }
  });
});
