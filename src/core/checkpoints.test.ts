import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tallyGame, type TallyState } from '../../test/support/tally-game.ts';
import { CHECKPOINT_AT_MOST, CHECKPOINT_EVERY, checkpointDue, verifySegments, type Checkpoint } from './checkpoints.ts';
import type { GameModule } from './game.ts';
import { applyCommand, genesisSnapshot, type Genesis, type LogEntry, type Snapshot } from './kernel.ts';
import { ok } from './result.ts';

const genesis: Genesis = { gameType: 'tally', rulesVersion: '1', options: { target: 50 }, seats: [{ index: 0, name: 'A' }, { index: 1, name: 'B' }], seed: 3 };

/** Rules 2 of the tally game: `pass` also scores a point, so a version 1 log replays to other hashes. */
const tallyV2: GameModule<TallyState, { target: number }> = {
  ...tallyGame,
  rulesVersion: '2',
  decide(state, command, ctx) {
    const r = tallyGame.decide(state, command, ctx);
    if (!r.ok || command.type !== 'pass' || ctx.seat === null) return r;
    const scores = r.value.state.scores.slice();
    scores[ctx.seat] = (scores[ctx.seat] ?? 0) + 1;
    return ok({ ...r.value, state: { ...r.value.state, scores } });
  },
};

/** Plays `commands` under `module` from `start`, logging them from seq `first`. */
function playAll(module: GameModule<TallyState, any>, start: Snapshot<TallyState>, commands: readonly [number, string, Record<string, unknown>][], first: number) {
  let snap = start;
  const log: LogEntry[] = [];
  commands.forEach(([seat, type, args], i) => {
    const r = applyCommand(module, snap, { type, args }, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, undefined);
    if (!r.ok) throw new Error(r.error.code);
    snap = r.value.snapshot;
    log.push({ seq: first + i, type, args: r.value.args, seat, asHost: false, actorUserId: `u${seat}`, at: '2026-01-01T00:00:00.000Z', nonce: `n${first + i}`, stateHashAfter: r.value.hash, irreversible: r.value.irreversible });
  });
  return { snap, log, hash: log.at(-1)?.stateHashAfter ?? '' };
}

const turn: [number, string, Record<string, unknown>][] = [[0, 'add', { n: 2 }], [0, 'pass', {}], [1, 'roll', {}], [1, 'pass', {}]];

/** Four commands under rules 1, a rules checkpoint, four more under rules 2. */
function movedOn() {
  const old = playAll(tallyGame, genesisSnapshot(tallyGame, genesis, undefined), turn, 1);
  const checkpoint: Checkpoint = { seq: 4, rulesVersion: '2', snapshot: old.snap, hash: old.hash };
  const next = playAll(tallyV2, old.snap, turn, 5);
  return { log: [...old.log, ...next.log], checkpoint, end: next };
}

describe('checkpoints (issue 21 "Durable across upgrades and months")', () => {
  it(`GIVEN any run of reversible and irreversible commands WHEN cadence checkpoints are taken THEN no more than ${CHECKPOINT_AT_MOST} commands ever follow the latest one, and none is taken before ${CHECKPOINT_EVERY}`, () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 1500 }), (irreversible) => {
        let last = 0;
        irreversible.forEach((flag, i) => {
          const seq = i + 1;
          if (checkpointDue(last, seq, flag)) {
            expect(seq - last).toBeGreaterThanOrEqual(CHECKPOINT_EVERY);
            last = seq;
          }
          expect(seq - last).toBeLessThan(CHECKPOINT_AT_MOST);
        });
      }),
    );
  });

  it('GIVEN a log that moved on from rules 1 to 2 WHEN the running module has only rules 2 THEN the old segment is anchored at its checkpoint and the new one replayed to the same end', () => {
    const { log, checkpoint, end } = movedOn();
    const r = verifySegments(tallyV2, genesis, log, [checkpoint], undefined);
    expect(r).toMatchObject({ ok: true, hash: end.hash, segments: [{ from: 0, to: 4, rulesVersion: '1', checked: 'anchored' }, { from: 4, to: 8, rulesVersion: '2', checked: 'replayed' }] });
  });

  it('GIVEN a module that still plays rules 1 WHEN a moved-on log is verified THEN both segments are replayed, and a module that only claims to is caught at the first hash it changes', () => {
    const old = playAll(tallyGame, genesisSnapshot(tallyGame, genesis, undefined), turn, 1);
    const next = playAll(tallyGame, old.snap, turn, 5);
    const log = [...old.log, ...next.log];
    const checkpoint: Checkpoint = { seq: 4, rulesVersion: '2', snapshot: old.snap, hash: old.hash };
    const keeps: GameModule<TallyState, any> = { ...tallyGame, rulesVersion: '2', olderRulesVersions: ['1'] };
    expect(verifySegments(keeps, genesis, log, [checkpoint], undefined)).toMatchObject({ ok: true, segments: [{ checked: 'replayed' }, { checked: 'replayed' }] });
    const claims: GameModule<TallyState, any> = { ...tallyV2, olderRulesVersions: ['1'] };
    expect(verifySegments(claims, genesis, log, [checkpoint], undefined)).toMatchObject({ ok: false, reason: 'hash', seq: 2 });
  });

  it('GIVEN a forged checkpoint state WHEN verified THEN it is refused at the checkpoint, even though the old rules are gone', () => {
    const { log, checkpoint } = movedOn();
    const forged: Checkpoint = { ...checkpoint, snapshot: { ...checkpoint.snapshot, state: { ...(checkpoint.snapshot.state as TallyState), scores: [40, 0] } } };
    expect(verifySegments(tallyV2, genesis, log, [forged], undefined)).toMatchObject({ ok: false, reason: 'checkpoint', seq: 4 });
    const rehashed = { ...forged, hash: 'x' };
    expect(verifySegments(tallyV2, genesis, log, [rehashed], undefined)).toMatchObject({ ok: false, reason: 'checkpoint', seq: 4 });
  });

  it('GIVEN a log whose last segment runs under rules the module no longer has WHEN verified THEN it says the rules are gone', () => {
    const old = playAll(tallyGame, genesisSnapshot(tallyGame, genesis, undefined), turn, 1);
    expect(verifySegments(tallyV2, genesis, old.log, [], undefined)).toMatchObject({ ok: false, reason: 'rules', expected: '2', actual: '1' });
  });
});
