import { SlashCommandBuilder } from '@discordjs/builders';
import { reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import { LOCATION_MAX, LOCATION_MIN, locationAutocomplete, playAdventure } from './lib/adventure.ts';

/** Codes are one to five digits; leading zeros count, so the value travels as text. */
const CODE_MAX_LENGTH = 5;

/** `/code value:<digits> location:<n>`: enter a code at a location; the entry is the code then the location. */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('code'), 'adventure.commands.code.description')
    .addStringOption((o) => described(o.setName('value'), 'adventure.commands.options.code').setRequired(true).setMinLength(1).setMaxLength(CODE_MAX_LENGTH))
    .addIntegerOption((o) => described(o.setName('location'), 'adventure.commands.options.location').setRequired(true).setMinValue(LOCATION_MIN).setMaxValue(LOCATION_MAX).setAutocomplete(true)),
  async execute(ctx) {
    const value = ctx.interaction.options.getString('value', true).trim();
    if (!/^\d{1,5}$/.test(value)) return reject('adventure.commands.badCode', { value });
    return playAdventure(ctx, 'code', { value, location: ctx.interaction.options.getInteger('location', true) });
  },
  autocomplete: locationAutocomplete,
};
