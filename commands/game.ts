import { SlashCommandBuilder } from '@discordjs/builders';
import type { GameRecord, GameStatusView } from '../src/app/index.ts';
import { err, ok, optionsRejection, ownValue, reject } from '../src/core/index.ts';
import type { CommandContext, CommandModule, CommandResult } from '../src/discord/command.ts';
import { encodeCustomId } from '../src/discord/custom-id.ts';
import { fitLabel } from '../src/discord/fit.ts';
import { ATTACHMENT_BYTES_MAX, CHANNEL_NAME_MAX } from '../src/discord/limits.ts';
import { described, pickLanguage, t, type Language } from '../src/i18n/index.ts';
import { parseGameOptions } from '../src/discord/game-options.ts';
import { displayName } from '../src/discord/text.ts';
import { jsonFile } from '../src/discord/services.ts';
import type { SlashCommandSubcommandsOnlyBuilder } from '@discordjs/builders';
import type { Rejection, Result } from '../src/core/index.ts';
import type { AutocompleteContext } from '../src/discord/command.ts';
import { addPolicyOptions, policyPatch, policySummary } from './lib/policy.ts';
import { recapAnswer } from './lib/recap.ts';
import { legalChoices } from '../src/discord/present.ts';
import { packChoices, packUpgrade, packUpgradeGroup } from './lib/pack-upgrade.ts';

const GAME_IDS = ['comanauts', 'adventure', 'comaward', 'lifeform'] as const;

/** `/game …`: the lifecycle every game shares. */
export const command: CommandModule = {
  data: scheduleSubcommands(described(new SlashCommandBuilder().setName('game'), 'commands.game.description')
    .addSubcommand((s) =>
      described(s.setName('new'), 'commands.game.new.description')
        .addStringOption((o) => described(o.setName('game'), 'commands.game.options.game').setRequired(true).setAutocomplete(true))
        .addIntegerOption((o) => described(o.setName('players'), 'commands.game.options.players').setMinValue(1).setMaxValue(8))
        .addStringOption((o) => described(o.setName('pack'), 'commands.game.options.pack').setMaxLength(64).setAutocomplete(true))
        .addIntegerOption((o) => described(o.setName('seed'), 'commands.game.options.seed').setMinValue(0).setMaxValue(2_147_483_647))
        .addStringOption((o) => described(o.setName('options'), 'commands.game.options.options').setMaxLength(300)),
    )
    .addSubcommand((s) => described(s.setName('join'), 'commands.game.join.description'))
    .addSubcommand((s) => described(s.setName('leave'), 'commands.game.leave.description'))
    .addSubcommand((s) => described(s.setName('start'), 'commands.game.start.description'))
    .addSubcommand((s) => described(s.setName('status'), 'commands.game.status.description'))
    .addSubcommand((s) => described(s.setName('undo'), 'commands.game.undo.description'))
    .addSubcommand((s) => described(s.setName('abandon'), 'commands.game.abandon.description'))
    .addSubcommand((s) =>
      described(s.setName('kick'), 'commands.game.kick.description').addUserOption((o) => described(o.setName('user'), 'commands.game.options.user').setRequired(true)),
    )
    .addSubcommand((s) => described(s.setName('export'), 'commands.game.export.description'))
    .addSubcommand((s) => described(s.setName('table'), 'commands.game.table.description'))
    .addSubcommand((s) => described(s.setName('recap'), 'overview.recap.description'))
    .addSubcommandGroup((g) => packUpgradeGroup(described(g.setName('pack'), 'content.cmd.group')))),

  async execute(ctx) {
    const sub = ctx.interaction.options.getSubcommand(true);
    if (sub === 'new') return newGame(ctx);
    const here = await ctx.services.gameHere(ctx.place);
    if (!here.ok) return here;
    const game = here.value;
    const table = pickLanguage(game.locale);
    if ((SCHEDULE_SUBCOMMANDS as readonly string[]).includes(sub)) return hostSubcommand(ctx, sub, game, table);
    if (sub === 'upgrade') return packUpgrade(ctx, game, table);
    const app = ctx.services.app;
    const actor = ctx.actor;
    const mention = `<@${actor.userId}>`;
    switch (sub) {
      case 'join': {
        const r = await app.join(game.gameId, actor);
        if (!r.ok) return r;
        return ok({ visibility: 'public', content: t(table, 'commands.replies.joined', { player: mention, seat: r.value.seats.length, count: r.value.seats.length, max: r.value.maxSeats }) });
      }
      case 'leave': {
        const r = await app.leave(game.gameId, actor);
        return r.ok ? ok({ visibility: 'public', content: t(table, 'commands.replies.left', { player: mention }) }) : r;
      }
      case 'kick': {
        const user = ctx.interaction.options.getUser('user', true);
        const r = await app.kick(game.gameId, actor, user.id);
        return r.ok ? ok({ visibility: 'public', content: t(table, 'commands.replies.kicked', { player: `<@${user.id}>` }) }) : r;
      }
      case 'start': {
        const r = await app.start(game.gameId, actor);
        if (!r.ok) return r;
        const [answer] = await Promise.all([ctx.services.presentStart(r.value), ctx.services.closeLobbyCard(game.gameId, 'started')]);
        return ok(answer);
      }
      case 'status':
        return ok({ visibility: 'ephemeral', content: statusText(ctx, game) });
      case 'undo': {
        const r = await app.undo(game.gameId, actor, ctx.interaction.id);
        if (!r.ok) return r;
        return ok(await ctx.services.presentResult(r.value, { code: 'commands.replies.undone', params: { player: mention } }));
      }
      case 'abandon': {
        const r = await app.abandon(game.gameId, actor);
        if (!r.ok) return r;
        await ctx.services.closeLobbyCard(game.gameId, 'abandoned');
        return ok({ visibility: 'public', content: t(table, 'commands.replies.abandoned') });
      }
      case 'table': {
        const files = await ctx.services.tablePicture(game, ctx.lang);
        if (files.length === 0) return reject('core.game.noPicture');
        return ok({ visibility: 'ephemeral', content: ctx.t('commands.replies.tableNow', { seq: game.seq }), files });
      }
      case 'recap':
        return recapAnswer(ctx, game.gameId);
      case 'export': {
        const r = await app.exportFor(game.gameId, actor);
        if (!r.ok) return r;
        const record = r.value.kind === 'record';
        const name = `${game.gameType}-${game.gameId}${record ? '-record' : ''}.json`;
        const doc = r.value.kind === 'record' ? withNote(r.value.doc, ctx.t('commands.replies.recordNote')) : r.value.doc;
        const file = exportFile(name, doc);
        return file.ok ? ok({ visibility: 'ephemeral', content: ctx.t(record ? 'commands.replies.exportedRecord' : 'commands.replies.exported'), files: [file.value] }) : file;
      }
    }
    return reject('core.unknownCommand', { type: sub });
  },

  async autocomplete(ctx) {
    if (ctx.interaction.options.getSubcommand(false) === 'act') return actAutocomplete(ctx);
    if (ctx.interaction.options.getFocused(true).name === 'pack') return packChoices(ctx, ctx.interaction.options.getString('game') ?? '');
    const typed = String(ctx.interaction.options.getFocused() ?? '').toLowerCase();
    return Object.keys(ctx.services.catalog.modules)
      .filter((id) => id.includes(typed) || ctx.t(`commands.games.${id}`).toLowerCase().includes(typed))
      .map((id) => ({ name: ctx.t(`commands.games.${id}`), value: id }));
  },
};

