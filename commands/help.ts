import { SlashCommandBuilder } from '@discordjs/builders';
import { ok } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/discord/i18n.ts';

/** `/help`: what Turnkeeper does and the commands to start with, in the reader's language. */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('help'), 'commands.help.description'),
  async execute(ctx) {
    const games = Object.keys(ctx.services.catalog.modules).map((id) => `\`${id}\` (${ctx.t(`commands.games.${id}`)})`).join(', ');
    return ok({ visibility: 'ephemeral', content: `${ctx.t('commands.replies.helpText')}\n${games}` });
  },
};
