import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tallyGame } from '../../test/support/tally-game.ts';
import { applyCommand, genesisSnapshot, planUndo, replay, UNDO, type Genesis, type LogEntry, type Snapshot } from './kernel.ts';
import { canonicalJson, stateHash } from './hash.ts';
import { createRng, seedRng } from './rng.ts';
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
