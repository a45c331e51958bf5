import { describe, expect, it } from 'vitest';
import { createRng, genesisSnapshot, seedRng, type GameEvent, type Genesis, type Rng } from '../../core/index.ts';
import type { Effect } from './content.ts';
import { dieKind, drain, draftOf, type Env } from './engine.ts';
import { comanautsGame } from './index.ts';
import { legalCommands, prompts } from './view.ts';
import { setupGame } from './rules.ts';
import { codes, giveHand, must, mutate, newGame, pack, putAvatar, putEnemy, run, scripted, takeDie, type Run } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

/** Issue 18, "The page, finished": the rules of version 2, each against its rulebook section. */

const code = (r: Run): string | undefined => (r.ok ? undefined : r.error.code);
const params = (r: Run): Record<string, unknown> | undefined => (r.ok ? undefined : (r.error.params as Record<string, unknown> | undefined));

/** The same state as a game created with rules version 1 (no `rules` key). */
const asVersion1 = (s: ComanautsState): ComanautsState =>
  mutate(s, (d) => {
    delete (d as { rules?: number }).rules;
  });

/** Resolves book effects on a state as an entry would (queued work, drained), with the given generator. */
function book(s: ComanautsState, effects: Effect[], rng: Rng = scripted([])): { state: ComanautsState; events: GameEvent[] } {
  const d = draftOf(s);
  const env: Env = { rng, events: [], pack };
  d.phase = 'resolving';
  d.work.push(...effects.map((effect, i) => ({ k: 'effect' as const, effect, key: `test.${i}` })));
  drain(d, env);
  return { state: d as unknown as ComanautsState, events: env.events };
}

const onOrchard = (): ComanautsState => mutate(newGame(), (d) => giveHand(d, ['red']));

