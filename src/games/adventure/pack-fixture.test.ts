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

/** Reads the Salt Lantern pack from disk as `src/content` would hand it over, unvalidated: the newest, or an older `version` kept beside it. */
export function rawSaltLantern(version?: string): Record<string, unknown> {
  const dir = version === undefined ? PACK_DIR : `${PACK_DIR}@${version}`;
  return mergeYamlFiles(listFiles(dir).map((f) => ({ name: relative(dir, f), text: readFileSync(f, 'utf8') })));
}

/** The validated Salt Lantern pack (the newest, or an older `version`). */
export function saltLantern(version?: string): AdventurePack {
  return adventurePackSchema.parse(rawSaltLantern(version));
}

describe('salt-lantern pack fixture', () => {
  it('GIVEN the pack folder WHEN validated THEN it parses with no issue', () => {
    const result = adventurePackSchema.safeParse(rawSaltLantern());
    expect(result.success ? [] : result.error.issues.slice(0, 10)).toEqual([]);
  });
});
