import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createCampaigns, type App, type AppActor, type Campaigns } from '../../src/app/index.ts';
import { createDueStore } from '../../src/app/schedule-due.ts';
import { campaignJobKey, createCampaignDormancy, lastCampaignActivity, type CampaignDormancy } from '../../src/app/schedule-campaign.ts';
import type { DueItem, FireTicket, PrismaDueStore, Scheduler } from '../../src/scheduler/index.ts';
import { openTestDatabase, type TestDatabase } from '../support/db.ts';
import { tallyGame } from '../support/tally-game.ts';
import { unwrap } from '../support/unwrap.ts';

const DAY = 86_400_000;
const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const bo: AppActor = { userId: 'u-bo', userName: 'Bo' };

/** Issue "Campaigns": "Dormant campaigns (no command for 30 days) archive their threads and wake on the next command." */
describe('dormant campaigns', () => {
  let db: TestDatabase;
  let app: App;
  let campaigns: Campaigns;
  let dormancy: CampaignDormancy;
  let store: PrismaDueStore;
  const scheduled: DueItem[] = [];
  // Near real time: rows stamped by the database (a game's activity) and the clock agree.
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  let now = start;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    const clock = () => new Date(now);
    app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock });
    store = createDueStore(db);
    const scheduler = { schedule: async (item: DueItem) => void scheduled.push(item) } as unknown as Scheduler;
    dormancy = createCampaignDormancy({ prisma: db.prisma, scheduler, store, clock });
    campaigns = createCampaigns({ prisma: db.prisma, games: { tally: tallyGame }, clock, app, onAwake: dormancy.plan });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  const ticket = (campaignId: string, fireId: string): FireTicket => ({
    queue: 'dormancy',
    key: campaignJobKey(campaignId),
    fireId,
    gameId: campaignId,
    seq: 0,
    data: { gameId: campaignId, seq: 0, campaignId },
    at: new Date(now),
    attempt: 1,
  });
  const rows = async () => (await db.prisma.outbox.findMany({ where: { kind: { in: ['dormant', 'archive', 'notice'] } }, orderBy: { id: 'asc' } })).map((r) => ({ kind: r.kind, target: r.target, payload: r.payload }));

  it('GIVEN a campaign with a finished game and one gathering players WHEN its check fires before 30 days without a command, then after THEN it first moves the check on, then goes dormant: a notice in its journal and every game thread not in play archived; the next command wakes it once (Rules: issue "Campaigns", Durable across upgrades and months)', async () => {
    const c = unwrap(await campaigns.create({ guildId: 'g', channelId: 'c', organiser: ana, gameType: 'tally', name: 'Sleepers', openHome: () => Promise.resolve({ homeId: 'forum', journalId: 'journal' }) }));
    expect(scheduled.at(-1)).toMatchObject({ queue: 'dormancy', key: `c.${c.id}`, data: { campaignId: c.id } });
    unwrap(await campaigns.join(c.id, bo));
    const first = unwrap(await campaigns.next(c.id, { ...ana, manageGuild: false }, { options: { target: 5 }, seed: 3, openThread: () => Promise.resolve('post-1') }));
    unwrap(await app.start(first.lobby.gameId, ana));
    for (let i = 0; i < 20 && unwrap(await app.status(first.lobby.gameId)).status === 'playing'; i++) {
      const who = unwrap(await app.status(first.lobby.gameId)).awaiting?.seats[0]?.userId;
      unwrap(await app.play(first.lobby.gameId, who === bo.userId ? bo : ana, { type: 'add', args: { n: 3 } }, `n${i}`));
    }
    await campaigns.recordEnded(first.lobby.gameId);
    unwrap(await campaigns.next(c.id, { ...ana, manageGuild: false }, { options: { target: 5 }, seed: 4, openThread: () => Promise.resolve('post-2') }));

    now = start + 10 * DAY;
    await dormancy.onFire(ticket(c.id, 'f1'));
    expect(unwrap(await campaigns.status(c.id)).dormant).toBe(false);
    const moved = (await store.listDue()).find((d) => d.key === campaignJobKey(c.id));
    expect(moved!.at.getTime()).toBeGreaterThanOrEqual(start + 30 * DAY);
    expect(moved!.at.getTime()).toBeLessThan(start + 31 * DAY);

    now = start + 31 * DAY;
    await dormancy.onFire(ticket(c.id, 'f2'));
    expect(unwrap(await campaigns.status(c.id)).dormant).toBe(true);
    expect(await rows()).toEqual([
      { kind: 'dormant', target: { channelId: 'journal' }, payload: { gameType: 'tally', locale: 'en', code: 'campaign.dormant.notice', params: { campaign: 'Sleepers', days: 30 } } },
      { kind: 'archive', target: { channelId: 'post-1' }, payload: { archived: true } },
      { kind: 'archive', target: { channelId: 'post-2' }, payload: { archived: true } },
    ]);
    // A check of a dormant campaign is no longer current, and a second firing changes nothing.
    expect(await store.claim(ticket(c.id, 'f3'))).toBe(false);
    await dormancy.onFire(ticket(c.id, 'f4'));
    expect(await rows()).toHaveLength(3);

    expect(await campaigns.touch(c.id)).toBe(true);
    expect(unwrap(await campaigns.status(c.id)).dormant).toBe(false);
    expect((await rows()).slice(3)).toEqual([
      { kind: 'archive', target: { channelId: 'journal' }, payload: { archived: false } },
      { kind: 'notice', target: { channelId: 'journal' }, payload: { gameType: 'tally', locale: 'en', code: 'campaign.dormant.woken', params: { campaign: 'Sleepers' } } },
      { kind: 'archive', target: { channelId: 'post-2' }, payload: { archived: false } },
    ]);
    expect(scheduled.at(-1)).toMatchObject({ key: `c.${c.id}`, at: new Date(now + 30 * DAY) });
    expect(await campaigns.touch(c.id)).toBe(false);
    expect(await rows()).toHaveLength(6);
  });

  it('GIVEN an active campaign without a dormancy job WHEN the start-up pass runs THEN it is planned once; a dormant one is not', async () => {
    const c = unwrap(await campaigns.create({ guildId: 'g', channelId: 'c', organiser: ana, gameType: 'tally', name: 'Unplanned' }));
    await store.removeAll([{ queue: 'dormancy', key: campaignJobKey(c.id) }]);
    await db.prisma.campaign.updateMany({ where: { name: 'Sleepers' }, data: { dormantAt: new Date(now) } });
    await store.removeAll((await store.listDue()).filter((d) => d.queue === 'dormancy').map((d) => ({ queue: d.queue, key: d.key })));
    expect(await dormancy.planMissing()).toBe(1);
    expect((await store.listDue()).filter((d) => d.queue === 'dormancy').map((d) => d.key)).toEqual([campaignJobKey(c.id)]);
    expect(await dormancy.planMissing()).toBe(0);
  });

  it('GIVEN a campaign whose games were played after its own last command WHEN its last activity is read THEN the latest of all counts', () => {
    const at = (d: number) => new Date(start + d * DAY);
    expect(lastCampaignActivity({ lastActivityAt: at(1), games: [] })).toBe(start + DAY);
    expect(lastCampaignActivity({ lastActivityAt: at(1), games: [{ threadId: 't', status: 'finished', lastActivityAt: at(5) }, { threadId: null, status: 'lobby', lastActivityAt: at(3) }] })).toBe(start + 5 * DAY);
  });
});
