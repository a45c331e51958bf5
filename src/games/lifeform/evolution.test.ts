import { describe, expect, it } from 'vitest';
import { createRng, draftCopy, seedRng } from '../../core/index.ts';
import { advanceHostility, type Cx } from './flow.ts';
import { lifeformGame } from './index.ts';
import type { LifeformState } from './state.ts';
import { act, arrange, codes, pack, refused, setUp, lifeformActivity } from './scenario.test-helper.ts';

/** A 2-player lifeform activity: seat 1's characters in the Galley, the real image next door, evolution tokens held. */
function lifeformTurn(held: string[], edit: (d: LifeformState) => void = () => undefined): LifeformState {
  return lifeformActivity(setUp(2, 7, { evolution: true }), ['lunge.1', 'nest.1', 'shrug.1'], (d) => {
    if (d.evolution) d.evolution.held = [...held];
    edit(d);
  });
}

describe('lifeform §OPTIONAL: EVOLUTION TOKEN (game option, rules 2)', () => {
  it('§OPTIONAL: EVOLUTION TOKEN: GIVEN the option WHEN the game is set up THEN one of the seven tokens is removed at random and the other six wait in three pairs; without the option, or under rules 1, there are none', () => {
    const s = setUp(2, 7, { evolution: true });
    const six = s.evolution?.pairs.flat() ?? [];
    expect(s.evolution?.pairs.map((p) => p.length)).toEqual([2, 2, 2]);
    expect(six).toHaveLength(6);
    const all = [...(pack.game.evolutionTokens ?? [])];
    for (const icon of six) all.splice(all.indexOf(icon as never), 1);
    expect(all).toHaveLength(1);
    expect(s.evolution?.held).toEqual([]);
    expect((lifeformGame.publicView(s) as { evolution: unknown }).evolution).toEqual({ pairs: s.evolution?.pairs, held: [] });
    expect(setUp(2).evolution).toBeUndefined();
    const old = setUp(2, 7, { rules: '1', evolution: true });
    expect(old.evolution).toBeUndefined();
    expect(old.rules).toBeUndefined();
  });

  it('§OPTIONAL: EVOLUTION TOKEN: GIVEN the cocoon tracker advancing WHEN the lifeform chooses THEN it keeps one token of the next pair (a button: the tokens are face up) and the other is discarded', () => {
    let s = lifeformTurn([]);
    const pair = [...(s.evolution?.pairs[0] ?? [])];
    s = act(s, 0, 'play', { card: 'nest.1', row: 0 }).state;
    s = act(s, 0, 'act', { i: 0 }).state;
    expect(s.stack.at(-1)).toEqual({ k: 'evolution', pair });
    expect(lifeformGame.prompts(s).find((p) => p.seat === 0)?.options.map((o) => o.command)).toEqual([...new Set(pair)].map((icon) => ({ type: 'keepEvolution', args: { icon } })));
    const kept = act(s, 0, 'keepEvolution', { icon: pair[1] });
    expect(kept.state.evolution?.held).toEqual([pair[1]]);
    expect(kept.state.evolution?.pairs).toHaveLength(2);
    expect(codes(kept.events)).toContain('lifeform.evolution.kept');
  });

  it('§OPTIONAL: EVOLUTION TOKEN: GIVEN a lifeform card being played WHEN the lifeform spends a token THEN its icon joins the row (once per card, never an icon the row already has, never the VENT activity, which is no card) and is carried out', () => {
    let s = lifeformTurn(['terror', 'malfunction']);
    s = act(s, 0, 'play', { card: 'lunge.1', row: 1 }).state;
    const adds = lifeformGame.legalCommands(s, 0).filter((c) => c.type === 'addEvolution');
    expect(adds).toEqual([{ type: 'addEvolution', args: { icon: 'malfunction' } }]);
    expect(refused(s, 0, 'addEvolution', { icon: 'terror' }).code).toBe('lifeform.illegal');
    const added = act(s, 0, 'addEvolution', { icon: 'malfunction' });
    expect(codes(added.events)).toContain('lifeform.evolution.spentAction');
    expect(added.state.evolution?.held).toEqual(['terror']);
    expect(lifeformGame.legalCommands(added.state, 0).filter((c) => c.type === 'addEvolution')).toEqual([]);
    const done = act(added.state, 0, 'act', { i: 2 }).state;
    expect(done.malfunction).toBe(s.malfunction + 1);
    const vent = act(lifeformTurn(['malfunction'], (d) => (d.vents = 1)), 0, 'vent').state;
    expect(vent.stack.at(-1)?.k).toBe('row');
    expect(lifeformGame.legalCommands(vent, 0).filter((c) => c.type === 'addEvolution')).toEqual([]);
  });

  it('§OPTIONAL: EVOLUTION TOKEN and §CREW REACTIONS HIDE: GIVEN a token held WHEN a crew member hides THEN the lifeform is asked, and spending the token cancels the reaction: the character is killed', () => {
    let s = lifeformTurn(['terror']);
    s = act(s, 0, 'play', { card: 'lunge.1', row: 0 }).state;
    s = act(s, 0, 'act', { i: 0, chamber: 'galley' }).state;
    const a = s.characters[0]?.id as string;
    const hid = act(s, 1, 'react', { card: 'duck.1', who: a }).state;
    expect(lifeformGame.awaiting(hid)).toMatchObject({ seats: [0], kind: 'attack' });
    expect(lifeformGame.legalCommands(hid, 0)).toEqual([{ type: 'allow', args: {} }, { type: 'cancelEvolution', args: { icon: 'terror' } }]);
    expect(lifeformGame.timeoutAction?.(hid, 0)).toEqual({ type: 'allow', args: {} });
    const cancelled = act(hid, 0, 'cancelEvolution', { icon: 'terror' });
    expect(codes(cancelled.events)).toEqual(expect.arrayContaining(['lifeform.evolution.spentCancel', 'lifeform.reaction.cancelled']));
    expect(cancelled.state.dead).toContain(a);
    expect(cancelled.state.evolution?.held).toEqual([]);
  });

  it('§CREW REACTIONS HIDE: GIVEN no evolution token held WHEN a crew member hides THEN nobody waits for the lifeform (nothing could cancel it)', () => {
    let s = lifeformTurn([]);
    s = act(s, 0, 'play', { card: 'lunge.1', row: 0 }).state;
    s = act(s, 0, 'act', { i: 0, chamber: 'galley' }).state;
    const hid = act(s, 1, 'react', { card: 'duck.1', who: s.characters[0]?.id as string }).state;
    expect(hid.characters.find((c) => c.hidden)).toBeDefined();
  });
});

