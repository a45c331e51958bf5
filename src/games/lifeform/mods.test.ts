import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, canonicalJson, createRng, draftCopy, seedRng, type GameCommand } from '../../core/index.ts';
import { playRandom } from './play.test-helper.ts';
import { LANGUAGES } from '../../i18n/index.ts';
import { lineText } from '../../discord/present.ts';
import { labelLifeformCommand } from './labels.ts';
import { advanceSelfDestruct, type Cx } from './flow.ts';
import { lifeformGame } from './index.ts';
import { advance } from './order.ts';
import { lifeformOptionsSchema } from './setup.ts';
import type { LifeformState } from './state.ts';
import { packText } from './content.ts';
import { privately } from './private.ts';
import { act, arrange, codes, endingC, fresh, pack, refused, setUp } from './scenario.test-helper.ts';

/** Advances the self-destruct tracker `n` spaces from an arranged state, then runs the order of play. */
function tick(s: LifeformState, n: number, edit: (d: LifeformState) => void = () => undefined, seed = 3): { state: LifeformState; events: string[] } {
  const d = draftCopy(s);
  edit(d);
  const cx: Cx = { s: d, rng: createRng(seedRng(seed)), events: [], revealed: false };
  advanceSelfDestruct(cx, n);
  advance(cx);
  return { state: d, events: codes(cx.events) };
}

const at = (s: LifeformState, minute: number): number => s.board.minutes.indexOf(minute);

describe('lifeform §13TH PASSENGER, Mod A: new survivors', () => {
  it('GIVEN the option string mods=survivors (one name) or a list WHEN parsed THEN it is a list of mods, and none by default', () => {
    expect(lifeformOptionsSchema.parse({ mods: 'survivors' }).mods).toEqual(['survivors']);
    expect(lifeformOptionsSchema.parse({ mods: ['survivors', 'asteroids', 'hunt'] }).mods).toEqual(['survivors', 'asteroids', 'hunt']);
    expect(lifeformOptionsSchema.parse({}).mods).toEqual([]);
    expect(lifeformOptionsSchema.safeParse({ mods: 'solo' }).success).toBe(false);
  });

  it('Rules §13TH PASSENGER, Mod A: GIVEN mods=survivors WHEN games are set up THEN the new characters join the pool of disks offered (with their abilities on the board), and never without the mod', () => {
    const survivors = (pack.expansions?.passenger?.survivors ?? []).map((c) => c.id);
    expect(survivors.length).toBeGreaterThan(0);
    const offered = new Set<string>();
    const offeredWithout = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const s = fresh(4, seed, { mods: ['survivors'] });
      for (const o of Object.values(s.offers)) for (const c of o) offered.add(c);
      for (const id of survivors) expect(s.board.abilities[id]).toBeDefined();
      const plain = fresh(4, seed);
      for (const o of Object.values(plain.offers)) for (const c of o) offeredWithout.add(c);
      expect(plain.board.abilities[survivors[0] as string]).toBeUndefined();
      expect(plain.passenger).toBeUndefined();
    }
    for (const id of survivors) expect(offered.has(id)).toBe(true);
    for (const id of survivors) expect(offeredWithout.has(id)).toBe(false);
  });

  it('Rules §13TH PASSENGER, Mod A: GIVEN a new survivor WHEN its name and ability texts are looked up THEN they exist in English and Spanish', () => {
    for (const c of pack.expansions?.passenger?.survivors ?? []) {
      for (const lang of ['en', 'es']) {
        expect(packText(pack, `character.${c.id}.name`, lang)).toBeTruthy();
        expect(packText(pack, `character.${c.id}.sides.group.skill.text`, lang)).toBeTruthy();
      }
    }
  });
});

