import { baseRef, checkLogs, createGames, DEFAULT_PG, drainOutbox, driverRng, playOnce, scratchDatabase, startDiscord, startInProcess, startWorkers, type BotRuntime, type BotUnderTest } from './e2e.ts';
import { postgresCpuMs, quantile, round, single, summarize, type BenchRow } from './stats.ts';

/**
 * What any answer costs before a command does its own work: `/help` (an ephemeral text, no database) sent
 * and answered through the same local Discord, discord.js client and router as a `/play`.
 */
async function transportFloor(discord: Awaited<ReturnType<typeof startDiscord>>, game: { readonly threadId: string; readonly users: readonly string[] }, n: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await discord.slash(game.users[0]!, game.threadId, '/help');
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** The medians a level leaves for the A/B rows: the command, its two floors, and the p99. */
interface LevelFigures {
  readonly count: number;
  readonly command: number;
  readonly p99: number;
  readonly insert: number;
  readonly transport?: number;
  /** CPU ms of the bot per command (deliveries included), per `/help` and per bare insert (1 game only). */
  readonly cpu?: { readonly command: number; readonly help: number; readonly insert: number };
}

async function levels(bot: BotUnderTest, discord: Awaited<ReturnType<typeof startDiscord>>, label: string, plan: readonly (readonly [number, number])[], figures: LevelFigures[] = []): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const games = await createGames(discord, bot, Math.max(...plan.map(([g]) => g)), `${label.replace(/[^a-z0-9]+/gi, '-')}-`);
  const rng = driverRng(42);
  for (const [count, perGame] of plan) {
    // The games of the largest level were all just created: their lobby cards, start pictures and turn
    // messages are still being delivered. The 1-game level waits for them, so it measures one game alone.
    const backlog = count === 1 ? await drainOutbox(bot.db, 120_000) : 0;
    const floor = await bot.floor(200);
    const floorMedian = quantile([...floor].sort((a, b) => a - b), 0.5);
    const samples: number[] = [];
    const cpuBefore = count === 1 ? await bot.cpu() : 0;
    const levelStart = performance.now();
    const cpuAtStart = { bot: await bot.cpu(), driver: process.cpuUsage(), postgres: postgresCpuMs() };
    await Promise.all(
      games.slice(0, count).map(async (g) => {
        for (let i = 0; i < perGame; i++) {
          const ms = await playOnce(discord, bot, g, rng);
          if (ms !== null) samples.push(ms);
        }
      }),
    );
    const rate = samples.length / ((performance.now() - levelStart) / 1000);
    // Where the level's CPU went, per command: the bot, this process (the driver and the local Discord), PostgreSQL.
    const driverCpu = process.cpuUsage(cpuAtStart.driver);
    const cpuShare = `CPU per command: bot ${round((await bot.cpu() - cpuAtStart.bot) / samples.length, 2)} ms, driver and local Discord ${round((driverCpu.user + driverCpu.system) / 1000 / samples.length, 2)} ms, PostgreSQL ${round((postgresCpuMs() - cpuAtStart.postgres) / samples.length, 2)} ms`;
    const row = summarize(`command latency, ${count} concurrent game${count > 1 ? 's' : ''} (${label})`, 'ms', samples);
    const refused = games.reduce((n, g) => n + g.refused, 0);
    const failed = games.reduce((n, g) => n + g.failed, 0);
    rows.push(summarize(`floor: bare insert via Prisma (${label}, before ${count})`, 'ms', floor, 'one GuildSettings row, same client as the bot'));
    let transportNote = '';
    let transport: number | undefined;
    let cpu: LevelFigures['cpu'];
    let helps: number[] = [];
    if (count === 1) {
      // CPU time is far steadier than wall time on a shared machine: the bot's per command (its deliveries
      // drained, so the picture and turn message it caused are counted), per `/help` and per bare insert.
      await drainOutbox(bot.db, 15_000);
      const perCommand = (await bot.cpu() - cpuBefore) / Math.max(1, samples.length);
      const helpBefore = await bot.cpu();
      helps = await transportFloor(discord, games[0]!, perGame);
      const perHelp = (await bot.cpu() - helpBefore) / perGame;
      const insertBefore = await bot.cpu();
      await bot.floor(perGame);
      const perInsert = (await bot.cpu() - insertBefore) / perGame;
      cpu = { command: perCommand, help: perHelp, insert: perInsert };
      rows.push({ case: `bot CPU per command, its deliveries included, 1 game (${label})`, unit: 'ms', median: round(perCommand, 2), p95: round(perCommand, 2), p99: round(perCommand, 2), n: samples.length, notes: `CPU of the bot process (all threads) over ${samples.length} commands and their drained outbox; per /help ${round(perHelp, 2)} ms, per bare insert ${round(perInsert, 2)} ms; beyond both ${round(perCommand - perHelp - perInsert, 2)} ms` });
    }
    if (count === 1) {
      const t = summarize(`transport floor: /help answered, no database (${label})`, 'ms', helps, 'the same path through the local Discord, discord.js and the router, without a game or a statement');
      rows.push(t);
      transport = t.median;
      transportNote = `; ${round(row.median / t.median, 1)}× transport floor; beyond both floors ${round(row.median - t.median - floorMedian, 2)} ms; outbox rows still undelivered when it began ${backlog}`;
    }
    figures.push({ count, command: row.median, p99: row.p99, insert: floorMedian, ...(transport === undefined ? {} : { transport }), ...(cpu ? { cpu } : {}) });
    rows.push({ ...row, notes: `${Math.round(rate)} commands/s; ${cpuShare}; median ${round(row.median / floorMedian, 1)}× floor${transportNote}; refused ${refused}; unanswered in 3 s ${failed}` });
  }
  const left = await drainOutbox(bot.db, 15_000);
  const check = await checkLogs(bot, games);
  rows.push({ case: `latency run integrity (${label})`, unit: 'count', median: check.lost + check.doubled + check.diverged, p95: 0, p99: 0, n: games.length, notes: `lost ${check.lost}, applied twice ${check.doubled}, unexpected ${check.extra}, replay≠cache ${check.diverged}, outbox left ${left}` });
  return rows;
}

