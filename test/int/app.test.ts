import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, createDispatcher, type App, type AppActor, type DeliveryResult, type GameExport } from '../../src/app/index.ts';
import { enqueue, listOutbox, type OutboxRow } from '../../src/store/index.ts';
import { tallyGame } from '../support/tally-game.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { unwrap } from '../support/unwrap.ts';

const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const bo: AppActor = { userId: 'u-bo', userName: 'Bo' };
const cy: AppActor = { userId: 'u-cy', userName: 'Cy' };

function fixedClock(start = Date.now()) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

describe.each(backends)('app on %s', (kind) => {
  let db: TestDatabase;
  let app: App;
  const clock = fixedClock();
  let thread = 0;
  const logs: string[] = [];
  const logger = { debug: (_o: object, m?: string) => void logs.push(m ?? ''), info: () => {}, warn: () => {}, error: () => {} };

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: clock.now, logger });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  async function twoPlayerGame(): Promise<string> {
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `t-${kind}-${++thread}`, host: ana, gameType: 'tally', options: { target: 30 }, seed: 42 }));
    unwrap(await app.join(lobby.gameId, bo));
    unwrap(await app.start(lobby.gameId, ana));
    return lobby.gameId;
  }

  it('GIVEN a lobby WHEN players join, leave and the host starts THEN seats follow join order and rules are enforced', async () => {
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `lobby-${kind}`, host: ana, gameType: 'tally', options: {} }));
    expect(await app.join(lobby.gameId, ana)).toEqual({ ok: false, error: { code: 'core.alreadyJoined' } });
    unwrap(await app.join(lobby.gameId, bo));
    unwrap(await app.join(lobby.gameId, cy));
    expect(await app.start(lobby.gameId, bo)).toEqual({ ok: false, error: { code: 'core.notHost' } });
    expect(unwrap(await app.kick(lobby.gameId, ana, 'u-bo')).seats.map((s) => s.userId)).toEqual(['u-ana', 'u-cy']);
    const started = unwrap(await app.start(lobby.gameId, ana));
    expect(started.awaiting).toEqual({ kind: 'turn', seats: [{ seat: 0, userId: 'u-ana', userName: 'Ana' }] });
    const status = unwrap(await app.status(lobby.gameId));
    expect(status.seats.map((s) => [s.seat, s.userId])).toEqual([[0, 'u-ana'], [1, 'u-cy']]);
    const outbox = await listOutbox(db.prisma, { gameId: lobby.gameId });
    expect(outbox.map((r) => r.kind)).toEqual(['post', 'dm', 'dm', 'turn']);
    expect(await app.join(lobby.gameId, bo)).toEqual({ ok: false, error: { code: 'core.lobby.closed', params: { status: 'playing' } } });
  });

  it('GIVEN one seat WHEN a two-seat minimum game is started THEN it is refused as tooFew', async () => {
    const lonely = createApp({ db, games: { tally: { ...tallyGame, seats: { min: 2, max: 4 } } }, packs: () => undefined, clock: clock.now });
    const lobby = unwrap(await lonely.newGame({ guildId: 'g', channelId: 'c', host: ana, gameType: 'tally' }));
    expect(await lonely.start(lobby.gameId, ana)).toEqual({ ok: false, error: { code: 'core.lobby.tooFew', params: { min: 2 } } });
  });

  it('GIVEN a started game WHEN a seat plays THEN public events return, outbox rows are written and DMs go to the addressed seat', async () => {
    const id = await twoPlayerGame();
    expect(await app.play(id, bo, { type: 'add', args: { n: 1 } }, 'x0')).toEqual({ ok: false, error: { code: 'core.notYourTurn', params: { seat: 0 } } });
    expect(await app.play(id, cy, { type: 'add', args: { n: 1 } }, 'x1')).toEqual({ ok: false, error: { code: 'core.seat.none' } });
    const added = unwrap(await app.play(id, ana, { type: 'add', args: { n: 2 } }, 'p1'));
    expect(added).toMatchObject({ seq: 1, events: [{ code: 'tally.added', params: { seat: 0, n: 2 } }], status: 'playing' });
    const challenged = unwrap(await app.play(id, ana, { type: 'challenge', args: {} }, 'p2'));
    expect(challenged.events).toEqual([]);
    expect(challenged.awaiting).toEqual({ kind: 'challenge', seats: [{ seat: 1, userId: 'u-bo', userName: 'Bo' }] });
    const rows = (await listOutbox(db.prisma, { gameId: id })).filter((r) => (r.payload as { seq: number }).seq === 2);
    expect(rows.map((r) => [r.kind, r.target])).toEqual([
      ['post', { channelId: `t-${kind}-${thread}` }],
      ['dm', { userId: 'u-bo', seat: 1 }],
      ['turn', { channelId: `t-${kind}-${thread}` }],
    ]);
    const secrets = unwrap(await app.secrets(id, 'u-bo'));
    expect(secrets.events[0]?.code).toBe('tally.secret');
  });

  it('GIVEN a played command WHEN the same nonce arrives again THEN nothing is applied and the earlier result returns', async () => {
    const id = await twoPlayerGame();
    const first = unwrap(await app.play(id, ana, { type: 'add', args: { n: 3 } }, 'same-nonce'));
    unwrap(await app.play(id, ana, { type: 'pass', args: {} }, 'after'));
    const again = unwrap(await app.play(id, ana, { type: 'add', args: { n: 3 } }, 'same-nonce'));
    expect(again).toMatchObject({ duplicate: true, seq: first.seq, events: first.events });
    expect(await app.play(id, bo, { type: 'add', args: { n: 3 } }, 'same-nonce')).toEqual({ ok: false, error: { code: 'core.duplicate' } });
    const doc = unwrap(await app.exportGame(id));
    expect(doc.log.map((e) => e.nonce)).toEqual(['same-nonce', 'after']);
  });

  it('GIVEN two app instances WHEN one commits while the other is about to append THEN the late one conflicts, retries once, and both commands land in order', async () => {
    const id = await twoPlayerGame();
    const peerDb = await db.openPeer();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachedAppend = false;
    const gatedPrisma = new Proxy(peerDb.prisma, {
      get(target, prop, receiver) {
        if (prop === '$queryRawUnsafe' && !reachedAppend) {
          return async (...args: unknown[]) => {
            reachedAppend = true;
            await gate;
            return (target.$queryRawUnsafe as (...a: unknown[]) => Promise<unknown>)(...args);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const peer = createApp({ db: { ...peerDb, prisma: gatedPrisma }, games: { tally: tallyGame }, packs: () => undefined, clock: clock.now, logger });
    logs.length = 0;
    const late = peer.play(id, ana, { type: 'add', args: { n: 2 } }, 'race-b');
    await vi.waitFor(() => expect(reachedAppend).toBe(true));
    const a = await app.play(id, ana, { type: 'add', args: { n: 1 } }, 'race-a');
    release();
    const b = await late;
    expect([a.ok, b.ok]).toEqual([true, true]);
    expect(logs).toContain('app.conflict');
    const doc = unwrap(await app.exportGame(id));
    expect(doc.log.map((e) => e.seq)).toEqual([1, 2]);
    expect(unwrap(await app.status(id)).publicView).toMatchObject({ scores: [3, 0] });
    expect(unwrap(await app.verify(id))).toMatchObject({ ok: true, commands: 2 });
  });

  it('GIVEN a game cached by one instance WHEN another instance moves it THEN the first reads and plays on the new state', async () => {
    const id = await twoPlayerGame();
    const peerDb = await db.openPeer();
    const peer = createApp({ db: peerDb, games: { tally: tallyGame }, packs: () => undefined, clock: clock.now, logger });
    unwrap(await app.play(id, ana, { type: 'add', args: { n: 1 } }, 'cache-1'));
    unwrap(await peer.play(id, ana, { type: 'pass', args: {} }, 'cache-2'));
    expect(unwrap(await app.status(id))).toMatchObject({ seq: 2, publicView: { turn: 1, scores: [1, 0] } });
    unwrap(await peer.play(id, bo, { type: 'add', args: { n: 2 } }, 'cache-3'));
    unwrap(await peer.play(id, bo, { type: 'pass', args: {} }, 'cache-4'));
    // The first instance still holds seq 2, where it is bo's turn; on the stored state it is ana's, so
    // the answer must come from a fresh read, never from the stale entry.
    expect(unwrap(await app.play(id, ana, { type: 'add', args: { n: 3 } }, 'cache-5'))).toMatchObject({ seq: 5 });
    expect(await app.play(id, bo, { type: 'add', args: { n: 1 } }, 'cache-6')).toEqual({ ok: false, error: { code: 'core.notYourTurn', params: { seat: 0 } } });
    expect(unwrap(await app.status(id)).publicView).toMatchObject({ scores: [4, 2] });
    expect(unwrap(await app.verify(id))).toMatchObject({ ok: true, commands: 5 });
  });

  it('GIVEN a game cached by one instance WHEN another pauses it or replaces a seat THEN the first refuses as the database says', async () => {
    const id = await twoPlayerGame();
    unwrap(await app.play(id, ana, { type: 'add', args: { n: 1 } }, 'pause-1'));
    const peerDb = await db.openPeer();
    await peerDb.prisma.game.update({ where: { id }, data: { pausedAt: new Date(), version: { increment: 1 } } });
    expect(await app.play(id, ana, { type: 'add', args: { n: 1 } }, 'pause-2')).toEqual({ ok: false, error: { code: 'schedule.game.paused' } });
    await peerDb.prisma.game.update({ where: { id }, data: { pausedAt: null, version: { increment: 1 } } });
    await peerDb.prisma.$transaction([
      peerDb.prisma.seat.updateMany({ where: { gameId: id, userId: 'u-bo' }, data: { userId: 'u-cy', userName: 'Cy' } }),
      peerDb.prisma.game.update({ where: { id }, data: { version: { increment: 1 } } }),
    ]);
    // The cached seats still say bo holds seat 1 (which would answer "not your turn").
    expect(await app.play(id, bo, { type: 'add', args: { n: 1 } }, 'pause-3')).toEqual({ ok: false, error: { code: 'core.seat.none' } });
    expect(unwrap(await app.status(id)).seats.map((s) => s.userId)).toEqual(['u-ana', 'u-cy']);
    unwrap(await app.play(id, ana, { type: 'pass', args: {} }, 'pause-4'));
    expect(unwrap(await app.play(id, cy, { type: 'add', args: { n: 1 } }, 'pause-5'))).toMatchObject({ seq: 3 });
  });

  it('GIVEN a cache of size 0 WHEN games are played THEN every answer is the same as with the cache', async () => {
    const uncached = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: clock.now, cacheSize: 0 });
    const id = await twoPlayerGame();
    const a = unwrap(await uncached.play(id, ana, { type: 'add', args: { n: 2 } }, 'nc-1'));
    const b = unwrap(await app.play(id, ana, { type: 'add', args: { n: 1 } }, 'nc-2'));
    const c = unwrap(await uncached.play(id, ana, { type: 'pass', args: {} }, 'nc-3'));
    expect([a.seq, b.seq, c.seq]).toEqual([1, 2, 3]);
    expect(unwrap(await uncached.status(id))).toEqual(unwrap(await app.status(id)));
  });

  it('GIVEN a prompt button or an autocomplete choice WHEN it is current THEN it plays, and from an earlier seq it is stale', async () => {
    const id = await twoPlayerGame();
    const threadId = `t-${kind}-${thread}`;
    expect(unwrap(await app.gameInThread(threadId))).toEqual({ gameId: id, gameType: 'tally' });
    expect(await app.gameInThread('no-such-thread')).toEqual({ ok: false, error: { code: 'core.game.notFound', params: { threadId: 'no-such-thread' } } });
    const legal = unwrap(await app.legal(id, 'u-ana'));
    const challenge = legal.commands.findIndex((c) => c.type === 'challenge');
    unwrap(await app.playLegal(id, ana, { seq: legal.seq, index: challenge }, 'pp-1'));
    expect(await app.playLegal(id, ana, { seq: legal.seq, index: 0 }, 'pp-2')).toEqual({ ok: false, error: { code: 'core.button.stale' } });
    const prompts = unwrap(await app.prompts(id));
    expect(await app.playPrompt(id, bo, { seq: prompts.seq, a: 0, b: 9 }, 'pp-3')).toEqual({ ok: false, error: { code: 'core.button.stale' } });
    expect(await app.playPrompt(id, ana, { seq: prompts.seq, a: 0, b: 0 }, 'pp-4')).toEqual({ ok: false, error: { code: 'core.notYourPrompt' } });
    const answered = unwrap(await app.playPrompt(id, bo, { seq: prompts.seq, a: 0, b: 0 }, 'pp-5'));
    expect(answered.events).toEqual([{ to: 'public', code: 'tally.answered', params: { seat: 1, accept: true } }]);
    expect(await app.playPrompt(id, bo, { seq: prompts.seq, a: 0, b: 0 }, 'pp-6')).toEqual({ ok: false, error: { code: 'core.button.stale' } });
  });

  it('GIVEN many writers WHEN they race THEN every outcome is accepted or movedOn and none is lost or doubled', async () => {
    const id = await twoPlayerGame();
    const peerDb = await db.openPeer();
    const peer = createApp({ db: peerDb, games: { tally: tallyGame }, packs: () => undefined, clock: clock.now });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? peer : app).play(id, ana, { type: 'add', args: { n: 1 } }, `many-${i}`)));
    const accepted = results.filter((r) => r.ok).length;
    expect(results.every((r) => r.ok || r.error.code === 'core.movedOn')).toBe(true);
    expect(accepted).toBeGreaterThanOrEqual(1);
    const doc = unwrap(await app.exportGame(id));
    expect(doc.log).toHaveLength(accepted);
    expect(new Set(doc.log.map((e) => e.nonce)).size).toBe(accepted);
    expect(unwrap(await app.status(id)).publicView).toMatchObject({ scores: [accepted, 0] });
  });

  it('GIVEN reversible moves after a roll WHEN players undo THEN only their own moves since the barrier come back', async () => {
    const id = await twoPlayerGame();
    unwrap(await app.play(id, ana, { type: 'roll', args: {} }, 'u1'));
    unwrap(await app.play(id, ana, { type: 'add', args: { n: 2 } }, 'u2'));
    const before = unwrap(await app.status(id)).publicView as { scores: number[] };
    expect(await app.undo(id, bo, 'u3')).toEqual({ ok: false, error: { code: 'core.undo.notYours' } });
    const undone = unwrap(await app.undo(id, ana, 'u4'));
    expect(undone.events).toEqual([{ to: 'public', code: 'core.undone', params: { seq: 2, type: 'add' } }]);
    expect(unwrap(await app.status(id)).publicView).toMatchObject({ scores: [before.scores[0]! - 2, 0] });
    expect(await app.undo(id, ana, 'u5')).toEqual({ ok: false, error: { code: 'core.undo.barrier', params: { seq: 1 } } });
    const commands = await db.prisma.gameCommand.findMany({ where: { gameId: id }, orderBy: { seq: 'asc' } });
    expect(commands.map((c) => [c.type, c.undone])).toEqual([['roll', false], ['add', true], ['core.undo', false]]);
    expect(unwrap(await app.verify(id))).toMatchObject({ ok: true, commands: 3 });
  });

  it('GIVEN a finished game WHEN exported, imported and verified THEN it round-trips and a tampered log names the first diverging seq', async () => {
    const id = await twoPlayerGame();
    let n = 0;
    let last;
    do last = unwrap(await app.play(id, ana, { type: 'add', args: { n: 3 } }, `f${n++}`));
    while (last.status === 'playing');
    expect(last.events.at(-1)).toMatchObject({ code: 'core.game.ended', params: { phase: 'won' } });
    const doc = unwrap(await app.exportGame(id));
    const json = JSON.parse(JSON.stringify(doc)) as GameExport;
    expect(unwrap(await app.verify(json))).toEqual({ ok: true, commands: doc.log.length, hash: expect.any(String), segments: [{ from: 0, to: doc.log.length, rulesVersion: '1', checked: 'replayed' }] });
    const imported = unwrap(await app.importGame(json, { guildId: 'g2', channelId: 'c2', host: bo }));
    const copy = unwrap(await app.exportGame(imported.gameId));
    expect(copy.log).toEqual(doc.log);
    expect(unwrap(await app.status(imported.gameId))).toMatchObject({ status: 'finished', hostUserId: 'u-ana', seats: [{ userId: 'u-ana' }, { userId: 'u-bo' }] });
    const tampered = { ...json, log: json.log.map((e) => (e.seq === 4 ? { ...e, args: { n: 2 } } : e)) };
    expect(unwrap(await app.verify(tampered))).toMatchObject({ ok: false, seq: 4, reason: 'hash' });
    expect(await app.importGame(tampered, { guildId: 'g2', channelId: 'c2', host: bo })).toMatchObject({ ok: false, error: { code: 'core.import.diverged', params: { seq: 4 } } });
  });

  it('GIVEN rows for two threads WHEN one tick delivers them THEN the threads are served side by side and each thread keeps its order', async () => {
    await db.prisma.outbox.updateMany({ where: { status: 'pending' }, data: { status: 'sent' } });
    const post = (channelId: string, n: number) => ({ kind: 'post', target: { channelId }, payload: { n } });
    await enqueue(db.prisma, null, [post('t-a', 1), post('t-a', 2), post('t-a', 3), post('t-b', 1), post('t-b', 2)]);
    await db.prisma.outbox.updateMany({ where: { status: 'pending' }, data: { nextAttemptAt: clock.now() } });
    const log: string[] = [];
    let inFlight = 0;
    let overlapped = false;
    const dispatcher = createDispatcher({
      db, clock: clock.now, batch: 10,
      deliver: async (row) => {
        inFlight++;
        overlapped ||= inFlight > 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`${(row.target as { channelId: string }).channelId}#${(row.payload as { n: number }).n}`);
        inFlight--;
        return { ok: true };
      },
    });
    expect(await dispatcher.tick()).toMatchObject({ claimed: 5, sent: 5 });
    expect(overlapped).toBe(true);
    expect(log.filter((l) => l.startsWith('t-a'))).toEqual(['t-a#1', 't-a#2', 't-a#3']);
    expect(log.filter((l) => l.startsWith('t-b'))).toEqual(['t-b#1', 't-b#2']);
  });

  it('GIVEN a backlog of several full batches WHEN the dispatcher runs THEN it drains them back to back instead of one batch per interval', async () => {
    await db.prisma.outbox.updateMany({ where: { status: 'pending' }, data: { status: 'sent' } });
    await enqueue(db.prisma, null, Array.from({ length: 23 }, (_, n) => ({ kind: 'post', target: { channelId: `t-${n % 6}` }, payload: { n } })));
    await db.prisma.outbox.updateMany({ where: { status: 'pending' }, data: { nextAttemptAt: clock.now() } });
    const delivered: number[] = [];
    const dispatcher = createDispatcher({
      db, clock: clock.now, batch: 5, intervalMs: 60_000,
      deliver: async (row) => {
        delivered.push((row.payload as { n: number }).n);
        return { ok: true };
      },
    });
    dispatcher.start();
    try {
      await vi.waitFor(() => expect(delivered).toHaveLength(23), { timeout: 10_000, interval: 20 });
    } finally {
      await dispatcher.stop();
    }
    expect(new Set(delivered).size).toBe(23);
    expect(await db.prisma.outbox.count({ where: { status: 'pending' } })).toBe(0);
  });

  it('GIVEN three table refreshes of one game waiting together WHEN a tick delivers them THEN only the newest is drawn and posted, the others are marked superseded', async () => {
    const id = await twoPlayerGame();
    unwrap(await app.play(id, ana, { type: 'pass', args: {} }, 'p1'));
    unwrap(await app.play(id, bo, { type: 'pass', args: {} }, 'p2'));
    await db.prisma.outbox.updateMany({ where: { gameId: { not: id }, status: 'pending' }, data: { status: 'sent' } });
    await db.prisma.outbox.updateMany({ where: { status: 'pending' }, data: { nextAttemptAt: clock.now() } });
    const pictures = (await listOutbox(db.prisma, { gameId: id, status: 'pending' })).filter((r) => r.kind === 'post' && (r.payload as { image?: boolean }).image);
    expect(pictures).toHaveLength(3);
    const drawn: number[] = [];
    const dispatcher = createDispatcher({
      db, clock: clock.now, batch: 50,
      deliver: async (row) => {
        if (row.kind === 'post') drawn.push((row.payload as { seq: number }).seq);
        return { ok: true, ref: 'm' };
      },
    });
    await dispatcher.tick();
    expect(drawn).toEqual([2]);
    const rows = await db.prisma.outbox.findMany({ where: { id: { in: pictures.map((r) => BigInt(r.id)) } }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.status, r.sentRef])).toEqual([['sent', 'superseded'], ['sent', 'superseded'], ['sent', 'm']]);
  });

  it('GIVEN committed rows WHEN the dispatcher crashes mid-delivery and restarts THEN each message goes out exactly once', async () => {
    const id = await twoPlayerGame();
    unwrap(await app.play(id, ana, { type: 'pass', args: {} }, 'd1'));
    await db.prisma.outbox.updateMany({ where: { gameId: { not: id } }, data: { status: 'sent' } });
    const pending = await listOutbox(db.prisma, { gameId: id, status: 'pending' });
    const delivered: string[] = [];
    const crashing = createDispatcher({
      db, clock: clock.now, batch: 2, workerId: 'crashing',
      deliver: async () => {
        throw new Error('process died');
      },
    });
    await db.prisma.outbox.updateMany({ where: { gameId: id }, data: { status: 'sending', claimedBy: 'crashing', claimedAt: clock.now() } });
    const good = createDispatcher({
      db, clock: clock.now, batch: 50, staleAfterMs: 60_000,
      deliver: async (row: OutboxRow): Promise<DeliveryResult> => {
        delivered.push(row.id);
        return { ok: true, ref: `m-${row.id}` };
      },
    });
    expect((await good.tick()).claimed).toBe(0);
    clock.advance(61_000);
    expect((await good.tick()).requeued).toBe(pending.length);
    expect((await good.tick()).claimed).toBe(0);
    await crashing.stop();
    const rows = await listOutbox(db.prisma, { gameId: id });
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const superseded = rows.filter((r) => r.sentRef === 'superseded').map((r) => r.id);
    expect(superseded).toHaveLength(1);
    expect(delivered.sort()).toEqual(pending.map((r) => r.id).filter((rowId) => !superseded.includes(rowId)).sort());
    expect(rows.filter((r) => r.sentRef !== 'superseded').every((r) => r.sentRef === `m-${r.id}`)).toBe(true);
  });

  it('Player experience §DMs in the reader\'s language: GIVEN a game in English, a player who joined from a Spanish client and one seated by the host WHEN secrets go out by DM THEN each DM is in its reader\'s language, and a seated player\'s language is learnt the first time they act', async () => {
    const host: AppActor = { ...ana, locale: 'en-US' };
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `t-lang-${kind}`, host, players: [host, bo], gameType: 'tally', options: { target: 30 }, seed: 42 }));
    unwrap(await app.join(lobby.gameId, { ...cy, locale: 'es-ES' }));
    unwrap(await app.start(lobby.gameId, host));
    const dms = await listOutbox(db.prisma, { gameId: lobby.gameId, kind: 'dm' });
    expect(dms.map((r) => [(r.target as { userId: string }).userId, (r.payload as { locale: string }).locale]).sort()).toEqual([['u-ana', 'en'], ['u-bo', 'en-US'], ['u-cy', 'es']]);
    unwrap(await app.play(lobby.gameId, host, { type: 'pass', args: {} }, 'lang1'));
    unwrap(await app.play(lobby.gameId, { ...bo, locale: 'es-419' }, { type: 'pass', args: {} }, 'lang2'));
    unwrap(await app.play(lobby.gameId, { ...cy, locale: 'fr' }, { type: 'pass', args: {} }, 'lang3'));
    const seats = await db.prisma.seat.findMany({ where: { gameId: lobby.gameId }, orderBy: { index: 'asc' } });
    expect(seats.map((x) => (x.prefs as { language?: string }).language ?? null)).toEqual(['en', 'es', 'es']);
    unwrap(await app.play(lobby.gameId, host, { type: 'challenge', args: {} }, 'lang4'));
    const challenge = (await listOutbox(db.prisma, { gameId: lobby.gameId, kind: 'dm' })).at(-1)!;
    expect(challenge.target).toMatchObject({ userId: 'u-bo' });
    expect(challenge.payload).toMatchObject({ locale: 'es', events: [{ code: 'tally.challenged' }] });
  });

  it('Secrets §a seed is a secret: GIVEN a game created without a seed WHEN it starts THEN its genesis mixes 128 random bits into the seed and the game replays and verifies from them; an explicit seed stays as given', async () => {
    const random = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `t-entropy-${kind}`, host: ana, gameType: 'tally', options: { target: 30 } }));
    unwrap(await app.join(random.gameId, bo));
    unwrap(await app.start(random.gameId, ana));
    unwrap(await app.play(random.gameId, ana, { type: 'roll', args: {} }, 'ent1'));
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: random.gameId } });
    const entropy = row.entropy as number[];
    expect(entropy).toHaveLength(4);
    expect((row.genesis as { entropy?: number[] }).entropy).toEqual(entropy);
    const explicit = await twoPlayerGame();
    const plain = await db.prisma.game.findUniqueOrThrow({ where: { id: explicit } });
    expect(plain.entropy).toBeNull();
    expect(plain.genesis).not.toHaveProperty('entropy');
    const file = unwrap(await app.exportGame(random.gameId));
    expect(file.genesis.entropy).toEqual(entropy);
    expect(unwrap(await app.verify(file))).toMatchObject({ ok: true });
  });

  it('GIVEN a DM the user refuses (Discord 50007) WHEN dispatched THEN the DM fails and one public notice replaces it', async () => {
    const id = await twoPlayerGame();
    await db.prisma.outbox.updateMany({ where: { status: 'pending' }, data: { status: 'sent' } });
    unwrap(await app.play(id, ana, { type: 'challenge', args: {} }, 'dm1'));
    const sent: OutboxRow[] = [];
    const dispatcher = createDispatcher({
      db, clock: clock.now,
      deliver: async (row) => {
        if (row.kind === 'dm') return { ok: false, retry: false, code: 50007, error: 'Cannot send messages to this user' };
        sent.push(row);
        return { ok: true, ref: 'm' };
      },
    });
    const first = await dispatcher.tick();
    expect(first).toMatchObject({ failed: 1, sent: 2 });
    expect(await dispatcher.tick()).toMatchObject({ sent: 1, failed: 0 });
    expect((await dispatcher.tick()).claimed).toBe(0);
    const notice = sent.at(-1)!;
    expect(notice.payload).toMatchObject({ events: [{ to: 'public', code: 'core.dmRefused', params: { userId: 'u-bo' } }] });
    expect((await listOutbox(db.prisma, { gameId: id, kind: 'dm' })).filter((r) => r.status === 'failed')).toHaveLength(1);
  });

  it('GIVEN a transient failure WHEN dispatched THEN it backs off and dies after the attempt limit', async () => {
    await db.prisma.outbox.updateMany({ where: { status: 'pending' }, data: { status: 'sent' } });
    const id = await twoPlayerGame();
    const attempts: number[] = [];
    const dispatcher = createDispatcher({
      db, clock: clock.now, maxAttempts: 3,
      deliver: async (row) => {
        if (row.kind === 'post') attempts.push(row.attempts);
        return row.kind === 'post' ? { ok: false, retry: true, error: 'HTTP 503' } : { ok: true };
      },
    });
    await dispatcher.tick();
    expect((await dispatcher.tick()).claimed).toBe(0);
    clock.advance(2_000);
    expect((await dispatcher.tick()).retried).toBe(1);
    clock.advance(4_000);
    expect((await dispatcher.tick()).dead).toBe(1);
    expect(attempts).toEqual([1, 2, 3]);
    expect((await listOutbox(db.prisma, { gameId: id, kind: 'post' }))[0]).toMatchObject({ status: 'dead', lastError: 'HTTP 503' });
  });
});