/** The record with its note (in the reader's language) right after its format, where a reader looks first. */
function withNote(doc: GameRecord, note: string): GameRecord {
  const { format, verifiable, ...rest } = doc;
  return { format, verifiable, note, ...rest };
}

async function newGame(ctx: CommandContext): Promise<CommandResult> {
  const options = ctx.interaction.options;
  const gameType = options.getString('game', true);
  const module = ownValue(ctx.services.catalog.modules, gameType);
  if (!module) {
    const known = Object.keys(ctx.services.catalog.modules).filter((id) => (GAME_IDS as readonly string[]).includes(id) || ctx.services.allowSeed);
    return reject('core.game.unknownType', { gameType, known: known.join(', ') });
  }
  const seed = options.getInteger('seed');
  if (seed !== null && !ctx.services.allowSeed) return reject('core.game.seedNotAllowed');
  const players = options.getInteger('players');
  if (players !== null && (players < module.seats.min || players > module.seats.max)) {
    return reject('core.game.badPlayers', { min: module.seats.min, max: module.seats.max });
  }
  const gameOptions = parseGameOptions(options.getString('options'));
  if (!gameOptions.ok) return gameOptions;
  const valid = module.optionsSchema.safeParse(gameOptions.value);
  if (!valid.success) return err(optionsRejection(module.optionsSchema, gameOptions.value, valid.error));
  const gameName = ctx.t(`commands.games.${gameType}`);
  const parentId = ctx.place.threadId ? (ctx.place.parentId ?? ctx.place.channelId) : ctx.place.channelId;
  const threadName = fitLabel(t(ctx.lang, 'commands.replies.threadName', { game: gameName, host: ctx.actor.userName }), CHANNEL_NAME_MAX);
  const thread: { id: string | null } = { id: null };
  const openThread = async () => (thread.id = await ctx.services.createThread(parentId, threadName));
  let created: Awaited<ReturnType<typeof ctx.services.app.newGame>>;
  try {
    created = await ctx.services.app.newGame({
      guildId: ctx.place.guildId,
      channelId: parentId,
      openThread,
      host: ctx.actor,
      gameType,
      maxPlayers: players ?? undefined,
      options: gameOptions.value,
      seed: seed ?? undefined,
      locale: ctx.lang,
      packId: options.getString('pack') ?? undefined,
    });
  } catch (error) {
    if (thread.id) await ctx.services.removeThread(thread.id);
    throw error;
  }
  if (!created.ok) {
    if (thread.id) await ctx.services.removeThread(thread.id);
    return created;
  }
  const threadId = thread.id;
  if (!threadId) return reject('core.internal');
  const lobby = created.value;
  const content = ctx.t('commands.replies.created', { host: `<@${ctx.actor.userId}>`, game: gameName, min: lobby.minSeats, max: lobby.maxSeats });
  await ctx.services.postLobbyCard(threadId, lobby.gameId, {
    visibility: 'public',
    content,
    buttons: [
      { label: ctx.t('commands.replies.button.join'), customId: encodeCustomId({ kind: 'join', gameId: lobby.gameId, seq: 0 }), style: 'primary' },
      { label: ctx.t('commands.replies.button.start'), customId: encodeCustomId({ kind: 'start', gameId: lobby.gameId, seq: 0 }), style: 'success' },
    ],
  });
  return ok({ visibility: 'public', content: ctx.t('commands.replies.createdElsewhere', { game: gameName, threadId }) });
}

