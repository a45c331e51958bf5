import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, seedRng } from '../../core/index.ts';
import { rollCheck } from './engine/checks.ts';
import { act, at, codes, edit, newGame, scripted } from './fixture.test-helper.ts';

describe('§Making a Check', () => {
  it('§Making a Check (the Angelica example): GIVEN Focus 4 rolling 1 4 5 6 WHEN the 4 and the 1 are re-rolled (4 6) and then the 4 with a new die (5 6) THEN five successes', () => {
    const roll = rollCheck(scripted([1, 4, 5, 6, 4, 6, 5, 6]), 4);
    expect(roll.waves).toEqual([
      { dice: [1, 4, 5, 6], fours: 0, failures: 0, fresh: 0 },
      { dice: [4, 6], fours: 1, failures: 1, fresh: 0 },
      { dice: [5, 6], fours: 1, failures: 0, fresh: 1 },
    ]);
    expect(roll.successes).toBe(5);
  });

  it('§Making a Check and §Revealing New Rooms: GIVEN Angelica revealing a room at Focus 4 WHEN she rolls the example THEN the table sees every roll and re-roll, she passes the Focus check of 3 and draws an item', () => {
    let s = edit(newGame(3), (d) => {
      d.decks.rooms = ['chapel', ...d.decks.rooms.filter((r) => r !== 'chapel')];
      d.decks.items = ['pudding', ...d.decks.items.filter((i) => i !== 'pudding')];
    });
    s = act(s, 'move', { to: at('floor2', 6, 0) }).state;
    const r = act(s, 'reveal', {}, { dice: [1, 4, 5, 6, 4, 6, 5, 6] });
    const shown = r.events.filter((e) => e.code.startsWith('comaward.check.'));
    expect(shown.map((e) => [e.code, e.params?.['dice'] ?? e.params?.['successes']])).toEqual([
      ['comaward.check.start', 4],
      ['comaward.check.roll', '1 4 5 6'],
      ['comaward.check.suspense', '4 6'],
      ['comaward.check.suspense', '5 6'],
      ['comaward.check.passed', 5],
    ]);
    expect(shown.every((e) => e.to === 'public')).toBe(true);
    expect(codes(r.events)).toContain('comaward.items.drawn');
    expect(r.state.players[0]?.items).toEqual(['pudding']);
  });

  it('§Making a Check: GIVEN a roll of 1 2 3 WHEN checked THEN no suspense and no success; nothing ever changes a face (bonuses are dice)', () => {
    const roll = rollCheck(scripted([1, 2, 3]), 3);
    expect(roll.waves).toHaveLength(1);
    expect(roll.successes).toBe(0);
  });

  it('§Making a Check (property): GIVEN any number of dice WHEN rolled THEN every later wave holds two dice per four of the wave before, and successes are the 5s and 6s of all waves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 1_000_000 }), (dice, seed) => {
        const roll = rollCheck(createRng(seedRng(seed)), dice);
        expect(roll.waves[0]?.dice.length).toBe(dice);
        for (let i = 1; i < roll.waves.length; i++) {
          const fours = (roll.waves[i - 1]?.dice ?? []).filter((d) => d === 4).length;
          expect(roll.waves[i]?.dice.length).toBe(2 * fours);
          expect((roll.waves[i]?.failures ?? 0) + (roll.waves[i]?.fresh ?? 0)).toBe(fours);
        }
        expect(roll.successes).toBe(roll.waves.flatMap((w) => w.dice).filter((d) => d >= 5).length);
      }),
      { numRuns: 200 },
    );
  });
});