describe.each(backends)('app queries on %s', (kind) => {
  let db: TestDatabase;
  let app: App;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date() });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('GIVEN a game in a thread WHEN looked up, asked for legal moves and played with a stale seq THEN each answers from the current seq', async () => {
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: 'q-1', host: ana, gameType: 'tally', players: [ana, bo], seed: 1 }));
    unwrap(await app.start(lobby.gameId, ana));
    expect(unwrap(await app.findByThread('q-1'))).toBe(lobby.gameId);
    expect(unwrap(await app.status(lobby.gameId))).toMatchObject({ status: 'playing', packId: null });
    const legal = unwrap(await app.legal(lobby.gameId, 'u-ana'));
    expect(legal.seq).toBe(0);
    expect(legal.commands).toContainEqual({ type: 'pass', args: {} });
    unwrap(await app.play(lobby.gameId, ana, { type: 'challenge', args: {} }, 'q1', { expectedSeq: 0 }));
    expect(await app.play(lobby.gameId, ana, { type: 'pass', args: {} }, 'q2', { expectedSeq: 0 })).toEqual({ ok: false, error: { code: 'core.movedOn' } });
    expect(unwrap(await app.prompts(lobby.gameId))).toMatchObject({ seq: 1, prompts: [{ seat: 1, kind: 'challenge' }] });
  });
});
