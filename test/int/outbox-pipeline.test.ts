import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createDispatcher, pingFirst, type App, type AppActor, type Deliver, type DeliveryResult } from '../../src/app/index.ts';
import { enqueue, type OutboxRow } from '../../src/store/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { tallyGame } from '../support/tally-game.ts';

/**
 * Issue 19, "The turn handoff": the outbox pass that tells the next player first. A thread's rows are
 * drawn together (`prepare`), the command's turn message is posted before its table picture, the picture's
 * post does not wait for the turn row's leftover work (`settled`), and a row is recorded sent only once
 * that work is done (retried when it fails). With `pipeline: false` the former order holds.
 */
const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const bo: AppActor = { userId: 'u-bo', userName: 'Bo' };

interface Gate {
  readonly promise: Promise<void>;
  open(): void;
  fail(error: Error): void;
}

function gate(): Gate {
  let open: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => ((open = resolve), (fail = reject)));
  promise.catch(() => undefined);
  return { promise, open, fail };
}

/** A fake Discord delivery: records what was prepared and posted; a turn row leaves `settled` on `turnSettled`. */
function recorder(turnSettled?: Gate) {
  const prepared: string[] = [];
  const posted: { kind: string; gameId: string | null; prepared: boolean }[] = [];
  const deliver = Object.assign(
    async (row: OutboxRow, ahead?: Promise<unknown>): Promise<DeliveryResult> => {
      if (ahead) await ahead;
      posted.push({ kind: row.kind, gameId: row.gameId, prepared: ahead !== undefined });
      return { ok: true, ref: `m-${row.id}`, ...(row.kind === 'turn' && turnSettled ? { settled: turnSettled.promise } : {}) };
    },
    {
      prepare: (row: OutboxRow) => {
        prepared.push(row.kind);
        return Promise.resolve(row.kind);
      },
    },
  ) satisfies Deliver;
  return { prepared, posted, deliver };
}

