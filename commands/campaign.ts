import { SlashCommandBuilder, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { PermissionFlagsBits } from 'discord.js';
import type { CampaignManager, CampaignRecap, CampaignView } from '../src/app/index.ts';
import { ok, ownValue, reject } from '../src/core/index.ts';
import type { AutocompleteContext, CommandContext, CommandModule, CommandResult } from '../src/discord/command.ts';
import { fitLabel } from '../src/discord/fit.ts';
import { parseGameOptions } from '../src/discord/game-options.ts';
import { previouslyText } from '../src/discord/journal.ts';
import { CHANNEL_NAME_MAX } from '../src/discord/limits.ts';
import { lineText, type PackText } from '../src/discord/present.ts';
import { splitMessage } from '../src/discord/split.ts';
import { displayName } from '../src/discord/text.ts';
import { described, t } from '../src/i18n/index.ts';
import { exportFile } from './game.ts';
import { addPolicyOptions, policyPatch, policySummary } from './lib/policy.ts';

/** Campaign options take a campaign of this server by name (autocomplete); without it, the one of this channel. */
function campaignOption(s: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return s.addStringOption((o) => described(o.setName('campaign'), 'campaign.cmd.options.campaign').setMaxLength(100).setAutocomplete(true));
}

/** `/campaign …`: a series of games played by one group, with what each game hands on and a journal. */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('campaign'), 'campaign.cmd.description')
    .addSubcommand((s) =>
      described(s.setName('new'), 'campaign.cmd.new')
        .addStringOption((o) => described(o.setName('name'), 'campaign.cmd.options.name').setRequired(true).setMaxLength(80))
        .addStringOption((o) => described(o.setName('game'), 'campaign.cmd.options.game').setRequired(true).setAutocomplete(true))
        .addStringOption((o) => described(o.setName('pack'), 'campaign.cmd.options.pack').setMaxLength(64)),
    )
    .addSubcommand((s) => campaignOption(described(s.setName('join'), 'campaign.cmd.join')))
    .addSubcommand((s) => campaignOption(described(s.setName('leave'), 'campaign.cmd.leave')))
    .addSubcommand((s) => campaignOption(described(s.setName('status'), 'campaign.cmd.status')))
    .addSubcommand((s) => campaignOption(described(s.setName('journal'), 'campaign.cmd.journal')))
    .addSubcommand((s) => campaignOption(described(s.setName('export'), 'campaign.cmd.export')))
    .addSubcommand((s) =>
      campaignOption(
        described(s.setName('next'), 'campaign.cmd.next')
          .addStringOption((o) => described(o.setName('options'), 'commands.game.options.options').setMaxLength(300))
          .addIntegerOption((o) => described(o.setName('seed'), 'commands.game.options.seed').setMinValue(0).setMaxValue(2_147_483_647)),
      ),
    )
    .addSubcommand((s) =>
      campaignOption(described(s.setName('remove'), 'campaign.cmd.remove').addUserOption((o) => described(o.setName('user'), 'campaign.cmd.options.user').setRequired(true))),
    )
    .addSubcommand((s) =>
      campaignOption(
        described(s.setName('substitute'), 'campaign.cmd.substitute')
          .addUserOption((o) => described(o.setName('leaving'), 'campaign.cmd.options.leaving').setRequired(true))
          .addUserOption((o) => described(o.setName('joining'), 'campaign.cmd.options.joining').setRequired(true)),
      ),
    )
    .addSubcommand((s) =>
      campaignOption(described(s.setName('end'), 'campaign.cmd.end').addStringOption((o) => described(o.setName('confirm'), 'content.cmd.confirm').setMaxLength(64))),
    )
    .addSubcommand((s) => campaignOption(addPolicyOptions(described(s.setName('settings'), 'campaign.cmd.settings'))))
    .addSubcommand((s) =>
      campaignOption(described(s.setName('organiser'), 'campaign.cmd.organiser').addUserOption((o) => described(o.setName('user'), 'campaign.cmd.options.user').setRequired(true))),
    )
    .addSubcommandGroup((g) =>
      described(g.setName('pack'), 'campaign.cmd.pack').addSubcommand((s) =>
        campaignOption(
          described(s.setName('upgrade'), 'campaign.cmd.packUpgrade')
            .addStringOption((o) => described(o.setName('to'), 'content.cmd.to').setMaxLength(32))
            .addStringOption((o) => described(o.setName('confirm'), 'content.cmd.confirm').setMaxLength(64)),
        ),
      ),
    ),

  async execute(ctx) {
    const campaigns = ctx.services.campaigns;
    if (!campaigns) return reject('campaign.unavailable');
    if (!ctx.place.guildId) return reject('campaign.guildOnly');
    const sub = ctx.interaction.options.getSubcommand(true);
    if (sub === 'new') return create(ctx);
    const chosen = ctx.interaction.options.getString('campaign');
    const id = chosen ? await campaigns.named(ctx.place.guildId, chosen) : await campaigns.here(ctx.place.guildId, ctx.place.threadId ?? ctx.place.channelId);
    if (!id.ok) return id;
    const found = await campaigns.status(id.value);
    if (!found.ok) return found;
    if (found.value.guildId !== ctx.place.guildId) return reject('campaign.notFound');
    // Any command of the campaign counts as activity, and wakes it when dormant.
    await campaigns.touch(id.value);
    const manager: CampaignManager = { ...ctx.actor, manageGuild: ctx.interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false };
    switch (sub) {
      case 'join': {
        const r = await campaigns.join(id.value, ctx.actor);
        return r.ok ? ok({ visibility: 'public', content: ctx.t('campaign.replies.joined', { player: ctx.actor.userName, campaign: r.value.name, count: r.value.members.length }) }) : r;
      }
      case 'leave': {
        const r = await campaigns.leave(id.value, ctx.actor);
        return r.ok ? ok({ visibility: 'public', content: ctx.t('campaign.replies.left', { player: ctx.actor.userName, campaign: r.value.name }) }) : r;
      }
      case 'remove': {
        const user = ctx.interaction.options.getUser('user', true);
        const r = await campaigns.remove(id.value, manager, user.id);
        return r.ok ? ok({ visibility: 'public', content: ctx.t('campaign.replies.removed', { player: nameOf(found.value, user.id, user.username), campaign: r.value.name }) }) : r;
      }
      case 'organiser': {
        const user = ctx.interaction.options.getUser('user', true);
        const r = await campaigns.handOver(id.value, manager, user.id);
        return r.ok ? ok({ visibility: 'public', content: ctx.t('campaign.replies.organiser', { player: nameOf(r.value, user.id, user.username), campaign: r.value.name }) }) : r;
      }
      case 'journal':
        return journal(ctx, found.value);
      case 'substitute':
        return substitute(ctx, found.value, manager);
      case 'export': {
        const r = await campaigns.exportFor(id.value, ctx.actor);
        if (!r.ok) return r;
        const file = exportFile(`campaign-${found.value.gameType}-${id.value}.json`, r.value);
        return file.ok ? ok({ visibility: 'ephemeral', content: ctx.t('campaign.replies.exported', { campaign: found.value.name, count: r.value.games.length }), files: [file.value] }) : file;
      }
      case 'settings': {
        const patch = policyPatch(ctx.interaction.options);
        if (Object.keys(patch).length === 0) return reject('schedule.defaults.nothing');
        const r = await campaigns.setPolicy(id.value, manager, patch);
        return r.ok ? ok({ visibility: 'public', content: `${ctx.t('campaign.replies.settings', { campaign: found.value.name, organiser: ctx.actor.userName })}\n${policySummary(ctx.t, r.value)}` }) : r;
      }
      case 'next':
        // An ended campaign opens no game: the refusal says how it ended.
        if (found.value.ending) return reject('campaign.endedHow', { ending: endingText(ctx, found.value) });
        return next(ctx, found.value, manager);
      case 'end':
        return end(ctx, found.value, manager);
      case 'upgrade':
        return packUpgrade(ctx, found.value, manager);
      default:
        return ok({ visibility: 'ephemeral', content: statusText(ctx, found.value, await campaignPackText(ctx, found.value)) });
    }
  },

  async autocomplete(ctx: AutocompleteContext) {
    const focused = ctx.interaction.options.getFocused(true);
    const typed = String(focused.value ?? '').toLowerCase();
    if (focused.name === 'game') {
      return Object.keys(ctx.services.catalog.modules)
        .filter((gameType) => ctx.services.catalog.modules[gameType]?.campaign !== undefined)
        .filter((gameType) => gameType.includes(typed) || ctx.t(`commands.games.${gameType}`).toLowerCase().includes(typed))
        .slice(0, 25)
        .map((gameType) => ({ name: ctx.t(`commands.games.${gameType}`), value: gameType }));
    }
    if (!ctx.services.campaigns || !ctx.place.guildId) return [];
    const found = await ctx.services.campaigns.search(ctx.place.guildId, typed, 25);
    // The value is the name people read; `Name (game)` only where campaigns of two games share the name.
    const shared = (name: string) => found.filter((c) => c.name.toLowerCase() === name.toLowerCase()).length > 1;
    return found.map((c) => ({ name: fitLabel(`${c.name} · ${ctx.t(`commands.games.${c.gameType}`)}`, 100), value: shared(c.name) ? `${c.name} (${c.gameType})` : c.name }));
  },
};

