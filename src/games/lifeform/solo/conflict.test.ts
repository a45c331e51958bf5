import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyConflict, conflictCommand as C, conflictCounts, conflictLegal, conflictPublicView, conflictRefusal, startConflict } from './conflict.ts';
import { checkPayment, cheapestPayments, paymentSize } from './conflict-payment.ts';
import type { ConflictCommand, ConflictInput, ConflictState, FightIcon } from './conflict-types.ts';
import { allCards, arranged, conflictPack, input, ok, rngOf, started } from './conflict.test-helper.ts';

const attack = (s: ConflictState, zone: number, pay: Parameters<typeof C.attack>[1], seed = 1) => applyConflict(s, C.attack(zone, pay), rngOf(seed));

describe('lifeform solo §SHUTTLE CONFLICT: the hibernation sequence', () => {
  it('§SHUTTLE CONFLICT step 1: GIVEN the data token that satisfied the xeno data objective WHEN the conflict starts THEN it goes back to the pool and the others stay', () => {
    const s = started({ energyAttack1: [0], data: [{ icon: 'claw' }, { icon: 'bite' }], objectiveData: 0 });
    expect(s.data).toEqual(['bite']);
    expect(s.pool.data).toEqual(['claw']);
  });

  it('§SHUTTLE CONFLICT step 2: GIVEN attack-1 tokens left on the energy column WHEN the conflict starts THEN they all stand in the primary zone with their pack icons', () => {
    const s = started({ energyAttack1: [3, 1] });
    expect(s.zones[0]).toEqual([
      { kind: 'attack1', index: 3, icons: ['acid'] },
      { kind: 'attack1', index: 1, icons: ['bite'] },
    ]);
    expect(s.zones[1]).toEqual([]);
  });

  it('§SHUTTLE CONFLICT step 3: GIVEN the attack-5 token and two used traits on the Remora WHEN the conflict starts THEN they are spread 2/1 over the two secondary zones, face up, none in the primary zone', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = started({ remoraAttack5: true, remoraTraits: ['trait-steady-hands', 'trait-cold-logic'] }, seed);
      expect(s.zones[0]).toEqual([]);
      expect([s.zones[1]?.length, s.zones[2]?.length]).toEqual([2, 1]);
      const all = [...(s.zones[1] ?? []), ...(s.zones[2] ?? [])];
      expect(all.find((t) => t.kind === 'attack5')?.icons).toEqual(['claw', 'bite', 'tail', 'acid', 'claw']);
      expect(all.find((t) => t.kind === 'trait' && t.id === 'trait-cold-logic')?.icons).toEqual(['bite', 'acid']);
    }
  });

  it('§SHUTTLE CONFLICT step 4: GIVEN two halon compartments full WHEN the conflict starts THEN two halon gas blast tokens are in the supply', () => {
    expect(started({ energyAttack1: [0], halonCompartments: 2 }).supply.halon).toBe(2);
  });

  it('§SHUTTLE CONFLICT step 5: GIVEN a hand of 4 and a weaponry number of 5 WHEN the conflict starts THEN 5 cards are drawn from the top and 2 must be discarded down to 7 before anything else', () => {
    const hand = ['duck.1', 'bolt.1', 'prod.1', 'dash.1'];
    const i = input({ energyAttack1: [0], hand, weaponryDraw: 5 });
    const s = ok(startConflict(i, conflictPack, rngOf(1))).state;
    expect(s.hand).toEqual([...hand, ...i.deck.slice(0, 5)]);
    expect(s.mustDiscard).toBe(2);
    expect(conflictLegal(s).every((c) => c.type === 'conflictDiscard')).toBe(true);
    expect(applyConflict(s, C.giveUp(), rngOf(1)).ok).toBe(true);
    expect(applyConflict(s, C.halon(0), rngOf(1))).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.handLimitFirst' } });
    let t = ok(applyConflict(s, C.discard('duck.1'), rngOf(1))).state;
    t = ok(applyConflict(t, C.discard('bolt.1'), rngOf(1))).state;
    expect(t.hand).toHaveLength(7);
    expect(t.discard).toEqual(['duck.1', 'bolt.1']);
    expect(conflictLegal(t).some((c) => c.type === 'conflictAttack')).toBe(true);
  });

  it('§SHUTTLE CONFLICT step 5: GIVEN an empty crew deck WHEN cards are drawn THEN the discard pile is shuffled into a new deck (the base game rule)', () => {
    const s = ok(startConflict(input({ energyAttack1: [0], deck: [], discard: ['grit.1', 'grit.2', 'sweep.1'], weaponryDraw: 2 }), conflictPack, rngOf(3)));
    expect(s.state.hand).toHaveLength(2);
    expect(s.state.deck).toHaveLength(1);
    expect(s.events.map((e) => e.code)).toContain('lifeform-conflict.event.reshuffled');
  });

  it('§SHUTTLE CONFLICT: GIVEN no combat token reaches the board WHEN the conflict starts THEN every zone is already clear and it is won', () => {
    expect(started({}).outcome).toEqual({ result: 'won', reason: 'cleared' });
  });

  it('§SHUTTLE CONFLICT: GIVEN an index the pack has no attack-1 token for WHEN the conflict starts THEN it is refused naming the field, not a crash', () => {
    expect(startConflict(input({ energyAttack1: [9] }), conflictPack, rngOf(1))).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.input.bad', params: { field: 'energyAttack1' } } });
    expect(startConflict(input({ remoraTraits: ['trait-nope'] }), conflictPack, rngOf(1))).toMatchObject({ ok: false, error: { params: { field: 'traits' } } });
    expect(startConflict(input({ remoraTraits: ['trait-cold-logic'], unusedTraits: ['trait-cold-logic'] }), conflictPack, rngOf(1))).toMatchObject({ ok: false, error: { params: { field: 'traits' } } });
    expect(startConflict(input({ hand: ['bolt.1'], discard: ['bolt.1'] }), conflictPack, rngOf(1))).toMatchObject({ ok: false, error: { params: { field: 'cards', value: 'bolt.1' } } });
  });
});

