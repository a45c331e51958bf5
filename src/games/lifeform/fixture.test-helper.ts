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

/** The shipped Valley Forge, the newest version or a kept older one (`valley-forge@1.3.0`) that recorded games were played on. */
export async function loadValleyForge(version?: string): Promise<LifeformPack> {
  const r = await loadLifeformPack(version === undefined ? VALLEY_FORGE_DIR : `${VALLEY_FORGE_DIR}@${version}`);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.pack;
}

/**
 * The Valley Forge with the small solo.yaml the Dragon's Domain engine tests were written against
 * (`fixtures/solo-starter/solo.yaml`: three crisis cards a deck, fixed ids) laid over the shipped one, so
 * the shipped crisis decks can grow without moving those tests (test-only).
 */
export async function loadSoloStarter(): Promise<LifeformPack> {
  const [base, starter] = await Promise.all([loadPackDir(VALLEY_FORGE_DIR), loadPackDir(join(import.meta.dirname, 'fixtures/solo-starter'))]);
  if (!base.ok || !starter.ok) throw new Error([...(base.ok ? [] : base.error), ...(starter.ok ? [] : starter.error)].map((e) => e.message).join('\n'));
  const valid = validatePack({ ...base.value, data: { ...base.value.data, solo: starter.value.data.solo } }, lifeformPackSchema);
  if (!valid.ok) throw new Error(valid.error.map((e) => e.message).join('\n'));
  return valid.value.content;
}

/**
 * The HAZARDOUS ENVIRONMENT chambers proposed for the Valley Forge's solo.yaml (`hazardousEnvironment`, to
 * join the pack with its next version; docs/lifeform-pack.md "solo.yaml"): A airlock-a, B hydroponics, C maintenance.
 */
export const HAZARD_CHAMBERS = { a: 'airlock-a', b: 'hydroponics', c: 'maintenance' } as const;

/** The shipped Valley Forge with `hazardousEnvironment` laid into its solo.yaml, validated by the pack schema (test-only). */
export async function loadValleyForgeWithHazard(chambers: Readonly<Record<'a' | 'b' | 'c', string>> = HAZARD_CHAMBERS): Promise<{ ok: true; pack: LifeformPack } | { ok: false; errors: PackError[] }> {
  const base = await loadPackDir(VALLEY_FORGE_DIR);
  if (!base.ok) return { ok: false, errors: base.error };
  const solo = base.value.data.solo as { solo: Record<string, unknown> };
  const valid = validatePack({ ...base.value, data: { ...base.value.data, solo: { solo: { ...solo.solo, hazardousEnvironment: chambers } } } }, lifeformPackSchema);
  return valid.ok ? { ok: true, pack: valid.value.content } : { ok: false, errors: valid.error };
}
