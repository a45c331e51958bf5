import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/store/index.ts';

export type BackendKind = 'pglite' | 'postgres';

/** A fresh, migrated database for one test file; `dispose` closes it and drops what it created. */
export interface TestDatabase extends Database {
  /** Another client on the same data (a second process, for races); PGlite returns itself. */
  openPeer(): Promise<Database>;
  /** Connection string of the throwaway database (postgres only). */
  readonly url?: string;
  dispose(): Promise<void>;
}

/** PGlite in memory always; the real PostgreSQL too when `DATABASE_URL` is set. */
export const backends: readonly BackendKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function openTestDatabase(kind: BackendKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ memory: true });
    return { ...db, openPeer: async () => db, dispose: () => db.close() };
  }
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `tk_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(base, name);
  const db = await openDatabase({ databaseUrl: url });
  const peers: Database[] = [];
  return {
    ...db,
    url,
    openPeer: async () => {
      const peer = await openDatabase({ databaseUrl: url, migrate: false });
      peers.push(peer);
      return peer;
    },
    dispose: async () => {
      for (const peer of peers) await peer.close();
      await db.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      try {
        await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await drop.end();
      }
    },
  };
}
