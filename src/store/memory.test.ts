import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { defaultMigrationsDir } from './schema-engine.ts';

const migrations = readdirSync(defaultMigrationsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).length;

describe('in-memory databases', () => {
  it('GIVEN one in-memory database was opened and written WHEN another opens THEN it has every migration and none of the first one\'s rows', async () => {
    const first = await openDatabase({ memory: true });
    const second = await (async () => {
      try {
        await first.prisma.guildSettings.create({ data: { guildId: 'g1', locale: 'es' } });
        return await openDatabase({ memory: true });
      } finally {
        await first.close();
      }
    })();
    try {
      const applied = await second.prisma.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL');
      expect(applied[0]?.n).toBe(migrations);
      expect(await second.prisma.guildSettings.count()).toBe(0);
      await second.prisma.guildSettings.create({ data: { guildId: 'g1' } });
      expect(await second.prisma.guildSettings.findUnique({ where: { guildId: 'g1' } })).toMatchObject({ locale: 'en' });
    } finally {
      await second.close();
    }
  }, 60_000);
});
