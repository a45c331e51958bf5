import { ChannelType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { startTwoPlayerAdventure, useLocalStack } from '../support/local-stack.ts';

describe('discord.js caches the bot keeps (src/discord/bot.ts cacheLimits)', () => {
  const local = useLocalStack();

  it('GIVEN a game played in its thread WHEN the bot has posted and answered in the thread THEN no message or other member is cached, and the thread and players still are', async () => {
    const stack = local.get();
    const d = stack.discord;
    const thread = { id: await startTwoPlayerAdventure(d) };
    const table = await d.slash('bob', thread.id, '/game table');
    expect(table.reply?.attachments.map((a) => a.filename)).toContain('table-0.png');
    await stack.settle();
    expect(d.messages(thread.id).filter((m) => m.attachments.length > 0).length).toBeGreaterThan(0);

    const client = stack.runtime.bot.client;
    const cached = client.channels.cache.get(thread.id);
    expect(cached?.type).toBe(ChannelType.PublicThread);
    let messages = 0;
    for (const channel of client.channels.cache.values()) if ('messages' in channel) messages += channel.messages.cache.size;
    expect(messages).toBe(0);
    const guild = client.guilds.cache.first();
    expect([...(guild?.members.cache.keys() ?? [])]).toEqual([client.user?.id]);
    expect(client.users.cache.size).toBeGreaterThanOrEqual(3);
  });
});
