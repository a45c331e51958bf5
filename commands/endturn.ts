import { SlashCommandBuilder } from '@discordjs/builders';
import { ok, ownValue, reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';

/** `/endturn`: hand the turn on, in any game whose rules have an `endTurn` command (Adventure Games, Rules §Game Overview). */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('endturn'), 'adventure.commands.endturn.description'),
  async execute(ctx) {
    const here = await ctx.services.gameHere(ctx.place);
    if (!here.ok) return here;
    const game = here.value;
    const module = ownValue(ctx.services.catalog.modules, game.gameType);
    if (!module || !('endTurn' in module.commandSchemas)) return reject('adventure.commands.noEndTurn', { gameType: game.gameType });
    const r = await ctx.services.app.play(game.gameId, ctx.actor, { type: 'endTurn', args: {} }, ctx.interaction.id);
    if (!r.ok) return r;
    return ok(await ctx.services.presentResult(r.value));
  },
};