function statusText(ctx: CommandContext, game: GameStatusView): string {
  const phase = game.status === 'playing' ? (game.phase?.phase ?? 'playing') : game.status;
  const lines = [ctx.t('commands.replies.status', { game: ctx.t(`commands.games.${game.gameType}`), seq: game.seq, phase: ctx.t(`commands.replies.phase.${phase}`) })];
  if (game.status === 'lobby') {
    lines.push(ctx.t('commands.replies.lobby', { players: game.seats.map((s) => s.userName).join(', ') || '—', count: game.seats.length, max: ownValue(ctx.services.catalog.modules, game.gameType)?.seats.max ?? 0, host: `<@${game.hostUserId}>` }));
  } else if (game.awaiting && game.awaiting.seats.length > 0) {
    lines.push(ctx.t('commands.replies.awaiting', { players: game.awaiting.seats.map((s) => s.userName).join(', ') }));
  }
  return lines.join('\n');
}

/** Host and asynchronous-play subcommands (issue 5). */
const SCHEDULE_SUBCOMMANDS = ['settings', 'pause', 'resume', 'extend', 'skip', 'act', 'replace', 'watch'] as const;

function scheduleSubcommands(builder: SlashCommandSubcommandsOnlyBuilder): SlashCommandSubcommandsOnlyBuilder {
  return builder
    .addSubcommand((s) =>
      addPolicyOptions(described(s.setName('settings'), 'schedule.cmd.settings.description')),
    )
    .addSubcommand((s) => described(s.setName('pause'), 'schedule.cmd.pause.description'))
    .addSubcommand((s) => described(s.setName('resume'), 'schedule.cmd.resume.description'))
    .addSubcommand((s) =>
      described(s.setName('extend'), 'schedule.cmd.extend.description').addIntegerOption((o) => described(o.setName('seat'), 'schedule.cmd.options.seat').setMinValue(1).setMaxValue(8)),
    )
    .addSubcommand((s) => described(s.setName('skip'), 'schedule.cmd.skip.description'))
    .addSubcommand((s) =>
      described(s.setName('act'), 'schedule.cmd.act.description')
        .addIntegerOption((o) => described(o.setName('seat'), 'schedule.cmd.options.seat').setRequired(true).setMinValue(1).setMaxValue(8))
        .addStringOption((o) => described(o.setName('action'), 'schedule.cmd.act.action').setRequired(true).setAutocomplete(true).setMaxLength(100)),
    )
    .addSubcommand((s) =>
      described(s.setName('replace'), 'schedule.cmd.replace.description')
        .addIntegerOption((o) => described(o.setName('seat'), 'schedule.cmd.options.seat').setRequired(true).setMinValue(1).setMaxValue(8))
        .addUserOption((o) => described(o.setName('user'), 'schedule.cmd.replace.user').setRequired(true)),
    )
    .addSubcommand((s) => described(s.setName('watch'), 'schedule.cmd.watch.description'));
}

