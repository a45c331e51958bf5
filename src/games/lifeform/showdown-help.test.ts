import { describe, expect, it } from 'vitest';
import { lifeformGame } from './index.ts';
import type { LifeformState } from './state.ts';
import { act, arrange, codes, endingC, hand, put, refused, setUp } from './scenario.test-helper.ts';
import { splits } from './showdown.ts';

/**
 * Rules 2 of §SHOWDOWN STAGE: the hibernation split as one choice, matching on the target's behalf by other
 * seats (surplus character, the ship's cat, the SIS-TER mainframe's data tokens) and data tokens with icons.
 * `endingC` leaves seat 1 with two characters aboard and seat 2 with one.
 */
function fightOn(target: number, edit: (d: LifeformState) => void = () => undefined, rules: '1' | '2' = '2'): LifeformState {
  const g = endingC(undefined, { rules });
  let s = arrange(g, (d) => {
    d.stack = [{ k: 'fight' }];
    d.lfHand = ['drag.1', 'prowl.1'];
    hand(d, 1, ['flare.1']);
    hand(d, 2, ['locker.1']);
    if (d.showdown) d.showdown.tokens = 1;
    edit(d);
  });
  s = act(s, 0, 'target', { seat: target }).state;
  s = act(s, 0, 'fight', { card: 'drag.1', tokens: 1, stowaway: false }).state;
  return act(s, target, 'face').state;
}

const types = (s: LifeformState, seat: number): string[] => [...new Set(lifeformGame.legalCommands(s, seat).map((c) => c.type))].sort();