function nameOf(c: CampaignView, userId: string, fallback: string): string {
  return c.members.find((m) => m.userId === userId)?.userName ?? fallback;
}

async function create(ctx: CommandContext): Promise<CommandResult> {
  const campaigns = ctx.services.campaigns!;
  const gameType = ctx.interaction.options.getString('game', true);
  const module = ownValue(ctx.services.catalog.modules, gameType);
  if (!module) return reject('core.game.unknownType', { gameType, known: Object.keys(ctx.services.catalog.modules).join(', ') });
  if (!module.campaign) return reject('campaign.noCarry', { game: ctx.t(`commands.games.${gameType}`) });
  const parentId = ctx.place.threadId ? (ctx.place.parentId ?? ctx.place.channelId) : ctx.place.channelId;
  const game = ctx.t(`commands.games.${gameType}`);
  const home: { id: string | null } = { id: null };
  // The home is a forum channel (a post per game, and the journal post) where the bot may create one;
  // else one thread, as everywhere before.
  const mayForum = ctx.interaction.appPermissions?.has(PermissionFlagsBits.ManageChannels) ?? false;
  const openHome = async (name: string) => {
    const journalName = fitLabel(t(ctx.lang, 'campaign.homeName', { campaign: name }), CHANNEL_NAME_MAX);
    const forumId = mayForum ? await ctx.services.createForum(parentId, fitLabel(name, CHANNEL_NAME_MAX)) : null;
    if (forumId) {
      home.id = forumId;
      const starter = t(ctx.lang, 'campaign.replies.home', { campaign: name, game, organiser: ctx.actor.userName });
      return { homeId: forumId, journalId: await ctx.services.createThread(forumId, journalName, starter) };
    }
    return (home.id = await ctx.services.createThread(parentId, journalName));
  };
  let created: Awaited<ReturnType<typeof campaigns.create>>;
  try {
    created = await campaigns.create({
      guildId: ctx.place.guildId,
      channelId: parentId,
      organiser: ctx.actor,
      gameType,
      name: ctx.interaction.options.getString('name', true),
      locale: ctx.lang,
      openHome,
      ...(ctx.interaction.options.getString('pack') ? { packId: ctx.interaction.options.getString('pack')! } : {}),
    });
  } catch (error) {
    if (home.id) await ctx.services.removeThread(home.id);
    throw error;
  }
  if (!created.ok) {
    if (home.id) await ctx.services.removeThread(home.id);
    return created;
  }
  const c = created.value;
  if (c.homeKind === 'forum') {
    return ok({ visibility: 'public', content: ctx.t('campaign.replies.createdForum', { campaign: c.name, game, homeId: c.homeId, journalId: c.journalId }) });
  }
  if (c.homeId) await ctx.services.app.queueNarration(c.homeId, ctx.t('campaign.replies.home', { campaign: c.name, game, organiser: ctx.actor.userName }));
  return ok({ visibility: 'public', content: ctx.t('campaign.replies.created', { campaign: c.name, game, homeId: c.homeId ?? parentId }) });
}

