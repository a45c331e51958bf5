import { readdirSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateInChildProcess } from '../../src/cli/start.ts';
import type { Logger } from '../../src/ops/logger.ts';
import { fromRoot } from '../../src/ops/paths.ts';
import { emptyDatabase } from '../support/empty-database.ts';

const base = process.env.DATABASE_URL;
const migrations = readdirSync(fromRoot('prisma', 'migrations'), { withFileTypes: true }).filter((e) => e.isDirectory()).length;

function recorder(): { logger: Logger; results: unknown[] } {
  const results: unknown[] = [];
  return { results, logger: { info: (fields: { result?: unknown }) => results.push(fields.result) } as unknown as Logger };
}

describe.skipIf(!base)('turnkeeper start migrates in a child process (PostgreSQL)', () => {
  it('GIVEN an empty database WHEN the child migrates twice THEN every migration is applied once and both runs exit 0', async () => {
    const database = await emptyDatabase(base as string);
    try {
      const { logger, results } = recorder();
      const env = { ...process.env, DATABASE_URL: database.url };
      expect(await migrateInChildProcess(logger, env)).toBe(0);
      expect(await migrateInChildProcess(logger, env)).toBe(0);
      expect(results).toEqual([expect.stringMatching(/^applied: /), 'database is up to date']);
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      const { rows } = await check.query('SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL');
      await check.end();
      expect(rows[0].n).toBe(migrations);
    } finally {
      await database.drop();
    }
  }, 60_000);

  it('GIVEN a database nobody listens for WHEN the child migrates THEN its exit code says the service is unavailable', async () => {
    const { logger, results } = recorder();
    const env = { ...process.env, DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/nothing' };
    expect(await migrateInChildProcess(logger, env)).toBe(69);
    expect(results).toEqual([]);
  }, 60_000);
});
