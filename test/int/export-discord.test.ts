import { describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.ts';
import type { LocalMessage } from '../../src/local/discord/index.ts';
import { startTwoPlayerAdventure, useLocalStack } from '../support/local-stack.ts';

const stack = useLocalStack();

function fileOf(reply: LocalMessage | undefined): { name: string; doc: Record<string, unknown>; text: string } {
  const attachment = reply?.attachments[0];
  if (!attachment) throw new Error(`no file in: ${reply?.content ?? '(no reply)'}`);
  const text = attachment.bytes.toString('utf8');
  return { name: attachment.filename, doc: JSON.parse(text) as Record<string, unknown>, text };
}

describe('/game export through Discord', () => {
  it('GIVEN an adventure in play WHEN a seated player or an onlooker exports it THEN each is refused ephemerally with the reason in their language and gets no file; the host gets the table record without seed or hashes', async () => {
    const { discord } = stack.get();
    const threadId = await startTwoPlayerAdventure(discord);
    discord.setLocale('carol', 'es-ES');
    for (const [user, lang] of [['bob', 'en'], ['carol', 'es']] as const) {
      const refused = await discord.slash(user, threadId, '/game export');
      expect(refused.ephemeral, user).toBe(true);
      expect(refused.reply?.content).toBe(t(lang, 'core.export.hostOnly'));
      expect(refused.reply?.attachments ?? []).toEqual([]);
    }
    const exported = await discord.slash('alice', threadId, '/game export');
    expect(exported.ephemeral).toBe(true);
    expect(exported.reply?.content).toBe(t('en', 'commands.replies.exportedRecord'));
    const file = fileOf(exported.reply);
    expect(file.name).toMatch(/^adventure-[0-9a-f-]{36}-record\.json$/);
    expect(file.doc).toMatchObject({ format: 'turnkeeper.record/1', verifiable: false, note: t('en', 'commands.replies.recordNote'), gameType: 'adventure', status: 'playing' });
    expect(Object.keys(file.doc).slice(0, 3)).toEqual(['format', 'verifiable', 'note']);
    expect(file.text).not.toMatch(/"(seed|genesis|stateHashAfter|args|nonce)"/);
    const publicMessages = discord.messages(threadId).filter((m) => m.ephemeralFor === null);
    expect(publicMessages.some((m) => m.attachments.some((a) => a.filename.endsWith('.json')))).toBe(false);
  });

  it('GIVEN an adventure that its host abandoned WHEN a seated player exports it THEN they get the verifiable file with the seed; an onlooker is still refused', async () => {
    const { discord } = stack.get();
    const threadId = await startTwoPlayerAdventure(discord);
    await discord.slash('alice', threadId, '/game abandon');
    const exported = await discord.slash('bob', threadId, '/game export');
    expect(exported.ephemeral).toBe(true);
    expect(exported.reply?.content).toBe(t('en', 'commands.replies.exported'));
    const file = fileOf(exported.reply);
    expect(file.name).toMatch(/^adventure-[0-9a-f-]{36}\.json$/);
    expect(file.doc).toMatchObject({ format: 'turnkeeper.game/2', genesis: { seed: 2 }, game: { status: 'abandoned' } });
    expect(file.doc['clocks']).toBeUndefined();
    const refused = await discord.slash('dave', threadId, '/game export');
    expect(refused.ephemeral).toBe(true);
    expect(refused.reply?.content).toBe(t('en', 'core.export.playersOnly'));
  });
});
