import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packText } from '../content.ts';
import { loadLifeformPack, VALLEY_FORGE_DIR } from '../fixture.test-helper.ts';

async function withEdited(edit: (text: string) => string): Promise<Awaited<ReturnType<typeof loadLifeformPack>>> {
  const dir = mkdtempSync(join(tmpdir(), 'lifeform-solo-'));
  try {
    cpSync(VALLEY_FORGE_DIR, dir, { recursive: true });
    const file = join(dir, 'solo.yaml');
    // The edits below name the starter's lines (fixtures/solo-starter), not the shipped decks', which may grow.
    writeFileSync(file, edit(readFileSync(join(import.meta.dirname, '../fixtures/solo-starter/solo.yaml'), 'utf8')));
    return await loadLifeformPack(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const failure = (r: Awaited<ReturnType<typeof loadLifeformPack>>): string => (r.ok ? 'ok' : r.errors.map((e) => `${e.file} ${e.path}: ${e.message}`).join('\n'));

describe("solo.yaml (Dragon's Domain, docs/lifeform-pack.md)", () => {
  it('§SETUP (Dragon\'s Domain): GIVEN Valley Forge 1.3.0 WHEN validated THEN solo.yaml gives three crisis decks, three traits in three areas, one PROXIMITY ALERT! and the 5+1 container', async () => {
    const r = await loadLifeformPack(VALLEY_FORGE_DIR);
    if (!r.ok) throw new Error(failure(r));
    const solo = r.pack.solo?.solo;
    expect(solo).toBeDefined();
    expect(new Set(solo?.crisis.map((c) => c.deck))).toEqual(new Set(['a', 'b', 'c']));
    expect(solo?.traits).toHaveLength(3);
    expect(solo?.traitAreas).toHaveLength(3);
    expect(solo?.motion.spaces.filter((x) => x.effect === 'alert')).toHaveLength(1);
    expect(solo?.setup.container).toEqual({ alive: 5, killed: 1 });
    expect(packText(r.pack, 'solo.solo.crisis.crisis-a-galley-fire.options.0.text', 'es')).toMatch(/\w/);
  });

  it('GIVEN solo.yaml naming a chamber the ship lacks WHEN validated THEN refused naming solo.yaml and the path', async () => {
    const r = await withEdited((t) => t.replace('start: galley', 'start: nowhere'));
    expect(failure(r)).toMatch(/solo\.yaml .*setup\/start: a chamber id of ship\.yaml, got nowhere/);
  });

  it('§MOTION TRACKER BOARD: GIVEN a motion space that cannot reach PROXIMITY ALERT! or a second alert WHEN validated THEN refused', async () => {
    const r = await withEdited((t) => t.replace('next: [motion-near], back: motion-c2', 'next: [motion-tough], back: motion-c2'));
    expect(failure(r)).toMatch(/PROXIMITY ALERT! can be reached/);
    const two = await withEdited((t) => t.replace('{ id: motion-near, at: [5, 1], effect: selfDestruct', '{ id: motion-near, at: [5, 1], effect: alert'));
    expect(failure(two)).toMatch(/exactly one space with effect: alert|no way on/);
  });

  it('GIVEN a killed chit in a chamber without a vent, or a crisis id used elsewhere in the pack WHEN validated THEN refused', async () => {
    const r = await withEdited((t) => t.replace('killedChits: [crew-quarters', 'killedChits: [galley'));
    expect(failure(r)).toMatch(/a vent chamber, got galley/);
    const dup = await withEdited((t) => t.replace('id: crisis-b-loose-crate', 'id: crisis-a-galley-fire'));
    expect(failure(dup)).toMatch(/an id used once in the pack, got crisis-a-galley-fire/);
  });
});