describe.each(backends)('outbox pipeline on %s', (kind) => {
  let db: TestDatabase;
  let app: App;
  let thread = 0;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date() });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  /** A started 2-seat tally game with its start-up rows delivered, then one `pass` that hands the turn on. */
  async function handedOn(): Promise<string> {
    const lobby = await app.newGame({ guildId: 'g', channelId: 'c', threadId: `pipe-${kind}-${++thread}`, host: ana, gameType: 'tally', options: { target: 50 }, seed: 4 });
    if (!lobby.ok) throw new Error(lobby.error.code);
    const gameId = lobby.value.gameId;
    await app.join(gameId, bo);
    await app.start(gameId, ana);
    await createDispatcher({ db, clock: () => new Date(), deliver: async () => ({ ok: true }) }).tick();
    const played = await app.play(gameId, ana, { type: 'pass', args: {} }, `pipe-${kind}-${thread}`);
    if (!played.ok) throw new Error(played.error.code);
    return gameId;
  }

  const statusOf = async (gameId: string, rowKind: string) => (await db.prisma.outbox.findMany({ where: { gameId, kind: rowKind }, orderBy: { id: 'desc' }, take: 1 }))[0];

  it('GIVEN a command that hands the turn on WHEN the outbox delivers its rows THEN both are drawn ahead, the turn message (the ping) is posted before the table picture, and the picture does not wait for the turn row\'s leftover work (Issue 19 §The turn handoff)', async () => {
    const gameId = await handedOn();
    const settled = gate();
    const fake = recorder(settled);
    const tick = createDispatcher({ db, clock: () => new Date(), deliver: fake.deliver }).tick();
    const until = Date.now() + 5_000;
    while (fake.posted.filter((p) => p.gameId === gameId).length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    const mine = fake.posted.filter((p) => p.gameId === gameId);
    expect(mine.map((p) => p.kind)).toEqual(['turn', 'post']);
    expect(mine.every((p) => p.prepared)).toBe(true);
    expect(fake.prepared).toEqual(expect.arrayContaining(['turn', 'post']));
    // The turn row is not recorded sent while its leftover work is under way; the picture already is.
    await new Promise((r) => setTimeout(r, 50));
    expect((await statusOf(gameId, 'turn'))?.status).toBe('sending');
    settled.open();
    const report = await tick;
    expect(report.sent).toBeGreaterThanOrEqual(2);
    expect((await statusOf(gameId, 'turn'))?.status).toBe('sent');
    expect((await statusOf(gameId, 'post'))?.status).toBe('sent');
  });

  it('GIVEN a turn message posted whose leftover work fails WHEN the pass ends THEN the turn row is not recorded sent but retried later (Issue 19 §The outbox delivers exactly once)', async () => {
    const gameId = await handedOn();
    const settled = gate();
    settled.fail(new Error('scheduler unreachable'));
    const fake = recorder(settled);
    await createDispatcher({ db, clock: () => new Date(), deliver: fake.deliver }).tick();
    const turn = await statusOf(gameId, 'turn');
    expect(turn?.status).toBe('pending');
    expect(turn?.lastError).toBe('scheduler unreachable');
    expect(turn?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect((await statusOf(gameId, 'post'))?.status).toBe('sent');
  });

  it('GIVEN the former pass (pipeline off) WHEN the outbox delivers the same rows THEN nothing is drawn ahead and the picture comes before the turn message, in the order of the log', async () => {
    const gameId = await handedOn();
    const fake = recorder();
    await createDispatcher({ db, clock: () => new Date(), deliver: fake.deliver, pipeline: false }).tick();
    expect(fake.prepared).toEqual([]);
    expect(fake.posted.filter((p) => p.gameId === gameId).map((p) => p.kind)).toEqual(['post', 'turn']);
  });

  it('GIVEN a backlog and one slow thread WHEN the dispatcher passes THEN its free lanes claim and deliver the rows behind it without waiting for the slow one, each thread in order (Issue 19 §The outbox delivers exactly once, fast)', async () => {
    const tag = `lanes-${kind}-${++thread}`;
    const note = (channelId: string, n: number) => ({ kind: 'notice', target: { channelId }, payload: { n } });
    await enqueue(db.prisma, null, [note(`${tag}-slow`, 0), ...[1, 2, 3, 4, 5, 6].map((n) => note(`${tag}-t${n % 3}`, n))]);
    const slow = gate();
    const posted: string[] = [];
    const deliver = async (row: OutboxRow): Promise<DeliveryResult> => {
      const target = (row.target as { channelId: string }).channelId;
      if (!target.startsWith(tag)) return { ok: true };
      if (target.endsWith('-slow')) await slow.promise;
      posted.push(`${target.slice(tag.length + 1)}:${(row.payload as { n: number }).n}`);
      return { ok: true, ref: `m-${row.id}` };
    };
    const tick = createDispatcher({ db, clock: () => new Date(), deliver, batch: 2, lanes: 2 }).tick();
    const until = Date.now() + 5_000;
    while (posted.length < 6 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    expect(posted).not.toContain('slow:0');
    expect(posted).toHaveLength(6);
    for (const t of ['t0', 't1', 't2']) expect(posted.filter((p) => p.startsWith(`${t}:`))).toEqual([1, 2, 3, 4, 5, 6].filter((n) => `t${n % 3}` === t).map((n) => `${t}:${n}`));
    slow.open();
    await tick;
    expect(posted.at(-1)).toBe('slow:0');
    const left = await db.prisma.outbox.count({ where: { status: { not: 'sent' }, target: { path: ['channelId'], string_starts_with: tag } } });
    expect(left).toBe(0);
  });

  it('GIVEN two processes\' dispatchers and a thread with a backlog WHEN one is posting the thread\'s rows THEN the other claims none of that thread\'s rows (only other threads\'), and the thread\'s messages go out in order (Issue 19 §The outbox delivers exactly once)', async () => {
    const tag = `order-${kind}-${++thread}`;
    await enqueue(db.prisma, null, [1, 2, 3, 4, 5, 6].map((n) => ({ kind: 'notice', target: { channelId: `${tag}-busy` }, payload: { n } })));
    await enqueue(db.prisma, null, [{ kind: 'notice', target: { channelId: `${tag}-other` }, payload: { n: 7 } }]);
    const slow = gate();
    const posted: string[] = [];
    const deliverer = (who: string) => async (row: OutboxRow): Promise<DeliveryResult> => {
      const target = (row.target as { channelId: string }).channelId;
      if (!target.startsWith(tag)) return { ok: true };
      const n = (row.payload as { n: number }).n;
      if (who === 'a' && n === 1) await slow.promise;
      posted.push(`${who}:${target.slice(tag.length + 1)}:${n}`);
      return { ok: true, ref: `m-${row.id}` };
    };
    const a = createDispatcher({ db, clock: () => new Date(), deliver: deliverer('a'), batch: 2, lanes: 1, workerId: `${tag}-a` }).tick();
    const until = Date.now() + 5_000;
    while ((await db.prisma.outbox.count({ where: { claimedBy: `${tag}-a` } })) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    // While A holds the busy thread's first rows, B takes the other thread's row and none of the busy one's.
    await createDispatcher({ db, clock: () => new Date(), deliver: deliverer('b'), batch: 20, workerId: `${tag}-b` }).tick();
    expect(posted.filter((p) => p.includes(':busy:'))).toEqual([]);
    expect(posted).toContain('b:other:7');
    slow.open();
    await a;
    // A's pass ends after its claims; the rest of the busy thread goes out in order whichever process takes it.
    for (let i = 0; i < 5 && (await db.prisma.outbox.count({ where: { status: 'pending', target: { path: ['channelId'], equals: `${tag}-busy` } } })) > 0; i++) {
      await createDispatcher({ db, clock: () => new Date(), deliver: deliverer('b'), workerId: `${tag}-b` }).tick();
    }
    expect(posted.filter((p) => p.includes(':busy:')).map((p) => Number(p.split(':')[2]))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('GIVEN a pass whose drawing throws WHEN it ends THEN the rows it claimed and never took up are pending again at once (not left leased to a living dispatcher), their attempt not counted', async () => {
    const tag = `broken-${kind}-${++thread}`;
    await enqueue(db.prisma, null, ['a', 'b', 'c'].map((t) => ({ kind: 'notice', target: { channelId: `${tag}-${t}` }, payload: {} })));
    const mine = (r: OutboxRow) => (r.target as { channelId: string }).channelId.startsWith(tag);
    const deliver = Object.assign(async (): Promise<DeliveryResult> => ({ ok: true }), {
      prepare: (row: OutboxRow) => {
        if (mine(row)) throw new Error('drawing failed');
        return undefined;
      },
    }) satisfies Deliver;
    await expect(createDispatcher({ db, clock: () => new Date(), deliver, lanes: 1 }).tick()).rejects.toThrow('drawing failed');
    const rows = await db.prisma.outbox.findMany({ where: { target: { path: ['channelId'], string_starts_with: tag } } });
    expect(rows.map((r) => [r.status, r.claimedBy, r.attempts])).toEqual([['pending', null, 0], ['pending', null, 0], ['pending', null, 0]]);
  });

  it('GIVEN a game handed on WHEN the turn message\'s reads are asked in one call (turnView) THEN they equal status, prompts and the awaited seat\'s legal commands read one by one', async () => {
    const gameId = await handedOn();
    const turn = await app.turnView(gameId);
    const [status, prompts, legal] = await Promise.all([app.status(gameId), app.prompts(gameId), app.legal(gameId, bo.userId)]);
    if (!turn.ok || !status.ok || !prompts.ok || !legal.ok) throw new Error('a read was refused');
    expect(status.value.awaiting?.seats.map((s) => s.userId)).toEqual([bo.userId]);
    expect(turn.value).toEqual({ view: status.value, prompts: prompts.value, legal: legal.value });
  });
});

describe('pingFirst', () => {
  const row = (id: number, kind: string, seq: number, payload: Record<string, unknown> = {}, gameId = 'g1'): OutboxRow =>
    ({ id: String(id), gameId, kind, target: { channelId: 't' }, payload: { seq, image: kind === 'post', ...payload }, status: 'sending', attempts: 1, lastError: null, sentRef: null, createdAt: new Date() }) as unknown as OutboxRow;

  it('GIVEN a picture then the turn message of the same command, then a later command WHEN ordered THEN each turn message moves in front of its own picture only', () => {
    const rows = [row(1, 'post', 3), row(2, 'turn', 3), row(3, 'post', 4), row(4, 'turn', 4)];
    expect(pingFirst(rows).map((r) => Number(r.id))).toEqual([2, 1, 4, 3]);
  });

  it('GIVEN an announced post (events told in text), another game\'s picture or an older picture WHEN ordered THEN the turn message stays behind them', () => {
    expect(pingFirst([row(1, 'post', 3, { announce: true }), row(2, 'turn', 3)]).map((r) => Number(r.id))).toEqual([1, 2]);
    expect(pingFirst([row(1, 'post', 3, {}, 'g2'), row(2, 'turn', 3)]).map((r) => Number(r.id))).toEqual([1, 2]);
    expect(pingFirst([row(1, 'post', 2), row(2, 'turn', 3)]).map((r) => Number(r.id))).toEqual([1, 2]);
  });
});
