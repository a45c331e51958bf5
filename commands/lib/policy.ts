import type { SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { described } from '../../src/i18n/index.ts';
import type { GamePolicy, PolicyInput } from '../../src/scheduler/index.ts';

/** The option getters the policy options are read with (a chat-input interaction's `options`). */
export interface OptionReader {
  getNumber(name: string): number | null;
  getInteger(name: string): number | null;
  getBoolean(name: string): boolean | null;
  getString(name: string): string | null;
}

/**
 * The reminder, deadline, absence and dormancy options shared by `/game settings` (one game) and
 * `/defaults` (the server's defaults for new games).
 */
export function addPolicyOptions(builder: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return builder
      .addNumberOption((o) => described(o.setName('reminder_after'), 'schedule.cmd.settings.reminderAfter'))
      .addNumberOption((o) => described(o.setName('reminder_every'), 'schedule.cmd.settings.reminderEvery'))
      .addIntegerOption((o) => described(o.setName('reminders'), 'schedule.cmd.settings.reminders'))
      .addBooleanOption((o) => described(o.setName('stalled_notice'), 'schedule.cmd.settings.stalledNotice'))
      .addStringOption((o) =>
        described(o.setName('deadline'), 'schedule.cmd.settings.deadline').addChoices(
          { name: 'none', value: 'none' },
          { name: 'soft', value: 'soft' },
          { name: 'hard', value: 'hard' },
        ),
      )
      .addNumberOption((o) => described(o.setName('deadline_hours'), 'schedule.cmd.settings.deadlineHours'))
      .addNumberOption((o) => described(o.setName('extension_hours'), 'schedule.cmd.settings.extensionHours'))
      .addIntegerOption((o) => described(o.setName('extensions'), 'schedule.cmd.settings.extensions'))
      .addIntegerOption((o) => described(o.setName('extensions_per_turn'), 'schedule.cmd.settings.extensionsPerTurn'))
      .addNumberOption((o) => described(o.setName('max_turn_hours'), 'schedule.cmd.settings.maxTurnHours'))
      .addStringOption((o) =>
        described(o.setName('away'), 'schedule.cmd.settings.away').addChoices(
          { name: 'skip', value: 'skip' },
          { name: 'timeout', value: 'timeout' },
          { name: 'wait', value: 'wait' },
        ),
      )
      .addIntegerOption((o) => described(o.setName('dormant_days'), 'schedule.cmd.settings.dormantDays'));
}

export function policyPatch(o: OptionReader): PolicyInput {
  const pick = <T>(entries: readonly (readonly [string, T | null])[]): Record<string, T> =>
    Object.fromEntries(entries.filter(([, v]) => v !== null)) as Record<string, T>;
  const reminders = pick<number | boolean>([
    ['firstAfterHours', o.getNumber('reminder_after')],
    ['everyHours', o.getNumber('reminder_every')],
    ['maxReminders', o.getInteger('reminders')],
    ['stalledNotice', o.getBoolean('stalled_notice')],
  ]);
  const deadline = pick<number | string>([
    ['mode', o.getString('deadline')],
    ['hours', o.getNumber('deadline_hours')],
    ['extensionHours', o.getNumber('extension_hours')],
    ['extensionBudget', o.getInteger('extensions')],
    ['extensionsPerTurn', o.getInteger('extensions_per_turn')],
    ['maxHoursPerTurn', o.getNumber('max_turn_hours')],
  ]);
  const away = pick<string>([['mode', o.getString('away')]]);
  const dormancy = o.getInteger('dormant_days');
  return {
    ...(Object.keys(reminders).length ? { reminders } : {}),
    ...(Object.keys(deadline).length ? { deadline } : {}),
    ...(Object.keys(away).length ? { away } : {}),
    ...(dormancy !== null ? { dormancyDays: dormancy } : {}),
  } as PolicyInput;
}

/** One readable line of a policy, in the reader's language. */
export function policySummary(t: (code: string, params?: Readonly<Record<string, unknown>>) => string, p: GamePolicy): string {
  return t('schedule.settings.summary', {
    first: p.reminders.firstAfterHours,
    every: p.reminders.everyHours,
    max: p.reminders.maxReminders,
    deadline: t(`schedule.settings.mode.${p.deadline.mode}`),
    hours: p.deadline.hours,
    budget: p.deadline.extensionBudget,
    away: t(`schedule.settings.away.${p.away.mode}`),
    days: p.dormancyDays,
  });
}
