import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPackRegistry, PACK_LOCK_FILE, readPackLock } from '../content/index.ts';
import { fromRoot } from '../ops/paths.ts';
import { publishedSchemas, SCHEMA_DIR } from './pack.ts';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)]));

describe('published pack formats and the shipped packs lock', () => {
  it('GIVEN every game pack schema WHEN published again THEN docs/schemas holds exactly those files (run `turnkeeper pack schema` after changing a format)', () => {
    const expected = publishedSchemas();
    const present = Object.fromEntries(filesUnder(SCHEMA_DIR).map((f) => [relative(SCHEMA_DIR, f).split('\\').join('/'), readFileSync(f, 'utf8')]));
    expect(Object.keys(present).sort()).toEqual(Object.keys(expected).sort());
    for (const [path, text] of Object.entries(expected)) expect(present[path], path).toBe(text);
  });

  it('GIVEN the shipped packs WHEN hashed THEN every version is in packs.lock.json with its hash (an edit needs a new version, then `turnkeeper pack lock`)', async () => {
    const root = fromRoot('assets', 'packs');
    const lock = await readPackLock(join(root, PACK_LOCK_FILE));
    if (!lock.ok || !lock.value) throw new Error('assets/packs/packs.lock.json is missing or unreadable');
    const registry = createPackRegistry(root);
    expect(await registry.problems()).toEqual([]);
    const shipped = (await registry.list()).map((e) => ({ gameType: e.gameType, id: e.id, version: e.version, hash: e.hash }));
    expect(shipped.length).toBeGreaterThan(0);
    for (const pack of shipped) expect(lock.value.packs, `${pack.gameType}/${pack.id}@${pack.version}`).toContainEqual(pack);
  });
});
