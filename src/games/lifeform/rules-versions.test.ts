import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, type GameCommand, type Genesis } from '../../core/index.ts';
import { loadLifeformPack } from './fixture.test-helper.ts';
import { lifeformGame } from './index.ts';
import type { LifeformState } from './state.ts';

interface Recorded {
  readonly seed: number;
  readonly seats: number;
  readonly commands: [number, string, Record<string, unknown>][];
  readonly hashes: Record<string, string>;
}

/**
 * Random games recorded by the rules 1 engine (commit f42dafb, Valley Forge 1.0.0) with their state hashes
 * every 25 commands: a game created under rules 1 must replay to the same hashes under this engine.
 */
const recorded = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/rules1-games.json'), 'utf8')) as Recorded[];

describe('lifeform rules versions', () => {
  it('GIVEN games recorded under rules 1 with the Valley Forge 1.0.0 WHEN replayed by this engine THEN every recorded hash is reproduced (rules 2 changes nothing for them)', async () => {
    const loaded = await loadLifeformPack(join(import.meta.dirname, '../../../assets/packs/lifeform/valley-forge@1.0.0'));
    if (!loaded.ok) throw new Error('valley-forge@1.0.0 does not load');
    expect(lifeformGame.olderRulesVersions).toContain('1');
    let checked = 0;
    for (const g of recorded) {
      const genesis: Genesis = { gameType: 'lifeform', rulesVersion: '1', options: {}, seats: Array.from({ length: g.seats }, (_, i) => ({ index: i, name: `p${i}` })), seed: g.seed };
      let snap = genesisSnapshot(lifeformGame, genesis, loaded.pack);
      expect((snap.state as LifeformState).rules).toBeUndefined();
      g.commands.forEach(([seat, type, args], i) => {
        const at = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
        const r = applyCommand(lifeformGame, snap, { type, args } as GameCommand, { seat, asHost: false, now: at }, loaded.pack);
        if (!r.ok) throw new Error(`game ${g.seed} step ${i}: ${type} refused: ${r.error.code}`);
        snap = r.value.snapshot;
        const want = g.hashes[String(i)];
        if (want !== undefined) {
          expect(r.value.hash, `game ${g.seed} step ${i}`).toBe(want);
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThanOrEqual(24);
  });
});
