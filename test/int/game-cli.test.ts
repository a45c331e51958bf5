import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createCampaigns, type App, type AppActor } from '../../src/app/index.ts';
import { gameCli, MAX_GAME_FILE_BYTES } from '../../src/cli/game.ts';
import { EXIT, main } from '../../src/cli/main.ts';
import { loadConfig } from '../../src/ops/config.ts';
import { tallyGame } from '../support/tally-game.ts';
import { openTestDatabase, type TestDatabase } from '../support/db.ts';

const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const bo: AppActor = { userId: 'u-bo', userName: 'Bo' };

describe('turnkeeper game import|verify|export', () => {
  let db: TestDatabase;
  let app: App;
  let dir: string;
  let gameId: string;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date('2026-03-01T10:00:00.000Z') });
    dir = await mkdtemp(join(tmpdir(), 'tk-game-cli-'));
    const lobby = await app.newGame({ guildId: 'g', channelId: 'c', threadId: 'cli-thread', host: ana, gameType: 'tally', options: { target: 9 }, seed: 3 });
    if (!lobby.ok) throw new Error(lobby.error.code);
    gameId = lobby.value.gameId;
    await app.join(gameId, bo);
    await app.start(gameId, ana);
    await app.play(gameId, ana, { type: 'add', args: { n: 2 } }, 'c1');
  });
  afterAll(async () => {
    await db?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function run(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await gameCli(loadConfig({}), args, { out: (l) => void out.push(l), error: (l) => void err.push(l) }, async () => ({ app, prisma: db.prisma, close: async () => {} }));
    return { code, out, err };
  }

  const noStack = (lines: readonly string[]) => expect(lines.join('\n')).not.toMatch(/\n\s+at |Error:|\.ts:\d+/);

  it('GIVEN a file larger than the limit WHEN it is imported THEN it is refused by its size with the limit stated, before it is read', async () => {
    const file = join(dir, 'huge.json');
    await writeFile(file, '');
    await truncate(file, MAX_GAME_FILE_BYTES + 1);
    const r = await run('import', file);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([`${file}: 32.0 MB is more than a game file may be (32.0 MB); it was not read`]);
  });

  it('GIVEN a missing file or one that is not JSON WHEN it is imported THEN the answer names the file, and the line and column of the mistake, with no stack trace', async () => {
    const missing = await run('import', join(dir, 'nope.json'));
    expect(missing).toEqual({ code: 1, out: [], err: [`${join(dir, 'nope.json')}: no such file`] });
    const file = join(dir, 'bad.json');
    await writeFile(file, '{\n  "format": "turnkeeper.game/2",\n  "log": [1, 2,]\n}\n');
    const r = await run('import', file);
    expect(r.code).toBe(1);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not JSON \\(line 3, column 16: expected a value, found "]"\\)$`));
    noStack(r.err);
  });

  it('GIVEN the turnkeeper command line WHEN import is given --detached THEN the option is accepted and the missing file is the answer (exit 1, not a usage error)', async () => {
    expect(await main(['game', 'import', join(dir, 'absent.json'), '--detached'])).toBe(EXIT.failed);
    expect(await main(['game', 'import', join(dir, 'absent.json'), '--copy'])).toBe(EXIT.usage);
  });

  it('GIVEN a file with wrong options, a bad seat and a broken log entry WHEN it is imported THEN every problem is printed with the file and its path, nothing is stored and the exit code is 1', async () => {
    const exported = await app.exportGame(gameId);
    if (!exported.ok) throw new Error(exported.error.code);
    const doc = JSON.parse(JSON.stringify(exported.value));
    doc.genesis.options = { target: 'many' };
    doc.genesis.seats[1].index = 4;
    doc.log[0].at = '2026-03-01T10:00:00Z';
    const file = join(dir, 'broken.json');
    await writeFile(file, JSON.stringify(doc));
    const before = await db.prisma.game.count();
    const r = await run('import', file);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([
      `${file}: log[0].at: expected a date and time like 2026-01-31T18:00:00.000Z`,
      `1 problem in ${file}; nothing was imported`,
    ]);
    noStack(r.err);
    doc.log[0].at = '2026-03-01T10:00:00.000Z';
    await writeFile(file, JSON.stringify(doc));
    const again = await run('import', file);
    expect(again.err).toEqual([
      `${file}: genesis.options.target: expected a number`,
      `${file}: genesis.seats[1].index: expected 1: seats are numbered from 0 in order`,
      `${file}: seats: expected a player at seat index 4, as the genesis has`,
      `3 problems in ${file}; nothing was imported`,
    ]);
    expect(await db.prisma.game.count()).toBe(before);
  });

  it('GIVEN a file with 150 broken log entries WHEN it is imported THEN the first 100 problems are printed, the rest counted, and the total given', async () => {
    const exported = await app.exportGame(gameId);
    if (!exported.ok) throw new Error(exported.error.code);
    const doc = JSON.parse(JSON.stringify(exported.value));
    const entry = doc.log[0];
    doc.log = Array.from({ length: 150 }, (_, i) => ({ ...entry, seq: i + 1, nonce: `m${i}`, type: 'fly' }));
    const file = join(dir, 'many.json');
    await writeFile(file, JSON.stringify(doc));
    const r = await run('import', file);
    expect(r.code).toBe(1);
    expect(r.err).toHaveLength(102);
    expect(r.err[99]).toBe(`${file}: log[99].type: expected a command of tally; "fly" is not one`);
    expect(r.err.slice(100)).toEqual(['… and 50 more', `150 problems in ${file}; nothing was imported`]);
  });

  it('GIVEN an exported backup WHEN it is verified, imported where it was played, then imported detached THEN verify passes, the taken thread is explained and the detached copy is stored', async () => {
    const exported = await run('export', gameId);
    expect(exported.code).toBe(0);
    const file = join(dir, 'good.json');
    await writeFile(file, exported.out.join('\n'));
    const verified = await run('verify', file);
    expect(verified).toMatchObject({ code: 0, out: [expect.stringMatching(/^verified: 1 commands replay to /)] });
    const taken = await run('import', file);
    expect(taken.code).toBe(1);
    expect(taken.err[0]).toBe(`${file}: game.threadId: expected a thread that holds no game here; import a copy without a thread (--detached)`);
    const copy = await run('import', file, '--detached');
    expect(copy).toMatchObject({ code: 0, out: [expect.stringMatching(/^imported as game [0-9a-f-]{36}$/)] });
  });

  it('GIVEN a campaign file WHEN it is verified and imported through the CLI THEN the chain is proven and the campaign restored; a forged hand-on names its path and nothing is stored', async () => {
    const campaigns = createCampaigns({ prisma: db.prisma, games: { tally: tallyGame }, clock: () => new Date('2026-03-01T10:00:00.000Z'), app });
    const c = await campaigns.create({ guildId: 'g', channelId: 'c', organiser: ana, gameType: 'tally', name: 'CLI Run' });
    if (!c.ok) throw new Error(c.error.code);
    await campaigns.join(c.value.id, bo);
    for (const seed of [5, 6]) {
      const next = await campaigns.next(c.value.id, { ...ana, manageGuild: false }, { options: { target: 5 }, seed });
      if (!next.ok) throw new Error(next.error.code);
      await app.start(next.value.lobby.gameId, ana);
      for (let i = 0; i < 10; i++) {
        const st = await app.status(next.value.lobby.gameId);
        if (!st.ok || st.value.status !== 'playing') break;
        const who = st.value.awaiting?.seats[0]?.userId === bo.userId ? bo : ana;
        await app.play(next.value.lobby.gameId, who, { type: 'add', args: { n: 3 } }, `cli-${seed}-${i}`);
      }
      await campaigns.recordEnded(next.value.lobby.gameId);
    }
    const exported = await campaigns.exportFor(c.value.id, bo);
    if (!exported.ok) throw new Error(exported.error.code);
    const file = join(dir, 'campaign.json');
    await writeFile(file, JSON.stringify(exported.value));
    expect(await run('verify', file)).toEqual({ code: 0, out: ['verified: a campaign of 2 games, each replaying to its stored hashes and handing on what the next one started with'], err: [] });
    const forged = join(dir, 'forged-campaign.json');
    await writeFile(forged, JSON.stringify({ ...exported.value, campaign: { ...exported.value.campaign, carried: { games: 9, lastWinner: null } } }));
    const before = await db.prisma.campaign.count();
    const refused = await run('import', forged);
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toBe(`${forged}: campaign.carried: expected what the last game hands on when replayed`);
    expect(await db.prisma.campaign.count()).toBe(before);
    const imported = await run('import', file);
    expect(imported.code).toBe(0);
    expect(imported.out[0]).toMatch(/^imported as campaign [0-9a-f-]{36} with 2 games$/);
  });
});
