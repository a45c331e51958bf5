import { join } from 'node:path';
import { loadPackDir } from '../../content/load-dir.ts';
import { validatePack, type PackError } from '../../content/schema.ts';
import { comanautsPackSchema, type ComanautsPack } from './content.ts';

export const TRAINING_DIR = join(import.meta.dirname, '../../../assets/packs/comanauts/training@1.1.0');

/** Loads a pack folder through src/content and validates it with our schema (test-only). */
export async function loadComanautsPack(dir: string): Promise<{ ok: true; pack: ComanautsPack } | { ok: false; errors: PackError[] }> {
  const loaded = await loadPackDir(dir);
  if (!loaded.ok) return { ok: false, errors: loaded.error };
  const valid = validatePack(loaded.value, comanautsPackSchema);
  return valid.ok ? { ok: true, pack: valid.value.content } : { ok: false, errors: valid.error };
}

export async function loadTrainingPack(): Promise<ComanautsPack> {
  const r = await loadComanautsPack(TRAINING_DIR);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.pack;
}

/** The newest training pack (1.2.0): the pages of 1.1.0 plus a six-comazone adventure (docs/comanauts-adventure.md). */
export const ADVENTURE_DIR = join(import.meta.dirname, '../../../assets/packs/comanauts/training');

export async function loadAdventurePack(): Promise<ComanautsPack> {
  const r = await loadComanautsPack(ADVENTURE_DIR);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.pack;
}
