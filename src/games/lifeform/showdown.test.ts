import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, canonicalJson, seedRng, type GameCommand } from '../../core/index.ts';
import { lifeformGame } from './index.ts';
import type { LifeformState } from './state.ts';
import { act, arrange, codes, endingC, hand, pack, refused } from './scenario.test-helper.ts';

describe('lifeform §SHOWDOWN STAGE', () => {
  it('§ENDING C and the HIBERNATION SEQUENCE: GIVEN a launch leaving a character behind WHEN the showdown starts THEN the lifeform refills its hand, the one left behind dies (hostility +2), the crew shares the weaponry cards, the pool holds the Remora token and a halon blast per full compartment, the lifeform sees the energy cards and keeps one, and holds hostility tokens from the red claws', () => {
    const g = endingC(undefined, { rules: '1' });
    expect(g.phase).toBe('showdown');
    expect(g.characters.map((c) => c.at)).toEqual(['remora', 'remora', 'remora']);
    expect(g.stack.at(-1)?.k).toBe('refill');
    expect(g.showdown).toMatchObject({ ending: 'c', pool: { remora: true, halon: 2 }, keep: null });
    const claws = Math.max(...g.board.hostility.slice(0, g.hostility + 1).map((h) => h.claw));
    expect(g.showdown?.tokens).toBe(claws);
    let s = act(g, 0, 'lurk', { discard: [] }).state;
    expect(s.stack.at(-1)).toEqual({ k: 'share', left: pack.game.loadout[0]?.spaces[2]?.value });
    s = act(s, 1, 'share', { seat: 2 }).state;
    s = act(s, 2, 'share', { seat: 2 }).state;
    while (s.stack.at(-1)?.k === 'discard') s = act(s, (s.stack.at(-1) as { seat: number }).seat, 'discard', { card: s.hands[String((s.stack.at(-1) as { seat: number }).seat)]?.[0] }).state;
    const pick = s.stack.at(-1) as { k: 'lfPick'; cards: string[] };
    expect(pick.k).toBe('lfPick');
    expect(pick.cards).toHaveLength(pack.game.loadout[2]?.spaces[3]?.value as number);
    expect(JSON.stringify(lifeformGame.publicView(s))).not.toContain(pick.cards[0] as string);
    s = act(s, 0, 'keep', { card: pick.cards[0] }).state;
    while (s.stack.at(-1)?.k === 'lfDiscard') s = act(s, 0, 'discard', { card: s.lfHand[0] }).state;
    expect(s.stack.at(-1)?.k).toBe('fight');
  });

  /** The showdown at its first fight, hands arranged. */
  function atFight(edit: (d: LifeformState) => void): LifeformState {
    const g = endingC();
    return arrange(g, (d) => {
      d.stack = [{ k: 'fight' }];
      d.lfHand = ['drag.1', 'prowl.1'];
      hand(d, 1, ['flare.1', 'sweep.1', 'harpoon.1']);
      hand(d, 2, ['grit.1']);
      edit(d);
    });
  }

  it('§THE LIFEFORM INITIATES A FIGHT: GIVEN a fight WHEN the lifeform lays its card THEN the card stays hidden from the crew until the crew faces it, and the icons are the card’s plus one claw per hostility token', () => {
    let s = atFight(() => undefined);
    s = act(s, 0, 'target', { seat: 1 }).state;
    s = act(s, 0, 'fight', { card: 'drag.1', tokens: 1, stowaway: false }).state;
    expect(JSON.stringify(lifeformGame.publicView(s))).not.toContain('drag');
    expect(JSON.stringify(lifeformGame.viewFor(s, 1))).not.toContain('drag');
    expect((lifeformGame.viewFor(s, 0) as { fightCard: string }).fightCard).toBe('drag.1');
    const faced = act(s, 1, 'face');
    expect(faced.revealed).toBe(true);
    expect(faced.state.showdown?.fight?.remaining).toEqual(['claw', 'acid', 'claw']);
  });

  it('§THE LIFEFORM INITIATES A FIGHT step 5: GIVEN fight icons WHEN the target plays cards THEN same icons match, two spare icons match one more, and the harpoon matches any three; all matched, the target survives and the next fight targets someone else', () => {
    let s = atFight(() => undefined);
    s = act(s, 0, 'target', { seat: 1 }).state;
    s = act(s, 0, 'fight', { card: 'drag.1', tokens: 0, stowaway: false }).state;
    s = act(s, 1, 'face').state;
    expect(s.showdown?.fight?.remaining).toEqual(['claw', 'acid']);
    s = act(s, 1, 'match', { card: 'sweep.1' }).state;
    expect(s.showdown?.fight?.remaining).toEqual(['acid']);
    const two = act(s, 1, 'match', { card: 'flare.1' }).state;
    expect(two.showdown?.fight).toBeNull();
    expect(lifeformGame.legalCommands(two, 0).map((c) => (c.args as { seat: number }).seat)).toEqual([2]);
    const harpoon = act(s, 1, 'match', { card: 'harpoon.1' }).state;
    expect(harpoon.showdown?.fight).toBeNull();
  });

  it('§THE LIFEFORM INITIATES A FIGHT step 6: GIVEN unmatched icons WHEN the target gives up THEN they are eliminated with everything they hold; the last survivor eliminated, the lifeform wins', () => {
    let s = atFight((d) => {
      d.characters = d.characters.filter((c) => c.owner === 1);
      d.characters.splice(1);
    });
    s = act(s, 0, 'target', { seat: 1 }).state;
    s = act(s, 0, 'fight', { card: 'drag.1', tokens: 0, stowaway: false }).state;
    s = act(s, 1, 'face').state;
    const out = act(s, 1, 'yield').state;
    expect(out.outcome).toMatchObject({ winner: 'lifeform', reason: 'showdownLifeform', ending: 'c' });
  });

  it('§THE LIFEFORM INITIATES A FIGHT step 3: GIVEN a halon blast in the pool WHEN the target proposes to cancel THEN every other crew member must agree; once agreed the fight card is shown and discarded and the blast is spent; with no card left the crew wins', () => {
    let s = atFight((d) => (d.lfHand = ['drag.1']));
    s = act(s, 0, 'target', { seat: 1 }).state;
    s = act(s, 0, 'fight', { card: 'drag.1', tokens: 0, stowaway: false }).state;
    s = act(s, 1, 'cancel', { item: 'halon' }).state;
    expect(lifeformGame.awaiting(s)).toMatchObject({ seats: [2], kind: 'agree' });
    const refusedOnce = act(s, 2, 'agree', { yes: false }).state;
    expect(lifeformGame.legalCommands(refusedOnce, 1).map((c) => c.type)).toEqual(['face']);
    const agreed = act(s, 2, 'agree', { yes: true });
    expect(codes(agreed.events)).toContain('lifeform.showdown.cancelled');
    expect(agreed.state.outcome).toMatchObject({ winner: 'crew', reason: 'showdownCrew' });
  });

  it('§THE LIFEFORM INITIATES A FIGHT step 1: GIVEN a previous fight against a player WHEN the lifeform targets again THEN that player is refused while another survives', () => {
    const s = atFight((d) => {
      if (d.showdown) d.showdown.last = 1;
    });
    expect(refused(s, 0, 'target', { seat: 1 }).code).toBe('lifeform.illegal');
  });

  it('§SHOWDOWN STAGE (property): GIVEN random legal play from the showdown (rules 1; rules 2, with a SIS-TER or a ship’s cat player too) WHEN it goes on THEN it never throws, every awaited seat’s timeout action is legal, and it always ends with a winner', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.array(fc.nat(10_000), { minLength: 3, maxLength: 20 }), fc.constantFrom('1', '2', 'sister', 'cat'), (seed, choices, variant) => {
        // Rules 1, rules 2, and rules 2 with seat 2 playing the SIS-TER mainframe (data tokens) or the ship's cat.
        const start = endingC(undefined, { rules: variant === '1' ? '1' : '2' });
        const state = variant === 'sister' || variant === 'cat'
          ? arrange(start, (d) => {
              d.characters = d.characters.filter((c) => c.owner !== 2);
              d.roles['2'] = variant;
              d.data = { '1': 1, '2': 2 };
              d.dataTokens = { '1': ['claw'], '2': ['claw', 'bite'] };
              if (variant === 'cat') d.cat = { at: 'remora', moved: false, played: false, gone: false };
            })
          : start;
        let snap = { state, rng: seedRng(seed) as unknown as number[] };
        for (let i = 0; i < 300 && !snap.state.outcome; i++) {
          for (const x of lifeformGame.awaiting(snap.state).seats) {
            const timeout = lifeformGame.timeoutAction?.(snap.state, x);
            expect(lifeformGame.legalCommands(snap.state, x).map((c) => canonicalJson(c))).toContain(canonicalJson(timeout as GameCommand));
          }
          const seat = lifeformGame.awaiting(snap.state).seats[(choices[i % choices.length] as number) % Math.max(1, lifeformGame.awaiting(snap.state).seats.length)] as number;
          const legal = lifeformGame.legalCommands(snap.state, seat);
          expect(legal.length).toBeGreaterThan(0);
          const command = legal[(choices[(i + 1) % choices.length] as number) % legal.length] as GameCommand;
          const r = applyCommand(lifeformGame, snap, command, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
          if (!r.ok) throw new Error(`${canonicalJson(command as never)} refused: ${r.error.code}`);
          snap = { state: r.value.snapshot.state, rng: [...r.value.snapshot.rng] };
        }
        expect(snap.state.outcome).not.toBeNull();
      }),
      { numRuns: 40 },
    );
  }, 180_000);
});
