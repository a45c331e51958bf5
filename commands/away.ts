import { SlashCommandBuilder } from '@discordjs/builders';
import { ok, reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';

/** `/away until:<date>`: a break from every game you sit in; each game's host chose what happens to your seat. */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('away'), 'schedule.cmd.away.description').addStringOption((o) =>
    described(o.setName('until'), 'schedule.cmd.away.until').setRequired(true).setMaxLength(40),
  ),

  async execute(ctx) {
    const schedule = ctx.services.schedule;
    if (!schedule) return reject('schedule.unavailable');
    const r = await schedule.away(ctx.actor.userId, ctx.interaction.options.getString('until', true).trim());
    if (!r.ok) return r;
    return ok({ visibility: 'ephemeral', content: ctx.t('schedule.away.set', { at: Math.floor(r.value.until / 1000) }) });
  },
};
