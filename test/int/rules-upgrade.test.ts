import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App, type AppActor, type GameExport } from '../../src/app/index.ts';
import { CHECKPOINT_EVERY, ok, replay, type GameModule, type Genesis } from '../../src/core/index.ts';
import { loadLog } from '../../src/store/index.ts';
import { tallyGame, type TallyState } from '../support/tally-game.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { unwrap } from '../support/unwrap.ts';

const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const bo: AppActor = { userId: 'u-bo', userName: 'Bo' };

/**
 * The tally game after an upgrade: rules version 2 doubles every `add`, so a log played under version 1
 * no longer replays to its hashes. Its module keeps no version 1 code (no `olderRulesVersions`).
 */
const tallyV2: GameModule<TallyState, { target: number }> = {
  ...tallyGame,
  rulesVersion: '2',
  decide(state, command, ctx) {
    if (command.type !== 'add' || ctx.seat !== state.turn || state.challenge || state.winner !== null) return tallyGame.decide(state, command, ctx);
    const n = (command.args as { n: number }).n * 2;
    const doubled = tallyGame.decide(state, { type: 'add', args: { n: 1 } }, ctx);
    if (!doubled.ok) return doubled;
    const scores = state.scores.slice();
    scores[ctx.seat] = (scores[ctx.seat] ?? 0) + n;
    const winner = (scores[ctx.seat] ?? 0) >= state.target ? ctx.seat : null;
    return ok({ state: { ...state, scores, winner }, events: [{ to: 'public', code: 'tally.added', params: { seat: ctx.seat, n } }] });
  },
};

const scoresOf = (view: unknown): number[] => (view as { scores: number[] }).scores;

