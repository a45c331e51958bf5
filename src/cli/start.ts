import type { Server } from 'node:http';
import type { Config } from '../ops/config.ts';
import { startHealthServer } from '../ops/health.ts';
import { createLogger } from '../ops/logger.ts';
import { createMetrics } from '../ops/metrics.ts';
import { startRuntime } from './compose.ts';

/**
 * `turnkeeper start`: with DISCORD_TOKEN, the bot on Discord; without, the local sandbox (a Discord of
 * its own on 127.0.0.1, the embedded database, the in-process scheduler). Stops cleanly on SIGINT/SIGTERM.
 */
export async function start(config: Config): Promise<number> {
  const logger = createLogger(config.LOG_LEVEL);
  const metrics = createMetrics();
  let stopRuntime: () => Promise<void>;
  let health: Server | undefined;
  if (config.DISCORD_TOKEN) {
    const runtime = await startRuntime({ config, logger, metrics, token: config.DISCORD_TOKEN });
    stopRuntime = runtime.stop;
    health = await startHealthServer(config.HEALTH_PORT, metrics, {
      database: async () => (await runtime.db.prisma.$queryRawUnsafe('SELECT 1'), true),
      discord: async () => runtime.bot.client.isReady(),
    });
  } else {
    const { startLocalStack } = await import('../local/stack.ts');
    const stack = await startLocalStack({ port: config.PORT, dataDir: config.DATA_DIR, logger, metrics });
    stopRuntime = stack.stop;
    health = await startHealthServer(config.HEALTH_PORT, metrics, {
      database: async () => (await stack.runtime.db.prisma.$queryRawUnsafe('SELECT 1'), true),
      discord: async () => stack.runtime.bot.client.isReady(),
    });
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