describe('lifeform §13TH PASSENGER, Mod B: asteroid impact', () => {
  const base = (): LifeformState => arrange(setUp(3, 7, { mods: ['asteroids'] }), (d) => {
    d.stack = [];
    d.phase = 'android';
    d.sd = at(d, 20);
  });

  it('Rules §13TH PASSENGER, Mod B: GIVEN mods=asteroids WHEN set up THEN four face-down tokens cover T-minus 19 to 16 and the three impact cards wait aside, and the public view shows only the minutes covered', () => {
    const s = setUp(3, 7, { mods: ['asteroids'] });
    expect(s.passenger?.asteroids).toMatchObject({ minutes: [19, 18, 17, 16], cards: ['hull-rupture', 'systems-shaken', 'debris-cloud'], struck: null });
    expect((lifeformGame.publicView(s) as { passenger: unknown }).passenger).toEqual({ mods: ['asteroids'], asteroids: { minutes: [19, 18, 17, 16], struck: null } });
  });

  it('Rules §13TH PASSENGER, Mod B, IMPACT IMMINENT!: GIVEN no strike among the tokens left WHEN the tracker reaches T-minus 19 THEN the token is examined and removed, and the next one waits for T-minus 18', () => {
    const r = tick(base(), 1, (d) => {
      (d.passenger?.asteroids as { strikes: number }).strikes = 0;
    });
    expect(r.events).toContain('lifeform.asteroid.imminent');
    expect(r.state.passenger?.asteroids?.minutes).toEqual([18, 17, 16]);
    const next = tick(r.state, 1);
    expect(next.events).toContain('lifeform.asteroid.imminent');
    expect(next.state.passenger?.asteroids?.minutes).toEqual([17, 16]);
  });

  it('Rules §13TH PASSENGER, Mod B, STRUCK BY ASTEROIDS!: GIVEN a strike WHEN the tracker reaches T-minus 19 THEN one impact card is drawn and followed (Hull rupture: two more minutes) and every other token and card leaves the game', () => {
    const r = tick(base(), 1, (d) => {
      const a = d.passenger?.asteroids as { strikes: number; cards: string[] };
      a.strikes = 4;
      a.cards = ['hull-rupture'];
    });
    expect(r.events).toContain('lifeform.asteroid.strike');
    expect(r.state.passenger?.asteroids).toEqual({ minutes: [], strikes: 0, cards: [], struck: 'hull-rupture' });
    expect(r.state.board.minutes[r.state.sd]).toBe(17);
    expect(r.events.filter((e) => e.startsWith('lifeform.asteroid'))).toHaveLength(1);
  });

  it('Rules §13TH PASSENGER, Mod B: GIVEN the impact card that shakes the systems WHEN it strikes THEN the malfunction tracker advances and every crew player discards one card at random', () => {
    const s = base();
    const before = Object.fromEntries(s.crewSeats.map((x) => [x, (s.hands[String(x)] ?? []).length]));
    const r = tick(s, 1, (d) => {
      const a = d.passenger?.asteroids as { strikes: number; cards: string[] };
      a.strikes = 4;
      a.cards = ['systems-shaken'];
    });
    expect(r.state.malfunction).toBe(s.malfunction + 1);
    for (const x of s.crewSeats) expect((r.state.hands[String(x)] ?? []).length).toBe(Math.max(0, (before[x] as number) - 1));
  });

  it('Rules §13TH PASSENGER, Mod B: GIVEN a jump of two minutes from T-minus 20 WHEN the tracker passes T-minus 19 and lands on 18 THEN both tokens are examined, one per minute reached', () => {
    const r = tick(base(), 2, (d) => {
      (d.passenger?.asteroids as { strikes: number }).strikes = 0;
    });
    expect(r.events.filter((e) => e === 'lifeform.asteroid.imminent')).toHaveLength(2);
    expect(r.state.passenger?.asteroids?.minutes).toEqual([17, 16]);
  });

  it('Rules §13TH PASSENGER, Mod B: GIVEN two strikes among four tokens WHEN many seeds examine T-minus 19 THEN both outcomes happen (the token is drawn by the seeded chance, not chosen)', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) for (const e of tick(base(), 1, () => undefined, seed).events) if (e.startsWith('lifeform.asteroid')) seen.add(e);
    expect([...seen].sort()).toEqual(['lifeform.asteroid.imminent', 'lifeform.asteroid.strike']);
  });

  it('Rules §13TH PASSENGER, Mod B: GIVEN a game without the mod WHEN the tracker passes T-minus 19 THEN nothing about asteroids happens', () => {
    const s = arrange(setUp(3, 7), (d) => {
      d.stack = [];
      d.phase = 'android';
      d.sd = at(d, 20);
    });
    const r = tick(s, 4);
    expect(r.events.some((e) => e.includes('asteroid'))).toBe(false);
    expect(r.state.passenger).toBeUndefined();
  });
});

