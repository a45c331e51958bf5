import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/** Whether a `redis-server` binary is on the PATH (fault tests skip, saying so, when it is not). */
export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** A port nobody listens on right now (the shared Redis on 6379 is never used by these tests). */
export async function sparePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A private `redis-server` on a spare port in a temp dir, without persistence, that a test can stop
 * (SIGTERM / SIGKILL), freeze (SIGSTOP / SIGCONT), flush and start again on the same port.
 */
export class OwnRedis {
  readonly port: number;
  readonly url: string;
  readonly #dir = mkdtempSync(join(tmpdir(), 'tk-redis-'));
  #child: ChildProcess | undefined;

  private constructor(port: number) {
    this.port = port;
    this.url = `redis://127.0.0.1:${port}`;
  }

  static async create(): Promise<OwnRedis> {
    return new OwnRedis(await sparePort());
  }

  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.#dir], { stdio: 'ignore' });
    this.#child = child;
    const deadline = Date.now() + 5_000;
    for (;;) {
      const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
      probe.on('error', () => undefined);
      const ok = await probe.connect().then(() => probe.ping()).then(() => true, () => false);
      probe.disconnect();
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }

  /** Stops it (`SIGTERM`, or `SIGKILL` for a crash) and waits for the process to end. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null) return;
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill(signal);
    await ended;
  }

  freeze(): void {
    this.#child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.#child?.kill('SIGCONT');
  }

  async flushAll(): Promise<void> {
    const admin = new Redis(this.url, { maxRetriesPerRequest: 1 });
    await admin.flushall();
    admin.disconnect();
  }

  async dispose(): Promise<void> {
    await this.stop('SIGKILL');
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
