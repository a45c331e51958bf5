import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.ts';
import { parseTranscript, runTranscript } from '../../src/local/transcript/index.ts';
import { startLocalStack } from '../../src/local/stack.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { openTestDatabase, type TestDatabase } from './db.ts';
import { menuGame, registerMenuStrings } from './menu-game.ts';
import { tallyGame } from './tally-game.ts';
import { registerTallyStrings } from './tally-strings.ts';

export const transcriptRoot = path.resolve('test/transcripts');

/** Every `.txn` under a folder, sorted, recursively. */
export function transcriptFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? transcriptFiles(full) : name.endsWith('.txn') ? [full] : [];
    });
}

/**
 * The folders of test/transcripts that have their own test file (test/e2e/transcripts-<folder>.test.ts),
 * so the longest ones run in parallel workers; test/e2e/transcripts.test.ts plays every other folder, so a
 * new folder is never skipped.
 */
export const ownFileFolders = ['adventure', 'comanauts', 'comaward', 'lifeform', 'lifeform-solo'] as const;

/**
 * Plays transcripts, each against a fresh bot and local Discord, through the real discord.js client.
 * PostgreSQL (a throwaway database) when DATABASE_URL is set, else embedded PGlite.
 * `only`: these top-level folders; `except`: every top-level entry but these.
 */
export function describeTranscripts(title: string, pick: { only: readonly string[] } | { except: readonly string[] }): void {
  const entries = readdirSync(transcriptRoot).sort();
  const chosen = 'only' in pick ? entries.filter((e) => pick.only.includes(e)) : entries.filter((e) => !pick.except.includes(e));
  const files = chosen.flatMap((e) => {
    const full = path.join(transcriptRoot, e);
    return statSync(full).isDirectory() ? transcriptFiles(full) : e.endsWith('.txn') ? [full] : [];
  });
  describe(title, () => {
    let db: TestDatabase | undefined;
    beforeAll(async () => {
      registerTallyStrings();
      registerMenuStrings();
      if (process.env.DATABASE_URL) db = await openTestDatabase('postgres');
    });
    afterAll(async () => {
      await db?.dispose();
    });

    it('GIVEN the chosen folders WHEN listed THEN they hold transcripts', () => {
      expect(files.length).toBeGreaterThan(0);
    });

    for (const file of files) {
      const name = path.relative(transcriptRoot, file);
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
}
