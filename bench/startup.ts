import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OwnRedis, sparePort } from '../test/support/redis-server.ts';
import { compileProject, startDiscord } from './e2e.ts';
import { scratchDatabase } from './scratch-db.ts';
import { seedCampaignServer, type Seeded } from './startup-seed.ts';
import { single, summarize, type BenchRow } from './stats.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Kept out of the copy: built here (bin, dist), another run's (dist-bench), or irrelevant (.git). */
const OWN = new Set(['bin', 'dist', 'dist-bench', '.git', 'tsconfig.json', 'tsconfig.build.json', 'package.json']);

/**
 * The production build beside the sources: `dist-bench/<pid>-startup/` holds `bin/` and the tsconfig files
 * (copies), `dist/` (tsconfig.build.json compiled into it, with the source digest `npm run build` writes) and
 * links to everything else (src, assets, prisma, node_modules…). Its `bin/turnkeeper.js` then runs the
 * compiled build exactly as a deployed `npm run build && npm start` does (TURNKEEPER_RUN=dist refuses
 * anything else), and this tree's own `dist/` is never written. Removed when the bench ends.
 */
async function productionBuild(): Promise<string> {
  const dir = path.join(root, 'dist-bench', `${process.pid}-startup`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'bin'), { recursive: true });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  for (const entry of readdirSync(root)) if (!OWN.has(entry)) symlinkSync(path.join(root, entry), path.join(dir, entry));
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package.json']) copyFileSync(path.join(root, file), path.join(dir, file));
  for (const file of readdirSync(path.join(root, 'bin'))) copyFileSync(path.join(root, 'bin', file), path.join(dir, 'bin', file));
  const t0 = performance.now();
  compileProject(path.join(root, 'tsconfig.build.json'), path.join(dir, 'dist'), root, 'the production build (tsconfig.build.json)');
  const digest = (await import(pathToFileURL(path.join(dir, 'bin', 'build-digest.js')).href)) as { sourceDigest(): string; digestFile: string };
  writeFileSync(digest.digestFile, `${digest.sourceDigest()}\n`);
  process.stderr.write(`bench: built the bot for production in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  return path.join(dir, 'bin', 'turnkeeper.js');
}

/** One start: spawn → `/healthz` 200 with the queue ok, plus the bot's own timings when it logs at info. */
interface Start {
  readonly healthyMs: number;
  readonly body: string;
  readonly logs: readonly Record<string, unknown>[];
  readonly spawnedAt: number;
}

async function poll(url: string): Promise<{ status: number; body: string } | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  }
}

function stopped(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
}

/**
 * Spawns `node bin/turnkeeper.js start` as production runs it and polls `/healthz` every 20 ms until it
 * answers 200 with `status: "ok"` (database, Discord and the queue all healthy); then stops it with SIGTERM.
 */
async function startOnce(entry: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Start> {
  const port = await sparePort();
  const spawnedAt = Date.now();
  const t0 = performance.now();
  const child = spawn(process.execPath, [entry, 'start'], { env: { ...env, HEALTH_PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  let healthy: { ms: number; body: string } | undefined;
  try {
    while (!healthy) {
      if (child.exitCode !== null) throw new Error(`the bot exited with ${child.exitCode} before it was healthy: ${err.slice(-2_000)}`);
      if (performance.now() - t0 > timeoutMs) throw new Error(`the bot was not healthy within ${timeoutMs} ms: ${err.slice(-2_000)}`);
      const answer = await poll(`http://127.0.0.1:${port}/healthz`);
      if (answer?.status === 200 && (JSON.parse(answer.body) as { status: string }).status === 'ok') healthy = { ms: performance.now() - t0, body: answer.body };
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    const code = await stopped(child);
    if (code !== 0 && code !== null) process.stderr.write(`bench: the bot exited with ${code} after SIGTERM: ${err.slice(-1_000)}\n`);
  }
  // pino writes JSON lines to stdout (nothing at warn when all went well; the step timings at info).
  const logs = out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
  return { healthyMs: healthy.ms, body: healthy.body, spawnedAt, logs };
}

const BREAKDOWN = ['database', 'renderThread', 'services', 'discord', 'schedulerStart', 'reconcile', 'campaignDormancy', 'rebuild'] as const;

