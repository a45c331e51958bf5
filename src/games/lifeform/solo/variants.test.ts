import { describe, expect, it } from 'vitest';
import { createRng, seedRng } from '../../../core/index.ts';
import { distances } from '../board.ts';
import { loadValleyForge, loadValleyForgeWithHazard } from '../fixture.test-helper.ts';
import { lifeformGame } from '../index.ts';
import type { LifeformState } from '../state.ts';
import { act, edited, legal, soloStarted, top } from './solo.test-helper.ts';

/** The Valley Forge with the proposed `hazardousEnvironment` chambers in its solo.yaml (1.3.0 ships without them). */
const withHazard = await loadValleyForgeWithHazard();
if (!withHazard.ok) throw new Error(withHazard.errors.map((e) => e.message).join('\n'));
const shipped = withHazard.pack;

function shippedSolo(seed: number, options: Record<string, unknown>): LifeformState {
  return lifeformGame.setup({ lifeform: 0, evolution: false, mods: [], mode: 'solo', ...options }, [{ index: 0, name: 'p0' }], createRng(seedRng(seed)), shipped, lifeformGame.rulesVersion);
}

/** A started game whose next step is the android phase: `side` (an empty look-through) resumes the round (test-only). */
function beforeAndroidPhase(edit: Parameters<typeof edited>[1], options: Record<string, unknown> = { hysterical: true }): LifeformState {
  return edited(soloStarted(9, options), (d, so) => {
    so.stack = [{ k: 'android' }, { k: 'side', cards: [] }];
    edit(d, so);
  });
}

describe("Dragon's Domain §VARIANTS: HAZARDOUS ENVIRONMENT (rules summary line 1994)", () => {
  it('§VARIANTS HAZARDOUS ENVIRONMENT: GIVEN hazard=b WHEN set up THEN the hull breach token lies in the B deck chamber of solo.yaml, its mission token is back in the pool, and no path leads into or through it', () => {
    const plain = shippedSolo(4, {});
    const s = shippedSolo(4, { hazard: 'b' });
    const chamber = shipped.solo?.solo.hazardousEnvironment?.b as string;
    expect(chamber).toBe('hydroponics');
    expect(s.hullBreach).toBe(chamber);
    expect(s.solo?.variants.hazard).toBe('b');
    expect(s.mission[chamber]).toBe(0);
    expect(s.missionPool).toBe(plain.missionPool + (plain.mission[chamber] ?? 0));
    expect(distances(s, 'galley', { tunnels: true, ignoreDoor: true }).has(chamber)).toBe(false);
    expect(lifeformGame.publicView(s)).toMatchObject({ hullBreach: chamber });
    expect(lifeformGame.introduction?.(s, shipped)).toContainEqual({ code: 'lifeform-solo.hazard', params: { chamberKey: `ship.chamber.${chamber}.name` }, to: 'public' });
    expect(plain.hullBreach).toBeNull();
  });

  it('§VARIANTS HAZARDOUS ENVIRONMENT: GIVEN hazard=random (or hazard=true) WHEN set up THEN the seeded chance picks one of the three chambers, the same for the same seed', () => {
    const places = Object.values(shipped.solo?.solo.hazardousEnvironment ?? {});
    const seen = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const s = shippedSolo(seed, { hazard: 'random' });
      expect(places).toContain(s.hullBreach);
      expect(shippedSolo(seed, { hazard: 'random' }).hullBreach).toBe(s.hullBreach);
      seen.add(s.hullBreach as string);
    }
    expect(seen.size).toBeGreaterThan(1);
    expect(lifeformGame.optionsSchema.parse({ mode: 'solo', hazard: true })).toMatchObject({ hazard: 'random' });
  });

  it('§VARIANTS HAZARDOUS ENVIRONMENT with §HULL BREACH step 4: GIVEN the C deck breach in Maintenance WHEN the player stands next to it or plays MISSION: MAINTENANCE THEN it cannot be entered and no mission token goes there', () => {
    const s = edited(shippedSolo(5, { hazard: 'c' }), (d, so) => {
      so.stack = [{ k: 'activity' }];
      so.character = 'x';
      d.characters = [{ id: 'x', owner: 0, at: 'workshop', hidden: false, skill: false, survival: false, heat: false }];
      d.phase = 'crew';
      d.hands['0'] = ['override.1', 'duck.1'];
    });
    expect(s.hullBreach).toBe('maintenance');
    const plays = legal(s).filter((c) => c.type === 'play').map((c) => c.args);
    expect(plays).not.toContainEqual({ card: 'override.1', row: 1 });
    expect(plays).toContainEqual({ card: 'duck.1', row: 0 });
    const moved = act(s, 'play', { card: 'duck.1', row: 0 }).state;
    expect(legal(moved).map((c) => (c.args as { to?: string[] }).to?.[0])).not.toContain('maintenance');
  });
});

