import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../src/local/discord/types.ts';
import { interactiveComponents } from '../../src/local/transcript/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { harness, tallyIn, type Harness } from '../support/discord-harness.ts';

/** Buttons a player can still press under a message. */
const liveButtons = (m: LocalMessage) => interactiveComponents(m.components).filter((c) => c.type === 2 && c.disabled !== true);

/**
 * Issue 19, "The turn handoff", through the real bot, discord.js and the local Discord: on PostgreSQL the
 * outbox draws a thread's rows together and posts the turn message (the ping) before the table picture;
 * on PGlite (one connection) the former order stays, the picture first. Either way each handoff pings the
 * next player once, posts one picture, and leaves exactly one turn message with live buttons.
 */
describe.each(backends)('turn handoff order on %s', (kind) => {
  let db: TestDatabase | undefined;
  let h: Harness;
  beforeAll(async () => {
    if (kind === 'postgres') db = await openTestDatabase(kind);
    h = await harness({ rateLimit: 10_000, ...(db?.url ? { databaseUrl: db.url } : {}) });
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
    await db?.dispose();
  });

  async function until(test: () => boolean, ms = 5_000): Promise<void> {
    const end = Date.now() + ms;
    while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  }

  it(`GIVEN a 2-player game WHEN four moves hand the turn on THEN each handoff pings the next player once and posts one picture, ${kind === 'postgres' ? 'the ping first' : 'the picture first'}, with one live turn message, the previous one retired without a read (Issue 19 §The turn handoff)`, async () => {
    const names = [`ho-${kind}-a`, `ho-${kind}-b`];
    const { threadId, gameId } = await tallyIn(h, names);
    const users = names.map((name) => h.discord.users().find((u) => u.name === name)!.id);
    const posts = () => h.discord.messages(threadId).filter((m) => !m.interactionId && !m.deleted);
    // The start's own ping and picture (the ping may come first) are in before the first move.
    await until(() => posts().some((m) => m.pings.length > 0) && posts().some((m) => m.attachments.length > 0));
    await h.runtime.dispatcher.tick();
    const callsBefore = h.discord.calls.length;
    for (let turn = 0; turn < 4; turn++) {
      const status = await h.runtime.app.status(gameId);
      if (!status.ok || !status.value.awaiting) throw new Error('game not waiting');
      const mover = status.value.awaiting.seats[0]!.userId;
      const next = users.find((u) => u !== mover)!;
      const legal = await h.runtime.app.legal(gameId, mover);
      if (!legal.ok) throw new Error(legal.error.code);
      const before = Math.max(0, ...posts().map((m) => m.seq));
      const reply = await h.discord.slash(mover, threadId, `/play action:${legal.value.seq}.${legal.value.commands.findIndex((c) => c.type === 'pass')}`);
      expect(reply.ephemeral).toBeFalsy();
      const fresh = () => posts().filter((m) => m.seq > before);
      await until(() => fresh().some((m) => m.pings.includes(next)) && fresh().some((m) => m.attachments.length > 0) && posts().filter((m) => liveButtons(m).length > 0).length === 1);
      const made = fresh();
      const pings = made.filter((m) => m.pings.length > 0);
      const pictures = made.filter((m) => m.attachments.length > 0);
      expect(pings.map((m) => m.pings)).toEqual([[next]]);
      expect(pictures).toHaveLength(1);
      if (kind === 'postgres') expect(pings[0]!.seq).toBeLessThan(pictures[0]!.seq);
      else expect(pictures[0]!.seq).toBeLessThan(pings[0]!.seq);
      expect(posts().filter((m) => liveButtons(m).length > 0).map((m) => m.id)).toEqual([pings[0]!.id]);
    }
    // The previous turn message is retired from the text this process wrote: one PATCH each, no read first.
    const messageCalls = h.discord.calls.slice(callsBefore).filter((c) => c.path.startsWith(`/channels/${threadId}/messages/`));
    expect(messageCalls.filter((c) => c.method === 'GET')).toEqual([]);
    expect(messageCalls.filter((c) => c.method === 'PATCH').length).toBeGreaterThanOrEqual(4);
    expect(posts().filter((m) => m.pings.length > 0).slice(-5, -1).every((m) => m.content.split('\n').at(-1)!.startsWith('✓ '))).toBe(true);
  }, 60_000);
});
