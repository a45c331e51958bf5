import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { loadPackDir } from './load-dir.ts';
import { checkAgainstLock, nextPackLock, type PackLock, type PackLockEntry } from './lock.ts';
import type { PackRegistry } from './registry.ts';
import type { TextParams } from './expected.ts';
import { packFileJsonSchemas, packJsonSchema, validatePack, type LoadedPack, type PackError } from './schema.ts';

export interface CliResult {
  readonly exitCode: number;
  readonly output: string;
}

/** What `pack validate --json` prints: one object, every error at once. */
export interface PackReport {
  readonly ok: boolean;
  /** The manifest's `gameType`, once pack.yaml could be read. */
  readonly game: string | null;
  readonly pack: { readonly id: string; readonly version: string; readonly hash: string } | null;
  /**
   * `expectedCode` and `expectedParams`: what was expected, as the text code a tool can put in the
   * reader's language (`content.expected.*`, `content.check.<game>.*`), when the check gives one.
   */
  readonly errors: readonly { readonly file: string; readonly path: string; readonly message: string; readonly code: string; readonly expectedCode?: string; readonly expectedParams?: TextParams }[];
  /** Files read, errors found, and items per file (entries of a list or keys of an object). */
  readonly counts: { readonly files: number; readonly errors: number; readonly items: Readonly<Record<string, number>> };
}

const itemsOf = (value: unknown): number => (Array.isArray(value) ? value.length : value !== null && typeof value === 'object' ? Object.keys(value).length : 1);

/** The words after `file: path: ` in a PackError's message: what an author reads beside the file and path. */
export const plainMessage = (e: PackError): string => e.message.slice(`${e.file || '(pack)'}: ${e.path || '(root)'}: `.length);

/** Builds the report of one pack: `loaded` (or its loading errors), the schema's errors and the lock's. */
export function packReport(loaded: { ok: true; value: LoadedPack } | { ok: false; error: readonly PackError[] }, errors: readonly PackError[]): PackReport {
  const all = loaded.ok ? errors : [...loaded.error, ...errors];
  const value = loaded.ok ? loaded.value : null;
  return {
    ok: all.length === 0,
    game: value?.manifest.gameType ?? null,
    pack: value ? { id: value.manifest.id, version: value.manifest.version, hash: value.hash } : null,
    errors: all.map((e) => ({ file: e.file, path: e.path, message: plainMessage(e), code: e.code, ...(e.expectedCode ? { expectedCode: e.expectedCode, ...(e.expectedParams ? { expectedParams: e.expectedParams } : {}) } : {}) })),
    counts: {
      files: value?.files.length ?? 0,
      errors: all.length,
      items: value ? Object.fromEntries(value.files.map((f) => [f.file, itemsOf(value.data[f.key])])) : {},
    },
  };
}

/**
 * `turnkeeper pack validate <dir> [--json]`. Checks files and manifest, the game's schema when the caller
 * can find one for the manifest's `gameType` (`schemaFor`), and the lock of shipped packs when given (a
 * changed pack must carry a new version). Exit code 0 valid, 1 refused. Human output: one line per error,
 * `file: path: expected …`.
 */
export async function validatePackCli(
  dir: string,
  options: { json?: boolean; schemaFor?: (gameType: string) => z.ZodType | undefined; lock?: PackLock } = {},
): Promise<CliResult> {
  const loaded = await loadPackDir(dir);
  const errors: PackError[] = [];
  let summary = '';
  if (loaded.ok) {
    const m = loaded.value.manifest;
    const schema = options.schemaFor?.(m.gameType);
    if (schema) {
      const valid = validatePack(loaded.value, schema);
      if (!valid.ok) errors.push(...valid.error);
    }
    const locked = checkAgainstLock(options.lock, { gameType: m.gameType, id: m.id, version: m.version, hash: loaded.value.hash });
    if (locked) errors.push(locked);
    summary = `${m.gameType}/${m.id}@${m.version} ${loaded.value.hash}${schema ? '' : ' (no game schema known: files and pack.yaml checked only)'}`;
  }
  const report = packReport(loaded, errors);
  if (options.json) return { exitCode: report.ok ? 0 : 1, output: `${JSON.stringify(report, null, 2)}\n` };
  if (report.ok) return { exitCode: 0, output: `ok ${summary}\n` };
  const all = loaded.ok ? errors : [...loaded.error, ...errors];
  const lines = all.map((e) => `${e.line === undefined ? '' : `[line ${e.line}] `}${e.message}`);
  return { exitCode: 1, output: `${lines.join('\n')}\n${all.length} error${all.length === 1 ? '' : 's'} in ${dir}\n` };
}

/**
 * `turnkeeper pack lock`: records every shipped pack version's hash in the lock, refusing (and writing
 * nothing) when a version already locked now has other content.
 */
export async function updatePackLockCli(registry: PackRegistry, current: PackLock | undefined, write: (lock: PackLock) => Promise<void>): Promise<CliResult> {
  const present: PackLockEntry[] = (await registry.list()).map((e) => ({ gameType: e.gameType, id: e.id, version: e.version, hash: e.hash }));
  const problems = await registry.problems();
  if (problems.length > 0) {
    const lines = problems.flatMap((p) => p.errors.map((e) => `${p.dir}: ${e.message}`));
    return { exitCode: 1, output: `${lines.join('\n')}\nfix these packs first; the lock was not changed\n` };
  }
  const next = nextPackLock(current, present);
  if (!next.ok) return { exitCode: 1, output: `${next.error.map((e) => e.message).join('\n')}\nthe lock was not changed\n` };
  await write(next.value.lock);
  const added = next.value.added.map((p) => `added ${p.gameType}/${p.id}@${p.version} ${p.hash}`);
  return { exitCode: 0, output: `${[...added, `${next.value.lock.packs.length} pack versions locked`].join('\n')}\n` };
}

/** Writes `<root>/<gameType>/schema.json` so pack authors get editor completion. Returns the path. */
export async function writePackJsonSchema(gameType: string, schema: z.ZodType, root = 'assets/packs'): Promise<string> {
  const dir = join(root, gameType);
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'schema.json');
  await writeFile(path, `${JSON.stringify(packJsonSchema(schema), null, 2)}\n`);
  return path;
}

/**
 * The published JSON Schemas of every game's pack format, by path under the schema folder:
 * `<gameType>/<file>.schema.json` (`text/en` → `text.en`, any other file → `other-files`), one per
 * file so an editor can complete a single YAML file. Text ends with a newline, ready to write or compare.
 */
export function packSchemaFiles(schemas: Readonly<Record<string, z.ZodType | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [gameType, schema] of Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) {
    if (!schema) continue;
    for (const [key, json] of Object.entries(packFileJsonSchemas(schema))) {
      const name = key === '*' ? 'other-files' : key.replace(/\//g, '.');
      out[`${gameType}/${name}.schema.json`] = `${JSON.stringify({ title: `${gameType} pack: ${key === '*' ? 'any other file' : `${key}.yaml`}`, ...json }, null, 2)}\n`;
    }
  }
  return out;
}
