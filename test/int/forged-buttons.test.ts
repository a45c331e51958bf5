import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOTYPE_NAMES } from '../../src/core/index.ts';
import { encodeCustomId } from '../../src/discord/custom-id.ts';
import { t } from '../../src/i18n/index.ts';
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

  it('GIVEN a prompt left open when the host abandons the game WHEN its button is pressed THEN the presser is told the choice has passed and nothing changes', async () => {
    const { threadId, gameId } = await gameIn(h, ['lou', 'max']);
    const legal = await h.runtime.app.legal(gameId, h.discord.user('lou').id);
    if (!legal.ok) throw new Error(legal.error.code);
    await h.discord.slash('lou', threadId, `/play action:${legal.value.seq}.${legal.value.commands.findIndex((c) => c.type === 'challenge')}`);
    const prompts = await h.runtime.app.prompts(gameId);
    if (!prompts.ok) throw new Error(prompts.error.code);
    await h.discord.slash('lou', threadId, '/game abandon');
    const id = encodeCustomId({ kind: 'prompt', gameId, seq: prompts.value.seq, a: 0, b: 0 });
    const log = await loadLog(h.runtime.db.prisma, gameId);
    const late = await h.discord.click('max', forgedButton(h, threadId, id), id);
    expect(isEphemeral(late)).toBe(true);
    expect(answerText(late)).toBe(t('en', 'core.button.stale'));
    expect(await loadLog(h.runtime.db.prisma, gameId)).toHaveLength(log.length);
  });
});

describe('fuzzed buttons', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ rateLimit: 10_000 });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('GIVEN random and mutated custom ids (other games, other seats, malformed, prototype names, overlong) WHEN pressed by players, a spectator and a stranger in threads, the channel and DMs THEN the answer is a reason or an action on the game pressed in, never an internal error, and no other game changes', async () => {
    const here = await gameIn(h, ['alice', 'bob']);
    const there = await gameIn(h, ['bob', 'carol']);
    const lobby = await gameIn(h, ['carol'], { lobby: true });
    await h.discord.slash('carol', here.threadId, '/game watch');
    h.discord.addUser('mallory');
    const games = [here, there, lobby];
    const internal = [t('en', 'core.internal'), t('en', 'core.unavailable')];
    const kinds = ['join', 'start', 'prompt', 'legal', 'mute', 'secrets'] as const;
    const oddText = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.string({ minLength: 1, maxLength: 12 }), fc.constant('x'.repeat(120)));
    const field = (valid: fc.Arbitrary<string>) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: oddText });
    const customId = fc.oneof(
      fc
        .record({
          kind: field(fc.constantFrom(...kinds)),
          gameId: field(fc.constantFrom(...games.map((g) => g.gameId))),
          seq: field(fc.nat(4).map(String)),
          a: field(fc.nat(3).map(String)),
          b: field(fc.nat(3).map(String)),
        })
        .map((p) => ['tk1', p.kind, p.gameId, p.seq, p.a, p.b].join('|')),
      fc.string({ minLength: 1, maxLength: 150 }),
      fc.constantFrom(...PROTOTYPE_NAMES),
      fc.array(oddText, { minLength: 1, maxLength: 8 }).map((parts) => `tk1|${parts.join('|')}`),
    );
    const where = fc.constantFrom('here', 'there', 'lobby', 'channel', 'dm');
    const who = fc.constantFrom('alice', 'bob', 'carol', 'mallory');
    let presses = 0;
    await fc.assert(
      fc.asyncProperty(customId, where, who, async (id, place, user) => {
        const channelId =
          place === 'channel' ? h.discord.channelId
          : place === 'dm' ? h.discord.world.dmChannelFor(h.discord.user(user).id).id
          : games[['here', 'there', 'lobby'].indexOf(place)]!.threadId;
        const pressedIn = place === 'here' ? here.gameId : place === 'there' ? there.gameId : place === 'lobby' ? lobby.gameId : null;
        const before = await Promise.all(games.map((g) => h.runtime.app.status(g.gameId)));
        const handle = await h.discord.click(user, forgedButton(h, channelId, id), id);
        presses += 1;
        const text = answerText(handle);
        expect(text.length).toBeGreaterThan(0);
        expect(internal).not.toContain(text);
        const named = id.split('|')[2];
        if (!isEphemeral(handle)) expect(pressedIn === named || place === 'dm').toBe(true);
        const after = await Promise.all(games.map((g) => h.runtime.app.status(g.gameId)));
        games.forEach((g, i) => {
          if (g.gameId !== pressedIn && !(place === 'dm' && g.gameId === named)) expect(after[i]).toEqual(before[i]);
        });
      }),
      {
        numRuns: 60,
        examples: [
          [`tk1|join|${lobby.gameId}|0|0|0`, 'here', 'mallory'],
          [`tk1|secrets|${there.gameId}|0|0|0`, 'here', 'bob'],
          [`tk1|mute|${here.gameId}|0|0|0`, 'dm', 'bob'],
          ...PROTOTYPE_NAMES.flatMap((name): [string, 'here' | 'dm', 'mallory' | 'alice'][] => [
          [name, 'here', 'mallory'],
          [`tk1|${name}|${here.gameId}|0|0|0`, 'here', 'alice'],
          [`tk1|join|${name}|0|0|0`, 'dm', 'alice'],
          [`tk1|secrets|${there.gameId}|0|0|0`.replace('secrets', name), 'here', 'alice'],
        ]),
        ],
      },
    );
    expect(presses).toBeGreaterThanOrEqual(60);
    for (const g of [here, there]) expect(await h.runtime.app.verify(g.gameId)).toMatchObject({ ok: true, value: { ok: true } });
  });
});