describe('Dragon\'s Domain §VARIANTS: "YOU ARE BECOMING HYSTERICAL" (rules summary lines 1998–2002)', () => {
  it('§VARIANTS YOU ARE BECOMING HYSTERICAL: GIVEN the android two steps away by two ways WHEN the android phase comes THEN the player picks its step among exactly the chambers that bring it closer, by button', () => {
    const s = beforeAndroidPhase((d) => (d.android = { state: 'active', at: 'hypersleep', deviation: false }));
    const asked = act(s, 'side', { top: true }).state;
    expect(top(asked)).toBe('androidMove');
    expect(legal(asked).map((c) => c.args)).toEqual([{ to: 'medbay' }, { to: 'crew-quarters' }]);
    expect(lifeformGame.prompts(asked).flatMap((p) => p.options.map((o) => o.command.type))).toEqual(['android', 'android']);
    const moved = act(asked, 'android', { to: 'crew-quarters' }).state;
    expect(moved.android.at).toBe('crew-quarters');
    expect(moved.solo?.hysteria?.turns).toBe(1);
  });

  it('§VARIANTS YOU ARE BECOMING HYSTERICAL: GIVEN one step brings it closer WHEN the android phase comes THEN it takes it unasked; GIVEN it shares the player\'s chamber THEN it does not move', () => {
    const one = act(beforeAndroidPhase((d) => (d.android = { state: 'active', at: 'medbay', deviation: false })), 'side', { top: true });
    expect(one.state.android.at).toBe('galley');
    expect(one.events.map((e) => e.code)).toContain('lifeform-solo.androidMoved');
    const same = act(beforeAndroidPhase((d) => (d.android = { state: 'active', at: 'galley', deviation: false })), 'side', { top: true });
    expect(same.state.android.at).toBe('galley');
    expect(same.events.map((e) => e.code)).not.toContain('lifeform-solo.androidMoved');
  });

  it('§VARIANTS YOU ARE BECOMING HYSTERICAL: GIVEN the android in the player\'s chamber on its first turn WHEN its phase ends THEN no chit is drawn; from its second turn on a killed chit loses the game with its own ending', () => {
    const first = act(beforeAndroidPhase((d, so) => {
      d.android = { state: 'active', at: 'galley', deviation: false };
      so.container = { alive: 0, killed: 3 };
    }), 'side', { top: true });
    expect(first.state.outcome).toBeNull();
    const second = act(beforeAndroidPhase((d, so) => {
      d.android = { state: 'active', at: 'galley', deviation: false };
      so.hysteria = { turns: 1 };
      so.container = { alive: 0, killed: 3 };
    }), 'side', { top: true });
    expect(second.state.outcome).toMatchObject({ winner: 'lifeform', reason: 'hysterical' });
    expect(second.events.map((e) => e.code)).toContain('lifeform-solo.end.hysterical');
    expect(lifeformGame.status(second.state)).toMatchObject({ phase: 'ended', reason: 'lifeform-solo.status.lost.hysterical' });
  });

  it('§VARIANTS YOU ARE BECOMING HYSTERICAL: GIVEN only still-alive chits WHEN the chit is drawn THEN the player lives and the chit goes back into the container; without the variant the android keeps to its AI path', () => {
    const alive = act(beforeAndroidPhase((d, so) => {
      d.android = { state: 'active', at: 'galley', deviation: false };
      so.hysteria = { turns: 3 };
      so.container = { alive: 2, killed: 0 };
    }), 'side', { top: true });
    expect(alive.state.outcome).toBeNull();
    expect(alive.state.solo?.container).toEqual({ alive: 2, killed: 0 });
    expect(alive.events.map((e) => e.code)).toContain('lifeform-solo.chit.back');
    const plain = act(beforeAndroidPhase((d) => (d.android = { state: 'active', at: 'hypersleep', deviation: false }), {}), 'side', { top: true });
    expect(plain.state.android.at).toBe('medbay');
    expect(plain.state.solo?.hysteria).toBeUndefined();
  });
});

