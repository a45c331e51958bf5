import { SlashCommandBuilder } from '@discordjs/builders';
import { reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import { adventureHere, optionAutocomplete, playIn } from './lib/adventure.ts';

/** The pack schema allows at most five options in one entry choice. */
const OPTIONS_MAX = 5;

/**
 * `/choose option:<n>`: answer an entry's choice (the purchase at the chandlery), counting from 1; the
 * same answer is offered as buttons under the entry.
 */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('choose'), 'adventure.commands.choose.description').addIntegerOption((o) =>
    described(o.setName('option'), 'adventure.commands.options.option').setRequired(true).setMinValue(1).setMaxValue(OPTIONS_MAX).setAutocomplete(true),
  ),
  async execute(ctx) {
    const here = await adventureHere(ctx.services, ctx.place);
    if (!here.ok) return here;
    const option = ctx.interaction.options.getInteger('option', true);
    const pending = here.value.view?.pending;
    if (pending && option > pending.options.length) return reject('adventure.choice.noSuchOption', { option, options: pending.options.length });
    return playIn(ctx, here.value.game, 'choose', { option: option - 1 });
  },
  autocomplete: optionAutocomplete,
};
