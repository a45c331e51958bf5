import { SlashCommandBuilder } from '@discordjs/builders';
import { reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import { cardListAutocomplete, LOCATION_MAX, LOCATION_MIN, locationAutocomplete, parseCards, playAdventure } from './lib/adventure.ts';

/** Room for three two-digit numbers and their separators. */
const CARDS_MAX_LENGTH = 20;

/**
 * `/combine cards:"11 12" [location:<n>]`: put cards together, or cards with the location you stand at
 * (Rules §About Combining, §Combine two adventure cards, §Combine an adventure card with a location).
 */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('combine'), 'adventure.commands.combine.description')
    .addStringOption((o) => described(o.setName('cards'), 'adventure.commands.options.cards').setRequired(true).setMaxLength(CARDS_MAX_LENGTH).setAutocomplete(true))
    .addIntegerOption((o) => described(o.setName('location'), 'adventure.commands.options.combineLocation').setMinValue(LOCATION_MIN).setMaxValue(LOCATION_MAX).setAutocomplete(true)),
  async execute(ctx) {
    const raw = ctx.interaction.options.getString('cards', true);
    const cards = parseCards(raw);
    if (!cards) return reject('adventure.commands.badCards', { cards: raw });
    const location = ctx.interaction.options.getInteger('location');
    return playAdventure(ctx, 'combine', location === null ? { cards } : { cards, location });
  },
  async autocomplete(ctx) {
    return ctx.interaction.options.getFocused(true).name === 'location' ? locationAutocomplete(ctx) : cardListAutocomplete(ctx);
  },
};
