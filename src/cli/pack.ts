import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createPackRegistry, packSchemaFiles, PACK_LOCK_FILE, readPackLock, updatePackLockCli, validatePackCli, writePackLock } from '../content/index.ts';
import { ownValue } from '../core/index.ts';
import { gameModules } from '../games/index.ts';
import { fromRoot } from '../ops/paths.ts';

/** Where the published JSON Schemas of the pack formats live (docs/packs.md links them). */
export const SCHEMA_DIR = fromRoot('docs', 'schemas');

/** The lock a pack folder answers to: `--lock <file>`, else the nearest packs.lock.json up to three folders above it. */
function lockFileFor(dir: string, args: readonly string[]): string | undefined {
  const at = args.indexOf('--lock');
  if (at >= 0) return args[at + 1];
  let here = resolve(dir);
  for (let i = 0; i < 3; i++) {
    here = dirname(here);
    const candidate = join(here, PACK_LOCK_FILE);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The published schema files, by path under `dir`: what `pack schema` writes and a test compares. */
export function publishedSchemas(): Record<string, string> {
  return packSchemaFiles(Object.fromEntries(Object.entries(gameModules).map(([id, m]) => [id, m.packSchema])));
}

/** `turnkeeper pack validate|lock|schema`; `null` for a usage error. */
export async function packCli(args: readonly string[]): Promise<number | null> {
  const [action, target] = args;
  if (action === 'validate' && target && !target.startsWith('--')) {
    const lockFile = lockFileFor(target, args);
    const lock = lockFile ? await readPackLock(lockFile) : { ok: true as const, value: undefined };
    if (!lock.ok) {
      console.error(lock.error.map((e) => `${lockFile}: ${e.message}`).join('\n'));
      return 1;
    }
    const schemaFor = (gameType: string) => ownValue(gameModules, gameType)?.packSchema;
    const { exitCode, output } = await validatePackCli(target, { json: args.includes('--json'), schemaFor, ...(lock.value ? { lock: lock.value } : {}) });
    process.stdout.write(output);
    return exitCode;
  }
  if (action === 'lock') {
    const root = target ?? fromRoot('assets', 'packs');
    const file = join(root, PACK_LOCK_FILE);
    const current = await readPackLock(file);
    if (!current.ok) {
      console.error(current.error.map((e) => `${file}: ${e.message}`).join('\n'));
      return 1;
    }
    const { exitCode, output } = await updatePackLockCli(createPackRegistry(root), current.value, (lock) => writePackLock(file, lock));
    process.stdout.write(output);
    return exitCode;
  }
  if (action === 'schema') {
    const dir = target ?? SCHEMA_DIR;
    const files = publishedSchemas();
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    console.log(`wrote ${Object.keys(files).length} schema files under ${dir}`);
    return 0;
  }
  return null;
}
