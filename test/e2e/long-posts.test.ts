import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../src/store/index.ts';
import { useLocalStack } from '../support/local-stack.ts';

/*
 * Issue 15, "The local Discord refuses what Discord refuses": the bot's own delivery (bot.ts) splits a
 * long post into messages Discord accepts instead of cutting it at 2,000 characters.
 */

describe('long posts through the bot delivery and the real discord.js client', () => {
  const local = useLocalStack();

  it('GIVEN an outbox notice of 3,000 characters WHEN the bot delivers it, twice (a resend) THEN it arrives once, whole, as two messages cut between lines', async () => {
    const { discord, runtime } = local.get();
    const who = `<@${discord.user('alice').id}>`;
    const lines: string[] = [];
    for (let i = 1; lines.join('\n').length < 3000; i++) lines.push(`**Step ${i}:** ${who} follows the salt trail to location ${100 + i}.`);
    const text = lines.join('\n');
    const row: OutboxRow = {
      id: '9001',
      gameId: null,
      kind: 'notice',
      target: { channelId: discord.channelId },
      payload: { gameType: 'adventure', locale: 'en', code: 'adventure.commands.notes.wrote', params: { player: who, text } },
      status: 'pending',
      attempts: 1,
      lastError: null,
      sentRef: null,
      createdAt: new Date(),
      idempotencyKey: 'tk9001',
    };
    const before = discord.messages(discord.channelId).length;
    const first = await runtime.bot.deliver(row);
    const again = await runtime.bot.deliver(row);
    const posted = discord.messages(discord.channelId).slice(before);
    expect(posted.length).toBe(2);
    expect(posted.map((m) => m.content).join('\n')).toBe(`${who} wrote on the notepad: ${text}`);
    expect(posted.every((m) => m.content.length <= 2000)).toBe(true);
    expect(first).toEqual({ ok: true, ref: posted[1]?.id });
    expect(again).toEqual(first);
  });
});
