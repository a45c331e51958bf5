import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';
import type * as SchemaEngineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import { projectRoot } from '../ops/paths.ts';

export const defaultSchemaPath = path.join(projectRoot, 'prisma', 'schema.prisma');
export const defaultMigrationsDir = path.join(projectRoot, 'prisma', 'migrations');

type Bindings = typeof SchemaEngineBindings;

let bindings: Promise<Bindings> | undefined;

/** The global WebAssembly API; the project's `lib` (ES2023, no DOM) does not declare it. */
const wasmApi = (globalThis as unknown as {
  WebAssembly: { instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }> };
}).WebAssembly;

/**
 * Instantiates Prisma's WebAssembly schema engine by hand, once per process: the package's own entry
 * imports a `.wasm` file, which Node 20 refuses (ENVIRONMENT-NOTES.md "Prisma 7 without engine downloads").
 */
function loadBindings(): Promise<Bindings> {
  bindings ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
    const bg = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as Bindings;
    const bytes = await readFile(path.join(dir, 'schema_engine_bg.wasm'));
    const { instance } = await wasmApi.instantiate(bytes, { './schema_engine_bg.js': bg });
    bg.__wbg_set_wasm(instance.exports as Parameters<Bindings['__wbg_set_wasm']>[0]);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bg;
  })();
  return bindings;
}

/** A schema engine bound to one database through a driver adapter (PrismaPg or PrismaPGlite). */
export async function openSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schemaText?: string,
): Promise<SchemaEngine> {
  const bg = await loadBindings();
  const schema = schemaText ?? (await readFile(defaultSchemaPath, 'utf8'));
  const factory = bindMigrationAwareSqlAdapterFactory(adapterFactory);
  return bg.SchemaEngine.new({ datamodels: [['schema.prisma', schema]] }, () => {}, factory);
}

/** Reads `prisma/migrations` into the shape the engine expects, the way `prisma migrate deploy` does. */
export async function readMigrations(dir: string = defaultMigrationsDir): Promise<MigrationList> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const migrationDirectories = await Promise.all(
    names.map(async (name) => {
      const content = await readFile(path.join(dir, name, 'migration.sql'), 'utf8').then(
        (value) => ({ tag: 'ok' as const, value }),
        (error: Error) => ({ tag: 'error' as const, value: error.message }),
      );
      return { path: name, migrationFile: { path: 'migration.sql', content } };
    }),
  );
  const lockContent = await readFile(path.join(dir, 'migration_lock.toml'), 'utf8').catch(() => null);
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

export const noFilters = { externalTables: [] as string[], externalEnums: [] as string[] };
