import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, hashSnapshot, type Genesis, type LogEntry, type Snapshot } from '../../src/core/index.ts';
import {
  appendCommand,
  claimDue,
  createGame,
  findGameByThread,
  getGame,
  listOutbox,
  loadLog,
  markSent,
  markSentMany,
  enqueue,
  lastTurnMessage,
  supersedePictures,
  migrate,
  joinLobby,
  leaveLobby,
  requeueStale,
  startGame,
  type Database,
} from '../../src/store/index.ts';
import { tallyGame, type TallyState } from '../support/tally-game.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';

const at = '2026-01-01T10:00:00.000Z';

async function startedTally(db: Database, threadId: string): Promise<{ id: string; snapshot: Snapshot<TallyState> }> {
  const created = await createGame(db.prisma, {
    guildId: 'g1', channelId: 'c1', threadId, gameType: 'tally', rulesVersion: '1', seed: 7, options: { target: 20 }, hostUserId: 'u1',
    players: [{ userId: 'u1', userName: 'Ana' }, { userId: 'u2', userName: 'Bo' }],
  });
  if (!created.ok) throw new Error('create failed');
  const game = created.game;
  const genesis: Genesis = { gameType: 'tally', rulesVersion: '1', options: { target: 20 }, seats: game.seats.map((s, index) => ({ index, name: s.userName })), seed: 7 };
  const snapshot = genesisSnapshot(tallyGame, genesis, undefined);
  const started = await startGame(db.prisma, game.id, { genesis, snapshot, hash: hashSnapshot(snapshot), expectedVersion: game.version, seatIds: game.seats.map((s) => s.id) });
  expect(started).toEqual({ ok: true });
  return { id: game.id, snapshot };
}

function addEntry(snapshot: Snapshot<TallyState>, nonce: string, n = 1): { entry: Omit<LogEntry, 'seq'>; snapshot: Snapshot<TallyState>; hash: string } {
  const applied = applyCommand(tallyGame, snapshot, { type: 'add', args: { n } }, { seat: 0, asHost: false, now: at }, undefined);
  if (!applied.ok) throw new Error(applied.error.code);
  return {
    entry: { type: 'add', args: applied.value.args, seat: 0, asHost: false, actorUserId: 'u1', at, nonce, stateHashAfter: applied.value.hash, irreversible: applied.value.irreversible },
    snapshot: applied.value.snapshot,
    hash: applied.value.hash,
  };
}

const post = { kind: 'post', target: { channelId: 't' }, payload: { events: [] } };

