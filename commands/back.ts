import { SlashCommandBuilder } from '@discordjs/builders';
import { ok, reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';

/** `/back`: ends an absence early; reminders and deadlines count you in again. */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('back'), 'schedule.cmd.back.description'),

  async execute(ctx) {
    const schedule = ctx.services.schedule;
    if (!schedule) return reject('schedule.unavailable');
    const r = await schedule.back(ctx.actor.userId);
    if (!r.ok) return r;
    return ok({ visibility: 'ephemeral', content: ctx.t('schedule.away.back', { mention: `<@${ctx.actor.userId}>`, games: r.value.games }) });
  },
};
