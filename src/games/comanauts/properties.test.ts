import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, canonicalJson, genesisSnapshot, replay, type Genesis, type LogEntry, type Snapshot } from '../../core/index.ts';
import { allDice } from './engine.ts';
import { comanautsGame } from './index.ts';
import { pack } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

function dicePlacedOnce(s: ComanautsState): boolean {
  const all = allDice(s);
  return all.length === Object.keys(s.dice.kinds).length && new Set(all).size === all.length;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Plays by picking among legalCommands with the given choices; checks invariants after every step.
 * With `freeze`, every input snapshot is deep-frozen first, so a decide that writes to its input throws.
 */
function play(seed: number, seats: number, choices: readonly number[], steps: number, freeze = false): { log: LogEntry[]; genesis: Genesis; last: Snapshot<ComanautsState> } {
  const genesis: Genesis = { gameType: 'comanauts', rulesVersion: '1', options: {}, seats: Array.from({ length: seats }, (_, i) => ({ index: i, name: `p${i}` })), seed };
  let snap = genesisSnapshot(comanautsGame, genesis, pack);
  const log: LogEntry[] = [];
  for (let i = 0; i < steps && comanautsGame.status(snap.state).phase === 'playing'; i++) {
    const seat = comanautsGame.awaiting(snap.state).seats[0] as number;
    const legal = comanautsGame.legalCommands(snap.state, seat);
    expect(legal.length).toBeGreaterThan(0);
    const pick = choices[i % choices.length] as number;
    const command = pick % 5 === 0 && legal.some((c) => c.type === 'endActions') ? { type: 'endActions', args: {} } : (legal[pick % legal.length] as (typeof legal)[number]);
    const at = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
    if (freeze) deepFreeze(snap);
    const res = applyCommand(comanautsGame, snap, command, { seat, asHost: false, now: at }, pack);
    if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)} ${JSON.stringify(res.error)}`);
    snap = res.value.snapshot;
    log.push({ seq: i + 1, type: command.type, args: res.value.args, seat, asHost: false, actorUserId: `u${seat}`, at, nonce: `n${i}`, stateHashAfter: res.value.hash, irreversible: res.value.irreversible });
    expect(dicePlacedOnce(snap.state)).toBe(true);
    expect(snap.state.players.every((p) => p.avatar.life >= 0 && p.clarity >= 0)).toBe(true);
  }
  return { log, genesis, last: snap };
}

describe('comanauts properties', () => {
  it('Rules §Player Turn (property): GIVEN random legal play WHEN any command from legalCommands is applied THEN nothing throws, every die is in exactly one place and life force is never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 4 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 40 }), (seed, seats, choices) => {
        play(seed, seats, choices, 200);
      }),
      { numRuns: 30 },
    );
  });

  it('GIVEN a random game log WHEN replayed through src/core replay THEN every stored hash is reproduced', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 30 }), (seed, choices) => {
        const { log, genesis, last } = play(seed, 2, choices, 120);
        const replayed = replay(comanautsGame, genesis, log, pack);
        expect(replayed.ok).toBe(true);
        if (replayed.ok) expect(replayed.snapshot.state).toEqual(last.state);
        expect(replay(comanautsGame, genesis, log, pack, { verify: 'final' })).toEqual(replayed);
      }),
      { numRuns: 12 },
    );
  });

  it('property: GIVEN random play from deep-frozen input snapshots WHEN each command is decided THEN decide never writes to its input and the game is the same as with writable inputs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 4 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 30 }), (seed, seats, choices) => {
        const frozen = play(seed, seats, choices, 150, true);
        const writable = play(seed, seats, choices, 150);
        expect(frozen.log.map((e) => e.stateHashAfter)).toEqual(writable.log.map((e) => e.stateHashAfter));
        expect(canonicalJson(frozen.last)).toBe(canonicalJson(writable.last));
      }),
      { numRuns: 12 },
    );
  });

  it('GIVEN a fixed three-seat game that crosses to the second page WHEN played and replayed THEN its hashes are those stored before the sealed pack data and the new serializer', () => {
    const genesis: Genesis = { gameType: 'comanauts', rulesVersion: '1', options: {}, seats: [0, 1, 2].map((i) => ({ index: i, name: `p${i}` })), seed: 4 };
    let snap = genesisSnapshot(comanautsGame, genesis, pack);
    const log: LogEntry[] = [];
    for (let i = 0; i < 400 && comanautsGame.status(snap.state).phase === 'playing'; i++) {
      const seat = comanautsGame.awaiting(snap.state).seats[0] ?? 0;
      const legal = comanautsGame.legalCommands(snap.state, seat);
      const command = legal[(i * 7 + 3) % legal.length] as (typeof legal)[number];
      const at = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
      const res = applyCommand(comanautsGame, snap, command, { seat, asHost: false, now: at }, pack);
      if (!res.ok) throw new Error(`legal command refused: ${res.error.code}`);
      snap = res.value.snapshot;
      log.push({ seq: i + 1, type: command.type, args: res.value.args, seat, asHost: false, actorUserId: `u${seat}`, at, nonce: `n${i}`, stateHashAfter: res.value.hash, irreversible: res.value.irreversible });
    }
    expect(snap.state.page.id).toBe('hall');
    expect(log).toHaveLength(292);
    expect(log.at(-1)?.stateHashAfter).toBe('750f9240a606c4bd1e153fe18abb291d');
    for (const verify of ['every', 'final'] as const) expect(replay(comanautsGame, genesis, log, pack, { verify })).toMatchObject({ ok: true, hash: '750f9240a606c4bd1e153fe18abb291d' });
  });

  it('GIVEN random play WHEN the public view is built THEN it never shows face-down avatars, the Prime I.D. before it appears, or the bag and vital-signs order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 30 }), (seed, choices) => {
        const { last } = play(seed, 3, choices, 150);
        const s = last.state;
        const text = JSON.stringify(comanautsGame.publicView(s));
        for (const p of s.players) for (const card of p.avatarCards.slice(p.current + 1)) expect(text).not.toContain(`"${card}"`);
        if (!s.enemies.some((e) => e.card === s.primeEntity)) expect(text).not.toContain(`"${s.primeEntity}"`);
        for (const die of s.dice.bag) expect(text).not.toContain(`"${die}"`);
        expect(text).not.toContain('vitalDeck');
      }),
      { numRuns: 12 },
    );
  });
});
