import { describe, expect, it } from 'vitest';
import { lifeformGame } from './index.ts';
import type { LifeformState, Task } from './state.ts';
import { act, arrange, codes, hand, put, refused, setUp } from './scenario.test-helper.ts';

/** Seat 1's turn in a 2-player game, at the given stage, after `edit`. */
function turn(stage: 'collect' | 'activity', edit: (d: LifeformState) => void = () => undefined): LifeformState {
  return arrange(setUp(2), (d) => {
    d.stack = [{ k: 'turn', seat: 1, stage, collected: [] }];
    edit(d);
  });
}
const types = (s: LifeformState, seat = 1): string[] => [...new Set(lifeformGame.legalCommands(s, seat).map((c) => c.type))];

describe('lifeform §1 CREW ACTIVITY', () => {
  it('§STEP 1: COLLECT MISSION TOKENS: GIVEN a non-hidden character in a chamber with mission tokens WHEN the turn starts THEN it must collect one onto the bottom of a loadout column first; a hidden one does not', () => {
    const s = turn('collect', (d) => {
      put(d, 0, 'laboratory');
      put(d, 1, 'cargo-hold', true);
    });
    expect(types(s)).toEqual(['collect']);
    const who = s.characters[0]?.id as string;
    expect(lifeformGame.legalCommands(s, 1).every((c) => (c.args as { who: string }).who === who)).toBe(true);
    const next = act(s, 1, 'collect', { who, column: 'energy' }).state;
    expect(next.mission.laboratory).toBe(1);
    expect(next.loadout.energy).toBe(1);
    expect(types(next)).toContain('equip');
  });

  it('§SHUTTLE LOADOUT: GIVEN the space with the flamethrower bonus WHEN a mission token is placed on it THEN the Flamethrower card goes to that player, only once', () => {
    const s = turn('collect', (d) => {
      put(d, 0, 'laboratory');
      d.loadout.weaponry = 1;
    });
    const next = act(s, 1, 'collect', { who: s.characters[0]?.id, column: 'weaponry' }).state;
    expect(next.flamethrowerTaken).toBe(true);
    expect(next.hands['1']).toContain('flamethrower.1');
  });

  it('§EQUIP: GIVEN a crew turn WHEN equipping 2 or 3 THEN that many cards are drawn and the self-destruct tracker advances 1 or 2; past 6 cards the player discards down to 6', () => {
    const s = turn('activity');
    const two = act(s, 1, 'equip', { n: 2 }).state;
    expect(two.hands['1']).toHaveLength(5);
    expect(two.sd).toBe(s.sd + 1);
    let three = act(arrange(s, (d) => hand(d, 1, ['dash.1', 'dash.2', 'sweep.1', 'sweep.2'])), 1, 'equip', { n: 3 }).state;
    expect(three.sd).toBe(s.sd + 2);
    expect(three.stack).toContainEqual({ k: 'discard', seat: 1 });
    while (three.stack.at(-1)?.k === 'token') three = act(three, 0, 'skip').state;
    expect(types(three)).toEqual(['discard']);
    const after = act(three, 1, 'discard', { card: three.hands['1']?.[0] }).state;
    expect(after.hands['1']).toHaveLength(6);
    expect(after.stack.at(-1)?.k).not.toBe('discard');
  });

  it('§PLAY A CREW CARD: GIVEN a row none of whose actions would change the game WHEN chosen THEN refused naming that rule; a row that does is resolved action by action', () => {
    const s = turn('activity', (d) => {
      hand(d, 1, ['burner.1', 'dash.1']);
      put(d, 0, 'galley');
      put(d, 1, 'galley');
    });
    expect(refused(s, 1, 'play', { card: 'burner.1', row: 0 }).code).toBe('lifeform.card.rowChangesNothing');
    const played = act(s, 1, 'play', { card: 'dash.1', row: 0 }).state;
    expect(played.stack.at(-1)).toMatchObject({ k: 'row', icons: ['move2'] });
    const moved = act(played, 1, 'act', { i: 0, who: s.characters[0]?.id, to: ['medbay'] }).state;
    expect(moved.stack.at(-1)).toMatchObject({ k: 'more', action: 'move2' });
    expect(lifeformGame.legalCommands(moved, 1).some((c) => c.type === 'step' && (c.args as { who: string }).who === s.characters[1]?.id)).toBe(true);
    const done = act(moved, 1, 'stop').state;
    expect(done.phase).not.toBe('crew');
  });

  it('§MOVEMENT: GIVEN a character next to a tunnel only WHEN moving THEN the tunnel is refused (only images and the cat use tunnels), and the Remora is closed before the 20 minute mark', () => {
    const s = turn('activity', (d) => {
      hand(d, 1, ['dash.1']);
      put(d, 0, 'crew-quarters');
      put(d, 1, 'shuttle-bay');
    });
    const row = act(s, 1, 'play', { card: 'dash.1', row: 0 }).state;
    expect(refused(row, 1, 'act', { i: 0, who: s.characters[0]?.id, to: ['hydroponics'] }).code).toBe('lifeform.move.notAdjacent');
    expect(refused(row, 1, 'act', { i: 0, who: s.characters[1]?.id, to: ['remora'] }).code).toBe('lifeform.move.remoraClosed');
  });

  it('§USE HEAT ANALYZER: GIVEN no image within two chambers of the seat’s characters WHEN the token is used THEN the player draws 2 and the lifeform draws 1; with an image near, the lifeform draws nothing', () => {
    const far = turn('activity', (d) => {
      put(d, 0, 'engineering');
      put(d, 1, 'engineering');
      d.images = ['bridge', 'sister-interface', null];
    });
    const a = act(far, 1, 'heat');
    expect(a.state.hands['1']).toHaveLength(5);
    expect(a.state.lfHand).toHaveLength(far.lfHand.length + 1);
    expect(a.state.characters.filter((c) => c.heat)).toHaveLength(1);
    const near = turn('activity', (d) => {
      put(d, 0, 'galley');
      put(d, 1, 'galley');
    });
    expect(act(near, 1, 'heat').state.lfHand).toHaveLength(near.lfHand.length);
  });

  it('§SHOOT THE MINING LASER: GIVEN the first character into Engineering WHEN it arrives THEN its player takes the Mining Laser; WHEN it shoots an adjacent image THEN the image moves, the lifeform discards its hand, a power outage goes there, hostility +1, the card leaves the game and nothing tells which image is real', () => {
    const s = turn('activity', (d) => {
      hand(d, 1, ['dash.1']);
      put(d, 0, 'stores');
      put(d, 1, 'galley');
      d.outages = [];
      d.terrors = [];
      d.images = ['reactor', 'sister-interface', null];
    });
    let g = act(s, 1, 'play', { card: 'dash.1', row: 1 }).state;
    g = act(g, 1, 'act', { i: 0, who: s.characters[0]?.id, to: ['engineering'] }).state;
    if (g.stack.at(-1)?.k === 'more') g = act(g, 1, 'stop').state;
    expect(g.hands['1']).toContain('laser.1');
    g = arrange(g, (d) => {
      d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] } as Task];
    });
    expect(refused(g, 1, 'laser', { who: g.characters[1]?.id, image: 0, to: 'engineering' }).code).toBe('lifeform.laser.noTarget');
    const shot = act(g, 1, 'laser', { who: g.characters[0]?.id, image: 0, to: 'waste' }, 5);
    expect(shot.state.lfHand).toEqual([]);
    expect(shot.state.outages).toContain('reactor');
    expect(shot.state.hostility).toBe(g.hostility + 1);
    expect(shot.state.laser).toBe('gone');
    expect(shot.state.hands['1']).not.toContain('laser.1');
    expect(codes(shot.events)).not.toContain('lifeform.attack.revealed');
  });

  it('§SHOOT THE MINING LASER: GIVEN a power outage in the shooter’s chamber WHEN shooting THEN refused naming the power outage', () => {
    const s = turn('activity', (d) => {
      hand(d, 1, ['laser.1']);
      d.laser = 'taken';
      put(d, 0, 'stores');
      put(d, 1, 'galley');
      d.outages = ['stores'];
      d.images = ['engineering', 'waste', null];
    });
    expect(refused(s, 1, 'laser', { who: s.characters[0]?.id, image: 0, to: 'reactor' }).code).toBe('lifeform.laser.powerOutage');
  });

  it('§ACTIVATE SKILL: GIVEN a character whose skill is a one-use draw WHEN activated THEN the token shifts and the cards are drawn; a second activation is refused', () => {
    const s = turn('activity', (d) => {
      d.characters[0] = { ...(d.characters[0] as LifeformState['characters'][number]), id: 'okafor' };
    });
    const r = act(s, 1, 'skill', { who: 'okafor' }).state;
    expect(r.characters[0]?.skill).toBe(true);
    const effect = r.board.abilities.okafor?.skill;
    expect(effect?.op).toBe('draw');
    expect(r.hands['1']).toHaveLength(3 + (effect?.op === 'draw' ? effect.n : 0));
    const again = arrange(r, (d) => {
      d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
    });
    expect(refused(again, 1, 'skill', { who: 'okafor' }).code).toBe('lifeform.skill.used');
  });

  it('§USE REMORA ENERGY CELL: GIVEN all of a seat’s characters aboard the Remora WHEN its turn comes THEN it skips collecting and may only use an energy cell, launch or pass; the bulkhead door is removed at the start of its next turn', () => {
    const s = turn('activity', (d) => {
      put(d, 0, 'remora');
      put(d, 1, 'remora');
      if (d.cat) d.cat.at = 'remora';
      d.loadout.energy = 2;
      hand(d, 1, ['dash.1']);
    });
    expect(types(s).sort()).toEqual(['cell', 'pass']);
    const shut = act(s, 1, 'cell', { card: 'dash.1', mode: 'bulkhead', link: ['stores', 'docking-hub'] }).state;
    expect(shut.door).toEqual({ link: ['stores', 'docking-hub'], half: false });
    expect(shut.loadout.energy).toBe(1);
    expect(shut.bulkheadBy).toBe(1);
  });
});