describe('lifeform solo §DEFEAT LIFEFORM ATTACK', () => {
  it('§DEFEAT LIFEFORM ATTACK: GIVEN a zone of claw and bite WHEN cards with a claw and a bite are played THEN the zone clears, the cards go to the discard pile and the round ends won', () => {
    const s = arranged({ hand: ['bolt.1', 'prod.1', 'duck.1'] }, [['claw', 'bite'], [], []]);
    const r = ok(attack(s, 0, { cards: ['bolt.1', 'prod.1'] }));
    expect(r.state.zones[0]).toEqual([]);
    expect(r.state.hand).toEqual(['duck.1']);
    expect(r.state.discard.slice(-2)).toEqual(['bolt.1', 'prod.1']);
    expect(r.state.outcome).toEqual({ result: 'won', reason: 'cleared' });
  });

  it('§DEFEAT LIFEFORM ATTACK: GIVEN a payment leaving icons unmatched WHEN it is stated THEN it is refused with the icons it misses and nothing changes (a typo never loses the game)', () => {
    const s = arranged({ hand: ['bolt.1', 'duck.1'] }, [['claw', 'bite', 'acid'], [], []]);
    const before = JSON.stringify(s);
    const r = attack(s, 0, { cards: ['bolt.1'] });
    expect(r).toEqual({ ok: false, error: { code: 'lifeform-conflict.pay.unmatched', params: { zone: 1, total: 3, unmatched: 2, left: 'bite,acid', auto: 0 } } });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('§DEFEAT LIFEFORM ATTACK: GIVEN a card not in the hand, or one without showdown icons (the Mining Laser), WHEN it is offered THEN it is refused naming the card', () => {
    const s = arranged({ hand: ['bolt.1'] }, [['claw'], [], []]);
    expect(attack(s, 0, { cards: ['grit.1'] })).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.notInHand', params: { cardKey: 'crew.grit.name' } } });
    expect(attack(s, 0, { cards: ['bolt.1', 'bolt.1'] })).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.notInHand' } });
    expect(attack(s, 1, { cards: ['bolt.1'] })).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.emptyZone' } });
    const laser = arranged({ hand: ['bolt.1', 'laser.1'] }, [['claw'], [], []]);
    expect(attack(laser, 0, { cards: ['bolt.1', 'laser.1'] })).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.noIcons', params: { cardKey: 'crew.laser.name' } } });
  });

  it('§DEFEAT LIFEFORM ATTACK, harpoon crew card: GIVEN 3 fight icons THEN a harpoon card alone matches them; GIVEN 4 THEN it does not', () => {
    const three = arranged({ hand: ['harpoon.1'] }, [['claw', 'tail', 'acid'], [], []]);
    expect(ok(attack(three, 0, { cards: ['harpoon.1'] })).state.zones[0]).toEqual([]);
    const four = arranged({ hand: ['harpoon.1'] }, [['claw', 'tail', 'acid', 'bite'], [], []]);
    expect(attack(four, 0, { cards: ['harpoon.1'] })).toMatchObject({ ok: false, error: { params: { unmatched: 1, auto: 3 } } });
  });

  it('§DEFEAT LIFEFORM ATTACK, two-for-one: GIVEN a bite zone WHEN two cards without a bite are played THEN their two icons match it', () => {
    const s = arranged({ hand: ['bolt.1', 'duck.1'] }, [['bite'], [], []]);
    expect(checkPayment(s, 0, { cards: ['bolt.1'] })).not.toBeNull();
    expect(ok(attack(s, 0, { cards: ['bolt.1', 'duck.1'] })).state.zones[0]).toEqual([]);
  });

  it('§DEFEAT LIFEFORM ATTACK and §TOKEN REFERENCE, fire extinguisher: GIVEN claw, bite and tail WHEN an extinguisher turns them all to claw THEN three claw cards match', () => {
    const s = arranged({ hand: ['bolt.1', 'bolt.2', 'sweep.1'], supply: { survival: 0, fireExtinguisher: 1, weldingTorch: 0, harpoon: 0 } }, [['claw', 'bite', 'tail'], [], []]);
    expect(checkPayment(s, 0, { cards: ['bolt.1', 'bolt.2', 'sweep.1'] })).not.toBeNull();
    const r = ok(attack(s, 0, { cards: ['bolt.1', 'bolt.2', 'sweep.1'], extinguisher: 'claw' }));
    expect(r.state.supply.fireExtinguisher).toBe(0);
    expect(r.state.pool.fireExtinguisher).toBe(1);
  });

  it('§DEFEAT LIFEFORM ATTACK and §TOKEN REFERENCE (trait, welding torch, harpoon token): GIVEN three different icons THEN one unused trait, one torch and one harpoon token match one each', () => {
    const s = arranged({ unusedTraits: ['trait-cold-logic'], supply: { survival: 0, fireExtinguisher: 0, weldingTorch: 1, harpoon: 1 } }, [['acid', 'tail', 'bite'], [], []]);
    expect(checkPayment(s, 0, { traits: ['trait-cold-logic'], torches: 1 })).toMatchObject({ code: 'lifeform-conflict.pay.unmatched', params: { unmatched: 1 } });
    const r = ok(attack(s, 0, { traits: ['trait-cold-logic'], torches: 1, harpoons: 1 }));
    expect(r.state.traits).toEqual([]);
    expect(r.state.pool.traits).toEqual(['trait-cold-logic']);
    expect([r.state.supply.weldingTorch, r.state.supply.harpoon]).toEqual([0, 0]);
  });

  it('§DEFEAT LIFEFORM ATTACK, data token: GIVEN two claws THEN a claw data token matches both; GIVEN one claw THEN it is refused (never just one icon)', () => {
    const two = arranged({ data: [{ icon: 'claw' }] }, [['claw', 'claw'], [], []]);
    expect(ok(attack(two, 0, { data: ['claw'] })).state.pool.data).toEqual(['claw']);
    const one = arranged({ data: [{ icon: 'claw' }], hand: ['duck.1'] }, [['claw', 'tail'], [], []]);
    expect(attack(one, 0, { data: ['claw'], cards: ['duck.1'] })).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.dataNoPair', params: { icon: 'claw' } } });
    expect(attack(two, 0, { data: ['bite'] })).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.noData' } });
  });

  it('§DEFEAT LIFEFORM ATTACK, harpoon crew card: GIVEN 1 or 2 fight icons THEN the harpoon card alone matches them too (any 1, 2 or 3)', () => {
    for (const icons of [['acid'], ['bite', 'tail']] as FightIcon[][]) {
      const s = arranged({ hand: ['harpoon.1'] }, [icons, [], []]);
      expect(checkPayment(s, 0, { cards: ['harpoon.1'] })).toBeNull();
    }
  });

  it('§DEFEAT LIFEFORM ATTACK, data token without an icon (packs whose data tokens carry none): GIVEN two tails THEN it matches the pair; GIVEN two different icons THEN it cannot', () => {
    const pair = arranged({ data: [{ icon: null }] }, [['tail', 'tail'], [], []]);
    expect(checkPayment(pair, 0, { data: [null] })).toBeNull();
    const odd = arranged({ data: [{ icon: null }] }, [['tail', 'acid'], [], []]);
    expect(checkPayment(odd, 0, { data: [null] })).toMatchObject({ code: 'lifeform-conflict.pay.dataNoPair', params: { icon: 'plain' } });
  });

  it('§DEFEAT LIFEFORM ATTACK and §TOKEN REFERENCE: GIVEN an extinguisher turning a zone into pairs WHEN a data token follows THEN they match together (the extinguisher acts first)', () => {
    const s = arranged({ data: [{ icon: 'acid' }], supply: { survival: 0, fireExtinguisher: 1, weldingTorch: 0, harpoon: 0 } }, [['claw', 'bite'], [], []]);
    expect(checkPayment(s, 0, { data: ['acid'] })).not.toBeNull();
    expect(checkPayment(s, 0, { extinguisher: 'acid', data: ['acid'] })).toBeNull();
    expect(cheapestPayments(s, 0)[0]).toEqual({ extinguisher: 'acid', data: ['acid'] });
  });

  it('§DEFEAT LIFEFORM ATTACK: GIVEN a hand and tokens WHEN the legal list is built THEN every offered attack matches, is minimal and the cheapest comes first', () => {
    const s = arranged(
      { hand: ['bolt.1', 'prod.1', 'duck.1', 'harpoon.1', 'flare.1'], unusedTraits: ['trait-steady-hands'], supply: { survival: 0, fireExtinguisher: 1, weldingTorch: 1, harpoon: 0 }, data: [{ icon: 'claw' }] },
      [['claw', 'claw', 'bite'], ['acid'], ['tail', 'bite']],
    );
    const attacks = conflictLegal(s).filter((c): c is Extract<ConflictCommand, { type: 'conflictAttack' }> => c.type === 'conflictAttack');
    expect(attacks.length).toBeGreaterThan(3);
    for (const a of attacks) expect(checkPayment(s, a.args.zone, a.args.pay), JSON.stringify(a)).toBeNull();
    const zone2 = attacks.filter((a) => a.args.zone === 2).map((a) => a.args.pay);
    expect(zone2[0]).toEqual({ cards: ['flare.1'] });
    const sizes = attacks.filter((a) => a.args.zone === 0).map((a) => paymentSize(a.args.pay));
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
    expect(attacks.find((a) => a.args.zone === 1)?.args.pay, 'two-for-one with a card before a trait or the harpoon card').toEqual({ cards: ['flare.1'] });
    const plain = arranged({ hand: ['bolt.1'], supply: { survival: 0, fireExtinguisher: 0, weldingTorch: 1, harpoon: 0 } }, [['claw'], [], []]);
    expect(cheapestPayments(plain, 0), 'a plain card before a token that can match anything').toEqual([{ cards: ['bolt.1'] }, { torches: 1 }]);
  });

  it('§DEFEAT LIFEFORM ATTACK: GIVEN a free-form payment outside the offered list WHEN it matches THEN it is legal and applies; WHEN it does not THEN the refusal says why', () => {
    const s = arranged({ hand: ['bolt.1', 'bolt.2', 'sweep.1', 'duck.1'] }, [['claw'], [], []]);
    const wasteful = C.attack(0, { cards: ['bolt.1', 'sweep.1'] });
    expect(conflictLegal(s)).not.toContainEqual(wasteful);
    expect(conflictRefusal(s, wasteful)).toBeNull();
    expect(ok(applyConflict(s, wasteful, rngOf(1))).state.hand).toEqual(['bolt.2', 'duck.1']);
    expect(conflictRefusal(s, C.attack(0, { cards: ['duck.1'] }))).toMatchObject({ code: 'lifeform-conflict.pay.unmatched', params: { left: 'claw' } });
  });

  it('§DEFEAT LIFEFORM ATTACK: GIVEN a zone nothing in hand or supply can match THEN no attack on it is offered, only what else remains (and giving up)', () => {
    const s = arranged({ hand: ['duck.1'], halonCompartments: 1 }, [['claw', 'bite', 'acid'], [], []]);
    expect(cheapestPayments(s, 0)).toEqual([]);
    expect(conflictLegal(s).map((c) => c.type)).toEqual(['conflictHalon', 'conflictAirlock', 'conflictLocker', 'conflictGiveUp']);
  });

  it('§SHUTTLE CONFLICT, losing: GIVEN the halon, airlock and locker spent and no payment that matches WHEN the round ends THEN the conflict is lost (a zone cannot be cleared)', () => {
    const s = arranged({ hand: ['bolt.1', 'duck.1'] }, [['claw'], ['acid', 'acid', 'bite'], []]);
    s.airlock.used = true;
    s.locker.used = true;
    const r = ok(attack(s, 0, { cards: ['bolt.1'] }));
    expect(r.state.outcome).toEqual({ result: 'lost', reason: 'cannotClear' });
    expect(conflictLegal(r.state)).toEqual([]);
  });

  it('§SHUTTLE CONFLICT: GIVEN the player gives up WHEN applied THEN the conflict is lost, and nothing is applied afterwards', () => {
    const s = arranged({}, [['claw'], [], []]);
    const r = ok(applyConflict(s, C.giveUp(), rngOf(1)));
    expect(r.state.outcome).toEqual({ result: 'lost', reason: 'gaveUp' });
    expect(applyConflict(r.state, C.halon(0), rngOf(1))).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.over' } });
  });
});

describe('lifeform solo: the other round actions', () => {
  it('§USE HALON GAS BLAST: GIVEN a halon token WHEN blasted at a zone THEN the zone clears and the token is spent; GIVEN none THEN refused', () => {
    const s = arranged({ halonCompartments: 1 }, [['claw'], ['acid'], []]);
    const r = ok(applyConflict(s, C.halon(1), rngOf(1)));
    expect(r.state.zones[1]).toEqual([]);
    expect([r.state.supply.halon, r.state.pool.halon, r.state.round]).toEqual([0, 1, 1]);
    expect(applyConflict(r.state, C.halon(0), rngOf(1))).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.noHalon' } });
  });

  it('§ACTIVATE AIRLOCK: GIVEN no survival token on the airlock WHEN activated THEN the zone clears without a chit, and it cannot be used again', () => {
    const s = arranged({}, [['claw'], ['acid'], []]);
    const r = ok(applyConflict(s, C.airlock(0), rngOf(1)));
    expect(r.state.zones[0]).toEqual([]);
    expect(r.state.pool.chits).toEqual([]);
    expect(applyConflict(r.state, C.airlock(1), rngOf(1))).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.airlockUsed' } });
  });

  it('§ACTIVATE AIRLOCK: GIVEN a survival token on the airlock and only a killed chit in the container WHEN activated THEN the chit is drawn first and the game is lost, the zone untouched', () => {
    const s = arranged({ airlockSurvival: true, container: { alive: 0, killed: 1 } }, [['claw'], ['acid'], []]);
    const r = ok(applyConflict(s, C.airlock(0), rngOf(1)));
    expect(r.state.outcome).toEqual({ result: 'lost', reason: 'airlockKilled' });
    expect(r.state.zones[0]).toHaveLength(1);
  });

  it('§ACTIVATE AIRLOCK: GIVEN a survival token on the airlock and an alive chit drawn THEN the survival token goes back and the zone clears', () => {
    const s = arranged({ airlockSurvival: true, container: { alive: 3, killed: 0 } }, [['claw'], ['acid'], []]);
    const r = ok(applyConflict(s, C.airlock(0), rngOf(1)));
    expect(r.state.pool.chits).toEqual(['alive']);
    expect(r.state.airlock).toEqual({ used: true, survival: false });
    expect(r.state.pool.survival).toBe(1);
    expect(r.state.zones[0]).toEqual([]);
    expect(r.revealed).toBe(true);
  });

  it('§SEARCH LOCKER: GIVEN two survival tokens spent WHEN the locker is searched THEN two alive chits join the container before the draw, and an alive chit draws 2 crew cards', () => {
    const s = arranged({ hand: ['duck.1'], supply: { survival: 2, fireExtinguisher: 0, weldingTorch: 0, harpoon: 0 }, container: { alive: 5, killed: 0 } }, [['claw'], [], []]);
    const r = ok(applyConflict(s, C.locker(2), rngOf(4)));
    expect(r.state.container.alive).toBe(6);
    expect(r.state.spareAlive).toBe(2);
    expect(r.state.supply.survival).toBe(0);
    expect(r.state.hand).toHaveLength(3);
    expect(applyConflict(r.state, C.locker(0), rngOf(1))).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.lockerUsed' } });
  });

  it('§SEARCH LOCKER: GIVEN only killed chits WHEN the locker is searched THEN the game is lost', () => {
    const s = arranged({ container: { alive: 0, killed: 2 }, spareAlive: 0 }, [['claw'], [], []]);
    expect(ok(applyConflict(s, C.locker(0), rngOf(1))).state.outcome).toEqual({ result: 'lost', reason: 'lockerKilled' });
  });

  it('§SEARCH LOCKER: GIVEN more survival tokens than the supply holds WHEN asked THEN refused naming the token', () => {
    const s = arranged({}, [['claw'], [], []]);
    expect(applyConflict(s, C.locker(1), rngOf(1))).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.noToken', params: { token: 'survival' } } });
  });

  it('§SEARCH LOCKER: GIVEN a full hand WHEN 2 cards are drawn THEN the hand limit is answered before the next round', () => {
    const hand = allCards.slice(0, 7);
    const s = arranged({ hand, container: { alive: 1, killed: 0 } }, [['claw'], [], []]);
    const r = ok(applyConflict(s, C.locker(0), rngOf(1)));
    expect(r.state.mustDiscard).toBe(2);
    expect(conflictLegal(r.state).every((c) => c.type === 'conflictDiscard')).toBe(true);
  });
});

const icon = fc.constantFrom<FightIcon>('claw', 'bite', 'tail', 'acid');
const arbInput: fc.Arbitrary<Partial<ConflictInput>> = fc.record({
  halonCompartments: fc.integer({ min: 0, max: 2 }),
  weaponryDraw: fc.integer({ min: 0, max: 6 }),
  energyAttack1: fc.subarray([0, 1, 2, 3]),
  remoraAttack5: fc.boolean(),
  remoraTraits: fc.subarray(['trait-steady-hands', 'trait-cold-logic', 'trait-professionalism']),
  hand: fc.shuffledSubarray(allCards, { maxLength: 7 }),
  supply: fc.record({ survival: fc.nat(3), fireExtinguisher: fc.nat(2), weldingTorch: fc.nat(2), harpoon: fc.nat(2) }),
  data: fc.array(fc.record({ icon: fc.option(icon, { nil: null }) }), { maxLength: 3 }),
  airlockSurvival: fc.boolean(),
  container: fc.record({ alive: fc.integer({ min: 1, max: 6 }), killed: fc.nat(2) }),
  spareAlive: fc.nat(4),
});

/** Plays random legal commands (never giving up while something else is offered) until the end. */
function playOut(s0: ConflictState, seed: number, picks: readonly number[]): { final: ConflictState; steps: number; log: string[] } {
  let s = s0;
  const log: string[] = [];
  let steps = 0;
  while (!s.outcome && steps < 60) {
    const legal = conflictLegal(s);
    expect(legal.length, 'within 25 buttons').toBeLessThanOrEqual(25);
    const choices = legal.length > 1 ? legal.filter((c) => c.type !== 'conflictGiveUp') : legal;
    const cmd = choices[(picks[steps % picks.length] ?? 0) % choices.length] as ConflictCommand;
    const before = conflictCounts(s);
    const r = applyConflict(s, cmd, rngOf(seed + steps));
    if (!r.ok) throw new Error(`legal command refused: ${JSON.stringify(cmd)} ${JSON.stringify(r.error)}`);
    expect(conflictCounts(r.state), 'no token, card or chit created or lost').toEqual(before);
    const shown = JSON.stringify([conflictPublicView(r.state), r.events]);
    for (const c of [...r.state.hand, ...r.state.deck]) expect(shown, 'a card in hand or deck stays secret').not.toContain(`"${c}"`);
    log.push(JSON.stringify(cmd), ...r.events.map((e) => e.code));
    s = r.state;
    steps++;
  }
  return { final: s, steps, log };
}

describe('lifeform solo §SHUTTLE CONFLICT: properties', () => {
  it('§SHUTTLE CONFLICT (fast-check): GIVEN random inputs WHEN random legal commands are played THEN it ends won or lost within 30 commands, conserving every token, card and chit, never showing a card of the hand or the deck, and the same seed replays the same game', () => {
    fc.assert(
      fc.property(arbInput, fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.nat(40), { minLength: 1, maxLength: 12 }), (over, seed, picks) => {
        const i = input(over);
        const first = startConflict(i, conflictPack, rngOf(seed));
        if (!first.ok) throw new Error(JSON.stringify(first.error));
        const expected = { ...conflictCounts(first.state) };
        expect(expected.cards).toBe(allCards.length);
        const a = playOut(first.state, seed, picks);
        expect(a.final.outcome?.result).toMatch(/^(won|lost)$/);
        expect(a.steps).toBeLessThanOrEqual(30);
        expect(conflictCounts(a.final)).toEqual(expected);
        if (a.final.outcome?.result === 'won') expect(a.final.zones.every((z) => z.length === 0)).toBe(true);
        const again = startConflict(i, conflictPack, rngOf(seed));
        const b = playOut(ok(again).state, seed, picks);
        expect(b.log).toEqual(a.log);
        expect(JSON.stringify(b.final)).toBe(JSON.stringify(a.final));
      }),
      { numRuns: 60 },
    );
  });

  it('§DEFEAT LIFEFORM ATTACK (fast-check): GIVEN any payment the player could state WHEN it matches a zone THEN the legal list offers that zone a payment no bigger (the search misses nothing)', () => {
    let matched = 0;
    fc.assert(
      fc.property(arbInput, fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), icon, (over, seed, bits, ext) => {
        const first = startConflict(input({ ...over, weaponryDraw: 0 }), conflictPack, rngOf(seed));
        if (!first.ok || first.state.outcome) return;
        const s = first.state;
        const pick = <T,>(xs: readonly T[], at: number): T[] => xs.filter((_, i) => bits[(at + i) % bits.length]);
        const pay = {
          cards: pick(s.hand, 0),
          traits: pick(s.traits, 8),
          torches: bits[11] ? s.supply.weldingTorch : 0,
          harpoons: bits[12] ? s.supply.harpoon : 0,
          data: pick(s.data, 13),
          ...(bits[17] && s.supply.fireExtinguisher > 0 ? { extinguisher: ext } : {}),
        };
        s.zones.forEach((tokens, zone) => {
          if (tokens.length === 0 || checkPayment(s, zone, pay) !== null) return;
          matched++;
          const offered = cheapestPayments(s, zone);
          expect(offered.length, JSON.stringify(pay)).toBeGreaterThan(0);
          expect(paymentSize(offered[0] as NonNullable<(typeof offered)[0]>)).toBeLessThanOrEqual(paymentSize(pay));
        });
      }),
      { numRuns: 150 },
    );
    expect(matched, 'enough stated payments matched to mean something').toBeGreaterThan(20);
  });
});
