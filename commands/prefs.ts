import { SlashCommandBuilder } from '@discordjs/builders';
import { ok, reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import { parseTimeZone, type PlayerPrefsInput } from '../src/scheduler/index.ts';

/**
 * `/prefs`: how and when the bot may remind you (issue 5). Inside a game's thread it changes that game;
 * elsewhere, every game you sit in. Without options it shows the current choices.
 */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('prefs'), 'schedule.cmd.prefs.description')
    .addStringOption((o) =>
      described(o.setName('notify'), 'schedule.cmd.prefs.notify').addChoices({ name: 'DM', value: 'dm' }, { name: 'mention', value: 'mention' }),
    )
    .addStringOption((o) => described(o.setName('timezone'), 'schedule.cmd.prefs.timezone').setMaxLength(64))
    .addStringOption((o) => described(o.setName('quiet'), 'schedule.cmd.prefs.quiet').setMaxLength(11))
    .addStringOption((o) =>
      described(o.setName('language'), 'schedule.cmd.prefs.language').addChoices({ name: 'English', value: 'en' }, { name: 'Español', value: 'es' }),
    ),

  async execute(ctx) {
    const schedule = ctx.services.schedule;
    if (!schedule) return reject('schedule.unavailable');
    const o = ctx.interaction.options;
    const patch: Record<string, unknown> = {};
    const notify = o.getString('notify');
    if (notify !== null) patch.channel = notify;
    const zone = o.getString('timezone');
    if (zone !== null) {
      const checked = parseTimeZone(zone.trim());
      if (!checked.ok) return checked;
      patch.timeZone = checked.value;
    }
    const quiet = o.getString('quiet');
    if (quiet !== null) {
      const match = /^\s*(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})\s*$/.exec(quiet);
      if (quiet.trim().toLowerCase() === 'off') patch.quietHours = null;
      else if (match) patch.quietHours = { start: match[1], end: match[2] };
      else return reject('schedule.time.invalid');
    }
    const language = o.getString('language');
    if (language !== null) patch.language = language;
    const here = ctx.place.threadId ? await ctx.services.gameHere(ctx.place) : null;
    const gameId = here?.ok ? here.value.gameId : undefined;
    const r = await schedule.setPrefs(ctx.actor.userId, patch as PlayerPrefsInput, gameId);
    if (!r.ok) return r;
    const p = r.value;
    return ok({
      visibility: 'ephemeral',
      content: ctx.t('schedule.prefs.summary', {
        notify: ctx.t(`schedule.prefs.notify.${p.channel}`),
        timeZone: p.timeZone,
        quiet: p.quietHours ? `${p.quietHours.start}–${p.quietHours.end}` : ctx.t('schedule.prefs.noQuiet'),
        language: ctx.t(`schedule.prefs.language.${p.language ?? 'game'}`),
      }),
    });
  },
};
