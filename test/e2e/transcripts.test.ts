import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.ts';
import { parseTranscript, runTranscript } from '../../src/local/transcript/index.ts';
import { startLocalStack } from '../../src/local/stack.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { openTestDatabase, type TestDatabase } from '../support/db.ts';
import { menuGame, registerMenuStrings } from '../support/menu-game.ts';
import { tallyGame } from '../support/tally-game.ts';
import { registerTallyStrings } from '../support/tally-strings.ts';

const root = path.resolve('test/transcripts');

function transcripts(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? transcripts(full) : name.endsWith('.txn') ? [full] : [];
    });
}

/**
 * Every transcript under test/transcripts, each against a fresh bot and local Discord, through the real
 * discord.js client. PostgreSQL (a throwaway database) when DATABASE_URL is set, else embedded PGlite.
 */
describe('transcripts', () => {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    registerTallyStrings();
    registerMenuStrings();
    if (process.env.DATABASE_URL) db = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await db?.dispose();
  });

  for (const file of transcripts(root)) {
    const name = path.relative(root, file);
    it(`GIVEN ${name} WHEN played against the bot THEN every expectation holds`, async () => {
      const steps = parseTranscript(readFileSync(file, 'utf8'), path.relative(process.cwd(), file));
      const stack = await startLocalStack({
        memory: !db,
        databaseUrl: db?.url,
        modules: { ...gameModules, tally: tallyGame, menu: menuGame },
        logger: createLogger('silent'),
        env: {},
      });
      try {
        const result = await runTranscript(steps, { discord: stack.discord, state: stack.state, advance: stack.advance, settle: stack.settle, now: stack.now });
        const report = result.failures.map((f) => `${f.file}:${f.line}: expected ${f.expected}\n    actual: ${f.actual}`).join('\n');
        expect(result.failures, report).toEqual([]);
      } finally {
        await stack.stop();
      }
    }, 240_000);
  }
});
