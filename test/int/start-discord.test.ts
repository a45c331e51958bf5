import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startLocalDiscord } from '../../src/local/discord/index.ts';
import { fromRoot } from '../../src/ops/paths.ts';
import { emptyDatabase } from '../support/empty-database.ts';
import { sparePort } from '../support/redis-server.ts';

const base = process.env.DATABASE_URL;

/**
 * Issue 19: the production entry, `turnkeeper start` with a token, end to end against the local Discord
 * (DISCORD_API_URL) and a fresh PostgreSQL database: it migrates in its child process while it loads, comes
 * up healthy, and stops cleanly on SIGTERM. The shard variables are blank, as `cp .env.example .env` leaves them.
 */
describe.skipIf(!base)('turnkeeper start on a local Discord (PostgreSQL)', () => {
  it('GIVEN DISCORD_API_URL naming the local Discord and an empty database THEN /healthz answers 200 ok after the migrations, and SIGTERM exits 0', async () => {
    const database = await emptyDatabase(base as string);
    const discord = await startLocalDiscord({ shards: 1, quietMs: 0, sandbox: false });
    const port = await sparePort();
    const env = {
      ...process.env,
      DISCORD_TOKEN: discord.botToken,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_URL: database.url,
      REDIS_URL: '',
      HEALTH_PORT: String(port),
      LOG_LEVEL: 'info',
      MIGRATE_ON_START: 'true',
      SHARDS: '',
      SHARD_IDS: '',
      SHARD_COUNT: '',
    };
    const child = spawn(process.execPath, [fromRoot('bin', 'turnkeeper.js'), 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let body: { status?: string; checks?: Record<string, boolean>; scheduler?: { queue: string; state: string } } = {};
      const until = Date.now() + 50_000;
      while (body.status !== 'ok') {
        if (child.exitCode !== null) throw new Error(`turnkeeper start exited with ${child.exitCode}: ${stderr}`);
        if (Date.now() > until) throw new Error(`not healthy in time: ${stderr}`);
        const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
        if (res?.status === 200) body = (await res.json()) as typeof body;
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(body).toEqual({ status: 'ok', checks: { database: true, discord: true }, scheduler: { queue: 'in-process', state: 'ok' } });
      // The bot's REST calls went to the local Discord (its commands were never registered on discord.com).
      expect(discord.calls.some((c) => c.path === '/gateway/bot')).toBe(true);
      const messages = stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string; result?: string });
      expect(messages.find((m) => m.msg === 'database migrations checked')?.result).toMatch(/^applied: /);
      expect(messages.map((m) => m.msg)).toEqual(expect.arrayContaining(['code and packs loaded', 'discord client ready', 'runtime started', 'serving /healthz']));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await discord.close();
      await database.drop();
    }
  }, 90_000);

  it('GIVEN a database nobody listens for THEN the failed migration ends start-up with exit 69, the code loading beside it notwithstanding, and /healthz never answers', async () => {
    const port = await sparePort();
    const env = { ...process.env, DISCORD_TOKEN: 'x'.repeat(30), DISCORD_API_URL: 'http://127.0.0.1:1/api', DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/nothing', REDIS_URL: '', HEALTH_PORT: String(port), LOG_LEVEL: 'warn', MIGRATE_ON_START: 'true' };
    const child = spawn(process.execPath, [fromRoot('bin', 'turnkeeper.js'), 'start'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let answered = false;
    const probe = setInterval(() => void fetch(`http://127.0.0.1:${port}/healthz`).then(() => (answered = true), () => undefined), 50);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    clearInterval(probe);
    expect(code).toBe(69);
    expect(answered).toBe(false);
  }, 60_000);
});
