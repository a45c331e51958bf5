import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { TranscriptsFirst } from '../support/sequencer.ts';

const project = { name: '', config: { sequence: { groupOrder: 0 }, isolate: true } };
const spec = (file: string) => ({ moduleId: path.resolve(file), project }) as unknown as TestSpecification;
/** A clean clone: no timings from an earlier run, only file sizes (the larger file first, as vitest does). */
const sizes: Record<string, number> = { 'test/int/app.test.ts': 20_000, 'test/int/store.test.ts': 9_000 };
const cleanClone = {
  config: { root: path.resolve('.') },
  cache: {
    getFileTestResults: () => undefined,
    getFileStats: (key: string) => ({ size: sizes[key.replace(/^:/, '')] ?? 100 }),
  },
} as unknown as Vitest;

describe('test file order', () => {
  it('GIVEN a clean clone WHEN the files are sorted THEN the transcript files come first, the most transcript text first, then the largest files', async () => {
    const files = ['test/int/store.test.ts', 'test/e2e/transcripts-adventure.test.ts', 'test/int/app.test.ts', 'test/e2e/transcripts-lifeform.test.ts', 'test/e2e/transcripts.test.ts'];
    const sorted = await new TranscriptsFirst(cleanClone).sort(files.map(spec));
    expect(sorted.map((s) => path.relative('.', s.moduleId))).toEqual([
      'test/e2e/transcripts-lifeform.test.ts',
      'test/e2e/transcripts.test.ts',
      'test/e2e/transcripts-adventure.test.ts',
      'test/int/app.test.ts',
      'test/int/store.test.ts',
    ]);
  });
});
