import { ok, ownValue, reject, type CampaignEnding, type GameModule, type Json, type Rejection, type Result } from '../core/index.ts';
import {
  campaignEntries,
  campaignsNamed,
  createCampaign,
  endCampaign,
  enqueue,
  findCampaignByChannel,
  getCampaign,
  joinCampaign,
  leaveCampaign,
  pinCampaignPack,
  recordCampaignEntry,
  searchCampaigns,
  setCampaignPolicy,
  setOrganiser,
  unrecordedGames,
  type CampaignEntry,
  type CampaignWithRoster,
  type OutboxMessage,
  type PrismaClient,
} from '../store/index.ts';
import { resolvePolicy, type GamePolicy, type PolicyInput } from '../scheduler/index.ts';
import { createCampaignArchive, type CampaignArchiveDeps, type CampaignFile } from './campaign-archive.ts';
import { createCampaignPacks, type CampaignPacksDeps } from './campaign-packs.ts';
import { archiveRow } from './schedule-campaign.ts';
import type { AppActor, AppResult, FinishedGame, LobbyView, NewGameInput } from './types.ts';
import { addResults, CAMPAIGN_NAME_MAX, cleanCampaignName, CLOSED_ENDING, closeCode, closingRow, homeKindOf, mergePolicyInput, openGameOf, RECAP_EVENTS, type CampaignRecap, type CampaignView, type Standings } from './campaign-model.ts';

export { addResults, CAMPAIGN_NAME_MAX, cleanCampaignName, CLOSED_ENDING, closeCode, mergePolicyInput, RECAP_EVENTS, type CampaignRecap, type CampaignView, type Standings } from './campaign-model.ts';

type AnyModule = GameModule<any, any, any>;


export interface CampaignDeps {
  readonly prisma: PrismaClient;
  readonly games: Readonly<Record<string, AnyModule>>;
  readonly clock: () => Date;
  /** The application service's lobby and read of a finished game (src/app/service.ts). */
  readonly app: CampaignArchiveDeps['app'] & {
    newGame(input: NewGameInput): AppResult<LobbyView>;
    finished(gameId: string): AppResult<FinishedGame>;
  } & CampaignPacksDeps['app'];
  /** Plans the campaign's next dormancy check (src/app/schedule-campaign.ts): at its start and when it wakes. */
  readonly onAwake?: (campaignId: string) => Promise<void>;
}

export interface NewCampaignInput {
  readonly guildId: string;
  readonly channelId: string;
  readonly organiser: AppActor;
  readonly gameType: string;
  readonly name: string;
  readonly packId?: string;
  readonly locale?: string;
  /**
   * Opens the campaign's home once everything else was accepted: a thread (its id), or a forum channel
   * with its journal post (`{ homeId, journalId }`).
   */
  readonly openHome?: (name: string) => Promise<string | { readonly homeId: string; readonly journalId: string | null }>;
}

/** Who asks for an organiser's action: the organiser, or a member with Manage Server. */
export interface CampaignManager extends AppActor {
  readonly manageGuild: boolean;
}


/**
 * Campaigns (issue "Campaigns"): a roster that plays game after game of one game type, each game seated
 * from the roster with what the previous one handed on (`GameModule.campaign`), and a journal of recaps.
 */
