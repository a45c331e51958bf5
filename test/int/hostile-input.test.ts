import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../src/cli/compose.ts';
import { RedisRateLimiter } from '../../src/discord/rate-limit.ts';
import { t } from '../../src/i18n/index.ts';
import { gameModules } from '../../src/games/index.ts';
import { startLocalDiscord, type LocalDiscord } from '../../src/local/discord/index.ts';
import { loadConfig } from '../../src/ops/config.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { getGame, loadLog } from '../../src/store/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { tallyGame } from '../support/tally-game.ts';
import { registerTallyStrings } from '../support/tally-strings.ts';

type Handle = Awaited<ReturnType<LocalDiscord['slash']>>;

function answerText(handle: Handle): string {
  return String(handle.followUps.at(-1)?.content ?? handle.reply?.content ?? '');
}

function refused(handle: Handle): boolean {
  return handle.ephemeral || handle.followUps.some((m) => m.ephemeralFor);
}

/** `/<name> <option>:<value>` with the value exactly as given (the command line cannot carry NUL or broken characters). */
function raw(name: string, option: string, value: string) {
  return { name, options: [{ name: option, type: 3, value }] };
}

/** Issue 14 "Bad and hostile input", through the local Discord and the real discord.js client. */
describe.each(backends)('hostile input through Discord on %s', (kind) => {
  let db: TestDatabase;
  let discord: LocalDiscord;
  let runtime: Runtime;

  beforeAll(async () => {
    registerTallyStrings();
    db = await openTestDatabase(kind);
    discord = await startLocalDiscord({ sandbox: false, quietMs: 5, users: ['alice', 'bob', 'carol', 'dave', 'erin', 'zed\u0000\ud800', '\u0001\u0002'] });
    const config = { ...loadConfig({ LOBBIES_PER_USER: '2', AUTOCOMPLETE_PER_MINUTE: '3' }), ALLOW_SEED: true, RATE_LIMIT_PER_MINUTE: 10_000, SHARDS: 1 as const };
    runtime = await startRuntime({
      config,
      database: db,
      logger: createLogger('silent'),
      token: discord.botToken,
      api: discord.apiUrl,
      modules: { ...gameModules, tally: tallyGame },
      registerCommands: true,
      dispatchIntervalMs: 50,
      scheduler: { inProcess: true },
    });
  });
  afterAll(async () => {
    await runtime?.stop();
    await discord?.close();
    await db?.dispose();
  });

  async function newGame(user: string, line: string): Promise<{ handle: Handle; threadId: string | undefined }> {
    const handle = await discord.slash(user, discord.channelId, line);
    return { handle, threadId: /<#(\d+)>/.exec(answerText(handle))?.[1] };
  }

  it('GIVEN a running adventure WHEN a note holds NUL, a control character, a broken emoji or too many characters THEN each is refused with its reason and the log does not move', async () => {
    const { threadId } = await newGame('alice', '/game new game:adventure players:1 seed:5');
    if (!threadId) throw new Error('no thread');
    await discord.slash('alice', threadId, '/game start');
    const found = await runtime.app.findByThread(threadId);
    if (!found.ok) throw new Error(found.error.code);
    const before = await loadLog(db.prisma, found.value);
    const cases: [string, string][] = [
      ['a\u0000b', t('en', 'core.text.control', { option: 'text' })],
      ['bell\u0007', t('en', 'core.text.control', { option: 'text' })],
      ['half \ud83d emoji', t('en', 'core.text.surrogate', { option: 'text' })],
      ['x'.repeat(1001), t('en', 'adventure.note.tooLong', { max: 1000, length: 1001 })],
    ];
    for (const [text, reason] of cases) {
      const answer = await discord.slash('alice', threadId, raw('notes', 'text', text));
      expect(refused(answer)).toBe(true);
      expect(answerText(answer)).toBe(reason);
    }
    expect(await loadLog(db.prisma, found.value)).toEqual(before);
    const accepted = await discord.slash('alice', threadId, raw('notes', 'text', 'Jose\u0301 says 🎲 13'));
    expect(refused(accepted)).toBe(false);
    const log = await loadLog(db.prisma, found.value);
    expect(log.at(-1)?.args).toEqual({ text: 'José says 🎲 13' });
  });

  it('GIVEN members whose display names hold NUL, broken characters or nothing printable WHEN they join THEN they are seated under cleaned names, never refused', async () => {
    const { threadId } = await newGame('bob', '/game new game:tally');
    if (!threadId) throw new Error('no thread');
    for (const user of ['zed\u0000\ud800', '\u0001\u0002']) {
      const joined = await discord.slash(user, threadId, '/game join');
      expect(refused(joined)).toBe(false);
    }
    const found = await runtime.app.findByThread(threadId);
    if (!found.ok) throw new Error(found.error.code);
    const names = (await getGame(db.prisma, found.value))!.seats.map((s) => s.userName);
    expect(names).toEqual(['Bob', 'Zed', t('en', 'core.player.unnamed')]);
  });

  it('GIVEN /game new refused after its checks (an unknown pack, too many open tables) WHEN sent THEN the reason is given and no thread is left behind', async () => {
    const threads = () => discord.threads(discord.channelId).length;
    const start = threads();
    const noPack = await newGame('carol', '/game new game:adventure pack:no-such-pack');
    expect(refused(noPack.handle)).toBe(true);
    expect(threads()).toBe(start);
    for (let i = 0; i < 2; i++) expect((await newGame('carol', '/game new game:tally')).threadId).toBeDefined();
    expect(threads()).toBe(start + 2);
    const third = await newGame('carol', '/game new game:tally');
    expect(refused(third.handle)).toBe(true);
    expect(answerText(third.handle)).toBe(t('en', 'core.limit.lobbiesPerUser', { max: 2 }));
    expect(threads()).toBe(start + 2);
  });

  it('GIVEN a limit of 3 autocomplete requests a minute WHEN a member types a fourth THEN it gets no choices and others still do', async () => {
    const lists = [];
    for (let i = 0; i < 4; i++) lists.push(await discord.autocomplete('dave', discord.channelId, '/game new game:ta'));
    expect(lists.slice(0, 3).every((choices) => choices.some((c) => c.value === 'tally'))).toBe(true);
    expect(lists[3]).toEqual([]);
    expect((await discord.autocomplete('erin', discord.channelId, '/game new game:ta')).some((c) => c.value === 'tally')).toBe(true);
  });
});

describe.skipIf(!process.env.REDIS_URL)('rate limits shared through Redis', () => {
  const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  const peer = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  const prefix = `tk-test-rate-${randomUUID()}`;
  afterAll(async () => {
    const keys = (await redis?.keys(`${prefix}:*`)) ?? [];
    if (keys.length) await redis?.del(...keys);
    await redis?.quit();
    await peer?.quit();
  });

  it('GIVEN two shards counting in one Redis WHEN a user alternates between them THEN the limit holds across both, per bucket and per user', async () => {
    const limits = { command: 3, autocomplete: 2 };
    const a = new RedisRateLimiter(redis!, limits, prefix);
    const b = new RedisRateLimiter(peer!, limits, prefix);
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await (i % 2 ? b : a).take('command', 'u1'));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits[3]).toBeGreaterThan(0);
    expect(waits[3]).toBeLessThanOrEqual(60);
    expect([await a.take('autocomplete', 'u1'), await b.take('autocomplete', 'u1'), await a.take('autocomplete', 'u1')].map((w) => w > 0)).toEqual([false, false, true]);
    expect(await b.take('command', 'u2')).toBe(0);
  });

  it('GIVEN Redis not answering WHEN a user acts THEN the window in this process decides and nobody is refused for it', async () => {
    const broken = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    const errors: unknown[] = [];
    const limiter = new RedisRateLimiter(broken, { command: 2, autocomplete: 2 }, prefix, () => Date.now(), (e) => errors.push(e));
    expect([await limiter.take('command', 'u3'), await limiter.take('command', 'u3'), (await limiter.take('command', 'u3')) > 0]).toEqual([0, 0, true]);
    expect(errors.length).toBe(3);
    broken.disconnect();
  });
});