describe('lifeform §2 PLAYER GAME: THE SHIP\'S CAT and the roles', () => {
  it('§2 PLAYER GAME: THE SHIP\'S CAT: GIVEN a 2-player crew turn WHEN the cat moves THEN it may use tunnels, once a turn; one cat card a turn; after the last card the cat boards the Remora, and the Remora cannot launch without it', () => {
    const s = turn('activity', (d) => {
      if (d.cat) d.cat.at = 'cargo-hold';
    });
    const moves = lifeformGame.legalCommands(s, 1).filter((c) => c.type === 'catMove').map((c) => (c.args as { to: string }).to);
    expect(moves).toContain('waste');
    const moved = act(s, 1, 'catMove', { to: 'waste' }).state;
    expect(moved.cat?.at).toBe('waste');
    expect(types(moved)).not.toContain('catMove');
    const played = act(act(moved, 1, 'roleCard', { card: 'find-stash' }).state, 1, 'act', { i: 0 }).state;
    expect(played.hands['1']).toHaveLength(5);
    expect(types(played)).not.toContain('roleCard');
    const last = act(arrange(s, (d) => (d.roleCards.cat = ['find-stash'])), 1, 'roleCard', { card: 'find-stash' }).state;
    expect(last.cat?.at).toBe('remora');
    const ready = arrange(s, (d) => {
      put(d, 0, 'remora');
      put(d, 1, 'remora');
      d.sd = d.board.minutes.indexOf(15);
      d.loadout = { weaponry: 3, coolant: d.overheating, energy: 3, spacesuits: 2, halon: 0 };
      d.objectivesDone = Object.values(d.objectives).filter((o): o is string => o !== null);
    });
    expect(types(ready)).not.toContain('launch');
    expect(types(act(ready, 1, 'catAboard').state)).toContain('launch');
  });

  it('§TAKING CONTROL and §THE SIS-TER MAINFRAME: GIVEN a 3-player crew member whose last character died and nobody with two left WHEN they take the SIS-TER role THEN their hand is discarded and each turn they move a role token (a trigger space gives a card back), play a SIS-TER card or pass', () => {
    const s = arrange(setUp(3), (d) => {
      d.characters = d.characters.filter((c) => c.owner === 2).slice(0, 1);
      d.stack = [{ k: 'control', seat: 1 }];
    });
    expect(lifeformGame.legalCommands(s, 1).map((c) => c.args)).toEqual([{ role: 'cat' }, { role: 'sister' }]);
    let g = act(s, 1, 'control', { role: 'sister' }).state;
    expect(g.hands['1']).toEqual([]);
    g = arrange(g, (d) => {
      d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
    });
    expect(types(g).sort()).toEqual(['pass', 'roleCard', 'roleToken']);
    const card = act(act(g, 1, 'roleCard', { card: 'uplink-task' }).state, 1, 'act', { i: 0 }).state;
    expect(card.mission['sister-interface']).toBe((g.mission['sister-interface'] ?? 0) + 1);
    expect(card.roleCards.sisterDiscard).toEqual(['uplink-task']);
    let t = arrange(card, (d) => (d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }]));
    t = act(t, 1, 'roleToken', { track: 0 }).state;
    t = act(arrange(t, (d) => (d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }])), 1, 'roleToken', { track: 0 }).state;
    expect(t.roleCards.sister).toContain('uplink-task');
  });

  it('§THE SIS-TER MAINFRAME and §THE SHIP\'S CAT role boards (rules 2): GIVEN a role token moved onto a space with a printed action WHEN it arrives THEN the action is done (a mission token to Maintenance; the countdown slips back); under rules 1 the board only gives cards back', () => {
    const role = (rules: '1' | '2', which: 'cat' | 'sister'): LifeformState =>
      arrange(setUp(3, 7, { rules }), (d) => {
        d.characters = d.characters.filter((c) => c.owner === 2).slice(0, 1);
        d.roles['1'] = which;
        d.roleBoards[which] = which === 'cat' ? [2, 0] : [0, 0];
        d.sd = 10;
        d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
      });
    const moved = act(role('2', 'sister'), 1, 'roleToken', { track: 0 });
    expect(codes(moved.events)).toContain('lifeform.role.boardAction');
    expect(moved.state.stack.at(-1)).toMatchObject({ k: 'row', seat: 1, icons: ['missionMaintenance'] });
    const done = act(moved.state, 1, 'act', { i: 0 }).state;
    expect(done.mission.maintenance).toBe((moved.state.mission.maintenance ?? 0) + 1);
    const cat = act(role('2', 'cat'), 1, 'roleToken', { track: 0 }).state;
    expect(cat.sd).toBe(9);
    const old = act(role('1', 'sister'), 1, 'roleToken', { track: 0 });
    expect(codes(old.events)).not.toContain('lifeform.role.boardAction');
    expect(old.state.stack.some((t) => t.k === 'row')).toBe(false);
  });

  it('§CIRCUIT BOARD (rules 2): GIVEN the pack’s data tokens WHEN a crew member downloads one THEN they choose its icon among those left in the pool, and it joins their supply', () => {
    const s = arrange(setUp(2), (d) => {
      put(d, 0, 'bridge');
      d.objectives = { '1': null };
      d.stack = [{ k: 'row', seat: 1, side: 'crew', icons: ['circuit'], done: [false], moved: [], by: null }];
    });
    const who = s.characters[0]?.id as string;
    const icons = lifeformGame.legalCommands(s, 1).filter((c) => c.type === 'act' && (c.args as { who: string }).who === who).map((c) => (c.args as { data: string }).data);
    expect(icons).toEqual(['acid', 'bite', 'claw', 'tail']);
    const got = act(s, 1, 'act', { i: 0, who, data: 'claw' });
    expect(got.state.dataTokens?.['1']).toEqual(['claw']);
    expect(got.state.data['1']).toBe(1);
    expect(got.state.dataPool?.filter((x) => x === 'claw')).toHaveLength((s.dataPool?.filter((x) => x === 'claw').length ?? 0) - 1);
    expect(codes(got.events)).toContain('lifeform.crew.dataIcon');
  });
});
