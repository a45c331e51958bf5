import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looseObjectPaths } from '../../content/schema.ts';
import { lifeformPackSchema, packText } from './content.ts';
import { loadLifeformPack, VALLEY_FORGE_DIR } from './fixture.test-helper.ts';

async function withEdited(file: string, edit: (text: string) => string): Promise<Awaited<ReturnType<typeof loadLifeformPack>>> {
  const dir = mkdtempSync(join(tmpdir(), 'lifeform-pack-'));
  try {
    cpSync(VALLEY_FORGE_DIR, dir, { recursive: true });
    writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
    return await loadLifeformPack(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('lifeform pack format (docs/lifeform-pack.md)', () => {
  it('§SETUP: GIVEN the Valley Forge pack WHEN validated THEN it passes with three decks, ten characters with both sides, three stowaway cards and an android path from Hypersleep to the Shuttle Bay', async () => {
    const r = await loadLifeformPack(VALLEY_FORGE_DIR);
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    expect(r.pack.ship.decks.map((d) => d.id)).toEqual(['a', 'b', 'c']);
    expect(r.pack.characters).toHaveLength(10);
    for (const c of r.pack.characters) expect(Object.keys(c.sides).sort()).toEqual(['duo', 'group']);
    expect(r.pack.stowaways).toHaveLength(3);
    expect(r.pack.ship.androidPath[0]).toBe(r.pack.ship.places.hypersleep);
    expect(r.pack.ship.androidPath.at(-1)).toBe(r.pack.ship.places.shuttleBay);
    expect(r.pack.crew.filter((c) => c.reaction !== null).map((c) => c.reaction).sort()).toEqual(['hide', 'run', 'shockProd']);
    expect(r.pack.lifeform.cards.filter((c) => c.reaction !== null).map((c) => c.reaction).sort()).toEqual(['runCancel', 'shockProdCancel']);
  });

  it('GIVEN the pack schema WHEN inspected THEN no object accepts unknown keys', () => {
    expect(looseObjectPaths(lifeformPackSchema)).toEqual([]);
  });

  it('GIVEN every text of the pack WHEN read THEN each has English and Spanish and packText finds them by key', async () => {
    const r = await loadLifeformPack(VALLEY_FORGE_DIR);
    if (!r.ok) throw new Error('invalid');
    expect(packText(r.pack, 'ship.chamber.galley.name', 'es')).toBe('Comedor');
    expect(packText(r.pack, 'crew.duck.name', 'en')).toBe('Duck and cover');
    expect(packText(r.pack, 'lifeform.card.lunge.name', 'es')).toBe('Embestida');
    expect(packText(r.pack, 'endings.a', 'en')).toContain('crew wins');
    expect(packText(r.pack, 'nothing.here', 'en')).toBeUndefined();
  });

  it('GIVEN a corridor naming a chamber that does not exist WHEN validated THEN the error names ship.yaml and the path to the corridor end', async () => {
    const r = await withEdited('ship.yaml', (t) => t.replace('  - [medbay, bridge]', '  - [medbay, nowhere]'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toContainEqual(expect.objectContaining({ file: 'ship.yaml', path: '/corridors/1/1' }));
  });

  it('§CIRCUIT BOARD: GIVEN an objective in a chamber without the circuit board icon WHEN validated THEN objectives.yaml names the chamber path', async () => {
    const r = await withEdited('objectives.yaml', (t) => t.replace('"chamber": "bridge"', '"chamber": "galley"'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toContainEqual(expect.objectContaining({ file: 'objectives.yaml', path: '/0/chamber' }));
  });

  it('§2 ANDROID PHASE: GIVEN an android path that jumps between chambers not linked by a corridor WHEN validated THEN ship.yaml names the step', async () => {
    const r = await withEdited('ship.yaml', (t) => t.replace('androidPath: [hypersleep, medbay, galley', 'androidPath: [hypersleep, galley, medbay'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toContainEqual(expect.objectContaining({ file: 'ship.yaml', path: '/androidPath/1' }));
  });

  it('§SHOWDOWN STAGE: GIVEN a lifeform card with the harpoon showdown icon WHEN validated THEN refused in lifeform.yaml', async () => {
    const r = await withEdited('lifeform.yaml', (t) => t.replace('showdown: ["claw"] }', 'showdown: ["harpoon"] }'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]?.file).toBe('lifeform.yaml');
  });
});