describe.each(backends)('store on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('GIVEN a migrated database WHEN migrate runs again THEN it applies nothing', async () => {
    const again = kind === 'postgres' ? await migrate({ databaseUrl: db.url as string }) : { applied: [] };
    expect(again.applied).toEqual([]);
    const rows = await db.prisma.$queryRaw<{ migration_name: string }[]>`SELECT migration_name FROM _prisma_migrations ORDER BY migration_name`;
    const folders = readdirSync('prisma/migrations', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    expect(rows.map((r) => r.migration_name)).toEqual(folders);
  });

  it('GIVEN a lobby WHEN seats are added and removed THEN start renumbers them in join order', async () => {
    const created = await createGame(db.prisma, { guildId: 'g1', channelId: 'c1', threadId: 'lobby-1', gameType: 'tally', rulesVersion: '1', seed: 1, options: {}, hostUserId: 'h', players: [{ userId: 'a', userName: 'A' }] });
    if (!created.ok) throw new Error('create failed');
    for (const user of ['b', 'c']) expect(await joinLobby(db.prisma, created.game.id, { userId: user, userName: user.toUpperCase() }, 4)).toEqual({ ok: true });
    expect(await joinLobby(db.prisma, created.game.id, { userId: 'b', userName: 'B' }, 4)).toEqual({ ok: false, reason: 'alreadySeated' });
    expect(await joinLobby(db.prisma, created.game.id, { userId: 'd', userName: 'D' }, 3)).toEqual({ ok: false, reason: 'full' });
    expect(await leaveLobby(db.prisma, created.game.id, 'a')).toEqual({ ok: true });
    expect(await leaveLobby(db.prisma, created.game.id, 'a')).toEqual({ ok: false, reason: 'notSeated' });
    const lobby = (await findGameByThread(db.prisma, 'lobby-1'))!;
    expect(lobby.seats.map((s) => [s.userId, s.index])).toEqual([['b', 1], ['c', 2]]);
    const genesis: Genesis = { gameType: 'tally', rulesVersion: '1', options: { target: 20 }, seats: lobby.seats.map((s, index) => ({ index, name: s.userName })), seed: 1 };
    const snapshot = genesisSnapshot(tallyGame, genesis, undefined);
    const input = { genesis, snapshot, hash: hashSnapshot(snapshot), seatIds: lobby.seats.map((s) => s.id) };
    expect(await startGame(db.prisma, lobby.id, { ...input, expectedVersion: lobby.version - 1 })).toEqual({ ok: false, reason: 'conflict' });
    expect(await startGame(db.prisma, lobby.id, { ...input, expectedVersion: lobby.version })).toEqual({ ok: true });
    const started = (await getGame(db.prisma, lobby.id))!;
    expect(started.status).toBe('playing');
    expect(started.seats.map((s) => [s.userId, s.index])).toEqual([['b', 0], ['c', 1]]);
  });

  it('GIVEN a taken thread WHEN another game is created there THEN it is refused as threadTaken', async () => {
    await startedTally(db, 'taken-1');
    const again = await createGame(db.prisma, { guildId: 'g1', channelId: 'c1', threadId: 'taken-1', gameType: 'tally', rulesVersion: '1', seed: 1, options: {}, hostUserId: 'h' });
    expect(again).toEqual({ ok: false, reason: 'threadTaken' });
  });

  it('GIVEN a started game WHEN a command is appended THEN log, cache and outbox change together', async () => {
    const { id, snapshot } = await startedTally(db, 'append-1');
    const started = (await getGame(db.prisma, id))!;
    const next = addEntry(snapshot, 'n1');
    expect(await appendCommand(db.prisma, id, { expectedSeq: 0, ...next, outbox: [post, post] })).toEqual({ ok: true, seq: 1, version: started.version + 1 });
    const game = (await getGame(db.prisma, id))!;
    expect([game.seq, game.stateHash]).toEqual([1, next.hash]);
    expect(await loadLog(db.prisma, id)).toEqual([{ seq: 1, ...next.entry }]);
    expect(await listOutbox(db.prisma, { gameId: id })).toHaveLength(2);
  });

  it('GIVEN a repeated nonce WHEN appended again THEN it is a duplicate and nothing is written', async () => {
    const { id, snapshot } = await startedTally(db, 'dup-1');
    const next = addEntry(snapshot, 'same');
    expect(await appendCommand(db.prisma, id, { expectedSeq: 0, ...next, outbox: [post] })).toMatchObject({ ok: true, seq: 1 });
    expect(await appendCommand(db.prisma, id, { expectedSeq: 0, ...next, outbox: [post] })).toEqual({ ok: false, reason: 'duplicate' });
    expect(await appendCommand(db.prisma, id, { expectedSeq: 1, ...next, outbox: [post] })).toEqual({ ok: false, reason: 'duplicate' });
    expect(await loadLog(db.prisma, id)).toHaveLength(1);
    expect(await listOutbox(db.prisma, { gameId: id })).toHaveLength(1);
  });

  it('GIVEN a stale expected seq WHEN appended THEN it is a conflict and nothing is written', async () => {
    const { id, snapshot } = await startedTally(db, 'stale-1');
    const first = addEntry(snapshot, 'a');
    await appendCommand(db.prisma, id, { expectedSeq: 0, ...first, outbox: [] });
    const stale = addEntry(snapshot, 'b');
    expect(await appendCommand(db.prisma, id, { expectedSeq: 0, ...stale, outbox: [post] })).toEqual({ ok: false, reason: 'conflict' });
    expect((await getGame(db.prisma, id))!.stateHash).toBe(first.hash);
    expect(await listOutbox(db.prisma, { gameId: id })).toHaveLength(0);
  });

  it('GIVEN a game changed outside the log (version moved) WHEN appended with the old version THEN it is a conflict and nothing is written', async () => {
    const { id, snapshot } = await startedTally(db, 'version-1');
    const before = (await getGame(db.prisma, id))!;
    await db.prisma.game.update({ where: { id }, data: { version: { increment: 1 } } });
    const next = addEntry(snapshot, 'v1');
    expect(await appendCommand(db.prisma, id, { expectedSeq: 0, expectedVersion: before.version, ...next, outbox: [post] })).toEqual({ ok: false, reason: 'conflict' });
    expect(await loadLog(db.prisma, id)).toHaveLength(0);
    expect(await listOutbox(db.prisma, { gameId: id })).toHaveLength(0);
    expect(await appendCommand(db.prisma, id, { expectedSeq: 0, expectedVersion: before.version + 1, ...next, outbox: [post] })).toEqual({ ok: true, seq: 1, version: before.version + 2 });
  });

  it('GIVEN a paused game WHEN a command is appended THEN it is a conflict and nothing is written', async () => {
    const { id, snapshot } = await startedTally(db, 'paused-1');
    await db.prisma.game.update({ where: { id }, data: { pausedAt: new Date() } });
    expect(await appendCommand(db.prisma, id, { expectedSeq: 0, ...addEntry(snapshot, 'p1'), outbox: [post] })).toEqual({ ok: false, reason: 'conflict' });
    expect(await loadLog(db.prisma, id)).toHaveLength(0);
  });

  it('GIVEN an undo WHEN its target is already undone THEN the append is a conflict and nothing is written', async () => {
    const { id, snapshot } = await startedTally(db, 'undo-1');
    const first = addEntry(snapshot, 'u1');
    await appendCommand(db.prisma, id, { expectedSeq: 0, ...first, outbox: [] });
    const undo = { ...addEntry(snapshot, 'u2'), undoneSeq: 1 };
    expect(await appendCommand(db.prisma, id, { expectedSeq: 1, ...undo, outbox: [post] })).toMatchObject({ ok: true, seq: 2 });
    expect((await loadLog(db.prisma, id)).length).toBe(2);
    const again = { ...addEntry(snapshot, 'u3'), undoneSeq: 1 };
    expect(await appendCommand(db.prisma, id, { expectedSeq: 2, ...again, outbox: [post] })).toEqual({ ok: false, reason: 'conflict' });
    const rows = await db.prisma.gameCommand.findMany({ where: { gameId: id }, orderBy: { seq: 'asc' }, select: { seq: true, undone: true } });
    expect(rows).toEqual([{ seq: 1, undone: true }, { seq: 2, undone: false }]);
    expect(await listOutbox(db.prisma, { gameId: id })).toHaveLength(1);
  });

  it('GIVEN two writers on two connections WHEN they race on one game THEN exactly one command is accepted', async () => {
    const peer = await db.openPeer();
    for (let round = 0; round < 5; round++) {
      const { id, snapshot } = await startedTally(db, `race-${round}`);
      const results = await Promise.all(
        [db, peer, db, peer].map((writer, i) => appendCommand(writer.prisma, id, { expectedSeq: 0, ...addEntry(snapshot, `r${i}`, 1 + (i % 3)), outbox: [post] })),
      );
      expect(results.filter((r) => r.ok)).toMatchObject([{ ok: true, seq: 1 }]);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(['conflict', 'conflict', 'conflict']);
      const log = await loadLog(db.prisma, id);
      expect(log).toHaveLength(1);
      expect((await getGame(db.prisma, id))!.stateHash).toBe(log[0]!.stateHashAfter);
      expect(await listOutbox(db.prisma, { gameId: id })).toHaveLength(1);
    }
  });

  it('GIVEN a backlog of table pictures WHEN superseded THEN only the newest picture of each game and every announcement stay', async () => {
    const a = (await startedTally(db, 'pictures-a')).id;
    const b = (await startedTally(db, 'pictures-b')).id;
    const picture = (n: number, extra: object = {}) => ({ kind: 'post', target: { channelId: 't' }, payload: { n, events: [], image: true, ...extra } });
    await enqueue(db.prisma, a, [picture(1), picture(2, { announce: true }), post, picture(3)]);
    await enqueue(db.prisma, b, [picture(4)]);
    expect(await supersedePictures(db.prisma)).toBe(1);
    const left = await listOutbox(db.prisma, { status: 'pending' });
    const n = (rows: typeof left) => rows.filter((r) => r.gameId === a || r.gameId === b).map((r) => (r.payload as { n?: number }).n ?? 0);
    expect(n(left)).toEqual([2, 0, 3, 4]);
    expect((await listOutbox(db.prisma, { gameId: a, status: 'sent' })).map((r) => r.sentRef)).toEqual(['superseded']);
  });

  it('GIVEN due rows WHEN two workers claim concurrently THEN each row is claimed once, and one thread\'s rows by one worker only (its messages stay in order)', async () => {
    const { id, snapshot } = await startedTally(db, 'claim-1');
    await appendCommand(db.prisma, id, { expectedSeq: 0, ...addEntry(snapshot, 'c'), outbox: Array.from({ length: 20 }, () => post) });
    const peer = await db.openPeer();
    const now = new Date('2099-01-01T00:00:00Z');
    const [a, b] = await Promise.all([claimDue(db.prisma, now, 15, 'w1'), claimDue(peer.prisma, now, 15, 'w2')]);
    const ids = [...a, ...b].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The game's 20 rows share one thread: whichever worker claims the first of them, the other takes none.
    const [fromA, fromB] = [a.filter((r) => r.gameId === id), b.filter((r) => r.gameId === id)];
    expect(fromA.length + fromB.length).toBeGreaterThan(0);
    expect(Math.min(fromA.length, fromB.length)).toBe(0);
    expect(a.concat(b).every((r) => r.status === 'sending' && r.attempts === 1 && (r.payload as { events: unknown[] }).events.length === 0)).toBe(true);
    const [first, owner, other] = fromA.length > 0 ? [fromA[0]!, 'w1', 'w2'] : [fromB[0]!, 'w2', 'w1'];
    expect(await markSent(db.prisma, first.id, 'msg-1', other)).toBe(false);
    expect(await markSent(db.prisma, first.id, 'msg-1', owner)).toBe(true);
    expect(await requeueStale(db.prisma, new Date('2100-01-01T00:00:00Z'))).toBe(ids.length - 1);
    // Marking many at once: only rows still claimed by that worker change.
    const rest = a.concat(b).filter((r) => r.id !== first.id && r.gameId === id);
    expect(await markSentMany(db.prisma, rest.map((r) => ({ id: r.id, ref: `m-${r.id}` })), owner)).toBe(0);
    const pending = (await listOutbox(db.prisma, { gameId: id, status: 'pending' })).map((r) => r.id);
    const again = (await claimDue(db.prisma, new Date('2100-01-01T00:00:00Z'), 500, 'w3')).filter((r) => r.gameId === id);
    expect(again.map((r) => r.id).sort()).toEqual(pending.sort());
    expect(await markSentMany(db.prisma, again.map((r) => ({ id: r.id, ref: `m-${r.id}` })), 'w3')).toBe(again.length);
    const sent = await listOutbox(db.prisma, { gameId: id, status: 'sent' });
    expect(sent.map((r) => r.sentRef).sort()).toEqual(['msg-1', ...again.map((r) => `m-${r.id}`)].sort());
  });

  it('GIVEN turn messages posted for a game WHEN the next turn row asks for the previous one THEN it gets the newest sent turn message before it (its channel and message), never a skipped row, another kind or another game', async () => {
    const { id } = await startedTally(db, 't-last-turn');
    const { id: other } = await startedTally(db, 't-last-turn-other');
    const turn = (channelId: string) => ({ kind: 'turn', target: { channelId }, payload: {} });
    await enqueue(db.prisma, id, [turn('th'), turn('th'), { ...post, target: { channelId: 'th' } }, turn('th'), turn('th')]);
    await enqueue(db.prisma, other, [turn('th2')]);
    const rows = (await claimDue(db.prisma, new Date(Date.now() + 60_000), 50, 'w-last')).filter((r) => r.gameId === id || r.gameId === other);
    const mine = rows.filter((r) => r.gameId === id);
    const [t1, t2, p, t3, t4] = mine as [typeof mine[number], typeof mine[number], typeof mine[number], typeof mine[number], typeof mine[number]];
    const theirs = rows.find((r) => r.gameId === other);
    await markSentMany(db.prisma, [
      { id: t1.id, ref: '1001' },
      { id: t2.id, ref: '1002' },
      { id: p.id, ref: '1003' },
      { id: t3.id, ref: 'superseded' },
      ...(theirs ? [{ id: theirs.id, ref: '2001' }] : []),
    ], 'w-last');
    expect(await lastTurnMessage(db.prisma, id, t4.id)).toEqual({ channelId: 'th', messageId: '1002', rowId: t2.id, editedRowId: null });
    expect(await lastTurnMessage(db.prisma, id, t2.id)).toEqual({ channelId: 'th', messageId: '1001', rowId: t1.id, editedRowId: null });
    expect(await lastTurnMessage(db.prisma, id, t1.id)).toBeNull();
  });

  it('GIVEN a turn message edited by later prompt rows WHEN the next turn row asks for it THEN it also learns the newest recorded edit before it (not a later one, not an edit of another message)', async () => {
    const { id } = await startedTally(db, 't-last-edit');
    const row = (kind: string) => ({ kind, target: { channelId: 'te' }, payload: {} });
    await enqueue(db.prisma, id, [row('turn'), row('prompt'), row('prompt'), row('prompt'), row('turn'), row('prompt')]);
    const mine = (await claimDue(db.prisma, new Date(Date.now() + 60_000), 50, 'w-edit')).filter((r) => r.gameId === id);
    const [turn, e1, e2, other, next, late] = mine.map((r) => r.id) as [string, string, string, string, string, string];
    await markSentMany(db.prisma, [
      { id: turn, ref: '3001' },
      { id: e1, ref: '3001' },
      { id: e2, ref: '3001' },
      { id: other, ref: '3999' },
      { id: late, ref: '3001' },
    ], 'w-edit');
    expect(await lastTurnMessage(db.prisma, id, next)).toEqual({ channelId: 'te', messageId: '3001', rowId: turn, editedRowId: e2 });
    expect(await lastTurnMessage(db.prisma, id, e2)).toEqual({ channelId: 'te', messageId: '3001', rowId: turn, editedRowId: e1 });
    expect(await lastTurnMessage(db.prisma, id, e1)).toEqual({ channelId: 'te', messageId: '3001', rowId: turn, editedRowId: null });
  });
});
