import { describe, expect, it } from 'vitest';
import { lifeformGame } from '../index.ts';
import type { LifeformState } from '../state.ts';
import { act, edited, legal, soloStarted, top } from './solo.test-helper.ts';

const noDoorCards = (d: LifeformState): void => {
  d.crewDeck = d.crewDeck.filter((c) => !c.startsWith('tool-kit.') && !c.startsWith('seal-hatch.'));
  d.hands['0'] = (d.hands['0'] ?? []).filter((c) => !c.startsWith('tool-kit.') && !c.startsWith('seal-hatch.'));
};

/** Waits one round with the lifeform somewhere harmless (test-only). */
function waitRound(s: LifeformState): LifeformState {
  let g = act(s, 'wait').state;
  while (top(g) === 'path' || top(g) === 'reduce') g = act(g, legal(g)[0]?.type ?? '', legal(g)[0]?.args as Record<string, unknown>).state;
  return g;
}

describe("Dragon's Domain: the tracks, fear, stowaways and the launch (rules summary lines 1700–1760, 1870–1900, 2150–2203)", () => {
  it('§SELF-DESTRUCT TRACK (solo, terror): GIVEN a terror space reached THEN a terror token goes to the last chamber of the AI path without one; GIVEN the player in that chamber THEN a stowaway token goes to the Remora instead', () => {
    const terrorAt = soloStarted(11).board.sdTerror.indexOf(true);
    const before = edited(soloStarted(11), (d, so) => {
      d.sd = terrorAt - 1;
      so.motion = 'motion-shaken';
      noDoorCards(d);
    });
    const after = waitRound(before);
    expect(after.terrors).toContain('docking-hub');
    const there = edited(before, (d) => (d.characters[0] = { ...(d.characters[0] as (typeof d.characters)[number]), at: 'docking-hub' }));
    const moved = waitRound(there);
    expect(moved.terrors).not.toContain('docking-hub');
    expect(moved.solo?.remora.stowaways).toHaveLength(1);
  });

  it('§SELF-DESTRUCT TRACK (solo, 20 and 10 minutes, explosion): GIVEN minute 20 THEN a vent token (Supplies or next to it for a mission token) and the stowaway-or-energy choice; minute 10 removes the heat analyzer; the explosion loses', () => {
    const at20 = edited(soloStarted(11), (d, so) => {
      d.sd = d.board.minutes.indexOf(20) - 1;
      so.motion = 'motion-shaken';
      d.loadout.energy = 1;
      noDoorCards(d);
    });
    let s = waitRound(at20);
    expect(top(s)).toBe('vent');
    expect(legal(s).map((c) => (c.args as { chamber: string }).chamber)).toContain('stores');
    const missions = s.mission.stores ?? 0;
    s = act(s, 'ventAt', { chamber: 'engineering' }).state;
    expect(s.solo?.vents).toEqual(['engineering']);
    expect(s.mission.stores).toBe(missions - 1);
    expect(top(s)).toBe('stowawayOrEnergy');
    expect(legal(s).map((c) => c.args)).toEqual([{ energy: false }, { energy: true }]);
    s = act(s, 'sdStowaway', { energy: true }).state;
    expect(s.loadout.energy).toBe(0);
    const at10 = waitRound(edited(soloStarted(11), (d, so) => {
      d.sd = d.board.minutes.indexOf(10) - 1;
      so.motion = 'motion-shaken';
      noDoorCards(d);
    }));
    expect(at10.solo?.heat).toBe(0);
    const boom = waitRound(edited(soloStarted(11), (d, so) => {
      d.sd = d.board.minutes.length - 2;
      so.motion = 'motion-shaken';
      noDoorCards(d);
    }));
    expect(boom.outcome).toMatchObject({ winner: 'lifeform', reason: 'explosion' });
  });

  it('§30 SECOND: GIVEN the token before the 10 minute mark THEN no reduction is offered; after it THEN the self-destruct advance may be reduced', () => {
    const early = waitRound(edited(soloStarted(11), (d, so) => {
      so.tokens.thirtySecond = 1;
      so.motion = 'motion-shaken';
      noDoorCards(d);
    }));
    expect(early.solo?.tokens.thirtySecond).toBe(1);
    expect(early.sd).toBe(1);
    let late = act(edited(soloStarted(11), (d, so) => {
      so.tokens.thirtySecond = 1;
      so.motion = 'motion-shaken';
      d.sd = d.board.minutes.indexOf(10) + 1;
      noDoorCards(d);
    }), 'wait').state;
    expect(top(late)).toBe('reduce');
    const sd = late.sd;
    late = act(late, 'reduce', { token: 'thirtySecond' }).state;
    expect(late.sd).toBe(sd);
  });

  it('§TERROR (token reference): GIVEN a terror token in the chamber entered WHEN met THEN an eligible trait removes it (to the Remora) or it goes onto the fear track and a crisis card is drawn', () => {
    const entering = edited(soloStarted(11), (d, so) => {
      d.hands['0'] = ['duck.1'];
      so.crisisDecks.a = ['crisis-a-galley-fire'];
    });
    let s = act(entering, 'play', { card: 'duck.1', row: 0 }).state;
    s = act(s, 'act', { i: 0, to: ['medbay'] }).state;
    expect(top(s)).toBe('terrorMeet');
    const areas = legal(s).filter((c) => c.type === 'trait').map((c) => (c.args as { area: string }).area);
    // Medbay is on A deck: the A deck area and PROFESSIONALISM, not the B/C area.
    expect(areas.sort()).toEqual(['trait-area-a', 'trait-professionalism']);
    const traited = act(s, 'trait', { area: 'trait-professionalism', use: 'terror' }).state;
    expect(traited.terrors).not.toContain('medbay');
    expect(traited.solo?.traits.find((t) => t.area === 'trait-professionalism')?.state).toBe('remora');
    const feared = act(s, 'fear').state;
    expect(feared.solo?.fear).toBe(1);
    expect(feared.terrors).not.toContain('medbay');
    expect(top(feared)).toBe('crisis');
  });

  it('§YOU LOSE THE GAME IF (fear): GIVEN the nerve token one space right of the terror tokens WHEN a nerve is lost THEN the game is lost', () => {
    let s = edited(soloStarted(11), (d, so) => {
      so.nerve = 2;
      so.fear = 2;
      so.motion = 'motion-c1';
      noDoorCards(d);
    });
    s = act(s, 'wait').state;
    expect(s.outcome).toMatchObject({ winner: 'lifeform', reason: 'fear' });
  });

  it('§STOWAWAY (token reference): GIVEN all six stowaway tokens on the Remora WHEN another must move THEN a killed chit from the ship goes into the container, A deck first', () => {
    let s = edited(soloStarted(11), (d, so) => {
      so.remora.stowaways = [...so.stowawaySupply];
      so.stowawaySupply = [];
      so.motion = 'motion-a1';
      noDoorCards(d);
    });
    s = act(s, 'wait').state;
    expect(s.solo?.motion).toBe('motion-a2');
    expect(s.solo?.killedChits).toEqual(['cargo-hold', 'waste']);
    expect(s.solo?.container.killed).toBe(2);
  });

  it('§LAUNCHING THE REMORA: GIVEN the character aboard but one condition missing THEN no launch; all five THEN launch; all SAFE wins, any DANGER starts the shuttle conflict with the input built from the table', () => {
    const ready = (danger: boolean, cat = true): LifeformState =>
      edited(soloStarted(11), (d, so) => {
        d.characters[0] = { ...(d.characters[0] as (typeof d.characters)[number]), at: 'remora' };
        Object.assign(d.loadout, { weaponry: 3, energy: 3, spacesuits: 1, coolant: 2, halon: 3 });
        so.objectives = { cat, umbilicus: true, data: true };
        so.data = ['claw'];
        so.tokens.data = 1;
        so.remora.stowaways = danger ? ['safe', 'danger'] : ['safe'];
        so.remora.traits = [so.traits[0]?.id as string];
        so.traits[0] = { ...(so.traits[0] as (typeof so.traits)[number]), state: 'remora' };
        so.remora.attack5 = true;
      });
    expect(legal(ready(false, false)).some((c) => c.type === 'launch')).toBe(false);
    const won = act(ready(false), 'launch').state;
    expect(won.outcome).toMatchObject({ winner: 'crew', reason: 'safe' });
    expect(lifeformGame.status(won)).toEqual({ phase: 'ended', reason: 'lifeform-solo.status.won.safe' });
    const fight = act(ready(true), 'launch').state;
    const t = fight.solo?.stack.at(-1);
    expect(t?.k).toBe('conflict');
    if (t?.k !== 'conflict') throw new Error('no conflict');
    expect(t.input).toMatchObject({ halonCompartments: 1, weaponryDraw: 2, energyAttack1: (fight.solo?.energyAttack ?? []).filter((x) => x !== null), remoraAttack5: true, objectiveData: 0, data: [{ icon: 'claw' }] });
    expect(t.input.remoraTraits).toHaveLength(1);
    expect(t.input.unusedTraits).toHaveLength(2);
    expect(lifeformGame.publicView(fight)).toMatchObject({ solo: { revealed: ['safe', 'danger'] } });
    // §SHUTTLE CONFLICT (wired to solo/conflict.ts): the zones are filled and the player is asked until it ends.
    expect(fight.solo?.conflict?.zones[0]?.length).toBe(t.input.energyAttack1.length);
    expect(lifeformGame.awaiting(fight).seats).toEqual([0]);
    // A payment outside the listed ones is judged by the conflict itself: an empty one is refused, naming what it misses.
    const zone = fight.solo?.conflict?.zones.findIndex((z) => z.length > 0) ?? 0;
    const empty = lifeformGame.decide(fight, { type: 'conflictAttack', args: { zone, pay: {} } }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: { int: (x: number) => x, die: () => 1, shuffle: <X>(x: readonly X[]) => [...x], pick: <X>(x: readonly X[]) => x[0] as X, used: false, state: () => ({}) as never }, asHost: false, pack: undefined });
    expect(empty.ok).toBe(false);
    if (!empty.ok && (fight.solo?.conflict?.mustDiscard ?? 0) === 0) expect(empty.error.code).toMatch(/^lifeform-conflict\./);
    let g = fight;
    for (let i = 0; i < 200 && !g.outcome; i++) {
      const c = legal(g)[0];
      if (!c) throw new Error('nothing legal in the conflict');
      expect(c.type.startsWith('conflict')).toBe(true);
      g = act(g, c.type, c.args as Record<string, unknown>).state;
    }
    expect(g.outcome?.reason).toBe('conflict');
  });

  it('Hidden information (solo): GIVEN two games differing only in the stowaway faces, the trait order and the energy combat tokens WHEN viewed in public THEN the views are identical until the launch', () => {
    const a = soloStarted(11);
    const b = edited(a, (_d, so) => {
      so.stowawaySupply.reverse();
      const ids = so.traits.map((t) => t.id).reverse();
      so.traits.forEach((t, i) => (t.id = ids[i] as string));
      so.energyAttack = so.energyAttack.map((x) => (x === null ? null : 3 - x));
    });
    expect(JSON.stringify(lifeformGame.publicView(b))).toBe(JSON.stringify(lifeformGame.publicView(a)));
    expect(JSON.stringify(lifeformGame.prompts(b))).toBe(JSON.stringify(lifeformGame.prompts(a)));
    expect(JSON.stringify(lifeformGame.describeView?.(lifeformGame.publicView(b)))).toBe(JSON.stringify(lifeformGame.describeView?.(lifeformGame.publicView(a))));
    // The hand is the player's alone: not in the public view, nor in any public button.
    const pub = JSON.stringify(lifeformGame.publicView(a));
    for (const card of a.hands['0'] ?? []) expect(pub).not.toContain(card);
    for (const p of lifeformGame.prompts(a)) for (const o of p.options) expect(JSON.stringify(o)).not.toMatch(/"cards?":/);
  });
});
