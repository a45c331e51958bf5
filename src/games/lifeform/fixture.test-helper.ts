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