async function next(ctx: CommandContext, c: CampaignView, manager: CampaignManager): Promise<CommandResult> {
  const campaigns = ctx.services.campaigns!;
  const gameOptions = parseGameOptions(ctx.interaction.options.getString('options'));
  if (!gameOptions.ok) return gameOptions;
  const seed = ctx.interaction.options.getInteger('seed');
  if (seed !== null && !ctx.services.allowSeed) return reject('core.game.seedNotAllowed');
  const game = ctx.t(`commands.games.${c.gameType}`);
  const thread: { id: string | null } = { id: null };
  const threadName = fitLabel(t(ctx.lang, 'campaign.threadName', { campaign: c.name, index: c.games.length + 1 }), CHANNEL_NAME_MAX);
  // A forum home holds a post per game; a thread home's games get threads beside it.
  const inForum = c.homeKind === 'forum' && c.homeId !== null;
  const starter = ctx.t('campaign.replies.post', { campaign: c.name, index: c.games.length + 1, game });
  const openThread = async () => (thread.id = await ctx.services.createThread(inForum ? c.homeId! : c.channelId, threadName, starter));
  let opened: Awaited<ReturnType<typeof campaigns.next>>;
  try {
    opened = await campaigns.next(c.id, manager, { options: gameOptions.value, openThread, ...(seed !== null ? { seed } : {}) });
  } catch (error) {
    if (thread.id) await ctx.services.removeThread(thread.id);
    throw error;
  }
  if (!opened.ok) {
    if (thread.id) await ctx.services.removeThread(thread.id);
    return opened;
  }
  const { previous } = opened.value;
  const threadId = thread.id ?? '';
  const seated = opened.value.campaign.members.map((m) => m.userName).join(', ');
  const opening = [
    ...(previous ? [previouslyText(ctx.lang, c.name, previous, await campaignPackText(ctx, opened.value.campaign))] : []),
    ctx.t('campaign.replies.seated', { campaign: c.name, index: c.games.length + 1, game, names: seated, host: ctx.actor.userName }),
  ].join('\n\n');
  for (const part of splitMessage(opening)) await ctx.services.app.queueNarration(threadId, part);
  return ok({ visibility: 'public', content: ctx.t('campaign.replies.next', { campaign: c.name, index: c.games.length + 1, game, threadId }) });
}

