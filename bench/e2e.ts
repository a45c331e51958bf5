import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createApp, type App } from '../src/app/index.ts';
import { loadCatalog, startRuntime, type Runtime } from '../src/cli/compose.ts';
import { createRng, seedRng } from '../src/core/index.ts';
import { gameModules } from '../src/games/index.ts';
import { startLocalDiscord, type LocalDiscord } from '../src/local/discord/index.ts';
import { loadConfig } from '../src/ops/config.ts';
import { createLogger } from '../src/ops/logger.ts';
import { loadLog, openDatabase, type Database } from '../src/store/index.ts';
import { registerTallyStrings } from '../test/support/tally-strings.ts';
import { benchTally } from './games.ts';
import type { MemorySample } from './worker.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
/** Where the bench finds PostgreSQL when DATABASE_URL is unset (the project machines' server). */
export const DEFAULT_PG = 'postgresql://postgres@127.0.0.1:5432/test';
const modules = { ...gameModules, tally: benchTally };

/** A bot under test: in this process (PGlite) or in worker processes (PostgreSQL), plus a reader app. */
export interface BotUnderTest {
  readonly kind: 'postgres' | 'pglite';
  /** The driver's own application over the same database, for reads (who is awaited, legal moves). */
  readonly app: App;
  readonly db: Database;
  floor(n: number): Promise<number[]>;
  rss(): Promise<number[]>;
  /** CPU time (user + system, every thread) the bot processes have used so far, in ms. */
  cpu(): Promise<number>;
  /** Memory of the first bot process after a full GC and a short settle (`process.memoryUsage()` fields). */
  memory(): Promise<MemorySample>;
  /** Holds `n` games (random play of `commands` each, mixed game types) in the first bot process. */
  cache(n: number, commands: number): Promise<{ before: MemorySample; after: MemorySample }>;
  stop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates the scratch database `turnkeeper_bench` (dropped first if a run left it) and returns its URL. */
export async function scratchDatabase(base: string, name = 'turnkeeper_bench'): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    url: withDatabase(base, name),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

async function readerApp(db: Database): Promise<App> {
  const catalog = await loadCatalog(modules);
  return createApp({ db, games: catalog.catalog.modules, packs: catalog.packs, clock: () => new Date() });
}

interface Worker {
  readonly child: ChildProcess;
  request<T>(message: object, answer: string): Promise<T>;
}

/**
 * How the bot process runs: `compiled` is production (`npm run build` output, plain Node); `tsx` is the
 * development loop (TypeScript sources through tsx).
 */
export type BotRuntime = 'compiled' | 'tsx';

let compiled: string | undefined;

/** Runs this tree's TypeScript compiler on `project` into `outDir` (from `cwd`); throws naming `what` if it fails. */
export function compileProject(project: string, outDir: string, cwd: string, what: string): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--outDir', outDir], { cwd, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`bench: compiling ${what} failed`);
}

/**
 * Compiles the worker and everything it imports (tsconfig.bench.json: the production build's settings plus
 * the bench worker) to `dist-bench/<pid>/`, once per bench run and removed when it ends, so the compiled
 * bot is never stale and two bench runs never share one.
 */
