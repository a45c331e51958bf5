import { describe, expect, it } from 'vitest';
import { createRng, seedRng } from '../../../core/index.ts';
import { lifeformGame } from '../index.ts';
import { act, edited, legal, pack, soloFresh, soloStarted, top } from './solo.test-helper.ts';

const seat = (i: number) => ({ index: i, name: `p${i}` });

describe("Dragon's Domain: setup and the order of play (rules summary lines 1623–1790)", () => {
  it('§SETUP (solo): GIVEN mode=solo with one seat WHEN set up THEN the book\'s placements are on the board and the first command is the character choice', () => {
    const s = soloFresh(11);
    const so = s.solo;
    if (!so) throw new Error('no solo state');
    const solo = pack.solo?.solo;
    expect(top(s)).toBe('character');
    expect(legal(s).map((c) => c.type)).toEqual(pack.characters.map(() => 'soloPick'));
    // Mission tokens: the chamber numbers plus the extra ones.
    expect(s.mission['lift-b']).toBe(2);
    expect(s.mission.armoury).toBe(2 + 2);
    expect(s.outages.sort()).toEqual(['junction-b', 'observation']);
    expect(s.terrors.sort()).toEqual(['comms', 'medbay', 'shuttle-bay']);
    expect(so.harpoons).toEqual(['reactor', 'coolant-pumps']);
    expect(so.killedChits).toEqual(['crew-quarters', 'cargo-hold', 'waste']);
    expect(so.cocoonChits).toEqual({ '1': 'killed', '2': 'killed' });
    expect(so.cocoonAttack5).toBe(true);
    expect(so.energyAttack.slice(2).every((x) => x !== null)).toBe(true);
    expect(so.energyAttack.slice(0, 2)).toEqual([null, null]);
    expect(new Set(so.energyAttack.filter((x) => x !== null))).toEqual(new Set([0, 1, 2, 3]));
    expect(so.container).toEqual({ alive: 5, killed: 1 });
    expect([...so.stowawaySupply].sort()).toEqual(['danger', 'danger', 'safe', 'safe', 'safe', 'safe']);
    expect(so.crisisDecks.a).toHaveLength(solo?.crisis.filter((c) => c.deck === 'a').length ?? -1);
    expect(s.hands['0']).toHaveLength(4);
    expect(so.heat).toBe(1);
    expect(so.motion).toBe('motion-start');
    expect(so.nerve).toBe(7);
    expect(so.traits.map((t) => t.state)).toEqual(['ready', 'ready', 'ready']);
    expect(new Set(so.traits.map((t) => t.id))).toEqual(new Set(solo?.traits.map((t) => t.id)));
    // Removed components: no lifeform cards, images, objectives, cat or hostility.
    expect(s.lfHand.length + s.lfDeck.length).toBe(0);
    expect(s.images).toEqual([null, null, null]);
    expect(s.objectives).toEqual({});
    expect(s.cat).toBeNull();
    expect(s.sd).toBe(0);
    expect(s.malfunction).toBe(0);
    expect(s.android.state).toBe('inactive');
  });

  it('§SETUP (solo): GIVEN the character chosen WHEN the game starts THEN the disk is in the Galley, round 1 draws a card (no mission token there) and the activity is asked', () => {
    const s = soloStarted(11);
    expect(s.characters).toHaveLength(1);
    expect(s.characters[0]?.at).toBe('galley');
    expect(s.round).toBe(1);
    expect(s.hands['0']).toHaveLength(5);
    expect(top(s)).toBe('activity');
    expect(lifeformGame.awaiting(s)).toMatchObject({ seats: [0], kind: 'turn' });
  });

  it("§DRAGON'S DOMAIN SETUP (no lifeform player, no hostility tracker): GIVEN a solo game WHEN its public view is built THEN it shows no stowaway token, while a two-player game of the same rules still does", () => {
    const solo = lifeformGame.publicView(soloStarted(7)) as Record<string, unknown>;
    expect(solo.solo).toBeDefined();
    expect('stowawayToken' in solo).toBe(false);
    const duo = lifeformGame.publicView(lifeformGame.setup({ lifeform: 0, evolution: false, mods: [] }, [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], createRng(seedRng(7)), pack, lifeformGame.rulesVersion)) as Record<string, unknown>;
    expect(duo.stowawayToken).toBe(false);
  });

  it('§SETUP seats: GIVEN one seat without mode=solo, two seats with it, or a pack without solo.yaml WHEN starting THEN refused with a reason', () => {
    expect(lifeformGame.startRefusal?.({}, [seat(0)], pack)).toMatchObject({ code: 'lifeform.options.tooFewSeats' });
    expect(lifeformGame.startRefusal?.({ mode: 'solo' }, [seat(0), seat(1)], pack)).toMatchObject({ code: 'lifeform.options.soloSeats' });
    expect(lifeformGame.startRefusal?.({ mode: 'solo' }, [seat(0)], { ...pack, solo: undefined })).toMatchObject({ code: 'lifeform.options.noSolo' });
    expect(lifeformGame.startRefusal?.({ mode: 'solo' }, [seat(0)], pack)).toBeNull();
    expect(lifeformGame.startRefusal?.({}, [seat(0), seat(1)], pack)).toBeNull();
  });

  it('§VARIANTS: GIVEN shaken, murderous, everyday=2, bell=3 and incinerator WHEN set up THEN the lifeform starts on SHAKEN, a still-alive chit waits on the cocoon track, two survival tokens, the self-destruct tracker three spaces on and the flamethrower in hand', () => {
    const s = soloFresh(5, { start: 'shaken', murderous: true, everyday: 2, bell: 3, incinerator: true });
    const so = s.solo;
    expect(so?.motion).toBe('motion-shaken');
    expect(so?.container).toEqual({ alive: 4, killed: 1 });
    expect(so?.cocoonChits['3']).toBe('alive');
    expect(so?.tokens.survival).toBe(2);
    expect(s.sd).toBe(3);
    expect(s.hands['0']).toContain('flamethrower.1');
    expect(s.hands['0']).toHaveLength(4);
    expect(soloFresh(5, { start: 'tough' }).solo?.motion).toBe('motion-tough');
  });

  it('§WAIT and §MOTION TRACKER BOARD: GIVEN the lifeform at a fork WHEN the player waits THEN the player picks the path, the space reached acts (DRAW 2 CARDS), then the round ends with the self-destruct step and a new round draws (hand limit 7)', () => {
    let s = soloStarted(11);
    s = act(s, 'wait').state;
    expect(top(s)).toBe('path');
    expect(legal(s).map((c) => (c.args as { to: string }).to)).toEqual(['motion-a1', 'motion-c1', 'motion-b1']);
    s = act(s, 'path', { to: 'motion-c1' }).state;
    expect(s.solo?.motion).toBe('motion-c1');
    // 5 + 2 from DRAW 2, then +1 in round 2: 8 > 7, one discard asked.
    expect(s.sd).toBe(1);
    expect(s.round).toBe(2);
    expect(top(s)).toBe('discard');
    expect(s.hands['0']).toHaveLength(8);
    s = act(s, 'discard', { card: (s.hands['0'] as string[])[0] }).state;
    expect(s.hands['0']).toHaveLength(7);
    expect(top(s)).toBe('activity');
  });

  it('§EQUIP: GIVEN the activity WHEN the player equips THEN two cards are drawn and the lifeform advances one space', () => {
    let s = edited(soloStarted(11), (d, so) => {
      so.motion = 'motion-c1';
      d.hands['0'] = ['duck.1', 'bolt.1'];
      // No SECURITY DOOR card drawn, so the advance is not offered a reduction.
      d.crewDeck = d.crewDeck.filter((c) => !c.startsWith('tool-kit.') && !c.startsWith('seal-hatch.'));
    });
    s = act(s, 'equip', { n: 2 }).state;
    expect(s.hands['0']?.length).toBeGreaterThanOrEqual(4);
    expect(s.solo?.motion).toBe('motion-c2');
    // motion-c2 is LOSE NERVE.
    expect(s.solo?.nerve).toBe(6);
  });

  it('§STEP 1: GIVEN a chamber with mission tokens WHEN the round starts THEN one must be collected onto a column of the player\'s choice, and a combat token on that space leaves the game', () => {
    let s = edited(soloStarted(11), (d, so) => {
      d.mission.galley = 1;
      d.loadout.energy = 2;
      so.motion = 'motion-c1';
      d.hands['0'] = ['duck.1'];
    });
    // The first round's collection is past (the edit came later): WAIT, and the next round asks to collect.
    s = act(s, 'wait').state;
    expect(top(s)).toBe('collect');
    expect(legal(s).some((c) => c.type === 'collect' && (c.args as { column: string }).column === 'energy')).toBe(true);
    const before = s.solo?.energyAttack[2];
    expect(before).not.toBeNull();
    s = act(s, 'collect', { who: s.solo?.character ?? '', column: 'energy' }).state;
    expect(s.loadout.energy).toBe(3);
    expect(s.mission.galley).toBe(0);
    expect(s.solo?.energyAttack[2]).toBeNull();
  });

  it('§PLAY A CREW CARD and §STEP 4 (3): GIVEN a MOVE row WHEN the character moves into a non-vent chamber without power outage THEN a crisis card is drawn from that ship deck', () => {
    let s = edited(soloStarted(11), (d, so) => {
      d.hands['0'] = ['duck.1'];
      so.crisisDecks.b = ['crisis-b-umbilicus'];
    });
    expect(legal(s).some((c) => c.type === 'play' && (c.args as { row: number }).row === 0)).toBe(true);
    s = act(s, 'play', { card: 'duck.1', row: 0 }).state;
    expect(top(s)).toBe('row');
    s = act(s, 'act', { i: 0, to: ['lift-b'] }).state;
    expect(s.characters[0]?.at).toBe('lift-b');
    expect(top(s)).toBe('crisis');
    expect(s.solo?.crisisDecks.b).toEqual([]);
  });

  it('§PLAY A CREW CARD: GIVEN a row none of whose actions changes the state WHEN listed THEN it is not offered (SWAP LIFEFORM IMAGES does nothing in solo)', () => {
    const s = edited(soloStarted(11), (d) => (d.hands['0'] = ['flare.1']));
    const plays = legal(s).filter((c) => c.type === 'play');
    expect(plays.map((c) => (c.args as { row: number }).row)).toEqual([1]);
  });

  it('§STEP 4 (1, 2): GIVEN a move into a dark chamber THEN +1 self-destruct, the lifeform advances and a crisis card follows; GIVEN a vent chamber THEN its killed chit goes into the container, the lifeform advances and no crisis card is drawn', () => {
    let dark = edited(soloStarted(11), (d, so) => {
      d.hands['0'] = ['duck.1'];
      so.motion = 'motion-c1';
      so.crisisDecks.a = ['crisis-a-galley-fire'];
    });
    dark = act(dark, 'play', { card: 'duck.1', row: 0 }).state;
    dark = act(dark, 'act', { i: 0, to: ['observation'] }).state;
    expect(dark.sd).toBe(1);
    expect(dark.solo?.motion).toBe('motion-c2');
    expect(top(dark)).toBe('crisis');
    let vent = edited(soloStarted(11), (d, so) => {
      d.hands['0'] = ['duck.1'];
      so.motion = 'motion-c1';
    });
    vent = act(vent, 'play', { card: 'duck.1', row: 0 }).state;
    vent = act(vent, 'act', { i: 0, to: ['crew-quarters'] }).state;
    expect(vent.solo?.container.killed).toBe(2);
    expect(vent.solo?.killedChits).not.toContain('crew-quarters');
    expect(vent.solo?.motion).toBe('motion-c2');
    expect(vent.solo?.crisisDecks.a).toHaveLength(3);
  });

  it('§USE HEAT ANALYZER: GIVEN the heat analyzer WHEN the lifeform is not in close range THEN it cannot be used; in close range it is spent for two cards', () => {
    const far = soloStarted(11);
    expect(legal(far).some((c) => c.type === 'heat')).toBe(false);
    let near = edited(far, (_d, so) => (so.motion = 'motion-tough'));
    expect(legal(near).some((c) => c.type === 'heat')).toBe(true);
    const hand = near.hands['0']?.length ?? 0;
    near = act(near, 'heat').state;
    expect(near.solo?.heat).toBe(0);
    expect((near.hands['0']?.length ?? 0) >= Math.min(7, hand + 2) || top(near) === 'discard').toBe(true);
  });

  it('§SHOOT THE MINING LASER: GIVEN the first entry to Engineering THEN the laser is in hand; GIVEN the android next door and no power outage WHEN shot THEN a power outage in its chamber and the android destroyed', () => {
    let s = edited(soloStarted(11), (d, so) => {
      d.characters[0] = { ...(d.characters[0] as (typeof d.characters)[number]), at: 'stores' };
      d.mission.stores = 0;
      d.hands['0'] = ['duck.1'];
      so.crisisDecks.c = ['crisis-c-airlock'];
    });
    s = act(s, 'play', { card: 'duck.1', row: 0 }).state;
    s = act(s, 'act', { i: 0, to: ['engineering'] }).state;
    expect(s.hands['0']).toContain('laser.1');
    expect(s.laser).toBe('taken');
    const shot = edited(s, (d, so) => {
      so.stack = [{ k: 'activity' }];
      d.android = { state: 'active', at: 'reactor', deviation: false };
    });
    expect(legal(shot).some((c) => c.type === 'laser')).toBe(true);
    const after = act(shot, 'laser', { who: s.solo?.character ?? '', android: true }).state;
    expect(after.android.state).toBe('destroyed');
    expect(after.outages).toContain('reactor');
    expect(after.laser).toBe('gone');
    expect(after.hands['0']).not.toContain('laser.1');
  });

  it('§2 ANDROID PHASE (solo): GIVEN an active android next to the Remora WHEN the phase comes THEN it boards, strips tokens (the player picks the columns, top first) and is destroyed', () => {
    let s = edited(soloStarted(11), (d) => {
      d.android = { state: 'active', at: 'shuttle-bay', deviation: false };
      d.loadout.weaponry = 3;
      d.loadout.energy = 2;
      d.androidStatus = 1;
      d.mission.weaponry = 0;
    });
    s = act(s, 'wait').state;
    s = act(s, 'path', { to: 'motion-a1' }).state;
    expect(s.android.state).toBe('destroyed');
    expect(top(s)).toBe('strip');
    for (let i = 0; i < 3; i++) s = act(s, 'strip', { column: 'weaponry' }).state;
    expect(s.loadout.weaponry).toBe(0);
    expect(s.loadout.energy).toBe(2);
  });
});
