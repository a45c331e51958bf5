import { describe, expect, it } from 'vitest';
import { lifeformGame } from './index.ts';
import type { LifeformState } from './state.ts';
import { act, arrange, codes, flow, hand, put, refused, setUp } from './scenario.test-helper.ts';

function lfTurn(edit: (d: LifeformState) => void = () => undefined): LifeformState {
  return arrange(setUp(2), (d) => {
    d.stack = [{ k: 'lifeformTurn' }];
    d.phase = 'lifeform';
    put(d, 0, 'galley');
    put(d, 1, 'galley');
    d.images = ['observation', 'reactor', null];
    d.real = 0;
    d.outages = [];
    d.terrors = [];
    edit(d);
  });
}

describe('lifeform §3 LIFEFORM ACTIVITY', () => {
  it('§LURK: GIVEN fewer cards than the cocoon hand size WHEN lurking THEN the lifeform may discard up to the evolution number and draws back to the hand size; with a full hand lurking is refused', () => {
    const s = lfTurn((d) => (d.lfHand = ['prowl.1']));
    const size = s.board.cocoon[0]?.hand as number;
    const r = act(s, 0, 'lurk', { discard: ['prowl.1'] }).state;
    expect(r.lfHand).toHaveLength(size);
    expect(r.lfHand).not.toContain('prowl.1');
    const full = lfTurn((d) => (d.lfHand = d.lfDeck.splice(0, size)));
    expect(refused(full, 0, 'lurk', { discard: [] }).code).toBe('lifeform.lurk.handFull');
  });

  it('§USE VENT: GIVEN a vent token WHEN used THEN it is spent and an image goes to a character-free vent chamber; the real lifeform may come out where characters are and attack', () => {
    const s = lfTurn((d) => put(d, 0, 'crew-quarters'));
    const v = act(s, 0, 'vent').state;
    expect(v.vents).toBe(s.vents - 1);
    const options = lifeformGame.legalCommands(v, 0).map((c) => c.args as { image: number; chamber: string });
    expect(options.some((o) => o.chamber === 'crew-quarters' && o.image === 0)).toBe(true);
    expect(options.some((o) => o.chamber === 'crew-quarters' && o.image === 1)).toBe(false);
    const att = act(v, 0, 'act', { i: 0, image: 0, chamber: 'crew-quarters' });
    expect(codes(att.events)).toContain('lifeform.attack.revealed');
    expect(att.state.stack.at(-1)).toMatchObject({ k: 'attack', a: { how: 'vent', from: 'observation' } });
  });

  it('§MOVEMENT: GIVEN a lifeform MOVE WHEN an image would enter a chamber with characters or another image THEN refused; tunnels are open to images', () => {
    const s = lfTurn((d) => (d.lfHand = ['prowl.1']));
    const row = act(s, 0, 'play', { card: 'prowl.1', row: 1 }).state;
    expect(refused(row, 0, 'act', { i: 0, image: 0, to: ['galley'] }).code).toBe('lifeform.image.occupied');
    const viaTunnel = act(arrange(row, (d) => (d.images = ['crew-quarters', 'reactor', null])), 0, 'act', { i: 0, image: 0, to: ['hydroponics'] }).state;
    expect(viaTunnel.images[0]).toBe('hydroponics');
  });

  it('§CHARACTER MEETS LIFEFORM IMAGE: GIVEN a character moving into a sensor ghost WHEN the move ends THEN the ghost is shown, self-destruct +1, the ghost goes next to the real lifeform (the lifeform choosing between equals) and a reality calibration follows', () => {
    const s = arrange(setUp(2), (d) => {
      d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
      put(d, 0, 'galley');
      put(d, 1, 'galley');
      d.images = ['observation', 'reactor', null];
      d.real = 1;
      d.outages = [];
      d.terrors = [];
      hand(d, 1, ['sweep.1']);
    });
    const row = act(s, 1, 'play', { card: 'sweep.1', row: 0 }).state;
    const met = act(row, 1, 'act', { i: 0, who: s.characters[0]?.id, to: ['observation'] });
    expect(codes(met.events)).toContain('lifeform.meet.ghost');
    expect(met.state.sd).toBe(s.sd + 1);
    expect(met.state.stack.at(-1)).toEqual({ k: 'relocate', image: 0 });
    const spots = lifeformGame.legalCommands(met.state, 0).map((c) => (c.args as { to: string }).to).sort();
    expect(spots).toEqual(['engineering', 'waste']);
    const placed = act(met.state, 0, 'ghost', { image: 0, to: 'waste' }).state;
    expect(placed.stack.at(-1)?.k).toBe('calibrate');
  });

  it('§CHARACTER MEETS LIFEFORM IMAGE: GIVEN a character moving into the real lifeform WHEN the move ends THEN it attacks at once', () => {
    const s = arrange(setUp(2), (d) => {
      d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
      put(d, 0, 'galley');
      put(d, 1, 'galley');
      d.images = ['observation', 'reactor', null];
      d.real = 0;
      d.outages = [];
      d.terrors = [];
      hand(d, 1, ['sweep.1']);
    });
    const row = act(s, 1, 'play', { card: 'sweep.1', row: 0 }).state;
    const met = act(row, 1, 'act', { i: 0, who: s.characters[0]?.id, to: ['observation'] });
    expect(codes(met.events)).toEqual(expect.arrayContaining(['lifeform.meet.real', 'lifeform.attack.revealed']));
    expect(met.state.stack.at(-1)).toMatchObject({ k: 'attack', a: { chamber: 'observation', how: 'meet' } });
  });

  it('§CHARACTER MEETS TERROR: GIVEN a character ending a move on a terror token with no image WHEN the move ends THEN the token returns and a terror card is resolved', () => {
    const s = arrange(setUp(2), (d) => {
      d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
      d.characters[0] = { ...(d.characters[0] as LifeformState['characters'][number]), id: 'haddad', at: 'galley' };
      put(d, 1, 'galley');
      d.terrors = ['lift-b'];
      d.outages = [];
      hand(d, 1, ['sweep.1']);
    });
    const row = act(s, 1, 'play', { card: 'sweep.1', row: 0 }).state;
    const met = act(row, 1, 'act', { i: 0, who: 'haddad', to: ['lift-b'] });
    expect(met.state.terrors).toEqual([]);
    expect(codes(met.events)).toContain('lifeform.terror.card');
    expect(met.state.terrorDiscard).toHaveLength(1);
  });
});