describe('lifeform §13TH PASSENGER, Mod D: hunting the alien', () => {
  /** Ending C with three crew disks aboard, the hibernation over: the hunt is next. */
  function atHunt(edit: (d: LifeformState) => void = () => undefined): LifeformState {
    const g = endingC(undefined, { mods: ['hunt'] });
    const d = draftCopy(g);
    d.stack = [];
    d.lfHand = ['drag.1', 'prowl.1', 'lunge.1'];
    edit(d);
    const cx: Cx = { s: d, rng: createRng(seedRng(3)), events: [], revealed: false };
    advance(cx);
    return d;
  }
  const loc = (s: LifeformState): string[] => [...(s.board.passenger?.locations ?? [])];

  it('Rules §13TH PASSENGER, Mod D, step 1 and 2: GIVEN three crew disks at the showdown WHEN the hunt starts THEN the lifeform hides in secret and puts two hostility tokens on any location but the Engineering Compartment', () => {
    const s = atHunt();
    expect(s.characters).toHaveLength(3);
    expect(s.stack.at(-1)?.k).toBe('huntHide');
    expect(lifeformGame.awaiting(s).seats).toEqual([0]);
    const e = refused(s, 0, 'hide', { location: 'cargo-hold', tokens: 'engineering-compartment' });
    expect(e.code).toBe('lifeform.hunt.engineeringTokens');
    const h = act(s, 0, 'hide', { location: 'cargo-hold', tokens: 'cockpit' });
    expect(h.state.passenger?.hunt).toMatchObject({ at: 'cargo-hold', tokensAt: 'cockpit', stage: 'search' });
    expect(h.events.find((x) => x.code === 'lifeform.hunt.hiddenAt')?.to).toBe(0);
    expect(JSON.stringify(h.events.filter((x) => x.to === 'public'))).not.toContain('cargo-hold');
    expect((lifeformGame.viewFor(h.state, 0) as { huntAt: string }).huntAt).toBe('cargo-hold');
    expect(lifeformGame.secretsFor(h.state, 0).map((x) => x.code)).toContain('lifeform.secret.huntAt');
    // Three disks: search, reveal, search, search (the pack's Remora board).
    expect(h.state.stack.at(-1)).toEqual({ k: 'huntSearch', halon: false });
  });

  it('Rules §13TH PASSENGER, Mod D, step 1: GIVEN the hunt starts WHEN the lifeform is asked where it hides THEN it alone gets every hiding place and token spot as DM buttons (at most 25), and no hiding place is a public button', () => {
    const s = atHunt();
    expect(privately(null, s).choices).toEqual([0]);
    const options = lifeformGame.legalCommands(s, 0);
    expect(options.length).toBeGreaterThan(1);
    expect(options.length).toBeLessThanOrEqual(25);
    expect(options.every((c) => c.type === 'hide')).toBe(true);
    expect(options.every((c) => labelLifeformCommand(s, c).secret === true)).toBe(true);
    expect(options.some((c) => labelLifeformCommand(s, c).common === true)).toBe(false);
    for (const seat of [1, 2]) expect(lifeformGame.legalCommands(s, seat)).toEqual([]);
  });

  it("Rules §13TH PASSENGER, Mod D, IT'S IN HERE!: GIVEN the lifeform in the cargo hold WHEN a crew member searches there THEN LIFEFORM DISCOVERED is followed (a halon blast), the hunt ends and the fights begin", () => {
    let s = atHunt();
    s = act(s, 0, 'hide', { location: 'cargo-hold', tokens: 'cockpit' }).state;
    const halon = s.showdown?.pool.halon as number;
    const tokens = s.showdown?.tokens as number;
    const who = s.characters.find((c) => c.owner === 1)?.id as string;
    const r = act(s, 1, 'search', { location: 'cargo-hold', by: who });
    expect(codes(r.events)).toContain('lifeform.hunt.found');
    expect(r.state.passenger?.hunt).toMatchObject({ stage: 'done', found: true });
    expect(r.state.showdown?.pool.halon).toBe(halon + 1);
    expect(r.state.showdown?.tokens).toBe(tokens);
    expect(r.state.stack.at(-1)?.k).toBe('fight');
  });

  it('Rules §13TH PASSENGER, Mod D, WHERE THE HELL IS IT?!: GIVEN a wrong search WHEN it is made THEN FAILED CREW SEARCH is followed and the next action is the lifeform revealing a location, never its own; a disk searches once', () => {
    let s = atHunt();
    s = act(s, 0, 'hide', { location: 'cargo-hold', tokens: 'cockpit' }).state;
    const who = s.characters.find((c) => c.owner === 1)?.id as string;
    const hand = s.lfHand.length;
    const r = act(s, 1, 'search', { location: 'cockpit', by: who });
    expect(codes(r.events)).toContain('lifeform.hunt.failed');
    expect(r.state.lfHand.length).toBe(hand + 1);
    expect(r.state.stack.at(-1)?.k).toBe('huntReveal');
    const reveals = lifeformGame.legalCommands(r.state, 0).map((c) => (c.args as { location: string }).location);
    expect(reveals).not.toContain('cargo-hold');
    expect(reveals).not.toContain('cockpit');
    expect(refused(r.state, 0, 'reveal', { location: 'cargo-hold' }).code).toBe('lifeform.hunt.notOpen');
    s = act(r.state, 0, 'reveal', { location: 'airlock' }).state;
    expect(s.stack.at(-1)).toEqual({ k: 'huntSearch', halon: false });
    expect(refused(s, 1, 'search', { location: 'cryo-pods', by: who }).code).toBe('lifeform.hunt.diskUsed');
  });

  it("Rules §13TH PASSENGER, Mod D, I CAN'T FIND IT: GIVEN every search missing WHEN the actions run out THEN the hiding place is shown, LIFEFORM REMAINS HIDDEN is followed and the two hostility tokens on it are kept", () => {
    let s = atHunt();
    s = act(s, 0, 'hide', { location: 'airlock', tokens: 'airlock' }).state;
    const tokens = s.showdown?.tokens as number;
    const [a, b, c] = s.characters;
    s = act(s, a?.owner as number, 'search', { location: 'cockpit', by: a?.id }).state;
    s = act(s, 0, 'reveal', { location: 'cargo-hold' }).state;
    s = act(s, b?.owner as number, 'search', { location: 'cryo-pods', by: b?.id }).state;
    const r = act(s, c?.owner as number, 'search', { location: 'engineering-compartment', by: c?.id });
    expect(codes(r.events)).toContain('lifeform.hunt.notFound');
    expect(r.state.passenger?.hunt).toMatchObject({ stage: 'done', found: false });
    // Failed searches: cockpit (no tokens), cryo pods (+1), engineering (+1); hidden in the airlock (+2), its tokens kept (+2).
    expect(r.state.showdown?.tokens).toBe(tokens + 1 + 1 + 2 + 2);
    expect(((lifeformGame.publicView(r.state) as { passenger: { hunt: { at: string } } }).passenger.hunt.at)).toBe('airlock');
    expect(r.state.stack.at(-1)?.k).toBe('fight');
  });

  it('Rules §13TH PASSENGER, Mod D: GIVEN the lifeform unfound in the Engineering Compartment nobody searched WHEN the hunt ends THEN it kills one crew member of its choice', () => {
    let s = atHunt();
    s = act(s, 0, 'hide', { location: 'engineering-compartment', tokens: 'cockpit' }).state;
    const [a, b, c] = s.characters;
    s = act(s, a?.owner as number, 'search', { location: 'cockpit', by: a?.id }).state;
    s = act(s, 0, 'reveal', { location: 'cargo-hold' }).state;
    s = act(s, b?.owner as number, 'search', { location: 'cryo-pods', by: b?.id }).state;
    s = act(s, c?.owner as number, 'search', { location: 'airlock', by: c?.id }).state;
    expect(s.stack.at(-1)?.k).toBe('huntKill');
    const r = act(s, 0, 'kill', { character: c?.id });
    expect(r.state.characters.map((x) => x.id)).not.toContain(c?.id);
    expect(r.state.dead).toContain(c?.id);
  });

  it('Rules §13TH PASSENGER, Mod D, OPTIONAL HALON GAS BLAST SPEND: GIVEN one crew disk WHEN the halon action comes THEN the crew may flood a location with a blast from the pool (no disk needed) or keep it', () => {
    let s = atHunt((d) => {
      d.characters = d.characters.slice(0, 1);
    });
    s = act(s, 0, 'hide', { location: 'cryo-pods', tokens: 'cockpit' }).state;
    expect(s.stack.at(-1)).toEqual({ k: 'huntSearch', halon: true });
    const owner = s.characters[0]?.owner as number;
    expect(lifeformGame.legalCommands(s, owner).map((c) => c.type)).toContain('noSearch');
    expect(refused(s, owner, 'search', { location: 'airlock', by: s.characters[0]?.id }).code).toBe('lifeform.hunt.halonOnly');
    const halon = s.showdown?.pool.halon as number;
    const r = act(s, owner, 'search', { location: 'airlock', by: 'halon' });
    expect(codes(r.events)).toContain('lifeform.hunt.searchHalon');
    // The blast is spent, and the airlock's failed search wastes one more.
    expect(r.state.showdown?.pool.halon).toBe(Math.max(0, halon - 2));
    expect(r.state.stack.at(-1)?.k).toBe('huntReveal');
    const kept = act(s, owner, 'noSearch');
    expect(kept.state.showdown?.pool.halon).toBe(halon);
  });

  it('Rules §13TH PASSENGER, Mod D, step 4: GIVEN five crew disks at the showdown WHEN it starts THEN there is no hunt', () => {
    const s = atHunt((d) => {
      const first = d.characters[0];
      if (!first) return;
      d.characters = [...d.characters, { ...first, id: 'ferreira' }, { ...first, id: 'achebe' }];
    });
    expect(s.passenger?.hunt?.stage).toBe('done');
    expect(s.stack.at(-1)?.k).toBe('fight');
  });

  it('Rules §13TH PASSENGER, Mod D: GIVEN a showdown without the mod WHEN it starts THEN the fights begin at once', () => {
    const g = endingC();
    const d = draftCopy(g);
    d.stack = [];
    const cx: Cx = { s: d, rng: createRng(seedRng(3)), events: [], revealed: false };
    advance(cx);
    expect(d.stack.at(-1)?.k).toBe('fight');
    expect(loc(d)).toEqual([]);
  });
});

