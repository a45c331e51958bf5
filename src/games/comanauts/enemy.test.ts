import { describe, expect, it } from 'vitest';
import { dieKind } from './engine.ts';
import { codes, giveHand, must, mutate, newGame, putAvatar, putEnemy, run, scripted, takeDie } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

/** Two avatars, hostile page, the active player's hand holds one red die and enough threat dice wait on the track. */
function hostile(threat: number, fn: (d: Parameters<Parameters<typeof mutate>[1]>[0]) => void): ComanautsState {
  return mutate(newGame(), (d) => {
    giveHand(d, ['red']);
    for (let i = 0; i < threat; i++) d.dice.threat.push({ die: takeDie(d, 'black'), face: null });
    fn(d);
  });
}

describe('comanauts enemy turn', () => {
  it('Rules §Enemy Turn, Roll: GIVEN a hound in the top slot and a wraith below WHEN the enemies act THEN the top slot activates first and each uses its rolled action', () => {
    const s = hostile(2, (d) => {
      putEnemy(d, 'rust-hound', 'gate', 3);
      putEnemy(d, 'paper-wraith', 'shed', 0);
      putAvatar(d, 1, 'pond', 0);
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([2, 5])));
    const rolled = r.events.filter((e) => e.code === 'comanauts.enemy.rolled').map((e) => e.params?.enemyKey);
    expect(rolled).toEqual(['enemy.rust-hound.name', 'enemy.paper-wraith.name']);
    const attacks = r.events.filter((e) => e.code === 'comanauts.enemy.attacks').map((e) => e.params?.strength);
    expect(attacks).toEqual([3, 3]);
  });

  it('Rules §Enemy Turn, Roll: GIVEN an enemy rolls WHEN the roll is announced THEN it names the action that face gives, with its speed, range and strength, so players see why the enemy acts as it does', () => {
    const s = hostile(1, (d) => {
      putEnemy(d, 'rust-hound', 'gate', 3);
      putAvatar(d, 1, 'pond', 0);
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([2])));
    const rolled = r.events.find((e) => e.code === 'comanauts.enemy.rolled');
    const attack = r.events.find((e) => e.code === 'comanauts.enemy.attacks');
    expect(rolled?.params).toMatchObject({ face: 2, actionKey: attack?.params?.actionKey, strength: attack?.params?.strength });
    expect(typeof rolled?.params?.speed).toBe('number');
    expect(typeof rolled?.params?.range).toBe('number');
  });

  it('Rules §Enemy Turn, Move: GIVEN an enemy sharing a space with an avatar WHEN it activates THEN it does not move', () => {
    const s = hostile(1, (d) => {
      putEnemy(d, 'static-crow', 'gate', 3);
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([5])));
    expect(codes(r.events)).not.toContain('comanauts.enemy.moved');
  });

  it('Rules §Enemy Turn, Move: GIVEN a hound at the well and avatars at the gate WHEN it moves 2 THEN it reaches them by crossing the red line, never the solid white one', () => {
    const s = hostile(1, (d) => {
      putAvatar(d, 1, 'gate', 1);
      putEnemy(d, 'rust-hound', 'well', 0);
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([1])));
    let next = r.state;
    if (next.prompt?.kind === 'enemySpot') next = must(run(next, next.bookkeeper, 'answer', { value: next.prompt.options[0] as string })).state;
    if (next.prompt?.kind === 'enemyTarget') next = must(run(next, next.bookkeeper, 'answer', { value: '0' })).state;
    expect(r.state.prompt?.kind).toBe('enemySpot');
    expect(next.enemies[0]?.place.space).toBe('gate');
  });

  it('Rules §Enemy Turn, Move and §Ambiguous Effects: GIVEN two avatars equally near WHEN an enemy moves THEN the bookkeeper is asked which one it moves toward', () => {
    const s = hostile(1, (d) => {
      putAvatar(d, 0, 'shed', 0);
      putAvatar(d, 1, 'tower', 0);
      putEnemy(d, 'static-crow', 'well', 0);
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([5])));
    expect(r.state.prompt).toMatchObject({ kind: 'enemyGoal', seat: 0, options: ['shed', 'tower'] });
    const next = must(run(r.state, 0, 'answer', { value: 'tower' }));
    expect(next.state.prompt?.kind === 'enemySpot' || next.state.enemies[0]?.place.space === 'tower').toBe(true);
  });

  it('Rules §Enemy Turn, Target and Attack: GIVEN no stored die WHEN the target is attacked THEN it loses one life force and the threat die is discarded', () => {
    const s = hostile(1, (d) => {
      putEnemy(d, 'paper-wraith', 'gate', 3);
      putAvatar(d, 1, 'tower', 0);
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([1])));
    expect(r.state.players[0]?.avatar.life).toBe(2);
    expect(r.state.dice.threat).toHaveLength(0);
  });

  it('Rules §Enemy Turn, Attack: GIVEN a stored die WHEN defending with a roll at least the strength THEN the attack is blocked and the die stays stored', () => {
    const s = hostile(1, (d) => {
      putEnemy(d, 'paper-wraith', 'gate', 3);
      putAvatar(d, 1, 'tower', 0);
      (d.players[0] as { stored: string | null }).stored = takeDie(d, 'blue');
    });
    const asked = must(run(s, 0, 'endActions', {}, scripted([1])));
    expect(asked.state.prompt).toMatchObject({ kind: 'defend', seat: 0 });
    const r = must(run(asked.state, 0, 'answer', { value: 'defend' }, scripted([2])));
    expect(r.state.players[0]?.avatar.life).toBe(3);
    expect(dieKind(r.state, r.state.players[0]?.stored ?? '')).toBe('blue');
  });

  it('Rules §Enemy Turn, Attack: GIVEN a stored die WHEN the defence roll is below the strength THEN the die is discarded and one life force is lost', () => {
    const s = hostile(1, (d) => {
      putEnemy(d, 'paper-wraith', 'gate', 3);
      putAvatar(d, 1, 'tower', 0);
      (d.players[0] as { stored: string | null }).stored = takeDie(d, 'blue');
    });
    const asked = must(run(s, 0, 'endActions', {}, scripted([6])));
    const r = must(run(asked.state, 0, 'answer', { value: 'defend' }, scripted([1])));
    expect(r.state.players[0]?.avatar.life).toBe(2);
    expect(r.state.players[0]?.stored).toBeNull();
  });

  it('Rules §Enemy Turn, Target: GIVEN the only avatar behind a solid white line WHEN the enemy looks for a target THEN it does not attack', () => {
    const s = hostile(1, (d) => {
      putAvatar(d, 0, 'shed', 3);
      putAvatar(d, 1, 'shed', 4);
      putEnemy(d, 'paper-wraith', 'grove', 1);
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([3])));
    expect(codes(r.events)).toContain('comanauts.enemy.noTarget');
  });

  it('Rules §Discard Threat and Refresh Dice: GIVEN an enemy turn WHEN it ends THEN the threat track is empty and the discard pool is back in the bag', () => {
    const s = hostile(3, (d) => {
      putEnemy(d, 'paper-wraith', 'tower', 0);
      putAvatar(d, 0, 'pond', 0);
      putAvatar(d, 1, 'pond', 1);
      d.dice.discard.push(takeDie(d, 'green'));
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([1, 1])));
    let st = r.state;
    while (st.prompt) st = must(run(st, st.prompt.seat, 'answer', { value: st.prompt.options[0] as string }, scripted([1]))).state;
    expect(st.dice.threat).toHaveLength(0);
    expect(st.dice.discard).toHaveLength(0);
  });

  it('Rules §Enemy Turn (attacks from other sources): GIVEN the critical entry WHEN it attacks everyone THEN each avatar may defend and no threat die is used', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['white', 'child'], 'clarity');
      d.vitalDeck = ['critical', ...d.vitalDeck];
      (d.players[1] as { stored: string | null }).stored = takeDie(d, 'red');
    });
    const r = must(run(s, 0, 'rollClarity', { count: 1 }, scripted([6, 3])));
    expect(r.state.players[0]?.avatar.life).toBe(2);
    expect(r.state.prompt).toMatchObject({ kind: 'defend', seat: 1, params: { strength: 3 } });
  });
});
