import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCustomId } from '../../src/discord/custom-id.ts';
import { t } from '../../src/discord/i18n.ts';
import { loadLog } from '../../src/store/index.ts';
import { answerText, forgedButton, gameIn, harness, isEphemeral, type Harness } from '../support/discord-harness.ts';

describe('buttons act only on the game where they are pressed', () => {
  let h: Harness;
  const elsewhere = t('en', 'core.button.elsewhere');
  beforeAll(async () => {
    h = await harness({ rateLimit: 10_000 });
  });
  afterAll(async () => {
    await h?.stop();
  });

  async function press(user: string, channelId: string, customId: string) {
    return h.discord.click(user, forgedButton(h, channelId, customId), customId);
  }

  it('GIVEN a lobby in one thread WHEN its Join and Start buttons are pressed in another game\'s thread THEN each is refused ephemerally and the lobby does not change', async () => {
    const lobby = await gameIn(h, ['alice'], { lobby: true });
    const other = await gameIn(h, ['bob', 'alice']);
    const before = await h.runtime.app.status(lobby.gameId);
    const join = await press('bob', other.threadId, encodeCustomId({ kind: 'join', gameId: lobby.gameId, seq: 0 }));
    expect(isEphemeral(join)).toBe(true);
    expect(answerText(join)).toBe(elsewhere);
    const start = await press('alice', other.threadId, encodeCustomId({ kind: 'start', gameId: lobby.gameId, seq: 0 }));
    expect(answerText(start)).toBe(elsewhere);
    const inChannel = await press('bob', h.discord.channelId, encodeCustomId({ kind: 'join', gameId: lobby.gameId, seq: 0 }));
    expect(answerText(inChannel)).toBe(elsewhere);
    expect(await h.runtime.app.status(lobby.gameId)).toEqual(before);
    const atHome = await press('bob', lobby.threadId, encodeCustomId({ kind: 'join', gameId: lobby.gameId, seq: 0 }));
    expect(isEphemeral(atHome)).toBe(false);
    expect((await h.runtime.app.status(lobby.gameId)).ok && (await h.runtime.app.status(lobby.gameId))).toMatchObject({ value: { seats: [{ seat: 0 }, { seat: 1 }] } });
  });

  it('GIVEN carol seated in two games WHEN she presses one game\'s secrets or prompt button in the other\'s thread THEN she is refused without anything of that game', async () => {
    const first = await gameIn(h, ['carol', 'dave']);
    const second = await gameIn(h, ['dave', 'carol']);
    const secrets = await press('carol', second.threadId, encodeCustomId({ kind: 'secrets', gameId: first.gameId, seq: 0 }));
    expect(isEphemeral(secrets)).toBe(true);
    expect(answerText(secrets)).toBe(elsewhere);
    const prompt = await press('dave', second.threadId, encodeCustomId({ kind: 'prompt', gameId: first.gameId, seq: 0, a: 0, b: 0 }));
    expect(answerText(prompt)).toBe(elsewhere);
    const own = await press('carol', first.threadId, encodeCustomId({ kind: 'secrets', gameId: first.gameId, seq: 0 }));
    expect(isEphemeral(own)).toBe(true);
    expect(answerText(own)).not.toBe(elsewhere);
    expect(await loadLog(h.runtime.db.prisma, first.gameId)).toHaveLength(0);
  });

  it('GIVEN buttons in a DM WHEN they name another seat or a game the presser does not sit in THEN they are refused; the presser\'s own seat is served', async () => {
    const game = await gameIn(h, ['erin', 'frank']);
    const stranger = await gameIn(h, ['gina']);
    const frankDm = h.discord.world.dmChannelFor(h.discord.user('frank').id).id;
    const othersMute = await press('frank', frankDm, encodeCustomId({ kind: 'mute', gameId: game.gameId, seq: 0, a: 0 }));
    expect(isEphemeral(othersMute)).toBe(true);
    expect(answerText(othersMute)).toBe(elsewhere);
    const notSeated = await press('frank', frankDm, encodeCustomId({ kind: 'secrets', gameId: stranger.gameId, seq: 0 }));
    expect(answerText(notSeated)).toBe(elsewhere);
    const lobbyInDm = await press('frank', frankDm, encodeCustomId({ kind: 'join', gameId: stranger.gameId, seq: 0 }));
    expect(answerText(lobbyInDm)).toBe(elsewhere);
    const own = await press('frank', frankDm, encodeCustomId({ kind: 'secrets', gameId: game.gameId, seq: 0 }));
    expect(answerText(own)).not.toBe(elsewhere);
    expect(answerText(own)).not.toBe(t('en', 'core.internal'));
  });

  it('GIVEN a legal-move button drawn for one seat WHEN another seat presses it THEN it is refused; its own seat plays it once, and a second press is told the choice has passed, in the presser\'s language', async () => {
    const { threadId, gameId } = await gameIn(h, ['hana', 'ivan']);
    const legal = await h.runtime.app.legal(gameId, h.discord.user('hana').id);
    if (!legal.ok) throw new Error(legal.error.code);
    const add = legal.value.commands.findIndex((c) => c.type === 'add');
    const id = encodeCustomId({ kind: 'legal', gameId, seq: legal.value.seq, a: add, b: legal.value.seat });
    const message = forgedButton(h, threadId, id);
    const wrong = await h.discord.click('ivan', message, id);
    expect(isEphemeral(wrong)).toBe(true);
    expect(answerText(wrong)).toBe(t('en', 'core.seat.notYours'));
    expect(await loadLog(h.runtime.db.prisma, gameId)).toHaveLength(0);
    const played = await h.discord.click('hana', message, id);
    expect(isEphemeral(played)).toBe(false);
    expect(await loadLog(h.runtime.db.prisma, gameId)).toHaveLength(1);
    h.discord.setLocale('hana', 'es-ES');
    const again = await h.discord.click('hana', message, id);
    h.discord.setLocale('hana', 'en-US');
    expect(isEphemeral(again)).toBe(true);
    expect(answerText(again)).toBe(t('es', 'core.button.stale'));
    expect(await loadLog(h.runtime.db.prisma, gameId)).toHaveLength(1);
  });

  it('GIVEN a prompt answered WHEN its button is pressed again THEN the presser is told the choice has passed and nothing changes', async () => {
    const { threadId, gameId } = await gameIn(h, ['jon', 'kim']);
    const legal = await h.runtime.app.legal(gameId, h.discord.user('jon').id);
    if (!legal.ok) throw new Error(legal.error.code);
    await h.discord.slash('jon', threadId, `/play action:${legal.value.seq}.${legal.value.commands.findIndex((c) => c.type === 'challenge')}`);
    const prompts = await h.runtime.app.prompts(gameId);
    if (!prompts.ok) throw new Error(prompts.error.code);
    const id = encodeCustomId({ kind: 'prompt', gameId, seq: prompts.value.seq, a: 0, b: 0 });
    const message = forgedButton(h, threadId, id);
    expect(isEphemeral(await h.discord.click('kim', message, id))).toBe(false);
    const log = await loadLog(h.runtime.db.prisma, gameId);
    const again = await h.discord.click('kim', message, id);
    expect(isEphemeral(again)).toBe(true);
    expect(answerText(again)).toBe(t('en', 'core.button.stale'));
    expect(await loadLog(h.runtime.db.prisma, gameId)).toHaveLength(log.length);
  });
});
