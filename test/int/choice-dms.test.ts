import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { t } from '../../src/i18n/index.ts';
import type { LocalMessage } from '../../src/local/discord/types.ts';
import { interactiveComponents } from '../../src/local/transcript/index.ts';
import { listOutbox } from '../../src/store/index.ts';
import { openTestDatabase, type TestDatabase } from '../support/db.ts';
import { answerText, forgedButton, harness, tallyIn, type Harness } from '../support/discord-harness.ts';
import { tallyGame } from '../support/tally-game.ts';

/** Tally whose awaited seat is sent its moves as DM buttons after every command (GameModule.privately). */
const dmTally: typeof tallyGame = { ...tallyGame, privately: (_before, after) => ({ pictures: [], choices: [...tallyGame.awaiting(after).seats] }) };

const liveButtons = (m: LocalMessage) => interactiveComponents(m.components).filter((c) => c.type === 2 && c.disabled !== true);

/**
 * Issue "Trust" follow-up: a private choice's buttons are disabled once the game moves past it by whichever
 * process delivers the next message, not only by the process that sent them (the outbox records them).
 */
describe.skipIf(!process.env.DATABASE_URL)('private choice buttons across a restart', () => {
  let db: TestDatabase;
  let first: Harness;
  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    first = await harness({ rateLimit: 10_000, databaseUrl: db.url!, modules: { tally: dmTally } });
  });
  afterAll(async () => {
    await first?.stop().catch(() => undefined);
    await db?.dispose();
  });

  /** Until every row of the game is sent (the dispatcher's own timer may hold some mid-delivery). */
  async function drain(h: Harness, gameId: string): Promise<void> {
    for (let round = 0; round < 200 && (await listOutbox(db.prisma, { gameId })).some((r) => r.status !== 'sent'); round++) {
      await h.runtime.dispatcher.tick();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** `user` plays their first legal command of `type` with `/play`, and every row it queued is delivered. */
  async function play(h: Harness, user: string, type: string, threadId: string, gameId: string): Promise<void> {
    const legal = await h.runtime.app.legal(gameId, h.discord.user(user).id);
    if (!legal.ok) throw new Error(legal.error.code);
    const answered = await h.discord.slash(user, threadId, `/play action:${legal.value.seq}.${legal.value.commands.findIndex((c) => c.type === type)}`);
    expect(answered.ephemeral, answerText(answered)).toBe(false);
    await drain(h, gameId);
  }

  it('GIVEN a DM with choice buttons sent by one bot process WHEN that process stops and another one delivers the next turn THEN the old DM\'s buttons are disabled, and pressing one says the choice has passed', async () => {
    const { threadId, gameId } = await tallyIn(first, ['alice', 'bob']);
    await drain(first, gameId);
    const offered = first.discord.dms('alice').filter((m) => liveButtons(m).length > 0);
    expect(offered).toHaveLength(1);
    const old = offered[0]!;
    const pressable = String(liveButtons(old)[0]?.custom_id);

    await first.runtime.stop();
    const second = await harness({ rateLimit: 10_000, databaseUrl: db.url!, discord: first.discord, modules: { tally: dmTally } });
    onTestFinished(() => second.stop());
    await play(second, 'alice', 'pass', threadId, gameId);

    expect(liveButtons(second.discord.message(old.id)!)).toEqual([]);
    expect(second.discord.dms('alice').filter((m) => liveButtons(m).length > 0)).toEqual([]);
    expect(second.discord.dms('bob').filter((m) => liveButtons(m).length > 0)).toHaveLength(1);
    const rows = await listOutbox(db.prisma, { gameId, kind: 'dm' });
    const retired = rows.filter((r) => (r.payload as { retired?: boolean }).retired === true).map((r) => r.sentRef);
    expect(retired).toContain(old.id);

    // Pressed in the moment before it was greyed (here: the same button on a copy that is still live).
    const pressed = await second.discord.click('alice', forgedButton(second, old.channelId, pressable), pressable);
    expect(pressed.ephemeral).toBe(true);
    expect(answerText(pressed)).toBe(t('en', 'core.button.stale'));
  });
});
