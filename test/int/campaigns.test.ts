import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createCampaignArchive, createCampaigns, type App, type AppActor, type Campaigns, type GameExport } from '../../src/app/index.ts';
import { loadCatalog } from '../../src/cli/compose.ts';
import type { Genesis, Json } from '../../src/core/index.ts';
import { gameModules } from '../../src/games/index.ts';
import { tallyGame } from '../support/tally-game.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { unwrap } from '../support/unwrap.ts';

const [ana, bo, cy] = ['ana', 'bo', 'cy'].map((n) => ({ userId: `u-${n}`, userName: n[0]!.toUpperCase() + n.slice(1) })) as [AppActor, AppActor, AppActor];
const organiser = { ...ana, manageGuild: false };

/** The tally game with an end of its own (issue 21): its campaign is won after two games. */
const tallyEnds = {
  ...tallyGame,
  id: 'tallyends',
  campaign: {
    ...tallyGame.campaign!,
    over: (carried: Json) => ((carried as { games: number }).games >= 2 ? { kind: 'won' as const, code: 'test.ending.twoGames', params: { games: 2 } } : null),
  },
};

function code(r: { ok: boolean; error?: { code: string } }): string | undefined {
  return r.ok ? undefined : r.error?.code;
}

describe.each(backends)('campaigns on %s', (kind) => {
  let db: TestDatabase;
  let app: App;
  let campaigns: Campaigns;
  let threads = 0;
  const now = new Date('2026-05-01T10:00:00.000Z');
  const ended: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    const { catalog, packs } = await loadCatalog();
    const games = { ...gameModules, ...catalog.modules, tally: tallyGame, tallyends: tallyEnds };
    app = createApp({ db, games, packs, clock: () => now, onCampaignGameEnded: (id) => void ended.push(id) });
    campaigns = createCampaigns({ prisma: db.prisma, games, clock: () => now, app });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  const openThread = () => Promise.resolve(`t-${kind}-${++threads}`);

  /** Plays the race to its end: every seat adds 3 in turn until someone reaches the target. */
  async function playOut(gameId: string, seats: readonly AppActor[]): Promise<void> {
    for (let i = 0; i < 20; i++) {
      const status = unwrap(await app.status(gameId));
      if (status.status !== 'playing') return;
      const who = status.awaiting?.seats[0];
      const actor = seats.find((s) => s.userId === who?.userId)!;
      unwrap(await app.play(gameId, actor, { type: 'add', args: { n: 3 } }, `${gameId}-${i}`));
    }
    throw new Error('the race did not end');
  }

  it('GIVEN a new campaign WHEN members join, a name is reused or empty, and someone joins twice THEN the roster is the organiser then the joiners, and each refusal says why and changes nothing', async () => {
    const made = unwrap(await campaigns.create({ guildId: `g-${kind}`, channelId: 'c', organiser: ana, gameType: 'tally', name: '  The   Long\nRace ', openHome: () => Promise.resolve(`home-${kind}`) }));
    expect(made).toMatchObject({ name: 'The Long Race', homeId: `home-${kind}`, organiserUserId: ana.userId, members: [{ userId: ana.userId }] });
    expect(code(await campaigns.create({ guildId: `g-${kind}`, channelId: 'c', organiser: bo, gameType: 'tally', name: 'The Long Race' }))).toBe('campaign.nameTaken');
    expect(code(await campaigns.create({ guildId: `g-${kind}`, channelId: 'c', organiser: bo, gameType: 'tally', name: '\n\t ' }))).toBe('campaign.badName');
    expect(code(await campaigns.create({ guildId: `g-${kind}`, channelId: 'c', organiser: bo, gameType: 'valueOf', name: 'x' }))).toBe('core.game.unknownType');
    unwrap(await campaigns.join(made.id, bo));
    unwrap(await campaigns.join(made.id, cy));
    expect(code(await campaigns.join(made.id, bo))).toBe('campaign.alreadyMember');
    expect(code(await campaigns.leave(made.id, ana))).toBe('campaign.organiserLeaves');
    expect(unwrap(await campaigns.status(made.id)).members.map((m) => m.userName)).toEqual(['Ana', 'Bo', 'Cy']);
    expect(unwrap(await campaigns.here(`g-${kind}`, `home-${kind}`))).toBe(made.id);
    expect(code(await campaigns.here(`g-${kind}`, 'elsewhere'))).toBe('campaign.none');
  });

  it('GIVEN a campaign of three WHEN its games are played THEN each opens seated from the roster, the finished one is recorded once with its recap, standings and journal post, and the next game starts from what it handed on', async () => {
    const c = unwrap(await campaigns.create({ guildId: `g2-${kind}`, channelId: 'c2', organiser: ana, gameType: 'tally', name: 'Relay', openHome: () => Promise.resolve(`home2-${kind}`) }));
    unwrap(await campaigns.join(c.id, bo));
    unwrap(await campaigns.join(c.id, cy));
    expect(code(await campaigns.next(c.id, { ...bo, manageGuild: false }))).toBe('campaign.notOrganiser');

    const first = unwrap(await campaigns.next(c.id, organiser, { options: { target: 5 }, openThread, seed: 3 }));
    expect(first.previous).toBeNull();
    expect(first.lobby.seats.map((s) => s.userName)).toEqual(['Ana', 'Bo', 'Cy']);
    expect(code(await campaigns.next(c.id, organiser, { openThread }))).toBe('campaign.gameOpen');
    const firstRow = await db.prisma.game.findUniqueOrThrow({ where: { id: first.lobby.gameId } });
    expect(firstRow).toMatchObject({ campaignId: c.id, campaignIndex: 1, carried: null, channelId: 'c2' });

    unwrap(await app.start(first.lobby.gameId, ana));
    await playOut(first.lobby.gameId, [ana, bo, cy]);
    expect(ended).toContain(first.lobby.gameId);
    const entry = await campaigns.recordEnded(first.lobby.gameId);
    expect(entry).toMatchObject({ index: 1, carried: { games: 1, lastWinner: 'seat 1' } });
    expect(await campaigns.recordEnded(first.lobby.gameId)).toMatchObject({ id: entry!.id });
    const journalRows = await db.prisma.outbox.findMany({ where: { kind: 'journal' } });
    expect(journalRows.filter((r) => (r.target as { channelId: string }).channelId === `home2-${kind}`)).toHaveLength(1);

    const after = unwrap(await campaigns.status(c.id));
    expect(after.standings.find((s) => s.userId === ana.userId)?.sides).toEqual([{ side: 'campaign.side.patient', played: 1, won: 1 }]);
    expect(after.standings.find((s) => s.userId === bo.userId)?.sides).toEqual([{ side: 'campaign.side.patient', played: 1, won: 0 }]);
    const recaps = unwrap(await campaigns.journal(c.id));
    expect(recaps).toHaveLength(1);
    expect(recaps[0]).toMatchObject({ index: 1, players: ['Ana', 'Bo', 'Cy'], phase: 'won' });
    // Built from what the table saw: the story's last public events, never a seat's secret.
    expect(recaps[0]!.events.at(-1)).toMatchObject({ to: 'public', code: 'tally.added', params: { seat: 0, n: 3 } });
    expect(recaps[0]!.events.every((e) => e.to === 'public' && e.code !== 'tally.secret')).toBe(true);

    unwrap(await campaigns.leave(c.id, cy));
    const second = unwrap(await campaigns.next(c.id, organiser, { options: { target: 9 }, openThread, seed: 4 }));
    expect(second.previous).toMatchObject({ index: 1 });
    expect(second.lobby.seats.map((s) => s.userName)).toEqual(['Ana', 'Bo']);
    unwrap(await app.start(second.lobby.gameId, ana));
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: second.lobby.gameId } });
    expect((row.genesis as unknown as Genesis).carried).toEqual({ games: 1, lastWinner: 'seat 1' });
    expect(unwrap(await app.status(second.lobby.gameId)).publicView).toMatchObject({ scores: [1, 0] });

    await playOut(second.lobby.gameId, [ana, bo]);
    const file = unwrap(await app.exportGame(second.lobby.gameId)) as GameExport;
    expect(file.genesis.carried).toEqual({ games: 1, lastWinner: 'seat 1' });
    expect(unwrap(await app.verify(file))).toMatchObject({ ok: true });
    const tampered = JSON.parse(JSON.stringify(file)) as GameExport & { genesis: { carried: Json } };
    tampered.genesis.carried = { games: 5, lastWinner: null };
    expect(unwrap(await app.verify(tampered)).ok).toBe(false);
    expect(unwrap(await campaigns.status(c.id)).games.map((g) => g.status)).toEqual(['finished', 'finished']);
  });

  it('Issue 21: GIVEN a campaign whose game ends it after two games WHEN the second game finishes THEN the campaign is ended with how, in the same write as its entry; the journal gets its closing post; the next game and /campaign end are refused (and before, /campaign end was offered)', async () => {
    const c = unwrap(await campaigns.create({ guildId: `g-end-${kind}`, channelId: 'ce', organiser: ana, gameType: 'tallyends', name: 'Finale', openHome: () => Promise.resolve(`home-end-${kind}`) }));
    unwrap(await campaigns.join(c.id, bo));
    expect(unwrap(await campaigns.status(c.id))).toMatchObject({ status: 'active', ending: null });
    // A campaign that can end by itself may still be closed by hand (the group disbands): the plan is offered.
    expect(unwrap(await campaigns.close(c.id, organiser, null))).toMatchObject({ done: false });
    for (const seed of [1, 2]) {
      const g = unwrap(await campaigns.next(c.id, organiser, { options: { target: 5 }, openThread, seed }));
      unwrap(await app.start(g.lobby.gameId, ana));
      await playOut(g.lobby.gameId, [ana, bo]);
      const entry = await campaigns.recordEnded(g.lobby.gameId);
      expect((entry?.recap as { ending?: unknown }).ending).toEqual(seed === 2 ? { kind: 'won', code: 'test.ending.twoGames', params: { games: 2 } } : undefined);
      expect(unwrap(await campaigns.status(c.id)).status).toBe(seed === 2 ? 'ended' : 'active');
    }
    const view = unwrap(await campaigns.status(c.id));
    expect(view.ending).toEqual({ kind: 'won', code: 'test.ending.twoGames', params: { games: 2 } });
    expect(code(await campaigns.next(c.id, organiser, { openThread }))).toBe('campaign.ended');
    expect(code(await campaigns.close(c.id, organiser, null))).toBe('campaign.ended');
    const notices = await db.prisma.outbox.findMany({ where: { kind: 'notice' } });
    const closing = notices.filter((r) => (r.target as { channelId: string }).channelId === `home-end-${kind}`);
    expect(closing.map((r) => r.payload)).toEqual([{ gameType: 'tallyends', locale: 'en', code: 'campaign.closing.won', params: { campaign: 'Finale', games: 2, endingCode: 'test.ending.twoGames' } }]);
    expect(unwrap(await campaigns.status(c.id)).games).toHaveLength(2);
  });

  it('Issue 21: GIVEN a campaign whose game has no end WHEN someone not organising, then the organiser without and with a wrong code, then with the code, end it THEN only the last ends it, with its closing post; nothing opens after', async () => {
    const c = unwrap(await campaigns.create({ guildId: `g-close-${kind}`, channelId: 'cc', organiser: ana, gameType: 'tally', name: 'Open end', openHome: () => Promise.resolve(`home-close-${kind}`) }));
    unwrap(await campaigns.join(c.id, bo));
    expect(code(await campaigns.close(c.id, { ...bo, manageGuild: false }, null))).toBe('campaign.notOrganiser');
    const g = unwrap(await campaigns.next(c.id, organiser, { options: { target: 5 }, openThread, seed: 5 }));
    expect(code(await campaigns.close(c.id, organiser, null))).toBe('campaign.close.openGame');
    unwrap(await app.start(g.lobby.gameId, ana));
    await playOut(g.lobby.gameId, [ana, bo]);
    const plan = unwrap(await campaigns.close(c.id, organiser, null));
    expect(plan.done).toBe(false);
    expect(unwrap(await campaigns.status(c.id)).status).toBe('active');
    expect(code(await campaigns.close(c.id, organiser, 'nope'))).toBe('campaign.close.badCode');
    const done = unwrap(await campaigns.close(c.id, { ...bo, manageGuild: true }, plan.code.toUpperCase()));
    expect(done).toMatchObject({ done: true, campaign: { status: 'ended', ending: { kind: 'done', code: 'campaign.ending.closed' } } });
    const closing = (await db.prisma.outbox.findMany({ where: { kind: 'notice' } })).filter((r) => (r.target as { channelId: string }).channelId === `home-close-${kind}`);
    expect(closing.map((r) => (r.payload as { code: string; params: unknown }).params)).toEqual([{ campaign: 'Open end', games: 1, endingCode: 'campaign.ending.closed' }]);
    expect(code(await campaigns.next(c.id, organiser, { openThread }))).toBe('campaign.ended');
    expect(code(await campaigns.join(c.id, cy))).toBe('campaign.ended');
  });

  it('GIVEN campaign settings WHEN the organiser sets them and opens a game THEN the game starts with them (server default < campaign < game); a member who does not organise, or a bad value, changes nothing', async () => {
    const c = unwrap(await campaigns.create({ guildId: `g4-${kind}`, channelId: 'c4', organiser: ana, gameType: 'tally', name: 'Slow Relay' }));
    unwrap(await campaigns.join(c.id, bo));
    expect(code(await campaigns.setPolicy(c.id, { ...bo, manageGuild: false }, { deadline: { mode: 'hard', hours: 48 } }))).toBe('campaign.notOrganiser');
    expect((await campaigns.setPolicy(c.id, organiser, { deadline: { mode: 'hard', hours: -3 } })).ok).toBe(false);
    unwrap(await campaigns.setPolicy(c.id, organiser, { deadline: { mode: 'hard', hours: 48 } }));
    const resolved = unwrap(await campaigns.setPolicy(c.id, { ...bo, manageGuild: true }, { reminders: { firstAfterHours: 12 } }));
    expect(resolved).toMatchObject({ deadline: { mode: 'hard', hours: 48 }, reminders: { firstAfterHours: 12 } });
    const game = unwrap(await campaigns.next(c.id, organiser, { openThread }));
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: game.lobby.gameId }, select: { policy: true } });
    expect(row.policy).toEqual({ deadline: { mode: 'hard', hours: 48 }, reminders: { firstAfterHours: 12 } });
  });

  it('GIVEN a campaign of two finished games WHEN it is exported THEN verify proves each game and the carried chain, a changed hand-on is found with its path, and import restores the campaign with its games linked', async () => {
    const archive = createCampaignArchive({ prisma: db.prisma, app });
    const c = unwrap(await campaigns.create({ guildId: `g5-${kind}`, channelId: 'c5', organiser: ana, gameType: 'tally', name: 'Archive Run' }));
    unwrap(await campaigns.join(c.id, bo));
    for (const seed of [21, 22]) {
      const game = unwrap(await campaigns.next(c.id, organiser, { options: { target: 5 }, openThread, seed }));
      unwrap(await app.start(game.lobby.gameId, ana));
      await playOut(game.lobby.gameId, [ana, bo]);
      await campaigns.recordEnded(game.lobby.gameId);
    }
    const file = unwrap(await archive.exportCampaign(c.id));
    expect(file).toMatchObject({ format: 'turnkeeper.campaign/1', campaign: { name: 'Archive Run', carried: { games: 2 } } });
    expect(file.games).toHaveLength(2);
    expect(file.games[1]!.genesis.carried).toEqual({ games: 1, lastWinner: 'seat 1' });
    expect(unwrap(await archive.verifyFile(JSON.parse(JSON.stringify(file))))).toEqual({ ok: true, games: 2, problems: [] });

    const forged = JSON.parse(JSON.stringify(file)) as typeof file & { campaign: { carried: Json } };
    forged.campaign.carried = { games: 7, lastWinner: null };
    expect(unwrap(await archive.verifyFile(forged)).problems).toEqual([{ path: 'campaign.carried', message: 'expected what the last game hands on when replayed' }]);
    const reordered = { ...JSON.parse(JSON.stringify(file)), games: [...file.games].reverse() };
    expect(unwrap(await archive.verifyFile(reordered)).problems.map((p) => p.path)).toContain('games[0].genesis.carried');

    const before = await db.prisma.campaign.count();
    expect((await archive.importCampaign(forged, ana)).ok).toBe(false);
    expect(await db.prisma.campaign.count()).toBe(before);
    const restored = unwrap(await archive.importCampaign(JSON.parse(JSON.stringify(file)), ana));
    const view = unwrap(await campaigns.status(restored.campaignId));
    expect(view).toMatchObject({ name: 'Archive Run (restored)', members: [{ userName: 'Ana' }, { userName: 'Bo' }] });
    expect(view.games.map((g) => [g.index, g.status])).toEqual([[1, 'finished'], [2, 'finished']]);
    expect(unwrap(await campaigns.journal(restored.campaignId)).map((r) => r.gameId)).toEqual(restored.games);
    expect(unwrap(await archive.exportCampaign(restored.campaignId)).campaign.carried).toEqual(file.campaign.carried);
  });

  it('GIVEN campaigns of two games sharing a name WHEN the campaign option names one THEN the name alone is ambiguous and says which, `Name (game)` and a unique name find theirs (any case), and an unknown name is refused by that name', async () => {
    const guildId = `g6-${kind}`;
    const tally = unwrap(await campaigns.create({ guildId, channelId: 'c6', organiser: ana, gameType: 'tally', name: 'Deep Run' }));
    const lf = unwrap(await campaigns.create({ guildId, channelId: 'c6', organiser: ana, gameType: 'lifeform', name: 'Deep Run' }));
    const solo = unwrap(await campaigns.create({ guildId, channelId: 'c6', organiser: ana, gameType: 'tally', name: 'Lone Star' }));
    const ambiguous = await campaigns.named(guildId, 'deep run');
    expect(ambiguous).toMatchObject({ ok: false, error: { code: 'campaign.ambiguous', params: { choices: 'Deep Run (tally), Deep Run (lifeform)' } } });
    expect(unwrap(await campaigns.named(guildId, 'Deep Run (lifeform)'))).toBe(lf.id);
    expect(unwrap(await campaigns.named(guildId, 'Deep Run (tally)'))).toBe(tally.id);
    expect(unwrap(await campaigns.named(guildId, '  lone   STAR '))).toBe(solo.id);
    expect(await campaigns.named(guildId, 'Nowhere')).toMatchObject({ ok: false, error: { code: 'campaign.notFoundNamed', params: { name: 'Nowhere' } } });
    expect(code(await campaigns.named(`other-${kind}`, 'Lone Star'))).toBe('campaign.notFoundNamed');
  });

  it('GIVEN a campaign whose home is a forum channel WHEN its game ends THEN it reads as a forum home, the recap goes to the journal post (not the forum), and the journal post and game posts lead back to it', async () => {
    const guildId = `g7-${kind}`;
    const c = unwrap(await campaigns.create({ guildId, channelId: 'c7', organiser: ana, gameType: 'tally', name: 'Forum Run', openHome: () => Promise.resolve({ homeId: `forum-${kind}`, journalId: `journal-${kind}` }) }));
    expect(c).toMatchObject({ homeKind: 'forum', homeId: `forum-${kind}`, journalId: `journal-${kind}`, dormant: false });
    unwrap(await campaigns.join(c.id, bo));
    const game = unwrap(await campaigns.next(c.id, organiser, { options: { target: 5 }, openThread: () => Promise.resolve(`post-${kind}`), seed: 5 }));
    unwrap(await app.start(game.lobby.gameId, ana));
    await playOut(game.lobby.gameId, [ana, bo]);
    await campaigns.recordEnded(game.lobby.gameId);
    const targets = (await db.prisma.outbox.findMany({ where: { kind: 'journal' } })).map((r) => (r.target as { channelId: string }).channelId);
    expect(targets.filter((t) => t === `journal-${kind}`)).toHaveLength(1);
    expect(targets).not.toContain(`forum-${kind}`);
    expect(unwrap(await campaigns.here(guildId, `journal-${kind}`))).toBe(c.id);
    expect(unwrap(await campaigns.here(guildId, `post-${kind}`))).toBe(c.id);
  });

  it('GIVEN a roster bigger than the game allows WHEN the next game is asked for THEN it is refused with the sizes and nothing is created', async () => {
    const c = unwrap(await campaigns.create({ guildId: `g3-${kind}`, channelId: 'c3', organiser: ana, gameType: 'lifeform', name: 'Valley' }));
    // Lifeform seats 1 to 4 (one only in its solo mode): five on the roster is one too many.
    for (const n of ['bo', 'cy', 'di', 'ed']) unwrap(await campaigns.join(c.id, { userId: `u-${n}`, userName: n }));
    const before = await db.prisma.game.count();
    const refused = await campaigns.next(c.id, organiser, { openThread });
    expect(code(refused)).toBe('campaign.rosterSize');
    expect(refused).toMatchObject({ ok: false, error: { params: { min: 1, max: 4, count: 5 } } });
    expect(await db.prisma.game.count()).toBe(before);
  });

  it('GIVEN a one-member Lifeform campaign WHEN its next game is asked for without the solo mode THEN it is refused then and there with the reason (no lobby that could never start), and with mode=solo it opens', async () => {
    const c = unwrap(await campaigns.create({ guildId: `g8-${kind}`, channelId: 'c8', organiser: ana, gameType: 'lifeform', name: 'Alone' }));
    const before = await db.prisma.game.count();
    const refused = await campaigns.next(c.id, organiser, { openThread });
    expect(refused).toMatchObject({ ok: false, error: { code: 'lifeform.options.tooFewSeats', params: { seats: 1 } } });
    expect(await db.prisma.game.count()).toBe(before);
    const solo = unwrap(await campaigns.next(c.id, organiser, { openThread, options: { mode: 'solo' } }));
    unwrap(await app.start(solo.lobby.gameId, ana));
    expect(unwrap(await app.status(solo.lobby.gameId)).status).toBe('playing');
  });
});
