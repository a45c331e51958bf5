import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { defaultMigrationsDir, noFilters, openSchemaEngine, readMigrations } from './schema-engine.ts';

export interface MigrateOptions {
  /** PostgreSQL connection string; wins over everything else. */
  readonly databaseUrl?: string;
  /** Embedded database directory root: PGlite lives in `<dataDir>/pglite`. */
  readonly dataDir?: string;
  /** An already open PGlite instance (in-memory tests, or the one `openDatabase` holds). */
  readonly pglite?: PGlite;
  readonly migrationsDir?: string;
  /**
   * Applies the migrations up to and including this folder name only: an older release's schema, for the
   * upgrade test (prisma/releases.json names each release's last migration).
   */
  readonly through?: string;
}

/**
 * Applies `prisma/migrations` like `prisma migrate deploy`, but through the WASM schema engine, since the
 * native engine cannot be downloaded (ENVIRONMENT-NOTES.md). Idempotent: applied migrations are skipped.
 * The engine holds Prisma's migration advisory lock on its connection, so the pool is ended here: a leaked
 * connection would make the next run wait for the lock.
 */
export async function migrate(options: MigrateOptions = {}): Promise<{ applied: string[] }> {
  let owned: PGlite | undefined;
  let pool: pg.Pool | undefined;
  let factory;
  if (options.databaseUrl) {
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
    factory = new PrismaPg(pool);
  } else if (options.pglite) {
    factory = new PrismaPGlite(options.pglite);
  } else {
    const dir = path.join(options.dataDir ?? './data', 'pglite');
    await mkdir(dir, { recursive: true });
    owned = await PGlite.create(dir);
    factory = new PrismaPGlite(owned);
  }
  const engine = await openSchemaEngine(factory);
  try {
    const all = await readMigrations(options.migrationsDir ?? defaultMigrationsDir);
    const through = options.through;
    if (through !== undefined && !all.migrationDirectories.some((m) => m.path === through)) throw new Error(`migrate: no migration named ${through}`);
    const migrationsList = through === undefined ? all : { ...all, migrationDirectories: all.migrationDirectories.filter((m) => m.path <= through) };
    const out = await engine.applyMigrations({ migrationsList, filters: noFilters });
    return { applied: out.appliedMigrationNames };
  } finally {
    engine.free();
    await pool?.end();
    await owned?.close();
  }
}
