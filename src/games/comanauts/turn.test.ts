import { describe, expect, it } from 'vitest';
import { allDice, dieKind, drawDice, refreshBag } from './engine.ts';
import { codes, giveHand, must, mutate, newGame, putEnemy, run, scripted, takeDie } from './scenario.test-helper.ts';

describe('comanauts player turn', () => {
  it('Rules §Components: GIVEN the training pack WHEN a game starts THEN all 38 dice are in the bag and the first player is asked to draw', () => {
    const s = newGame();
    expect(allDice(s)).toHaveLength(38);
    expect(s.dice.bag).toHaveLength(38);
    expect(s.phase).toBe('draw');
  });

  it('Rules §Draw Dice: GIVEN two dice in the bag and four in the discard pool WHEN five are drawn THEN the pool refills the bag mid-draw', () => {
    const s = mutate(newGame(), (d) => {
      const keep = d.dice.bag.splice(0, 2);
      d.dice.discard = d.dice.bag.splice(0, 4);
      d.dice.onCards = d.dice.bag.splice(0);
      d.dice.bag = keep;
      drawDice(d, 5, scripted([0, 0, 0, 0, 0]));
      expect(d.dice.hand).toHaveLength(5);
      expect(d.dice.discard).toHaveLength(0);
      expect(d.dice.bag).toHaveLength(1);
      refreshBag(d);
    });
    expect(allDice(s)).toHaveLength(38);
  });

  it('Rules §Gain Clarity: GIVEN clarity 2 WHEN two white dice are rolled together for 3 THEN a token is gained and both dice are discarded', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['white', 'white', 'red'], 'clarity');
      (d.players[0] as { clarity: number }).clarity = 2;
    });
    s = must(run(s, 0, 'rollClarity', { count: 2 }, scripted([1, 2]))).state;
    expect(s.players[0]?.clarity).toBe(3);
    expect(s.dice.discard.map((x) => dieKind(s, x))).toEqual(['white', 'white']);
    expect(s.phase).toBe('actions');
  });

  it('Rules §Gain Clarity: GIVEN clarity 4 WHEN one white die rolls 3 THEN no token is gained', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['white', 'white'], 'clarity');
      (d.players[0] as { clarity: number }).clarity = 4;
    });
    s = must(run(s, 0, 'rollClarity', { count: 1 }, scripted([3]))).state;
    expect(s.players[0]?.clarity).toBe(4);
    expect(s.phase).toBe('clarity');
  });

  it('Rules §Place Threat: GIVEN a non-suspicious avatar WHEN black and suspicious dice are drawn THEN only common threat dice reach the track and suspicious ones go back to the bag', () => {
    let s = mutate(newGame(), (d) => {
      d.phase = 'draw';
      d.dice.bag = d.dice.bag.filter((x) => ['black', 'suspicious'].includes(dieKind(d, x)));
      d.dice.onCards = Object.keys(d.dice.kinds).filter((x) => !d.dice.bag.includes(x));
    });
    const r = must(run(s, 0, 'draw', {}, scripted([0, 0, 0, 0, 0])));
    s = r.state;
    expect(s.dice.threat.every((t) => dieKind(s, t.die) === 'black')).toBe(true);
    expect(s.dice.bag.some((x) => dieKind(s, x) === 'suspicious')).toBe(true);
    expect(allDice(s)).toHaveLength(38);
  });

  it('Rules §Place Threat: GIVEN a suspicious avatar WHEN suspicious dice are drawn THEN they are placed on the threat track', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['suspicious', 'black', 'red'], 'resolving');
      d.work = [{ k: 'afterClarity' }];
      (d.players[0] as { avatar: { suspicious: boolean } }).avatar.suspicious = true;
    });
    s = must(run(mutate(s, (d) => { d.phase = 'clarity'; d.work = []; d.dice.hand.push(takeDie(d, 'white')); }), 0, 'rollClarity', { count: 1 }, scripted([6]))).state;
    expect(s.dice.threat.map((t) => dieKind(s, t.die)).sort()).toEqual(['black', 'suspicious']);
  });

  it('Rules §Place Threat: GIVEN a hostile page with one enemy and a defeated hound WHEN two threat dice are placed THEN one defeated hostile returns to an enemy start space', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['white', 'black', 'black'], 'clarity');
      putEnemy(d, 'paper-wraith', 'tower');
      d.defeated = ['rust-hound'];
    });
    const r = must(run(s, 0, 'rollClarity', { count: 1 }, scripted([6])));
    s = r.state;
    expect(s.prompt?.kind).toBe('returnHostile');
    expect(s.prompt?.seat).toBe(s.bookkeeper);
    s = must(run(s, s.bookkeeper, 'answer', { value: 'rust-hound@well' })).state;
    expect(s.enemies.map((e) => e.card).sort()).toEqual(['paper-wraith', 'rust-hound']);
    expect(s.defeated).toEqual([]);
  });

  it('Rules §Place Threat: GIVEN a hostile removed without defeat WHEN threat dice outnumber enemies THEN nothing returns', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['white', 'black', 'black'], 'clarity');
      putEnemy(d, 'paper-wraith', 'tower');
      d.defeated = [];
    });
    s = must(run(s, 0, 'rollClarity', { count: 1 }, scripted([6]))).state;
    expect(s.enemies).toHaveLength(1);
    expect(s.prompt).toBeNull();
  });

  it('Rules §Place Inner Child: GIVEN the inner child die is drawn WHEN the turn proceeds THEN it is rolled onto the slot, a vital sign is revealed and the standee stands on the rabbit hole', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['white', 'child', 'red'], 'clarity');
      d.vitalDeck = ['stable', ...d.vitalDeck];
    });
    const r = must(run(s, 0, 'rollClarity', { count: 1 }, scripted([6, 4])));
    s = r.state;
    expect(s.dice.child?.face).toBe(4);
    expect(s.childStandee).toBe('pond');
    expect(s.vitalShown).toEqual(['stable']);
    expect(codes(r.events)).toContain('comanauts.vital.stable');
  });

  it('Rules §Discard Dice and §Check Threat: GIVEN a safe page with four threat dice WHEN actions end THEN the threat entry brings enemies, they act at once, and the track is cleared and the bag refreshed', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['red', 'blue']);
      for (let i = 0; i < 4; i++) d.dice.threat.push({ die: takeDie(d, 'black'), face: null });
    });
    const r = run(s, 0, 'endActions', {}, scripted([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]));
    s = must(r).state;
    expect(codes(must(r).events)).toContain('comanauts.threat.entry');
    expect(codes(must(r).events)).toContain('comanauts.enemy.turn');
    if (s.prompt === null) {
      expect(s.dice.threat).toHaveLength(0);
      expect(s.dice.discard).toHaveLength(0);
    }
    expect(s.situation).toBe('hostile');
  });

  it('Rules §Check Threat: GIVEN a hostile page with two enemies and one threat die WHEN actions end THEN no enemy turn happens and the next player draws', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['red']);
      putEnemy(d, 'paper-wraith', 'tower');
      putEnemy(d, 'rust-hound', 'well');
      d.dice.threat.push({ die: takeDie(d, 'black'), face: null });
    });
    const r = must(run(s, 0, 'endActions'));
    s = r.state;
    expect(codes(r.events)).not.toContain('comanauts.enemy.turn');
    expect(s.active).toBe(1);
    expect(s.phase).toBe('draw');
    expect(s.dice.threat).toHaveLength(1);
  });

  it('Rules §Player Turn: GIVEN the draw step WHEN someone tries to move THEN the rejection names the step', () => {
    const r = run(newGame(), 0, 'move', { colour: 'red', to: 'shed' });
    expect(r.ok ? null : r.error.code).toBe('comanauts.phase.drawFirst');
  });

  it('Rules §Player Turn: GIVEN seat 0 to play WHEN seat 1 acts THEN it is refused', () => {
    const r = run(newGame(), 1, 'draw');
    expect(r.ok ? null : r.error.code).toBe('comanauts.turn.notYours');
  });
});