/**
 * The passes under test, both in the same invocation. With `--base=<git ref>`, "before" is the bot as that
 * commit built it and "after" this tree's; without it, the outbox's deliveries beside the interactions
 * ("before") or giving way to them (`yieldTo`, "after": commands first).
 */
type Pass = { readonly label: string; readonly env: Readonly<Record<string, string>> };

export const PASSES: readonly [Pass, Pass] = baseRef()
  ? [
      { label: `before: ${baseRef()}`, env: { TK_BENCH_BASE: baseRef() ?? '' } },
      { label: 'after: this tree', env: {} },
    ]
  : [
      { label: 'before: deliveries beside commands', env: { TK_BENCH_COMMANDS_FIRST: '0' } },
      { label: 'after: commands first', env: { TK_BENCH_COMMANDS_FIRST: '1' } },
    ];

/** A/B rows of the goals: work beyond the two floors at 1 game, and p99 at the largest level. */
function abRows(before: readonly LevelFigures[], after: readonly LevelFigures[]): BenchRow[] {
  const rows: BenchRow[] = [];
  const beyond = (f: LevelFigures | undefined) => (f?.transport === undefined ? Number.NaN : f.command - f.transport - f.insert);
  const [b1, a1] = [before.find((f) => f.count === 1), after.find((f) => f.count === 1)];
  rows.push(single("bot's own work per command beyond the two floors (1 game, A/B)", 'ms', beyond(a1), `median /play − median /help − median bare insert; before ${round(beyond(b1), 2)} ms, after ${round(beyond(a1), 2)} ms (goal ≤ 1)`));
  const cpuBeyond = (f: LevelFigures | undefined) => (f?.cpu ? f.cpu.command - f.cpu.help - f.cpu.insert : Number.NaN);
  const perCommand = (f: LevelFigures | undefined) => round(f?.cpu?.command ?? Number.NaN, 2);
  const cpuNotes = `before ${round(cpuBeyond(b1), 2)} ms (${perCommand(b1)} per command), after ${round(cpuBeyond(a1), 2)} ms (${perCommand(a1)} per command), after / before ${round(cpuBeyond(a1) / cpuBeyond(b1), 2)}`;
  rows.push(single("bot's CPU per command beyond /help and a bare insert, deliveries included (1 game, A/B)", 'ms', cpuBeyond(a1), cpuNotes));
  const top = Math.max(...after.map((f) => f.count));
  const [bt, at] = [before.find((f) => f.count === top), after.find((f) => f.count === top)];
  if (bt && at) {
    rows.push(single(`command latency p99, ${top} concurrent games (A/B)`, 'ms', at.p99, `before ${round(bt.p99, 1)} ms, after ${round(at.p99, 1)} ms, after / before ${round(at.p99 / bt.p99, 2)}; medians ${round(bt.command, 1)} → ${round(at.command, 1)} ms (goal p99 ≤ 250 ms at 200 games)`));
  }
  return rows;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const memoryRow = (name: string, m: { rss: number; heapUsed: number; heapTotal: number }, notes: string): BenchRow => ({
  case: name,
  unit: 'MB',
  median: mb(m.rss),
  p95: mb(m.rss),
  p99: mb(m.rss),
  n: 1,
  notes: `RSS; V8 heap ${mb(m.heapUsed)} MB used of ${mb(m.heapTotal)} MB; ${notes}`,
});

/**
 * Resident memory of one fresh bot process on PostgreSQL, run as `runtime`: after start-up, after `live`
 * games were created and played through the local Discord and their outbox drained (pictures drawn and
 * posted), then with `cached` more games held in memory (the bench's cache model: state, generator,
 * genesis and 20-command log each). Each figure is read after a full GC and a one-second settle.
 */
async function memoryCase(url: string, runtime: BotRuntime, quick: boolean): Promise<BenchRow[]> {
  const live = quick ? 50 : 200;
  const cached = quick ? 300 : 1000;
  const label = runtime === 'compiled' ? 'compiled, as production runs it' : 'tsx, the development loop';
  const discord = await startDiscord(1);
  try {
    const bot = await startWorkers(discord, url, [[0]], false, runtime);
    try {
      const started = await bot.memory();
      const games = await createGames(discord, bot, live, `mem-${runtime}-`);
      const rng = driverRng(11);
      await Promise.all(games.map(async (g) => { for (let i = 0; i < 5; i++) await playOnce(discord, bot, g, rng); }));
      const left = await drainOutbox(bot.db, quick ? 15_000 : 90_000);
      const playing = await bot.memory();
      const { before, after } = await bot.cache(cached, 20);
      const heapPerGame = ((after.heapUsed - before.heapUsed) / 2 ** 10 / cached).toFixed(1);
      return [
        memoryRow(`resident memory, bot process after start-up (${label})`, started, 'runtime, packs, commands, discord.js connected, no game'),
        memoryRow(`resident memory, bot process with ${live} live games (${label})`, playing, `${live} games created and played 5 commands each through the local Discord; outbox left ${left}`),
        memoryRow(`resident memory, bot process with ${cached} games cached (${label})`, after, `on top of the ${live} live games; +${heapPerGame} KiB/game heap; tally/adventure/comanauts, 20 commands each`),
      ];
    } finally {
      await bot.stop();
    }
  } finally {
    await discord.close();
  }
}

/**
 * Command latency end to end: `/play` dispatched by the local Discord until the bot's interaction answer
 * arrives, with the command committed to the database, at 1, 50 and 200 games acting at once (each game
 * keeps one command in flight). The floor is one bare insert through the bot's own Prisma client,
 * measured in the same run just before each level. The bot runs compiled, as in production. Also the
 * bot's resident memory (see `memoryCase`), compiled and through tsx.
 */
export async function latencyCases(quick: boolean): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  // `--levels=200x10,50x20`: only these levels (games × commands each), for a targeted run.
  const levelsArg = process.argv.find((a) => a.startsWith('--levels='))?.slice('--levels='.length);
  const plan: readonly (readonly [number, number])[] = levelsArg
    ? levelsArg.split(',').map((l) => l.split('x').map(Number) as [number, number])
    : quick ? [[1, 30], [50, 2]] : [[1, 200], [50, 20], [200, 10]];
  // --skip-memory: the A/B alone (the memory cases start four more bot processes).
  const memory = !process.argv.includes('--cpu-prof') && !process.argv.includes('--skip-memory');
  const scratch = await scratchDatabase(process.env.DATABASE_URL ?? DEFAULT_PG);
  try {
    const discord = await startDiscord(1);
    try {
      const figures: LevelFigures[][] = [];
      // The quick run keeps its former size: this commit's pass only (the A/B runs in the full bench).
      // `--after-only`: this tree's pass alone (a targeted run; no A/B rows).
      for (const pass of quick || process.argv.includes('--after-only') ? PASSES.slice(1) : PASSES) {
        const bot = await startWorkers(discord, scratch.url, [[0]], process.argv.includes('--cpu-prof'), 'compiled', pass.env);
        try {
          const mine: LevelFigures[] = [];
          rows.push(...(await levels(bot, discord, `postgres, ${pass.label}`, plan, mine)));
          figures.push(mine);
        } finally {
          await bot.stop();
        }
      }
      if (figures.length === 2) rows.push(...abRows(figures[0] ?? [], figures[1] ?? []));
    } finally {
      await discord.close();
    }
    if (memory) {
      for (const runtime of ['compiled', 'tsx'] as const) rows.push(...(await memoryCase(scratch.url, runtime, quick)));
    }
  } finally {
    await scratch.drop();
  }
  // `--base=<ref>` runs the A/B alone: the in-process PGlite level is not part of it.
  if (!quick && !baseRef() && !levelsArg) {
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
