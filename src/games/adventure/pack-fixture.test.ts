import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adventurePackSchema, mergeYamlFiles, type AdventurePack } from './content.ts';

const PACK_DIR = join(import.meta.dirname, '../../../assets/packs/adventure/salt-lantern');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** Reads the Salt Lantern pack from disk as `src/content` would hand it over, unvalidated. */
export function rawSaltLantern(): Record<string, unknown> {
  return mergeYamlFiles(listFiles(PACK_DIR).map((f) => ({ name: relative(PACK_DIR, f), text: readFileSync(f, 'utf8') })));
}

/** The validated Salt Lantern pack. */
export function saltLantern(): AdventurePack {
  return adventurePackSchema.parse(rawSaltLantern());
}

describe('salt-lantern pack fixture', () => {
  it('GIVEN the pack folder WHEN validated THEN it parses with no issue', () => {
    const result = adventurePackSchema.safeParse(rawSaltLantern());
    expect(result.success ? [] : result.error.issues.slice(0, 10)).toEqual([]);
  });
});
