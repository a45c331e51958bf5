import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty PostgreSQL database beside `base` (a `postgresql://` URL), for tests that run the real
 * migrations or start-up against one: its URL, and `drop()` (forced, so a child process left connected
 * does not keep it).
 */
export async function emptyDatabase(base: string): Promise<{ readonly url: string; drop(): Promise<void> }> {
  const name = `tk_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
