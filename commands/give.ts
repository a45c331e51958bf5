import { SlashCommandBuilder } from '@discordjs/builders';
import { reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import { adventureHere, CARD_MAX, CARD_MIN, cardAutocomplete, characterAutocomplete, playIn, seatOfUser } from './lib/adventure.ts';

/** Rules §Game Setup: at most four characters sit at the table. */
const CHARACTERS_MAX = 4;

/**
 * `/give card:<n> player:@user` (or `character:<n>`, counted from 1, for a solo player's own characters):
 * hand a card over during the active character's turn (Rules §Exchanging cards during your turn).
 */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('give'), 'adventure.commands.give.description')
    .addIntegerOption((o) => described(o.setName('card'), 'adventure.commands.options.card').setRequired(true).setMinValue(CARD_MIN).setMaxValue(CARD_MAX).setAutocomplete(true))
    .addUserOption((o) => described(o.setName('player'), 'adventure.commands.options.player'))
    .addIntegerOption((o) => described(o.setName('character'), 'adventure.commands.options.character').setMinValue(1).setMaxValue(CHARACTERS_MAX).setAutocomplete(true)),
  async execute(ctx) {
    const here = await adventureHere(ctx.services, ctx.place);
    if (!here.ok) return here;
    const { game, view } = here.value;
    if (!view) return reject('core.game.notStarted');
    const card = ctx.interaction.options.getInteger('card', true);
    const character = ctx.interaction.options.getInteger('character');
    const player = ctx.interaction.options.getUser('player');
    if (character !== null) {
      if (character > view.characters.length) return reject('adventure.give.noSuchCharacter', { to: character });
      return playIn(ctx, game, 'give', { card, to: character - 1 });
    }
    if (!player) return reject('adventure.commands.give.needTarget');
    const seat = seatOfUser(game, player.id);
    if (seat === null) return reject('adventure.commands.give.notPlaying', { player: `<@${player.id}>` });
    const theirs = view.characters.filter((c) => c.seat === seat);
    const candidates = theirs.filter((c) => !c.inventory.includes(card));
    if (candidates.length > 1) return reject('adventure.commands.give.pickCharacter', { player: `<@${player.id}>` });
    const to = candidates[0] ?? theirs[0];
    if (!to) return reject('adventure.commands.give.notPlaying', { player: `<@${player.id}>` });
    return playIn(ctx, game, 'give', { card, to: to.index });
  },
  async autocomplete(ctx) {
    return ctx.interaction.options.getFocused(true).name === 'character' ? characterAutocomplete(ctx) : cardAutocomplete(ctx);
  },
};
