import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { tallyGame } from '../../test/support/tally-game.ts';
import { applyCommand, genesisSnapshot, planUndo, replay, UNDO, type Genesis, type LogEntry, type ReplayResult, type Snapshot } from './kernel.ts';
import { canonicalJson, stateHash } from './hash.ts';
import { createRng, drawEntropy, seedRng } from './rng.ts';
import type { TallyState } from '../../test/support/tally-game.ts';

const seats = [
  { index: 0, name: 'alice' },
  { index: 1, name: 'bob' },
];
const genesis: Genesis = { gameType: 'tally', rulesVersion: '1', options: { target: 20 }, seats, seed: 42 };

/** Plays commands through the kernel the way the application does, building the log. */
function play(commands: { seat: number; type: string; args?: Record<string, unknown> }[]) {
  let snap: Snapshot<TallyState> = genesisSnapshot(tallyGame, genesis, undefined);
  const log: LogEntry[] = [];
  for (const [i, c] of commands.entries()) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    const applied = applyCommand(tallyGame, snap, { type: c.type, args: c.args ?? {} }, { seat: c.seat, asHost: false, now: at }, undefined);
    if (!applied.ok) throw new Error(`${c.type} rejected: ${applied.error.code}`);
    snap = applied.value.snapshot;
    log.push({
      seq: i + 1, type: c.type, args: applied.value.args, seat: c.seat, asHost: false, actorUserId: `u${c.seat}`,
      at, nonce: `n${i}`, stateHashAfter: applied.value.hash, irreversible: applied.value.irreversible,
    });
  }
  return { snap, log };
}

describe('seeded generator', () => {
  it('GIVEN one seed WHEN two generators draw THEN they draw the same numbers, and the state resumes the sequence', () => {
    const a = createRng(seedRng(7));
    const b = createRng(seedRng(7));
    const first = [a.die(6), a.die(6), a.int(1, 100)];
    expect([b.die(6), b.die(6), b.int(1, 100)]).toEqual(first);
    const resumed = createRng(a.state());
    expect(resumed.die(20)).toBe(a.die(20));
  });

  it('Secrets §a seed is a secret: GIVEN the same 31-bit seed WHEN 128 bits of entropy are mixed in THEN the draws differ, replay with the same entropy draws the same, and no entropy keeps the old state (stored games replay unchanged)', () => {
    expect(seedRng(7, undefined)).toEqual(seedRng(7));
    expect(seedRng(7, [])).toEqual(seedRng(7));
    const words = drawEntropy((n) => Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256));
    expect(words).toHaveLength(4);
    expect(words.every((w) => Number.isInteger(w) && w >= -(2 ** 31) && w < 2 ** 31)).toBe(true);
    const draw = (state: readonly number[]) => { const r = createRng(state); return Array.from({ length: 8 }, () => r.int(0, 1_000_000)); };
    expect(draw(seedRng(7, words))).toEqual(draw(seedRng(7, words)));
    expect(draw(seedRng(7, words))).not.toEqual(draw(seedRng(7)));
    const other = drawEntropy((n) => Uint8Array.from({ length: n }, (_, i) => (i * 53 + 5) % 256));
    expect(draw(seedRng(7, other))).not.toEqual(draw(seedRng(7, words)));
    // Entropy equal to the seed's own state would zero it: the unmixed state is kept rather than a dead generator.
    expect(seedRng(7, seedRng(7))).toEqual(seedRng(7));
  });

  it('GIVEN a generator WHEN nothing is drawn THEN it reports itself unused', () => {
    const rng = createRng(seedRng(1));
    expect(rng.used).toBe(false);
    rng.shuffle([1, 2, 3]);
    expect(rng.used).toBe(true);
  });
});

describe('canonical hash', () => {
  it('GIVEN two objects with the same content in another key order WHEN hashed THEN the hashes are equal', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    expect(stateHash({ b: 1, a: 2 })).toBe(stateHash({ a: 2, b: 1 }));
    expect(stateHash({ a: 1 })).not.toBe(stateHash({ a: 2 }));
  });
});

