import { describe, expect, it } from 'vitest';
import { lifeformGame } from './index.ts';
import { act, fresh, pack, refused, setUp } from './scenario.test-helper.ts';

describe('lifeform §SETUP', () => {
  it('§SETUP: GIVEN 2, 3 and 4 players WHEN set up THEN the self-destruct tracker starts on 25, 28 and START, the hostility tracker on its space for the count, and the lifeform has 1, 1 and 2 vent tokens', () => {
    const minute = (n: 2 | 3 | 4): number | null => pack.game.selfDestruct.spaces[fresh(n).sd]?.minute ?? null;
    expect([minute(2), minute(3), minute(4)]).toEqual([25, 28, null]);
    expect(fresh(4).sd).toBe(0);
    expect([fresh(2).hostility, fresh(3).hostility, fresh(4).hostility]).toEqual([pack.game.hostility.start['2'], pack.game.hostility.start['3'], pack.game.hostility.start['4']]);
    expect([fresh(2).vents, fresh(3).vents, fresh(4).vents]).toEqual([1, 1, 2]);
    expect(fresh(3).board.cocoon).toHaveLength(pack.game.cocoon['3'].length);
  });

  it('§SETUP: GIVEN a new game WHEN set up THEN every numbered chamber holds its mission tokens, each crew seat holds three crew cards and three disks, and the lifeform three lifeform cards', () => {
    const s = fresh(4);
    for (const c of pack.ship.chambers) expect(s.mission[c.id]).toBe(c.mission);
    for (const seat of s.crewSeats) {
      expect(s.hands[String(seat)]).toHaveLength(3);
      expect(s.offers[String(seat)]).toHaveLength(3);
    }
    expect(s.lfHand).toHaveLength(3);
    expect(new Set(s.crewSeats.flatMap((x) => s.offers[String(x)] as string[])).size).toBe(9);
    expect(s.crewSeats).toEqual([1, 2, 3]);
  });

  it('§SETUP: GIVEN crew seats choosing two of three disks WHEN one has picked THEN nobody else sees the pick; WHEN all have THEN the characters are revealed together in the Galley with a skill, survival and heat analyzer token', () => {
    let s = fresh(3);
    const offer1 = s.offers['1'] as string[];
    s = act(s, 1, 'pick', { characters: offer1.slice(0, 2) }).state;
    const pub = JSON.stringify(lifeformGame.publicView(s));
    for (const c of offer1) expect(pub).not.toContain(c);
    expect(JSON.stringify(lifeformGame.viewFor(s, 2))).not.toContain(offer1[0] as string);
    expect(s.characters).toEqual([]);
    const step = act(s, 2, 'pick', { characters: (s.offers['2'] as string[]).slice(1, 3) });
    expect(step.revealed).toBe(true);
    expect(step.state.characters.map((c) => c.at)).toEqual(['galley', 'galley', 'galley', 'galley']);
    expect(step.state.characters.every((c) => c.heat && !c.skill && !c.survival)).toBe(true);
  });

  it('§SETUP: GIVEN a disk not among the three offered WHEN picked THEN refused', () => {
    const s = fresh(2);
    const other = pack.characters.map((c) => c.id).find((id) => !(s.offers['1'] as string[]).includes(id)) as string;
    expect(refused(s, 1, 'pick', { characters: [(s.offers['1'] as string[])[0], other] }).code).toBe('lifeform.illegal');
  });

  it('§SETUP: GIVEN the lifeform placing power outages WHEN a second one goes on the same deck in one pass THEN refused; with four players THEN six go in six chambers, never in a shielded chamber', () => {
    let s = fresh(4);
    for (const seat of s.crewSeats) s = act(s, seat, 'pick', { characters: (s.offers[String(seat)] as string[]).slice(0, 2) }).state;
    s = act(s, 0, 'outage', { chamber: 'medbay' }).state;
    expect(refused(s, 0, 'outage', { chamber: 'observation' }).code).toBe('lifeform.token.notThere');
    expect(refused(s, 0, 'outage', { chamber: 'shuttle-bay' }).code).toBe('lifeform.token.notThere');
    for (const c of ['armoury', 'stores', 'crew-quarters', 'workshop', 'maintenance']) s = act(s, 0, 'outage', { chamber: c }).state;
    expect(s.outages).toHaveLength(6);
    expect(s.stack.at(-1)?.k).toBe('image');
  });

  it('§SETUP, §2 PLAYER GAME: THE SHIP\'S CAT and §REALITY CALIBRATION: GIVEN the ship\'s cat placed in a vent chamber by the crew and two images in two different start chambers WHEN the lifeform calibrates THEN the real image is in the lifeform seat view only, and a terror token goes on C deck', () => {
    let s = fresh(2);
    s = act(s, 1, 'pick', { characters: (s.offers['1'] as string[]).slice(0, 2) }).state;
    expect(s.stack.at(-1)).toEqual({ k: 'catPlace', seat: 1 });
    expect(refused(s, 1, 'cat', { chamber: 'galley' }).code).toBe('lifeform.illegal');
    s = act(s, 1, 'cat', { chamber: 'cargo-hold' }).state;
    for (const c of ['medbay', 'armoury', 'stores']) s = act(s, 0, 'outage', { chamber: c }).state;
    s = act(s, 0, 'image', { chamber: 'observation' }).state;
    expect(refused(s, 0, 'image', { chamber: 'observation' }).code).toBe('lifeform.token.notThere');
    expect(refused(s, 0, 'image', { chamber: 'galley' }).code).toBe('lifeform.token.notThere');
    s = act(s, 0, 'image', { chamber: 'waste' }).state;
    const cal = act(s, 0, 'calibrate', { image: 1 });
    expect((lifeformGame.viewFor(cal.state, 0) as { real: number }).real).toBe(1);
    expect(lifeformGame.publicView(cal.state)).not.toHaveProperty('real');
    expect(lifeformGame.viewFor(cal.state, 1)).not.toHaveProperty('real');
    expect(cal.events.filter((e) => e.to === 'public').some((e) => JSON.stringify(e.params).includes('"image"'))).toBe(false);
    expect(refused(cal.state, 0, 'terror', { chamber: 'galley' }).code).toBe('lifeform.token.notThere');
    const t = act(cal.state, 0, 'terror', { chamber: 'reactor' }).state;
    expect(t.terrors).toEqual(['reactor']);
  });

  it('§SETUP: GIVEN secret objectives WHEN a "decide immediately" card was drawn THEN it is revealed and its holder resolves it before the first crew turn', () => {
    for (let seed = 1; seed < 40; seed++) {
      const s = fresh(4, seed);
      const deciders = s.crewSeats.filter((x) => (s.board.objectives[s.objectives[String(x)] ?? '']?.decide.length ?? 0) > 0);
      if (deciders.length === 0) continue;
      let g = s;
      for (const seat of g.crewSeats) g = act(g, seat, 'pick', { characters: (g.offers[String(seat)] as string[]).slice(0, 2) }).state;
      for (const c of ['medbay', 'armoury', 'stores', 'crew-quarters', 'workshop', 'maintenance']) g = act(g, 0, 'outage', { chamber: c }).state;
      g = act(g, 0, 'image', { chamber: 'observation' }).state;
      g = act(g, 0, 'image', { chamber: 'reactor' }).state;
      g = act(g, 0, 'calibrate', { image: 0 }).state;
      const step = act(g, 0, 'terror', { chamber: 'engineering' });
      expect(step.events.filter((e) => e.code === 'lifeform.objective.revealed').map((e) => e.params?.seat)).toEqual(deciders);
      expect(lifeformGame.awaiting(step.state)).toMatchObject({ kind: 'decide' });
      return;
    }
    throw new Error('no seed dealt a decide-immediately objective');
  });

  it('§1 CREW ACTIVITY PHASE: GIVEN setup done WHEN the first turn starts THEN it is the seat left of the lifeform', () => {
    const s = setUp(3);
    expect(s.phase).toBe('crew');
    expect(lifeformGame.awaiting(s)).toMatchObject({ seats: [1], kind: 'turn' });
  });
});