/** Where one start (logged at info) spent its time: from the log lines' times and the bot's own step timings. */
function breakdown(start: Start): string {
  const line = (msg: string) => start.logs.find((l) => l.msg === msg);
  const migrated = line('database migrations checked');
  const loaded = line('code and packs loaded')?.ms as Record<string, number> | undefined;
  const runtime = line('runtime started')?.ms as Record<string, number> | undefined;
  const serving = line('serving /healthz');
  if (!migrated || !loaded || !runtime || !serving) return 'no breakdown (log lines missing)';
  const migrateMs = Number(migrated.ms);
  const beforeMigrate = Date.parse(String(migrated.time)) - migrateMs - start.spawnedAt;
  const parts = [
    `Node, bin/turnkeeper.js and the configuration ${beforeMigrate.toFixed(0)} ms`,
    `then the migrate child ${migrateMs} ms beside imports ${loaded.imports} ms + packs ${loaded.packs} ms`,
    `then ${BREAKDOWN.map((k) => `${k} ${runtime[k] ?? '?'} ms`).join(', ')}`,
  ];
  return `${parts.join('; ')}; serving /healthz ${String(serving.uptimeMs)} ms after the process started, 200 polled at ${start.healthyMs.toFixed(0)} ms`;
}

/**
 * Issue 19: start-up of the real bot process to a healthy `/healthz` at a campaign server's scale — 10,000
 * stored games on PostgreSQL (1,000 waiting on a seat), a private Redis, the local Discord. Goal ≤ 5 s.
 * Each start is a fresh process of the production build with MIGRATE_ON_START=true (a restart: the
 * migrations are already applied), stopped with SIGTERM before the next.
 */
export async function startupCases(quick: boolean): Promise<BenchRow[]> {
  const games = quick ? 2_000 : 10_000;
  const starts = quick ? 3 : 5;
  const scratch = await scratchDatabase('turnkeeper_bench_startup');
  const redis = await OwnRedis.create();
  const discord = await startDiscord(1);
  try {
    await redis.start();
    const entry = await productionBuild();
    const seeded: Seeded = await seedCampaignServer(scratch.url, games);
    process.stderr.write(`bench: seeded ${games} games (${seeded.waiting} waiting, ${seeded.playingQuiet} playing quietly, ${seeded.ended} ended), ${seeded.jobs} jobs, ${seeded.commands} commands in ${seeded.seconds.toFixed(0)} s\n`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DISCORD_TOKEN: discord.botToken,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      LOG_LEVEL: 'warn',
      MIGRATE_ON_START: 'true',
      TURNKEEPER_RUN: 'dist',
      TURNKEEPER_SANDBOX: 'false',
      SHARDS: '1',
      SHARD_IDS: '',
      SHARD_COUNT: '',
    };
    const healthy: number[] = [];
    let body = '';
    for (let i = 0; i < starts; i += 1) {
      const start = await startOnce(entry, env, 60_000);
      healthy.push(start.healthyMs);
      body = start.body;
      process.stderr.write(`bench: start ${i + 1}: healthy in ${start.healthyMs.toFixed(0)} ms\n`);
    }
    // One more start logging at info, for the breakdown only (not among the timed starts).
    const traced = await startOnce(entry, { ...env, LOG_LEVEL: 'info' }, 60_000);
    const rebuilt = traced.logs.find((l) => l.msg === 'scheduler started')?.rebuilt;
    const scheduler = (JSON.parse(body) as { scheduler?: { queue: string; state: string } }).scheduler;
    const stored = `${games} games (${seeded.waiting} waiting on a seat, ${seeded.playingQuiet} playing with reminders off, ${seeded.ended} ended), ${seeded.jobs} jobs`;
    return [
      summarize(`start-up to a healthy /healthz: node bin/turnkeeper.js start (compiled), ${stored}, BullMQ on a private Redis`, 'ms', healthy, `fresh process each (MIGRATE_ON_START=true, LOG_LEVEL=warn), /healthz polled every 20 ms until 200 with status ok (queue ${scheduler?.queue} ${scheduler?.state}); goal ≤ 5 s`),
      single('start-up breakdown (one more start logging at info)', 'ms', traced.healthyMs, `${breakdown(traced)}; rebuilt ${String(rebuilt)} jobs`),
    ];
  } finally {
    await discord.close();
    await redis.dispose();
    await scratch.drop();
  }
}