describe('applyCommand', () => {
  it('GIVEN a command with bad arguments WHEN applied THEN it is rejected with the argument path and nothing changes', () => {
    const snap = genesisSnapshot(tallyGame, genesis, undefined);
    const r = applyCommand(tallyGame, snap, { type: 'add', args: { n: 9 } }, { seat: 0, asHost: false, now: '2026-01-01T00:00:00Z' }, undefined);
    expect(r).toEqual({ ok: false, error: { code: 'core.badArguments', params: { type: 'add', path: 'n' } } });
  });

  it('GIVEN an unknown command type WHEN applied THEN the rejection names it', () => {
    const snap = genesisSnapshot(tallyGame, genesis, undefined);
    const r = applyCommand(tallyGame, snap, { type: 'fly', args: {} }, { seat: 0, asHost: false, now: '2026-01-01T00:00:00Z' }, undefined);
    expect(!r.ok && r.error).toEqual({ code: 'core.unknownCommand', params: { type: 'fly' } });
  });

  it('GIVEN a roll (chance) and a reveal (hidden information) WHEN applied THEN both are irreversible; an add is not', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'roll' }, { seat: 0, type: 'reveal' }]);
    expect(log.map((e) => e.irreversible)).toEqual([false, true, true]);
  });
});

describe('replay', () => {
  it('GIVEN a log WHEN replayed from the seed THEN every stored hash is reproduced', () => {
    const { snap, log } = play([
      { seat: 0, type: 'roll' }, { seat: 0, type: 'add', args: { n: 2 } }, { seat: 0, type: 'pass' },
      { seat: 1, type: 'challenge' }, { seat: 0, type: 'answer', args: { accept: true } }, { seat: 1, type: 'roll' },
    ]);
    const r = replay(tallyGame, genesis, log, undefined);
    expect(r.ok).toBe(true);
    expect(r.ok && r.snapshot).toEqual(snap);
  });

  it('GIVEN a tampered log WHEN replayed THEN the first diverging command is reported with both hashes', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'add', args: { n: 2 } }, { seat: 0, type: 'pass' }]);
    const tampered = log.map((e) => (e.seq === 2 ? { ...e, args: { n: 3 } } : e));
    const r = replay(tallyGame, genesis, tampered, undefined);
    expect(r).toMatchObject({ ok: false, seq: 2, reason: 'hash', expected: log[1]?.stateHashAfter });
    expect(!r.ok && r.actual).not.toBe(log[1]?.stateHashAfter);
  });

  it('GIVEN a log from another seed WHEN replayed THEN divergence is reported at the first command that used chance', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'roll' }]);
    const r = replay(tallyGame, { ...genesis, seed: 43 }, log, undefined);
    expect(r).toMatchObject({ ok: false, seq: 1, reason: 'hash' });
  });

  it('property: GIVEN random legal play WHEN replayed THEN the hashes match and the final snapshot is identical', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.nat(), { maxLength: 60 }), (seed, picks) => {
        const g = { ...genesis, seed };
        let snap = genesisSnapshot(tallyGame, g, undefined);
        const log: LogEntry[] = [];
        for (const pick of picks) {
          if (tallyGame.status(snap.state).phase !== 'playing') break;
          const seat = tallyGame.awaiting(snap.state).seats[0] ?? 0;
          const legal = tallyGame.legalCommands(snap.state, seat);
          const cmd = legal[pick % legal.length];
          if (!cmd) break;
          const at = '2026-01-01T00:00:00.000Z';
          const applied = applyCommand(tallyGame, snap, cmd, { seat, asHost: false, now: at }, undefined);
          if (!applied.ok) throw new Error(`legal command rejected: ${applied.error.code}`);
          snap = applied.value.snapshot;
          log.push({ seq: log.length + 1, type: cmd.type, args: applied.value.args, seat, asHost: false, actorUserId: 'u', at, nonce: `${log.length}`, stateHashAfter: applied.value.hash, irreversible: applied.value.irreversible });
        }
        const r = replay(tallyGame, g, log, undefined);
        return r.ok && canonicalJson(r.snapshot) === canonicalJson(snap);
      }),
      { numRuns: 200 },
    );
  });
});

