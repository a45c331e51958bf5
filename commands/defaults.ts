import { SlashCommandBuilder } from '@discordjs/builders';
import { PermissionFlagsBits } from 'discord.js';
import { ok, reject } from '../src/core/index.ts';
import type { CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import { addPolicyOptions, policyPatch, policySummary } from './lib/policy.ts';

/**
 * `/defaults show | set …`: the server's reminder, deadline, absence and dormancy defaults for new
 * games (issue "Asynchronous play": per game, with guild defaults). Changing them needs Manage Server;
 * Discord hides the command from others by default, and the bot checks again.
 * @see https://discord.com/developers/docs/interactions/application-commands#permissions
 */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('defaults'), 'schedule.cmd.defaults.description')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) => described(s.setName('show'), 'schedule.cmd.defaults.show'))
    .addSubcommand((s) => addPolicyOptions(described(s.setName('set'), 'schedule.cmd.defaults.set'))),

  async execute(ctx) {
    const schedule = ctx.services.schedule;
    if (!schedule) return reject('schedule.unavailable');
    if (!ctx.place.guildId) return reject('schedule.defaults.guildOnly');
    if (!ctx.interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return reject('schedule.defaults.notAdmin');
    if (ctx.interaction.options.getSubcommand(true) === 'show') {
      const r = await schedule.guildDefaults(ctx.place.guildId);
      return r.ok ? ok({ visibility: 'ephemeral', content: `${ctx.t('schedule.defaults.current')}\n${policySummary(ctx.t, r.value)}` }) : r;
    }
    const patch = policyPatch(ctx.interaction.options);
    if (Object.keys(patch).length === 0) return reject('schedule.defaults.nothing');
    const r = await schedule.setGuildDefaults(ctx.place.guildId, patch);
    return r.ok ? ok({ visibility: 'public', content: `${ctx.t('schedule.defaults.saved', { admin: `<@${ctx.actor.userId}>` })}\n${policySummary(ctx.t, r.value)}` }) : r;
  },
};