function compiledWorker(): string {
  if (compiled) return compiled;
  const outDir = path.join(root, 'dist-bench', String(process.pid));
  rmSync(outDir, { recursive: true, force: true });
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  const t0 = performance.now();
  compileProject(path.join(root, 'tsconfig.bench.json'), outDir, root, 'the worker (tsconfig.bench.json)');
  process.stderr.write(`bench: compiled the bot in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  compiled = path.join(outDir, 'bench', 'worker.js');
  return compiled;
}

const bases = new Map<string, string>();

/**
 * `--base=<git ref>`: the bot as that commit built it, for an A/B against the working tree in the same run
 * (the "measured against the previous commit"). Its sources are taken with `git archive` into
 * `dist-bench/<pid>-base/src` (the generated Prisma client copied from this tree: the schema must be the
 * same) and compiled with its own `tsconfig.bench.json`, its worker given this tree's `bench/worker.ts`.
 */
export function baseWorker(ref: string): string {
  const known = bases.get(ref);
  if (known) return known;
  // Beside, not inside, this tree's build directory (which `compiledWorker` empties before it compiles).
  const dir = path.join(root, 'dist-bench', `${process.pid}-base`);
  const src = path.join(dir, 'src');
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const archive = spawnSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(src)}`], { cwd: root, stdio: 'inherit' });
  if (archive.status !== 0) throw new Error(`bench: git archive ${ref} failed`);
  cpSync(path.join(root, 'src', 'generated'), path.join(src, 'src', 'generated'), { recursive: true });
  cpSync(path.join(here, 'worker.ts'), path.join(src, 'bench', 'worker.ts'));
  const out = path.join(dir, 'out');
  compileProject(path.join(src, 'tsconfig.bench.json'), out, src, ref);
  const entry = path.join(out, 'bench', 'worker.js');
  bases.set(ref, entry);
  return entry;
}

/** The `--base=<ref>` argument, if given. */
export function baseRef(argv: readonly string[] = process.argv): string | undefined {
  return argv.find((a) => a.startsWith('--base='))?.slice('--base='.length) || undefined;
}

function spawnWorker(env: NodeJS.ProcessEnv, profile: boolean, runtime: BotRuntime): Promise<Worker> {
  const execArgv = [...(runtime === 'tsx' ? ['--import', 'tsx'] : []), '--expose-gc', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(here, 'profiles')}`] : [])];
  // `TK_BENCH_BASE`: the worker of another commit (`baseWorker`), the A/B's "before".
  const entry = env.TK_BENCH_BASE ? baseWorker(env.TK_BENCH_BASE) : runtime === 'tsx' ? path.join(here, 'worker.ts') : compiledWorker();
  const child = fork(entry, [], { env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const worker: Worker = {
    child,
    request<T>(message: object, answer: string): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const on = (m: unknown) => {
          const msg = m as { type: string; message?: string };
          if (msg.type === answer) {
            child.off('message', on);
            resolve(msg as T);
          } else if (msg.type === 'error') {
            child.off('message', on);
            reject(new Error(msg.message));
          }
        };
        child.on('message', on);
        child.send(message);
      });
    },
  };
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench worker exited with ${code}`)));
    child.on('message', (m) => {
      if ((m as { type: string }).type === 'ready') resolve(worker);
    });
  });
}

/** Bot processes, one per entry of `shardsPerProcess`, against PostgreSQL at `url`; compiled unless told. */
export async function startWorkers(discord: LocalDiscord, url: string, shardsPerProcess: readonly number[][], profile = false, runtime: BotRuntime = 'compiled', extraEnv: NodeJS.ProcessEnv = {}): Promise<BotUnderTest> {
  const db = await openDatabase({ databaseUrl: url });
  const workers: Worker[] = [];
  const count = shardsPerProcess.flat().length;
  for (const [i, ids] of shardsPerProcess.entries()) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url,
      SHARD_IDS: ids.join(','),
      SHARD_COUNT: String(count),
      SHARDS: '',
      RATE_LIMIT_PER_MINUTE: '10000',
      MIGRATE_ON_START: 'false',
      HEALTH_PORT: '0',
      TK_BENCH_TOKEN: discord.botToken,
      TK_BENCH_API: discord.apiUrl,
      TK_BENCH_REGISTER: i === 0 ? '1' : '0',
      ...extraEnv,
    };
    workers.push(await spawnWorker(env, profile, runtime));
  }
  for (const g of discord.guilds()) await discord.waitForBot(g.id, 20_000);
  return {
    kind: 'postgres',
    db,
    app: await readerApp(db),
    floor: async (n) => (await workers[0]!.request<{ samples: number[] }>({ type: 'floor', n }, 'floor')).samples,
    cache: (n, commands) => workers[0]!.request({ type: 'cache', n, commands }, 'cache'),
    memory: async () => (await workers[0]!.request<{ memory: MemorySample }>({ type: 'memory' }, 'memory')).memory,
    rss: async () => Promise.all(workers.map(async (w) => (await w.request<{ rss: number }>({ type: 'rss' }, 'rss')).rss)),
    cpu: async () => (await Promise.all(workers.map(async (w) => w.request<{ user: number; system: number }>({ type: 'cpu' }, 'cpu')))).reduce((ms, c) => ms + (c.user + c.system) / 1000, 0),
    async stop() {
      await Promise.all(workers.map((w) => w.request({ type: 'stop' }, 'stopped').catch(() => undefined)));
      await db.close();
    },
  };
}

