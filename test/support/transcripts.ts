import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type LoadedCatalog } from '../../src/cli/compose.ts';
import { gameModules } from '../../src/games/index.ts';
import { parseTranscript, runTranscript } from '../../src/local/transcript/index.ts';
import { startLocalStack } from '../../src/local/stack.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { startRenderHost, type RenderHost } from '../../src/render/host.ts';
import { openTestDatabase, type TestDatabase } from './db.ts';
import { menuGame, registerMenuStrings } from './menu-game.ts';
import { tallyGame } from './tally-game.ts';
import { pickedTranscripts, transcriptRoot } from './transcript-folders.ts';
import { registerTallyStrings } from './tally-strings.ts';

export { ownFileFolders, transcriptFiles, transcriptRoot } from './transcript-folders.ts';

const modules = { ...gameModules, tally: tallyGame, menu: menuGame };

/**
 * Plays transcripts, each against a fresh bot and local Discord, through the real discord.js client.
 * PostgreSQL (a throwaway database, migrated once for the file) when DATABASE_URL is set, else embedded
 * PGlite. The packs are loaded and the render worker started once per file. Pictures are drawn where a
 * `? image` line looks at them and, at the end of each transcript, the newest of every table and seat
 * (`src/local/pictures.ts`); the others are posted as stand-ins.
 * `only`: these top-level folders; `except`: every top-level entry but these.
 */
export function describeTranscripts(title: string, pick: { only: readonly string[] } | { except: readonly string[] }): void {
  const files = pickedTranscripts(pick);
  describe(title, () => {
    let db: TestDatabase | undefined;
    let catalog: LoadedCatalog | undefined;
    let pictures: RenderHost | undefined;
    beforeAll(async () => {
      registerTallyStrings();
      registerMenuStrings();
      if (process.env.DATABASE_URL) db = await openTestDatabase('postgres');
      catalog = await loadCatalog(modules);
      pictures = await startRenderHost({ mode: 'worker', packs: catalog.all });
    });
    afterAll(async () => {
      await pictures?.stop();
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
          modules,
          logger: createLogger('silent'),
          env: db ? { MIGRATE_ON_START: 'false' } : {},
          ...(catalog ? { catalog } : {}),
          pictures: 'deferred',
        });
        const deferral = stack.pictures;
        if (!deferral) throw new Error('the stack does not defer pictures');
        try {
          const result = await runTranscript(steps, {
            discord: stack.discord,
            state: stack.state,
            advance: stack.advance,
            settle: stack.settle,
            now: stack.now,
            drawPictures: (on) => void (deferral.drawing = on),
            standsIn: deferral.standsIn,
          });
          const report = result.failures.map((f) => `${f.file}:${f.line}: expected ${f.expected}\n    actual: ${f.actual}`).join('\n');
          expect(result.failures, report).toEqual([]);
          expect(await deferral.drawNewest(), 'the newest picture of every table and seat, drawn').toEqual([]);
        } finally {
          await stack.stop();
        }
      }, 240_000);
    }
  });
}
