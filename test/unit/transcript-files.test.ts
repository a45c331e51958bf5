import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ownFileFolders } from '../support/transcripts.ts';

describe('transcript test files', () => {
  it('GIVEN the folders with their own transcript test file WHEN the e2e folder is listed THEN each has exactly that file', () => {
    const files = readdirSync('test/e2e').filter((f) => /^transcripts-.+\.test\.ts$/.test(f));
    expect(files.sort()).toEqual(ownFileFolders.map((f) => `transcripts-${f}.test.ts`).sort());
  });
});