describe('Dragon\'s Domain rules 3: §SHUTTLE LOADOUT bonuses and §RESOLVING A CRISIS CARD', () => {
  const rules2 = (seed: number): LifeformState => {
    const s = lifeformGame.setup({ lifeform: 0, evolution: false, mods: [], mode: 'solo' }, [{ index: 0, name: 'p0' }], createRng(seedRng(seed)), shipped, '2');
    return act(s, 'soloPick', { character: (s.offers['0'] as string[])[0] }).state;
  };
  const atCollect = (s: LifeformState, column: string, filled: number): LifeformState =>
    edited(s, (d, so) => {
      so.stack = [{ k: 'endRound' }, { k: 'collect' }];
      d.mission.galley = 1;
      d.loadout[column] = filled;
    });
  const collect = (s: LifeformState, column: string): LifeformState => act(s, 'collect', legal(s).find((c) => c.type === 'collect' && (c.args as { column?: string }).column === column)?.args as Record<string, unknown>).state;

  it('§SHUTTLE LOADOUT REMOVE A POWER OUTAGE ICON: GIVEN a mission token placed on the bonus space WHEN collected THEN the player picks which power outage leaves (rules 2 skipped it); the timeout picks the one nearest the player', () => {
    const s = collect(atCollect(soloStarted(3), 'coolant', 1), 'coolant');
    expect(top(s)).toBe('outageBonus');
    expect(legal(s)).toEqual([{ type: 'unpower', args: { chamber: 'observation' } }, { type: 'unpower', args: { chamber: 'junction-b' } }]);
    expect(lifeformGame.timeoutAction?.(s, 0)).toEqual({ type: 'unpower', args: { chamber: 'observation' } });
    const done = act(s, 'unpower', { chamber: 'junction-b' }).state;
    expect(done.outages).toEqual(['observation']);
    expect(done.outagePool).toBe(s.outagePool + 1);
    const old = collect(atCollect(rules2(3), 'coolant', 1), 'coolant');
    expect(old.outages).toEqual(['observation', 'junction-b']);
    expect(old.solo?.stack.some((t) => t.k === 'outageBonus')).toBe(false);
  });

  it('§SHUTTLE LOADOUT MOVE A POWER OUTAGE ICON TO ADJACENT CHAMBER: GIVEN the energy bonus space WHEN collected THEN each outage may go next door by corridor or tunnel, never into a dark or shielded chamber; the timeout moves one away from the player', () => {
    const s = collect(atCollect(soloStarted(3), 'energy', 1), 'energy');
    expect(top(s)).toBe('outageBonus');
    const moves = legal(s).map((c) => c.args as { chamber: string; to: string });
    expect(moves.every((m) => !s.outages.includes(m.to) && !s.board.chambers[m.to]?.shielded)).toBe(true);
    expect(moves).toContainEqual({ chamber: 'observation', to: 'airlock-a' });
    expect(moves).not.toContainEqual({ chamber: 'observation', to: 'bridge' });
    const timeout = lifeformGame.timeoutAction?.(s, 0);
    expect(timeout?.type).toBe('shiftOutage');
    const d = distances(s, 'galley', { tunnels: false, ignoreDoor: true });
    const { chamber, to } = timeout?.args as { chamber: string; to: string };
    expect((d.get(to) ?? 0) - (d.get(chamber) ?? 0)).toBe(Math.max(...moves.map((m) => (d.get(m.to) ?? 0) - (d.get(m.chamber) ?? 0))));
    expect(act(s, 'shiftOutage', { chamber: 'observation', to: 'airlock-a' }).state.outages).toEqual(['airlock-a', 'junction-b']);
  });

  it('§RESOLVING A CRISIS CARD (a cost is paid by throwing away what bears its icons): GIVEN two icons to pay and a card carrying both WHEN it is discarded THEN it pays both (rules 3); under rules 2 it paid one and a second card was needed', () => {
    const owing = (s: LifeformState, hand = ['sweep.1', 'grit.1']): LifeformState =>
      edited(s, (d, so) => {
        const card = Object.keys(so.def.crisis)[0] as string;
        so.stack = [{ k: 'endRound' }, { k: 'effects', card, option: 0, i: 99 }, { k: 'pay', card, option: 0, left: ['move', 'explore'] }];
        d.hands['0'] = hand;
        so.traits.forEach((t) => (t.state = 'gone'));
      });
    const s = owing(soloStarted(3));
    expect(legal(s)).toEqual([{ type: 'pay', args: { card: 'sweep.1' } }]);
    const paid = act(s, 'pay', { card: 'sweep.1' }).state;
    expect(paid.hands['0']).toContain('grit.1');
    expect(paid.solo?.stack.some((t) => t.k === 'pay')).toBe(false);
    expect(legal(owing(rules2(3)))).toEqual([]);
    const old = act(owing(rules2(3), ['sweep.1', 'locker.1']), 'pay', { card: 'sweep.1' }).state;
    expect(old.solo?.stack.at(-1)).toMatchObject({ k: 'pay', left: ['explore'] });
  });
});

