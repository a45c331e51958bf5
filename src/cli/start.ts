import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { ConfigError, startMode, type Config } from '../ops/config.ts';
import { startHealthServer } from '../ops/health.ts';
import { createLogger, type Logger } from '../ops/logger.ts';
import { createMetrics } from '../ops/metrics.ts';
import { fromRoot } from '../ops/paths.ts';

/**
 * Runs `turnkeeper migrate` in a child process and returns its exit code. The WebAssembly schema engine
 * stays resident once loaded (~40 MB), so the bot process never loads it; the child's errors go to stderr.
 */
export function migrateInChildProcess(logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...process.execArgv, fromRoot('bin', 'turnkeeper.js'), 'migrate'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) logger.info({ result: output.trim(), ms: Math.round(performance.now() - t0) }, 'database migrations checked');
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * `turnkeeper start`: with DISCORD_TOKEN, the bot on Discord; without, the local sandbox (a Discord of
 * its own on 127.0.0.1, the embedded database, the in-process scheduler). Stops cleanly on SIGINT/SIGTERM.
 */
export async function start(config: Config): Promise<number> {
  const mode = startMode(config);
  const logger = createLogger(config.LOG_LEVEL);
  const metrics = createMetrics();
  let stopRuntime: () => Promise<void>;
  let health: Server | undefined;
  if (mode.kind === 'discord') {
    // The migrations run in their own process while this one loads the bot's code and the content packs
    // (neither touches the database): start-up waits for the longer of the two, not for both in turn.
    const migrated = config.DATABASE_URL && config.MIGRATE_ON_START ? migrateInChildProcess(logger) : Promise.resolve(0);
    const prepared = (async () => {
      const t0 = performance.now();
      const compose = await import('./compose.ts');
      const imported = performance.now();
      const catalog = await compose.loadCatalog();
      logger.info({ ms: { imports: Math.round(imported - t0), packs: Math.round(performance.now() - imported) } }, 'code and packs loaded');
      return { compose, catalog };
    })();
    // Awaited below once the migrations succeeded; a failure is reported there, never as an unhandled rejection.
    prepared.catch(() => undefined);
    const code = await migrated;
    if (code !== 0) return code;
    const { compose, catalog } = await prepared;
    const runtime = await compose.startRuntime({ config: { ...config, MIGRATE_ON_START: false }, logger, metrics, token: mode.token, catalog, ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}) });
    stopRuntime = runtime.stop;
    health = await startHealthServer(config.HEALTH_PORT, metrics, {
      database: async () => (await runtime.db.prisma.$queryRawUnsafe('SELECT 1'), true),
      discord: async () => runtime.bot.client.isReady(),
    }, () => runtime.scheduler.health());
    const address = health.address();
    // Since the process started (Node's own start and the imports included): the whole start-up, for operators.
    logger.info({ port: typeof address === 'object' && address ? address.port : config.HEALTH_PORT, uptimeMs: Math.round(process.uptime() * 1000) }, 'serving /healthz');
  } else {
    if (config.REDIS_URL) {
      throw new ConfigError('REDIS_URL', 'is set, but the local sandbox (no DISCORD_TOKEN) runs its own in-process queue so that `!advance` moves time for the game and its reminders together: unset REDIS_URL for the sandbox, or set DISCORD_TOKEN to run the bot with BullMQ on Redis');
    }
    const { startLocalStack } = await import('../local/stack.ts');
    const stack = await startLocalStack({ port: config.PORT, dataDir: config.DATA_DIR, logger, metrics });
    stopRuntime = stack.stop;
    health = await startHealthServer(config.HEALTH_PORT, metrics, {
      database: async () => (await stack.runtime.db.prisma.$queryRawUnsafe('SELECT 1'), true),
      discord: async () => stack.runtime.bot.client.isReady(),
    }, () => stack.runtime.scheduler.health());
    console.log(`Open ${stack.url}/ to play`);
  }
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, 'shutting down');
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await new Promise<void>((resolve) => (health ? health.close(() => resolve()) : resolve()));
  await stopRuntime();
  return 0;
}
