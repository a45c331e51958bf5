import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type DeliveryResult } from '../../src/app/index.ts';
import { startLocalDiscord, type LocalDiscord } from '../../src/local/discord/index.ts';
import { listOutbox, type OutboxRow } from '../../src/store/index.ts';
import { gameIn, harness, type Harness } from '../support/discord-harness.ts';

/**
 * Issue 19, "The outbox delivers exactly once, fast": a dispatcher killed after Discord took its post and
 * before it marked the row; its lease runs out, another takes the rows over within seconds, and the
 * nonce window (five minutes on the local Discord, as on Discord) has passed, so only looking before
 * posting keeps the post single.
 */
const SIX_MINUTES = 6 * 60_000;

describe('outbox leases and resends after the nonce window', () => {
  let discord: LocalDiscord;
  let h: Harness;
  let offset = 0;

  beforeAll(async () => {
    discord = await startLocalDiscord({ sandbox: false, quietMs: 5, now: () => Date.now() + offset });
    h = await harness({ rateLimit: 10_000, discord });
  });
  afterAll(async () => {
    await h?.stop();
    await discord?.close();
  });

  it('GIVEN an enforced nonce WHEN the same post is sent again within the window and after it THEN the local Discord drops the first repeat and posts the late one, as Discord documents', async () => {
    const channelId = discord.channelId;
    const send = (): Promise<{ id: string }> =>
      fetch(`${discord.apiUrl}/v10/channels/${channelId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${discord.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'once', nonce: 'window-probe', enforce_nonce: true }),
      }).then((r) => r.json() as Promise<{ id: string }>);
    const first = await send();
    expect((await send()).id).toBe(first.id);
    offset += SIX_MINUTES;
    expect((await send()).id).not.toBe(first.id);
  });

  it('GIVEN a committed command whose interaction reply Discord fails WHEN the bot answers THEN its public narration reaches the thread through the outbox, once', async () => {
    const { threadId, gameId } = await gameIn(h, ['alice', 'bob']);
    h.runtime.dispatcher.start();
    const seqBefore = (await h.runtime.app.status(gameId)).ok ? ((await h.runtime.app.status(gameId)) as { value: { seq: number } }).value.seq : -1;
    discord.failRoute('POST', /^\/interactions\/\d+\/[^/]+\/callback$/, { status: 500, times: 4 });
    const aliceId = discord.users().find((u) => u.name === 'alice')!.id;
    const legal = await h.runtime.app.legal(gameId, aliceId);
    if (!legal.ok) throw new Error(legal.error.code);
    const index = legal.value.commands.findIndex((c) => c.type === 'add');
    await discord.slash('alice', threadId, `/play action:${legal.value.seq}.${index}`).catch(() => undefined);
    let narration: OutboxRow | undefined;
    for (let i = 0; i < 100 && narration?.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      narration = (await listOutbox(h.runtime.db.prisma, { kind: 'narration' })).find((r) => (r.target as { channelId?: string }).channelId === threadId);
    }
    expect(narration?.status).toBe('sent');
    const text = (narration?.payload as { content: string }).content;
    expect(text.length).toBeGreaterThan(0);
    const posted = discord.messages(threadId).filter((m) => m.content === text);
    expect(posted.length).toBe(1);
    expect(posted[0]?.id).toBe(narration?.sentRef);
    const status = await h.runtime.app.status(gameId);
    expect(status.ok && status.value.seq).toBe(seqBefore + 1);
    await h.runtime.dispatcher.stop();
  });

  it('GIVEN a dispatcher killed after Discord took its post and before marking it, and the nonce window passed WHEN another dispatcher takes over the expired lease THEN within seconds every row is delivered and nothing is posted twice', async () => {
    h.runtime.dispatcher.start();
    const { threadId, gameId } = await gameIn(h, ['alice', 'bob']);
    for (let i = 0; i < 100 && (await listOutbox(h.runtime.db.prisma)).some((r) => r.status !== 'sent' && r.status !== 'dead' && r.status !== 'failed'); i++) await new Promise((r) => setTimeout(r, 50));
    await h.runtime.dispatcher.stop();
    const before = discord.messages(threadId).length;
    const played = await h.runtime.app.play(gameId, { userId: discord.users().find((u) => u.name === 'alice')!.id, userName: 'alice' }, { type: 'pass', args: {} }, 'lease-pass-1');
    expect(played.ok).toBe(true);
    const pending = (await listOutbox(h.runtime.db.prisma, { gameId })).filter((r) => r.status === 'pending');
    expect(pending.length).toBeGreaterThanOrEqual(2);

    let postedByDead: DeliveryResult | undefined;
    let died!: () => void;
    const dead = new Promise<void>((resolve) => (died = resolve));
    const doomed = createDispatcher({
      db: h.runtime.db,
      clock: () => new Date(),
      leaseMs: 1_000,
      workerId: 'doomed',
      deliver: async (row: OutboxRow) => {
        postedByDead = await h.runtime.bot.deliver(row);
        died();
        return new Promise<DeliveryResult>(() => undefined);
      },
    });
    void doomed.tick();
    await dead;
    const diedAt = Date.now();
    expect(postedByDead).toMatchObject({ ok: true });
    const afterDeath = discord.messages(threadId).length;
    expect(afterDeath).toBe(before + 1);
    offset += SIX_MINUTES;

    const heir = createDispatcher({ db: h.runtime.db, deliver: h.runtime.bot.deliver, clock: () => new Date(), leaseMs: 1_000, workerId: 'heir' });
    let rows = await listOutbox(h.runtime.db.prisma, { gameId });
    while (rows.some((r) => r.status !== 'sent') && Date.now() - diedAt < 10_000) {
      await heir.tick();
      await new Promise((r) => setTimeout(r, 50));
      rows = await listOutbox(h.runtime.db.prisma, { gameId });
    }
    const tookOver = Date.now() - diedAt;
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(tookOver).toBeLessThan(3_000);
    const refs = rows.filter((r) => pending.some((p) => p.id === r.id)).map((r) => r.sentRef).filter((ref): ref is string => ref !== null && /^\d+$/.test(ref));
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs).toContain((postedByDead as { ref?: string }).ref);
    const posted = discord.messages(threadId).slice(before);
    const texts = posted.map((m) => `${m.content}|${m.attachments.map((a) => a.filename).join(',')}`);
    expect(new Set(texts).size).toBe(texts.length);
    expect(posted.length).toBe(new Set(refs).size);
  });
});
