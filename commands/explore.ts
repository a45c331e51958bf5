import { SlashCommandBuilder } from '@discordjs/builders';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import { LOCATION_MAX, LOCATION_MIN, locationAutocomplete, playAdventure } from './lib/adventure.ts';

/** `/explore location:<n>`: read a location's entry as your action (Rules §Explore a location number). */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('explore'), 'adventure.commands.explore.description').addIntegerOption((o) =>
    described(o.setName('location'), 'adventure.commands.options.location').setRequired(true).setMinValue(LOCATION_MIN).setMaxValue(LOCATION_MAX).setAutocomplete(true),
  ),
  async execute(ctx) {
    return playAdventure(ctx, 'explore', { location: ctx.interaction.options.getInteger('location', true) });
  },
  autocomplete: locationAutocomplete,
};
