import type { Json } from '../core/index.ts';
import { dormantAt, type DueItem, type FireTicket, type GamePolicy, type PrismaDueStore, type Scheduler } from '../scheduler/index.ts';
import { enqueue, type OutboxMessage, type PrismaClient } from '../store/index.ts';
import { policyFrom } from './schedule-plan.ts';

/** The dormancy job of a campaign, in the `dormancy` queue beside the games' (`z.<gameId>`). */
export const campaignJobKey = (campaignId: string) => `c.${campaignId}`;

export interface CampaignDormancyDeps {
  readonly prisma: PrismaClient;
  readonly scheduler: Scheduler;
  readonly store: PrismaDueStore;
  readonly clock: () => Date;
}

/** A campaign as its dormancy sees it: its home, its games' threads and when anything last happened. */
interface Sleeper {
  readonly id: string;
  readonly guildId: string;
  readonly gameType: string;
  readonly name: string;
  readonly locale: string;
  readonly status: string;
  readonly policy: unknown;
  readonly homeId: string | null;
  readonly journalId: string | null;
  readonly dormantAt: Date | null;
  readonly lastActivityAt: Date;
  readonly games: readonly { readonly threadId: string | null; readonly status: string; readonly lastActivityAt: Date }[];
}

/** The last command of a campaign: its own commands, and any command in one of its games. */
export function lastCampaignActivity(c: Pick<Sleeper, 'lastActivityAt' | 'games'>): number {
  return Math.max(c.lastActivityAt.getTime(), ...c.games.map((g) => g.lastActivityAt.getTime()));
}

/**
 * Dormant campaigns (issue "Campaigns"): a campaign with no command for the dormancy days of its policy
 * (30 by default; server default < campaign) goes dormant: a notice in its journal, which is archived, and
 * the threads (or forum posts) of its games not in play archived too (a game in play goes dormant by
 * itself). Its next command wakes it (`Campaigns.touch`), and this plans the next check.
 */
export function createCampaignDormancy(deps: CampaignDormancyDeps) {
  const { prisma, scheduler, store, clock } = deps;

  async function load(campaignId: string): Promise<Sleeper | null> {
    return prisma.campaign.findUnique({
      where: { id: campaignId },
      select: {
        id: true,
        guildId: true,
        gameType: true,
        name: true,
        locale: true,
        status: true,
        policy: true,
        homeId: true,
        journalId: true,
        dormantAt: true,
        lastActivityAt: true,
        games: { select: { threadId: true, status: true, lastActivityAt: true } },
      },
    });
  }

  async function policyOf(c: Sleeper): Promise<GamePolicy> {
    const guild = await prisma.guildSettings.findUnique({ where: { guildId: c.guildId } });
    return policyFrom(guild?.policy, c.policy);
  }

  async function put(campaignId: string, at: number): Promise<void> {
    const item: DueItem = { queue: 'dormancy', key: campaignJobKey(campaignId), at: new Date(at), data: { gameId: campaignId, seq: 0, campaignId } };
    await store.put(item);
    await scheduler.schedule(item);
  }

  /** Plans the check of an awake, active campaign at its last activity plus its dormancy days. */
  async function plan(campaignId: string): Promise<void> {
    const c = await load(campaignId);
    if (!c || c.status !== 'active' || c.dormantAt !== null) return;
    await put(c.id, dormantAt(await policyOf(c), lastCampaignActivity(c)));
  }

  /** The job: too early (something happened since it was planned) moves it on; else the campaign sleeps. */
  async function onFire(ticket: FireTicket): Promise<void> {
    await store.removeFired(ticket);
    const c = await load(String(ticket.data.campaignId ?? ticket.gameId));
    if (!c || c.status !== 'active' || c.dormantAt !== null) return;
    const policy = await policyOf(c);
    const due = dormantAt(policy, lastCampaignActivity(c));
    const now = clock().getTime();
    if (due > now + 1_000) return put(c.id, due);
    const changed = await prisma.campaign.updateMany({ where: { id: c.id, dormantAt: null }, data: { dormantAt: new Date(now) } });
    if (changed.count !== 1) return;
    const journal = c.journalId ?? c.homeId;
    const rows: OutboxMessage[] = [];
    // `dormant` posts the notice, then archives the channel it went to (as a dormant game's thread).
    if (journal) rows.push({ kind: 'dormant', target: { channelId: journal }, payload: { gameType: c.gameType, locale: c.locale, code: 'campaign.dormant.notice', params: { campaign: c.name, days: policy.dormancyDays } } });
    for (const g of c.games) if (g.threadId && g.status !== 'playing') rows.push(archiveRow(g.threadId, true));
    await enqueue(prisma, null, rows);
  }

  /** Campaigns awake and active with no dormancy job (opened before there was one, or a lost job): planned. */
  async function planMissing(): Promise<number> {
    const rows = await prisma.$queryRaw<{ id: string }[]>`
      SELECT c."id" FROM "Campaign" c
       WHERE c."status" = 'active' AND c."dormantAt" IS NULL
         AND NOT EXISTS (SELECT 1 FROM "ScheduledJob" j WHERE j."queue" = 'dormancy' AND j."key" = 'c.' || c."id")`;
    for (const r of rows) await plan(r.id);
    return rows.length;
  }

  return { plan, onFire, planMissing };
}

/** An outbox row that archives (or unarchives) a thread or forum post, posting nothing. */
export function archiveRow(channelId: string, archived: boolean): OutboxMessage {
  return { kind: 'archive', target: { channelId }, payload: { archived } as Json };
}

export type CampaignDormancy = ReturnType<typeof createCampaignDormancy>;
