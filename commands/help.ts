import { existsSync } from 'node:fs';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { GameStatusView } from '../src/app/index.ts';
import { ok, ownValue } from '../src/core/index.ts';
import { fromRoot } from '../src/ops/paths.ts';
import type { CommandContext, CommandModule } from '../src/discord/command.ts';
import { described, hasText } from '../src/i18n/index.ts';
import { legalChoices } from '../src/discord/present.ts';

/** Moves listed by name under "You can now"; the rest are counted, with how to narrow them in /play. */
const SHOWN_MOVES = 10;

/** What `/help` says inside a game's thread: the game, the step, whose move, and this reader's moves now. */
async function inGame(ctx: CommandContext, game: GameStatusView): Promise<string> {
  const phase = game.status === 'playing' ? (game.phase?.phase ?? 'playing') : game.status;
  const lines = [ctx.t('overview.help.inGame', { game: ctx.t(`commands.games.${game.gameType}`), seq: game.seq, phase: ctx.t(`commands.replies.phase.${phase}`) })];
  if (game.status === 'lobby') {
    lines.push(ctx.t('overview.help.lobby', { count: game.seats.length }));
    return lines.join('\n');
  }
  const mine = game.seats.find((s) => s.userId === ctx.actor.userId);
  const waiting = game.awaiting?.seats ?? [];
  if (waiting.some((s) => s.userId === ctx.actor.userId)) lines.push(ctx.t('overview.help.waitingOnYou'));
  else if (waiting.length > 0) lines.push(ctx.t('overview.help.waitingOn', { names: waiting.map((s) => s.userName).join(', ') }));
  if (!mine) {
    lines.push(ctx.t('overview.help.notSeated'));
  } else if (game.status === 'playing') {
    const legal = await ctx.services.app.legal(game.gameId, ctx.actor.userId);
    const naming = { seatNames: game.seats.map((s) => s.userName), packText: await ctx.services.catalog.packText(game) };
    const choices = legal.ok ? legalChoices(ctx.lang, game.gameType, legal.value, '', naming) : [];
    const total = legal.ok ? legal.value.commands.length : 0;
    if (choices.length === 0) lines.push(ctx.t('overview.help.nothingNow'));
    else {
      lines.push(ctx.t('overview.help.youCan'), ...choices.slice(0, SHOWN_MOVES).map((c) => `- ${c.name}`));
      if (total > SHOWN_MOVES) lines.push(ctx.t('overview.help.more', { count: total - SHOWN_MOVES }));
      const commands = `overview.help.commands.${game.gameType}`;
      lines.push(ctx.t('overview.help.how', { commands: hasText(commands) ? ctx.t(commands) : '/play' }));
    }
  }
  lines.push('', ctx.t('overview.help.around'));
  const rules = `overview.help.rulesOf.${game.gameType}`;
  if (hasText(rules)) lines.push(ctx.t('overview.help.rules', { rules: ctx.t(rules) }));
  // Games documented in the repository get a link to their rules in words, where the operator publishes it.
  if (ctx.services.rulesUrl && ownValue(ctx.services.catalog.modules, game.gameType) && existsSync(fromRoot('src', 'games', game.gameType, 'README.md'))) {
    lines.push(ctx.t('overview.help.rulesLink', { url: `<${new URL(`src/games/${game.gameType}/README.md`, ctx.services.rulesUrl).href}>` }));
  }
  return lines.join('\n');
}

/**
 * `/help`: in a game's thread, the game, the step and what this player can do now (by name, as `/play`
 * offers it); anywhere else, what Turnkeeper does and the commands to start with. In the reader's language.
 */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('help'), 'commands.help.description'),
  async execute(ctx) {
    const here = ctx.place.threadId ? await ctx.services.gameHere(ctx.place) : null;
    if (here?.ok) return ok({ visibility: 'ephemeral', content: await inGame(ctx, here.value) });
    const games = Object.keys(ctx.services.catalog.modules).map((id) => `\`${id}\` (${ctx.t(`commands.games.${id}`)})`).join(', ');
    return ok({ visibility: 'ephemeral', content: `${ctx.t('commands.replies.helpText')}\n${games}\n${ctx.t('overview.help.elsewhere')}` });
  },
};
