import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, replay, stateHash, type GameCommand, type Genesis, type LogEntry, type Snapshot } from '../../core/index.ts';
import { adventureGame, inventoryOf, walkEffects, type AdventureState } from './index.ts';
import { saltLantern } from './pack-fixture.test.ts';

const pack = saltLantern();
const NOW = '2026-01-01T00:00:00Z';

function progress(s: AdventureState): string {
  const c = Object.fromEntries(Object.entries(s.cards).map(([n, p]) => [n, typeof p === 'number' ? 'held' : p]));
  return stateHash({ r: s.revealed, c, f: s.flags, ch: s.chapter, fin: s.finished, p: s.pending });
}

/** Codes the walker may try: every entry that is some digits followed by a location number. */
function codeCandidates(locations: number[]): { value: string; location: number }[] {
  return Object.keys(pack.entries).flatMap((id) =>
    locations.filter((l) => id.length > 3 && id.endsWith(String(l)) && !/^\d{2}$/.test(id.slice(0, -3)) ? true : false).map((location) => ({ value: id.slice(0, -3), location })),
  );
}

/** Every action a thorough team could try now, each with the gives and moves it needs first. */
function candidates(s: AdventureState): GameCommand[][] {
  const locations = s.revealed.flatMap((r) => r.locations);
  const held = Object.entries(s.cards).filter(([, p]) => typeof p === 'number').map(([n]) => Number(n));
  const gather = (cards: number[]) => cards.filter((c) => s.cards[String(c)] !== s.turn).map((card) => ({ type: 'give', args: { card, to: s.turn } }));
  const out: GameCommand[][] = [];
  for (const location of locations) out.push([{ type: 'explore', args: { location } }]);
  for (let i = 0; i < held.length; i++) {
    for (const location of locations) out.push([...gather([held[i]!]), { type: 'move', args: { location } }, { type: 'combine', args: { cards: [held[i]], location } }]);
    for (let j = i + 1; j < held.length; j++) {
      out.push([...gather([held[i]!, held[j]!]), { type: 'combine', args: { cards: [held[i], held[j]] } }]);
      for (let k = j + 1; k < held.length; k++) out.push([...gather([held[i]!, held[j]!, held[k]!]), { type: 'combine', args: { cards: [held[i], held[j], held[k]] } }]);
    }
  }
  for (const { value, location } of codeCandidates(locations)) out.push([{ type: 'code', args: { value, location } }]);
  return out;
}

function run(snap: Snapshot<AdventureState>, cmds: GameCommand[]): Snapshot<AdventureState> | null {
  let cur = snap;
  for (const cmd of cmds) {
    const r = applyCommand(adventureGame, cur, cmd, { seat: 0, asHost: false, now: NOW }, pack);
    if (!r.ok) return null;
    cur = r.value.snapshot;
  }
  while (cur.state.pending) cur = (applyCommand(adventureGame, cur, { type: 'choose', args: { option: 0 } }, { seat: 0, asHost: false, now: NOW }, pack) as { ok: true; value: { snapshot: Snapshot<AdventureState> } }).value.snapshot;
  if (!cur.state.finished) {
    const end = applyCommand(adventureGame, cur, { type: 'endTurn', args: {} }, { seat: 0, asHost: false, now: NOW }, pack);
    if (end.ok) cur = end.value.snapshot;
  }
  return cur;
}

describe('salt-lantern pack', () => {
  it('GIVEN the pack WHEN its entry graph is walked THEN every card, room and entry it references exists and every card can be reached', () => {
    const reachable = new Set<number>();
    for (const [id, entry] of Object.entries(pack.entries)) {
      walkEffects(entry.effects, [id], (effect) => {
        if (effect.op === 'takeCard') for (const c of effect.cards) reachable.add(c);
        if (effect.op === 'revealRoom') expect(pack.rooms[effect.room], `room ${effect.room} in ${id}`).toBeDefined();
        if ('cards' in effect) for (const c of effect.cards) expect(pack.cards[String(c)], `card ${c} in ${id}`).toBeDefined();
      });
    }
    for (const ch of pack.chapters) for (const c of ch.autoCards) reachable.add(c);
    expect(Object.keys(pack.cards).map(Number).filter((c) => !reachable.has(c))).toEqual([]);
    expect(Object.keys(pack.entries).length).toBeGreaterThanOrEqual(120);
    expect(Object.keys(pack.rooms)).toHaveLength(10);
    expect(Object.keys(pack.cards)).toHaveLength(40);
  });

  it('GIVEN a solo team that tries every action WHEN it keeps whatever changes the table THEN the adventure ends with a rating (solvable)', () => {
    let snap = genesisSnapshot(adventureGame, { gameType: 'adventure', rulesVersion: '1', options: { characters: 2 }, seats: [{ index: 0, name: 'solo' }], seed: 1 }, pack);
    const roomsSeen = new Set<string>();
    for (let round = 0; round < 400 && !snap.state.finished; round++) {
      const before = progress(snap.state);
      let moved = false;
      for (const cmds of candidates(snap.state)) {
        const next = run(snap, cmds);
        if (next && progress(next.state) !== before) {
          snap = next;
          moved = true;
          break;
        }
      }
      snap.state.revealed.forEach((r) => roomsSeen.add(r.room));
      if (!moved) console.log(JSON.stringify({ ch: snap.state.chapter, rooms: [...roomsSeen], cards: snap.state.cards, flags: snap.state.flags }));
      expect(moved).toBe(true);
    }
    expect(snap.state.finished).toBe(true);
    expect(snap.state.rating).not.toBeNull();
    expect(roomsSeen.size).toBe(10);
    expect(inventoryOf(snap.state, snap.state.turn).concat(inventoryOf(snap.state, 1 - snap.state.turn))).toContain(47);
  });
});

describe('adventure properties', () => {
  const genesis = (players: number, seed: number): Genesis => ({
    gameType: 'adventure',
    rulesVersion: '1',
    options: { characters: 2 },
    seats: Array.from({ length: players }, (_, index) => ({ index, name: `p${index}` })),
    seed,
  });

  it('GIVEN random legal play WHEN commands are applied THEN nothing throws, health stays legal (last card never lost) and replay reproduces every hash', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer(), fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), (players, seed, picks) => {
        const g = genesis(players, seed);
        let snap = genesisSnapshot(adventureGame, g, pack);
        const log: LogEntry[] = [];
        for (const pick of picks) {
          if (snap.state.finished) break;
          const seat = pick % players;
          const legal = adventureGame.legalCommands(snap.state, seat);
          if (legal.length === 0) continue;
          const cmd = legal[pick % legal.length]!;
          const r = applyCommand(adventureGame, snap, cmd, { seat, asHost: false, now: NOW }, pack);
          if (!r.ok) throw new Error(`legal command refused: ${JSON.stringify(cmd)} ${JSON.stringify(r.error)}`);
          snap = r.value.snapshot;
          log.push({ seq: log.length + 1, type: cmd.type, args: r.value.args, seat, asHost: false, actorUserId: `u${seat}`, at: NOW, nonce: `n${log.length}`, stateHashAfter: r.value.hash, irreversible: r.value.irreversible });
          for (const c of snap.state.characters) {
            expect(c.health.cards).toBeGreaterThanOrEqual(1);
            expect(c.health.flipped).toBeGreaterThanOrEqual(0);
            expect(c.health.flipped).toBeLessThanOrEqual(c.health.cards);
          }
        }
        const rebuilt = replay(adventureGame, g, log, pack);
        expect(rebuilt.ok).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
