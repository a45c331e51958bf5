import { describe, expect, it } from 'vitest';
import { comanautsGame } from './index.ts';
import { codes, giveHand, must, mutate, newGame, putAvatar, putEnemy, run, scripted, takeDie } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

type D = Parameters<Parameters<typeof mutate>[1]>[0];
const setLife = (d: D, seat: number, life: number): void => {
  (d.players[seat] as { avatar: { life: number } }).avatar.life = life;
};

/** The active player's last life force is about to be taken by a wraith in its space. */
function dying(fn: (d: D) => void = () => {}): ComanautsState {
  return mutate(newGame(), (d) => {
    giveHand(d, ['red']);
    d.dice.threat.push({ die: takeDie(d, 'black'), face: null });
    putEnemy(d, 'paper-wraith', 'gate', 3);
    putAvatar(d, 1, 'tower', 0);
    setLife(d, 0, 1);
    d.vitalDeck = ['stable', ...d.vitalDeck];
    fn(d);
  });
}

describe('comanauts Morass, vital signs, statuses and losses', () => {
  it('Rules §The Morass: GIVEN an avatar losing its last life force WHEN it falls THEN a vital sign is revealed, its starting items, statuses and suspicious token go, clarity stays, and the next avatar waits in the Morass with its own items', () => {
    const s = dying((d) => {
      const p = d.players[0] as { clarity: number; avatar: { statuses: string[]; suspicious: boolean }; stored: string | null };
      p.clarity = 2;
      p.avatar.statuses.push('shaken');
      p.avatar.suspicious = true;
      p.stored = null;
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([1])));
    const p = r.state.players[0];
    expect(r.state.vitalShown).toEqual(['stable']);
    expect(p?.avatar.place).toBeNull();
    expect(p?.current).toBe(1);
    expect(p?.avatar.card).toBe(p?.avatarCards[1]);
    expect(p?.avatar.statuses).toEqual([]);
    expect(p?.avatar.suspicious).toBe(false);
    expect(p?.clarity).toBe(2);
    expect(p?.equipment.hand).not.toBe('lead-pipe');
    expect(r.state.itemsOut).not.toContain('lead-pipe');
    expect(comanautsGame.publicView(r.state)).toMatchObject({ morass: [0] });
  });

  it('Rules §The Morass (return): GIVEN an avatar in the Morass WHEN its player begins a turn with avatars in two spaces THEN the bookkeeper picks one of those spaces and the spot in it, and suspicion is checked', () => {
    const s = mutate(newGame(3, 1, ['okafor', 'wren', 'pim']), (d) => {
      d.active = 2;
      d.bookkeeper = 1;
      giveHand(d, ['red']);
      putAvatar(d, 1, 'shed', 0);
      putAvatar(d, 2, 'tower', 0);
      (d.players[0] as { avatar: { place: unknown } }).avatar.place = null;
      d.dice.threat = [];
    });
    const r = must(run(s, 2, 'endActions'));
    expect(r.state.prompt).toMatchObject({ kind: 'morassReturn', seat: 1, options: ['shed', 'tower'] });
    const placing = must(run(r.state, 1, 'answer', { value: 'tower' })).state;
    expect(placing.prompt).toMatchObject({ kind: 'avatarSpot', seat: 1 });
    const spot = placing.prompt?.options.at(-1) as string;
    const back = must(run(placing, 1, 'answer', { value: spot })).state;
    expect(back.players[0]?.avatar.place).toEqual({ space: 'tower', spot: Number(spot) });
    expect(back.players[0]?.avatar.suspicious).toBe(true);
    expect(back.phase).toBe('draw');
  });

  it('Rules §Vital Signs: GIVEN setup WHEN the deck is formed THEN the Flatline lies among the bottom three with two Stable cards', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = newGame(2, seed);
      const bottom = s.vitalDeck.slice(-3);
      expect([...bottom].sort()).toEqual(['flatline', 'stable', 'stable']);
      expect(s.vitalDeck).toHaveLength(10);
    }
  });

  it('Rules §Vital Signs: GIVEN a critical card already seen on this page WHEN a second critical is revealed THEN it has no effect', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['white', 'child'], 'clarity');
      d.vitalDeck = ['critical', ...d.vitalDeck];
      d.criticalSeenOnPage = true;
    });
    const r = must(run(s, 0, 'rollClarity', { count: 1 }, scripted([6, 3])));
    expect(codes(r.events)).toContain('comanauts.vital.critical');
    expect(r.state.players.map((p) => p.avatar.life)).toEqual([3, 3]);
  });

  it('Rules §Vital Signs and §Winning/Losing: GIVEN the Flatline on top WHEN a vital sign is revealed THEN the players lose', () => {
    const s = dying((d) => {
      d.vitalDeck = ['flatline'];
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([1])));
    expect(comanautsGame.status(r.state)).toEqual({ phase: 'lost', reason: 'flatline' });
  });

  it("Rules §Winning/Losing: GIVEN a player's third avatar WHEN it is sent to the Morass THEN the players lose", () => {
    const s = dying((d) => {
      (d.players[0] as { current: number }).current = 2;
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([1])));
    expect(comanautsGame.status(r.state)).toEqual({ phase: 'lost', reason: 'lastAvatar' });
  });

  it('Rules §Winning/Losing: GIVEN the other avatar already in the Morass WHEN the last one on the map falls THEN the players lose', () => {
    const s = dying((d) => {
      (d.players[1] as { avatar: { place: unknown } }).avatar.place = null;
    });
    const r = must(run(s, 0, 'endActions', {}, scripted([1])));
    expect(comanautsGame.status(r.state)).toEqual({ phase: 'lost', reason: 'allInMorass' });
  });

  it('Rules §Status/Suspicious: GIVEN a snared avatar WHEN it tries to move THEN it is refused; an avatar in its space may test to remove it, retrying after failure', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['red', 'red', 'red']);
      (d.players[1] as { avatar: { statuses: string[] } }).avatar.statuses.push('snared');
      (d.players[0] as { avatar: { suspicious: boolean } }).avatar.suspicious = true;
    });
    expect(run(mutate(s, (d) => { d.active = 1; }), 1, 'move', { colour: 'red', to: 'shed' })).toMatchObject({ ok: false, error: { code: 'comanauts.move.trapped' } });
    s = must(run(s, 0, 'removeStatus', { seat: 1, status: 'snared', colour: 'red', count: 1 }, scripted([2]))).state;
    expect(s.players[1]?.avatar.statuses).toEqual(['snared']);
    s = must(run(s, 0, 'removeStatus', { seat: 1, status: 'snared', colour: 'red', count: 1 }, scripted([5]))).state;
    expect(s.players[1]?.avatar.statuses).toEqual([]);
    expect(s.players[0]?.avatar.suspicious).toBe(true);
  });

  it('Rules §Status/Suspicious: GIVEN a shaken avatar WHEN it becomes shaken again THEN it still holds one card', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['yellow', 'yellow']);
      putAvatar(d, 0, 'shed');
      (d.players[0] as { avatar: { statuses: string[] } }).avatar.statuses.push('shaken');
    });
    const r = must(run(s, 0, 'skillTest', { test: 'shed-lock', colour: 'yellow', count: 1 }, scripted([1])));
    expect(r.state.players[0]?.avatar.statuses).toEqual(['shaken']);
  });

  it('Rules §Status/Suspicious: GIVEN an active default status WHEN its removal test passes THEN it is turned face down but stays on the sheet', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['yellow']);
      (d.players[0] as { defaultActive: boolean }).defaultActive = true;
    });
    const r = must(run(s, 0, 'removeStatus', { seat: 0, status: 'shaken', colour: 'yellow', count: 1 }, scripted([6])));
    expect(r.state.players[0]?.defaultActive).toBe(false);
    expect(r.state.players[0]?.defaultStatus).toBe('shaken');
  });

  it('Rules §Encountering the Prime I.D. Entity: GIVEN the Prime with one token per player WHEN it is beaten twice in a two-player game THEN the first defeat removes a token and the second wins', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['red', 'red', 'red', 'red']);
      putEnemy(d, d.primeEntity, 'gate', 3);
    });
    expect(s.enemies[0]?.life).toBe(2);
    s = must(run(s, 0, 'melee', { enemy: 'e1', count: 2 }, scripted([6, 6]))).state;
    expect(s.enemies[0]?.life).toBe(1);
    s = must(run(s, 0, 'melee', { enemy: 'e1', count: 2 }, scripted([6, 6]))).state;
    expect(comanautsGame.status(s)).toEqual({ phase: 'won', reason: 'primeDefeated' });
  });

  it('Rules §Encountering an I.D. Entity: GIVEN an encounter code matching no entity in the stack WHEN encountered THEN the Prime comes into play, and the public view never names the Prime beforehand', () => {
    const s = newGame();
    expect(JSON.stringify(comanautsGame.publicView(s))).not.toContain(`"${s.primeEntity}"`);
  });
});
