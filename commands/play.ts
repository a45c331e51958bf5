import { SlashCommandBuilder } from '@discordjs/builders';
import { ok, reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import { legalChoices } from '../src/discord/present.ts';

/**
 * `/play action:<…>`: any legal action of any game, chosen from autocomplete (fed by the game's
 * `legalCommands`). The value is `<seq>.<index>`, so a choice made before the game moved on is refused.
 */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('play'), 'commands.play.description').addStringOption((o) =>
    described(o.setName('action'), 'commands.play.options.action').setRequired(true).setAutocomplete(true).setMaxLength(100),
  ),

  async execute(ctx) {
    const here = await ctx.services.gameInThread(ctx.place);
    if (!here.ok) return here;
    const raw = ctx.interaction.options.getString('action', true);
    const match = /^(\d{1,9})\.(\d{1,4})$/.exec(raw);
    if (!match) return reject('core.play.pickFromList');
    // A choice offered at an earlier seq is refused by playLegal (`core.button.stale`).
    const r = await ctx.services.app.playLegal(here.value.gameId, ctx.actor, { seq: Number(match[1]), index: Number(match[2]) }, ctx.interaction.id);
    if (!r.ok) return r;
    return ok(await ctx.services.presentResult(r.value));
  },

  async autocomplete(ctx) {
    const here = await ctx.services.gameHere(ctx.place);
    if (!here.ok) return [];
    const legal = await ctx.services.app.legal(here.value.gameId, ctx.actor.userId);
    if (!legal.ok) return [];
    const naming = { seatNames: here.value.seats.map((s) => s.userName), packText: await ctx.services.catalog.packText(here.value) };
    return legalChoices(ctx.lang, here.value.gameType, legal.value, String(ctx.interaction.options.getFocused() ?? ''), naming);
  },
};
