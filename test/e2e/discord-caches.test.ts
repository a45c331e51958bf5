import { ChannelType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../src/local/stack.ts';
import { createLogger } from '../../src/ops/logger.ts';

describe('discord.js caches the bot keeps (src/discord/bot.ts cacheLimits)', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    stack = await startLocalStack({ memory: true, logger: createLogger('silent'), env: {} });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('GIVEN a game played in its thread WHEN the bot has posted and answered in the thread THEN no message or other member is cached, and the thread and players still are', async () => {
    const d = stack.discord;
    await d.slash('alice', d.channelId, '/game new game:adventure seed:2');
    const thread = d.threads(d.channelId).at(-1);
    if (!thread) throw new Error('no thread');
    await d.slash('bob', thread.id, '/game join');
    await d.slash('alice', thread.id, '/game start');
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
