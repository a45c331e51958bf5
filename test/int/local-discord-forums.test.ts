import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelType, Client, DiscordAPIError, Events, GatewayIntentBits, Routes, type ForumChannel, type TextChannel } from 'discord.js';
import { startLocalDiscord, type LocalDiscord } from '../../src/local/discord/index.ts';

/*
 * Forum channels in the local Discord, as the real discord.js client sees them:
 * - Create Guild Channel (type 15 GUILD_FORUM) needs MANAGE_CHANNELS:
 *   https://discord.com/developers/docs/resources/guild#create-guild-channel
 * - a post is a PUBLIC_THREAD under the forum, started with its required starter `message`:
 *   https://discord.com/developers/docs/resources/channel#start-thread-in-forum-or-media-channel
 * - channel types: https://discord.com/developers/docs/resources/channel#channel-object-channel-types
 */

async function refusal(call: Promise<unknown>): Promise<{ status: number; code: unknown; errors?: unknown }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof DiscordAPIError) {
      const errors = (error.rawError as { errors?: unknown }).errors;
      return { status: error.status, code: error.code, ...(errors ? { errors } : {}) };
    }
    throw error;
  }
  throw new Error('Discord accepted the call');
}

describe('local Discord forum channels, through the real discord.js client', () => {
  let discord: LocalDiscord;
  let client: Client;
  let games: TextChannel;

  beforeAll(async () => {
    discord = await startLocalDiscord({ port: 0, sandbox: false });
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(discord.botToken);
    await ready;
    const fetched = await client.channels.fetch(discord.channelId);
    if (fetched?.type !== ChannelType.GuildText) throw new Error('games channel missing');
    games = fetched;
  });

  afterAll(async () => {
    await client?.destroy();
    await discord?.close();
  });

  it('GIVEN a bot with Manage Channels WHEN it creates a forum and starts a post in it THEN the forum is type 15, the post a public thread under it whose starter message has the post id, and the forum itself takes no message', async () => {
    const forum = (await games.guild.channels.create({ name: 'saga', type: ChannelType.GuildForum })) as ForumChannel;
    expect(forum.type).toBe(ChannelType.GuildForum);
    expect(discord.world.channels.get(forum.id)?.type).toBe(15);
    const post = await forum.threads.create({ name: 'Saga · game 1', message: { content: 'Game 1 of **Saga**.' } });
    expect(post.type).toBe(ChannelType.PublicThread);
    expect(post.parentId).toBe(forum.id);
    expect(discord.threads(forum.id).map((t) => t.name)).toEqual(['Saga · game 1']);
    expect(discord.messages(post.id).map((m) => [m.id, m.content])).toEqual([[post.id, 'Game 1 of **Saga**.']]);
    expect(await refusal(client.rest.post(Routes.channelMessages(forum.id), { body: { content: 'hello' } }))).toEqual({ status: 400, code: 50008 });
    expect(await refusal(client.rest.post(Routes.threads(forum.id), { body: { name: 'no starter' } }))).toEqual({
      status: 400,
      code: 50035,
      errors: { message: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] } },
    });
    expect(await refusal(client.rest.post(Routes.threads(forum.id, post.id), { body: { name: 'from a message' } }))).toMatchObject({ status: 400, code: 50024 });
    await post.send('the story goes on');
    expect(discord.messages(post.id).at(-1)?.content).toBe('the story goes on');
  });

  it('GIVEN a bot without Manage Channels, then a server without forum channels WHEN it creates a forum THEN Discord refuses 403 50013, then 400 50024, and no channel is made', async () => {
    const before = discord.world.channels.size;
    discord.setBotPermission('ManageChannels', false);
    try {
      expect(await refusal(games.guild.channels.create({ name: 'nope', type: ChannelType.GuildForum }))).toEqual({ status: 403, code: 50013 });
    } finally {
      discord.setBotPermission('ManageChannels', true);
    }
    discord.setForums(false);
    try {
      expect(await refusal(games.guild.channels.create({ name: 'nope', type: ChannelType.GuildForum }))).toEqual({ status: 400, code: 50024 });
      const text = await games.guild.channels.create({ name: 'still-text', type: ChannelType.GuildText });
      expect(text.type).toBe(ChannelType.GuildText);
    } finally {
      discord.setForums(true);
    }
    expect(discord.world.channels.size).toBe(before + 1);
  });
});
