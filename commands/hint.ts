import { SlashCommandBuilder } from '@discordjs/builders';
import { ok, reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import type { AdventureView } from '../src/games/adventure/index.ts';
import { adventureHere, CARD_MAX, CARD_MIN, cardAutocomplete, LOCATION_MAX, LOCATION_MIN, locationAutocomplete, packTextOf } from './lib/adventure.ts';

/**
 * `/hint card:<n>` or `/hint location:<n>`: a spoiler-safe nudge, shown only to you in your language, once:
 * here, or by direct message with `dm:true`. Hints cost nothing but are counted and named in the final
 * score (Rules §General information).
 */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('hint'), 'adventure.commands.hint.description')
    .addIntegerOption((o) => described(o.setName('card'), 'adventure.commands.options.hintCard').setMinValue(CARD_MIN).setMaxValue(CARD_MAX).setAutocomplete(true))
    .addIntegerOption((o) => described(o.setName('location'), 'adventure.commands.options.hintLocation').setMinValue(LOCATION_MIN).setMaxValue(LOCATION_MAX).setAutocomplete(true))
    .addBooleanOption((o) => described(o.setName('dm'), 'adventure.commands.options.hintDm')),
  async execute(ctx) {
    const here = await adventureHere(ctx.services, ctx.place);
    if (!here.ok) return here;
    const { game } = here.value;
    const card = ctx.interaction.options.getInteger('card');
    const location = ctx.interaction.options.getInteger('location');
    if ((card === null) === (location === null)) return reject('adventure.hint.needOneTarget');
    const dm = ctx.interaction.options.getBoolean('dm') === true;
    const args = { ...(card !== null ? { card } : { location: location as number }), ...(dm ? { dm } : {}) };
    const r = await ctx.services.app.play(game.gameId, ctx.actor, { type: 'hint', args }, ctx.interaction.id);
    if (!r.ok) return r;
    const text = await packTextOf(ctx.services, game, ctx.lang);
    const after = await ctx.services.app.status(game.gameId);
    const hints = after.ok ? ((after.value.publicView as unknown as AdventureView | null)?.hints ?? 0) : 0;
    if (dm) return ok({ visibility: 'ephemeral', content: ctx.t('adventure.commands.hint.sentByDm', { count: hints }) });
    const key = card !== null ? `hint.card.${card}` : `hint.location.${location}`;
    const about = card !== null ? ctx.t('adventure.commands.hint.aboutCard', { card, name: text(`card.${card}`) ?? '' }) : ctx.t('adventure.commands.hint.aboutLocation', { location });
    const body = text(key) ?? ctx.t('adventure.commands.hint.none');
    return ok({ visibility: 'ephemeral', content: `${about}\n> ${body.replace(/\n/g, '\n> ')}\n${ctx.t('adventure.commands.hint.counted', { count: hints })}` });
  },
  async autocomplete(ctx) {
    return ctx.interaction.options.getFocused(true).name === 'location' ? locationAutocomplete(ctx) : cardAutocomplete(ctx);
  },
};
