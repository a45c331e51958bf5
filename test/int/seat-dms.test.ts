import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.ts';
import { listOutbox } from '../../src/store/index.ts';
import { answerText, gameIn, harness, type Harness } from '../support/discord-harness.ts';
import { tallyGame } from '../support/tally-game.ts';

/** Tally whose awaited seat is sent its moves as DM buttons after every command (GameModule.privately). */
const dmTally: typeof tallyGame = { ...tallyGame, privately: (_before, after) => ({ pictures: [], choices: [...tallyGame.awaiting(after).seats] }) };

/**
 * Issue "Player experience / Trust" follow-up: a private delivery is addressed to a seat, not to whoever
 * the user's first seat is. Delivered after the seat changed hands, it tells its former holder nothing of
 * it (neither its events, nor its picture or choices, nor those of the seat the user holds now).
 */
describe('private deliveries follow the seat they were written for', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ rateLimit: 10_000, modules: { tally: dmTally } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('GIVEN DMs queued for seat 1 (alice) and seat 2 (bob) WHEN, before they are delivered, seat 1 passes to dave and alice takes seat 2 THEN alice is told nothing of seat 1, bob nothing of seat 2, and /secrets shows alice her seat 2 only', async () => {
    for (const u of ['alice', 'bob', 'dave']) if (!h.discord.users().some((x) => x.name === u)) h.discord.addUser(u);
    const { threadId, gameId } = await gameIn(h, ['alice', 'bob'], { lobby: true });
    await h.runtime.dispatcher.stop();
    const started = await h.discord.slash('alice', threadId, '/game start');
    expect(started.ephemeral, answerText(started)).toBe(false);
    const queued = (await listOutbox(h.runtime.db.prisma, { gameId, kind: 'dm' })).filter((r) => r.status === 'pending');
    const secretOf = (seat: number) => {
      const row = queued.find((r) => (r.target as { seat?: number }).seat === seat);
      return (row?.payload as { events?: { params?: { value?: number } }[] } | undefined)?.events?.[0]?.params?.value;
    };
    expect(secretOf(0)).toBeTypeOf('number');
    expect(secretOf(1)).toBeTypeOf('number');

    const [alice, bob, dave] = ['alice', 'bob', 'dave'].map((u) => h.discord.user(u).id);
    const prisma = h.runtime.db.prisma;
    await prisma.$transaction([
      prisma.seat.update({ where: { gameId_index: { gameId, index: 1 } }, data: { userId: 'parked', userName: 'parked' } }),
      prisma.seat.update({ where: { gameId_index: { gameId, index: 0 } }, data: { userId: dave!, userName: 'dave' } }),
      prisma.seat.update({ where: { gameId_index: { gameId, index: 1 } }, data: { userId: alice!, userName: 'alice' } }),
      prisma.game.update({ where: { id: gameId }, data: { version: { increment: 1 } } }),
    ]);
    h.runtime.dispatcher.start();
    for (let round = 0; round < 200 && (await listOutbox(prisma, { gameId })).some((r) => r.status !== 'sent'); round++) await new Promise((resolve) => setTimeout(resolve, 10));

    const dmsOf = (user: string) => h.discord.dms(user).map((m) => `${m.content} ${JSON.stringify(m.components)}`);
    expect(dmsOf('alice')).toEqual([]);
    expect(dmsOf('bob')).toEqual([]);
    expect(bob).toBeDefined();

    const secrets = await h.discord.slash('alice', threadId, '/secrets');
    expect(secrets.ephemeral).toBe(true);
    expect(answerText(secrets)).toBe(`${t('en', 'commands.replies.secretsHeader')}\n${t('en', 'tally.secret', { value: secretOf(1) })}`);
  });
});
