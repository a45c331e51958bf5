import type { Json } from '../core/index.ts';
import type { Campaign, CampaignEntry, CampaignMember, Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { isUniqueViolation } from './errors.ts';
import { outboxCreateData, type OutboxMessage } from './outbox.ts';

export type { Campaign, CampaignEntry, CampaignMember };

/** A campaign with its roster (join order) and the games played in it (campaign order). */
export type CampaignWithRoster = Campaign & {
  members: CampaignMember[];
  games: { id: string; threadId: string | null; status: string; campaignIndex: number | null }[];
};

const withRoster = {
  members: { orderBy: { id: 'asc' } },
  games: { select: { id: true, threadId: true, status: true, campaignIndex: true }, orderBy: { campaignIndex: 'asc' } },
} as const;

export interface NewCampaignRow {
  readonly guildId: string;
  readonly channelId: string;
  readonly homeId: string | null;
  /** The journal post when the home is a forum channel; null when the home thread is the journal. */
  readonly journalId?: string | null;
  readonly gameType: string;
  readonly name: string;
  readonly organiser: { readonly userId: string; readonly userName: string };
  readonly packId: string | null;
  readonly locale: string;
}

/** Creates a campaign with its organiser as first member; `taken` when the guild has one of that name and game. */
export async function createCampaign(prisma: PrismaClient, row: NewCampaignRow): Promise<{ ok: true; campaign: CampaignWithRoster } | { ok: false; reason: 'taken' }> {
  try {
    const campaign = await prisma.campaign.create({
      data: {
        guildId: row.guildId,
        channelId: row.channelId,
        homeId: row.homeId,
        journalId: row.journalId ?? null,
        gameType: row.gameType,
        name: row.name,
        organiserUserId: row.organiser.userId,
        packId: row.packId,
        locale: row.locale,
        members: { create: [{ userId: row.organiser.userId, userName: row.organiser.userName }] },
      },
      include: withRoster,
    });
    return { ok: true, campaign };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'taken' };
    throw error;
  }
}

export function getCampaign(prisma: PrismaClient, id: string): Promise<CampaignWithRoster | null> {
  return prisma.campaign.findUnique({ where: { id }, include: withRoster });
}

/**
 * The campaign a channel belongs to: its home (thread or forum channel), the channel it was opened in, or
 * the thread of one of its games. Null when none.
 */
export async function findCampaignByChannel(prisma: PrismaClient, guildId: string, channelId: string): Promise<CampaignWithRoster | null> {
  const direct = await prisma.campaign.findFirst({ where: { guildId, OR: [{ homeId: channelId }, { journalId: channelId }] }, include: withRoster, orderBy: { createdAt: 'desc' } });
  if (direct) return direct;
  const game = await prisma.game.findUnique({ where: { threadId: channelId }, select: { campaignId: true, guildId: true } });
  if (game?.campaignId && game.guildId === guildId) return getCampaign(prisma, game.campaignId);
  return prisma.campaign.findFirst({ where: { guildId, channelId, status: 'active' }, include: withRoster, orderBy: { createdAt: 'desc' } });
}

/** Campaigns of a guild whose name contains `search` (case-insensitive), newest activity first (autocomplete). */
export function searchCampaigns(prisma: PrismaClient, guildId: string, search: string, take: number): Promise<{ id: string; name: string; gameType: string }[]> {
  return prisma.campaign.findMany({
    where: { guildId, ...(search ? { name: { contains: search, mode: 'insensitive' } } : {}) },
    select: { id: true, name: true, gameType: true },
    orderBy: { lastActivityAt: 'desc' },
    take,
  });
}

/** Campaigns of a guild called exactly `name` (case-insensitive): one per game type at most. */
export function campaignsNamed(prisma: PrismaClient, guildId: string, name: string): Promise<{ id: string; name: string; gameType: string }[]> {
  return prisma.campaign.findMany({ where: { guildId, name: { equals: name, mode: 'insensitive' } }, select: { id: true, name: true, gameType: true }, orderBy: { createdAt: 'asc' } });
}

/** Joins (or rejoins after leaving); `already` when the user is an active member. */
export async function joinCampaign(prisma: PrismaClient, campaignId: string, user: { userId: string; userName: string }, now: Date): Promise<'joined' | 'already'> {
  return prisma.$transaction(async (tx) => {
    const existing = await tx.campaignMember.findUnique({ where: { campaignId_userId: { campaignId, userId: user.userId } } });
    if (existing && existing.leftAt === null) return 'already';
    await tx.campaignMember.upsert({
      where: { campaignId_userId: { campaignId, userId: user.userId } },
      create: { campaignId, userId: user.userId, userName: user.userName, joinedAt: now },
      update: { userName: user.userName, leftAt: null, joinedAt: now },
    });
    await tx.campaign.update({ where: { id: campaignId }, data: { lastActivityAt: now, dormantAt: null } });
    return 'joined';
  });
}

