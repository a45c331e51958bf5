import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const transcriptRoot = path.resolve('test/transcripts');

/**
 * The folders of test/transcripts that have their own test file (test/e2e/transcripts-<folder>.test.ts),
 * so the longest ones run in parallel workers; test/e2e/transcripts.test.ts plays every other folder, so a
 * new folder is never skipped. Kept apart from `transcripts.ts` (no vitest import) for vitest.config.ts.
 */
export const ownFileFolders = ['adventure', 'comanauts', 'comaward', 'lifeform', 'lifeform-solo'] as const;

/** Every `.txn` under a folder, sorted, recursively. */
export function transcriptFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? transcriptFiles(full) : name.endsWith('.txn') ? [full] : [];
    });
}

/** The transcripts one pick plays: `only` these top-level folders, or every top-level entry `except` these. */
export function pickedTranscripts(pick: { only: readonly string[] } | { except: readonly string[] }, root = transcriptRoot): string[] {
  const entries = readdirSync(root).sort();
  const chosen = 'only' in pick ? entries.filter((e) => pick.only.includes(e)) : entries.filter((e) => !pick.except.includes(e));
  return chosen.flatMap((e) => {
    const full = path.join(root, e);
    return statSync(full).isDirectory() ? transcriptFiles(full) : e.endsWith('.txn') ? [full] : [];
  });
}

/**
 * The transcripts a test file under test/e2e plays (`transcripts-<folder>.test.ts`, or `transcripts.test.ts`
 * for the other folders); none for any other file.
 */
export function transcriptsOfTestFile(file: string, root = transcriptRoot): string[] {
  const name = path.basename(file);
  if (path.basename(path.dirname(file)) !== 'e2e') return [];
  if (name === 'transcripts.test.ts') return pickedTranscripts({ except: ownFileFolders }, root);
  const folder = /^transcripts-(.+)\.test\.ts$/.exec(name)?.[1];
  return folder && (ownFileFolders as readonly string[]).includes(folder) ? pickedTranscripts({ only: [folder] }, root) : [];
}