describe('lifeform §13TH PASSENGER, mods A, B and D together (properties)', () => {
  const all = { mods: ['survivors', 'asteroids', 'hunt'] };

  it('Rules §13TH PASSENGER (property): GIVEN random legal play with all three mods from setup, 2–4 players WHEN it goes on THEN it never throws, someone is awaited until the end, and it ends within 3000 commands', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 4 }), fc.array(fc.nat(100_000), { minLength: 5, maxLength: 40 }), (seed, seats, choices) => {
        const p = playRandom(pack, seed, seats, choices, 3000, undefined, { options: all });
        expect(lifeformGame.status(p.last.state).phase).toBe('ended');
      }),
      { numRuns: 12 },
    );
  }, 180_000);

  it('Rules §13TH PASSENGER, Mod D (property): GIVEN random legal play from a showdown with the hunt and 1 to 4 crew disks WHEN it goes on THEN every awaited seat has a legal timeout action, and it always ends with a winner', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.array(fc.nat(10_000), { minLength: 3, maxLength: 20 }), fc.integer({ min: 1, max: 4 }), (seed, choices, disks) => {
        const state = arrange(endingC(undefined, { mods: ['survivors', 'asteroids', 'hunt'] }), (d) => {
          const first = d.characters[0];
          if (!first) return;
          const extra = disks > d.characters.length ? [{ ...first, id: 'ferreira' }] : [];
          d.characters = [...d.characters, ...extra].slice(0, disks);
        });
        let snap = { state, rng: seedRng(seed) as unknown as number[] };
        let hunted = false;
        for (let i = 0; i < 400 && !snap.state.outcome; i++) {
          for (const x of lifeformGame.awaiting(snap.state).seats) {
            const timeout = lifeformGame.timeoutAction?.(snap.state, x);
            expect(lifeformGame.legalCommands(snap.state, x).map((c) => canonicalJson(c))).toContain(canonicalJson(timeout as GameCommand));
          }
          const awaited = lifeformGame.awaiting(snap.state).seats;
          const seat = awaited[(choices[i % choices.length] as number) % Math.max(1, awaited.length)] as number;
          const legal = lifeformGame.legalCommands(snap.state, seat);
          expect(legal.length).toBeGreaterThan(0);
          const command = legal[(choices[(i + 1) % choices.length] as number) % legal.length] as GameCommand;
          const r = applyCommand(lifeformGame, snap, command, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
          if (!r.ok) throw new Error(`${canonicalJson(command as never)} refused: ${r.error.code}`);
          snap = { state: r.value.snapshot.state, rng: [...r.value.snapshot.rng] };
          hunted ||= snap.state.passenger?.hunt?.stage === 'done';
        }
        expect(snap.state.outcome).not.toBeNull();
        expect(hunted).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 180_000);
});