/** The bot in this process on embedded PGlite (in memory): the figure a single-machine install sees. */
export async function startInProcess(discord: LocalDiscord): Promise<BotUnderTest> {
  const config = { ...loadConfig({}), ALLOW_SEED: true, RATE_LIMIT_PER_MINUTE: 10_000, SHARDS: 1 };
  const runtime: Runtime = await startRuntime({ config, logger: createLogger('silent'), token: discord.botToken, api: discord.apiUrl, modules, memory: true, registerCommands: true, dispatchIntervalMs: 100 });
  return {
    kind: 'pglite',
    db: runtime.db,
    app: runtime.app,
    async floor(n) {
      const samples: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await runtime.db.prisma.guildSettings.create({ data: { guildId: `floor-${Date.now()}-${i}` } });
        samples.push(performance.now() - t0);
      }
      return samples;
    },
    rss: async () => [process.memoryUsage().rss],
    cpu: async () => (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    memory: () => Promise.reject(new Error('memory is measured in a worker process')),
    cache: () => Promise.reject(new Error('memory is measured in a worker process')),
    stop: () => runtime.stop(),
  };
}

/** The local Discord the bots log in to; `quietMs: 0` so a handle resolves as soon as the answer is complete. */
export async function startDiscord(shards: number): Promise<LocalDiscord> {
  registerTallyStrings();
  return startLocalDiscord({ shards, quietMs: 0, sandbox: false, answerTimeoutMs: 60_000, users: ['host'] });
}

/** A started 4-seat tally game in its own thread, created through the bot with slash commands. */
export interface BenchGame {
  readonly gameId: string;
  readonly threadId: string;
  readonly users: readonly string[];
  /** Interaction ids of the commands the bot accepted (public answers): the log must hold exactly these. */
  readonly accepted: string[];
  refused: number;
  /** Interactions the bot did not answer in time (Discord: "The application did not respond"). */
  failed: number;
}

