import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, type GameCommand, type Genesis } from '../../../core/index.ts';
import { loadValleyForge } from '../fixture.test-helper.ts';
import { lifeformGame } from '../index.ts';

interface Recorded {
  readonly seed: number;
  readonly options: Record<string, unknown>;
  readonly commands: [string, Record<string, unknown>][];
  readonly hashes: Record<string, string>;
}

/**
 * Dragon's Domain games recorded by the rules 2 engine (main at commit d8ed37b, Valley Forge 1.3.0; random play that
 * favours crisis payments and collecting) with their state hashes every 10 commands and at the end.
 */
const recorded = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/solo-rules2-games.json'), 'utf8')) as Recorded[];
const pack = await loadValleyForge('1.3.0');

/** Replays a recorded game under a rules version: the hashes that match, and the first step refused or differing. */
function replayUnder(g: Recorded, rulesVersion: string): { matched: number; differs: number | null } {
  const genesis: Genesis = { gameType: 'lifeform', rulesVersion, options: g.options, seats: [{ index: 0, name: 'p0' }], seed: g.seed };
  let snap = genesisSnapshot(lifeformGame, genesis, pack);
  let matched = 0;
  for (const [i, [type, args]] of g.commands.entries()) {
    const at = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
    const r = applyCommand(lifeformGame, snap, { type, args } as GameCommand, { seat: 0, asHost: false, now: at }, pack);
    if (!r.ok) return { matched, differs: i };
    snap = r.value.snapshot;
    const want = g.hashes[String(i)];
    if (want === undefined) continue;
    if (r.value.hash !== want) return { matched, differs: i };
    matched++;
  }
  return { matched, differs: null };
}

describe("Dragon's Domain rules versions", () => {
  it('GIVEN solo games recorded under rules 2 WHEN replayed by this engine under rules 2 THEN every recorded hash is reproduced (rules 3 and the new variants change nothing for them)', () => {
    expect(lifeformGame.olderRulesVersions).toContain('2');
    let checked = 0;
    for (const g of recorded) {
      const r = replayUnder(g, '2');
      expect(r.differs, `game ${g.seed}`).toBeNull();
      checked += r.matched;
    }
    expect(checked).toBeGreaterThanOrEqual(80);
  });

  it('GIVEN the same recorded games WHEN replayed under rules 3 THEN some part ways (a card paying two crisis icons, a power outage bonus asked), so the rules 2 replay above does test the gate', () => {
    expect(lifeformGame.olderRulesVersions).toContain('3');
    expect(recorded.filter((g) => replayUnder(g, '3').differs !== null).length).toBeGreaterThan(0);
  });
});