describe('lifeform §2 ANDROID PHASE', () => {
  const androidAt = (at: string, edit: (d: LifeformState) => void = () => undefined) =>
    flow(setUp(2), (d) => {
      d.stack = [];
      d.phase = 'crew';
      d.turnIndex = d.crewSeats.length - 1;
      d.android = { state: 'active', at, deviation: false };
      put(d, 0, 'bridge');
      put(d, 1, 'bridge');
      edit(d);
    });

  it('§MOVING THE ANDROID: GIVEN an active android and nobody in view in its chamber WHEN the phase comes THEN it takes the next step of the AI path; a character in view holds it, a hidden one does not', () => {
    expect(androidAt('hypersleep').state.android.at).toBe('medbay');
    expect(androidAt('hypersleep', (d) => put(d, 0, 'hypersleep')).state.android.at).toBe('hypersleep');
    expect(androidAt('hypersleep', (d) => put(d, 0, 'hypersleep', true)).state.android.at).toBe('medbay');
  });

  it('§MOVING THE ANDROID: GIVEN a security door across its path WHEN it pushes THEN full lock turns to half lock, and half lock goes back to the supply, without moving', () => {
    const first = androidAt('medbay', (d) => (d.door = { link: ['medbay', 'galley'], half: false })).state;
    expect(first.android.at).toBe('medbay');
    expect(first.door).toEqual({ link: ['medbay', 'galley'], half: true });
    const second = androidAt('medbay', (d) => (d.door = { link: ['galley', 'medbay'], half: true })).state;
    expect(second.door).toBeNull();
    expect(second.android.at).toBe('medbay');
  });

  it('§ANDROID ENTERS THE REMORA: GIVEN the android in the Shuttle Bay WHEN it enters the Remora THEN the lifeform removes as many loadout tokens as its status space says, top first per column, and it is destroyed', () => {
    const s = androidAt('shuttle-bay', (d) => {
      d.loadout.weaponry = 3;
      d.loadout.energy = 2;
      d.androidStatus = 1;
    }).state;
    const n = s.board.androidRemove[1] as number;
    expect(s.stack.at(-1)).toEqual({ k: 'strip', left: n });
    let g = s;
    for (let i = 0; i < n; i++) g = act(g, 0, 'strip', { column: 'weaponry' }).state;
    expect(g.loadout.weaponry).toBe(3 - n);
    expect(g.android.state).toBe('destroyed');
  });

  it('§CHARACTERS VS THE ANDROID: GIVEN a character in the android’s chamber WHEN it tries to MOVE THEN it cannot leave', () => {
    const s = arrange(setUp(2), (d) => {
      d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
      d.android = { state: 'active', at: 'galley', deviation: false };
      put(d, 0, 'galley');
      put(d, 1, 'bridge');
      hand(d, 1, ['sweep.1']);
    });
    const row = act(s, 1, 'play', { card: 'sweep.1', row: 0 }).state;
    expect(refused(row, 1, 'act', { i: 0, who: s.characters[0]?.id, to: ['lift-b'] }).code).toBe('lifeform.move.androidHolds');
  });

  it('§MALFUNCTION TRACK: GIVEN the tracker reaching ANDROID MALFUNCTIONS! WHEN advanced THEN the android becomes active in Hypersleep', () => {
    const s = arrange(setUp(2), (d) => {
      d.stack = [{ k: 'lifeformTurn' }];
      d.phase = 'lifeform';
      d.malfunction = d.board.malfunction.indexOf('androidMalfunctions') - 1;
      d.lfHand = ['short-circuit.1'];
      d.outages = [];
    });
    const row = act(s, 0, 'play', { card: 'short-circuit.1', row: 0 }).state;
    const m = act(row, 0, 'act', { i: 1 }).state;
    expect(m.android).toMatchObject({ state: 'active', at: 'hypersleep' });
  });
});
