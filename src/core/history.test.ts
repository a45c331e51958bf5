import { describe, expect, it } from 'vitest';
import { tallyGame } from '../../test/support/tally-game.ts';
import { applyCommand, genesisSnapshot, UNDO, type Genesis, type LogEntry } from './kernel.ts';
import { publicStepsSince, replayPublic } from './history.ts';

const genesis: Genesis = { gameType: 'tally', rulesVersion: '1', options: { target: 50 }, seats: [{ index: 0, name: 'Ana' }, { index: 1, name: 'Ben' }], seed: 11 };

/** A log as the app writes it: each command applied in turn, undo entries popping the latest effective one. */
function logOf(commands: readonly { type: string; args?: Record<string, unknown>; seat: number }[]): LogEntry[] {
  let snapshot = genesisSnapshot(tallyGame, genesis, undefined);
  const history = [snapshot];
  return commands.map((c, i) => {
    const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    if (c.type === UNDO) {
      history.pop();
      snapshot = history.at(-1)!;
      return { seq: i + 1, type: UNDO, args: c.args as never, seat: c.seat, asHost: false, actorUserId: `u${c.seat}`, at, nonce: `n${i}`, stateHashAfter: '', irreversible: false };
    }
    const applied = applyCommand(tallyGame, snapshot, { type: c.type, args: c.args ?? {} }, { seat: c.seat, asHost: false, now: at }, undefined);
    if (!applied.ok) throw new Error(applied.error.code);
    snapshot = applied.value.snapshot;
    history.push(snapshot);
    return { seq: i + 1, type: c.type, args: applied.value.args, seat: c.seat, asHost: false, actorUserId: `u${c.seat}`, at, nonce: `n${i}`, stateHashAfter: applied.value.hash, irreversible: applied.value.irreversible };
  });
}

describe('publicStepsSince', () => {
  it('GIVEN moves by another seat, one taken back and one addressed privately WHEN a recap is built since my last move THEN it lists only the effective public moves after it', () => {
    const log = logOf([
      { type: 'add', args: { n: 1 }, seat: 0 },
      { type: 'pass', seat: 0 },
      { type: 'add', args: { n: 3 }, seat: 1 },
      { type: UNDO, args: { seq: 3 }, seat: 1 },
      { type: 'add', args: { n: 1 }, seat: 1 },
      { type: 'challenge', seat: 1 },
    ]);
    const steps = publicStepsSince(tallyGame, genesis, log, undefined, 2);
    expect(steps.map((s) => s.seq)).toEqual([5]);
    expect(steps[0]!.events).toEqual([{ to: 'public', code: 'tally.added', params: { seat: 1, n: 1 } }]);
    expect(publicStepsSince(tallyGame, genesis, log, undefined, 0).map((s) => s.seq)).toEqual([1, 2, 5]);
  });

  it('GIVEN a log with chance and a private event WHEN replayed for its public events without verifying THEN nothing differs from the verified replay but the hashes it skips', () => {
    const log = logOf([
      { type: 'roll', seat: 0 },
      { type: 'add', args: { n: 2 }, seat: 0 },
      { type: 'pass', seat: 0 },
      { type: 'challenge', seat: 1 },
    ]);
    const verified = replayPublic(tallyGame, genesis, log, undefined, true);
    const trusted = replayPublic(tallyGame, genesis, log, undefined, false);
    expect(verified.divergedAt).toBeNull();
    expect(trusted.divergedAt).toBeNull();
    expect(trusted.entries).toEqual(verified.entries);
    expect(trusted.snapshot).toEqual(verified.snapshot);
  });

  it('GIVEN a logged command whose arguments the rules throw on WHEN replayed without verifying THEN it is refused where it stands, not thrown', () => {
    const log = logOf([{ type: 'pass', seat: 0 }]);
    const throwing = { ...tallyGame, decide: (s: never, c: { type: string; args: Record<string, unknown> }, ctx: never) => {
      if (c.type === 'add' && typeof c.args.n !== 'number') throw new TypeError('n');
      return tallyGame.decide(s, c, ctx);
    } };
    const bad = [...log, { ...log[0]!, seq: 2, seat: 1, type: 'add', args: { n: 'x' }, nonce: 'bad' }];
    expect(replayPublic(throwing, genesis, bad, undefined, false).divergedAt).toBe(2);
  });
});
