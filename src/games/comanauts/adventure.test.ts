import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, createRng, genesisSnapshot, replay, seedRng, type GameEvent, type Genesis, type LogEntry, type Rng } from '../../core/index.ts';
import { comanautsCommandSchemas, type ComanautsCommandType } from './commands.ts';
import { type ComanautsPack, type Effect } from './content.ts';
import { drain, draftOf, type Env } from './engine.ts';
import { loadAdventurePack } from './fixture.test-helper.ts';
import { comanautsCampaign } from './campaign.ts';
import { comanautsGame } from './index.ts';
import { decideCommand, setupGame } from './rules.ts';
import { codes, giveHand, mutate, putAvatar, putEnemy, scripted, type Run } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

/** Issue 18, "Comanauts II": the adventure around the pages (rules 4, docs/comanauts-adventure.md), on training 1.2.0. */

const pack = await loadAdventurePack();
const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ index: i, name: `p${i}` }));
const has = (events: readonly GameEvent[], c: string): boolean => codes(events).includes(`comanauts.${c}`);

function game(seed = 1, n = 2, opts: Record<string, unknown> = {}, carried: { defeated: string[] } | null = null, p: ComanautsPack = pack): ComanautsState {
  return setupGame({ avatarsPerPlayer: 3, startAvatars: ['wren', 'okafor', 'pim', 'dusk'], ...opts } as never, seats(n), createRng(seedRng(seed)), p, 4, carried);
}

function runA(state: ComanautsState, seat: number, type: ComanautsCommandType, args: Record<string, unknown> = {}, rng: Rng = scripted([])): Run {
  const parsed = comanautsCommandSchemas[type].parse(args) as Record<string, unknown>;
  const r = decideCommand(state, { type, args: parsed }, { seat, now: '2026-01-01T00:00:00.000Z', rng, asHost: false, pack });
  return r.ok ? { ok: true, state: r.value.state, events: r.value.events } : { ok: false, error: r.error };
}

function ok(r: Run): { state: ComanautsState; events: readonly GameEvent[] } {
  if (!r.ok) throw new Error(`rejected: ${JSON.stringify(r.error)}`);
  return r;
}

/** Resolves book effects as a page entry would. */
function book(s: ComanautsState, effects: Effect[], rng: Rng = scripted([])): { state: ComanautsState; events: GameEvent[] } {
  const d = draftOf(s);
  const env: Env = { rng, events: [], pack };
  d.phase = 'resolving';
  d.work.push(...effects.map((effect, i) => ({ k: 'effect' as const, effect, key: `page.${d.page.id}.test.${i}` })));
  drain(d, env);
  return { state: d as unknown as ComanautsState, events: env.events };
}

const idOf = (id: string) => pack.ids?.find((x) => x.id === id) as NonNullable<ComanautsPack['ids']>[number];
const zoneOf = (id: string) => idOf(id).comazone;

