import { SlashCommandBuilder } from '@discordjs/builders';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';

/** `/secrets`: your private information, always re-rendered from the game state, visible to you only. */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('secrets'), 'commands.secrets.description'),
  async execute(ctx) {
    const here = await ctx.services.gameHere(ctx.place);
    if (!here.ok) return here;
    return ctx.services.secrets(ctx.lang, here.value.gameId, ctx.actor.userId);
  },
};
