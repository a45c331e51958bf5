import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, canonicalJson, genesisSnapshot, isSealed, replay, type Genesis, type LogEntry, type Snapshot } from '../../core/index.ts';
import { adventureGame, type AdventureState } from './index.ts';
import { saltLantern } from './pack-fixture.test.ts';

/** The stored hashes below were made with version 1.0.0's content, kept beside the newest for games that play it. */
const pack = saltLantern('1.0.0');

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Plays commands from legalCommands picked by `pick(step, count)`, the awaited seat acting (or the
 * seat of the pick when nobody is awaited). With `freeze`, every input snapshot is deep-frozen first.
 */
function play(seats: number, seed: number, steps: number, pick: (step: number, count: number) => number, freeze = false): { genesis: Genesis; log: LogEntry[]; last: Snapshot<AdventureState> } {
  const genesis: Genesis = { gameType: 'adventure', rulesVersion: '1', options: { characters: 2 }, seats: Array.from({ length: seats }, (_, index) => ({ index, name: `p${index}` })), seed };
  let snap = genesisSnapshot(adventureGame, genesis, pack);
  const log: LogEntry[] = [];
  for (let i = 0; i < steps && !snap.state.finished; i++) {
    const seat = adventureGame.awaiting(snap.state).seats[0] ?? 0;
    const legal = adventureGame.legalCommands(snap.state, seat);
    if (legal.length === 0) break;
    const command = legal[pick(i, legal.length)] as (typeof legal)[number];
    const at = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
    if (freeze) deepFreeze(snap);
    const r = applyCommand(adventureGame, snap, command, { seat, asHost: false, now: at }, pack);
    if (!r.ok) throw new Error(`legal command refused: ${JSON.stringify(command)} ${r.error.code}`);
    snap = r.value.snapshot;
    log.push({ seq: i + 1, type: command.type, args: r.value.args, seat, asHost: false, actorUserId: `u${seat}`, at, nonce: `n${i}`, stateHashAfter: r.value.hash, irreversible: r.value.irreversible });
  }
  return { genesis, log, last: snap };
}

describe('adventure replay and purity', () => {
  it('property: GIVEN random play WHEN replayed checking the final hash only THEN the snapshot and hash equal a full check\'s', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer(), fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (seats, seed, picks) => {
        const { genesis, log, last } = play(seats, seed, 120, (i, n) => (picks[i % picks.length] as number) % n);
        const every = replay(adventureGame, genesis, log, pack, { verify: 'every' });
        expect(every.ok && canonicalJson(every.snapshot)).toBe(canonicalJson(last));
        expect(replay(adventureGame, genesis, log, pack, { verify: 'final' })).toEqual(every);
      }),
      { numRuns: 40 },
    );
  });

  it('property: GIVEN random play from deep-frozen input snapshots WHEN each command is decided THEN decide never writes to its input and the game is the same as with writable inputs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer(), fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (seats, seed, picks) => {
        const pick = (i: number, n: number) => (picks[i % picks.length] as number) % n;
        const frozen = play(seats, seed, 120, pick, true);
        const writable = play(seats, seed, 120, pick);
        expect(frozen.log.map((e) => e.stateHashAfter)).toEqual(writable.log.map((e) => e.stateHashAfter));
      }),
      { numRuns: 40 },
    );
  });

  it('GIVEN a decided state WHEN inspected THEN each of its parts is sealed and the pack it came from is still writable', () => {
    const { last } = play(2, 3, 60, (i, n) => (i * 7 + 3) % n);
    for (const part of Object.values(last.state)) if (typeof part === 'object' && part !== null) expect(isSealed(part)).toBe(true);
    expect(Object.isFrozen(pack.rooms)).toBe(false);
    expect(Object.values(pack.entries).some((e) => Object.isFrozen(e.effects))).toBe(false);
  });

  it('GIVEN a fixed two-seat game of 300 commands WHEN played and replayed THEN its hashes are those stored before sealed parts and the new serializer (rules version 2: entries score once, chapters end once)', () => {
    const { genesis, log } = play(2, 3, 300, (i, n) => (i * 7 + 3) % n);
    expect(log).toHaveLength(300);
    expect(log.at(-1)?.stateHashAfter).toBe('3046b4cf2346f7ad11034f0be71b231d');
    for (const verify of ['every', 'final'] as const) expect(replay(adventureGame, genesis, log, pack, { verify })).toMatchObject({ ok: true, hash: '3046b4cf2346f7ad11034f0be71b231d' });
  });
});