describe('comanauts rules 4: the adventure', () => {
  it('Rules §GAME SETUP steps 6–11: GIVEN any seed WHEN set up THEN five non-Fear I.D.s are revealed, their comazones form the Nexus with a random start, the totem deck is the Nexus totems, the Prime comes from another comazone with its five clue cards, and the stack holds the rest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const s = game(seed);
        const a = s.adventure;
        if (!a) throw new Error('no adventure');
        const revealed = [...a.stack, a.prime];
        expect(revealed).toHaveLength(5);
        expect(new Set(revealed).size).toBe(5);
        expect(revealed.some((x) => idOf(x).fear === true)).toBe(false);
        expect([...a.nexus].sort()).toEqual([...new Set(revealed.map(zoneOf))].sort());
        expect(a.nexus).toContain(a.start);
        expect(zoneOf(a.prime)).not.toBe(a.start);
        const primeCode = idOf(a.prime).code;
        expect([...a.clueDeck].sort()).toEqual((pack.clues ?? []).filter((c) => c.code === primeCode).map((c) => c.id).sort());
        expect(a.totemDeck).toEqual((pack.totems ?? []).filter((t) => a.nexus.includes(t.comazone)).map((t) => t.item));
        expect(s.primeEntity).toBe(idOf(a.prime).enemy);
      }),
      { numRuns: 60 },
    );
  });

  it('Rules §GAME SETUP steps 7, 13–16: GIVEN a new adventure THEN the party stands on the start comazone\'s start page, suspicious where the start comazone is on the avatar\'s list, the first seat keeps the bookmark, the situation is safe and the introduction is read', () => {
    const s = game(4);
    const a = s.adventure as NonNullable<ComanautsState['adventure']>;
    expect(s.page.id).toBe(pack.comazones?.find((z) => z.id === a.start)?.start);
    expect(s.bookkeeper).toBe(0);
    expect(s.situation).toBe('safe');
    for (const p of s.players) {
      const list = pack.avatars.find((x) => x.id === p.avatar.card)?.suspicious ?? [];
      expect(p.avatar.suspicious).toBe(list.includes(a.start));
      expect(p.avatar.life).toBe(3 + (pack.avatars.find((x) => x.id === p.avatar.card)?.lifeBonus ?? 0));
    }
    const d = draftOf(game(4));
    expect(d.work.some((w) => w.k === 'effect' && w.effect.do === 'narrate')).toBe(false);
  });

  it('Rules §GAME SETUP step 6 (campaign): GIVEN a carried record of defeated I.D.s WHEN set up THEN the stickered I.D.s are never revealed', () => {
    for (let seed = 1; seed < 40; seed++) {
      const s = game(seed, 2, {}, { defeated: ['hall-id'] });
      expect([...(s.adventure?.stack ?? []), s.adventure?.prime]).not.toContain('hall-id');
      expect(s.adventure?.stickered).toEqual(['hall-id']);
    }
  });

  it('Rules §Encountering an I.D. Entity: GIVEN the code of an I.D. in the stack THEN that I.D. enters; GIVEN a code that matches none of the stack THEN the Prime enters with one life token per player, and the notebook crosses off only the stack I.D.', () => {
    const s = game(7);
    const a = s.adventure as NonNullable<ComanautsState['adventure']>;
    const inStack = idOf(a.stack[0] as string);
    const met = book(s, [{ do: 'encounter', hostiles: [], code: inStack.code }], scripted([]));
    expect(met.state.enemies.map((e) => e.card)).toEqual([inStack.enemy]);
    expect(met.state.adventure?.encountered).toEqual([inStack.enemy]);
    expect(met.state.adventure?.ruledOut.enemies).toEqual([inStack.enemy]);
    const primeCode = idOf(a.prime).code;
    const prime = book(s, [{ do: 'encounter', hostiles: [], code: primeCode }]);
    expect(prime.state.enemies.map((e) => [e.card, e.life])).toEqual([[s.primeEntity, 2]]);
    expect(prime.state.adventure?.ruledOut.enemies).toEqual([]);
    const outside = (pack.ids ?? []).find((x) => !x.fear && !a.stack.includes(x.id) && x.id !== a.prime);
    if (outside) expect(book(s, [{ do: 'encounter', hostiles: [], code: outside.code }]).state.enemies.map((e) => e.card)).toEqual([s.primeEntity]);
  });

  it('Rules §INSIGHT and §CLUE CARDS: GIVEN three insight WHEN gained THEN the current player draws the top clue card by DM alone, the table hears only that a clue was drawn, and she is asked to read it or keep it', () => {
    const s = game(2);
    const top = s.adventure?.clueDeck[0] as string;
    const r = book(s, [{ do: 'gainInsight', n: 3 }]);
    const dm = r.events.filter((e) => e.to === 0);
    expect(dm).toEqual([{ to: 0, code: 'comanauts.clue.private', params: { clueKey: `clue.${top}.text` } }]);
    expect(JSON.stringify(r.events.filter((e) => e.to === 'public'))).not.toContain(top);
    expect(has(r.events, 'clue.drawn')).toBe(true);
    expect(r.state.prompt).toMatchObject({ seat: 0, kind: 'clueShare', options: ['read', 'keep'] });
    expect(JSON.stringify(comanautsGame.publicView(r.state))).not.toContain(top);
    expect(comanautsGame.secretsFor(r.state, 0)).toEqual([{ to: 0, code: 'comanauts.secret.clue', params: { clueKey: `clue.${top}.text` } }]);
    expect(comanautsGame.secretsFor(r.state, 1)).toEqual([]);
  });

  it('Rules §CLUE CARDS and §TOTEMS: GIVEN a drawn clue WHEN read to the table THEN it is public and in the notebook with what it rules out, and a totem is chosen from the totem deck and gained', () => {
    const s = game(2);
    const top = s.adventure?.clueDeck[0] as string;
    const drawn = book(s, [{ do: 'gainInsight', n: 3 }]).state;
    const read = ok(runA(drawn, 0, 'answer', { value: 'read' }));
    expect(read.events).toContainEqual({ to: 'public', code: 'comanauts.clue.read', params: { seat: 0, clueKey: `clue.${top}.text` } });
    const view = comanautsGame.publicView(read.state) as { adventure: { notebook: { clues: unknown[]; ruledOutComazones: string[] } } };
    expect(view.adventure.notebook.clues).toEqual([{ seat: 0, clueKey: `clue.${top}.text` }]);
    const out = pack.clues?.find((c) => c.id === top)?.rulesOut?.comazones ?? [];
    for (const z of out) expect(view.adventure.notebook.ruledOutComazones).toContain(`comazone.${z}.name`);
    expect(read.state.prompt?.kind).toBe('chooseTotem');
    const totem = read.state.prompt?.options[1] as string;
    const picked = ok(runA(read.state, 0, 'answer', { value: totem }));
    expect(has(picked.events, 'totem.chosen')).toBe(true);
    let chosen = picked;
    if (chosen.state.prompt?.kind === 'gainItem') chosen = ok(runA(chosen.state, 0, 'answer', { value: chosen.state.prompt.options.find((o) => o !== 'discard') as string }));
    expect(chosen.state.adventure?.totemDeck).not.toContain(totem);
    const p0 = chosen.state.players[0];
    expect([...Object.values(p0?.equipment ?? {}), ...(p0?.inventory ?? [])]).toContain(totem);
    expect(comanautsGame.secretsFor(chosen.state, 0)).toEqual([]);
  });

  it('Rules §CLUE CARDS: GIVEN a clue kept WHEN the holder keeps her own counsel THEN it stays hers in /secrets and her view, and the table only hears that she kept it', () => {
    const drawn = book(game(2), [{ do: 'gainInsight', n: 3 }]).state;
    const kept = ok(runA(drawn, 0, 'answer', { value: 'keep' }));
    expect(has(kept.events, 'clue.kept')).toBe(true);
    expect(comanautsGame.secretsFor(kept.state, 0)).toHaveLength(1);
    expect((comanautsGame.viewFor(kept.state, 0) as { myClues: unknown[] }).myClues).toHaveLength(1);
    expect((comanautsGame.viewFor(kept.state, 1) as { myClues: unknown[] }).myClues).toHaveLength(0);
  });

  it('Rules §CLUE CARDS (game option cluesPublic): GIVEN clues public WHEN a clue is drawn THEN it is read to the table at once with no DM', () => {
    const s = game(2, 2, { cluesPublic: true });
    const r = book(s, [{ do: 'gainInsight', n: 3 }]);
    expect(r.events.some((e) => e.to !== 'public')).toBe(false);
    expect(has(r.events, 'clue.read')).toBe(true);
    expect(r.state.prompt?.kind).toBe('chooseTotem');
  });

  it('Rules §THE NEXUS: GIVEN the book sends the party to the Nexus WHEN the turn ends THEN every player votes among the unvisited comazones, the majority is entered at its start page and suspicious tokens follow the new comazone', () => {
    const s = game(3);
    const a = s.adventure as NonNullable<ComanautsState['adventure']>;
    let st = mutate(book(s, [{ do: 'goToNexus' }]).state, (d) => giveHand(d, []));
    st = ok(runA(st, 0, 'endActions')).state;
    for (let i = 0; i < 30 && st.prompt?.kind !== 'nexusVote'; i++) {
      const pr = st.prompt;
      st = pr ? ok(runA(st, pr.seat, 'answer', { value: pr.options[0] as string })).state : ok(runA(st, st.active, st.phase === 'draw' ? 'draw' : 'endActions')).state;
    }
    expect(st.adventure?.comazone).toBe('');
    const options = st.prompt?.options ?? [];
    expect(options).not.toContain(a.start);
    expect(options.length).toBeGreaterThan(0);
    const pick = options[options.length - 1] as string;
    const v0 = ok(runA(st, 0, 'answer', { value: pick }));
    expect(v0.state.prompt).toMatchObject({ seat: 1, kind: 'nexusVote' });
    const v1 = ok(runA(v0.state, 1, 'answer', { value: pick }));
    expect(v1.state.adventure?.comazone).toBe(pick);
    expect(v1.state.adventure?.visited).toEqual([a.start, pick]);
    expect(v1.state.page.id).toBe(`${pick}-gate`);
    for (const p of v1.state.players) expect(p.avatar.suspicious).toBe((pack.avatars.find((x) => x.id === p.avatar.card)?.suspicious ?? []).includes(pick));
  });

  it('Rules §THE NEXUS and §Ambiguous Effects: GIVEN a tied vote THEN the bookkeeper chooses among the tied comazones', () => {
    const s = game(3);
    const d = draftOf(s);
    d.work = [{ k: 'nexus', votes: [] }];
    d.adventure!.comazone = '';
    d.phase = 'resolving';
    drain(d, { rng: scripted([]), events: [], pack });
    let st = d as unknown as ComanautsState;
    const [x, y] = st.prompt?.options ?? [];
    if (x === undefined || y === undefined) return;
    st = ok(runA(st, 0, 'answer', { value: x })).state;
    st = ok(runA(st, 1, 'answer', { value: y })).state;
    expect(st.prompt).toMatchObject({ seat: st.bookkeeper, kind: 'nexusTie', options: [x, y] });
    st = ok(runA(st, st.bookkeeper, 'answer', { value: y })).state;
    expect(st.adventure?.comazone).toBe(y);
  });

  it('Rules §TOTEMS: GIVEN a comazone that needs its totem THEN it is offered at the Nexus only while an avatar has that totem equipped', () => {
    const seed = Array.from({ length: 200 }, (_, i) => i + 1).find((n) => {
      const a = game(n).adventure;
      return a !== undefined && a.nexus.includes('lighthouse') && a.start !== 'lighthouse' && a.nexus.length > 2;
    }) as number;
    const vote = (equip: boolean): readonly string[] => {
      const d = draftOf(game(seed));
      d.work = [{ k: 'nexus', votes: [] }];
      d.phase = 'resolving';
      if (equip) (d.players[1] as (typeof d.players)[number]).equipment.accessory = 'lens-totem';
      drain(d, { rng: scripted([]), events: [], pack });
      return d.prompt?.options ?? [];
    };
    expect(vote(false)).not.toContain('lighthouse');
    expect(vote(true)).toContain('lighthouse');
  });

  it('Rules §WINNING/LOSING and the campaign: GIVEN the Prime in play WHEN its last life token goes THEN the players win, the ending names the Prime, and the carried record stickers it for later setups', () => {
    const s = mutate(game(5), (d) => {
      giveHand(d, []);
      putAvatar(d, 0, 'heart');
      putEnemy(d, d.primeEntity, 'heart');
      const e = d.enemies[0] as (typeof d.enemies)[number];
      e.life = 1;
    });
    // A melee hit through the engine's own defeat path.
    const won = ok(runA(mutate(s, (x) => giveHand(x, ['red', 'red', 'red'])), 0, 'melee', { enemy: s.enemies[0]?.uid ?? '', count: 3 }, scripted([6, 6, 6])));
    expect(won.state.outcome).toEqual({ phase: 'won', reason: 'primeDefeated' });
    expect(won.events).toContainEqual({ to: 'public', code: 'comanauts.adventure.won', params: { enemyKey: `enemy.${s.primeEntity}.name`, comazoneKey: `comazone.${s.adventure?.comazone}.name` } });
    expect(won.state.adventure?.defeatedIds).toEqual([s.adventure?.prime]);
    const carried = comanautsCampaign.carry(won.state, { defeated: ['hall-id'] });
    expect(carried).toEqual({ defeated: ['hall-id', s.adventure?.prime] });
    const next = game(9, 2, {}, carried as { defeated: string[] });
    expect([...(next.adventure?.stack ?? []), next.adventure?.prime]).not.toContain(s.adventure?.prime);
    expect(comanautsCampaign.results?.(won.state)).toEqual([0, 1].map((seat) => ({ seat, side: 'campaign.side.comanaut', won: true })));
  });

  it('Rules versions: GIVEN the 1.2.0 pack WHEN a game is created under rules 3 THEN it has no adventure and starts on the pack start page', () => {
    const s = setupGame({ avatarsPerPlayer: 3, startAvatars: ['wren', 'okafor'] } as never, seats(2), createRng(seedRng(1)), pack, 3);
    expect(s.adventure).toBeUndefined();
    expect(s.page.id).toBe(pack.game.startPage);
  });

  it('Rules versions (property): GIVEN seeded adventures played toward the exits (so the Nexus is reached) WHEN the log is replayed through src/core THEN every stored hash is reproduced, and no decide writes to its frozen input', () => {
    const freeze = <T>(v: T): T => {
      if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
        Object.freeze(v);
        for (const c of Object.values(v)) freeze(c);
      }
      return v;
    };
    let nexus = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 30 }), (seed, choices) => {
        const genesis: Genesis = { gameType: 'comanauts', rulesVersion: '4', options: {}, seats: seats(2), seed };
        let snap = genesisSnapshot(comanautsGame, genesis, pack);
        const log: LogEntry[] = [];
        for (let i = 0; i < 150 && comanautsGame.status(snap.state).phase === 'playing'; i++) {
          const seat = comanautsGame.awaiting(snap.state).seats[0] as number;
          const legal = comanautsGame.legalCommands(snap.state, seat);
          const onward = legal.find((c) => c.type === 'move' && (c.args.to === 'exit' || c.args.to === 'trail'));
          const pick = choices[i % choices.length] as number;
          const command = onward && pick % 2 === 0 ? onward : (legal[pick % legal.length] as (typeof legal)[number]);
          const at = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
          freeze(snap);
          const res = applyCommand(comanautsGame, snap, command, { seat, asHost: false, now: at }, pack);
          if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)}`);
          snap = res.value.snapshot;
          if (snap.state.prompt?.kind === 'nexusVote') nexus += 1;
          log.push({ seq: i + 1, type: command.type, args: res.value.args, seat, asHost: false, actorUserId: `u${seat}`, at, nonce: `n${i}`, stateHashAfter: res.value.hash, irreversible: res.value.irreversible });
        }
        expect(replay(comanautsGame, genesis, log, pack, { verify: 'every' })).toMatchObject({ ok: true });
      }),
      { numRuns: 15 },
    );
    expect(nexus).toBeGreaterThan(0);
  });
});
