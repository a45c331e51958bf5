import { readFile } from 'node:fs/promises';
import { parseTranscript, runTranscript, TranscriptSyntaxError } from '../local/transcript/index.ts';
import { startLocalStack } from '../local/stack.ts';
import { createLogger } from '../ops/logger.ts';
import type { GameModule } from '../core/index.ts';

export interface TranscriptCliOptions {
  readonly json?: boolean;
  readonly modules?: Readonly<Record<string, GameModule<any, any, any>>>;
  readonly write?: (line: string) => void;
}

/**
 * `turnkeeper transcript <file...> [--json]`: each file against a fresh stack (embedded database in
 * memory, or DATABASE_URL). Exit 0 only if every expectation holds; a failure names file, line,
 * expected and actual; a malformed line stops the run with its line number.
 */
export async function transcriptCli(files: readonly string[], options: TranscriptCliOptions = {}): Promise<number> {
  const write = options.write ?? ((line: string) => console.log(line));
  let failed = 0;
  for (const file of files) {
    let steps;
    try {
      steps = parseTranscript(await readFile(file, 'utf8'), file);
    } catch (error) {
      if (error instanceof TranscriptSyntaxError) {
        write(error.message);
        return 2;
      }
      throw error;
    }
    const stack = await startLocalStack({ memory: !process.env.DATABASE_URL, modules: options.modules, logger: createLogger('silent') });
    try {
      const result = await runTranscript(steps, { discord: stack.discord, state: stack.state, advance: stack.advance, settle: stack.settle, now: stack.now });
      if (options.json) for (const output of result.outputs) write(JSON.stringify(output));
      for (const f of result.failures) write(`${f.file}:${f.line}: expected ${f.expected}\n  actual: ${f.actual}`);
      if (!result.ok) failed++;
      if (!options.json) write(`${result.ok ? 'ok  ' : 'FAIL'} ${file}`);
    } finally {
      await stack.stop();
    }
  }
  if (!options.json) write(`${files.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}
