import { expect } from 'vitest';
import { applyCommand, genesisSnapshot, type Genesis, type LogEntry, type Snapshot } from '../../core/index.ts';
import { pack } from './fixture.test-helper.ts';
import { comaWardGame } from './index.ts';
import { itemUids } from './rules.ts';
import type { CwState } from './state.ts';

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Every deck card is in exactly one place: a deck, a discard pile, a slot, a hand, the floor, or found as a clue. */
export function cardsInOnePlace(s: CwState): void {
  const items = [...s.decks.items, ...s.discards.items, ...s.players.flatMap((p) => p.items), ...Object.values(s.floor).flat(), ...s.clues.map((c) => c.item)].filter((u) => !u.includes('~p'));
  expect([...items].sort()).toEqual(itemUids(pack).sort());
  const rooms = [...s.decks.rooms, ...s.discards.rooms, ...Object.values(s.slots).filter((x) => x.kind === 'room').map((x) => x.card)];
  expect([...rooms].sort()).toEqual(pack.rooms.map((r) => r.id).sort());
  const hRooms = [...s.decks.hallucinationRooms, ...Object.values(s.slots).filter((x) => x.kind === 'hallucinationRoom').map((x) => x.card)];
  expect([...hRooms].sort()).toEqual(pack.hallucinationRooms.map((r) => r.id).sort());
  const pending = s.pending && 'card' in s.pending ? [s.pending.card] : [];
  const halls = [...s.decks.hallucinations, ...s.discards.hallucinations, ...pending];
  expect([...halls].sort()).toEqual(pack.hallucinations.flatMap((h) => h.versions.map((v) => `${h.id}/${v.id}`)).sort());
}

export function pickCommand(snap: Snapshot<CwState>, choice: number): { seat: number; command: { type: string; args: Record<string, unknown> } } {
  const aw = comaWardGame.awaiting(snap.state);
  const seat = aw.seats[0] as number;
  const legal = comaWardGame.legalCommands(snap.state, seat);
  const end = legal.find((c) => c.type === 'endturn');
  const command = choice % 4 === 0 && end ? end : (legal[choice % legal.length] as { type: string; args: Record<string, unknown> });
  return { seat, command };
}

/** Random legal play; checks the invariants after every step. */
export function play(seed: number, n: number, choices: readonly number[], steps: number, freeze = false, options: Record<string, unknown> = {}) {
  const genesis: Genesis = { gameType: 'comaward', rulesVersion: comaWardGame.rulesVersion, options, seats: Array.from({ length: n }, (_, i) => ({ index: i, name: `p${i}` })), seed };
  let snap: Snapshot<CwState> = genesisSnapshot(comaWardGame, genesis, pack);
  const log: LogEntry[] = [];
  for (let i = 0; i < steps && comaWardGame.status(snap.state).phase === 'playing'; i++) {
    const { seat, command } = pickCommand(snap, choices[i % choices.length] as number);
    const at = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
    if (freeze) deepFreeze(snap);
    const res = applyCommand(comaWardGame, snap, command, { seat, asHost: false, now: at }, pack);
    if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)} ${JSON.stringify(res.error)}`);
    snap = res.value.snapshot;
    log.push({ seq: i + 1, type: command.type, args: res.value.args, seat, asHost: false, actorUserId: `u${seat}`, at, nonce: `n${i}`, stateHashAfter: res.value.hash, irreversible: res.value.irreversible });
    const s = snap.state;
    for (const p of s.players) {
      expect(p.health).toBeGreaterThanOrEqual(0);
      expect(p.health).toBeLessThanOrEqual(5);
      expect(p.terror).toBeGreaterThanOrEqual(0);
      expect(p.terror).toBeLessThanOrEqual(pack.mat.maxTerror);
      expect(p.alive).toBe(p.health > 0);
    }
    cardsInOnePlace(s);
    if (comaWardGame.status(s).phase === 'playing') expect(comaWardGame.legalCommands(s, comaWardGame.awaiting(s).seats[0] as number).length).toBeGreaterThan(0);
  }
  return { log, genesis, last: snap };
}

