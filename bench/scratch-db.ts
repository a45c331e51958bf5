import pg from 'pg';
import { DEFAULT_PG } from './e2e.ts';

async function admin(base: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh PostgreSQL database for one bench case, beside the one `DATABASE_URL` names (or the local
 * default): created empty, dropped by `drop()` whatever the case left in it.
 */
export async function scratchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL ?? DEFAULT_PG;
  await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(base, `CREATE DATABASE ${name}`);
  return {
    url: Object.assign(new URL(base), { pathname: `/${name}` }).toString(),
    drop: () => admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
