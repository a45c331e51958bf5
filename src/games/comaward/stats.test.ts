import { describe, expect, it } from 'vitest';
import { derived, carryLimit, checkDice } from './engine/stats.ts';
import { changeHealth, changeTerror } from './engine/vitals.ts';
import { codes, edit, newGame, pack, scripted } from './fixture.test-helper.ts';
import type { Env } from './state.ts';

const env = (): Env => ({ pack, rng: scripted([]), events: [], revealed: false });

describe('§Your Character Statistics', () => {
  it('§Prologue Setup: GIVEN a new game WHEN set up THEN each player has a neurosis, Health 5, Terror 3, a secret quirk, and stands on the 2nd Floor Nurses\' Station', () => {
    const s = newGame(4);
    for (const p of s.players) {
      expect(p).toMatchObject({ health: 5, terror: 3, at: 'nurses-station-2', alive: true });
      expect(pack.neuroses.map((n) => n.id)).toContain(p.neurosis);
      expect(p.quirk).not.toBeNull();
    }
    expect(new Set(s.players.map((p) => p.quirk)).size).toBe(4);
    expect(newGame(3, 1, { quirks: false }).players.every((p) => p.quirk === null)).toBe(true);
    expect(newGame(3, 1, { first: 3 }).active).toBe(2);
  });

  it('§Quirk Cards: GIVEN a dealt quirk WHEN views are built THEN only its owner sees it (view and /secrets), never the table or another seat', async () => {
    const { comaWardGame } = await import('./index.ts');
    const s = newGame(3);
    const quirk = s.players[0]?.quirk as string;
    expect(comaWardGame.secretsFor(s, 0)[0]).toMatchObject({ code: 'comaward.secret.quirk', to: 0, params: { quirkKey: `quirk.${quirk}.name`, count: 0 } });
    expect(JSON.stringify(comaWardGame.viewFor(s, 0))).toContain(`"quirk":"${quirk}"`);
    for (const other of [JSON.stringify(comaWardGame.publicView(s)), JSON.stringify(comaWardGame.viewFor(s, 1)), JSON.stringify(comaWardGame.secretsFor(s, 1))]) expect(other).not.toContain(`"${quirk}"`);
  });

  it('§Your Character Statistics: GIVEN Health 5 and Terror 3 WHEN read on the mat THEN Strength and Dexterity come from Health and Focus from Terror', () => {
    expect(derived(pack, { health: 5, terror: 3 })).toEqual({ strength: 3, dexterity: 4, focus: 4 });
    expect(derived(pack, { health: 2, terror: 8 })).toEqual({ strength: 1, dexterity: 2, focus: 1 });
  });

  it('§Your Character Statistics: GIVEN Health 5 WHEN an effect heals 2 THEN Health stays 5; GIVEN Terror 1 WHEN it loses 3 THEN Terror is 0 and the neurosis flips to its hidden side', () => {
    const s = newGame(2);
    const e = env();
    changeHealth(s, e, 0, 2);
    expect(s.players[0]?.health).toBe(5);
    (s.players[0] as { terror: number }).terror = 1;
    changeTerror(s, e, 0, -3);
    expect(s.players[0]).toMatchObject({ terror: 0, hidden: true });
    expect(codes(e.events)).toContain('comaward.neurosis.flipped');
  });

  it('§Your Character Statistics: GIVEN Terror 7 of 8 WHEN 3 Terror is gained THEN Terror is 8 and the 2 that could not be gained are lost as Health', () => {
    const s = edit(newGame(2), (d) => {
      (d.players[0] as { terror: number }).terror = 7;
    });
    const e = env();
    changeTerror(s, e, 0, 3);
    expect(s.players[0]).toMatchObject({ terror: 8, health: 3 });
    expect(codes(e.events)).toContain('comaward.stat.scared');
  });

  it('§If a Player Dies: GIVEN a player carrying items WHEN Health reaches 0 THEN they are eliminated, leave the board and their items drop where they died', () => {
    const s = edit(newGame(2), (d) => {
      (d.players[1] as { items: string[] }).items = ['broom', 'pudding'];
      d.decks.items = d.decks.items.filter((u) => u !== 'broom' && u !== 'pudding');
    });
    const e = env();
    changeHealth(s, e, 1, -9);
    expect(s.players[1]).toMatchObject({ alive: false, health: 0, at: null, diedAt: 'nurses-station-2', items: [] });
    expect(s.floor['nurses-station-2']).toEqual(['broom', 'pudding']);
  });

  it('§Item Cards and §Clothing: GIVEN Health 4 and scrubs (carry +1) WHEN the limit is read THEN it is 5; a flashlight adds a Focus die, never a face', () => {
    const s = edit(newGame(2), (d) => {
      const p = d.players[0] as { health: number; items: string[] };
      p.health = 4;
      p.items = ['scrubs', 'flashlight'];
    });
    expect(carryLimit(pack, s.players[0] as never)).toBe(5);
    expect(checkDice(pack, s.players[0] as never, 'focus')).toEqual({ base: 4, bonus: 1 });
  });
});
