import { describe, expect, it } from 'vitest';
import { lifeformGame } from './index.ts';
import type { LifeformState } from './state.ts';
import { act, arrange, codes, hand, put, refused, setUp, lifeformActivity } from './scenario.test-helper.ts';

/**
 * The lifeform's activity in a 2-player game: seat 1's two characters in the Galley, the real image
 * (0) next door in the Observation Deck, a ghost (1) in the Reactor Room, no tokens in the way.
 */
function lifeformTurn(players: 2 | 3 = 2, edit: (d: LifeformState) => void = () => undefined): LifeformState {
  return lifeformActivity(setUp(players), ['lunge.1', 'shrug.1', 'cut-off.1'], edit);
}

/** The lifeform plays Lunge's attack row on the Galley. */
function attackGalley(s: LifeformState): LifeformState {
  const row = act(s, 0, 'play', { card: 'lunge.1', row: 0 }).state;
  return act(row, 0, 'act', { i: 0, chamber: 'galley' }).state;
}

describe('lifeform §ATTACK and reactions', () => {
  it('§ATTACK: GIVEN the real lifeform next to characters WHEN it attacks THEN its identity is shown, it moves in, and each crew player there may react', () => {
    const s = lifeformTurn();
    const row = act(s, 0, 'play', { card: 'lunge.1', row: 0 }).state;
    const step = act(row, 0, 'act', { i: 0, chamber: 'galley' });
    expect(step.revealed).toBe(true);
    expect(codes(step.events)).toContain('lifeform.attack.revealed');
    expect(step.state.images[0]).toBe('galley');
    expect(lifeformGame.awaiting(step.state)).toMatchObject({ seats: [1], kind: 'attack' });
    expect(lifeformGame.timeoutAction?.(step.state, 1)).toEqual({ type: 'noReaction', args: {} });
  });

  it('§ATTACK step 4 and §CHARACTER DEATH: GIVEN no reaction WHEN the window closes THEN every character in view there dies, hostility +2 each, and the lifeform says noisy or silent; a 2-player crew with none left loses', () => {
    const s = attackGalley(lifeformTurn());
    const after = act(s, 1, 'noReaction');
    expect(after.state.characters).toEqual([]);
    expect(after.state.hostility).toBe(Math.min(s.hostility + 4, s.board.hostility.length - 1));
    expect(lifeformGame.status(after.state)).toEqual({ phase: 'ended', reason: 'lifeform.winner.lifeform.crewDead' });
  });

  it('§CREW REACTIONS HIDE: GIVEN an attack WHEN a character hides THEN it survives hidden beside the image, the other dies, hostility +1 for the reaction and +2 for the death, then noisy or silent', () => {
    const s = attackGalley(lifeformTurn());
    const [a, b] = s.characters.map((c) => c.id) as [string, string];
    const hid = act(s, 1, 'react', { card: 'duck.1', who: a }).state;
    expect(hid.characters.map((c) => [c.id, c.hidden])).toEqual([[a, true]]);
    expect(hid.dead).toContain(b);
    expect(hid.hostility).toBe(Math.min(s.hostility + 3, s.board.hostility.length - 1));
    expect(hid.stack.at(-1)?.k).toBe('noise');
    expect(refused(hid, 1, 'react', { card: 'bolt.1', who: a }).code).toBe('lifeform.notYourTurn');
  });

  it('§CREW REACTIONS RUN!: GIVEN an attack from the Observation Deck WHEN a character runs THEN it may not leave by that corridor nor into a power outage, and escapes; the lifeform is asked whether it cancels', () => {
    const s = attackGalley(lifeformTurn(2, (d) => (d.outages = ['medbay'])));
    const a = s.characters[0]?.id as string;
    const runs = lifeformGame.legalCommands(s, 1).filter((c) => c.type === 'react' && (c.args as { card: string }).card === 'bolt.1' && (c.args as { who: string }).who === a);
    const firstSteps = new Set(runs.map((c) => ((c.args as { to: string[] }).to)[0]));
    expect(firstSteps.has('observation')).toBe(false);
    expect(firstSteps.has('medbay')).toBe(false);
    expect(firstSteps.has('crew-quarters')).toBe(true);
    const played = act(s, 1, 'react', { card: 'bolt.1', who: a, to: ['crew-quarters'] }).state;
    expect(lifeformGame.awaiting(played)).toMatchObject({ seats: [0], kind: 'attack' });
    const allowed = act(played, 0, 'allow').state;
    expect(allowed.characters.find((c) => c.id === a)?.at).toBe('crew-quarters');
  });

  it('§LIFEFORM REACTIONS SHOCK-PROD CANCEL: GIVEN a SHOCK-PROD reaction WHEN the lifeform cancels it THEN the card is lost with no effect, no hostility for it, and the attack kills', () => {
    const s = attackGalley(lifeformTurn());
    const played = act(s, 1, 'react', { card: 'prod.1', who: s.characters[0]?.id }).state;
    expect(lifeformGame.legalCommands(played, 0).map((c) => c.type).sort()).toEqual(['allow', 'counter']);
    expect(refused(played, 0, 'counter', { card: 'cut-off.1' }).code).toBe('lifeform.illegal');
    const cancelled = act(played, 0, 'counter', { card: 'shrug.1' });
    expect(codes(cancelled.events)).toContain('lifeform.reaction.cancelled');
    expect(cancelled.state.lfHand).not.toContain('shrug.1');
    expect(cancelled.state.characters).toEqual([]);
  });

  it('§CREW REACTIONS SHOCK-PROD: GIVEN an uncancelled SHOCK-PROD WHEN resolved THEN the attack is cancelled, the image goes back where it came from, hostility +1, and a reality calibration follows', () => {
    const s = attackGalley(lifeformTurn());
    const played = act(s, 1, 'react', { card: 'prod.1', who: s.characters[0]?.id }).state;
    const r = act(played, 0, 'allow').state;
    expect(r.characters).toHaveLength(2);
    expect(r.images[0]).toBe('observation');
    expect(r.hostility).toBe(s.hostility + 1);
    expect(r.stack.at(-1)?.k === 'calibrate' || r.stack.some((t) => t.k === 'calibrate')).toBe(true);
  });

  it('§CREW REACTIONS SHOCK-PROD: GIVEN an attack that started by a meeting or a force-move without a corridor WHEN a SHOCK-PROD is played THEN the player chooses where the image goes: any free neighbouring chamber not behind the security door', () => {
    for (const how of ['meet', 'force'] as const) {
      const s = lifeformTurn(2, (d) => {
        d.images = ['galley', 'reactor', null];
        d.door = { link: ['medbay', 'galley'], half: false };
        d.stack = [{ k: 'attack', a: { chamber: 'galley', from: null, how, waiting: [1], pending: null, saved: [], cancelled: false } }];
      });
      const who = s.characters[0]?.id as string;
      const prods = lifeformGame.legalCommands(s, 1).filter((c) => c.type === 'react' && (c.args as { card: string; who: string }).card === 'prod.1' && (c.args as { who: string }).who === who);
      expect(prods.map((c) => (c.args as { to: string[] }).to[0]).sort(), how).toEqual(['crew-quarters', 'lift-b', 'observation']);
      const played = act(s, 1, 'react', { card: 'prod.1', who, to: ['lift-b'] }).state;
      const r = act(played, 0, 'allow').state;
      expect(r.images[0], how).toBe('lift-b');
      expect(r.characters, how).toHaveLength(2);
    }
  });

  it('§CREW REACTIONS: GIVEN a power outage in the attacked chamber WHEN reacting THEN RUN! and SHOCK-PROD are not offered and are refused, HIDE still is', () => {
    const s = attackGalley(lifeformTurn(2, (d) => (d.outages = ['galley'])));
    const cards = new Set(lifeformGame.legalCommands(s, 1).filter((c) => c.type === 'react').map((c) => (c.args as { card: string }).card));
    expect([...cards]).toEqual(['duck.1']);
    expect(refused(s, 1, 'react', { card: 'prod.1', who: s.characters[0]?.id }).code).toBe('lifeform.reaction.blocked');
  });

  it('§ATTACK step 3: GIVEN a crew player who already reacted in this lifeform phase WHEN another attack comes THEN they are not asked again', () => {
    const s = attackGalley(lifeformTurn(2, (d) => (d.reacted = [1])));
    expect(s.stack.some((t) => t.k === 'attack')).toBe(false);
    expect(s.characters).toEqual([]);
  });

  it('§PANIC MOVE and §TAKING CONTROL: GIVEN a noisy kill WHEN survivors panic THEN each moves to an adjacent chamber that is not a vent, power outage or image chamber; then the player who lost both characters takes one from a player who has two', () => {
    const s = attackGalley(
      lifeformTurn(3, (d) => {
        put(d, 2, 'lift-b');
        put(d, 3, 'lift-b');
        d.outages = ['junction-b'];
      }),
    );
    let g = s;
    while (g.stack.at(-1)?.k === 'attack') g = act(g, lifeformGame.awaiting(g).seats[0] as number, 'noReaction').state;
    expect(g.characters.map((c) => c.owner)).toEqual([2, 2]);
    const noisy = act(g, 0, 'noise', { noisy: true }).state;
    expect(noisy.stack.at(-1)?.k).toBe('panic');
    const targets = lifeformGame.legalCommands(noisy, 2).map((c) => (c.args as { to?: string }).to);
    expect([...new Set(targets)]).toEqual(['stores']);
    let p = act(noisy, 2, 'panic', { who: noisy.characters[1]?.id, to: 'stores' }).state;
    p = act(p, 2, 'panic', { who: noisy.characters[0]?.id, to: 'stores' }).state;
    expect(p.characters.map((c) => c.at)).toEqual(['stores', 'stores']);
    expect(p.stack.at(-1)).toEqual({ k: 'control', seat: 1 });
    const taken = act(p, 1, 'control', { character: p.characters[0]?.id }).state;
    expect(taken.characters.map((c) => c.owner)).toEqual([1, 2]);
  });

  it('§CHARACTER DEATH: GIVEN a kill WHEN the lifeform calls it silent THEN nobody panics', () => {
    const s = attackGalley(lifeformTurn(3, (d) => put(d, 2, 'lift-b')));
    let g = s;
    while (g.stack.at(-1)?.k === 'attack') g = act(g, lifeformGame.awaiting(g).seats[0] as number, 'noReaction').state;
    const silent = act(g, 0, 'noise', { noisy: false }).state;
    expect(silent.stack.some((t) => t.k === 'panic')).toBe(false);
    expect(silent.characters.find((c) => c.owner === 2 && c.id === s.characters[2]?.id)?.at).toBe('lift-b');
  });
});

