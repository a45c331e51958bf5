import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, canonicalJson, createRng, genesisSnapshot, isSealed, seedRng, type Genesis, type Snapshot } from '../../core/index.ts';
import { draftOf, resume } from './engine.ts';
import { comanautsGame } from './index.ts';
import { decideCommand } from './rules.ts';
import { giveHand, mutate, newGame, pack, putAvatar, putEnemy, scripted } from './scenario.test-helper.ts';
import type { ComanautsState, PromptKind, Work } from './state.ts';

/** Every state of a random legal game, genesis included. */
function states(seed: number, seats: number, steps: number, rulesVersion = '1'): ComanautsState[] {
  const genesis: Genesis = { gameType: 'comanauts', rulesVersion, options: {}, seats: Array.from({ length: seats }, (_, i) => ({ index: i, name: `p${i}` })), seed };
  const chooser = createRng(seedRng(seed));
  let snap: Snapshot<ComanautsState> = genesisSnapshot(comanautsGame, genesis, pack);
  const out = [snap.state];
  for (let i = 0; i < steps && comanautsGame.status(snap.state).phase === 'playing'; i++) {
    const seat = comanautsGame.awaiting(snap.state).seats[0] ?? 0;
    const legal = comanautsGame.legalCommands(snap.state, seat);
    const res = applyCommand(comanautsGame, snap, legal[chooser.int(0, legal.length - 1)] as (typeof legal)[number], { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
    if (!res.ok) throw new Error(res.error.code);
    snap = res.value.snapshot;
    out.push(snap.state);
  }
  return out;
}

/** Objects and arrays reachable from `value`, stopping at sealed ones. */
function containers(value: unknown, out = new Set<object>()): Set<object> {
  if (typeof value !== 'object' || value === null || isSealed(value) || out.has(value)) return out;
  out.add(value);
  for (const child of Object.values(value)) containers(child, out);
  return out;
}

describe('comanauts drafts', () => {
  it('property: GIVEN any state of random play WHEN drafted THEN its canonical JSON is unchanged and it shares nothing writable with the state but work items, the prompt and the outcome', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 4 }), fc.constantFrom('1', comanautsGame.rulesVersion), (seed, seats, version) => {
        for (const s of states(seed, seats, 120, version)) {
          const d = draftOf(s);
          expect(canonicalJson(d)).toBe(canonicalJson(s));
          expect(Object.keys(d).sort()).toEqual(Object.keys(s).sort());
          const shared = new Set<object>([...s.work, ...(s.prompt ? containers(s.prompt) : []), ...(s.outcome ? [s.outcome] : [])]);
          for (const w of s.work) for (const c of containers(w)) shared.add(c);
          const mine = containers(s);
          for (const c of containers(d)) if (mine.has(c)) expect(shared.has(c)).toBe(true);
          expect(isSealed(d.catalogue) && isSealed(d.page) && isSealed(d.dice.kinds)).toBe(true);
        }
      }),
      { numRuns: 8 },
    );
  });

  it('GIVEN a prompt pending on a shared work item WHEN it is answered THEN the answer goes into a new item and the input state keeps its own', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['red']);
      putEnemy(d, 'paper-wraith', 'gate', 3);
      putAvatar(d, 0, 'gate', 0);
      d.players[0]!.stored = d.dice.hand.pop() ?? null;
      d.work = [{ k: 'attack', seat: 0, strength: 2 }];
      d.prompt = { seat: 0, kind: 'defend', options: ['defend', 'take'], params: { strength: 2 } };
    });
    const before = canonicalJson(s);
    const r = decideCommand(s, { type: 'answer', args: { value: 'take' } }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: scripted([]), asHost: false, pack });
    expect(r.ok).toBe(true);
    expect(canonicalJson(s)).toBe(before);
    expect(s.work[0]).toEqual({ k: 'attack', seat: 0, strength: 2 });
  });

  it('GIVEN each kind of work item that waits on a prompt WHEN resumed with an answer THEN it is the item with that one field set, as JSON holds it', () => {
    const cases: [Work, PromptKind, string, Record<string, unknown>][] = [
      [{ k: 'startTurn' }, 'morassReturn', 'gate', { morassChoice: 'gate' }],
      [{ k: 'startTurn', morassChoice: 'gate' }, 'avatarSpot', '2', { spot: 2 }],
      [{ k: 'placeThreat', choice: '' }, 'returnHostile', 'paper-wraith@gate', { choice: 'paper-wraith@gate' }],
      [{ k: 'attack', seat: 1, strength: 3, status: 'burning' }, 'defend', 'defend', { defend: true }],
      [{ k: 'roll', seat: 0, dice: ['red-01'], faces: [2], purpose: { kind: 'search', item: 'lamp' } }, 'reroll', 'keep', { answer: 'keep' }],
      [{ k: 'gainItem', seat: 0, item: 'lamp' }, 'gainItem', 'discard', { answer: 'discard' }],
      [{ k: 'activate', enemy: 'e1', face: 4 }, 'enemyGoal', 'gate', { goal: 'gate' }],
      [{ k: 'activate', enemy: 'e1', face: 4, goal: 'gate' }, 'enemyEnd', 'hall', { end: 'hall' }],
      [{ k: 'activate', enemy: 'e1', face: 4, goal: 'gate', end: 'hall' }, 'enemySpot', '1', { spot: 1 }],
      [{ k: 'activate', enemy: 'e1', face: 4, moved: true }, 'enemyTarget', '0', { target: 0 }],
    ];
    for (const [w, kind, value, set] of cases) {
      const next = resume(w, kind, value);
      expect(next).not.toBe(w);
      expect(JSON.parse(JSON.stringify(next))).toEqual({ ...w, ...set });
    }
    const done: Work = { k: 'nextTurn' };
    expect(resume(done, undefined, 'x')).toBe(done);
  });

  it('Rules §Vital Signs: GIVEN a command that turns a vital sign over WHEN decided THEN the outcome is marked revealed (it forms the undo barrier); a command that turns none is not', () => {
    const s = mutate(newGame(), (d) => {
      giveHand(d, ['white', 'child'], 'clarity');
    });
    const revealing = decideCommand(s, { type: 'rollClarity', args: { count: 1 } }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: scripted([6, 3]), asHost: false, pack });
    expect(revealing.ok && revealing.value.revealed).toBe(true);
    const quiet = mutate(newGame(), (d) => giveHand(d, ['red', 'red']));
    const plain = decideCommand(quiet, { type: 'endActions', args: {} }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: scripted([]), asHost: false, pack });
    expect(plain.ok && plain.value.revealed).toBe(false);
  });
});
