import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPackDir } from '../../content/load-dir.ts';
import { validatePack, type PackError } from '../../content/schema.ts';
import { lifeformPackSchema, type LifeformPack } from './content.ts';

export const VALLEY_FORGE_DIR = join(import.meta.dirname, '../../../assets/packs/lifeform/valley-forge');

/** Loads a pack folder through src/content and validates it with our schema (test-only). */
export async function loadLifeformPack(dir: string): Promise<{ ok: true; pack: LifeformPack } | { ok: false; errors: PackError[] }> {
  const loaded = await loadPackDir(dir);
  if (!loaded.ok) return { ok: false, errors: loaded.error };
  const valid = validatePack(loaded.value, lifeformPackSchema);
  return valid.ok ? { ok: true, pack: valid.value.content } : { ok: false, errors: valid.error };
}

export async function loadValleyForge(): Promise<LifeformPack> {
  const r = await loadLifeformPack(VALLEY_FORGE_DIR);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.pack;
}

/**
 * The Valley Forge with the small solo.yaml the Dragon's Domain engine tests were written against
 * (`fixtures/solo-starter/solo.yaml`: three crisis cards a deck, fixed ids), so the shipped crisis decks
 * can grow without moving those tests (test-only).
 */
export async function loadSoloStarter(): Promise<LifeformPack> {
  const dir = mkdtempSync(join(tmpdir(), 'lifeform-solo-starter-'));
  try {
    cpSync(VALLEY_FORGE_DIR, dir, { recursive: true });
    copyFileSync(join(import.meta.dirname, 'fixtures/solo-starter/solo.yaml'), join(dir, 'solo.yaml'));
    const r = await loadLifeformPack(dir);
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    return r.pack;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
