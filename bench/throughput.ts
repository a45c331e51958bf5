import type { LocalDiscord } from '../src/local/discord/index.ts';
import { checkLogs, createGames, DEFAULT_PG, drainOutbox, driverRng, playOnce, scratchDatabase, startDiscord, startWorkers, type BenchGame, type BotUnderTest } from './e2e.ts';
import { PASSES } from './latency.ts';
import { single, summarize, type BenchRow } from './stats.ts';

/** Commands a second offered in the paced phase: the throughput goal, spread over the 200 games. */
const PACED_RATE = Number(process.env.TK_BENCH_PACED_RATE ?? 300);

/**
 * The paced phase: every game acts at random moments (exponential gaps, one command in flight per game),
 * together offering {@link PACED_RATE} commands a second, as players arrive on a busy server, instead of
 * each game sending its next command the instant the last is answered. With 200 games always waiting on
 * an answer (the closed loop below), the latency is the queue's length over the machine's throughput
 * (Little's law), so its p99 measures throughput again; at an offered rate it measures what a player waits.
 */
async function paced(discord: LocalDiscord, bot: BotUnderTest, games: readonly BenchGame[], seconds: number, rng: ReturnType<typeof driverRng>): Promise<{ samples: number[]; rate: number }> {
  const samples: number[] = [];
  const meanGapMs = (games.length / PACED_RATE) * 1000;
  const start = performance.now();
  const until = start + seconds * 1000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  // -ln(U) × mean, U drawn from the driver's seeded generator in (0, 1].
  const gap = () => -Math.log(rng.int(1, 1_000_000) / 1_000_000) * meanGapMs;
  await Promise.all(
    games.map(async (g) => {
      for (let at = start + gap(); at < until; at += gap()) {
        await sleep(at - performance.now());
        const ms = await playOnce(discord, bot, g, rng);
        if (ms === null) return;
        samples.push(ms);
      }
    }),
  );
  return { samples, rate: samples.length / ((performance.now() - start) / 1000) };
}

/**
 * Throughput: two bot processes (shard 0 of 2 and shard 1 of 2) sharing one PostgreSQL, games spread
 * over a guild on each shard, every game playing random legal commands back to back for the duration.
 * Afterwards every accepted command must be in its game's log exactly once and every log must replay
 * to the cached state.
 */