/** Host subcommands; `table` is the game's language, for the answers the whole table sees. */
async function hostSubcommand(ctx: CommandContext, sub: string, game: GameStatusView, table: Language): Promise<CommandResult> {
  const schedule = ctx.services.schedule;
  if (!schedule) return reject('schedule.unavailable');
  const actor = ctx.actor;
  const host = `<@${actor.userId}>`;
  const seatOption = (): number | null => {
    const n = ctx.interaction.options.getInteger('seat');
    return n === null ? null : n - 1;
  };
  const done = (r: Result<unknown, Rejection>, code: string, params: Record<string, unknown> = {}): CommandResult =>
    r.ok ? ok({ visibility: 'public', content: t(table, code, params) }) : r;
  switch (sub) {
    case 'settings': {
      const patch = policyPatch(ctx.interaction.options);
      const r = Object.keys(patch).length ? await schedule.settings(game.gameId, actor, patch) : game.hostUserId === actor.userId ? await schedule.policy(game.gameId) : reject('core.notHost');
      if (!r.ok) return r;
      const changed = Object.keys(patch).length > 0;
      const lang = changed ? table : ctx.lang;
      return ok({ visibility: changed ? 'public' : 'ephemeral', content: policySummary((code, params) => t(lang, code, params), r.value) });
    }
    case 'pause':
      return done(await schedule.pause(game.gameId, actor), 'schedule.pause.done', { host });
    case 'resume':
      return done(await schedule.resume(game.gameId, actor), 'schedule.resume.done', { host });
    case 'extend': {
      const r = await schedule.extend(game.gameId, actor, seatOption() ?? undefined);
      if (!r.ok) return r;
      return ok({ visibility: 'public', content: t(table, r.value.clamped ? 'schedule.extension.clamped' : 'schedule.extension.granted', { at: Math.floor(r.value.deadline / 1000) }) });
    }
    case 'skip': {
      const r = await schedule.skip(game.gameId, actor, ctx.interaction.id);
      if (!r.ok) return r;
      return ok(await ctx.services.presentResult(r.value, { code: 'schedule.skip.done', params: { host } }));
    }
    case 'act': {
      if (game.hostUserId !== actor.userId) return reject('core.notHost');
      const seat = seatOption() ?? -1;
      const legal = await ctx.services.app.legalForSeat(game.gameId, seat);
      if (!legal.ok) return legal;
      const match = /^(\d+)\.(\d+)$/.exec(ctx.interaction.options.getString('action', true));
      if (!match) return reject('core.play.pickFromList');
      if (Number(match[1]) !== legal.value.seq) return reject('core.button.stale');
      const chosen = legal.value.commands[Number(match[2])];
      if (!chosen) return reject('core.play.pickFromList');
      const r = await ctx.services.app.play(game.gameId, actor, chosen, ctx.interaction.id, { asSeat: seat, expectedSeq: legal.value.seq });
      if (!r.ok) return r;
      const player = game.seats.find((s) => s.seat === seat);
      return ok(await ctx.services.presentResult(r.value, { code: 'schedule.act.header', params: { host, seat: seat + 1, player: player ? `<@${player.userId}>` : '' } }));
    }
    case 'replace': {
      const user = ctx.interaction.options.getUser('user', true);
      const seat = seatOption() ?? -1;
      const r = await schedule.replace(game.gameId, actor, seat, { userId: user.id, userName: displayName(user, t(table, 'core.player.unnamed')) });
      return done(r, 'schedule.replace.done', { seat: seat + 1, mention: `<@${user.id}>`, previous: r.ok ? `<@${r.value.previousUserId}>` : '' });
    }
    case 'watch': {
      const r = await schedule.watch(game.gameId, actor);
      if (r.ok && r.value.already) return ok({ visibility: 'ephemeral', content: ctx.t('schedule.watch.already') });
      return done(r, 'schedule.watch.done', { mention: host });
    }
  }
  return reject('core.unknownCommand', { type: sub });
}

const mib = (bytes: number) => Math.ceil((bytes / 1024 / 1024) * 10) / 10;

/** The export as a JSON file, refused with its size when Discord would not take the upload (10 MiB). */
export function exportFile(name: string, value: object): Result<{ name: string; data: Buffer }, Rejection> {
  const file = jsonFile(name, value);
  if (file.data.length > ATTACHMENT_BYTES_MAX) return reject('core.game.exportTooLarge', { size: mib(file.data.length), max: mib(ATTACHMENT_BYTES_MAX) });
  return ok(file);
}

async function actAutocomplete(ctx: AutocompleteContext): Promise<readonly { name: string; value: string }[]> {
  const here = await ctx.services.gameHere(ctx.place);
  if (!here.ok || here.value.hostUserId !== ctx.actor.userId) return [];
  const seat = (ctx.interaction.options.getInteger('seat') ?? 0) - 1;
  const legal = await ctx.services.app.legalForSeat(here.value.gameId, seat);
  if (!legal.ok) return [];
  const naming = { seatNames: here.value.seats.map((s) => s.userName), packText: await ctx.services.catalog.packText(here.value) };
  return legalChoices(ctx.lang, here.value.gameType, legal.value, String(ctx.interaction.options.getFocused() ?? ''), naming);
}
