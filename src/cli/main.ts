import { ConfigError, loadConfig } from '../ops/config.ts';

/** Exit codes (sysexits where one fits): what scripts and container supervisors can tell apart. */
export const EXIT = { ok: 0, failed: 1, usage: 2, unavailable: 69, config: 78 } as const;

const USAGE = `turnkeeper <command> [--help]

  start                          run the bot (local sandbox when DISCORD_TOKEN is unset)
  migrate                        apply prisma/migrations to DATABASE_URL, or to the embedded database in DATA_DIR
  commands deploy [--guild ID]   register the slash commands with Discord (globally, or in one guild)
  pack validate <dir> [--json]   check a content pack; errors name the file and the path inside it, and a
                                 shipped pack changed without a new version (packs.lock.json) is refused
  pack lock [root]               record each shipped pack version's hash in <root>/packs.lock.json
  pack schema [dir]              write the JSON Schemas of every game's pack format (default docs/schemas)
  game export <id>               print a game's whole backup as JSON (seed, log, seats, settings, clocks, reminders)
  game import <file> [--detached]  restore such a file where it was played (--detached: as a copy without its thread)
  game verify <id|file>          replay a game and report the first command whose hash diverges
  transcript <file...> [--json]  play transcript files against a fresh local stack

\`turnkeeper <command> --help\` (or -h) explains one command and does nothing else.
Exit codes: 0 done, 1 failed, 2 wrong usage, 69 database unreachable, 78 bad configuration.
`;

/** One command's help and the options it accepts (`value`: the option takes the next word). */
interface Topic {
  readonly help: string;
  readonly options?: Readonly<Record<string, { readonly value: boolean }>>;
}

const TOPICS = new Map<string, Topic>([
  ['', { help: USAGE }],
  ['help', { help: USAGE }],
  [
    'start',
    {
      help: `turnkeeper start

Runs the bot until SIGINT or SIGTERM. With DISCORD_TOKEN it connects to Discord (and, with DATABASE_URL,
applies migrations first in a short-lived child process); without it, a local Discord with a sandbox page
opens on 127.0.0.1:PORT. TURNKEEPER_SANDBOX=false (the Docker image) refuses to start without DISCORD_TOKEN;
TURNKEEPER_SANDBOX=true always opens the sandbox. Configuration comes from the environment (.env.example).
`,
    },
  ],
  [
    'migrate',
    {
      help: `turnkeeper migrate

Applies the pending migrations in prisma/migrations to DATABASE_URL, or to the embedded database under
DATA_DIR when DATABASE_URL is unset, and says which it applied. Running it again applies nothing.
`,
    },
  ],
  ['commands', { help: `turnkeeper commands deploy [--guild ID]\n\nSlash commands: \`commands deploy --help\` explains the one subcommand.\n` }],
  [
    'commands deploy',
    {
      help: `turnkeeper commands deploy [--guild ID]

Registers the slash commands with Discord: in the guild ID (or DEV_GUILD_ID) at once, otherwise globally
(Discord may take up to an hour to show them everywhere). Needs DISCORD_TOKEN; DISCORD_APPLICATION_ID is
read from the token when unset.
`,
      options: { '--guild': { value: true } },
    },
  ],
  ['pack', { help: `turnkeeper pack validate <dir> [--json] | lock [root] | schema [dir]\n\nContent packs: \`pack <action> --help\` explains each (docs/packs.md has the format).\n` }],
  [
    'pack validate',
    {
      help: `turnkeeper pack validate <dir> [--json] [--lock FILE]

Checks the content pack in <dir> against its game's schema. Every error names the file and the path
inside it, all at once. A pack whose version the lock (FILE, or the nearest packs.lock.json up to three
folders above <dir>) records with other content is refused: a changed pack needs a new version.
--json prints {ok, game, pack, errors: [{file, path, message, code}], counts}. Exit 0 when valid, 1 when not.
`,
      options: { '--json': { value: false }, '--lock': { value: true } },
    },
  ],
  [
    'pack lock',
    {
      help: `turnkeeper pack lock [root]

Records the content hash of every pack version under root (default assets/packs) in root/packs.lock.json.
New versions are added and versions already locked are kept; a locked version whose content changed is
refused and the lock is left as it was. Run it after adding a new version of a shipped pack.
`,
    },
  ],
  [
    'pack schema',
    {
      help: `turnkeeper pack schema [dir]

Writes the JSON Schema of every game's pack format, one file per part of a pack, under dir (default
docs/schemas). A test fails while the files there are out of date.
`,
    },
  ],
  ['game', { help: `turnkeeper game export <id> | import <file> [--detached] | verify <id|file>\n\nA game's file on the server (README "Game files"): \`game <action> --help\` explains each.\n` }],
  [
    'game export',
    {
      help: `turnkeeper game export <id>

Prints the game with this id as its whole backup, one JSON document: seed, pack, rules version, the whole
log, the game's place, host and settings, seats and spectators with their personal settings, seat clocks
and scheduled reminders. It holds every secret of the game: keep it on the server.
`,
    },
  ],
  [
    'game import',
    {
      help: `turnkeeper game import <file> [--detached]

Checks every part of a game file (at most 32 MB), replays it, and restores it where it was played, with
its host, seats, settings, clocks and reminders (queued when the bot next starts); prints the new game's
id. --detached imports a copy without its thread. A refused file gets every problem as
"file: path: what was expected"; nothing is stored and the exit code is 1.
`,
      options: { '--detached': { value: false } },
    },
  ],
  [
    'game verify',
    {
      help: `turnkeeper game verify <id|file>

Replays a stored game (by id) or an exported document (a file) from its seed and checks every command's
hash. Exit 0 when the whole log replays, 1 with the first diverging command when not.
`,
    },
  ],
  [
    'transcript',
    {
      help: `turnkeeper transcript <file...> [--json]

Plays each transcript file against a fresh local stack (embedded database in memory, or DATABASE_URL) and
reports every expectation that does not hold, with its file and line. --json prints each output as JSON.
`,
      options: { '--json': { value: false } },
    },
  ],
]);

