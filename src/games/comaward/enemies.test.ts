import { describe, expect, it } from 'vitest';
import { actorsAct } from './engine/enemies.ts';
import { act, codes, edit, newGame, pack, scripted } from './fixture.test-helper.ts';
import type { CwState, Env } from './state.ts';

/** A game in the traitor phenomenon after the introduction, actors cleared, roles given by the test. */
function inPhenomenon(id: 'fx-coop' | 'fx-traitor', roles: (string | null)[] = []): CwState {
  return edit(newGame(3, 1, { quirks: false }), (d) => {
    d.phase = 'phenomenon';
    d.clues = [
      { item: 'admission-photo', at: 'nurses-station-2', by: 0 },
      { item: 'cassette-tape', at: 'closet-2', by: 1 },
      { item: 'nurses-diary', at: 'lobby', by: 2 },
    ];
    d.decks.items = d.decks.items.filter((u) => !d.clues.some((c) => c.item === u));
    d.phenomenon = { id, narrator: 0, introRead: true, round: 1, toPlay: [0, 1, 2], actors: [], defeated: [], nextUid: 1, fired: [], entityDeck: [] };
    roles.forEach((r, i) => (d.players[i]!.role = r));
  });
}

const env = (dice: number[] = []): Env => ({ pack, rng: scripted(dice), events: [], revealed: false });

describe('§Revealing the Phenomenon: enemies and allies (played by the bot)', () => {
  it('GIVEN a hunting enemy WHEN the round ends THEN it moves its moves toward the nearest player and, in their room, attacks (the player dodges)', () => {
    const s = edit(inPhenomenon('fx-coop'), (d) => {
      d.players.forEach((p) => (p.at = 'floor2-4-1'));
      d.players[2]!.at = 'floor3-4-1';
      d.phenomenon!.actors = [{ uid: 'e1', card: 'shade', kind: 'enemy', at: 'floor2-6-1', health: 3 }];
    });
    const e = env([6, 6, ...Array.from({ length: 6 }, () => 1)]);
    actorsAct(s, e);
    expect(s.phenomenon?.actors[0]?.at).toBe('floor2-4-1');
    expect(codes(e.events)).toEqual(expect.arrayContaining(['comaward.actor.entered', 'comaward.actor.attacks']));
    expect(s.players[0]?.health).toBe(4);
    expect(s.stack.length).toBeGreaterThan(0);
  });

  it('GIVEN an enemy that hunts a role WHEN it moves THEN it goes for a player with that role, not the nearest one', () => {
    const s = edit(inPhenomenon('fx-traitor', ['impostor', 'patient', 'patient']), (d) => {
      d.players[0]!.at = 'floor2-5-1';
      d.players[1]!.at = 'floor2-0-1';
      d.players[2]!.at = 'floor1-4-1';
      d.phenomenon!.actors = [{ uid: 'e1', card: 'stalker', kind: 'enemy', at: 'floor2-6-1', health: 4 }];
    });
    actorsAct(s, env([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]));
    expect(s.phenomenon?.actors[0]?.at).toBe('floor2-5-1');
    const far = edit(s, (d) => (d.phenomenon!.actors[0]!.at = 'floor2-2-1'));
    actorsAct(far, env([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]));
    expect(far.phenomenon?.actors[0]?.at).toBe('floor2-1-1');
  });

  it('GIVEN an ally in a room with an enemy WHEN the round ends THEN the enemy attacks a player there, then the ally attacks the enemy; at 0 health the enemy is defeated', () => {
    const s = edit(inPhenomenon('fx-coop'), (d) => {
      d.players.forEach((p) => (p.at = 'floor2-4-1'));
      d.phenomenon!.actors = [
        { uid: 'e1', card: 'shade', kind: 'enemy', at: 'floor2-4-1', health: 1 },
        { uid: 'a1', card: 'orderly', kind: 'ally', at: 'floor2-4-1', health: 2 },
      ];
    });
    const e = env([1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1]);
    actorsAct(s, e);
    expect(codes(e.events)).toEqual(['comaward.actor.attacks', 'comaward.actor.allyAttacks', 'comaward.actor.hurt', 'comaward.actor.defeated']);
    expect(s.phenomenon?.defeated).toEqual(['shade']);
    expect(s.phenomenon?.actors.map((a) => a.card)).toEqual(['orderly']);
  });

  it('§Attacking or Stealing Items (enemies): GIVEN an enemy in the room WHEN a player attacks it and wins THEN it takes the weapon\'s damage and can be defeated', () => {
    const s = edit(inPhenomenon('fx-coop'), (d) => {
      d.active = 0;
      d.players.forEach((p) => (p.at = 'floor2-4-1'));
      d.players[0]!.items = ['scalpel'];
      d.decks.items = d.decks.items.filter((u) => u !== 'scalpel');
      d.phenomenon!.actors = [{ uid: 'e1', card: 'shade', kind: 'enemy', at: 'floor2-4-1', health: 2 }];
    });
    const r = act(s, 'attack', { target: 'e1' }, { dice: [5, 5, 1, 1, 1] });
    expect(r.state.phenomenon?.actors).toEqual([]);
    expect(r.state.phenomenon?.defeated).toEqual(['shade']);
    expect(codes(r.events)).toContain('comaward.actor.defeated');
  });
});
