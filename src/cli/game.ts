import { readFile, stat } from 'node:fs/promises';
import { createApp, type App, type ImportProblem } from '../app/index.ts';
import type { Config } from '../ops/config.ts';
import { openDatabase } from '../store/index.ts';
import { loadCatalog } from './compose.ts';

/**
 * The largest game file `import` and `verify` read. A long campaign's log is a few megabytes; the limit is
 * checked on the file's size before it is read, so an oversized file never fills the memory.
 */
export const MAX_GAME_FILE_BYTES = 32 * 1024 * 1024;

/** Where the CLI writes: standard output and standard error (replaced in tests). */
export interface CliOutput {
  out(line: string): void;
  error(line: string): void;
}

const consoleOutput: CliOutput = { out: (line) => console.log(line), error: (line) => console.error(line) };

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A game file read and parsed, or the lines that say why not (no stack trace). */
export async function readGameFile(file: string, limit = MAX_GAME_FILE_BYTES): Promise<{ ok: true; doc: unknown } | { ok: false; lines: string[] }> {
  let size: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) return { ok: false, lines: [`${file}: not a file`] };
    size = s.size;
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, lines: [`${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? 'unknown error'})`}`] };
  }
  if (size > limit) return { ok: false, lines: [`${file}: ${megabytes(size)} is more than a game file may be (${megabytes(limit)}); it was not read`] };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { ok: false, lines: [`${file}: cannot be read (${(error as { code?: string }).code ?? 'unknown error'})`] };
  }
  try {
    return { ok: true, doc: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, lines: [`${file}: not JSON (${jsonErrorWhere(text, error)})`] };
  }
}

/** "line 3, column 14: …" from a JSON.parse error, whichever way this Node version words its position. */
function jsonErrorWhere(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  const position = /position (\d+)/.exec(message);
  const reason = message.replace(/\s*(in JSON )?at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)/, '');
  if (lineCol) return `line ${lineCol[1]}, column ${lineCol[2]}: ${reason}`;
  if (position) {
    const before = text.slice(0, Number(position[1]));
    const line = before.split('\n').length;
    return `line ${line}, column ${before.length - before.lastIndexOf('\n')}: ${reason}`;
  }
  return reason;
}

function problemLines(file: string, problems: readonly ImportProblem[], verb: string): string[] {
  return [...problems.map((p) => `${file}: ${p.path || '(document)'}: ${p.message}`), `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${file}; ${verb}`];
}

/**
 * `turnkeeper game export|import|verify`: the operator's side of a game's file, on the server. `export`
 * prints the whole backup (seed, log, seats, settings, clocks, reminders); `import` restores one where it
 * was played (`--detached`: without its thread, as a copy); `verify` replays a stored game or a file.
 */
export async function gameCli(config: Config, args: readonly string[], output: CliOutput = consoleOutput, makeApp?: () => Promise<{ app: App; close(): Promise<void> }>): Promise<number> {
  const [action, target] = args;
  if (!action || !target || !['export', 'import', 'verify'].includes(action)) {
    output.error('usage: turnkeeper game export <id> | import <file> [--detached] | verify <id|file>');
    return 2;
  }
  const isFile = action === 'import' || (action === 'verify' && (await stat(target).then(() => true, () => false)));
  const file = isFile ? await readGameFile(target) : null;
  if (file && !file.ok) {
    for (const line of file.lines) output.error(line);
    return 1;
  }
  const opened = makeApp ? await makeApp() : await openApp(config);
  const { app } = opened;
  try {
    if (action === 'export') {
      const r = await app.exportGame(target);
      if (!r.ok) return fail(output, r.error.code, r.error.params);
      output.out(JSON.stringify(r.value, null, 2));
      return 0;
    }
    if (action === 'import') {
      const detached = args.includes('--detached');
      const place = detached ? { guildId: 'cli', channelId: 'cli', threadId: null, host: { userId: 'cli', userName: 'cli' }, detached } : undefined;
      const r = await app.importGame(file?.ok ? file.doc : null, place);
      if (!r.ok) {
        for (const line of problemLines(target, r.error.problems, 'nothing was imported')) output.error(line);
        return 1;
      }
      output.out(`imported as game ${r.value.gameId}`);
      return 0;
    }
    const r = await app.verify(file?.ok ? (file.doc as Parameters<App['verify']>[0]) : target);
    if (!r.ok) {
      if ('problems' in r.error) {
        for (const line of problemLines(target, r.error.problems, 'it was not verified')) output.error(line);
        return 1;
      }
      return fail(output, r.error.code, r.error.params);
    }
    if (r.value.ok) {
      output.out(`verified: ${r.value.commands} commands replay to ${r.value.hash}`);
      return 0;
    }
    const v = r.value;
    output.error(`diverges at command ${v.seq} (${v.reason}): expected ${v.expected}, replay gave ${v.actual || v.rejection?.code || '?'}`);
    return 1;
  } finally {
    await opened.close();
  }
}

async function openApp(config: Config): Promise<{ app: App; close(): Promise<void> }> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: config.MIGRATE_ON_START, preparedStatements: config.DATABASE_PREPARED_STATEMENTS });
  const { catalog, packs } = await loadCatalog();
  return { app: createApp({ db, games: catalog.modules, packs, clock: () => new Date() }), close: () => db.close() };
}

function fail(output: CliOutput, code: string, params?: Readonly<Record<string, unknown>>): number {
  output.error(`${code}${params ? ` ${JSON.stringify(params)}` : ''}`);
  return 1;
}
