import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { transcriptsOfTestFile } from './transcript-folders.ts';

/**
 * Transcript files first, the most transcript text first, then vitest's own order. Without timings from
 * an earlier run (a clean clone, as in CI) vitest starts the largest test files first, which put the
 * transcript files (four lines each, minutes of play) last: the run ended with one worker playing
 * Lifeform games while the other sat idle. Starting the longest files first keeps both workers busy to
 * the end.
 */
export class TranscriptsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const weight = new Map(ordered.map((f) => [f, transcriptsOfTestFile(f.moduleId).reduce((n, t) => n + statSync(t).size, 0)]));
    return ordered.sort((a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0));
  }
}