/** Thrown for wrong usage: printed with the command's help, exit 2. */
class UsageError extends Error {}

/** The longest known command path at the start of `words` (`game export`, `pack`, or `` for none). */
function topicOf(words: readonly string[]): string {
  for (let n = Math.min(2, words.length); n > 0; n -= 1) {
    const key = words.slice(0, n).join(' ');
    if (TOPICS.has(key)) return key;
  }
  return '';
}

/**
 * Splits a command line into its positional words and its options, refusing options the command does
 * not take (so a typo never runs the command with its defaults).
 */
function parse(topic: string, args: readonly string[]): { words: string[]; options: Map<string, string | true> } {
  const accepted = TOPICS.get(topic)?.options ?? {};
  const words: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (!arg.startsWith('-') || arg === '-') {
      words.push(arg);
      continue;
    }
    const [name = arg, inline] = arg.split(/=(.*)/s, 2);
    const spec = Object.hasOwn(accepted, name) ? accepted[name] : undefined;
    if (!spec) throw new UsageError(`${topic ? `turnkeeper ${topic}` : 'turnkeeper'}: unknown option ${name}`);
    if (!spec.value) {
      options.set(name, true);
      continue;
    }
    const value = inline ?? args[(i += 1)];
    if (value === undefined || value === '' || value.startsWith('-')) throw new UsageError(`turnkeeper ${topic}: ${name} needs a value`);
    options.set(name, value);
  }
  return { words, options };
}

function needs(topic: string, value: string | undefined, what: string): string {
  if (value === undefined) throw new UsageError(`turnkeeper ${topic}: ${what} is missing`);
  return value;
}

const FILE_ERRORS: Readonly<Record<string, string>> = { ENOENT: 'no such file or folder', EACCES: 'permission denied', EISDIR: 'is a folder, not a file', ENOTDIR: 'is not a folder' };

/** The first line of an error, in words: never a stack trace on the terminal. */
function plain(error: unknown): string {
  const { code, path } = (error ?? {}) as { code?: unknown; path?: unknown };
  if (typeof code === 'string' && typeof path === 'string' && Object.hasOwn(FILE_ERRORS, code)) return `cannot use ${path}: ${FILE_ERRORS[code]}`;
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n').find((line) => line.trim() !== '')?.trim() ?? 'unknown error';
}