describe('lifeform: the stowaway token (rules 2)', () => {
  const climb = (s: LifeformState, n: number): { state: LifeformState; events: string[] } => {
    const d = draftCopy(s);
    const cx: Cx = { s: d, rng: createRng(seedRng(1)), events: [], revealed: false };
    advanceHostility(cx, n);
    return { state: d, events: cx.events.map((e) => e.code) };
  };
  const space = pack.game.hostility.spaces.findIndex((x) => x.stowawayToken);

  it('§ENDING B (the stowaway token) and §HOSTILITY TRACK: GIVEN the hostility tracker WHEN it reaches the space the pack marks THEN the lifeform collects the stowaway token, once; under rules 1 nothing gives it', () => {
    expect(space).toBeGreaterThan(0);
    const s = arrange(setUp(3), (d) => (d.hostility = space - 1));
    const up = climb(s, 1);
    expect(up.state.stowawayToken).toBe(true);
    expect(up.events).toContain('lifeform.lifeform.stowawayToken');
    expect((lifeformGame.publicView(up.state) as { stowawayToken: boolean }).stowawayToken).toBe(true);
    expect(climb(up.state, 2).events).not.toContain('lifeform.lifeform.stowawayToken');
    const old = climb(arrange(setUp(3, 7, { rules: '1' }), (d) => (d.hostility = space - 1)), 1);
    expect(old.state.stowawayToken).toBe(false);
  });
});