describe('lifeform §13TH PASSENGER in words', () => {
  const naming = { seatNames: ['Ana', 'Ben', 'Cy', 'Di'], packText: (key: string, l: string) => packText(pack, key, l) };
  const words = (code: string, params: Readonly<Record<string, unknown>>): string[] =>
    LANGUAGES.map((lang) => lineText(lang, { code, params: params as never }, naming));

  it('Rules §13TH PASSENGER, Mods B and D: GIVEN random hunts, strikes and imminent impacts WHEN their events, secrets, prompt options and every legal command are put in words THEN each reads in English and Spanish with names, not ids or placeholders', () => {
    const codes = new Set<string>();
    const check = (code: string, params: Readonly<Record<string, unknown>> = {}): void => {
      codes.add(code);
      for (const text of words(code, params)) expect(text, code).not.toMatch(/\{\{|^lf\.|^lifeform\.|\.name\b|\.text\b|undefined|engineering-compartment|cargo-hold/);
    };
    for (let seed = 1; seed <= 25; seed++) {
      const start = arrange(endingC(undefined, { mods: ['hunt'] }), (d) => {
        d.characters = d.characters.slice(0, 1 + (seed % 3));
      });
      let snap = { state: start, rng: seedRng(seed) as unknown as number[] };
      for (let i = 0; i < 40 && !snap.state.outcome; i++) {
        const seat = lifeformGame.awaiting(snap.state).seats[0] as number;
        const legal = lifeformGame.legalCommands(snap.state, seat);
        for (const c of legal) {
          const label = labelLifeformCommand(snap.state, c);
          check(label.code, label.params);
        }
        for (const p of lifeformGame.prompts(snap.state)) for (const o of p.options) check(o.label.code, o.label.params ?? {});
        for (let x = 0; x < snap.state.seats; x++) for (const e of lifeformGame.secretsFor(snap.state, x)) check(e.code, e.params);
        const r = applyCommand(lifeformGame, snap, legal[(seed * 7 + i) % legal.length] as GameCommand, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
        if (!r.ok) throw new Error(r.error.code);
        for (const e of r.value.events) check(e.code, e.params);
        snap = { state: r.value.snapshot.state, rng: [...r.value.snapshot.rng] };
      }
    }
    const base = arrange(setUp(3, 7, { mods: ['asteroids'] }), (d) => {
      d.stack = [];
      d.phase = 'android';
      d.sd = at(d, 20);
    });
    for (let seed = 1; seed <= 10; seed++) for (const e of tickEvents(base, seed)) check(e.code, e.params);
    for (const c of ['lifeform.hunt.hidden', 'lifeform.hunt.search', 'lifeform.hunt.failed', 'lifeform.asteroid.strike', 'lifeform.asteroid.imminent', 'lf.label.hide', 'lf.label.search.disk']) expect([...codes]).toContain(c);
  }, 120_000);
});

function tickEvents(s: LifeformState, seed: number): { code: string; params: Record<string, unknown> }[] {
  const d = draftCopy(s);
  const cx: Cx = { s: d, rng: createRng(seedRng(seed)), events: [], revealed: false };
  advanceSelfDestruct(cx, 1);
  advance(cx);
  return cx.events.map((e) => ({ code: e.code, params: e.params as Record<string, unknown> }));
}
