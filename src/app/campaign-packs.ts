import { ok, reject, type Rejection, type Result } from '../core/index.ts';
import { getCampaign, moveCampaignPack, type CampaignWithRoster, type PrismaClient } from '../store/index.ts';
import type { PackMove } from './packs.ts';
import type { AppResult, PackPin } from './types.ts';
import { openGameOf } from './campaign-model.ts';

/** Characters of the new content's hash the organiser types to confirm (as `/game pack upgrade`). */
export const CAMPAIGN_CONFIRM_MIN = 8;

/** What `/campaign pack upgrade` shows: the move, and the open game that keeps its own pin. */
export interface CampaignPackPlan extends PackMove {
  readonly campaignId: string;
  readonly name: string;
  /** The campaign's game still open (lobby or playing): it stays on its version (`/game pack upgrade` moves it). */
  readonly openIndex: number | null;
}

export interface CampaignPacksDeps {
  readonly prisma: PrismaClient;
  readonly app: { planPackMove(pin: PackPin, toVersion?: string): AppResult<PackMove> };
  /** The organiser, or anyone with Manage Server. */
  mayManage(c: CampaignWithRoster, who: { userId: string; manageGuild: boolean }): boolean;
}

/**
 * `/campaign pack upgrade` (issue 21): a campaign's games keep its pinned pack version until its organiser
 * (or Manage Server) moves the campaign on. The plan says what changes; the move needs the new content's
 * hash typed back, and only games opened afterwards play it.
 */
export function createCampaignPacks({ prisma, app, mayManage }: CampaignPacksDeps) {
  async function plan(id: string, by: { userId: string; manageGuild: boolean }, toVersion?: string): Promise<Result<CampaignPackPlan, Rejection>> {
    const c = await getCampaign(prisma, id);
    if (!c) return reject('campaign.notFound');
    if (!mayManage(c, by)) return reject('campaign.notOrganiser');
    if (c.status !== 'active') return reject('campaign.ended');
    if (c.packId === null) return reject('core.pack.none');
    if (c.packVersion === null) return reject('campaign.pack.notPinned');
    const move = await app.planPackMove({ gameType: c.gameType, guildId: c.guildId, packId: c.packId, packVersion: c.packVersion, packHash: c.packHash }, toVersion);
    if (!move.ok) return move;
    const open = openGameOf(c.games);
    return ok({ ...move.value, campaignId: c.id, name: c.name, openIndex: open ? (open.campaignIndex ?? 0) : null });
  }

  return {
    planPackUpgrade: plan,

    /** Moves the campaign's pin once `confirm` starts the hash the plan showed; refused if the pin moved meanwhile. */
    async upgradePack(id: string, by: { userId: string; manageGuild: boolean }, toVersion: string | undefined, confirm: string): AppResult<CampaignPackPlan> {
      const p = await plan(id, by, toVersion);
      if (!p.ok) return p;
      const typed = confirm.trim().toLowerCase();
      if (typed.length < CAMPAIGN_CONFIRM_MIN || !p.value.to.hash.startsWith(typed)) return reject('core.pack.confirmMismatch', { hash: p.value.to.hash.slice(0, 12) });
      const moved = await moveCampaignPack(prisma, id, { from: p.value.from, to: p.value.to });
      return moved ? ok(p.value) : reject('core.movedOn');
    },
  };
}
