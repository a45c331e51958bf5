import { checkLogs, createGames, DEFAULT_PG, drainOutbox, driverRng, playOnce, scratchDatabase, startDiscord, startInProcess, startWorkers, type BotUnderTest } from './e2e.ts';
import { quantile, round, summarize, type BenchRow } from './stats.ts';

async function levels(bot: BotUnderTest, discord: Awaited<ReturnType<typeof startDiscord>>, label: string, plan: readonly (readonly [number, number])[]): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const games = await createGames(discord, bot, Math.max(...plan.map(([g]) => g)), `${label}-`);
  const rng = driverRng(42);
  for (const [count, perGame] of plan) {
    const floor = await bot.floor(200);
    const floorMedian = quantile([...floor].sort((a, b) => a - b), 0.5);
    const samples: number[] = [];
    await Promise.all(
      games.slice(0, count).map(async (g) => {
        for (let i = 0; i < perGame; i++) {
          const ms = await playOnce(discord, bot, g, rng);
          if (ms !== null) samples.push(ms);
        }
      }),
    );
    const row = summarize(`command latency, ${count} concurrent game${count > 1 ? 's' : ''} (${label})`, 'ms', samples);
    const refused = games.reduce((n, g) => n + g.refused, 0);
    const failed = games.reduce((n, g) => n + g.failed, 0);
    rows.push(summarize(`floor: bare insert via Prisma (${label}, before ${count})`, 'ms', floor, 'one GuildSettings row, same client as the bot'));
    rows.push({ ...row, notes: `median ${round(row.median / floorMedian, 1)}× floor; refused ${refused}; unanswered in 3 s ${failed}` });
  }
  const left = await drainOutbox(bot.db, 15_000);
  const check = await checkLogs(bot, games);
  rows.push({ case: `latency run integrity (${label})`, unit: 'count', median: check.lost + check.doubled + check.diverged, p95: 0, p99: 0, n: games.length, notes: `lost ${check.lost}, applied twice ${check.doubled}, unexpected ${check.extra}, replay≠cache ${check.diverged}, outbox left ${left}` });
  return rows;
}

/**
 * Command latency end to end: `/play` dispatched by the local Discord until the bot's interaction answer
 * arrives, with the command committed to the database, at 1, 50 and 200 games acting at once (each game
 * keeps one command in flight). The floor is one bare insert through the bot's own Prisma client,
 * measured in the same run just before each level. Also the bot's resident memory with games cached.
 */
export async function latencyCases(quick: boolean): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const plan = quick ? ([[1, 30], [50, 2]] as const) : ([[1, 200], [50, 20], [200, 10]] as const);
  const scratch = await scratchDatabase(process.env.DATABASE_URL ?? DEFAULT_PG);
  const discord = await startDiscord(1);
  try {
    const bot = await startWorkers(discord, scratch.url, [[0]], process.argv.includes('--cpu-prof'));
    try {
      rows.push(...(await levels(bot, discord, 'postgres', plan)));
      if (process.argv.includes('--cpu-prof')) return rows;
      const games = quick ? 300 : 1000;
      const mem = await bot.cache(games, 20);
      const mb = (b: number) => b / 2 ** 20;
      rows.push({ case: `resident memory, bot process with ${games} games cached`, unit: 'MB', median: Math.round(mb(mem.after)), p95: Math.round(mb(mem.after)), p99: Math.round(mb(mem.after)), n: 1, notes: `RSS before caching ${Math.round(mb(mem.before))} MB (runtime + ${plan.at(-1)?.[0]} live games); +${((mb(mem.after - mem.before) * 1024) / games).toFixed(1)} KiB/game RSS, +${((mb(mem.heapAfter - mem.heapBefore) * 1024) / games).toFixed(1)} KiB/game heap; tally/adventure/comanauts, 20 commands each` });
    } finally {
      await bot.stop();
    }
  } finally {
    await discord.close();
    await scratch.drop();
  }
  if (!quick) {
    const local = await startDiscord(1);
    const bot = await startInProcess(local);
    try {
      rows.push(...(await levels(bot, local, 'pglite in-process', [[1, 100], [20, 10]])));
    } finally {
      await bot.stop();
      await local.close();
    }
  }
  return rows;
}
