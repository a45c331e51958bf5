import { describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../src/local/discord/types.ts';
import { interactiveComponents } from '../../src/local/transcript/index.ts';
import { useLocalStack } from '../support/local-stack.ts';

const buttonLabels = (message: LocalMessage | undefined) => interactiveComponents(message?.components ?? []).map((c) => String(c.label));

describe('the lobby card of /game new (Join and Start buttons)', () => {
  const local = useLocalStack();

  /** alice opens an adventure table; returns its thread and the lobby card posted there. */
  async function openTable(): Promise<{ threadId: string; card: () => LocalMessage | undefined }> {
    const d = local.get().discord;
    await d.slash('alice', d.channelId, '/game new game:adventure seed:2');
    const thread = d.threads(d.channelId).at(-1);
    if (!thread) throw new Error('no thread');
    const cardId = d.messages(thread.id).find((m) => /opened a table/.test(m.content))?.id ?? '';
    expect(buttonLabels(d.message(cardId))).toEqual(['Join', 'Start']);
    return { threadId: thread.id, card: () => d.message(cardId) };
  }

  it('GIVEN an open lobby WHEN the host starts the game with /game start THEN the lobby card says so and has no buttons left', async () => {
    const d = local.get().discord;
    const { threadId, card } = await openTable();
    await d.slash('bob', threadId, '/game join');
    const start = await d.slash('alice', threadId, '/game start');
    expect(start.reply?.content).toMatch(/^The game begins with 2 players: <@\d+>, <@\d+>\./);
    expect(card()?.content).toMatch(/opened a table of \*\*Adventure Games\*\*\. The game has started: this lobby is closed\./);
    expect(buttonLabels(card())).toEqual([]);
  });

  it('GIVEN an open lobby WHEN the host clicks Start on the lobby card THEN the answer is the /game start text (singular for one player) and the card loses its buttons', async () => {
    const d = local.get().discord;
    const { card } = await openTable();
    const start = interactiveComponents(card()?.components ?? []).find((c) => c.label === 'Start');
    const click = await d.click('alice', card()?.id ?? '', String(start?.custom_id));
    expect(click.reply?.content).toMatch(/^The game begins with 1 player: <@\d+>\./);
    expect(card()?.content).toMatch(/The game has started: this lobby is closed\./);
    expect(buttonLabels(card())).toEqual([]);
  });

  it('GIVEN an open lobby WHEN the host abandons it THEN the lobby card says it was abandoned and has no buttons left', async () => {
    const d = local.get().discord;
    const { threadId, card } = await openTable();
    const abandon = await d.slash('alice', threadId, '/game abandon');
    expect(abandon.reply?.content).toMatch(/ended this game/);
    expect(card()?.content).toMatch(/The game was abandoned: this lobby is closed\./);
    expect(buttonLabels(card())).toEqual([]);
  });

  it('GIVEN a started game WHEN a Join or Start click from a client still showing the old card arrives THEN it is refused because the lobby is closed', async () => {
    const stack = local.get();
    const d = stack.discord;
    const { threadId } = await openTable();
    await d.slash('alice', threadId, '/game start');
    const services = stack.runtime.bot.services;
    const game = await services.gameHere({ guildId: d.guildId, channelId: threadId, threadId, parentId: d.channelId });
    if (!game.ok) throw new Error(game.error.code);
    const place = { guildId: d.guildId, channelId: threadId, threadId, parentId: d.channelId };
    for (const [kind, user] of [['join', 'bob'], ['start', 'alice']] as const) {
      const ctx = { lang: 'en' as const, actor: { userId: d.user(user).id, userName: user, locale: 'en-US' }, place };
      const r = await services.button(ctx, { kind, gameId: game.value.gameId, seq: 0, a: 0, b: 0 }, `late-${kind}`);
      if (r.ok) throw new Error(`a late ${kind} click was accepted`);
      expect(await services.rejectionText('en', r.error, place)).toBe('The lobby is closed: the game is already in play.');
    }
  });
});
