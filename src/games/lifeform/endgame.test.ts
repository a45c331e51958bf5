import { describe, expect, it } from 'vitest';
import { lifeformGame } from './index.ts';
import type { LifeformState } from './state.ts';
import { act, arrange, codes, put, refused, setUp } from './scenario.test-helper.ts';

const minuteIndex = (s: LifeformState, m: number): number => s.board.minutes.indexOf(m);

/** Seat 1's turn (2 players) with both characters aboard, the loadout ready and every objective done. */
function ready(minute: number, edit: (d: LifeformState) => void = () => undefined): LifeformState {
  return arrange(setUp(2), (d) => {
    d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
    put(d, 0, 'remora');
    put(d, 1, 'remora');
    d.sd = minuteIndex(d, minute);
    d.loadout = { weaponry: 3, coolant: d.overheating, energy: 3, spacesuits: 2, halon: 0 };
    d.objectivesDone = Object.values(d.objectives).filter((o): o is string => o !== null);
    d.stowaway = 'close-call';
    if (d.cat) d.cat.at = 'remora';
    edit(d);
  });
}

describe('lifeform §LIFEFORM ENDGAME', () => {
  it('§LAUNCH THE REMORA SEQUENCE: GIVEN a loadout short of the spacesuits for everyone aboard or an open objective WHEN launching THEN refused', () => {
    expect(refused(ready(15, (d) => (d.loadout.spacesuits = 1)), 1, 'launch').code).toBe('lifeform.launch.notReady');
    expect(lifeformGame.legalCommands(ready(15), 1).map((c) => c.type)).toContain('launch');
    const open = ready(15, (d) => {
      d.objectivesDone = [];
      d.objectives['1'] = 'black-box';
    });
    expect(refused(open, 1, 'launch').code).toBe('lifeform.launch.notReady');
  });

  it('§ENDING A: GIVEN everyone aboard before the 9 minute mark WHEN the Remora launches THEN the crew wins', () => {
    const r = act(ready(15), 1, 'launch').state;
    expect(r.outcome).toEqual({ winner: 'crew', reason: 'endingA', ending: 'a' });
    expect(lifeformGame.status(r)).toEqual({ phase: 'ended', reason: 'lifeform.winner.crew.endingA' });
  });

  it('§ENDING B: GIVEN everyone aboard past the 9 minute mark WHEN the stowaway card’s range misses the minute THEN the crew wins; WHEN it holds the minute THEN the showdown stage follows', () => {
    const miss = act(ready(8), 1, 'launch');
    expect(miss.state.outcome).toMatchObject({ winner: 'crew', ending: 'b' });
    expect(miss.revealed).toBe(true);
    const hit = act(ready(4), 1, 'launch');
    expect(codes(hit.events)).toContain('lifeform.ending.b');
    expect(hit.state.phase).toBe('showdown');
    expect(lifeformGame.status(hit.state)).toEqual({ phase: 'playing' });
  });

  it('§ENDING B: GIVEN the stowaway token WHEN the minute is one outside the card’s range THEN it counts as guessed', () => {
    const hit = act(ready(6, (d) => (d.stowawayToken = true)), 1, 'launch');
    expect(hit.state.outcome).toBeNull();
    expect(codes(hit.events)).toContain('lifeform.ending.b');
  });

  it('§ENDING C: GIVEN characters left on the Valley Forge WHEN launching before the 9 minute mark THEN refused; after it THEN those left behind die and the showdown follows', () => {
    const early = ready(12, (d) => {
      put(d, 1, 'galley');
      d.loadout.spacesuits = 1;
    });
    expect(refused(early, 1, 'launch').code).toBe('lifeform.launch.notReady');
    const late = act(arrange(early, (d) => (d.sd = minuteIndex(d, 8))), 1, 'launch');
    expect(codes(late.events)).toContain('lifeform.ending.c');
    expect(late.state.characters.map((c) => c.at)).toEqual(['remora']);
  });

  it('§LAUNCH THE REMORA SEQUENCE: GIVEN two crew players aboard in a 3-player game WHEN one launches THEN the other must agree, and a refusal keeps the Remora docked', () => {
    const s = arrange(setUp(3), (d) => {
      d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
      for (let i = 0; i < 4; i++) put(d, i, 'remora');
      d.sd = minuteIndex(d, 15);
      d.loadout = { weaponry: 3, coolant: 3, energy: 3, spacesuits: 4, halon: 0 };
      d.objectivesDone = Object.values(d.objectives).filter((o): o is string => o !== null);
    });
    const asked = act(s, 1, 'launch').state;
    expect(lifeformGame.awaiting(asked)).toMatchObject({ seats: [2], kind: 'agree' });
    expect(act(asked, 2, 'agree', { yes: false }).state.outcome).toBeNull();
    expect(act(asked, 2, 'agree', { yes: true }).state.outcome).toMatchObject({ winner: 'crew', ending: 'a' });
  });

  it('§SELF-DESTRUCT TRACK: GIVEN the tracker reaching the 20 minute mark WHEN advanced THEN the lifeform gains a vent token and secretly chooses a stowaway card; EXPLOSION ends the game for the lifeform', () => {
    const s = arrange(setUp(2), (d) => {
      d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
      d.sd = minuteIndex(d, 21);
    });
    const r = act(s, 1, 'equip', { n: 2 }).state;
    expect(r.vents).toBe(s.vents + 1);
    expect(r.stack.at(-1)?.k).toBe('stowaway');
    const chosen = act(r, 0, 'stowaway', { card: 'last-second' }).state;
    expect(JSON.stringify(lifeformGame.publicView(chosen))).not.toContain('last-second');
    expect((lifeformGame.viewFor(chosen, 0) as { stowaway: string }).stowaway).toBe('last-second');
    const boom = act(arrange(s, (d) => (d.sd = d.board.minutes.length - 2)), 1, 'equip', { n: 2 }).state;
    expect(boom.outcome).toMatchObject({ winner: 'lifeform', reason: 'explosion' });
  });
});
