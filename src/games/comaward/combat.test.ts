import { describe, expect, it } from 'vitest';
import { comaWardGame } from './index.ts';
import { act, codes, edit, newGame, tryAct } from './fixture.test-helper.ts';
import type { CwState } from './state.ts';

/** Two players together; seat 0 (active) and seat 1 carry the given cards (taken out of the deck). */
function duel(mine: string[], theirs: string[], options: Record<string, unknown> = {}): CwState {
  return edit(newGame(2, 1, options), (d) => {
    d.decks.items = d.decks.items.filter((u) => !mine.includes(u) && !theirs.includes(u));
    (d.players[0] as { items: string[] }).items = mine;
    (d.players[1] as { items: string[] }).items = theirs;
  });
}
const ones = (n: number): number[] => Array.from({ length: n }, () => 1);

describe('§Attacking or Stealing Items and §Counter-Attack Check', () => {
  it('§Attacking or Stealing Items (the Bryce example): GIVEN Strength 3 and the Broom (two-handed, +4) WHEN attacking THEN 7 dice are rolled; the defender chooses and Dodge rolls 2 + Dexterity', () => {
    const s = act(duel(['broom'], []), 'attack', { target: '1' }).state;
    expect(s.pending).toMatchObject({ kind: 'defend', seat: 1, attacker: 0, mode: 'attack' });
    const r = act(s, 'defend', { how: 'dodge' }, { seat: 1, dice: [5, 5, 5, ...ones(4), ...ones(6)] });
    const rolls = r.events.filter((e) => e.code === 'comaward.combat.roll');
    expect(rolls.map((e) => e.params?.['dice'])).toEqual([7, 6]);
    expect(r.state.players[1]?.health).toBe(4);
  });

  it('§Weapons: GIVEN two one-handed weapons and a two-handed one WHEN attacking THEN one two-handed or two one-handed are used, whichever gives more dice', () => {
    const s = act(duel(['scalpel', 'bedpan', 'broom'], []), 'attack', { target: '1' }).state;
    const r = act(s, 'defend', { how: 'dodge' }, { seat: 1, dice: [...ones(7), ...ones(6)] });
    expect(r.events.find((e) => e.code === 'comaward.combat.roll')?.params?.['dice']).toBe(7);
    const two = act(act(duel(['scalpel', 'bedpan'], []), 'attack', { target: '1' }).state, 'defend', { how: 'dodge' }, { seat: 1, dice: [5, 5, 5, 5, 5, ...ones(6)] });
    expect(two.events.find((e) => e.code === 'comaward.combat.roll')?.params?.['dice']).toBe(5);
    expect(two.state.players[1]?.health).toBe(2);
  });

  it('§Checks in Combat: GIVEN equal successes WHEN compared THEN the defender wins and nobody loses Health, items or moves', () => {
    const s = act(duel(['broom'], []), 'attack', { target: '1' }).state;
    const r = act(s, 'defend', { how: 'dodge' }, { seat: 1, dice: [5, ...ones(6), 6, ...ones(5)] });
    expect(codes(r.events)).toContain('comaward.combat.tie');
    expect(r.state.players.map((p) => [p.health, p.at])).toEqual([[5, 'nurses-station-2'], [5, 'nurses-station-2']]);
  });

  it('§Dodge Check: GIVEN the defender wins a Dodge WHEN resolved THEN they move one room away, to a space they choose', () => {
    const s = act(duel([], []), 'attack', { target: '1' }).state;
    const r = act(s, 'defend', { how: 'dodge' }, { seat: 1, dice: [...ones(3), 5, ...ones(5)] });
    expect(r.state.pending).toMatchObject({ kind: 'dodgeMove', seat: 1 });
    const options = comaWardGame.legalCommands(r.state, 1).map((c) => c.args['to']);
    expect(options).toEqual(expect.arrayContaining(['floor2-3-1', 'floor2-4-1', 'floor2-5-1']));
    const moved = act(r.state, 'dodge', { to: 'floor2-5-1' }, { seat: 1 });
    expect(moved.state.players[1]?.at).toBe('floor2-5-1');
    expect(tryAct(r.state, 'dodge', { to: 'floor2-8-4' }, { seat: 1 })).toMatchObject({ ok: false, error: { code: 'comaward.combat.notOneAway' } });
  });

  it('§Counter-Attack Check: GIVEN the defender counter-attacks with a scalpel and wins WHEN resolved THEN the attacker loses the scalpel\'s Damage Rating (2)', () => {
    const s = act(duel([], ['scalpel']), 'attack', { target: '1' }).state;
    const r = act(s, 'defend', { how: 'counter' }, { seat: 1, dice: [...ones(3), 5, 5, 1, 1] });
    expect(r.events.filter((e) => e.code === 'comaward.combat.roll').map((e) => e.params?.['dice'])).toEqual([3, 4]);
    expect(r.state.players[0]?.health).toBe(3);
  });

  it('Glossary "Differential" (option damage=differential): GIVEN the attacker wins by 3 WHEN damage is dealt THEN it is the differential, not the weapon rating; §Clothing: armour takes its share', () => {
    const rating = act(act(duel(['broom'], ['scrubs']), 'attack', { target: '1' }).state, 'defend', { how: 'dodge' }, { seat: 1, dice: [5, 5, 5, ...ones(4), ...ones(6)] });
    expect(rating.state.players[1]?.health).toBe(5);
    const diff = act(act(duel(['broom'], ['scrubs'], { damage: 'differential' }), 'attack', { target: '1' }).state, 'defend', { how: 'dodge' }, { seat: 1, dice: [5, 5, 5, ...ones(4), ...ones(6)] });
    expect(diff.state.players[1]?.health).toBe(3);
  });

  it('§Attacking or Stealing Items: GIVEN a won Steal WHEN resolved THEN the attacker takes the item of their choice', () => {
    const s = act(duel([], ['pudding', 'coffee']), 'steal', { target: '1' }).state;
    const r = act(s, 'defend', { how: 'dodge' }, { seat: 1, dice: [5, 5, 1, ...ones(6)] });
    expect(r.state.pending).toMatchObject({ kind: 'stealPick', seat: 0, from: 1 });
    const t = act(r.state, 'takeItem', { item: 'coffee' }, { seat: 0 });
    expect(t.state.players.map((p) => p.items)).toEqual([['coffee'], ['pudding']]);
  });

  it('§Medicine as an Attack: GIVEN a sedative forced on an unwilling player WHEN the attacker wins THEN its effect applies to the defender', () => {
    const s = act(duel(['sedative'], []), 'medicine', { target: '1', item: 'sedative' }).state;
    const r = act(s, 'defend', { how: 'dodge' }, { seat: 1, dice: [5, 5, 1, ...ones(6)] });
    expect(r.state.players[1]).toMatchObject({ terror: 1, skipNext: true });
    expect(r.state.players[0]?.items).toEqual([]);
    expect(tryAct(duel(['pudding'], []), 'medicine', { target: '1', item: 'pudding' })).toMatchObject({ ok: false, error: { code: 'comaward.attack.notForcible' } });
  });

  it('§Trading Items: GIVEN a trade with a player this turn WHEN attacking them THEN refused; GIVEN an attack WHEN trading with them THEN refused', () => {
    let s = act(duel(['pudding'], []), 'trade', { with: 1, give: ['pudding'], take: [] }).state;
    s = act(s, 'tradeAnswer', { accept: true }, { seat: 1 }).state;
    expect(tryAct(s, 'attack', { target: '1' })).toMatchObject({ ok: false, error: { code: 'comaward.attack.tradedThisTurn' } });
    const a = act(act(duel(['pudding'], []), 'attack', { target: '1' }).state, 'defend', { how: 'dodge' }, { seat: 1, dice: [5, ...ones(6), 6, ...ones(5)] }).state;
    expect(tryAct(a, 'trade', { with: 1, give: ['pudding'], take: [] })).toMatchObject({ ok: false, error: { code: 'comaward.trade.attackedThisTurn' } });
  });

  it('§Attacking or Stealing Items: GIVEN players in different rooms WHEN attacking THEN refused; one main action a turn', () => {
    const apart = edit(duel([], []), (d) => ((d.players[1] as { at: string }).at = 'floor2-4-1'));
    expect(tryAct(apart, 'attack', { target: '1' })).toMatchObject({ ok: false, error: { code: 'comaward.attack.notSameRoom' } });
    const s = act(act(duel([], []), 'attack', { target: '1' }).state, 'defend', { how: 'dodge' }, { seat: 1, dice: [5, ...ones(6), 6, ...ones(5)] }).state;
    expect(tryAct(s, 'rummage')).toMatchObject({ ok: false, error: { code: 'comaward.turn.mainDone' } });
  });

  it('§Attacking (issue 16 timeouts): GIVEN a defender who never answers WHEN the deadline passes THEN they Dodge', () => {
    const s = act(duel([], []), 'attack', { target: '1' }).state;
    expect(comaWardGame.timeoutAction?.(s, 1)).toEqual({ type: 'defend', args: { how: 'dodge' } });
    expect(comaWardGame.awaiting(s)).toMatchObject({ seats: [1], kind: 'defend' });
  });
});