describe('undo', () => {
  const undoEntry = (seq: number, target: number, hash: string, seat: number | null = 0): LogEntry => ({
    seq, type: UNDO, args: { seq: target }, seat, asHost: false, actorUserId: 'u0', at: '2026-01-01T01:00:00Z', nonce: `undo${seq}`, stateHashAfter: hash, irreversible: false,
  });

  it('GIVEN my latest reversible command WHEN I undo THEN it is the one removed and replay returns to the state before it', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'add', args: { n: 2 } }]);
    const plan = planUndo(log, { seat: 0, isHost: false });
    expect(plan).toEqual({ ok: true, value: 2 });
    const withUndo = [...log, undoEntry(3, 2, log[0]!.stateHashAfter)];
    const r = replay(tallyGame, genesis, withUndo, undefined);
    expect(r.ok && (r.snapshot.state as TallyState).scores).toEqual([1, 0]);
  });

  it('GIVEN a roll after my move WHEN I undo THEN the barrier refuses (chance cannot be taken back)', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'roll' }]);
    expect(planUndo(log, { seat: 0, isHost: false })).toEqual({ ok: false, error: { code: 'core.undo.barrier', params: { seq: 2 } } });
  });

  it('GIVEN the latest command is another seat\'s WHEN I undo THEN it is refused, but the host may undo it', () => {
    const { log } = play([{ seat: 0, type: 'pass' }, { seat: 1, type: 'add', args: { n: 1 } }]);
    expect(planUndo(log, { seat: 0, isHost: false })).toEqual({ ok: false, error: { code: 'core.undo.notYours' } });
    expect(planUndo(log, { seat: 0, isHost: true })).toEqual({ ok: true, value: 2 });
  });

  it('GIVEN two undos in a row WHEN planned THEN the second removes the command before the first one, and undone commands stay in the log', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'add', args: { n: 2 } }]);
    const first = [...log, undoEntry(3, 2, log[0]!.stateHashAfter)];
    expect(planUndo(first, { seat: 0, isHost: false })).toEqual({ ok: true, value: 1 });
    const genesisHash = stateHash(genesisSnapshot(tallyGame, genesis, undefined));
    const second = [...first, undoEntry(4, 1, genesisHash)];
    expect(replay(tallyGame, genesis, second, undefined).ok).toBe(true);
    expect(planUndo(second, { seat: 0, isHost: false })).toEqual({ ok: false, error: { code: 'core.undo.nothing' } });
    expect(second.filter((e) => e.type !== UNDO)).toHaveLength(2);
  });
});

/** Random legal tally play, with undos taken the way the application takes them (replaying without the undone command). */
function randomLog(seed: number, picks: readonly number[]): { g: Genesis; log: LogEntry[]; snap: Snapshot<TallyState> } {
  const g = { ...genesis, seed };
  let snap = genesisSnapshot(tallyGame, g, undefined);
  const log: LogEntry[] = [];
  const at = '2026-01-01T00:00:00.000Z';
  for (const pick of picks) {
    if (tallyGame.status(snap.state).phase !== 'playing') break;
    const seat = tallyGame.awaiting(snap.state).seats[0] ?? 0;
    if (pick % 4 === 0) {
      const target = planUndo(log, { seat, isHost: pick % 8 === 0 });
      if (target.ok) {
        const undo: LogEntry = { seq: log.length + 1, type: UNDO, args: { seq: target.value }, seat, asHost: false, actorUserId: 'u', at, nonce: `u${log.length}`, stateHashAfter: '', irreversible: false };
        const r = replay(tallyGame, g, [...log, undo], undefined, { verify: 'none' });
        if (!r.ok) throw new Error(`undo refused: ${r.rejection?.code}`);
        log.push({ ...undo, stateHashAfter: r.hash });
        snap = r.snapshot;
        continue;
      }
    }
    const legal = tallyGame.legalCommands(snap.state, seat);
    const cmd = legal[pick % legal.length];
    if (!cmd) break;
    const applied = applyCommand(tallyGame, snap, cmd, { seat, asHost: false, now: at }, undefined);
    if (!applied.ok) throw new Error(`legal command rejected: ${applied.error.code}`);
    snap = applied.value.snapshot;
    log.push({ seq: log.length + 1, type: cmd.type, args: applied.value.args, seat, asHost: false, actorUserId: 'u', at, nonce: `${log.length}`, stateHashAfter: applied.value.hash, irreversible: applied.value.irreversible });
  }
  return { g, log, snap };
}

const failure = (r: ReplayResult<unknown>) => (r.ok ? null : r);