export function createCampaigns(deps: CampaignDeps) {
  const { prisma, games, clock, app } = deps;
  const archive = createCampaignArchive({ prisma, app });

  function moduleFor(gameType: string): Result<AnyModule, Rejection> {
    const module = ownValue(games, gameType);
    return module ? ok(module) : reject('core.game.unknownType', { gameType });
  }

  function viewOf(c: CampaignWithRoster): CampaignView {
    const module = ownValue(games, c.gameType);
    const standings = (c.progress ?? {}) as Standings;
    const members = c.members.filter((m) => m.leftAt === null);
    const names = new Map(c.members.map((m) => [m.userId, m.userName]));
    return {
      id: c.id,
      guildId: c.guildId,
      name: c.name,
      gameType: c.gameType,
      status: c.status,
      ending: c.status === 'ended' ? ((c.ending as CampaignEnding | null) ?? CLOSED_ENDING) : null,
      organiserUserId: c.organiserUserId,
      channelId: c.channelId,
      homeId: c.homeId,
      homeKind: homeKindOf(c),
      journalId: c.journalId ?? c.homeId,
      dormant: c.dormantAt !== null,
      members: members.map((m) => ({ userId: m.userId, userName: m.userName })),
      games: c.games.map((g) => ({ index: g.campaignIndex ?? 0, gameId: g.id, threadId: g.threadId, status: g.status })),
      pack: c.packId ? { id: c.packId, version: c.packVersion, hash: c.packHash } : null,
      carried: c.carried !== null && module?.campaign?.describeCarried ? module.campaign.describeCarried(c.carried as Json) : [],
      standings: Object.entries(standings).map(([userId, sides]) => ({
        userId,
        userName: names.get(userId) ?? userId,
        sides: Object.entries(sides).map(([side, v]) => ({ side, ...v })),
      })),
    };
  }

  async function load(id: string): Promise<Result<CampaignWithRoster, Rejection>> {
    const c = await getCampaign(prisma, id);
    return c ? ok(c) : reject('campaign.notFound');
  }

  function mayManage(c: CampaignWithRoster, who: CampaignManager): boolean {
    return who.userId === c.organiserUserId || who.manageGuild;
  }

  /**
   * A command of the campaign: its activity is now, and a dormant campaign wakes: its journal (and the thread
   * of a game gathering players) unarchived, a notice in the journal, its next dormancy check planned.
   * True when it woke.
   */
  async function touch(id: string): Promise<boolean> {
    const now = clock();
    const c = await prisma.campaign.findUnique({ where: { id }, select: { dormantAt: true, homeId: true, journalId: true, gameType: true, locale: true, name: true, games: { select: { threadId: true, status: true } } } });
    if (!c) return false;
    const woke = c.dormantAt !== null && (await prisma.campaign.updateMany({ where: { id, dormantAt: { not: null } }, data: { dormantAt: null, lastActivityAt: now } })).count === 1;
    if (!woke) {
      await prisma.campaign.update({ where: { id }, data: { lastActivityAt: now } });
      return false;
    }
    const journal = c.journalId ?? c.homeId;
    const rows: OutboxMessage[] = [];
    if (journal) {
      rows.push(archiveRow(journal, false));
      rows.push({ kind: 'notice', target: { channelId: journal }, payload: { gameType: c.gameType, locale: c.locale, code: 'campaign.dormant.woken', params: { campaign: c.name } } });
    }
    for (const g of c.games) if (g.threadId && g.status === 'lobby') rows.push(archiveRow(g.threadId, false));
    await enqueue(prisma, null, rows);
    await deps.onAwake?.(id);
    return true;
  }

  /** A campaign its organiser (or Manage Server) acts on: loaded, its finished games recorded, and still active. */
  async function managedActive(id: string, by: CampaignManager): Promise<Result<CampaignWithRoster, Rejection>> {
    const loaded = await load(id);
    if (!loaded.ok) return loaded;
    if (!mayManage(loaded.value, by)) return reject('campaign.notOrganiser');
    const c = await catchUp(loaded.value);
    return c.status === 'active' ? ok(c) : reject('campaign.ended');
  }

  /** Records every finished game of the campaign that has no entry yet; returns the campaign as it now stands. */
  async function catchUp(c: CampaignWithRoster): Promise<CampaignWithRoster> {
    const missing = await unrecordedGames(prisma, c.id);
    if (missing.length === 0) return c;
    for (const g of missing) await recordEnded(g.id);
    return (await getCampaign(prisma, c.id)) ?? c;
  }

  /**
   * Records a finished game in its campaign: what it hands on, the members' standings, the journal recap and
   * its post (the recap's text and the final table picture). Idempotent: null for a game outside a campaign,
   * the existing entry for one already recorded.
   */
  async function recordEnded(gameId: string): Promise<CampaignEntry | null> {
    const done = await app.finished(gameId);
    if (!done.ok) return null;
    const { game, module, genesis, state, pack, publicEvents } = done.value;
    if (game.campaignId === null) return null;
    const found = await getCampaign(prisma, game.campaignId);
    if (!found) return null;
    // A game that ends in a dormant campaign wakes it first, so its journal is open for the recap.
    const c = found.dormantAt !== null && (await touch(found.id)) ? ((await getCampaign(prisma, found.id)) ?? found) : found;
    const part = module.campaign;
    const received = genesis.carried ?? null;
    const carried = part ? part.carry(state, received) : null;
    const players = game.seats.filter((s) => s.role === 'player');
    const standings = addResults((c.progress ?? {}) as Standings, part?.results?.(state) ?? [], (seat) => players.find((s) => s.index === seat)?.userId);
    const phase = module.status(state);
    const index = game.campaignIndex ?? c.games.length;
    const story = carried !== null && part?.unlocked ? part.unlocked(carried, received, pack) : [];
    // The campaign ends when its game says so (`over`), once: an ended campaign's late entries change nothing.
    const ending = c.status === 'active' && carried !== null && part?.over ? part.over(carried, pack) : null;
    const recap: CampaignRecap = {
      index,
      gameId,
      threadId: game.threadId,
      players: players.map((s) => s.userName),
      phase: phase.phase,
      reason: 'reason' in phase ? phase.reason : '',
      events: publicEvents.filter((e) => e.to === 'public').slice(-RECAP_EVENTS),
      carried: carried !== null && part?.describeCarried ? part.describeCarried(carried) : [],
      ...(story.length > 0 ? { story } : {}),
      ...(ending ? { ending } : {}),
    };
    const journalAt = c.journalId ?? c.homeId;
    const journal: OutboxMessage[] = journalAt
      ? [
          { kind: 'journal', target: { channelId: journalAt }, payload: { gameId, gameType: game.gameType, seq: game.seq, locale: c.locale, campaign: c.name, recap: recap as unknown as Json, image: true } },
          ...(ending ? [closingRow(journalAt, c, ending, index)] : []),
        ]
      : [];
    const written = await recordCampaignEntry(prisma, {
      campaignId: c.id,
      gameId,
      index,
      recap: recap as unknown as Json,
      carried,
      campaignCarried: carried,
      progress: standings as unknown as Json,
      ending: ending as unknown as Json,
      now: clock(),
      outbox: journal,
    });
    if (written.ok) return written.entry;
    return (await campaignEntries(prisma, c.id)).find((e) => e.gameId === gameId) ?? null;
  }

  const packs = createCampaignPacks({ prisma, app, mayManage });

  return {
    recordEnded,
    touch,
    ...packs,

    /** Opens a campaign of one game type in a guild; its home is opened only once everything else was accepted. */
    async create(input: NewCampaignInput): AppResult<CampaignView> {
      const module = moduleFor(input.gameType);
      if (!module.ok) return module;
      const name = cleanCampaignName(input.name);
      if (name.length === 0) return reject('campaign.badName', { max: CAMPAIGN_NAME_MAX });
      const clash = await prisma.campaign.findUnique({ where: { guildId_gameType_name: { guildId: input.guildId, gameType: input.gameType, name } }, select: { id: true } });
      if (clash) return reject('campaign.nameTaken', { name });
      const home = input.openHome ? await input.openHome(name) : null;
      const created = await createCampaign(prisma, {
        guildId: input.guildId,
        channelId: input.channelId,
        homeId: typeof home === 'string' ? home : (home?.homeId ?? null),
        journalId: typeof home === 'string' ? null : (home?.journalId ?? null),
        gameType: input.gameType,
        name,
        organiser: { userId: input.organiser.userId, userName: input.organiser.userName },
        packId: input.packId ?? null,
        locale: input.locale ?? input.organiser.locale ?? 'en',
      });
      if (!created.ok) return reject('campaign.nameTaken', { name });
      await deps.onAwake?.(created.campaign.id);
      return ok(viewOf(created.campaign));
    },

    /** The campaign of a channel: its home, a game thread of it, or the channel it was opened in. */
    async here(guildId: string, channelId: string): AppResult<string> {
      const c = await findCampaignByChannel(prisma, guildId, channelId);
      return c ? ok(c.id) : reject('campaign.none');
    },

    /**
     * The campaign a `campaign:` option names: its name on this server (case-insensitive), or `Name (game)`
     * as autocomplete offers it when campaigns of two games share a name.
     */
    async named(guildId: string, text: string): AppResult<string> {
      const raw = cleanCampaignName(text);
      const named = (name: string, gameType?: string) => campaignsNamed(prisma, guildId, name).then((list) => list.filter((c) => gameType === undefined || c.gameType === gameType));
      let found = await named(raw);
      const qualified = /^(.*) \(([\w-]+)\)$/.exec(raw);
      if (found.length === 0 && qualified) found = await named(qualified[1] ?? '', qualified[2]);
      if (found.length === 1) return ok(found[0]!.id);
      if (found.length > 1) return reject('campaign.ambiguous', { name: found[0]!.name, choices: found.map((c) => `${c.name} (${c.gameType})`).join(', ') });
      return reject('campaign.notFoundNamed', { name: raw });
    },

    search(guildId: string, text: string, take = 25) {
      return searchCampaigns(prisma, guildId, text, take);
    },

    async status(id: string): AppResult<CampaignView> {
      const c = await load(id);
      if (!c.ok) return c;
      return ok(viewOf(await catchUp(c.value)));
    },

    async join(id: string, actor: AppActor): AppResult<CampaignView> {
      const c = await load(id);
      if (!c.ok) return c;
      if (c.value.status !== 'active') return reject('campaign.ended');
      const joined = await joinCampaign(prisma, id, actor, clock());
      if (joined === 'already') return reject('campaign.alreadyMember');
      return ok(viewOf((await getCampaign(prisma, id)) ?? c.value));
    },

    /** A member leaves; the organiser hands the campaign on first (`organiser`), unless alone. */
    async leave(id: string, actor: AppActor): AppResult<CampaignView> {
      const c = await load(id);
      if (!c.ok) return c;
      const active = c.value.members.filter((m) => m.leftAt === null);
      if (actor.userId === c.value.organiserUserId && active.length > 1) return reject('campaign.organiserLeaves');
      if ((await leaveCampaign(prisma, id, actor.userId, clock())) === 'absent') return reject('campaign.notMember');
      return ok(viewOf((await getCampaign(prisma, id)) ?? c.value));
    },

    /** The organiser (or Manage Server) takes someone off the roster; their past games stay in the record. */
    async remove(id: string, by: CampaignManager, userId: string): AppResult<CampaignView> {
      const c = await load(id);
      if (!c.ok) return c;
      if (!mayManage(c.value, by)) return reject('campaign.notOrganiser');
      if (userId === c.value.organiserUserId) return reject('campaign.organiserLeaves');
      if ((await leaveCampaign(prisma, id, userId, clock())) === 'absent') return reject('campaign.notMember');
      return ok(viewOf((await getCampaign(prisma, id)) ?? c.value));
    },

    /**
     * A roster change: `joining` takes the place of `leaving`, on the roster and, when a game of the campaign
     * is open, in it (the caller hands the seat over, so its secrets reach the newcomer by DM). Organiser or
     * Manage Server only; the organiser hands the campaign on before being substituted.
     */
    async substitute(id: string, by: CampaignManager, leavingId: string, joining: AppActor): AppResult<{ campaign: CampaignView; open: { gameId: string; status: string; hostUserId: string; seat: number | null } | null }> {
      const c = await load(id);
      if (!c.ok) return c;
      if (!mayManage(c.value, by)) return reject('campaign.notOrganiser');
      if (leavingId === c.value.organiserUserId) return reject('campaign.organiserLeaves');
      if (!c.value.members.some((m) => m.userId === leavingId && m.leftAt === null)) return reject('campaign.notMember');
      if (c.value.members.some((m) => m.userId === joining.userId && m.leftAt === null)) return reject('campaign.alreadyMember');
      const openGame = openGameOf(c.value.games);
      const open = openGame ? await prisma.game.findUnique({ where: { id: openGame.id }, select: { id: true, status: true, hostUserId: true, seats: { where: { userId: leavingId, role: 'player' }, select: { index: true } } } }) : null;
      await leaveCampaign(prisma, id, leavingId, clock());
      await joinCampaign(prisma, id, joining, clock());
      return ok({
        campaign: viewOf((await getCampaign(prisma, id)) ?? c.value),
        open: open ? { gameId: open.id, status: open.status, hostUserId: open.hostUserId, seat: open.seats[0]?.index ?? null } : null,
      });
    },

    /** Hands the organiser's role to an active member. */
    async handOver(id: string, by: CampaignManager, userId: string): AppResult<CampaignView> {
      const c = await load(id);
      if (!c.ok) return c;
      if (!mayManage(c.value, by)) return reject('campaign.notOrganiser');
      if (!c.value.members.some((m) => m.userId === userId && m.leftAt === null)) return reject('campaign.notMember');
      await setOrganiser(prisma, id, userId);
      return ok(viewOf((await getCampaign(prisma, id)) ?? c.value));
    },

    /**
     * Opens the campaign's next game with its roster already seated (the organiser hosts), the campaign's
     * pack pinned and the carried state to be applied at start. Refused while a game of it is still open.
     */
    async next(id: string, by: CampaignManager, opts: { options?: unknown; openThread?: () => Promise<string>; seed?: number } = {}): AppResult<{ lobby: LobbyView; campaign: CampaignView; previous: CampaignRecap | null }> {
      const active = await managedActive(id, by);
      if (!active.ok) return active;
      const c = active.value;
      const open = openGameOf(c.games);
      if (open) return reject('campaign.gameOpen', { index: open.campaignIndex ?? 0 });
      const module = moduleFor(c.gameType);
      if (!module.ok) return module;
      const roster = c.members.filter((m) => m.leftAt === null);
      const { min, max } = module.value.seats;
      if (roster.length < min || roster.length > max) return reject('campaign.rosterSize', { min, max, count: roster.length });
      if (c.carried !== null && module.value.campaign && !module.value.campaign.carriedSchema.safeParse(c.carried).success) return reject('campaign.carriedInvalid');
      const organiser = roster.find((m) => m.userId === c.organiserUserId) ?? roster[0]!;
      const players = [organiser, ...roster.filter((m) => m !== organiser)].map((m) => ({ userId: m.userId, userName: m.userName }));
      const index = c.games.length + 1;
      const lobby = await app.newGame({
        guildId: c.guildId,
        channelId: c.channelId,
        host: { userId: organiser.userId, userName: organiser.userName },
        gameType: c.gameType,
        options: opts.options,
        players,
        locale: c.locale,
        ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
        ...(c.packId ? { packId: c.packVersion ? `${c.packId}@${c.packVersion}` : c.packId } : {}),
        ...(opts.openThread ? { openThread: opts.openThread } : {}),
        campaign: { id: c.id, index, carried: module.value.campaign && c.carried !== null ? (c.carried as Json) : null, policy: c.policy as Json },
      });
      if (!lobby.ok) return lobby;
      if (c.packVersion === null) {
        const row = await prisma.game.findUnique({ where: { id: lobby.value.gameId }, select: { packId: true, packVersion: true, packHash: true } });
        if (row?.packId) await pinCampaignPack(prisma, c.id, row);
      }
      const entries = await campaignEntries(prisma, c.id);
      const last = entries.at(-1);
      return ok({ lobby: lobby.value, campaign: viewOf((await getCampaign(prisma, c.id)) ?? c), previous: last ? (last.recap as unknown as CampaignRecap) : null });
    },

    /**
     * The reminder and deadline settings the campaign's next games start with (server default < campaign <
     * game): the patch is merged section by section and checked whole before it is stored.
     */
    async setPolicy(id: string, by: CampaignManager, patch: PolicyInput): AppResult<GamePolicy> {
      const c = await load(id);
      if (!c.ok) return c;
      if (!mayManage(c.value, by)) return reject('campaign.notOrganiser');
      const merged = mergePolicyInput(c.value.policy as PolicyInput, patch);
      const resolved = resolvePolicy(undefined, merged);
      if (!resolved.ok) return resolved;
      await setCampaignPolicy(prisma, id, merged as unknown as Json);
      return resolved;
    },

    /**
     * `/campaign export`: the campaign's whole file for anyone who is or was on its roster. Only finished
     * games are in it, so no running game's seed or secret leaves through it.
     */
    async exportFor(id: string, actor: AppActor): AppResult<CampaignFile> {
      const c = await load(id);
      if (!c.ok) return c;
      if (!c.value.members.some((m) => m.userId === actor.userId)) return reject('campaign.notMember');
      await catchUp(c.value);
      return archive.exportCampaign(id);
    },

    /**
     * `/campaign end`: the organiser (or Manage Server) closes the campaign by hand (one whose game has no end
     * of its own ends only this way), once no game of it is open. Without `confirm` (or with a wrong one), the
     * code to confirm with; with it, the campaign ends and its journal gets the closing post.
     */
    async close(id: string, by: CampaignManager, confirm: string | null): AppResult<{ campaign: CampaignView; code: string; done: boolean }> {
      const active = await managedActive(id, by);
      if (!active.ok) return active;
      const c = active.value;
      const open = openGameOf(c.games);
      if (open) return reject('campaign.close.openGame', { index: open.campaignIndex ?? 0 });
      const code = closeCode(c.id);
      if (confirm === null) return ok({ campaign: viewOf(c), code, done: false });
      if (confirm.trim().toLowerCase() !== code) return reject('campaign.close.badCode');
      const journalAt = c.journalId ?? c.homeId;
      const played = c.games.filter((g) => g.status === 'finished').length;
      const closing = journalAt ? [closingRow(journalAt, c, CLOSED_ENDING, played)] : [];
      if (!(await endCampaign(prisma, c.id, CLOSED_ENDING as unknown as Json, clock(), closing))) return reject('campaign.ended');
      return ok({ campaign: viewOf((await getCampaign(prisma, c.id)) ?? c), code, done: true });
    },

    /** The journal: every recorded game's recap, oldest first. */
    async journal(id: string): AppResult<readonly CampaignRecap[]> {
      const c = await load(id);
      if (!c.ok) return c;
      await catchUp(c.value);
      return ok((await campaignEntries(prisma, id)).map((e) => e.recap as unknown as CampaignRecap));
    },
  };
}

export type Campaigns = ReturnType<typeof createCampaigns>;