describe("Dragon's Domain §VARIANTS: the options refused with a reason", () => {
  it('§VARIANTS: GIVEN an unknown variant value, an unknown option, a solo variant without mode=solo, or hazard= with a pack lacking its chambers WHEN the game is made or started THEN the refusal names what exists', async () => {
    const { optionsRejection } = await import('../../../core/index.ts');
    const schema = lifeformGame.optionsSchema;
    const refuse = (input: Record<string, unknown>) => {
      const r = schema.safeParse(input);
      if (r.success) throw new Error('accepted');
      return optionsRejection(schema, input, r.error);
    };
    expect(refuse({ mode: 'solo', hazard: 'd' })).toEqual({ code: 'core.game.badOptionValue', params: { option: 'hazard', value: 'd', allowed: 'a, b, c, random' } });
    expect(refuse({ mode: 'solo', start: 'easy' })).toMatchObject({ code: 'core.game.badOptionValue', params: { allowed: 'normal, shaken, tough' } });
    expect(refuse({ mode: 'solo', hysteric: true })).toMatchObject({ code: 'core.game.unknownOption', params: { option: 'hysteric' } });
    expect(refuse({ mode: 'solo', hysterical: 'yes' })).toEqual({ code: 'core.game.badOptionValue', params: { option: 'hysterical', value: 'yes', allowed: 'true, false' } });
    expect(refuse({ mode: 'solo', bell: 'late' })).toMatchObject({ code: 'core.game.badOptionType', params: { option: 'bell', expected: 'number' } });
    expect(refuse({ mode: 'solo', everyday: 5 })).toEqual({ code: 'core.game.badOptionRange', params: { option: 'everyday', value: '5', min: 0, max: 2 } });
    const seat = (index: number) => ({ index, name: `p${index}` });
    expect(lifeformGame.startRefusal?.({ hysterical: true }, [seat(0), seat(1)], shipped)).toEqual({ code: 'lifeform.options.soloOnly', params: { option: 'hysterical' } });
    const bare = { ...shipped, solo: { solo: { ...shipped.solo?.solo, hazardousEnvironment: undefined } } } as typeof shipped;
    expect(lifeformGame.startRefusal?.({ mode: 'solo', hazard: 'a' }, [seat(0)], bare)).toEqual({ code: 'lifeform.options.noHazard' });
    expect(lifeformGame.startRefusal?.({ mode: 'solo', hazard: 'a', hysterical: true }, [seat(0)], shipped)).toBeNull();
    expect(lifeformGame.startRefusal?.({ mode: 'solo', hazard: 'a' }, [seat(0)], await loadValleyForge())).toBeNull();
  });

  it("§VARIANTS HAZARDOUS ENVIRONMENT (pack): GIVEN solo.yaml naming a hull breach chamber of another deck, the start chamber, one on the android's path or next to the Shuttle Bay WHEN validated THEN refused naming the path", async () => {
    const wrongDeck = await loadValleyForgeWithHazard({ a: 'hydroponics', b: 'hydroponics', c: 'maintenance' });
    expect(wrongDeck.ok).toBe(false);
    if (!wrongDeck.ok) expect(wrongDeck.errors.map((e) => e.message).join('\n')).toMatch(/hazardousEnvironment.*a chamber of deck a/s);
    const start = await loadValleyForgeWithHazard({ a: 'galley', b: 'hydroponics', c: 'maintenance' });
    expect(start.ok).toBe(false);
    for (const c of ['docking-hub', 'stores']) {
      const onPath = await loadValleyForgeWithHazard({ a: 'airlock-a', b: 'hydroponics', c });
      expect(onPath.ok, c).toBe(false);
    }
  });
});
