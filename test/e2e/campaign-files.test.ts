import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createCampaignArchive, type App } from '../../src/app/index.ts';
import { gameCli } from '../../src/cli/game.ts';
import { gameModules } from '../../src/games/index.ts';
import { startLocalStack, type LocalStack } from '../../src/local/stack.ts';
import { loadConfig } from '../../src/ops/config.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { openTestDatabase, type TestDatabase } from '../support/db.ts';
import { tallyGame } from '../support/tally-game.ts';
import { registerTallyStrings } from '../support/tally-strings.ts';

/**
 * Issue "Campaigns", Proof: `/campaign export` in Discord hands over one file that `turnkeeper game verify`
 * proves and `turnkeeper game import` restores on another server's database, which exports the same
 * campaign again.
 */
describe('campaign file round trip: /campaign export → turnkeeper game verify → import', () => {
  let stack: LocalStack;
  let played: TestDatabase | undefined;
  let elsewhere: TestDatabase;
  let restoredApp: App;
  let dir: string;
  const clock = () => new Date('2026-06-01T10:00:00.000Z');

  beforeAll(async () => {
    registerTallyStrings();
    // PostgreSQL where there is one (throwaway databases), else embedded PGlite, as the transcripts.
    const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    if (kind === 'postgres') played = await openTestDatabase('postgres');
    stack = await startLocalStack({ memory: !played, databaseUrl: played?.url, modules: { ...gameModules, tally: tallyGame }, logger: createLogger('silent'), env: {} });
    elsewhere = await openTestDatabase(kind);
    restoredApp = createApp({ db: elsewhere, games: { tally: tallyGame }, packs: () => undefined, clock });
    dir = await mkdtemp(join(tmpdir(), 'tk-campaign-file-'));
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await played?.dispose();
    await elsewhere?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function slash(user: string, channelId: string, command: string) {
    const handle = await stack.discord.slash(user, channelId, command);
    await stack.settle();
    return handle;
  }

  const post = (name: string) => {
    const found = stack.discord.world.findChannel(name);
    if (!found) throw new Error(`no post "${name}"`);
    return found.id;
  };

  async function cli(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await gameCli(loadConfig({}), args, { out: (l) => void out.push(l), error: (l) => void err.push(l) }, async () => ({ app: restoredApp, prisma: elsewhere.prisma, close: async () => {} }));
    return { code, out, err };
  }

  it('GIVEN a campaign of two finished games played in Discord WHEN a member exports it, the file is verified and imported on another database THEN the chain is proven, the campaign restored with its games, and it exports the same carried state again', async () => {
    const games = stack.discord.channelId;
    await slash('alice', games, '/campaign new name:Ledger game:tally');
    // The campaign option offers the campaign by name, and takes it back by name.
    expect(await stack.discord.autocomplete('bob', games, '/campaign join campaign:led')).toEqual([{ name: 'Ledger · Tally (test game)', value: 'Ledger' }]);
    await slash('bob', games, '/campaign join campaign:Ledger');
    for (const [index, seed] of [[1, 11], [2, 12]] as const) {
      await slash('alice', games, `/campaign next campaign:Ledger options:target=5 seed:${seed}`);
      const thread = post(`Ledger · game ${index}`);
      await slash('alice', thread, '/game start');
      // As in test/transcripts/campaign/relay.txn: two moves of Alice end a race to 5.
      await slash('alice', thread, '/play action:0.2');
      await slash('alice', thread, '/play action:1.2');
      const ended = await stack.runtime.app.findByThread(thread);
      if (!ended.ok) throw new Error(ended.error.code);
      expect(await stack.runtime.app.status(ended.value)).toMatchObject({ ok: true, value: { status: 'finished' } });
    }
    // The organiser ends it by hand (tally has no ending of its own): the file carries how it ended.
    const code = /confirm:([0-9a-f]{8})/.exec((await slash('alice', games, '/campaign end campaign:Ledger')).reply?.content ?? '')?.[1];
    expect(code).toBeDefined();
    await slash('alice', games, `/campaign end campaign:Ledger confirm:${code}`);
    const exported = await slash('bob', post('📖 Ledger'), '/campaign export');
    expect(exported.reply?.content).toMatch(/The whole file of \*\*Ledger\*\* \(2 finished games\)/);
    const attachment = exported.reply?.attachments[0];
    expect(attachment?.filename).toMatch(/^campaign-tally-.+\.json$/);
    const file = join(dir, attachment!.filename);
    await writeFile(file, attachment!.bytes);

    expect(await cli('verify', file)).toEqual({ code: 0, out: ['verified: a campaign of 2 games, each replaying to its stored hashes and handing on what the next one started with'], err: [] });
    const imported = await cli('import', file);
    expect(imported).toMatchObject({ code: 0, err: [] });
    const campaignId = /^imported as campaign ([0-9a-f-]{36}) with 2 games$/.exec(imported.out[0] ?? '')?.[1];
    expect(campaignId).toBeDefined();

    const original = JSON.parse(attachment!.bytes.toString('utf8')) as { campaign: { carried: unknown; status: string; ending?: unknown } };
    expect(original.campaign).toMatchObject({ status: 'ended', ending: { kind: 'done', code: 'campaign.ending.closed' } });
    const again = await createCampaignArchive({ prisma: elsewhere.prisma, app: restoredApp }).exportCampaign(campaignId!);
    if (!again.ok) throw new Error(again.error.code);
    expect(again.value.games).toHaveLength(2);
    expect(again.value.campaign.carried).toEqual(original.campaign.carried);
    expect(again.value.campaign).toMatchObject({ status: 'ended', ending: original.campaign.ending });
    const second = join(dir, 'again.json');
    await writeFile(second, JSON.stringify(again.value));
    expect((await cli('verify', second)).code).toBe(0);
  }, 120_000);
});