describe('lifeform §SHOWDOWN STAGE (rules 2): help from the other seats', () => {
  it('§HIBERNATION SEQUENCE step 1: GIVEN the weaponry cards to share WHEN the crew decides THEN it is one choice of how many each survivor takes (the most even split first), not card by card', () => {
    const g = endingC();
    const s = act(g, 0, 'lurk', { discard: [] }).state;
    const t = s.stack.at(-1) as { k: 'share'; left: number };
    expect(t.k).toBe('share');
    const legal = lifeformGame.legalCommands(s, 1).map((c) => (c.args as { split: number[] }).split);
    expect(legal).toEqual(splits(t.left, 2));
    expect(legal[0]).toEqual([1, 1]);
    expect(lifeformGame.legalCommands(s, 2)).toEqual(lifeformGame.legalCommands(s, 1));
    expect(refused(s, 1, 'share', { seat: 2 }).code).toBe('lifeform.illegal');
    const before = { one: s.hands['1']?.length ?? 0, two: s.hands['2']?.length ?? 0 };
    const shared = act(s, 2, 'share', { split: [0, 2] });
    expect(shared.state.hands['1']).toHaveLength(before.one);
    expect(shared.state.hands['2']?.length).toBe(before.two + 2);
    expect(shared.state.stack.some((x) => x.k === 'share')).toBe(false);
    expect(codes(shared.events)).toContain('lifeform.showdown.sharedSplit');
    expect(lifeformGame.timeoutAction?.(s, 1)).toEqual({ type: 'share', args: { split: [1, 1] } });
  });

  it('§THE LIFEFORM INITIATES A FIGHT step 5, surplus character: GIVEN a fight against seat 2 WHEN seat 1, with two surviving characters, removes one THEN it matches one fight icon on seat 2’s behalf, and both seats are awaited until they are done', () => {
    const s = fightOn(2);
    expect(s.showdown?.fight?.remaining).toEqual(['claw', 'acid', 'claw']);
    expect(lifeformGame.awaiting(s).seats).toEqual([2, 1]);
    expect(types(s, 1)).toEqual(['noHelp', 'sacrifice']);
    expect(lifeformGame.timeoutAction?.(s, 1)).toEqual({ type: 'noHelp', args: {} });
    const who = s.characters.find((c) => c.owner === 1)?.id as string;
    const helped = act(s, 1, 'sacrifice', { who });
    expect(helped.state.dead).toContain(who);
    expect(helped.state.showdown?.fight?.remaining).toHaveLength(2);
    expect(lifeformGame.awaiting(helped.state).seats).toEqual([2]);
    // locker (acid) matches the acid; the target gives up on the last claw and is eliminated.
    const matched = act(helped.state, 2, 'match', { card: 'locker.1' }).state;
    const out = act(matched, 2, 'yield');
    expect(codes(out.events)).toContain('lifeform.showdown.eliminated');
    expect(out.state.showdown?.out).toContain(2);
  });

  it('§THE LIFEFORM INITIATES A FIGHT step 6: GIVEN the target done matching WHEN a helper is still open THEN the fight waits for it; its "no help" then eliminates the target', () => {
    const s = fightOn(2);
    const done = act(s, 2, 'yield').state;
    expect(done.showdown?.fight).not.toBeNull();
    expect(lifeformGame.awaiting(done).seats).toEqual([1]);
    // The helper's public answers are buttons: no help, or sacrificing one of its two characters.
    expect(lifeformGame.prompts(done).find((p) => p.seat === 1)?.options.map((o) => o.command.type)).toEqual(['noHelp', 'sacrifice', 'sacrifice']);
    const out = act(done, 1, 'noHelp').state;
    expect(out.showdown?.out).toContain(2);
    expect(out.showdown?.fight).toBeNull();
  });

  it('§THE LIFEFORM INITIATES A FIGHT step 5, data token: GIVEN data tokens with icons WHEN matching THEN a token matches two fight icons identical to its own icon, never others; the SIS-TER player spends theirs on the target’s behalf and is eliminated with the last one', () => {
    const s = fightOn(1, (d) => {
      d.characters = d.characters.filter((c) => c.owner !== 2);
      d.roles['2'] = 'sister';
      d.data = { '1': 1, '2': 1 };
      d.dataTokens = { '1': ['bite'], '2': ['claw'] };
    });
    expect(s.showdown?.fight?.remaining).toEqual(['claw', 'acid', 'claw']);
    expect(lifeformGame.legalCommands(s, 1).filter((c) => c.type === 'data')).toEqual([]);
    expect(lifeformGame.legalCommands(s, 2).filter((c) => c.type === 'data')).toEqual([{ type: 'data', args: { icon: 'claw' } }]);
    const spent = act(s, 2, 'data', { icon: 'claw' });
    expect(spent.state.showdown?.fight?.remaining).toEqual(['acid']);
    expect(spent.state.dataTokens?.['2']).toEqual([]);
    expect(codes(spent.events)).toContain('lifeform.showdown.roleEliminated');
    expect(spent.state.showdown?.out).toContain(2);
    expect(lifeformGame.awaiting(spent.state).seats).toEqual([1]);
  });

  it('§THE LIFEFORM INITIATES A FIGHT step 5, ship’s cat: GIVEN a 3-player seat playing the ship’s cat WHEN it removes the cat THEN one fight icon is matched and that player is eliminated from the game', () => {
    const s = fightOn(1, (d) => {
      d.characters = d.characters.filter((c) => c.owner !== 2);
      d.roles['2'] = 'cat';
      d.cat = { at: 'remora', moved: false, played: false, gone: false };
    });
    expect(types(s, 2)).toEqual(['catMatch', 'noHelp']);
    const cat = act(s, 2, 'catMatch');
    expect(cat.state.cat?.gone).toBe(true);
    expect(cat.state.showdown?.fight?.remaining).toHaveLength(2);
    expect(cat.state.showdown?.out).toContain(2);
    expect(codes(cat.events)).toEqual(expect.arrayContaining(['lifeform.showdown.cat', 'lifeform.showdown.roleEliminated']));
  });

  it('§THE LIFEFORM INITIATES A FIGHT step 5, ship’s cat (2 players): GIVEN the crew player’s cat aboard WHEN they remove it THEN one fight icon is matched and they stay in the fight', () => {
    const g = arrange(setUp(2), (d) => {
      put(d, 0, 'remora');
      put(d, 1, 'remora');
      if (d.cat) d.cat.at = 'remora';
      d.phase = 'showdown';
      d.showdown = { ending: 'b', pool: { remora: true, halon: 1 }, tokens: 0, keep: null, last: null, out: [], fight: null };
      d.stack = [{ k: 'fight' }];
      d.lfHand = ['drag.1'];
      hand(d, 1, []);
    });
    let s = act(g, 0, 'target', { seat: 1 }).state;
    s = act(s, 0, 'fight', { card: 'drag.1', tokens: 0, stowaway: false }).state;
    s = act(s, 1, 'face').state;
    expect(types(s, 1)).toEqual(['catMatch', 'sacrifice', 'yield']);
    const cat = act(s, 1, 'catMatch').state;
    expect(cat.cat?.gone).toBe(true);
    expect(cat.showdown?.fight?.remaining).toEqual(['acid']);
    expect(cat.showdown?.out).toEqual([]);
    expect(types(cat, 1)).toEqual(['sacrifice', 'yield']);
  });

  it('§SHOWDOWN STAGE (rules 1 kept): GIVEN a game created under rules 1 WHEN a fight is faced THEN only the target is awaited, the others cannot help, and giving up eliminates at once', () => {
    const s = fightOn(2, undefined, '1');
    expect(lifeformGame.awaiting(s).seats).toEqual([2]);
    expect(lifeformGame.legalCommands(s, 1)).toEqual([]);
    const out = act(s, 2, 'yield').state;
    expect(out.showdown?.out).toContain(2);
  });
});