describe('comanauts rules 2: the page finished by the book', () => {
  it('Rules §Reserve: GIVEN a die reserved this turn WHEN using it at once THEN it is refused; on a later turn it goes back to the hand and can be spent', () => {
    const s = mutate(newGame(), (d) => giveHand(d, ['blue', 'red']));
    const reserved = must(run(s, 0, 'reserve', { colour: 'blue' })).state;
    expect(code(run(reserved, 0, 'useReserve'))).toBe('comanauts.reserve.sameTurn');
    expect(legalCommands(reserved, 0).some((c) => c.type === 'useReserve')).toBe(false);
    const later = mutate(reserved, (d) => {
      d.round += 1;
      giveHand(d, ['red']);
    });
    expect(legalCommands(later, 0)).toContainEqual({ type: 'useReserve', args: {} });
    const used = must(run(later, 0, 'useReserve'));
    expect(codes(used.events)).toEqual(['comanauts.reserve.used']);
    expect(used.state.players[0]?.stored).toBeNull();
    expect(used.state.dice.hand.map((x) => dieKind(used.state, x)).sort()).toEqual(['blue', 'red']);
    expect(must(run(used.state, 0, 'move', { colour: 'blue', to: 'shed' })).state.players[0]?.avatar.place?.space).toBe('shed');
    expect(code(run(used.state, 0, 'useReserve'))).toBe('comanauts.reserve.empty');
  });

  it('Rules §Encourage and §Reserve: GIVEN a die another player stored on my sheet WHEN my turn comes in the same round THEN I may use it', () => {
    const s = mutate(newGame(), (d) => giveHand(d, ['green']));
    const stored = must(run(s, 0, 'encourage', { seat: 1, colour: 'green', mode: 'store' })).state;
    const mine = mutate(stored, (d) => {
      d.active = 1;
      giveHand(d, ['red']);
    });
    const used = must(run(mine, 1, 'useReserve')).state;
    expect(used.dice.hand.map((x) => dieKind(used, x)).sort()).toEqual(['green', 'red']);
  });

  it('Rules §Reserve: GIVEN a game created with rules version 1 WHEN using the stored die THEN it is refused, naming the rules version (old games keep their rules)', () => {
    const s = asVersion1(mutate(newGame(), (d) => {
      giveHand(d, ['red']);
      (d.players[0] as { stored: string | null }).stored = takeDie(d, 'blue');
    }));
    expect(code(run(s, 0, 'useReserve'))).toBe('comanauts.rules.version');
    expect(legalCommands(s, 0).some((c) => c.type === 'useReserve')).toBe(false);
  });

  it('Rules §Re-rolling and §Enemy Turn, Attack: GIVEN a failed defence roll and a clarity token WHEN re-rolled to the strength THEN the attack is blocked, the die stays stored and the token is spent', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red']);
      d.dice.threat.push({ die: takeDie(d, 'black'), face: null });
      putEnemy(d, 'paper-wraith', 'gate', 3);
      putAvatar(d, 1, 'tower', 0);
      (d.players[0] as { stored: string | null }).stored = takeDie(d, 'blue');
      (d.players[0] as { clarity: number }).clarity = 1;
    });
    const asked = must(run(s, 0, 'endActions', {}, scripted([1])));
    const failed = must(run(asked.state, 0, 'answer', { value: 'defend' }, scripted([1])));
    expect(failed.state.prompt).toMatchObject({ kind: 'reroll', seat: 0, options: ['keep', 'reroll:0'] });
    expect(prompts(failed.state)[0]?.options[1]?.label).toMatchObject({ code: 'comanauts.option.reroll', params: { face: 1, colour: 'blue' } });
    const blocked = must(run(failed.state, 0, 'answer', { value: 'reroll:0' }, scripted([6])));
    expect(codes(blocked.events)).toContain('comanauts.defend.blocked');
    expect(blocked.state.players[0]?.clarity).toBe(0);
    expect(blocked.state.players[0]?.avatar.life).toBe(3);
    expect(dieKind(blocked.state, blocked.state.players[0]?.stored ?? '')).toBe('blue');
  });

  it('Rules §Re-rolling: GIVEN a failed defence roll WHEN the player keeps it THEN the die is discarded and a life force lost; in a version 1 game no re-roll is offered', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red']);
      d.dice.threat.push({ die: takeDie(d, 'black'), face: null });
      putEnemy(d, 'paper-wraith', 'gate', 3);
      putAvatar(d, 1, 'tower', 0);
      (d.players[0] as { stored: string | null }).stored = takeDie(d, 'blue');
      (d.players[0] as { clarity: number }).clarity = 1;
    });
    const asked = must(run(s, 0, 'endActions', {}, scripted([1])));
    const failed = must(run(asked.state, 0, 'answer', { value: 'defend' }, scripted([1])));
    const kept = must(run(failed.state, 0, 'answer', { value: 'keep' }));
    expect([kept.state.players[0]?.avatar.life, kept.state.players[0]?.stored, kept.state.players[0]?.clarity]).toEqual([2, null, 1]);
    const old = must(run(must(run(asVersion1(s), 0, 'endActions', {}, scripted([1]))).state, 0, 'answer', { value: 'defend' }, scripted([1])));
    expect(old.state.prompt?.kind).not.toBe('reroll');
    expect(old.state.players[0]?.avatar.life).toBe(2);
  });

  it('Rules §Re-rolling and §Group Task: GIVEN group dice short of the target and a clarity token WHEN one die is re-rolled THEN the new face goes to the track and the total counts it', () => {
    const hall = pack.pages.find((p) => p.id === 'hall');
    const s = mutate(newGame(2, 1, ['dusk', 'wren']), (d) => {
      d.page = structuredClone(hall) as typeof d.page;
      giveHand(d, ['blue', 'blue']);
      putAvatar(d, 0, 'foyer');
      (d.players[0] as { clarity: number }).clarity = 1;
    });
    const short = must(run(s, 0, 'groupTask', { colour: 'blue', count: 2 }, scripted([1, 2])));
    expect(short.state.prompt).toMatchObject({ kind: 'reroll', seat: 0, options: ['keep', 'reroll:0', 'reroll:1'], params: { total: 3, target: 12 } });
    expect(short.state.dice.group).toHaveLength(0);
    const after = must(run(short.state, 0, 'answer', { value: 'reroll:0' }, scripted([6])));
    expect(after.state.players[0]?.clarity).toBe(0);
    expect(after.state.dice.group.map((g) => g.face)).toEqual([6, 2]);
    expect(after.events.find((e) => e.code === 'comanauts.group.added')?.params).toMatchObject({ total: 8, target: 12 });
    expect(after.state.phase).toBe('actions');
    const old = must(run(asVersion1(s), 0, 'groupTask', { colour: 'blue', count: 2 }, scripted([1, 2])));
    expect([old.state.prompt, old.state.dice.group.map((g) => g.face)]).toEqual([null, [1, 2]]);
  });

  it('Rules §Generating an Encounter and §Ambiguous Effects: GIVEN one hostile and two enemy start spaces WHEN generated THEN the bookkeeper chooses its space, named in the option, and the timeout takes the first', () => {
    const s = mutate(onOrchard(), (d) => (d.bookkeeper = 1));
    const asked = book(s, [{ do: 'encounter', hostiles: ['rust-hound'] }]).state;
    expect(asked.prompt).toMatchObject({ kind: 'spreadEnemies', seat: 1, options: ['well', 'tower'] });
    expect(asked.enemies).toHaveLength(0);
    expect(prompts(asked)[0]?.options.map((o) => o.label)).toEqual([
      { code: 'comanauts.option.spreadEnemies1', params: { space0Key: 'page.orchard.space.well.name' } },
      { code: 'comanauts.option.spreadEnemies1', params: { space0Key: 'page.orchard.space.tower.name' } },
    ]);
    expect(comanautsGame.timeoutAction?.(asked, 1)).toEqual({ type: 'answer', args: { value: 'well' } });
    const placed = must(run(asked, 1, 'answer', { value: 'tower' }));
    expect(placed.state.enemies.map((e) => [e.card, e.place.space])).toEqual([['rust-hound', 'tower']]);
    expect(placed.state.situation).toBe('hostile');
  });

  it('Rules §Generating an Encounter: GIVEN three hostiles over two start spaces WHEN the bookkeeper gives the extra one to the well THEN two stand on the well and one on the tower', () => {
    const asked = book(onOrchard(), [{ do: 'encounter', hostiles: ['rust-hound', 'paper-wraith', 'static-crow'] }]).state;
    expect(asked.prompt?.options).toEqual(['well', 'tower']);
    const placed = must(run(asked, 0, 'answer', { value: 'well' })).state;
    const at = placed.enemies.map((e) => e.place.space).sort();
    expect(at).toEqual(['tower', 'well', 'well']);
    expect(placed.slots.filter((x) => x !== null)).toHaveLength(3);
  });

  it('Rules §Generating an Encounter: GIVEN two hostiles over two start spaces WHEN generated THEN nobody is asked and each start space takes one', () => {
    const r = book(onOrchard(), [{ do: 'encounter', hostiles: ['rust-hound', 'paper-wraith'] }]).state;
    expect(r.prompt).toBeNull();
    expect(r.enemies.map((e) => e.place.space).sort()).toEqual(['tower', 'well']);
  });

  it('Rules §Generating an Encounter (shuffle the collected cards): GIVEN many seeds WHEN the same encounter is generated THEN the slot order varies with the seed and the same seed deals the same order', () => {
    const order = (seed: number): string => {
      const st = book(onOrchard(), [{ do: 'encounter', hostiles: ['rust-hound', 'paper-wraith', 'static-crow', 'rust-hound'] }], createRng(seedRng(seed))).state;
      return st.slots.filter((x): x is string => x !== null).map((uid) => st.enemies.find((e) => e.uid === uid)?.card).join(',');
    };
    const orders = new Set(Array.from({ length: 40 }, (_, i) => order(i + 1)));
    expect(orders.size).toBeGreaterThan(3);
    expect([...orders].some((o) => o !== 'rust-hound,paper-wraith,static-crow,rust-hound')).toBe(true);
    expect(order(7)).toBe(order(7));
  });

  it('Rules §Point of Interest: GIVEN a repeatable point of interest WHEN an avatar enters it twice THEN its entry is read both times; a plain one only the first time', () => {
    const enterShedTwice = (repeatable: boolean): string[] => {
      let s = mutate(newGame(), (d) => {
        d.page = structuredClone(d.page) as typeof d.page;
        const shed = d.page.spaces.find((x) => x.id === 'shed') as { repeatable?: boolean };
        if (repeatable) shed.repeatable = true;
        giveHand(d, ['red', 'red', 'red']);
      });
      const seen: string[] = [];
      for (const to of ['shed', 'gate', 'shed']) {
        const r = must(run(s, 0, 'move', { colour: 'red', to }));
        seen.push(...codes(r.events).filter((c) => c === 'comanauts.poi.explored'));
        s = r.state;
      }
      return seen;
    };
    expect(enterShedTwice(true)).toHaveLength(2);
    expect(enterShedTwice(false)).toHaveLength(1);
  });

  it('Rules §Equip/Trade and §Equipment Slots (the rifle example): GIVEN a hand item and an accessory in the hand/accessory slot WHEN one die moves the first to the inventory, the accessory to its slot and a two-handed item into both hands THEN all three land', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['yellow']);
      const me = d.players[0] as { equipment: Record<string, string | null>; inventory: string[] };
      me.equipment.handAccessory = 'brass-compass';
      me.inventory.push('long-pole');
      d.itemsOut.push('brass-compass', 'long-pole');
    });
    const moves = [
      { item: 'lead-pipe', seat: 0, to: 'inventory' },
      { item: 'brass-compass', seat: 0, to: 'accessory' },
      { item: 'long-pole', seat: 0, to: 'hand' },
    ];
    const r = must(run(s, 0, 'equip', { colour: 'yellow', moves }));
    const me = r.state.players[0];
    expect([me?.equipment.hand, me?.equipment.handAccessory, me?.equipment.accessory, me?.inventory]).toEqual(['long-pole', 'long-pole', 'brass-compass', ['lead-pipe']]);
    expect(r.state.dice.hand).toHaveLength(0);
    expect(r.events.find((e) => e.code === 'comanauts.equip.done')?.params).toMatchObject({ count: 3 });
  });

  it('Rules §Equip/Trade: GIVEN the same item named twice in one move WHEN equipping THEN it is refused by name and nothing changes', () => {
    const s = mutate(newGame(), (d) => giveHand(d, ['red']));
    const r = run(s, 0, 'equip', { colour: 'red', moves: [{ item: 'lead-pipe', seat: 0, to: 'inventory' }, { item: 'lead-pipe', seat: 0, to: 'inventory' }] });
    expect(code(r)).toBe('comanauts.equip.sameItemTwice');
    expect(params(r)).toEqual({ itemKey: 'item.lead-pipe.name' });
  });

  it('Rules §Move (standee spots): GIVEN a space with six spots WHEN asking for spot 7 (index 6) THEN the answer counts from 1 and names the space and its spots', () => {
    const s = mutate(newGame(), (d) => giveHand(d, ['red']));
    const r = run(s, 0, 'move', { colour: 'red', to: 'shed', spot: 6 });
    expect(code(r)).toBe('comanauts.move.badSpot');
    expect(params(r)).toEqual({ spot: 7, count: 6, spaceKey: 'page.orchard.space.shed.name' });
  });

  it('Rules §Skill Test and §Bonuses and Using Purple Dice: GIVEN no die of the test colour WHEN testing THEN the refusal names that colour, not purple; with the colour but no purple asked for, it names purple', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red']);
      putAvatar(d, 0, 'shed');
    });
    const r = run(s, 0, 'skillTest', { test: 'shed-lock', colour: 'yellow', count: 1 });
    expect([code(r), params(r)]).toEqual(['comanauts.dice.missing', { colour: 'yellow' }]);
    const withYellow = mutate(s, (d) => d.dice.hand.push(takeDie(d, 'yellow')));
    expect(params(run(withYellow, 0, 'skillTest', { test: 'shed-lock', colour: 'yellow', count: 1, purple: 1 }))).toEqual({ colour: 'purple' });
  });

  it('Rules §Enemy Turn, Move and §Ambiguous Effects: GIVEN the enemy spot question WHEN shown THEN each option names the space as well as the spot', () => {
    const s = mutate(newGame(), (d) => {
      d.prompt = { seat: 0, kind: 'enemySpot', options: ['0', '1'], params: { enemy: 'rust-hound', space: 'pond' } };
      d.work = [{ k: 'activate', enemy: 'e1' }];
    });
    expect(prompts(s)[0]?.options[1]?.label).toEqual({ code: 'comanauts.option.enemySpot', params: { enemyKey: 'enemy.rust-hound.name', spaceKey: 'page.orchard.space.pond.name', spot: 2 } });
  });

  it('Rules §Status/Suspicious (never two of the same card): GIVEN an active default status WHEN the same status card is gained THEN it is not added; GIVEN the card WHEN the default is activated THEN it stays face down', () => {
    const dazed = (s: ComanautsState) => s.players.find((p) => p.defaultStatus === 'dazed') as ComanautsState['players'][number];
    const base = onOrchard();
    const seat = dazed(base).seat;
    const active = mutate(base, (d) => ((d.players[seat] as { defaultActive: boolean }).defaultActive = true));
    const r = book(active, [{ do: 'status', status: 'dazed', who: 'all' }]).state;
    expect(r.players[seat]?.avatar.statuses).toEqual([]);
    expect(r.players[seat]?.defaultActive).toBe(true);
    const carded = mutate(base, (d) => (d.players[seat] as { avatar: { statuses: string[] } }).avatar.statuses.push('dazed'));
    const r2 = book(carded, [{ do: 'activateDefaultStatus', who: 'all' }]).state;
    expect([r2.players[seat]?.avatar.statuses, r2.players[seat]?.defaultActive]).toEqual([['dazed'], false]);
  });

  it('Rules §Game Setup 12 and 13: GIVEN no starting avatars in the options WHEN set up THEN each player in turn chooses from the avatars not dealt face down, and takes its life force and starting items', () => {
    let s = setupGame({ avatarsPerPlayer: 3, startAvatars: [] }, [0, 1].map((i) => ({ index: i, name: `p${i}` })), createRng(seedRng(5)), pack);
    const faceDown = s.players.flatMap((p) => p.avatarCards.slice(1));
    expect(faceDown).toHaveLength(4);
    expect(s.prompt).toMatchObject({ kind: 'chooseAvatar', seat: 0 });
    expect(s.prompt?.options).toHaveLength(pack.avatars.length - 4);
    expect(s.prompt?.options.some((o) => faceDown.includes(o))).toBe(false);
    expect(comanautsGame.awaiting(s)).toEqual({ seats: [0], kind: 'chooseAvatar' });
    const wrenFree = s.prompt?.options.includes('wren') ?? false;
    const first = wrenFree ? 'wren' : (s.prompt?.options[0] as string);
    s = must(run(s, 0, 'answer', { value: first })).state;
    expect(s.players[0]?.avatar.card).toBe(first);
    expect(s.prompt).toMatchObject({ kind: 'chooseAvatar', seat: 1 });
    expect(s.prompt?.options).not.toContain(first);
    expect(s.prompt?.options).toHaveLength(pack.avatars.length - 5);
    const second = s.prompt?.options[0] as string;
    s = must(run(s, 1, 'answer', { value: second })).state;
    expect(s.players[1]?.avatar.card).toBe(second);
    expect(s.prompt).toBeNull();
    expect(s.phase).toBe('draw');
    if (wrenFree) expect(s.players[0]?.equipment.hand).toBe('lead-pipe');
    const card = pack.avatars.find((a) => a.id === second);
    expect(s.players[1]?.avatar.life).toBe(3 + (card?.lifeBonus ?? 0));
  });

  it('Rules §Game Setup 12: GIVEN a game created with rules version 1 WHEN set up THEN nobody is asked (avatars dealt as before) and its state carries no rules key', () => {
    const genesis: Genesis = { gameType: 'comanauts', rulesVersion: '1', options: {}, seats: [0, 1].map((i) => ({ index: i, name: `p${i}` })), seed: 5 };
    const old = genesisSnapshot(comanautsGame, genesis, pack).state;
    expect(old.prompt).toBeNull();
    expect('rules' in old).toBe(false);
    const now = genesisSnapshot(comanautsGame, { ...genesis, rulesVersion: comanautsGame.rulesVersion }, pack).state;
    expect(now.rules).toBe(Number(comanautsGame.rulesVersion));
    expect(now.prompt?.kind).toBe('chooseAvatar');
  });

  it('Rules §Insight Spot and §Insight: GIVEN the book places an insight token on a space WHEN an avatar steps there THEN the token is taken, the entry read and its insight counted; stepping there again reads nothing', () => {
    const s = mutate(onOrchard(), (d) => {
      d.page = structuredClone(d.page) as typeof d.page;
      (d.page.spaces.find((x) => x.id === 'well') as { symbols: string[] }).symbols.push('insight');
      (d.page.entries as { insight?: Record<string, Effect[]> }).insight = { well: [{ do: 'gainInsight', n: 1 }] };
      giveHand(d, ['red', 'red', 'red']);
      putAvatar(d, 0, 'tower');
    });
    const placed = book(s, [{ do: 'placeInsight', space: 'well' }]);
    expect(codes(placed.events)).toEqual(['comanauts.insight.placed']);
    expect(comanautsGame.publicView(placed.state)).toMatchObject({ insightTokens: ['well'] });
    const there = must(run(mutate(placed.state, (d) => (d.phase = 'actions')), 0, 'move', { colour: 'red', to: 'well' }));
    expect(codes(there.events)).toEqual(['comanauts.move.done', 'comanauts.insight.spotReached', 'comanauts.insight.gained']);
    expect([there.state.insight, there.state.insightTokens]).toEqual([1, []]);
    const back = must(run(there.state, 0, 'move', { colour: 'red', to: 'tower' })).state;
    expect(codes(must(run(back, 0, 'move', { colour: 'red', to: 'well' })).events)).toEqual(['comanauts.move.done']);
  });
});
