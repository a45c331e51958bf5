import { REST, Routes, type APIApplication } from 'discord.js';
import type { Config } from '../ops/config.ts';
import { commandDefinitions, loadCommands } from '../discord/registry.ts';

/**
 * Registers the slash commands: in one guild (instant, for development) or globally (Discord may take
 * up to an hour to show changes everywhere). Needs DISCORD_TOKEN.
 * @see https://discord.com/developers/docs/interactions/application-commands#registering-a-command
 */
export async function deployCommands(config: Config, guildId = config.DEV_GUILD_ID, api = config.DISCORD_API_URL): Promise<number> {
  if (!config.DISCORD_TOKEN) {
    console.error('Configuration error: DISCORD_TOKEN is required to deploy commands (the local sandbox registers its own).');
    return 78;
  }
  const rest = new REST(api ? { api } : {}).setToken(config.DISCORD_TOKEN);
  const appId = config.DISCORD_APPLICATION_ID ?? ((await rest.get(Routes.currentApplication())) as APIApplication).id;
  const body = commandDefinitions(await loadCommands());
  const route = guildId ? Routes.applicationGuildCommands(appId, guildId) : Routes.applicationCommands(appId);
  const saved = (await rest.put(route, { body })) as unknown[];
  console.log(`registered ${saved.length} commands ${guildId ? `in guild ${guildId}` : 'globally'}`);
  return 0;
}
