import { existsSync } from 'node:fs';
import { createApp } from '../app/index.ts';
import type { Config } from '../ops/config.ts';
import { openDatabase } from '../store/index.ts';
import { loadCatalog } from './compose.ts';

/** `turnkeeper game export|import|verify`: the portable JSON document of a game, outside Discord. */
export async function gameCli(config: Config, args: readonly string[], readText: (file: string) => Promise<string>): Promise<number> {
  const [action, target] = args;
  if (!action || !target || !['export', 'import', 'verify'].includes(action)) {
    console.error('usage: turnkeeper game export <id> | import <file> | verify <id|file>');
    return 2;
  }
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: config.MIGRATE_ON_START, preparedStatements: config.DATABASE_PREPARED_STATEMENTS });
  try {
    const { catalog, packs } = await loadCatalog();
    const app = createApp({ db, games: catalog.modules, packs, clock: () => new Date() });
    if (action === 'export') {
      const r = await app.exportGame(target);
      if (!r.ok) return fail(r.error.code, r.error.params);
      console.log(JSON.stringify(r.value, null, 2));
      return 0;
    }
    if (action === 'import') {
      const doc: unknown = JSON.parse(await readText(target));
      const r = await app.importGame(doc, { guildId: 'cli', channelId: 'cli', threadId: null, host: { userId: 'cli', userName: 'cli' } });
      if (!r.ok) return fail(r.error.code, r.error.params);
      console.log(`imported as game ${r.value.gameId}`);
      return 0;
    }
    const subject = existsSync(target) ? (JSON.parse(await readText(target)) as Parameters<typeof app.verify>[0]) : target;
    const r = await app.verify(subject);
    if (!r.ok) return fail(r.error.code, r.error.params);
    if (r.value.ok) {
      console.log(`verified: ${r.value.commands} commands replay to ${r.value.hash}`);
      return 0;
    }
    const v = r.value;
    console.error(`diverges at command ${v.seq} (${v.reason}): expected ${v.expected}, replay gave ${v.actual || v.rejection?.code || '?'}`);
    return 1;
  } finally {
    await db.close();
  }
}

function fail(code: string, params?: Readonly<Record<string, unknown>>): number {
  console.error(`${code}${params ? ` ${JSON.stringify(params)}` : ''}`);
  return 1;
}
