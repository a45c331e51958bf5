import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, type App, type AppActor } from '../../src/app/index.ts';
import { publicStepsSince, type GameModule, type Genesis } from '../../src/core/index.ts';
import { loadLog } from '../../src/store/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { tallyGame, type TallyState } from '../support/tally-game.ts';
import { unwrap } from '../support/unwrap.ts';

/** Tally with a target far enough away that a game runs past its first cadence checkpoint. */
const longTally: GameModule<TallyState, { target: number }> = { ...tallyGame, optionsSchema: z.object({ target: z.number().int().default(1_000_000) }) };

const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const bo: AppActor = { userId: 'u-bo', userName: 'Bo' };

describe.each(backends)('recap on %s', (kind) => {
  let db: TestDatabase;
  let app: App;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = createApp({ db, games: { tally: longTally }, packs: () => undefined, clock: () => new Date() });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('GIVEN a game past a cadence checkpoint, with an undo after it WHEN a recap is asked since a player last moved THEN it lists what the whole log replayed from the start lists, read from the checkpoint on', async () => {
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `recap-${kind}`, host: ana, gameType: 'tally', options: {}, seed: 5 }));
    unwrap(await app.join(lobby.gameId, bo));
    unwrap(await app.start(lobby.gameId, ana));
    const id = lobby.gameId;
    let n = 0;
    for (let round = 0; round < 30; round++) {
      for (const who of [ana, bo]) {
        unwrap(await app.play(id, who, { type: 'roll', args: {} }, `n${++n}`));
        unwrap(await app.play(id, who, { type: 'add', args: { n: 1 } }, `n${++n}`));
        unwrap(await app.play(id, who, { type: 'pass', args: {} }, `n${++n}`));
      }
    }
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id } });
    expect(row.checkpointSeq).toBeGreaterThan(0);
    unwrap(await app.play(id, ana, { type: 'roll', args: {} }, `n${++n}`));
    unwrap(await app.play(id, ana, { type: 'pass', args: {} }, `n${++n}`));
    unwrap(await app.play(id, bo, { type: 'add', args: { n: 2 } }, `n${++n}`));
    unwrap(await app.undo(id, bo, `n${++n}`));
    unwrap(await app.play(id, bo, { type: 'add', args: { n: 3 } }, `n${++n}`));

    const recap = unwrap(await app.recap(id, ana.userId));
    const log = await loadLog(db.prisma, id);
    const genesis = (await db.prisma.game.findUniqueOrThrow({ where: { id } })).genesis as unknown as Genesis;
    const whole = publicStepsSince(longTally, genesis, log, undefined, recap.sinceSeq ?? 0);
    expect(recap.sinceSeq).toBe(row.seq + 2);
    expect(recap.sinceSeq!).toBeGreaterThan(row.checkpointSeq);
    expect(recap.steps).toEqual(whole.slice(-recap.steps.length));
    expect(recap.omitted + recap.steps.length).toBe(whole.length);
    expect(recap.steps.map((s) => s.events[0]?.code)).toEqual(['tally.added']);
    expect(recap.steps[0]!.events[0]!.params).toEqual({ seat: 1, n: 3 });
  });
});
