import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComanautsState } from '../../src/games/comanauts/state.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { createMetrics, type Metrics } from '../../src/ops/metrics.ts';
import { listOutbox } from '../../src/store/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { answerText, gameIn, harness, type Harness } from '../support/discord-harness.ts';

const SEED = 736_492_815;

/** What a line of text looks like inside a JSON log line. */
function asLogged(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

describe.each(backends)('what the logger writes (%s)', (backend) => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  let h: Harness;
  let metrics: Metrics;
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    metrics = createMetrics();
    if (backend === 'postgres') db = await openTestDatabase('postgres');
    h = await harness({ rateLimit: 10_000, logger: createLogger('trace', sink), metrics, ...(db?.url ? { databaseUrl: db.url } : {}) });
  });
  afterAll(async () => {
    await h?.stop();
    await db?.dispose();
  });

  it('GIVEN a seeded comanauts game at LOG_LEVEL trace, a player who refuses DMs and a database error mid-move WHEN the game is played through Discord THEN no log line holds the seed, hidden state or a private message, and metrics labels come from fixed sets', async () => {
    h.discord.refuseDms('bob');
    const { threadId, gameId } = await gameIn(h, ['alice', 'bob'], { game: 'comanauts', seed: SEED });
    const prisma = h.runtime.db.prisma;
    let failedOnce = false;
    for (let step = 0; step < 24; step++) {
      const status = await h.runtime.app.status(gameId);
      if (!status.ok || status.value.phase?.phase !== 'playing') break;
      const user = status.value.awaiting?.seats[0];
      if (!user) break;
      const legal = await h.runtime.app.legal(gameId, user.userId);
      if (!legal.ok) throw new Error(legal.error.code);
      const end = legal.value.commands.findIndex((c) => c.type === 'endActions');
      const index = step % 3 === 2 && end >= 0 ? end : (step * 7) % legal.value.commands.length;
      const name = h.discord.users().find((u) => u.id === user.userId)?.name ?? '';
      if (step === 6) {
        // PostgreSQL answers a violated check with the whole failing row (seed and state) in its detail.
        await prisma.$executeRawUnsafe(`ALTER TABLE "Game" ADD CONSTRAINT tk_forced CHECK (seq < ${legal.value.seq + 1}) NOT VALID`);
        const refused = await h.discord.slash(name, threadId, `/play action:${legal.value.seq}.${index}`);
        await prisma.$executeRawUnsafe(`ALTER TABLE "Game" DROP CONSTRAINT tk_forced`);
        failedOnce = answerText(refused).length > 0 && refused.ephemeral;
        continue;
      }
      await h.discord.slash(name, threadId, `/play action:${legal.value.seq}.${index}`);
      await h.runtime.dispatcher.tick();
    }
    expect(failedOnce).toBe(true);
    const tally = await gameIn(h, ['alice', 'bob'], { seed: SEED });
    for (const [challenger, answerer] of [['alice', 'bob'], ['bob', 'alice']] as const) {
      const legal = await h.runtime.app.legal(tally.gameId, h.discord.user(challenger).id);
      if (!legal.ok) throw new Error(legal.error.code);
      await h.discord.slash(challenger, tally.threadId, `/play action:${legal.value.seq}.${legal.value.commands.findIndex((c) => c.type === 'challenge')}`);
      const answer = await h.runtime.app.legal(tally.gameId, h.discord.user(answerer).id);
      if (!answer.ok) throw new Error(answer.error.code);
      await h.discord.slash(answerer, tally.threadId, `/play action:${answer.value.seq}.${answer.value.commands.findIndex((c) => c.type === 'answer')}`);
      if (challenger === 'alice') await h.discord.slash('alice', tally.threadId, `/play action:${answer.value.seq + 1}.${(await h.runtime.app.legal(tally.gameId, h.discord.user('alice').id).then((l) => (l.ok ? l.value.commands.findIndex((c) => c.type === 'pass') : -1)))}`);
    }
    for (let i = 0; i < 5; i++) await h.runtime.dispatcher.tick();

    const bobDm = h.discord.world.findDmChannel(h.discord.user('bob').id)?.id;
    const refusedTexts = h.discord.calls.filter((c) => c.method === 'POST' && bobDm !== undefined && c.path.includes(`/channels/${bobDm}/messages`)).map((c) => String((c.body as { content?: unknown } | undefined)?.content ?? ''));
    const privateTexts = [...refusedTexts, ...h.discord.dms('alice').map((m) => String(m.content ?? ''))].flatMap((text) => text.split('\n')).filter((line) => line.trim().length >= 12);
    expect(refusedTexts.length).toBeGreaterThan(0);
    expect(h.discord.dms('alice').length).toBeGreaterThan(0);
    expect((await listOutbox(prisma, { gameId: tally.gameId })).some((r) => r.kind === 'dm' && r.status === 'failed')).toBe(true);

    const row = await prisma.game.findUnique({ where: { id: gameId }, select: { state: true } });
    const state = (row?.state as { state: ComanautsState } | null)?.state;
    if (!state) throw new Error('no state');
    const hidden = [state.primeEntity, ...state.players.flatMap((p) => p.avatarCards.slice(p.current + 1)), 'primeEntity', 'avatarCards'];

    const log = lines.join('');
    const levels = new Set(lines.map((l) => (JSON.parse(l) as { level: number }).level));
    expect(levels).toContain(20);
    expect(levels).toContain(40);
    expect(levels).toContain(50);
    expect(log).not.toContain(String(SEED));
    for (const secret of hidden) expect(log, secret).not.toContain(`"${secret}"`);
    for (const text of privateTexts) expect(log, text).not.toContain(asLogged(text.trim()));

    const labels = (await metrics.registry.getMetricsAsJSON()).filter((m) => m.name.startsWith('turnkeeper_')).flatMap((m) => m.values.flatMap((v) => Object.entries(v.labels)));
    const commands = new Set([...h.discord.commands().map((c) => c.name), 'button']);
    const allowed: Record<string, ReadonlySet<string>> = {
      command: commands,
      outcome: new Set(['accepted', 'refused', 'failed']),
      kind: new Set(['command', 'autocomplete', 'button', 'other', 'dm', 'post', 'turn', 'notice', 'dormant', 'reminder', 'prompt', 'narration']),
      result: new Set(['sent', 'skipped', 'failed']),
      queue: new Set(['bullmq', 'in-process']),
      state: new Set(['ok', 'degraded']),
      le: new Set(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '+Inf']),
    };
    expect(labels.length).toBeGreaterThan(0);
    for (const [name, value] of labels) expect(allowed[name]?.has(String(value)), `${name}=${String(value)}`).toBe(true);
  });
});
