import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXIT, main } from './main.ts';

/**
 * Issue 15 "Around the game": `--help` on any command explains it and runs nothing (before, `start --help`
 * started the bot and `migrate --help` migrated); wrong usage exits 2 and every error reads as words.
 */
const TOPICS = ['start', 'migrate', 'commands', 'commands deploy', 'pack', 'pack validate', 'pack lock', 'pack schema', 'game', 'game export', 'game import', 'game verify', 'transcript'];
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

let dataDir: string;
let out: string[];
let err: string[];
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, DISCORD_TOKEN: process.env.DISCORD_TOKEN };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tk-cli-'));
  Object.assign(process.env, { DATA_DIR: dataDir });
  delete process.env.DATABASE_URL;
  delete process.env.DISCORD_TOKEN;
  out = [];
  err = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.map(String).join(' ')));
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('turnkeeper --help', () => {
  it.each(TOPICS.flatMap((t) => [[t, '--help'], [t, '-h']]))('GIVEN `turnkeeper %s %s` THEN it prints that command\'s help, exits 0 and touches nothing', async (topic, flag) => {
    expect(await main([...topic.split(' '), flag])).toBe(EXIT.ok);
    expect(out.join('\n')).toContain(`turnkeeper ${topic}`);
    expect(err).toEqual([]);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('GIVEN `start --help` with no token (which would open the sandbox) THEN no server starts and no database is created', async () => {
    expect(await main(['start', '--help'])).toBe(EXIT.ok);
    expect(out.join('\n')).toMatch(/^turnkeeper start\n/);
    expect(out.join('\n')).not.toMatch(/Open http/);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('GIVEN `migrate --help` THEN the embedded database is neither created nor migrated', async () => {
    expect(await main(['migrate', '--help'])).toBe(EXIT.ok);
    expect(out.join('\n')).not.toMatch(/^applied:|^database is up to date/m);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('GIVEN --help after arguments (`game import some.json --help`, `commands deploy --guild 1 -h`) THEN help, and the command does not run', async () => {
    expect(await main(['game', 'import', 'some.json', '--help'])).toBe(EXIT.ok);
    expect(await main(['commands', 'deploy', '--guild', '1', '-h'])).toBe(EXIT.ok);
    expect(out.join('\n')).toContain('turnkeeper game import <file>');
    expect(out.join('\n')).toContain('turnkeeper commands deploy [--guild ID]');
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('GIVEN `help game verify`, `--help` alone or no command THEN the matching help, exit 0', async () => {
    expect(await main(['help', 'game', 'verify'])).toBe(EXIT.ok);
    expect(out.at(-1)).toMatch(/^turnkeeper game verify <id\|file>/);
    expect(await main(['--help'])).toBe(EXIT.ok);
    expect(await main([])).toBe(EXIT.ok);
    expect(out.at(-1)).toContain('Exit codes');
  });
});

describe('turnkeeper with wrong usage', () => {
  it.each([
    [['bogus'], /unknown command "bogus"/],
    [['bogus', '--help'], /unknown command "bogus"/],
    [['help', 'bogus'], /unknown command "bogus"/],
    [['commands', 'undeploy'], /unknown command "commands undeploy"/],
    [['commands'], /which one\? \(deploy\)/],
    [['game', 'delete', 'x'], /unknown command "game delete"/],
    [['game', 'export'], /game export: the game id is missing/],
    [['pack', 'validate'], /pack validate: the pack folder is missing/],
    [['transcript'], /transcript: a transcript file is missing/],
    [['start', '--verbose'], /start: unknown option --verbose/],
    [['migrate', 'now'], /migrate: unexpected "now"/],
    [['commands', 'deploy', '--guild'], /--guild needs a value/],
    [['pack', 'validate', 'dir', '--jsn'], /pack validate: unknown option --jsn/],
  ])('GIVEN `turnkeeper %s` THEN a plain reason and the help on stderr, exit 2, nothing run', async (argv, reason) => {
    expect(await main(argv)).toBe(EXIT.usage);
    const text = err.join('\n');
    expect(text).toMatch(reason);
    expect(text).toContain('turnkeeper');
    expect(text).not.toMatch(STACK_LINE);
    expect(await readdir(dataDir)).toEqual([]);
  });
});

describe('turnkeeper errors', () => {
  it('GIVEN `transcript` of a file that is not there THEN one line names the file, exit 1, no stack trace', async () => {
    const missing = path.join(dataDir, 'nowhere.txn');
    expect(await main(['transcript', missing])).toBe(EXIT.failed);
    expect(err).toEqual([`turnkeeper transcript failed: cannot use ${missing}: no such file or folder`]);
  });

  it('GIVEN a bad variable THEN the configuration error names it, exit 78', async () => {
    process.env.DATABASE_URL = 'mysql://elsewhere';
    expect(await main(['migrate'])).toBe(EXIT.config);
    expect(err.join('\n')).toMatch(/^Configuration error: DATABASE_URL/);
  });

  it('§Redis is a helper: GIVEN REDIS_URL set for the sandbox (no DISCORD_TOKEN) THEN start refuses it by name, exit 78, before opening anything', async () => {
    const before = process.env.REDIS_URL;
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    try {
      expect(await main(['start'])).toBe(EXIT.config);
      expect(err.join('\n')).toMatch(/^Configuration error: REDIS_URL is set, but the local sandbox/);
    } finally {
      if (before === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = before;
    }
  });
});