describe.each(backends)('a game across a rules upgrade on %s (issue 21 "Durable across upgrades and months")', (kind) => {
  let db: TestDatabase;
  let before: App;
  let after: App;
  let n = 0;
  const now = new Date('2026-03-01T10:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    before = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: () => now });
    after = createApp({ db, games: { tally: tallyV2 }, packs: () => undefined, clock: () => now });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  async function started(app: App, target = 12): Promise<string> {
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `t-${kind}-${++n}`, host: ana, gameType: 'tally', options: { target }, seed: 7 }));
    unwrap(await app.join(lobby.gameId, bo));
    unwrap(await app.start(lobby.gameId, ana));
    return lobby.gameId;
  }

  const play = (app: App, gameId: string, who: AppActor, type: string, args: Record<string, unknown> = {}) => app.play(gameId, who, { type, args }, `n-${gameId}-${++n}`);

  /** Five commands under version 1: Ana 2, Bo 1, Ana 1 (the last one reversible, so undo could reach it). */
  async function playedUnderV1(): Promise<string> {
    const gameId = await started(before);
    for (const [who, type, args] of [[ana, 'add', { n: 2 }], [ana, 'pass', {}], [bo, 'add', { n: 1 }], [bo, 'pass', {}], [ana, 'add', { n: 1 }]] as const) {
      unwrap(await play(before, gameId, who, type, args));
    }
    return gameId;
  }

  it('GIVEN a game played under rules 1 WHEN the bot runs rules 2, which replay its log differently THEN it continues from a rules checkpoint at its last command, exports, verifies segment by segment and imports', async () => {
    const gameId = await playedUnderV1();
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    const genesis = row.genesis as unknown as Genesis;
    const log = await loadLog(db.prisma, gameId);
    expect(replay(tallyV2, genesis, log, undefined).ok).toBe(false);

    const status = unwrap(await after.status(gameId));
    expect(scoresOf(status.publicView)).toEqual([3, 1]);
    const moved = await db.prisma.game.findUniqueOrThrow({ where: { id: gameId }, include: { checkpoints: true } });
    expect(moved.rulesVersion).toBe('2');
    expect(moved.checkpointSeq).toBe(5);
    expect(moved.checkpoints.map((c) => ({ seq: c.seq, kind: c.kind, rulesVersion: c.rulesVersion, stateHash: c.stateHash }))).toEqual([{ seq: 5, kind: 'rules', rulesVersion: '2', stateHash: log.at(-1)?.stateHashAfter }]);

    const undo = await after.undo(gameId, ana, `n-undo-${gameId}`);
    expect(undo.ok ? 'undone' : undo.error.code).toBe('core.undo.barrier');

    unwrap(await play(after, gameId, ana, 'add', { n: 3 }));
    expect(scoresOf(unwrap(await after.status(gameId)).publicView)).toEqual([9, 1]);

    await db.prisma.game.update({ where: { id: gameId }, data: { state: null as never, stateHash: null } });
    const fresh = createApp({ db, games: { tally: tallyV2 }, packs: () => undefined, clock: () => now });
    expect(scoresOf(unwrap(await fresh.status(gameId)).publicView)).toEqual([9, 1]);

    unwrap(await play(fresh, gameId, ana, 'add', { n: 2 }));
    expect(unwrap(await fresh.status(gameId)).status).toBe('finished');

    const file = unwrap(await fresh.exportGame(gameId));
    expect(file.rulesVersion).toBe('2');
    expect(file.genesis.rulesVersion).toBe('1');
    expect(file.checkpoints?.map((c) => [c.seq, c.rulesVersion])).toEqual([[5, '2']]);
    const stored = unwrap(await fresh.verify(gameId));
    const checked = unwrap(await fresh.verify(JSON.parse(JSON.stringify(file)) as GameExport));
    for (const report of [stored, checked]) {
      expect(report.ok).toBe(true);
      expect(report.segments).toEqual([
        { from: 0, to: 5, rulesVersion: '1', checked: 'anchored' },
        { from: 5, to: 7, rulesVersion: '2', checked: 'replayed' },
      ]);
    }
    const imported = unwrap(await fresh.importGame(JSON.parse(JSON.stringify(file)), { detached: true } as never));
    const copy = await db.prisma.game.findUniqueOrThrow({ where: { id: imported.gameId }, include: { checkpoints: true } });
    expect([copy.rulesVersion, copy.checkpointSeq, copy.checkpoints.length]).toEqual(['2', 5, 1]);
    expect(unwrap(await fresh.verify(imported.gameId)).ok).toBe(true);
  });

  it('GIVEN a moved-on game file WHEN its checkpoint or the anchored log is forged THEN verify and import refuse it at the checkpoint', async () => {
    const gameId = await playedUnderV1();
    unwrap(await after.status(gameId));
    const file = unwrap(await after.exportGame(gameId));
    const forgedState = structuredClone(file) as unknown as { checkpoints: { snapshot: { state: TallyState } }[] };
    forgedState.checkpoints[0]!.snapshot.state.scores[1] = 50;
    const forgedLog = structuredClone(file) as unknown as { log: { stateHashAfter: string }[] };
    forgedLog.log[4]!.stateHashAfter = 'forged';
    for (const doc of [forgedState, forgedLog]) {
      const report = unwrap(await after.verify(doc as unknown as GameExport));
      expect(report.ok ? 'ok' : report.reason).toBe('checkpoint');
      const refused = await after.importGame(doc, { detached: true } as never);
      expect(refused.ok ? 'imported' : refused.error.problems[0]?.path).toBe('checkpoints[0]');
    }
  });

  it('GIVEN a game finished under rules 1 WHEN the bot runs rules 2 THEN its file ends with a checkpoint at its last command, so it still exports, verifies and imports', async () => {
    const gameId = await started(before, 5);
    unwrap(await play(before, gameId, ana, 'add', { n: 3 }));
    unwrap(await play(before, gameId, ana, 'add', { n: 2 }));
    expect(unwrap(await before.status(gameId)).status).toBe('finished');
    const report = unwrap(await after.verify(gameId));
    expect(report).toMatchObject({ ok: true, segments: [{ from: 0, to: 2, rulesVersion: '1', checked: 'anchored' }, { from: 2, to: 2, rulesVersion: '2', checked: 'replayed' }] });
    const file = unwrap(await after.exportGame(gameId));
    expect([file.rulesVersion, file.checkpoints?.map((c) => c.seq)]).toEqual(['2', [2]]);
    const imported = unwrap(await after.importGame(JSON.parse(JSON.stringify(file)), { detached: true } as never));
    expect(unwrap(await after.verify(imported.gameId)).ok).toBe(true);
    expect(scoresOf(unwrap(await after.status(imported.gameId)).publicView)).toEqual([5, 0]);
  });

  it(`GIVEN a long game WHEN an irreversible command comes ${CHECKPOINT_EVERY} commands after the last checkpoint THEN a cadence checkpoint is stored, undo stops there, and loading replays only what follows it`, async () => {
    const gameId = await started(before, 100);
    for (let i = 0; i < CHECKPOINT_EVERY; i++) unwrap(await play(before, gameId, i % 2 === 0 ? ana : bo, i % 2 === 0 ? 'pass' : 'pass'));
    expect((await db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).checkpointSeq).toBe(0);
    unwrap(await play(before, gameId, ana, 'roll'));
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: gameId }, include: { checkpoints: true } });
    expect(row.checkpointSeq).toBe(CHECKPOINT_EVERY + 1);
    expect(row.checkpoints.map((c) => [c.seq, c.kind, c.rulesVersion, c.stateHash])).toEqual([[CHECKPOINT_EVERY + 1, 'cadence', '1', row.stateHash]]);
    // A command before the checkpoint that no longer replays: loading from the genesis would fail on it.
    await db.prisma.gameCommand.update({ where: { gameId_seq: { gameId, seq: 3 } }, data: { type: 'reveal' } });
    await db.prisma.game.update({ where: { id: gameId }, data: { state: null as never, stateHash: null } });
    const fresh = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: () => now });
    unwrap(await play(fresh, gameId, ana, 'add', { n: 1 }));
    const undone = unwrap(await fresh.undo(gameId, ana, `n-undo-${gameId}`));
    expect(undone.seq).toBe(CHECKPOINT_EVERY + 3);
    const again = await fresh.undo(gameId, ana, `n-undo2-${gameId}`);
    expect(again.ok ? 'undone' : again.error.code).toBe('core.undo.barrier');
  });
});