describe('lifeform §SURVIVAL ABILITIES', () => {
  it('§HULL BREACH: GIVEN a chamber next to an image WHEN breached THEN its crew may only RUN! (no lifeform cancel), everyone left dies, its tokens go, it becomes impassable, and a door sealing someone in is returned', () => {
    const s = arrange(setUp(2), (d) => {
      d.stack = [{ k: 'lifeformTurn' }];
      d.phase = 'lifeform';
      put(d, 0, 'crew-quarters');
      put(d, 1, 'hypersleep');
      d.images = ['galley', 'reactor', null];
      d.real = 0;
      d.outages = [];
      d.terrors = [];
      d.mission['crew-quarters'] = 1;
      d.door = { link: ['hypersleep', 'medbay'], half: false };
      d.lfHand = ['adapt.1'];
      hand(d, 1, ['bolt.1', 'duck.1']);
    });
    const row = act(s, 0, 'play', { card: 'adapt.1', row: 0 }).state;
    const breach = act(row, 0, 'act', { i: 0, ability: 'hullBreach', chamber: 'crew-quarters' }).state;
    const reactions = lifeformGame.legalCommands(breach, 1).filter((c) => c.type === 'react').map((c) => (c.args as { card: string }).card);
    expect([...new Set(reactions)]).toEqual(['bolt.1']);
    const after = act(breach, 1, 'noReaction').state;
    expect(after.hullBreach).toBe('crew-quarters');
    expect(after.characters.map((c) => c.at)).toEqual(['hypersleep']);
    expect(after.mission['crew-quarters']).toBe(0);
    expect(after.door).toBeNull();
  });
});
