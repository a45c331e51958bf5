import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/cli/compose.ts';
import type { GameCommand } from '../../src/core/index.ts';
import type { ComaWardPack } from '../../src/games/comaward/content.ts';
import { randomGame } from '../../src/games/comaward/random-play.ts';
import type { CwState } from '../../src/games/comaward/state.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { createMetrics, type Metrics } from '../../src/ops/metrics.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { gameIn, harness, type Harness } from '../support/discord-harness.ts';

/** A seed whose clue-hunting game reaches The Inheritance (secret roles) at step 46 and its epilogue at 137. */
const SEED = 208;
const PLAYERS = ['alice', 'bob', 'carol'] as const;

const catalog = await loadCatalog();
const pack = catalog.packs('comaward')?.data as ComaWardPack;

/** The commands of that game, in order, with the seat that plays each (replayed through Discord below). */
function script(): { seat: number; command: GameCommand; choosing: boolean }[] {
  const out: { seat: number; command: GameCommand; choosing: boolean }[] = [];
  randomGame(pack, SEED, PLAYERS.length, 400, (step) => out.push({ seat: step.seat, command: step.command, choosing: step.after.state.phase === 'prologue' && step.after.state.pending?.kind === 'hallucinationChoice' }), {}, 'clues');
  return out;
}

const asLogged = (text: string): string => JSON.stringify(text).slice(1, -1);
const both = (t: { en: string; es: string } | undefined): string[] => (t ? [t.en, t.es] : []);

/**
 * Everything of Coma Ward that is secret from someone at some moment: quirks (ids, names, texts), roles
 * (texts, and ids in JSON), every hallucination result and situation, every phenomenon's introduction and
 * every epilogue. Logs are read by operators, never players, so none of it belongs there, read or not.
 */
function secretTexts(): string[] {
  const out: string[] = [];
  for (const q of pack.quirks) out.push(`"${q.id}"`, ...both(q.name), ...both(q.text));
  for (const h of pack.hallucinations) {
    out.push(...both(h.situation));
    for (const v of h.versions) for (const r of Object.values(v.results)) out.push(...both(r.text));
  }
  for (const p of Object.values(pack.phenomena)) {
    out.push(...both(p.intro));
    for (const r of p.roles) out.push(`"${r.id}"`, ...both(r.text));
    for (const e of p.endings) out.push(...both(e.epilogue));
  }
  return [...new Set(out)].filter((s) => s.length >= 6);
}

describe.each(backends)('what the logger writes while Coma Ward is played (%s)', (backend) => {
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

  it('issue 16 "Trust I" (§Quirk Cards, §Hallucination Cards, §Revealing the Phenomenon, §End): GIVEN a seeded Coma Ward played through Discord to its epilogue at LOG_LEVEL trace, with a player who refuses DMs WHEN the logs, metric labels and the host\'s mid-game table record are read THEN no quirk, role, hallucination result, phenomenon text or epilogue is in them', async () => {
    h.discord.refuseDms('bob');
    const { threadId, gameId } = await gameIn(h, [...PLAYERS], { game: 'comaward', seed: SEED });
    const prisma = h.runtime.db.prisma;
    const steps = script();
    // The host exports while a hallucination waits for its choice: its results are still unread.
    const exportAt = steps.findIndex((st) => st.choosing);
    expect(exportAt).toBeGreaterThan(0);
    let record = '';
    let publicThen = '';
    let played = 0;
    for (const [i, { seat, command }] of steps.entries()) {
      const user = h.discord.user(PLAYERS[seat] as string);
      const legal = await h.runtime.app.legal(gameId, user.id);
      if (!legal.ok) throw new Error(legal.error.code);
      const index = legal.value.commands.findIndex((c) => JSON.stringify(c) === JSON.stringify(command));
      expect(index, `step ${i}: ${JSON.stringify(command)}`).toBeGreaterThanOrEqual(0);
      await h.discord.slash(PLAYERS[seat] as string, threadId, `/play action:${legal.value.seq}.${index}`);
      played += 1;
      if (i % 20 === 5) {
        for (const name of PLAYERS) await h.discord.slash(name, threadId, '/secrets');
        await h.runtime.dispatcher.tick();
      }
      if (i === exportAt) {
        await h.runtime.dispatcher.tick();
        const exported = await h.discord.slash('alice', threadId, '/game export');
        record = exported.reply?.attachments[0]?.bytes.toString('utf8') ?? '';
        publicThen = h.discord.messages(threadId).filter((m) => m.ephemeralFor === null).map((m) => String(m.content ?? '')).join('\n');
      }
    }
    for (let i = 0; i < 5; i++) await h.runtime.dispatcher.tick();
    expect(played).toBe(steps.length);

    const row = await prisma.game.findUnique({ where: { id: gameId }, select: { state: true } });
    const state = (row?.state as { state: CwState } | null)?.state;
    expect(state?.phase).toBe('over');
    expect(state?.phenomenon?.id).toBe('the-inheritance');
    expect(state?.players.some((p) => p.role !== null)).toBe(true);
    const publicThread = h.discord.messages(threadId).map((m) => String(m.content ?? '')).join('\n');
    expect(publicThread).toMatch(/📜/);
    const bobDm = h.discord.world.findDmChannel(h.discord.user('bob').id)?.id;
    expect(h.discord.calls.some((c) => c.method === 'POST' && bobDm !== undefined && c.path.includes(`/channels/${bobDm}/messages`))).toBe(true);
    expect(h.discord.dms('alice').length + h.discord.dms('carol').length).toBeGreaterThan(0);

    const log = lines.join('');
    const levels = new Set(lines.map((l) => (JSON.parse(l) as { level: number }).level));
    expect(levels).toContain(20);
    expect(log).not.toContain(`"seed":${SEED}`);
    for (const secret of secretTexts()) expect(log.includes(secret.startsWith('"') ? secret : asLogged(secret)), `log holds ${secret.slice(0, 60)}`).toBe(false);
    for (const p of state?.players ?? []) if (p.quirk) expect(log).not.toContain(p.quirk);
    expect(log).not.toMatch(/quirk\.[a-z0-9-]+\.|\.role\.[a-z0-9-]+\.|\.epilogue|\.results\./);

    expect(record).toContain('"turnkeeper.record/1"');
    // The record carries text keys, not texts: no key of a quirk, a role, an unread result, an introduction or an epilogue.
    expect(record).toContain('hallucination.situation');
    expect(record).not.toMatch(/"quirk\.|\.role\.|\.epilogue"|\.intro"|\.results\./);
    expect(record).not.toMatch(/"(seed|genesis|stateHashAfter|args|nonce)"/);
    // What the table had already heard read aloud is no secret any more; everything else must be absent.
    const unread = secretTexts().filter((s) => s.startsWith('"') || !publicThen.includes(s));
    expect(unread.length).toBeGreaterThan(100);
    const inRecord = unread.filter((s) => record.includes(s.startsWith('"') ? s : asLogged(s)));
    expect(inRecord.map((s) => s.slice(0, 60))).toEqual([]);

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
  }, 300_000);
});