describe('replay verification modes', () => {
  it('GIVEN a log with undos WHEN replayed checking every hash, the final hash only, or none THEN all three rebuild the same snapshot and hash', () => {
    const { g, log, snap } = randomLog(5, [1, 2, 4, 3, 5, 8, 6, 7, 9, 12, 10, 11]);
    expect(log.some((e) => e.type === UNDO)).toBe(true);
    const every = replay(tallyGame, g, log, undefined, { verify: 'every' });
    expect(every).toEqual({ ok: true, snapshot: snap, hash: log.at(-1)?.stateHashAfter });
    expect(replay(tallyGame, g, log, undefined, { verify: 'final' })).toEqual(every);
    expect(replay(tallyGame, g, log, undefined, { verify: 'none' })).toEqual(every);
    expect(replay(tallyGame, g, log, undefined)).toEqual(every);
  });

  it('GIVEN a tampered command WHEN replayed checking the final hash only THEN the first diverging seq is reported exactly as a full check reports it', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'add', args: { n: 2 } }, { seat: 0, type: 'pass' }, { seat: 1, type: 'add', args: { n: 1 } }]);
    const tampered = log.map((e) => (e.seq === 2 ? { ...e, args: { n: 3 } } : e));
    const every = replay(tallyGame, genesis, tampered, undefined, { verify: 'every' });
    expect(every).toMatchObject({ ok: false, seq: 2, reason: 'hash' });
    expect(replay(tallyGame, genesis, tampered, undefined, { verify: 'final' })).toEqual(every);
  });

  it('GIVEN a command the rules refuse WHEN replayed checking the final hash only THEN the refusal is reported as a full check reports it', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'pass' }]);
    const refused = [...log, { ...(log[1] as LogEntry), seq: 3, nonce: 'again' }];
    const every = replay(tallyGame, genesis, refused, undefined, { verify: 'every' });
    expect(every).toMatchObject({ ok: false, seq: 3, reason: 'rejected', rejection: { code: 'core.notYourTurn' } });
    expect(replay(tallyGame, genesis, refused, undefined, { verify: 'final' })).toEqual(every);
  });

  it('GIVEN only an intermediate stored hash altered WHEN replayed THEN the final check accepts the game (the state is right) and the full audit reports that entry', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'add', args: { n: 2 } }, { seat: 0, type: 'pass' }]);
    const altered = log.map((e) => (e.seq === 2 ? { ...e, stateHashAfter: '0'.repeat(32) } : e));
    expect(replay(tallyGame, genesis, altered, undefined, { verify: 'final' }).ok).toBe(true);
    expect(replay(tallyGame, genesis, altered, undefined, { verify: 'every' })).toMatchObject({ ok: false, seq: 2, reason: 'hash' });
  });

  it('GIVEN logged arguments that no longer pass the schema WHEN replayed checking the final hash only (which takes logged arguments as validated) THEN the refusal is reported exactly as a full check reports it', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'add', args: { n: 2 } }, { seat: 0, type: 'pass' }]);
    const tampered = log.map((e) => (e.seq === 2 ? { ...e, args: { n: 'two' } } : e));
    const every = replay(tallyGame, genesis, tampered, undefined, { verify: 'every' });
    expect(every).toMatchObject({ ok: false, seq: 2, reason: 'rejected', rejection: { code: 'core.badArguments', params: { path: 'n' } } });
    expect(replay(tallyGame, genesis, tampered, undefined, { verify: 'final' })).toEqual(every);
  });

  it('GIVEN logged arguments the rules throw on when trusted WHEN replayed checking the final hash or none THEN the refusal is reported as the arguments are validated', () => {
    const brittle: typeof tallyGame = {
      ...tallyGame,
      decide(state, command, ctx) {
        if (command.type === 'add' && typeof command.args.n !== 'number') throw new TypeError('n is not a number');
        return tallyGame.decide(state, command, ctx);
      },
    };
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'pass' }]);
    const tampered = log.map((e) => (e.seq === 1 ? { ...e, args: {} } : e));
    const every = replay(brittle, genesis, tampered, undefined, { verify: 'every' });
    expect(every).toMatchObject({ ok: false, seq: 1, reason: 'rejected', rejection: { code: 'core.badArguments' } });
    expect(replay(brittle, genesis, tampered, undefined, { verify: 'final' })).toEqual(every);
    expect(replay(brittle, genesis, tampered, undefined, { verify: 'none' })).toMatchObject({ ok: false, seq: 1, reason: 'rejected', rejection: { code: 'core.badArguments' } });
  });

  it('GIVEN a log written before an argument had its default WHEN replayed checking the final hash only THEN the full check fills the default and the game is rebuilt as written', () => {
    const { log, snap } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'pass' }, { seat: 1, type: 'add', args: { n: 1 } }]);
    const defaulted: typeof tallyGame = {
      ...tallyGame,
      commandSchemas: { ...tallyGame.commandSchemas, add: z.object({ n: z.number().int().min(1).max(3).default(1) }).strict() },
    };
    const older = log.map((e) => (e.type === 'add' ? { ...e, args: {} } : e));
    const every = replay(defaulted, genesis, older, undefined, { verify: 'every' });
    expect(every).toEqual({ ok: true, snapshot: snap, hash: log.at(-1)?.stateHashAfter });
    expect(replay(defaulted, genesis, older, undefined, { verify: 'final' })).toEqual(every);
  });

  it('property: GIVEN random play with undos and one random change to the log WHEN replayed THEN final and every agree: same snapshot and hash, or the same failure whenever final fails', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.nat(), { minLength: 1, maxLength: 50 }), fc.nat(), fc.nat(3), (seed, picks, where, how) => {
        const { g, log } = randomLog(seed, picks);
        const every = replay(tallyGame, g, log, undefined, { verify: 'every' });
        expect(every.ok).toBe(true);
        expect(replay(tallyGame, g, log, undefined, { verify: 'final' })).toEqual(every);
        if (log.length === 0) return;
        const i = where % log.length;
        const e = log[i] as LogEntry;
        const changed: LogEntry =
          how === 0 ? { ...e, stateHashAfter: 'f'.repeat(32) } : how === 1 ? { ...e, seat: ((e.seat ?? 0) + 1) % seats.length } : how === 2 ? { ...e, type: 'roll', args: {} } : { ...e, at: '2027-01-01T00:00:00.000Z' };
        const tampered = log.map((x, k) => (k === i ? changed : x));
        const full = replay(tallyGame, g, tampered, undefined, { verify: 'every' });
        const fast = replay(tallyGame, g, tampered, undefined, { verify: 'final' });
        if (!fast.ok) expect(failure(fast)).toEqual(failure(full));
        else {
          expect(fast.hash).toBe(tampered.at(-1)?.stateHashAfter);
          if (!full.ok) expect(full.reason).toBe('hash');
        }
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * Tally with rules that take replay's offers: an owned snapshot is changed in place (its members
 * replaced by the new state's), and the flags each call saw are recorded.
 */
function inPlaceTally(seen: { trusted: boolean; owned: boolean }[]): typeof tallyGame {
  return {
    ...tallyGame,
    decide(state, command, ctx) {
      seen.push({ trusted: ctx.trusted === true, owned: ctx.owned === true });
      const r = tallyGame.decide(state, command, ctx);
      if (!r.ok || ctx.owned !== true) return r;
      Object.assign(state as object, r.value.state);
      return { ok: true, value: { ...r.value, state } };
    },
  };
}

describe('replay hands its own snapshots to the rules (DecideContext trusted and owned)', () => {
  it('property: GIVEN random play with undos and rules that change owned snapshots in place WHEN replayed from the genesis or a checkpoint THEN every mode rebuilds what plain rules rebuild, the starting snapshot is left as it was, and only the final-hash pass is told the commands are legal (a failing one falls back to a pass that is not)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.nat(), { minLength: 1, maxLength: 50 }), fc.nat(), (seed, picks, cut) => {
        const { g, log } = randomLog(seed, picks);
        const at = log.length === 0 ? 0 : cut % (log.length + 1);
        const head = replay(tallyGame, g, log.slice(0, at), undefined, { verify: 'every' });
        if (!head.ok) return;
        const starts = [undefined, { seq: log[at - 1]?.seq ?? 0, snapshot: head.snapshot }];
        for (const from of starts) {
          const before = canonicalJson(head.snapshot);
          const plain = replay(tallyGame, g, log, undefined, { verify: 'every', ...(from ? { from } : {}) });
          for (const verify of ['every', 'final', 'none'] as const) {
            const seen: { trusted: boolean; owned: boolean }[] = [];
            const r = replay(inPlaceTally(seen), g, log, undefined, { verify, ...(from ? { from } : {}) });
            if (plain.ok) expect(r).toEqual(plain);
            else expect(failure(r)).toEqual(failure(plain));
            if (verify !== 'final') expect(seen.some((s) => s.trusted)).toBe(false);
            else if (plain.ok) expect(seen.every((s) => s.trusted)).toBe(true);
          }
          expect(canonicalJson(head.snapshot), 'the checkpoint given to replay is untouched').toBe(before);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('GIVEN a log whose second command is later undone WHEN replayed checking the final hash only THEN the undone command and the first one (the genesis) get copies, the others the snapshot itself', () => {
    const { log } = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'add', args: { n: 2 } }]);
    const undo: LogEntry = { seq: 3, type: UNDO, args: { seq: 2 }, seat: 0, asHost: false, actorUserId: 'u0', at: '2026-01-01T00:03:00.000Z', nonce: 'undo', stateHashAfter: log[0]!.stateHashAfter, irreversible: false };
    const after = play([{ seat: 0, type: 'add', args: { n: 1 } }, { seat: 0, type: 'add', args: { n: 3 } }]).log[1]!;
    const seen: { trusted: boolean; owned: boolean }[] = [];
    const r = replay(inPlaceTally(seen), genesis, [...log, undo, { ...after, seq: 4, nonce: 'n4' }], undefined, { verify: 'final' });
    expect(r).toMatchObject({ ok: true, hash: after.stateHashAfter });
    expect(seen.map((s) => s.owned)).toEqual([false, false, true]);
  });
});