/** Characters of the new content's hash shown to type back (as `/game pack upgrade`). */
const CONFIRM_SHOWN = 12;

/**
 * `/campaign pack upgrade [to:] [confirm:]`: without `confirm:`, what moving the campaign's pin changes and
 * how to confirm (ephemeral); with it, the campaign's next games play the new version (a public notice).
 */
async function packUpgrade(ctx: CommandContext, c: CampaignView, manager: CampaignManager): Promise<CommandResult> {
  const campaigns = ctx.services.campaigns!;
  const to = ctx.interaction.options.getString('to') ?? undefined;
  const confirm = ctx.interaction.options.getString('confirm');
  if (confirm === null) {
    const plan = await campaigns.planPackUpgrade(c.id, manager, to);
    if (!plan.ok) return plan;
    const p = plan.value;
    const code = p.to.hash.slice(0, CONFIRM_SHOWN);
    const lines = [
      ctx.t('campaign.pack.plan', { campaign: c.name, packId: p.packId, from: p.from.version ?? '—', to: p.to.version, hash: code }),
      ...(p.changes.length === 0 ? [ctx.t('content.upgrade.noChanges')] : p.changes.slice(0, 20).map((x) => `- ${ctx.t('content.upgrade.file', { ...x })}`)),
      ...(p.openIndex !== null ? [ctx.t('campaign.pack.openGame', { index: p.openIndex })] : []),
      ctx.t('campaign.pack.confirmHow', { to: p.to.version, code }),
    ];
    return ok({ visibility: 'ephemeral', content: lines.join('\n').slice(0, 2000) });
  }
  const done = await campaigns.upgradePack(c.id, manager, to, confirm);
  if (!done.ok) return done;
  const p = done.value;
  return ok({ visibility: 'public', content: ctx.t('campaign.pack.done', { organiser: ctx.actor.userName, campaign: c.name, packId: p.packId, from: p.from.version ?? '—', to: p.to.version }) });
}

/** Texts of the campaign's pinned pack (its carried state may name cards: a Comanauts campaign's stickered I.D.s). */
async function campaignPackText(ctx: CommandContext, c: CampaignView): Promise<PackText | undefined> {
  if (!c.pack) return undefined;
  return ctx.services.catalog.packText({ gameType: c.gameType, guildId: c.guildId, packId: c.pack.id, packVersion: c.pack.version, packHash: c.pack.hash });
}

/** How the campaign ended, in words (the game's own code, or the organiser's closing). */
function endingText(ctx: CommandContext, c: CampaignView): string {
  return c.ending ? ctx.t(c.ending.code, { ...(c.ending.params ?? {}) }) : '';
}

/**
 * `/campaign end [confirm:]`: without `confirm:`, what ending the campaign means and the code to confirm with
 * (ephemeral); with it, the campaign ends (a public notice; the journal gets its closing post).
 */
async function end(ctx: CommandContext, c: CampaignView, manager: CampaignManager): Promise<CommandResult> {
  const r = await ctx.services.campaigns!.close(c.id, manager, ctx.interaction.options.getString('confirm'));
  if (!r.ok) return r;
  const played = c.games.filter((g) => g.status === 'finished').length;
  if (!r.value.done) {
    return ok({ visibility: 'ephemeral', content: [ctx.t('campaign.close.plan', { campaign: c.name }), ctx.t('campaign.close.confirmHow', { code: r.value.code })].join('\n') });
  }
  return ok({ visibility: 'public', content: ctx.t('campaign.close.done', { organiser: ctx.actor.userName, campaign: c.name, games: played }) });
}

