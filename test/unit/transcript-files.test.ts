import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownFileFolders } from '../support/transcripts.ts';
import { transcriptFiles, transcriptRoot, transcriptsOfTestFile } from '../support/transcript-folders.ts';

describe('transcript test files', () => {
  it('GIVEN the folders with their own transcript test file WHEN the e2e folder is listed THEN each has exactly that file', () => {
    const files = readdirSync('test/e2e').filter((f) => /^transcripts-.+\.test\.ts$/.test(f));
    expect(files.sort()).toEqual(ownFileFolders.map((f) => `transcripts-${f}.test.ts`).sort());
  });

  it('GIVEN every transcript under test/transcripts (lifeform ending-b.txn among them) WHEN each e2e test file picks its own THEN every transcript is played exactly once', () => {
    const picked = readdirSync('test/e2e')
      .filter((f) => /^transcripts(-.+)?\.test\.ts$/.test(f))
      .flatMap((f) => transcriptsOfTestFile(path.join('test/e2e', f)));
    const all = transcriptFiles(transcriptRoot);
    expect(all).toContain(path.join(transcriptRoot, 'lifeform', 'ending-b.txn'));
    expect(picked.filter((f, i) => picked.indexOf(f) !== i)).toEqual([]);
    expect([...picked].sort()).toEqual([...all].sort());
  });
});