async function run(words: readonly string[], options: ReadonlyMap<string, string | true>): Promise<number> {
  const [command, sub, ...rest] = words;
  switch (command) {
    case 'start': {
      if (words.length > 1) throw new UsageError(`turnkeeper start: unexpected ${JSON.stringify(words[1])}`);
      const { start } = await import('./start.ts');
      return await start(loadConfig());
    }
    case 'migrate': {
      if (words.length > 1) throw new UsageError(`turnkeeper migrate: unexpected ${JSON.stringify(words[1])}`);
      const config = loadConfig();
      const { migrate } = await import('../store/migrate.ts');
      const result = await migrate({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
      console.log(result.applied.length ? `applied: ${result.applied.join(', ')}` : 'database is up to date');
      return EXIT.ok;
    }
    case 'commands': {
      if (sub !== 'deploy') throw new UsageError(sub === undefined ? 'turnkeeper commands: which one? (deploy)' : `turnkeeper: unknown command "commands ${sub}"`);
      if (rest.length > 0) throw new UsageError(`turnkeeper commands deploy: unexpected ${JSON.stringify(rest[0])}`);
      const { deployCommands } = await import('./deploy.ts');
      const guild = options.get('--guild');
      return await deployCommands(loadConfig(), typeof guild === 'string' ? guild : undefined);
    }
    case 'pack': {
      if (sub === undefined || !['validate', 'lock', 'schema'].includes(sub)) {
        throw new UsageError(sub === undefined ? 'turnkeeper pack: which one? (validate, lock or schema)' : `turnkeeper: unknown command "pack ${sub}"`);
      }
      if (sub === 'validate') needs('pack validate', rest[0], 'the pack folder');
      if (rest.length > 1) throw new UsageError(`turnkeeper pack ${sub}: unexpected ${JSON.stringify(rest[1])}`);
      const lock = options.get('--lock');
      const { packCli } = await import('./pack.ts');
      const code = await packCli([sub, ...rest, ...(options.has('--json') ? ['--json'] : []), ...(typeof lock === 'string' ? ['--lock', lock] : [])]);
      if (code === null) throw new UsageError(`turnkeeper pack ${sub}: wrong usage`);
      return code;
    }
    case 'game': {
      if (sub === undefined) throw new UsageError('turnkeeper game: which one? (export, import or verify)');
      if (!['export', 'import', 'verify'].includes(sub)) throw new UsageError(`turnkeeper: unknown command "game ${sub}"`);
      needs(`game ${sub}`, rest[0], sub === 'import' ? 'the file' : sub === 'export' ? 'the game id' : 'the game id or file');
      const { gameCli } = await import('./game.ts');
      return await gameCli(loadConfig(), [sub, ...rest, ...(options.has('--detached') ? ['--detached'] : [])]);
    }
    case 'transcript': {
      const files = words.slice(1);
      needs('transcript', files[0], 'a transcript file');
      const { transcriptCli } = await import('./transcript.ts');
      return await transcriptCli(files, { json: options.has('--json') });
    }
    case undefined:
    case 'help':
      console.log(USAGE);
      return EXIT.ok;
    default:
      throw new UsageError(`turnkeeper: unknown command "${command}"`);
  }
}

/**
 * Runs one CLI command and returns the process exit code. `--help`/`-h` anywhere prints that command's
 * help and runs nothing; wrong usage exits 2; every error is printed in plain words, never thrown.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const wantsHelp = argv.some((a) => a === '--help' || a === '-h');
  const positional = argv.filter((a) => !a.startsWith('-'));
  const topic = topicOf(positional[0] === 'help' ? positional.slice(1) : positional);
  if (wantsHelp || positional[0] === 'help') {
    const asked = positional[0] === 'help' ? positional[1] : positional[0];
    if (asked !== undefined && topic === '') {
      console.error(`turnkeeper: unknown command "${asked}"\n\n${USAGE}`);
      return EXIT.usage;
    }
    console.log(TOPICS.get(topic)?.help ?? USAGE);
    return EXIT.ok;
  }
  try {
    const { words, options } = parse(topic, argv);
    return await run(words, options);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${TOPICS.get(topic)?.help ?? USAGE}`);
      return EXIT.usage;
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      return EXIT.config;
    }
    const message = plain(error);
    if (/Can't reach database server|ECONNREFUSED|ENOTFOUND|password authentication failed|does not exist/i.test(message)) {
      console.error(`Cannot use the database named by DATABASE_URL: ${message}`);
      return EXIT.unavailable;
    }
    console.error(`turnkeeper${topic ? ` ${topic}` : ''} failed: ${message}`);
    if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
    return EXIT.failed;
  }
}
