import { readFile, stat } from 'node:fs/promises';
import { CAMPAIGN_FORMAT, createApp, createCampaignArchive, type App, type ImportProblem } from '../app/index.ts';
import { databaseTimeouts, type Config } from '../ops/config.ts';
import type { SegmentCheck } from '../core/index.ts';
import { openDatabase, type PrismaClient } from '../store/index.ts';
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
  } catch {
    return { ok: false, lines: [`${file}: not JSON (${jsonErrorWhere(text)})`] };
  }
}

/** "line 3, column 14: unexpected ']'" for text JSON.parse refused (its own messages rarely give a position). */
function jsonErrorWhere(text: string): string {
  const { offset, reason } = jsonError(text);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${before.length - before.lastIndexOf('\n')}: ${reason}`;
}

/** The first syntax error of JSON text: a small iterative scanner (no recursion, so any depth is safe). */
export function jsonError(text: string): { offset: number; reason: string } {
  let i = 0;
  const stack: ('[' | '{')[] = [];
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const fail = (what: string) => ({ offset: i, reason: i >= text.length ? 'the file ends too early' : `${what}, found ${JSON.stringify(text[i])}` });
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if ((text.charCodeAt(i) ?? 0) < 0x20) return false;
      i++;
    }
    if (i >= text.length) return false;
    i++;
    return true;
  };
  const scalar = (): boolean => {
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) return false;
    i += m[0].length;
    return true;
  };
  for (;;) {
    space();
    const c = text[i];
    if (c === '[' || c === '{') {
      stack.push(c);
      i++;
      space();
      if (text[i] === (c === '[' ? ']' : '}')) i++;
      else if (c === '{') {
        if (!string()) return fail('expected a key in double quotes');
        space();
        if (text[i] !== ':') return fail('expected ":"');
        i++;
        continue;
      } else continue;
      stack.pop();
    } else if (c === '"') {
      if (!string()) return fail('expected the end of the text');
    } else if (!scalar()) return fail('expected a value');
    for (;;) {
      space();
      const top = stack.at(-1);
      if (top === undefined) {
        if (i < text.length) return fail('expected the end of the file');
        return { offset: i, reason: 'not JSON' };
      }
      if (text[i] === ',') {
        i++;
        if (top === '{') {
          space();
          if (!string()) return fail('expected a key in double quotes');
          space();
          if (text[i] !== ':') return fail('expected ":"');
          i++;
        }
        break;
      }
      if (text[i] === (top === '[' ? ']' : '}')) {
        i++;
        stack.pop();
        continue;
      }
      return fail(top === '[' ? 'expected "," or "]"' : 'expected "," or "}"');
    }
  }
}

/** Problems printed one per line; past this many, the rest are counted (a broken log can have thousands). */
export const MAX_PROBLEM_LINES = 100;

function problemLines(file: string, problems: readonly ImportProblem[], verb: string): string[] {
  const shown = problems.slice(0, MAX_PROBLEM_LINES).map((p) => `${file}: ${p.path || '(document)'}: ${p.message}`);
  const more = problems.length > shown.length ? [`… and ${problems.length - shown.length} more`] : [];
  return [...shown, ...more, `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${file}; ${verb}`];
}

/**
 * `turnkeeper game export|import|verify`: the operator's side of a game's file, on the server. `export`
 * prints the whole backup (seed, log, seats, settings, clocks, reminders); `import` restores one where it
 * was played (`--detached`: without its thread, as a copy); `verify` replays a stored game or a file.
 */
export async function gameCli(config: Config, args: readonly string[], output: CliOutput = consoleOutput, makeApp?: () => Promise<OpenedApp>): Promise<number> {
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
    if (file?.ok && (file.doc as { format?: unknown } | null)?.format === CAMPAIGN_FORMAT) return await campaignFile(action, target, file.doc, opened, output);
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
    for (const line of segmentLines(r.value.segments)) output.out(line);
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

/**
 * One line per segment of a log that moved on to newer rules (none for a game played under one version):
 * which commands, under which rules, and whether they were replayed or anchored at their checkpoint.
 */
export function segmentLines(segments: readonly SegmentCheck[]): string[] {
  if (segments.length < 2) return [];
  return segments.map((s) => {
    const range = s.to > s.from ? `commands ${s.from + 1}-${s.to}` : 'no commands';
    const how = s.checked === 'replayed' ? 'replayed' : `not replayable here (those rules are gone); anchored: checkpoint ${s.to} matches its logged hash`;
    return `segment rules ${s.rulesVersion}, ${range}: ${how}`;
  });
}

/** The app the CLI runs against, with its database client for campaign files. */
export interface OpenedApp {
  readonly app: App;
  readonly prisma?: PrismaClient;
  close(): Promise<void>;
}

async function openApp(config: Config): Promise<OpenedApp> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: config.MIGRATE_ON_START, preparedStatements: config.DATABASE_PREPARED_STATEMENTS, timeouts: databaseTimeouts(config) });
  const { catalog, packs } = await loadCatalog();
  return { app: createApp({ db, games: catalog.modules, packs, clock: () => new Date() }), prisma: db.prisma, close: () => db.close() };
}

/** A campaign's file (`turnkeeper.campaign/1`): `verify` replays every game and its carried chain; `import` restores it all. */
async function campaignFile(action: string, target: string, doc: unknown, opened: OpenedApp, output: CliOutput): Promise<number> {
  if (!opened.prisma || (action !== 'import' && action !== 'verify')) {
    output.error(`${target}: a campaign file can be imported or verified, not used with ${action}`);
    return 2;
  }
  const archive = createCampaignArchive({ prisma: opened.prisma, app: opened.app });
  if (action === 'verify') {
    const r = await archive.verifyFile(doc);
    if (!r.ok) return fail(output, r.error.code, r.error.params);
    if (r.value.ok) {
      output.out(`verified: a campaign of ${r.value.games} games, each replaying to its stored hashes and handing on what the next one started with`);
      return 0;
    }
    for (const line of problemLines(target, r.value.problems, 'it was not verified')) output.error(line);
    return 1;
  }
  const r = await archive.importCampaign(doc, { userId: 'cli', userName: 'cli' });
  if (!r.ok) {
    for (const line of problemLines(target, r.error.problems, 'nothing was imported')) output.error(line);
    return 1;
  }
  output.out(`imported as campaign ${r.value.campaignId} with ${r.value.games.length} games`);
  return 0;
}

function fail(output: CliOutput, code: string, params?: Readonly<Record<string, unknown>>): number {
  output.error(`${code}${params ? ` ${JSON.stringify(params)}` : ''}`);
  return 1;
}
