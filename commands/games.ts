import { SlashCommandBuilder } from '@discordjs/builders';
import type { MemberGame } from '../src/app/index.ts';
import { ok } from '../src/core/index.ts';
import type { CommandModule, CommandContext } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';

/** Discord refuses message content past 2,000 characters; the list stops short of it with a count of the rest. @see https://discord.com/developers/docs/resources/message#create-message */
const BUDGET = 1_900;

/** A Discord timestamp: shown in each reader's own time zone and language. @see https://discord.com/developers/docs/reference#message-formatting-timestamp-styles */
const stamp = (at: Date, style: 'R' | 'f') => `<t:${Math.floor(at.getTime() / 1000)}:${style}>`;

function placeOf(game: MemberGame): string {
  const channel = game.place.threadId ?? game.place.channelId;
  return game.place.guildId ? `https://discord.com/channels/${game.place.guildId}/${channel}` : `<#${channel}>`;
}

function lineOf(ctx: CommandContext, game: MemberGame): string {
  const base = { place: placeOf(game), game: ctx.t(`commands.games.${game.gameType}`) };
  if (game.role === 'spectator') return ctx.t('overview.watching', base);
  if (game.status === 'lobby') return ctx.t('overview.lobby', { ...base, players: game.players });
  if (game.paused) return ctx.t('overview.paused', base);
  if (game.myMove) {
    const since = stamp(game.waitingSince ?? game.lastActivityAt, 'R');
    return game.deadline ? ctx.t('overview.yourMoveDeadline', { ...base, since, deadline: stamp(game.deadline, 'f') }) : ctx.t('overview.yourMove', { ...base, since });
  }
  return ctx.t('overview.waitingOn', { ...base, names: game.waitingOn.join(', ') || '—' });
}

function groupOf(game: MemberGame): 'yourMoveHeading' | 'othersHeading' | 'lobbyHeading' | 'watchingHeading' {
  if (game.role === 'spectator') return 'watchingHeading';
  if (game.status === 'lobby') return 'lobbyHeading';
  return game.myMove ? 'yourMoveHeading' : 'othersHeading';
}

/**
 * `/games`: every game of mine, in a server or in a DM with the bot, the ones waiting on me first, with
 * a link to each thread, whose move it is and my deadline. Names players without pinging anyone.
 */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('games'), 'overview.cmd.description'),

  async execute(ctx) {
    const r = await ctx.services.app.memberGames(ctx.actor.userId);
    if (!r.ok) return r;
    const { games, total } = r.value;
    if (total === 0) return ok({ visibility: 'ephemeral', content: ctx.t('overview.none') });
    const lines = [ctx.t('overview.heading', { count: total })];
    let used = lines[0]!.length;
    let shown = 0;
    let group: string | null = null;
    for (const game of games) {
      const heading = groupOf(game);
      const add = [...(heading === group ? [] : ['', ctx.t(`overview.${heading}`)]), `- ${lineOf(ctx, game)}`];
      const size = add.reduce((n, l) => n + l.length + 1, 0);
      if (used + size > BUDGET) break;
      lines.push(...add);
      used += size;
      group = heading;
      shown++;
    }
    if (shown < total) lines.push('', ctx.t('overview.more', { count: total - shown }));
    return ok({ visibility: 'ephemeral', content: lines.join('\n') });
  },
};
