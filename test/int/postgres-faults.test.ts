import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App, type AppActor } from '../../src/app/index.ts';
import { isDatabaseUnavailable, loadLog, openDatabase, type Database } from '../../src/store/index.ts';
import { startCuttingProxy, type CuttingProxy } from '../support/tcp-proxy.ts';
import { startThrowawayPostgres, throwawayPostgresMissing, type ThrowawayPostgres } from '../support/throwaway-postgres.ts';
import { tallyGame } from '../support/tally-game.ts';
import { unwrap } from '../support/unwrap.ts';

/**
 * Issue 19, "PostgreSQL faults get honest answers": a PostgreSQL of the test's own on a spare port,
 * stopped and frozen (SIGSTOP), and a TCP proxy in front of it that cuts the connection at a command's
 * write, before it reaches the server or after it committed.
 */
const missing = throwawayPostgresMissing();
if (missing) console.warn(missing);

const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const bo: AppActor = { userId: 'u-bo', userName: 'Bo' };
/** Small limits so a frozen server answers within seconds. */
const timeouts = { connectMs: 500, acquireMs: 700, statementMs: 600 };

describe.skipIf(missing !== null)('PostgreSQL faults on a throwaway server', () => {
  let server: ThrowawayPostgres;
  let proxy: CuttingProxy;
  let direct: Database;
  let viaProxy: Database;
  let app: App;
  let thread = 0;

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    const url = await server.createDatabase('faults');
    direct = await openDatabase({ databaseUrl: url, timeouts });
    proxy = await startCuttingProxy({ host: '127.0.0.1', port: server.port });
    viaProxy = await openDatabase({ databaseUrl: url.replace(`:${server.port}/`, `:${proxy.port}/`), migrate: false, timeouts });
    app = createApp({ db: viaProxy, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date() });
  });
  afterAll(async () => {
    await viaProxy?.close().catch(() => undefined);
    await direct?.close().catch(() => undefined);
    await proxy?.close();
    await server?.dispose();
  });

  async function newGame(): Promise<string> {
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `pgf-${++thread}`, host: ana, gameType: 'tally', options: { target: 50 }, seed: 5 }));
    unwrap(await app.join(lobby.gameId, bo));
    unwrap(await app.start(lobby.gameId, ana));
    return lobby.gameId;
  }

  async function withNonce(gameId: string, nonce: string): Promise<number> {
    return (await loadLog(direct.prisma, gameId)).filter((e) => e.nonce === nonce).length;
  }

  it('GIVEN the connection cut after the command committed (its answer lost) WHEN the player is answered THEN the key is found and the answer is "done", and a retry with the same key is recognised, not applied again', async () => {
    const id = await newGame();
    unwrap(await app.play(id, ana, { type: 'add', args: { n: 1 } }, 'warm-1'));
    const cut = proxy.cutOn('cut-after-commit', 'afterReply');
    const first = await app.play(id, ana, { type: 'add', args: { n: 3 } }, 'cut-after-commit');
    await cut;
    expect(first.ok).toBe(true);
    expect(first.ok && first.value.duplicate).toBe(true);
    expect(first.ok && first.value.seq).toBe(2);
    const retry = await app.play(id, ana, { type: 'add', args: { n: 3 } }, 'cut-after-commit');
    expect(retry.ok && retry.value.duplicate).toBe(true);
    expect(await withNonce(id, 'cut-after-commit')).toBe(1);
    expect((await loadLog(direct.prisma, id)).length).toBe(2);
  });

  it('GIVEN the connection cut before the write reached the server WHEN the player is answered THEN the key is not in the log, the answer is "not done", and a retry applies it once', async () => {
    const id = await newGame();
    unwrap(await app.play(id, ana, { type: 'add', args: { n: 1 } }, 'warm-2'));
    const cut = proxy.cutOn('cut-before-send', 'beforeSend');
    const first = await app.play(id, ana, { type: 'add', args: { n: 3 } }, 'cut-before-send');
    await cut;
    expect(first).toEqual({ ok: false, error: { code: 'core.commit.notDone' } });
    expect(await withNonce(id, 'cut-before-send')).toBe(0);
    const retry = unwrap(await app.play(id, ana, { type: 'add', args: { n: 3 } }, 'cut-before-send'));
    expect(retry.duplicate).toBeUndefined();
    expect(retry.seq).toBe(2);
    expect(await withNonce(id, 'cut-before-send')).toBe(1);
  });

  it('GIVEN the server frozen (SIGSTOP) at a command WHEN the player is answered THEN the answer comes within the configured limits and says it could not be confirmed; once thawed, the table shows it happened at most once and a retry is recognised', async () => {
    const id = await newGame();
    unwrap(await app.play(id, ana, { type: 'add', args: { n: 1 } }, 'warm-3'));
    await server.freeze();
    const started = Date.now();
    let answer;
    try {
      answer = await app.play(id, ana, { type: 'add', args: { n: 3 } }, 'frozen-1');
    } finally {
      await server.thaw();
    }
    const took = Date.now() - started;
    expect(answer).toEqual({ ok: false, error: { code: 'core.commit.unconfirmed' } });
    // The write and the lookup each give up after statementMs + 1 s of grace.
    expect(took).toBeLessThan(2 * (timeouts.statementMs + 1_000) + 1_000);
    let retry;
    for (let i = 0; i < 20; i++) {
      retry = await app.play(id, ana, { type: 'add', args: { n: 3 } }, 'frozen-1').catch(() => null);
      if (retry?.ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(retry?.ok).toBe(true);
    expect(await withNonce(id, 'frozen-1')).toBe(1);
    expect((await loadLog(direct.prisma, id)).map((e) => e.seq)).toEqual([1, 2]);
  });

  it('GIVEN the server stopped WHEN a command arrives THEN it is classified as unreachable (not a generic error), the player hears "unreachable, nothing changed" without waiting out a limit, and play resumes after a restart', async () => {
    const id = await newGame();
    const directApp = createApp({ db: direct, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date() });
    unwrap(await directApp.play(id, ana, { type: 'add', args: { n: 1 } }, 'warm-4'));
    await server.stop();
    try {
      const error = await direct.prisma.$queryRawUnsafe('SELECT 1').catch((e: unknown) => e);
      expect(isDatabaseUnavailable(error)).toBe(true);
      const modelError = await direct.prisma.game.count().catch((e: unknown) => e);
      expect(isDatabaseUnavailable(modelError)).toBe(true);
      const started = Date.now();
      // Straight to the server (through the proxy, a refused connection would look like one cut).
      const answer = await directApp.play(id, ana, { type: 'add', args: { n: 3 } }, 'stopped-1');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(answer).toEqual({ ok: false, error: { code: 'core.unavailable' } });
    } finally {
      await server.start();
    }
    const after = unwrap(await directApp.play(id, ana, { type: 'add', args: { n: 3 } }, 'stopped-1'));
    expect(after.seq).toBe(2);
    expect(await withNonce(id, 'stopped-1')).toBe(1);
  });
});