function statusText(ctx: CommandContext, c: CampaignView, packText: PackText | undefined): string {
  const game = ctx.t(`commands.games.${c.gameType}`);
  const organiser = c.members.find((m) => m.userId === c.organiserUserId)?.userName ?? '—';
  const lines = [
    ctx.t('campaign.status.heading', { campaign: c.name, game, organiser }),
    ctx.t('campaign.status.roster', { names: c.members.map((m) => m.userName).join(', ') || '—', count: c.members.length }),
    c.games.length === 0
      ? ctx.t('campaign.status.noGames')
      : ctx.t('campaign.status.games', { list: c.games.map((g) => ctx.t('campaign.status.game', { index: g.index, status: ctx.t(`campaign.gameStatus.${g.status}`), threadId: g.threadId ?? c.channelId })).join(' · ') }),
  ];
  if (c.ending) lines.push(ctx.t('campaign.status.ended', { ending: endingText(ctx, c) }));
  if (c.pack) lines.push(ctx.t('campaign.status.pack', { pack: c.pack.version ? `${c.pack.id}@${c.pack.version}` : c.pack.id }));
  for (const line of c.carried) lines.push(lineText(ctx.lang, line, { seatNames: [], packText }));
  for (const s of c.standings) {
    const sides = s.sides.map((x) => ctx.t('campaign.status.side', { side: ctx.t(x.side), won: x.won, played: x.played })).join(', ');
    lines.push(ctx.t('campaign.status.standing', { player: s.userName, sides }));
  }
  return lines.join('\n').slice(0, 2000);
}

function journal(ctx: CommandContext, c: CampaignView): Promise<CommandResult> {
  return ctx.services.campaigns!.journal(c.id).then((r) => {
    if (!r.ok) return r;
    if (r.value.length === 0) return ok({ visibility: 'ephemeral', content: ctx.t('campaign.journal.empty', { campaign: c.name }) });
    const lines = r.value.map((e: CampaignRecap) =>
      ctx.t('campaign.journal.line', { index: e.index, names: e.players.join(', '), ending: ctx.t(`campaign.journal.${e.phase === 'won' ? 'won' : e.phase === 'lost' ? 'lost' : 'ended'}`), threadId: e.threadId ?? c.channelId }),
    );
    const content = [ctx.t('campaign.journal.listHeading', { campaign: c.name, count: r.value.length }), ...lines].join('\n');
    return ok({ visibility: 'ephemeral', content: splitMessage(content)[0] ?? '' });
  });
}

/**
 * `/campaign substitute`: the newcomer takes the leaver's place on the roster and, in the campaign's open game,
 * their seat (in play: the seat and its secrets by DM, as `/game replace` does; in the lobby: the leaver is
 * unseated and the newcomer seated).
 */
async function substitute(ctx: CommandContext, c: CampaignView, manager: CampaignManager): Promise<CommandResult> {
  const leaving = ctx.interaction.options.getUser('leaving', true);
  const joiningUser = ctx.interaction.options.getUser('joining', true);
  const joining = { userId: joiningUser.id, userName: displayName(joiningUser, ctx.t('core.player.unnamed')) };
  const r = await ctx.services.campaigns!.substitute(c.id, manager, leaving.id, joining);
  if (!r.ok) return r;
  const names = { leaving: nameOf(c, leaving.id, leaving.username), joining: joining.userName, campaign: c.name };
  const open = r.value.open;
  if (open && open.seat !== null) {
    const host = { userId: open.hostUserId, userName: c.members.find((m) => m.userId === open.hostUserId)?.userName ?? '' };
    if (open.status === 'playing' && ctx.services.schedule) {
      const seated = await ctx.services.schedule.replace(open.gameId, host, open.seat, joining);
      if (!seated.ok) return seated;
    } else if (open.status === 'lobby') {
      const unseated = await ctx.services.app.kick(open.gameId, host, leaving.id);
      if (!unseated.ok) return unseated;
      const seated = await ctx.services.app.join(open.gameId, joining);
      if (!seated.ok) return seated;
    }
    return ok({ visibility: 'public', content: ctx.t('campaign.replies.substitutedSeat', { ...names, seat: open.seat + 1 }) });
  }
  return ok({ visibility: 'public', content: ctx.t('campaign.replies.substituted', names) });
}
