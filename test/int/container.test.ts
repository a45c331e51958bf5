import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../src/ops/paths.ts';

/**
 * Issue 15 "Around the game", the Docker image: a container with a blank DISCORD_TOKEN stops at once and
 * says which variable is missing (before, it quietly opened the local sandbox), and the image leaves out
 * tests, benches, CI files and docs. The image's own ENV lines are read from the Dockerfile, so the test
 * follows what the image really sets.
 */

/** `ENV` pairs of the Dockerfile's last stage (the running image). */
async function imageEnv(): Promise<Record<string, string>> {
  const text = await readFile(fromRoot('Dockerfile'), 'utf8');
  const stages = text.split(/^FROM /m);
  const last = stages[stages.length - 1] ?? '';
  const env: Record<string, string> = {};
  for (const line of last.split('\n')) {
    const m = /^ENV\s+(.*)$/.exec(line.trim());
    if (!m) continue;
    for (const pair of (m[1] ?? '').split(/\s+/)) {
      const [k, v] = pair.split('=', 2);
      if (k && v !== undefined) env[k] = v;
    }
  }
  return env;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fromRoot('bin', 'turnkeeper.js'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Docker's .dockerignore rules, enough for ours: globs with `*` and `**`, `!` to keep again, a match on a folder covers what is inside. */
function ignoredBy(patterns: readonly string[]): (file: string) => boolean {
  const rules = patterns.map((p) => {
    const keep = p.startsWith('!');
    const glob = (keep ? p.slice(1) : p).replace(/^\/+|\/+$/g, '');
    const source = glob.split('**').map((part) => part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')).join('.*');
    return { keep, re: new RegExp(`^${source.replace(/\.\*\//g, '(?:.*/)?')}$`) };
  });
  return (file) => {
    const parts = file.split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let ignored = false;
    for (const rule of rules) if (prefixes.some((p) => rule.re.test(p))) ignored = !rule.keep;
    return ignored;
  };
}

describe('the Docker image', () => {
  it('GIVEN the image\'s environment WHEN the container starts with a blank DISCORD_TOKEN THEN it stops at once with exit 78, naming DISCORD_TOKEN, and opens nothing', async () => {
    const image = await imageEnv();
    expect(image.TURNKEEPER_SANDBOX).toBe('false');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tk-container-'));
    try {
      // TURNKEEPER_RUN=src: the image runs its build; here the same sources run through tsx.
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...image, TURNKEEPER_RUN: 'src', DATA_DIR: dataDir, DISCORD_TOKEN: '  ', PORT: '0', HEALTH_PORT: '0' };
      const { code, stdout, stderr } = await run(['start'], env);
      expect(code).toBe(78);
      expect(stdout).toBe('');
      expect(stderr.trim()).toMatch(/^Configuration error: DISCORD_TOKEN is not set.*TURNKEEPER_SANDBOX=true/);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('GIVEN .dockerignore THEN the build context keeps what the bot runs and leaves out tests, benches, CI files and docs', async () => {
    const patterns = (await readFile(fromRoot('.dockerignore'), 'utf8')).split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
    const ignored = ignoredBy(patterns);
    const kept = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'bin/turnkeeper.js', 'scripts/build.mjs', 'prisma/schema.prisma', 'prisma/releases.json', 'src/cli/main.ts', 'src/local/web/index.html', 'src/i18n/locales/en/core.json', 'commands/game.ts', 'assets/packs'];
    const left = ['test/int/upgrade.test.ts', 'test/support/db.ts', 'bench/run.ts', '.ci/run', 'docs/migrations.md', 'src/cli/main.test.ts', 'src/scheduler/contract.test-helper.ts', 'vitest.config.ts', 'README.md', 'node_modules/pg/package.json', '.env', 'data/pglite/PG_VERSION'];
    expect(kept.filter((f) => !existsSync(fromRoot(f)))).toEqual([]);
    expect(kept.filter(ignored)).toEqual([]);
    expect(left.filter((f) => !ignored(f))).toEqual([]);
  });
});
