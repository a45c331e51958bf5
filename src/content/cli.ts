import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { loadPackDir } from './load-dir.ts';
import { packJsonSchema, validatePack, type PackError } from './schema.ts';

export interface CliResult {
  readonly exitCode: number;
  readonly output: string;
}

/**
 * `turnkeeper pack validate <dir> [--json]`. Checks files and manifest, and the game's schema when the
 * caller can find one for the manifest's `gameType` (`schemaFor`). Exit code 0 valid, 1 refused.
 * Human output: one line per error, `file: path: expected …`.
 */
export async function validatePackCli(
  dir: string,
  options: { json?: boolean; schemaFor?: (gameType: string) => z.ZodType | undefined } = {},
): Promise<CliResult> {
  const loaded = await loadPackDir(dir);
  let errors: readonly PackError[] = [];
  let summary = '';
  if (!loaded.ok) errors = loaded.error;
  else {
    const m = loaded.value.manifest;
    const schema = options.schemaFor?.(m.gameType);
    if (schema) {
      const valid = validatePack(loaded.value, schema);
      if (!valid.ok) errors = valid.error;
    }
    summary = `${m.gameType}/${m.id}@${m.version} ${loaded.value.hash}${schema ? '' : ' (no game schema known: files and pack.yaml checked only)'}`;
  }
  if (options.json) {
    const body = errors.length === 0 ? { ok: true, pack: loaded.ok ? { ...loaded.value.manifest, hash: loaded.value.hash } : null, errors: [] } : { ok: false, errors };
    return { exitCode: errors.length === 0 ? 0 : 1, output: `${JSON.stringify(body, null, 2)}\n` };
  }
  if (errors.length === 0) return { exitCode: 0, output: `ok ${summary}\n` };
  const lines = errors.map((e) => `${e.line === undefined ? '' : `[line ${e.line}] `}${e.message}`);
  return { exitCode: 1, output: `${lines.join('\n')}\n${errors.length} error${errors.length === 1 ? '' : 's'} in ${dir}\n` };
}

/** Writes `assets/packs/<gameType>/schema.json` so pack authors get editor completion. Returns the path. */
export async function writePackJsonSchema(gameType: string, schema: z.ZodType, root = 'assets/packs'): Promise<string> {
  const dir = join(root, gameType);
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'schema.json');
  await writeFile(path, `${JSON.stringify(packJsonSchema(schema), null, 2)}\n`);
  return path;
}
