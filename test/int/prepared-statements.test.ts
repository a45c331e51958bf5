import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, statementNamer, type Database } from '../../src/store/index.ts';
import { openTestDatabase, type TestDatabase } from '../support/db.ts';

describe('statementNamer (named prepared statements)', () => {
  it('GIVEN the same SQL twice THEN it gets the same name; other SQL gets another name', () => {
    const name = statementNamer();
    const a = name({ sql: 'SELECT 1' });
    expect(a).toMatch(/^tk_\d+$/);
    expect(name({ sql: 'SELECT 1' })).toBe(a);
    expect(name({ sql: 'SELECT 2' })).not.toBe(a);
  });

  it('GIVEN the limit is reached THEN new SQL runs unnamed while known SQL keeps its name', () => {
    const name = statementNamer(2);
    const a = name({ sql: 'a' });
    const b = name({ sql: 'b' });
    expect(name({ sql: 'c' })).toBeUndefined();
    expect([name({ sql: 'a' }), name({ sql: 'b' })]).toEqual([a, b]);
  });
});

/** Statements prepared on the only connection of a one-connection pool, leaving out the probe itself. */
async function prepared(db: Database): Promise<string[]> {
  const rows = await db.prisma.$queryRawUnsafe<{ name: string; statement: string }[]>('SELECT name, statement FROM pg_prepared_statements');
  return rows.filter((r) => !r.statement.includes('pg_prepared_statements')).map((r) => r.name);
}

describe.skipIf(!process.env.DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let base: TestDatabase;
  beforeAll(async () => {
    base = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await base.dispose();
  });

  it('GIVEN DATABASE_PREPARED_STATEMENTS on (the default) WHEN a query runs twice THEN the connection holds it as one named statement', async () => {
    const db = await openDatabase({ databaseUrl: base.url, migrate: false, poolSize: 1 });
    try {
      await db.prisma.guildSettings.findMany({ where: { guildId: 'g1' } });
      await db.prisma.guildSettings.findMany({ where: { guildId: 'g2' } });
      const names = await prepared(db);
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/^tk_\d+$/);
    } finally {
      await db.close();
    }
  });

  it('GIVEN prepared statements off THEN nothing is prepared by name', async () => {
    const db = await openDatabase({ databaseUrl: base.url, migrate: false, poolSize: 1, preparedStatements: false });
    try {
      await db.prisma.guildSettings.findMany({ where: { guildId: 'g1' } });
      expect(await prepared(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('GIVEN a prepared statement WHEN another process alters its table (a migration) THEN the statement still runs', async () => {
    const db = await openDatabase({ databaseUrl: base.url, migrate: false, poolSize: 1 });
    try {
      await db.prisma.guildSettings.create({ data: { guildId: 'g3' } });
      await db.prisma.guildSettings.findUnique({ where: { guildId: 'g3' } });
      await base.prisma.$executeRawUnsafe('ALTER TABLE "GuildSettings" ADD COLUMN "laterColumn" integer');
      expect((await db.prisma.guildSettings.findUnique({ where: { guildId: 'g3' } }))?.guildId).toBe('g3');
    } finally {
      await base.prisma.$executeRawUnsafe('ALTER TABLE "GuildSettings" DROP COLUMN IF EXISTS "laterColumn"');
      await db.close();
    }
  });
});
