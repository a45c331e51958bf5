import { createApp } from '../src/app/index.ts';
import { reconcileSchedule } from '../src/app/reconcile.ts';
import { createDueStore, createSchedule, type TurnPayload } from '../src/app/schedule.ts';
import { InProcessScheduler, ManualClock } from '../src/scheduler/index.ts';
import { openDatabase } from '../src/store/index.ts';
import { scratchDatabase } from './scratch-db.ts';
import { benchTally } from './games.ts';
import { single, summarize, type BenchRow } from './stats.ts';

/**
 * The start-up reconcile (src/app/reconcile.ts) on PostgreSQL with many playing games: what every start
 * costs when nothing is missing (one query), and what the first start after an upgrade costs when no
 * game has clocks or jobs yet (each game loaded once and given its clocks and jobs).
 */
export async function reconcileCases(quick: boolean): Promise<BenchRow[]> {
  const count = quick ? 200 : 1_000;
  const scratch = await scratchDatabase('turnkeeper_bench_reconcile');
  const url = scratch.url;
  const db = await openDatabase({ databaseUrl: url });
  try {
    const clock = new ManualClock(Date.parse('2026-06-01T09:00:00.000Z'));
    const now = () => new Date(clock.now());
    const app = createApp({ db, games: { tally: benchTally }, packs: () => undefined, clock: now });
    const store = createDueStore(db);
    const scheduler = new InProcessScheduler({ clock, claim: store });
    const schedule = createSchedule({ db, app, scheduler, store, clock: now });
    schedule.register();
    for (let i = 0; i < count; i += 1) {
      const players = [0, 1, 2, 3].map((s) => ({ userId: `u${(i * 4 + s) % 997}`, userName: `Player ${s + 1}` }));
      const lobby = await app.newGame({ guildId: 'bench', channelId: 'c', threadId: `t-rec-${i}`, host: players[0]!, players, gameType: 'tally', seed: i });
      if (!lobby.ok) throw new Error(lobby.error.code);
      const started = await app.start(lobby.value.gameId, players[0]!);
      if (!started.ok) throw new Error(started.error.code);
    }
    for (const row of await db.prisma.outbox.findMany({ where: { kind: 'turn' }, orderBy: { id: 'asc' } })) await schedule.onTurn(row.payload as unknown as TurnPayload);
    const steady: number[] = [];
    for (let i = 0; i < (quick ? 10 : 30); i += 1) {
      const t0 = performance.now();
      const r = await reconcileSchedule({ db, app, schedule });
      steady.push(performance.now() - t0);
      if (r.clocked + r.replanned !== 0) throw new Error('reconcile repaired games that had everything');
    }
    await db.prisma.$executeRawUnsafe('DELETE FROM "ScheduledJob"');
    await db.prisma.$executeRawUnsafe('DELETE FROM "SeatClock"');
    await db.prisma.$executeRawUnsafe('UPDATE "Game" SET "turnSeq" = -1');
    const t0 = performance.now();
    const repaired = await reconcileSchedule({ db, app, schedule });
    const repairMs = performance.now() - t0;
    if (repaired.clocked !== count) throw new Error(`reconcile gave clocks to ${repaired.clocked} of ${count} games`);
    return [
      summarize(`start-up reconcile, ${count} playing games, nothing missing`, 'ms', steady, 'one query'),
      single(`start-up reconcile after an upgrade, ${count} games without clocks`, 'ms', repairMs, `${(repairMs / count).toFixed(2)} ms a game (cached state, 4 at once)`),
    ];
  } finally {
    await db.close();
    await scratch.drop();
  }
}
