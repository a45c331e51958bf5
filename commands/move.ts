import { SlashCommandBuilder } from '@discordjs/builders';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import { LOCATION_MAX, LOCATION_MIN, locationAutocomplete, playAdventure } from './lib/adventure.ts';

/** `/move location:<n>`: walk your figure to a location of a face-up room (Rules §Move character figure). */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('move'), 'adventure.commands.move.description').addIntegerOption((o) =>
    described(o.setName('location'), 'adventure.commands.options.location').setRequired(true).setMinValue(LOCATION_MIN).setMaxValue(LOCATION_MAX).setAutocomplete(true),
  ),
  async execute(ctx) {
    return playAdventure(ctx, 'move', { location: ctx.interaction.options.getInteger('location', true) });
  },
  autocomplete: locationAutocomplete,
};
