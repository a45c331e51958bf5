import { describe, expect, it } from 'vitest';
import { lifeformGame } from '../index.ts';
import type { LifeformState } from '../state.ts';
import { act, edited, legal, soloStarted, top } from './solo.test-helper.ts';

/** A started game with a crisis card waiting on top, the hand and other edits given (test-only). */
function atCrisis(card: string, edit: Parameters<typeof edited>[1] = () => undefined): LifeformState {
  return edited(soloStarted(11), (d, so) => {
    so.stack = [{ k: 'endRound' }, { k: 'crisis', card }];
    d.hands['0'] = [];
    d.crewDeck = d.crewDeck.filter((c) => !c.startsWith('tool-kit.') && !c.startsWith('seal-hatch.'));
    edit(d, so);
  });
}

describe("Dragon's Domain: crisis cards, the motion track and the proximity conflict (rules summary lines 1760–1960)", () => {
  it('§RESOLVING A CRISIS CARD: GIVEN an option whose icon is not in hand and no trait WHEN listed THEN it cannot be chosen; with a card carrying the icon it can, and the card is discarded', () => {
    const none = atCrisis('crisis-a-cat-carrier', (_d, so) => so.traits.forEach((t) => (t.state = 'gone')));
    expect(legal(none).map((c) => c.args)).toEqual([{ option: 1 }]);
    let paid = atCrisis('crisis-a-cat-carrier', (d, so) => {
      d.hands['0'] = ['locker.1'];
      so.traits.forEach((t) => (t.state = 'gone'));
    });
    expect(legal(paid).map((c) => c.args)).toEqual([{ option: 0 }, { option: 1 }]);
    paid = act(paid, 'crisis', { option: 0 }).state;
    expect(top(paid)).toBe('pay');
    paid = act(paid, 'pay', { card: 'locker.1' }).state;
    expect(paid.hands['0']).not.toContain('locker.1');
    expect(paid.solo?.objectives.cat).toBe(true);
  });

  it('§TRAIT (a stand-in for a cost): GIVEN no card with the icon but an unused trait and any card WHEN paying THEN the trait goes to the Remora fight side up and the card is discarded', () => {
    let s = atCrisis('crisis-a-cat-carrier', (d) => (d.hands['0'] = ['bolt.1']));
    expect(legal(s).map((c) => c.args)).toEqual([{ option: 0 }, { option: 1 }]);
    s = act(s, 'crisis', { option: 0 }).state;
    const area = s.solo?.traits[0]?.area as string;
    expect(legal(s).map((c) => c.args)).toContainEqual({ card: 'bolt.1', trait: area });
    s = act(s, 'pay', { card: 'bolt.1', trait: area }).state;
    expect(s.solo?.traits[0]?.state).toBe('remora');
    expect(s.solo?.remora.traits).toEqual([s.solo?.traits[0]?.id]);
    expect(lifeformGame.publicView(s)).toMatchObject({ solo: { traits: [{ area, state: 'remora', id: s.solo?.traits[0]?.id }, { id: null }, { id: null }] } });
  });

  it('§YOU GAIN AN OBJECTIVE THAT YOU\'VE ALREADY GAINED: GIVEN the umbilicus already uncoupled WHEN an option grants it again THEN a survival token instead', () => {
    let s = atCrisis('crisis-b-umbilicus', (_d, so) => {
      so.objectives.umbilicus = true;
      so.motion = 'motion-shaken';
    });
    s = act(s, 'crisis', { option: 1 }).state;
    expect(s.solo?.tokens.survival).toBe(1);
  });

  it('§COCOON (solo): GIVEN the cocoon tracker WHEN it advances THEN a chit on the space goes into the container, the attack-5 token on the final space goes to the Remora, and on the last space it is +1 self-destruct instead', () => {
    let s = atCrisis('crisis-b-umbilicus', (d, so) => {
      so.objectives.umbilicus = false;
      d.hands['0'] = ['tool-kit.1'];
    });
    s = act(s, 'crisis', { option: 0 }).state;
    s = act(s, 'pay', { card: 'tool-kit.1' }).state;
    expect(s.cocoon).toBe(1);
    expect(s.solo?.container.killed).toBe(2);
    const last = s.board.cocoon.length - 1;
    let end = atCrisis('crisis-c-nest', (d) => (d.cocoon = last - 1));
    end = act(end, 'crisis', { option: 1 }).state;
    expect(end.solo?.remora.attack5).toBe(true);
    expect(end.solo?.impervious).toBe(true);
    let over = atCrisis('crisis-c-nest', (d) => (d.cocoon = last));
    const sd = over.sd;
    over = act(over, 'crisis', { option: 1 }).state;
    // +1 from the cocoon, +1 from the round's end.
    expect(over.sd).toBe(sd + 2);
  });

  it('§YOU LOSE THE GAME IF (crisis deck): GIVEN an empty crisis deck for the player\'s ship deck WHEN a crisis card must be drawn THEN the game is lost', () => {
    let s = edited(soloStarted(11), (d, so) => {
      d.hands['0'] = ['duck.1'];
      so.crisisDecks.b = [];
    });
    s = act(s, 'play', { card: 'duck.1', row: 0 }).state;
    s = act(s, 'act', { i: 0, to: ['lift-b'] }).state;
    expect(s.outcome).toMatchObject({ winner: 'lifeform', reason: 'crisisDeck' });
    expect(lifeformGame.status(s)).toEqual({ phase: 'ended', reason: 'lifeform-solo.status.lost.crisisDeck' });
  });

  it('§MOTION TRACKER BOARD (PROXIMITY ALERT!): GIVEN the lifeform one space from the alert WHEN a crisis option advances it two THEN it stops on the alert, the rest of the option resolves first, then the proximity conflict with one surplus', () => {
    let s = atCrisis('crisis-a-cat-carrier', (d, so) => {
      so.motion = 'motion-near';
      d.hands['0'] = ['duck.1'];
    });
    const hand = s.hands['0']?.length ?? 0;
    s = act(s, 'crisis', { option: 1 }).state;
    expect(s.solo?.motion).toBe('motion-alert');
    // The option's draw came before its advance; the conflict waits.
    expect(s.hands['0']?.length).toBe(hand + 1);
    expect(s.solo?.stack.at(-1)).toEqual({ k: 'proximity', surplus: 1 });
  });

  it('§PROXIMITY CONFLICT: GIVEN no reaction, harpoon or fire extinguisher and too few cards to elude WHEN the alert comes THEN the game is lost', () => {
    let s = atCrisis('crisis-a-galley-fire', (_d, so) => (so.motion = 'motion-near'));
    s = act(s, 'crisis', { option: 1 }).state;
    expect(s.outcome).toMatchObject({ winner: 'lifeform', reason: 'proximity' });
  });

  it('§PROXIMITY CONFLICT (a, c, d): GIVEN a HIDE card THEN the lifeform goes back one and no chit is drawn; a RUN! card back two and 1 + surplus chits; a fire extinguisher token back one without chits', () => {
    const alertWith = (hand: string[], edit: Parameters<typeof edited>[1] = () => undefined): LifeformState =>
      edited(soloStarted(11), (d, so) => {
        so.stack = [{ k: 'endRound' }, { k: 'proximity', surplus: 1 }];
        so.motion = 'motion-alert';
        d.hands['0'] = hand;
        so.container = { alive: 5, killed: 0 };
        d.crewDeck = d.crewDeck.filter((c) => !c.startsWith('tool-kit.') && !c.startsWith('seal-hatch.'));
        edit(d, so);
      });
    const hide = act(alertWith(['duck.1']), 'proximity', { card: 'duck.1' }).state;
    expect(hide.solo?.container.alive).toBe(5);
    expect(hide.solo?.motion).toBe('motion-near');
    const run = act(alertWith(['bolt.1']), 'proximity', { card: 'bolt.1' }).state;
    expect(run.solo?.container.alive).toBe(3);
    expect(run.solo?.motion).toBe('motion-tough');
    const ext = act(alertWith([], (_d, so) => (so.tokens.fireExtinguisher = 1)), 'proximity', { token: 'fireExtinguisher' }).state;
    expect(ext.solo?.tokens.fireExtinguisher).toBe(0);
    expect(ext.solo?.container.alive).toBe(5);
    const killed = act(alertWith(['bolt.1'], (_d, so) => (so.container = { alive: 0, killed: 1 })), 'proximity', { card: 'bolt.1' }).state;
    expect(killed.outcome).toMatchObject({ reason: 'killedChit' });
  });

  it('§ELUDING THE STAR-BEAST: GIVEN three cards WHEN eluding THEN they are discarded, a still-alive chit leaves the game and the lifeform goes back one; ISOLATION MODE costs two', () => {
    let s = edited(soloStarted(11), (d, so) => {
      so.stack = [{ k: 'endRound' }, { k: 'proximity', surplus: 0 }];
      so.motion = 'motion-alert';
      d.hands['0'] = ['locker.1', 'grit.1', 'flare.1'];
      d.crewDeck = d.crewDeck.filter((c) => !c.startsWith('tool-kit.') && !c.startsWith('seal-hatch.'));
    });
    const elude = legal(s).find((c) => c.type === 'elude');
    expect(elude?.args).toEqual({ cards: ['flare.1', 'grit.1', 'locker.1'] });
    s = act(s, 'elude', { cards: ['flare.1', 'grit.1', 'locker.1'] }).state;
    expect(s.solo?.container.alive).toBe(4);
    expect(s.solo?.motion).toBe('motion-near');
    const iso = edited(soloStarted(11, { isolation: true }), (d, so) => {
      so.stack = [{ k: 'endRound' }, { k: 'proximity', surplus: 0 }];
      d.hands['0'] = ['locker.1', 'grit.1'];
    });
    expect(legal(iso).filter((c) => c.type === 'elude')).toHaveLength(1);
  });

  it('§SURVIVAL (token reference) and §SECURITY DOOR: GIVEN a survival token or a SECURITY DOOR card WHEN the lifeform advances THEN the player may reduce the advance by one each', () => {
    let s = edited(soloStarted(11), (d, so) => {
      so.motion = 'motion-c1';
      so.tokens.survival = 1;
      d.hands['0'] = ['tool-kit.1'];
      d.crewDeck = d.crewDeck.filter((c) => !c.startsWith('tool-kit.') && !c.startsWith('seal-hatch.'));
    });
    s = act(s, 'wait').state;
    expect(top(s)).toBe('reduce');
    expect(legal(s).map((c) => c.args)).toEqual([{ token: 'survival' }, { card: 'tool-kit.1' }, {}]);
    s = act(s, 'reduce', { card: 'tool-kit.1' }).state;
    expect(s.solo?.motion).toBe('motion-c1');
    expect(s.solo?.tokens.survival).toBe(1);
  });

  it('§FLAMETHROWER (solo): GIVEN close range WHEN the flamethrower is played THEN the lifeform goes back two, activating nothing; after the impervious option it cannot', () => {
    let s = edited(soloStarted(11), (d, so) => {
      so.motion = 'motion-near';
      d.hands['0'] = ['flamethrower.1'];
      d.flamethrowerTaken = true;
    });
    s = act(s, 'play', { card: 'flamethrower.1', row: 0 }).state;
    s = act(s, 'act', { i: 0, lifeform: true }).state;
    expect(s.solo?.motion).toBe('motion-c2');
    expect(s.solo?.nerve).toBe(7);
    const imp = edited(soloStarted(11), (d, so) => {
      so.motion = 'motion-near';
      so.impervious = true;
      d.hands['0'] = ['flamethrower.1'];
      d.terrors = [];
    });
    expect(legal(imp).some((c) => c.type === 'play' && (c.args as { row: number }).row === 0)).toBe(false);
  });
});
