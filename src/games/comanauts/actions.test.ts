import { describe, expect, it } from 'vitest';
import { dieKind, rollTotal } from './engine.ts';
import { legalCommands } from './view.ts';
import { codes, giveHand, pack, must, mutate, newGame, putAvatar, putEnemy, run, scripted, takeDie } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

const code = (r: ReturnType<typeof run>): string | null => (r.ok ? null : r.error.code);
const at = (s: ComanautsState, seat: number): string | undefined => s.players[seat]?.avatar.place?.space;

describe('comanauts actions', () => {
  it('Rules §Focus: GIVEN two attribute dice and a blue die in the discard pool WHEN focusing THEN both are discarded and the blue die joins the hand', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red', 'green']);
      d.dice.discard.push(takeDie(d, 'blue'));
    });
    const next = must(run(s, 0, 'focus', { spend: ['red', 'green'], take: 'blue' })).state;
    expect(next.dice.hand.map((x) => dieKind(next, x))).toEqual(['blue']);
    expect(next.dice.discard.map((x) => dieKind(next, x)).sort()).toEqual(['green', 'red']);
  });

  it('Rules §Move: GIVEN a dotted line WHEN any colour die is spent THEN the avatar crosses it', () => {
    const s = mutate(newGame(), (d) => giveHand(d, ['blue']));
    expect(at(must(run(s, 0, 'move', { colour: 'blue', to: 'shed' })).state, 0)).toBe('shed');
  });

  it('Rules §Move: GIVEN a solid red line WHEN a green die is spent THEN it is refused, while red and purple cross', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['green', 'red', 'purple']);
      putAvatar(d, 0, 'shed');
    });
    expect(code(run(s, 0, 'move', { colour: 'green', to: 'well' }))).toBe('comanauts.move.wrongColour');
    expect(at(must(run(s, 0, 'move', { colour: 'red', to: 'well' })).state, 0)).toBe('well');
    expect(at(must(run(s, 0, 'move', { colour: 'purple', to: 'well' })).state, 0)).toBe('well');
  });

  it('Rules §Move: GIVEN a solid white line WHEN even a purple die is spent THEN crossing is refused', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['purple']);
      putAvatar(d, 0, 'shed');
    });
    expect(code(run(s, 0, 'move', { colour: 'purple', to: 'grove' }))).toBe('comanauts.move.solidWhiteLine');
  });

  it('Rules §Move: GIVEN an enemy in the space WHEN leaving over a dotted line THEN it counts as solid green', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red', 'green']);
      putEnemy(d, 'paper-wraith', 'gate');
    });
    expect(code(run(s, 0, 'move', { colour: 'red', to: 'shed' }))).toBe('comanauts.move.leavingEnemy');
    expect(at(must(run(s, 0, 'move', { colour: 'green', to: 'shed' })).state, 0)).toBe('shed');
  });

  it('Rules §Move: GIVEN an avatar WHEN it moves within its own space THEN a die is spent for it', () => {
    const s = mutate(newGame(), (d) => giveHand(d, ['yellow']));
    const next = must(run(s, 0, 'move', { colour: 'yellow', to: 'gate', spot: 4 })).state;
    expect(next.players[0]?.avatar.place).toEqual({ space: 'gate', spot: 4 });
    expect(next.dice.hand).toHaveLength(0);
  });

  it('Rules §Move: GIVEN legal commands WHEN listing moves for a green die at the shed THEN only reachable spaces appear', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['green']);
      putAvatar(d, 0, 'shed');
    });
    const tos = legalCommands(s, 0).filter((c) => c.type === 'move').map((c) => (c.args as { to: string }).to).sort();
    expect(tos).toEqual(['gate', 'shed']);
  });

  it('Rules §Reserve: GIVEN an empty storage slot WHEN reserving THEN the die is stored, and a second reserve is refused', () => {
    const s = mutate(newGame(), (d) => giveHand(d, ['blue', 'red']));
    const next = must(run(s, 0, 'reserve', { colour: 'blue' })).state;
    expect(dieKind(next, next.players[0]?.stored ?? '')).toBe('blue');
    expect(code(run(next, 0, 'reserve', { colour: 'red' }))).toBe('comanauts.reserve.full');
  });

  it('Rules §Encourage: GIVEN the other player stores a die WHEN encouraged with a store THEN their old die is discarded and ours replaces it', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red']);
      (d.players[1] as { stored: string | null }).stored = takeDie(d, 'blue');
    });
    const next = must(run(s, 0, 'encourage', { seat: 1, colour: 'red', mode: 'store' })).state;
    expect(dieKind(next, next.players[1]?.stored ?? '')).toBe('red');
    expect(next.dice.discard.map((x) => dieKind(next, x))).toEqual(['blue']);
  });

  it('Rules §Encourage: GIVEN one clarity token WHEN encouraging by discarding a die THEN the token passes to the other player', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red']);
      (d.players[0] as { clarity: number }).clarity = 1;
    });
    const next = must(run(s, 0, 'encourage', { seat: 1, colour: 'red', mode: 'clarity' })).state;
    expect([next.players[0]?.clarity, next.players[1]?.clarity]).toEqual([0, 1]);
  });

  it('Rules §Equipment Slots: GIVEN a hand item and a two-handed pole in inventory WHEN the pole is equipped over a full hand slot THEN it is refused until the hand slot is emptied', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red', 'red']);
      (d.players[0] as { inventory: string[] }).inventory.push('long-pole');
      d.itemsOut.push('long-pole');
    });
    expect(code(run(s, 0, 'equip', { colour: 'red', moves: [{ item: 'long-pole', seat: 0, to: 'hand' }] }))).toBe('comanauts.equip.slotTaken');
    const next = must(
      run(s, 0, 'equip', { colour: 'red', moves: [{ item: 'lead-pipe', seat: 0, to: 'inventory' }, { item: 'long-pole', seat: 0, to: 'hand' }] }),
    ).state;
    expect(next.players[0]?.equipment.hand).toBe('long-pole');
    expect(next.players[0]?.equipment.handAccessory).toBe('long-pole');
    expect(next.players[0]?.inventory).toEqual(['lead-pipe']);
  });

  it('Rules §Equip/Trade: GIVEN another avatar in a different space WHEN giving it an item THEN the trade is refused; in the same space it succeeds', () => {
    const far = mutate(newGame(), (d) => {
      giveHand(d, ['blue']);
      putAvatar(d, 1, 'shed');
    });
    expect(code(run(far, 0, 'equip', { colour: 'blue', moves: [{ item: 'lead-pipe', seat: 1, to: 'inventory' }] }))).toBe('comanauts.equip.notSameSpace');
    const near = mutate(newGame(), (d) => giveHand(d, ['blue']));
    expect(must(run(near, 0, 'equip', { colour: 'blue', moves: [{ item: 'lead-pipe', seat: 1, to: 'inventory' }] })).state.players[1]?.inventory).toEqual(['lead-pipe']);
  });

  it('Rules §Equipment Slots: GIVEN two items in inventory WHEN a third is moved there THEN it is refused', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['blue']);
      (d.players[0] as { inventory: string[] }).inventory.push('quilted-coat', 'tin-helmet');
    });
    expect(code(run(s, 0, 'equip', { colour: 'blue', moves: [{ item: 'lead-pipe', seat: 0, to: 'inventory' }] }))).toBe('comanauts.equip.inventoryFull');
  });

  it('Rules §Melee Attack: GIVEN a hound in the same space WHEN red dice meet its defence THEN it is defeated, its loot is offered and the page turns safe', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red', 'red']);
      putEnemy(d, 'rust-hound', 'gate');
    });
    const r = must(run(s, 0, 'melee', { enemy: 'e1', count: 2 }, scripted([1, 2])));
    expect(codes(r.events)).toContain('comanauts.enemy.defeated');
    expect(r.state.situation).toBe('safe');
    expect(r.state.defeated).toEqual(['rust-hound']);
    expect(r.state.prompt?.kind).toBe('gainItem');
    const after = must(run(r.state, 0, 'answer', { value: '1:inventory' })).state;
    expect(after.players[1]?.inventory).toEqual(['long-pole']);
  });

  it('Rules §Melee Attack: GIVEN an enemy in another space WHEN attacking in melee THEN it is refused', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red']);
      putEnemy(d, 'rust-hound', 'shed');
    });
    expect(code(run(s, 0, 'melee', { enemy: 'e1', count: 1 }))).toBe('comanauts.melee.notSameSpace');
  });

  it('Rules §Ranged Attack: GIVEN a wraith two spaces away WHEN attacking without a weapon THEN it is out of range; with a range 2 slingshot it is allowed', () => {
    const s = mutate(newGame(2, 1, ['wren', 'okafor']), (d) => {
      giveHand(d, ['green']);
      d.active = 0;
      putEnemy(d, 'paper-wraith', 'well', 0);
    });
    expect(code(run(s, 0, 'ranged', { enemy: 'e1', count: 1 }))).toBe('comanauts.ranged.outOfRange');
    const armed = mutate(s, (d) => {
      d.active = 1;
    });
    expect(run(armed, 1, 'ranged', { enemy: 'e1', count: 1 }, scripted([6])).ok).toBe(true);
  });

  it('Rules §Clear Sight: GIVEN a wall between the grove and its enemy WHEN firing across it THEN there is no clear sight', () => {
    const s = mutate(newGame(2, 1, ['okafor', 'wren']), (d) => {
      giveHand(d, ['green']);
      putAvatar(d, 0, 'grove', 0);
      putEnemy(d, 'paper-wraith', 'grove', 2);
    });
    expect(code(run(s, 0, 'ranged', { enemy: 'e1', count: 1 }))).toBe('comanauts.ranged.noClearSight');
  });

  it('Rules §Search: GIVEN a search token WHEN yellow dice roll 4 or more THEN the token is spent and the chosen listed item is gained', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['yellow']);
      putAvatar(d, 0, 'shed');
      putAvatar(d, 1, 'gate');
    });
    const r = must(run(s, 0, 'search', { item: 'quilted-coat', count: 1 }, scripted([4])));
    expect(r.state.searchTokens.shed).toBe(1);
    expect(r.state.prompt?.options).toEqual(['0:body', '0:inventory', 'discard']);
    expect(must(run(r.state, 0, 'answer', { value: '0:body' })).state.players[0]?.equipment.body).toBe('quilted-coat');
    expect(code(run(s, 0, 'search', { item: 'lucky-button', count: 1 }))).toBe('comanauts.search.notListed');
  });

  it('Rules §Skill Test: GIVEN the shed lock WHEN it fails THEN the fail effect applies and it cannot be tried again', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['yellow', 'yellow']);
      putAvatar(d, 0, 'shed');
    });
    const r = must(run(s, 0, 'skillTest', { test: 'shed-lock', colour: 'yellow', count: 1 }, scripted([1])));
    expect(r.state.players[0]?.avatar.statuses).toEqual(['shaken']);
    expect(code(run(r.state, 0, 'skillTest', { test: 'shed-lock', colour: 'yellow', count: 1 }))).toBe('comanauts.skill.alreadyTried');
  });

  it('Rules §Group Task: GIVEN the ballroom task WHEN blue dice are added anywhere THEN bonuses are ignored and it succeeds only once the total is reached', () => {
    const hall = pack.pages.find((p) => p.id === 'hall');
    let s = mutate(newGame(2, 1, ['dusk', 'wren']), (d) => {
      d.page = structuredClone(hall) as typeof d.page;
      giveHand(d, ['blue', 'blue']);
      putAvatar(d, 0, 'foyer');
    });
    s = must(run(s, 0, 'groupTask', { colour: 'blue', count: 2 }, scripted([5, 5]))).state;
    expect(s.dice.group.map((g) => g.face)).toEqual([5, 5]);
    expect(s.groupTaskDone).toBe(false);
    s = mutate(s, (d) => d.dice.hand.push(takeDie(d, 'blue')));
    s = must(run(s, 0, 'groupTask', { colour: 'blue', count: 1 }, scripted([2]))).state;
    expect(s.groupTaskDone).toBe(true);
    expect(s.dice.group).toHaveLength(0);
    expect(s.insight).toBe(1);
  });

  it('Rules §Bonuses and Using Purple Dice: GIVEN Wren (+1 red) with a lead pipe (+1 melee) WHEN rolling red 3 and purple 2 for melee THEN only the red die takes the colour bonus and the melee bonus applies once', () => {
    const s = mutate(newGame(), (d) => giveHand(d, ['red', 'purple']));
    const [red, purple] = s.dice.hand as [string, string];
    expect(rollTotal(s, 0, [red, purple], [3, 2], 'melee')).toBe(3 + 1 + 2 + 1);
    expect(rollTotal(s, 0, [purple], [2], 'melee')).toBe(2);
    expect(rollTotal(s, 0, [red, purple], [3, 2], 'group')).toBe(5);
  });

  it('Rules §Clarity, Re-rolling: GIVEN a failed search and two clarity tokens WHEN re-rolling twice THEN each re-roll costs a token and the last result counts', () => {
    let s = mutate(newGame(), (d) => {
      giveHand(d, ['yellow']);
      putAvatar(d, 0, 'shed');
      (d.players[0] as { clarity: number }).clarity = 2;
    });
    s = must(run(s, 0, 'search', { item: 'long-pole', count: 1 }, scripted([1]))).state;
    expect(s.prompt?.kind).toBe('reroll');
    s = must(run(s, 0, 'answer', { value: 'reroll:0' }, scripted([1]))).state;
    expect(s.prompt?.kind).toBe('reroll');
    s = must(run(s, 0, 'answer', { value: 'reroll:0' }, scripted([5]))).state;
    expect(s.players[0]?.clarity).toBe(0);
    expect(s.searchTokens.shed).toBe(1);
  });

  it('Rules §Clarity: GIVEN three clarity tokens WHEN Wren uses her ability THEN it costs three and heals one life force', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red']);
      (d.players[0] as { clarity: number }).clarity = 3;
    });
    const next = must(run(s, 0, 'ability', {})).state;
    expect([next.players[0]?.clarity, next.players[0]?.avatar.life]).toEqual([0, 4]);
    expect(code(run(next, 0, 'ability', {}))).toBe('comanauts.clarity.notEnough');
  });
});