/** Creates `count` games through the bot, spread over the local Discord's guilds (so over the shards). */
export async function createGames(discord: LocalDiscord, bot: BotUnderTest, count: number, prefix: string): Promise<BenchGame[]> {
  const guilds = discord.guilds();
  const games: BenchGame[] = [];
  let next = 0;
  async function one(i: number): Promise<void> {
    const guild = guilds[i % guilds.length]!;
    const channel = discord.channel('games', guild.id);
    const users = [0, 1, 2, 3].map((s) => discord.addUser(`${prefix}g${i}s${s}`).id);
    const created = await discord.slash(users[0]!, channel.id, '/game new game:tally players:4');
    const threadId = /<#(\d+)>/.exec(String(created.reply?.content ?? ''))?.[1];
    if (!threadId) throw new Error(`game ${i}: no thread in ${JSON.stringify(created.reply?.content)}`);
    for (const u of users.slice(1)) await discord.slash(u, threadId, '/game join');
    const started = await discord.slash(users[0]!, threadId, '/game start');
    if (started.ephemeral) throw new Error(`game ${i}: start refused: ${started.reply?.content ?? started.followUps[0]?.content}`);
    const found = await bot.app.findByThread(threadId);
    if (!found.ok) throw new Error(`game ${i}: ${found.error.code}`);
    games[i] = { gameId: found.value, threadId, users, accepted: [], refused: 0, failed: 0 };
  }
  await Promise.all(
    Array.from({ length: Math.min(16, count) }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return games;
}

/**
 * One random legal command of the awaited seat, through `/play action:<seq>.<index>` as a player picks
 * it from autocomplete. Returns the end-to-end time (dispatch → interaction answered) in ms.
 */
export async function playOnce(discord: LocalDiscord, bot: BotUnderTest, game: BenchGame, rng: ReturnType<typeof createRng>): Promise<number | null> {
  const next = await whatPlayersSee(bot, game.gameId);
  if (!next || next.choices === 0) return null;
  const index = rng.int(0, next.choices - 1);
  const t0 = performance.now();
  let handle;
  try {
    handle = await discord.slash(next.userId, game.threadId, `/play action:${next.seq}.${index}`);
  } catch {
    game.failed++;
    return performance.now() - t0;
  }
  const ms = performance.now() - t0;
  if (handle.ephemeral || handle.callbackType === null) game.refused++;
  else game.accepted.push(handle.id);
  return ms;
}

/**
 * Whose turn it is and how many legal choices that player has, as the table shows every player: one
 * plain query for the stored state, the rest computed with the game's own pure rules. The driver shares
 * the machine with the bots, so it reads as little as it can (not the application's full reads).
 */
async function whatPlayersSee(bot: BotUnderTest, gameId: string): Promise<{ userId: string; seq: number; choices: number } | null> {
  const rows = await bot.db.prisma.$queryRawUnsafe<{ seq: number; status: string; state: { state: unknown } | null; seats: { index: number; userId: string }[] | null }[]>(
    `SELECT g."seq", g."status"::text AS "status", g."state",
            (SELECT json_agg(json_build_object('index', s."index", 'userId', s."userId")) FROM "Seat" s WHERE s."gameId" = g."id" AND s."role" = 'player') AS "seats"
       FROM "Game" g WHERE g."id" = $1`,
    gameId,
  );
  const row = rows[0];
  if (!row || row.status !== 'playing' || !row.state) return null;
  const state = row.state.state;
  const seat = modules.tally.awaiting(state as never).seats[0];
  const userId = row.seats?.find((s) => s.index === seat)?.userId;
  if (seat === undefined || !userId) return null;
  return { userId, seq: Number(row.seq), choices: modules.tally.legalCommands(state as never, seat).length };
}

/** The driver's seeded chooser (the project's generator, never Math.random). */
export function driverRng(seed: number) {
  return createRng(seedRng(seed));
}

/** Waits until every outbox row has left `pending`/`sending` (or the time is up); returns what is left. */
export async function drainOutbox(db: Database, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = await db.prisma.outbox.count({ where: { status: { in: ['pending', 'sending'] } } });
    if (left === 0 || Date.now() > until) return left;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * No command lost or applied twice: each game's log holds exactly the accepted interaction ids as
 * nonces, once each, and replaying it reproduces the cached state's hash.
 */
export async function checkLogs(bot: BotUnderTest, games: readonly BenchGame[]): Promise<{ lost: number; doubled: number; extra: number; diverged: number }> {
  let lost = 0;
  let doubled = 0;
  let extra = 0;
  let diverged = 0;
  for (const g of games) {
    const log = await loadLog(bot.db.prisma, g.gameId);
    const seen = new Map<string, number>();
    for (const e of log) seen.set(e.nonce, (seen.get(e.nonce) ?? 0) + 1);
    const accepted = new Set(g.accepted);
    for (const id of accepted) {
      const n = seen.get(id) ?? 0;
      if (n === 0) lost++;
      if (n > 1) doubled++;
    }
    extra += log.filter((e) => !accepted.has(e.nonce)).length;
    const verified = await bot.app.verify(g.gameId);
    const row = await bot.db.prisma.game.findUnique({ where: { id: g.gameId }, select: { stateHash: true } });
    if (!verified.ok || !verified.value.ok || verified.value.hash !== row?.stateHash) diverged++;
  }
  return { lost, doubled, extra, diverged };
}
