import { SlashCommandBuilder } from '@discordjs/builders';
import type { GameStatusView } from '../src/app/index.ts';
import { ok, reject } from '../src/core/index.ts';
import type { CommandContext, CommandModule, CommandResult } from '../src/discord/command.ts';
import { encodeCustomId } from '../src/discord/custom-id.ts';
import { described, t } from '../src/discord/i18n.ts';
import { jsonFile } from '../src/discord/services.ts';

const GAME_IDS = ['comanauts', 'adventure', 'comaward', 'lifeform'] as const;

/** `/game …`: the lifecycle every game shares. */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('game'), 'commands.game.description')
    .addSubcommand((s) =>
      described(s.setName('new'), 'commands.game.new.description')
        .addStringOption((o) => described(o.setName('game'), 'commands.game.options.game').setRequired(true).setAutocomplete(true))
        .addIntegerOption((o) => described(o.setName('players'), 'commands.game.options.players').setMinValue(1).setMaxValue(8))
        .addStringOption((o) => described(o.setName('pack'), 'commands.game.options.pack').setMaxLength(64))
        .addIntegerOption((o) => described(o.setName('seed'), 'commands.game.options.seed').setMinValue(0).setMaxValue(2_147_483_647)),
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
    .addSubcommand((s) => described(s.setName('export'), 'commands.game.export.description')),

  async execute(ctx) {
    const sub = ctx.interaction.options.getSubcommand(true);
    if (sub === 'new') return newGame(ctx);
    const here = await ctx.services.gameHere(ctx.place);
    if (!here.ok) return here;
    const game = here.value;
    const app = ctx.services.app;
    const actor = ctx.actor;
    const mention = `<@${actor.userId}>`;
    switch (sub) {
      case 'join': {
        const r = await app.join(game.gameId, actor);
        if (!r.ok) return r;
        return ok({ visibility: 'public', content: ctx.t('commands.replies.joined', { player: mention, seat: r.value.seats.length, count: r.value.seats.length, max: r.value.maxSeats }) });
      }
      case 'leave': {
        const r = await app.leave(game.gameId, actor);
        return r.ok ? ok({ visibility: 'public', content: ctx.t('commands.replies.left', { player: mention }) }) : r;
      }
      case 'kick': {
        const user = ctx.interaction.options.getUser('user', true);
        const r = await app.kick(game.gameId, actor, user.id);
        return r.ok ? ok({ visibility: 'public', content: ctx.t('commands.replies.kicked', { player: `<@${user.id}>` }) }) : r;
      }
      case 'start': {
        const r = await app.start(game.gameId, actor);
        if (!r.ok) return r;
        const status = await app.status(game.gameId);
        const players = status.ok ? status.value.seats.map((s) => `<@${s.userId}>`).join(', ') : '';
        return ok(await ctx.services.presentResult(ctx.lang, { ...r.value, events: [] }, ctx.t('commands.replies.started', { players })));
      }
      case 'status':
        return ok({ visibility: 'ephemeral', content: statusText(ctx, game) });
      case 'undo': {
        const r = await app.undo(game.gameId, actor, ctx.interaction.id);
        if (!r.ok) return r;
        return ok(await ctx.services.presentResult(ctx.lang, r.value, ctx.t('commands.replies.undone', { player: mention })));
      }
      case 'abandon': {
        const r = await app.abandon(game.gameId, actor);
        return r.ok ? ok({ visibility: 'public', content: ctx.t('commands.replies.abandoned') }) : r;
      }
      case 'export': {
        const r = await app.exportGame(game.gameId);
        if (!r.ok) return r;
        return ok({ visibility: 'ephemeral', content: ctx.t('commands.replies.exported'), files: [jsonFile(`${game.gameType}-${game.gameId}.json`, r.value)] });
      }
    }
    return reject('core.unknownCommand', { type: sub });
  },

  async autocomplete(ctx) {
    const typed = String(ctx.interaction.options.getFocused() ?? '').toLowerCase();
    return Object.keys(ctx.services.catalog.modules)
      .filter((id) => id.includes(typed) || ctx.t(`commands.games.${id}`).toLowerCase().includes(typed))
      .map((id) => ({ name: ctx.t(`commands.games.${id}`), value: id }));
  },
};

async function newGame(ctx: CommandContext): Promise<CommandResult> {
  const options = ctx.interaction.options;
  const gameType = options.getString('game', true);
  const module = ctx.services.catalog.modules[gameType];
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
  const gameName = ctx.t(`commands.games.${gameType}`);
  const parentId = ctx.place.threadId ? (ctx.place.parentId ?? ctx.place.channelId) : ctx.place.channelId;
  const threadId = await ctx.services.createThread(parentId, t(ctx.lang, 'commands.replies.threadName', { game: gameName, host: ctx.actor.userName }).slice(0, 100));
  const created = await ctx.services.app.newGame({
    guildId: ctx.place.guildId,
    channelId: parentId,
    threadId,
    host: ctx.actor,
    gameType,
    maxPlayers: players ?? undefined,
    seed: seed ?? undefined,
    locale: ctx.lang,
    packId: options.getString('pack') ?? undefined,
  });
  if (!created.ok) return created;
  const lobby = created.value;
  const content = ctx.t('commands.replies.created', { host: `<@${ctx.actor.userId}>`, game: gameName, min: lobby.minSeats, max: lobby.maxSeats });
  await ctx.services.postToThread(threadId, {
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
    lines.push(ctx.t('commands.replies.lobby', { players: game.seats.map((s) => s.userName).join(', ') || '—', count: game.seats.length, max: ctx.services.catalog.modules[game.gameType]?.seats.max ?? 0, host: `<@${game.hostUserId}>` }));
  } else if (game.awaiting && game.awaiting.seats.length > 0) {
    lines.push(ctx.t('commands.replies.awaiting', { players: game.awaiting.seats.map((s) => s.userName).join(', ') }));
  }
  return lines.join('\n');
}
