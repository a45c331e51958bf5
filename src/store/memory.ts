import { PGlite } from '@electric-sql/pglite';
import { migrate } from './migrate.ts';

/** The data folder of a freshly migrated in-memory database, dumped once per process. */
let template: Promise<Blob | undefined> | undefined;

/**
 * A new in-memory PGlite with every migration applied. PGlite's initdb and the migrations take seconds
 * on each open, and tests open dozens; so the first open keeps a dump of its data folder right after
 * migrating, and later opens load that dump (about a second), the same database as a fresh migration.
 * A failed first open leaves no dump: the next one migrates afresh.
 */
export async function openMigratedInMemory(): Promise<PGlite> {
  const dump = await template;
  if (dump) return PGlite.create({ loadDataDir: dump });
  let keep!: (dump: Blob | undefined) => void;
  template = new Promise((resolve) => (keep = resolve));
  let db: PGlite | undefined;
  try {
    db = await PGlite.create();
    await migrate({ pglite: db });
    keep(await db.dumpDataDir('none'));
    return db;
  } catch (error) {
    template = undefined;
    keep(undefined);
    await db?.close().catch(() => undefined);
    throw error;
  }
}
