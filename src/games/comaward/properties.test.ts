import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, replay } from '../../core/index.ts';
import { pack } from './fixture.test-helper.ts';
import { comaWardGame } from './index.ts';
import { play } from './play.test-helper.ts';
import { randomGame } from './random-play.ts';

describe('comaward properties', () => {
  it('§What You Can Do on Your Turn (property): GIVEN random legal play WHEN any legal command is applied THEN nothing throws, Health stays 0–5, Terror 0–max, and every card is in exactly one place', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 6 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 40 }), (seed, n, choices) => {
        play(seed, n, choices, 250);
      }),
      { numRuns: 40 },
    );
  });

  it('§Revealing the Phenomenon (property): GIVEN long random games WHEN played THEN some reach the Phenomenon and its endings without breaking an invariant', () => {
    let phenomena = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { last } = play(seed, 3, [3, 7, 1, 9, 5, 2, 11, 6], 900);
      if (last.state.phenomenon) phenomena += 1;
    }
    expect(phenomena).toBeGreaterThan(0);
  });

  it('§Hallucination Cards and Glossary "Eliminate" (property): GIVEN random games with deaths WHEN any hallucination is drawn THEN its Narrator is a living player other than the one it is about, or nobody (the bot reads) when no one else lives', () => {
    let drawn = 0;
    let withDead = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 5 }), (seed, n) => {
        randomGame(pack, seed, n, 400, (step) => {
          for (const e of step.events) {
            if (e.code === 'comaward.hallucination.drawnNoNarrator') {
              expect(step.after.state.players.filter((p) => p.alive && p.seat !== e.params?.['seat']).length).toBe(0);
              drawn += 1;
            }
            if (e.code !== 'comaward.hallucination.drawn') continue;
            const narrator = Number(e.params?.['narratorSeat']);
            expect(narrator).not.toBe(e.params?.['seat']);
            expect(step.after.state.players[narrator]?.alive).toBe(true);
            drawn += 1;
            if (step.after.state.players.some((p) => !p.alive)) withDead += 1;
          }
        });
      }),
      { numRuns: 25, seed: 20_261_128 },
    );
    expect(drawn).toBeGreaterThan(20);
    expect(withDead).toBeGreaterThan(0);
  });

  it('GIVEN a random game log WHEN replayed through src/core replay THEN every stored hash is reproduced', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 30 }), (seed, choices) => {
        const { log, genesis, last } = play(seed, 3, choices, 150);
        const replayed = replay(comaWardGame, genesis, log, pack);
        expect(replayed.ok).toBe(true);
        if (replayed.ok) expect(canonicalJson(replayed.snapshot.state)).toBe(canonicalJson(last.state));
      }),
      { numRuns: 12 },
    );
  });

  it('property: GIVEN random play from deep-frozen input snapshots WHEN each command is decided THEN decide never writes to its input', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 30 }), (seed, choices) => {
        const frozen = play(seed, 3, choices, 120, true);
        const writable = play(seed, 3, choices, 120);
        expect(frozen.log.map((e) => e.stateHashAfter)).toEqual(writable.log.map((e) => e.stateHashAfter));
      }),
      { numRuns: 8 },
    );
  });
});

describe('comaward whole game', () => {
  it('§Prologue Setup to §End: GIVEN seed 323 with four players and a fixed choice of legal moves WHEN played THEN the Prologue finds three clues, the traitor phenomenon runs, and the patients\' ending fires with its epilogue; the replay gives the same final hash', () => {
    const { log, genesis, last } = play(323, 4, [3, 7, 1, 9, 5, 2, 11, 6, 13, 8], 1500);
    const s = last.state;
    expect(s.clues).toHaveLength(3);
    expect(s.phenomenon?.id).toBe('fx-traitor');
    expect(s.ending).toEqual({ id: 'patients-win', winners: [0, 1, 2] });
    expect(comaWardGame.status(s)).toEqual({ phase: 'won', reason: 'patients-win' });
    expect(log).toHaveLength(150);
    const final = replay(comaWardGame, genesis, log, pack, { verify: 'every' });
    expect(final).toMatchObject({ ok: true, hash: log.at(-1)?.stateHashAfter });
    expect(log.at(-1)?.stateHashAfter).toBe('11ee0f839469588fc2caefbc869e3b7c');
  });
});
