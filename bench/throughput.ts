import { checkLogs, createGames, DEFAULT_PG, drainOutbox, driverRng, playOnce, scratchDatabase, startDiscord, startWorkers } from './e2e.ts';
import { PASSES } from './latency.ts';
import { single, summarize, type BenchRow } from './stats.ts';

/**
 * Throughput: two bot processes (shard 0 of 2 and shard 1 of 2) sharing one PostgreSQL, games spread
 * over a guild on each shard, every game playing random legal commands back to back for the duration.
 * Afterwards every accepted command must be in its game's log exactly once and every log must replay
 * to the cached state.
 */
async function run(quick: boolean, pass: (typeof PASSES)[number]): Promise<{ rows: BenchRow[]; perSecond: number; p99: number }> {
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
      const accepted = games.reduce((n, g) => n + g.accepted.length, 0);
      const refused = games.reduce((n, g) => n + g.refused, 0);
      const failed = games.reduce((n, g) => n + g.failed, 0);
      const rss = await bot.rss();
      // The bot's own Discord requests during the run (interaction replies and follow-ups aside): the outbox's.
      const requests = discord.calls.slice(callsBefore).filter((c) => !c.path.startsWith('/interactions/') && !c.path.startsWith('/webhooks/'));
      const byMethod = ['POST', 'PATCH', 'GET', 'DELETE'].map((m) => `${m} ${requests.filter((c) => c.method === m).length}`).join(', ');
      // How fast the outbox went during the run: rows posted, and pictures and turn messages dropped for a newer one.
      const [posted, dropped, droppedTurns, waiting] = await Promise.all([
        bot.db.prisma.outbox.count({ where: { status: 'sent', NOT: { sentRef: 'superseded' } } }),
        bot.db.prisma.outbox.count({ where: { status: 'sent', sentRef: 'superseded' } }),
        bot.db.prisma.outbox.count({ where: { status: 'sent', sentRef: 'superseded', kind: 'turn' } }),
        bot.db.prisma.outbox.count({ where: { status: { in: ['pending', 'sending'] } } }),
      ]);
      const left = await drainOutbox(bot.db, quick ? 10_000 : 30_000);
      const check = await checkLogs(bot, games);
      const latency = summarize(`command latency during throughput (${games.length} games, ${label})`, 'ms', latencies);
      return {
        perSecond: accepted / elapsed,
        p99: latency.p99,
        rows: [
          single(`throughput, 2 shard processes, ${games.length} games × 4 seats (${label})`, 'commands/s', accepted / elapsed, `${accepted} accepted in ${elapsed.toFixed(1)} s, refused ${refused}, unanswered in 3 s ${failed}; worker RSS ${rss.map((b) => Math.round(b / 2 ** 20)).join('+')} MB`),
          latency,
          single(`outbox rows delivered per second during throughput (${label})`, 'rows/s', posted / elapsed, `${posted} posted and ${dropped} superseded rows dropped (${droppedTurns} of them turn messages) during the ${elapsed.toFixed(0)} s (creating the games included); ${waiting} waiting when it ended; each process's REST client sends at most 50 requests a second (Discord's global limit), interaction replies aside`),
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
  if (quick) return (await run(quick, PASSES[1])).rows;
  const [before, after] = [await run(quick, PASSES[0]), await run(quick, PASSES[1])];
  return [
    ...before.rows,
    ...after.rows,
    single('throughput A/B, 2 shards: after / before', 'ratio', after.perSecond / before.perSecond, `${before.perSecond.toFixed(0)} → ${after.perSecond.toFixed(0)} commands/s (goal ≥ 300); p99 during it ${before.p99.toFixed(0)} → ${after.p99.toFixed(0)} ms`),
  ];
}
