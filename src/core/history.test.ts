import { describe, expect, it } from 'vitest';
import { tallyGame } from '../../test/support/tally-game.ts';
import { applyCommand, genesisSnapshot, UNDO, type Genesis, type LogEntry } from './kernel.ts';
import { publicStepsSince } from './history.ts';

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
});