async function run(quick: boolean, pass: (typeof PASSES)[number]): Promise<{ rows: BenchRow[]; perSecond: number; p99: number; pacedP99: number }> {
  const gamesWanted = quick ? 20 : 200;
  const seconds = quick ? 8 : 60;
  const label = pass.label;
  const scratch = await scratchDatabase(process.env.DATABASE_URL ?? DEFAULT_PG);
  const discord = await startDiscord(2);
  discord.addGuild('Shard one', { shard: 1 });
  try {
    const bot = await startWorkers(discord, scratch.url, [[0], [1]], process.argv.includes('--cpu-prof'), 'compiled', pass.env);
    try {
      const games = await createGames(discord, bot, gamesWanted, 'tp-');
      const rng = driverRng(7);
      // The paced phase first, once the games' start deliveries are out, so it meets no backlog.
      await drainOutbox(bot.db, 60_000);
      const pace = await paced(discord, bot, games, quick ? 8 : 30, rng);
      await drainOutbox(bot.db, 30_000);
      const pacedRow = summarize(`command latency at ${PACED_RATE} commands/s offered, 2 shard processes, ${games.length} games (${label})`, 'ms', pace.samples, `${Math.round(pace.rate)} commands/s answered; each game acts at random moments, one command in flight (goal p99 ≤ 250 ms)`);
      // The closed loop's own figures: what the games and the paced phase did before it is taken off.
      const outboxCounts = () =>
        Promise.all([
          bot.db.prisma.outbox.count({ where: { status: 'sent', NOT: { sentRef: 'superseded' } } }),
          bot.db.prisma.outbox.count({ where: { status: 'sent', sentRef: 'superseded' } }),
          bot.db.prisma.outbox.count({ where: { status: 'sent', sentRef: 'superseded', kind: 'turn' } }),
        ]);
      const sum = (f: (g: (typeof games)[number]) => number) => games.reduce((n, g) => n + f(g), 0);
      const [postedBefore, droppedBefore, droppedTurnsBefore] = await outboxCounts();
      const [acceptedBefore, refusedBefore, failedBefore] = [sum((g) => g.accepted.length), sum((g) => g.refused), sum((g) => g.failed)];
      const latencies: number[] = [];
      const until = performance.now() + seconds * 1000;
      const t0 = performance.now();
      const callsBefore = discord.calls.length;
      await Promise.all(
        games.map(async (g) => {
          while (performance.now() < until) {
            const ms = await playOnce(discord, bot, g, rng);
            if (ms === null) break;
            latencies.push(ms);
          }
        }),
      );
      const elapsed = (performance.now() - t0) / 1000;
      const accepted = sum((g) => g.accepted.length) - acceptedBefore;
      const refused = sum((g) => g.refused) - refusedBefore;
      const failed = sum((g) => g.failed) - failedBefore;
      const rss = await bot.rss();
      // The bot's own Discord requests during the run (interaction replies and follow-ups aside): the outbox's.
      const requests = discord.calls.slice(callsBefore).filter((c) => !c.path.startsWith('/interactions/') && !c.path.startsWith('/webhooks/'));
      const byMethod = ['POST', 'PATCH', 'GET', 'DELETE'].map((m) => `${m} ${requests.filter((c) => c.method === m).length}`).join(', ');
      // How fast the outbox went during the run: rows posted, and pictures and turn messages dropped for a newer one.
      const [[postedAfter, droppedAfter, droppedTurnsAfter], waiting] = await Promise.all([outboxCounts(), bot.db.prisma.outbox.count({ where: { status: { in: ['pending', 'sending'] } } })]);
      const [posted, dropped, droppedTurns] = [postedAfter - postedBefore, droppedAfter - droppedBefore, droppedTurnsAfter - droppedTurnsBefore];
      const left = await drainOutbox(bot.db, quick ? 10_000 : 30_000);
      const check = await checkLogs(bot, games);
      const latency = summarize(`command latency during throughput (${games.length} games, ${label})`, 'ms', latencies);
      return {
        perSecond: accepted / elapsed,
        p99: latency.p99,
        pacedP99: pacedRow.p99,
        rows: [
          pacedRow,
          single(`throughput, 2 shard processes, ${games.length} games × 4 seats (${label})`, 'commands/s', accepted / elapsed, `${accepted} accepted in ${elapsed.toFixed(1)} s, refused ${refused}, unanswered in 3 s ${failed}; worker RSS ${rss.map((b) => Math.round(b / 2 ** 20)).join('+')} MB`),
          latency,
          single(`outbox rows delivered per second during throughput (${label})`, 'rows/s', posted / elapsed, `${posted} posted and ${dropped} superseded rows dropped (${droppedTurns} of them turn messages) during the ${elapsed.toFixed(0)} s; ${waiting} waiting when it ended; each process's REST client sends at most 50 requests a second (Discord's global limit), interaction replies aside`),
          single(`outbox Discord requests per accepted command during throughput (${label})`, 'requests', requests.length / Math.max(1, accepted), `${requests.length} requests besides interaction replies in ${elapsed.toFixed(0)} s (${(requests.length / elapsed).toFixed(0)}/s for both processes): ${byMethod}`),
          { case: `throughput integrity (${label})`, unit: 'count', median: check.lost + check.doubled + check.diverged, p95: 0, p99: 0, n: games.length, notes: `lost ${check.lost}, applied twice ${check.doubled}, unexpected ${check.extra}, replay≠cache ${check.diverged}, outbox left ${left}` },
        ],
      };
    } finally {
      await bot.stop();
    }
  } finally {
    await discord.close();
    await scratch.drop();
  }
}

/** The same run with the previous outbox pass and this one (A/B, same invocation, a fresh database each; full run only). */
export async function throughputCases(quick: boolean): Promise<BenchRow[]> {
  // The quick run keeps its former size: this commit's pass only.
  if (quick || process.argv.includes('--after-only')) return (await run(quick, PASSES[1])).rows;
  const [before, after] = [await run(quick, PASSES[0]), await run(quick, PASSES[1])];
  return [
    ...before.rows,
    ...after.rows,
    single('throughput A/B, 2 shards: after / before', 'ratio', after.perSecond / before.perSecond, `${before.perSecond.toFixed(0)} → ${after.perSecond.toFixed(0)} commands/s (goal ≥ 300); p99 during it ${before.p99.toFixed(0)} → ${after.p99.toFixed(0)} ms`),
    single(`command latency p99 at ${PACED_RATE} commands/s offered, 200 games, 2 shards (A/B)`, 'ms', after.pacedP99, `before ${before.pacedP99.toFixed(0)} ms, after ${after.pacedP99.toFixed(0)} ms, after / before ${(after.pacedP99 / before.pacedP99).toFixed(2)} (goal ≤ 250 ms)`),
  ];
}