/** Marks a member as gone (kept for the record); `absent` when not an active member. */
export async function leaveCampaign(prisma: PrismaClient, campaignId: string, userId: string, now: Date): Promise<'left' | 'absent'> {
  const changed = await prisma.campaignMember.updateMany({ where: { campaignId, userId, leftAt: null }, data: { leftAt: now } });
  return changed.count > 0 ? 'left' : 'absent';
}

export function setOrganiser(prisma: PrismaClient, campaignId: string, userId: string): Promise<unknown> {
  return prisma.campaign.update({ where: { id: campaignId }, data: { organiserUserId: userId } });
}

export function setCampaignPolicy(prisma: PrismaClient, campaignId: string, policy: Json): Promise<unknown> {
  return prisma.campaign.update({ where: { id: campaignId }, data: { policy: policy as Prisma.InputJsonValue } });
}

/** Pins the pack the campaign's games play (the first game's, until the organiser moves it on). */
export function pinCampaignPack(prisma: PrismaClient, campaignId: string, pack: { packId: string | null; packVersion: string | null; packHash: string | null }): Promise<unknown> {
  return prisma.campaign.update({ where: { id: campaignId }, data: pack });
}

/** Moves a campaign's pin from one pack version to another, only if it is still on `from`. */
export async function moveCampaignPack(
  prisma: PrismaClient,
  campaignId: string,
  move: { readonly from: { readonly version: string | null; readonly hash: string | null }; readonly to: { readonly version: string; readonly hash: string } },
): Promise<boolean> {
  const r = await prisma.campaign.updateMany({ where: { id: campaignId, packVersion: move.from.version, packHash: move.from.hash }, data: { packVersion: move.to.version, packHash: move.to.hash } });
  return r.count === 1;
}

export interface EntryRow {
  readonly campaignId: string;
  readonly gameId: string;
  readonly index: number;
  readonly recap: Json;
  readonly carried: Json | null;
  /** The campaign's new carried state and standings (null keeps what it had). */
  readonly campaignCarried: Json | null;
  readonly progress: Json;
  /** How the campaign ended with this game (status `ended` in the same transaction); null: it goes on. */
  readonly ending?: Json | null;
  readonly now: Date;
  /** The journal post (an outbox row), written in the same transaction. */
  readonly outbox: readonly OutboxMessage[];
}

/**
 * Records a finished game in its campaign: the entry, the carried state, the standings and the journal
 * post, in one transaction. `exists` when the game was recorded already (a second call changes nothing).
 */
export async function recordCampaignEntry(prisma: PrismaClient, row: EntryRow): Promise<{ ok: true; entry: CampaignEntry } | { ok: false; reason: 'exists' }> {
  try {
    const entry = await prisma.$transaction(async (tx) => {
      const created = await tx.campaignEntry.create({
        data: { campaignId: row.campaignId, gameId: row.gameId, index: row.index, recap: row.recap as Prisma.InputJsonValue, ...(row.carried !== null ? { carried: row.carried as Prisma.InputJsonValue } : {}) },
      });
      await tx.campaign.update({
        where: { id: row.campaignId },
        data: {
          ...(row.campaignCarried !== null ? { carried: row.campaignCarried as Prisma.InputJsonValue } : {}),
          progress: row.progress as Prisma.InputJsonValue,
          ...(row.ending ? { status: 'ended' as const, ending: row.ending as Prisma.InputJsonValue } : {}),
          lastActivityAt: row.now,
        },
      });
      if (row.outbox.length > 0) await tx.outbox.createMany({ data: row.outbox.map((m) => outboxCreateData(m, null)) });
      return created;
    });
    return { ok: true, entry };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'exists' };
    throw error;
  }
}

export function campaignEntries(prisma: PrismaClient, campaignId: string): Promise<CampaignEntry[]> {
  return prisma.campaignEntry.findMany({ where: { campaignId }, orderBy: { index: 'asc' } });
}

/** Finished games of a campaign that have no journal entry yet (an end recorded late, after a crash). */
export async function unrecordedGames(prisma: PrismaClient, campaignId: string): Promise<{ id: string }[]> {
  return prisma.game.findMany({
    where: { campaignId, status: 'finished', NOT: { id: { in: (await prisma.campaignEntry.findMany({ where: { campaignId }, select: { gameId: true } })).map((e) => e.gameId) } } },
    select: { id: true },
    orderBy: { campaignIndex: 'asc' },
  });
}

/**
 * Ends an active campaign (`/campaign end`) with how it ended, and its closing post, in one transaction;
 * false when it was no longer active.
 */
export async function endCampaign(prisma: PrismaClient, id: string, ending: Json, now: Date, outbox: readonly OutboxMessage[]): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const done = await tx.campaign.updateMany({ where: { id, status: 'active' }, data: { status: 'ended', ending: ending as Prisma.InputJsonValue, lastActivityAt: now } });
    if (done.count !== 1) return false;
    if (outbox.length > 0) await tx.outbox.createMany({ data: outbox.map((m) => outboxCreateData(m, null)) });
    return true;
  });
}
