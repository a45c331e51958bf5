import { startRuntime, type Runtime } from '../src/cli/compose.ts';
import { gameModules } from '../src/games/index.ts';
import type { Services } from '../src/discord/services.ts';
import type { LocalDiscord } from '../src/local/discord/index.ts';
import type { LocalEvent } from '../src/local/discord/types.ts';
import { loadConfig } from '../src/ops/config.ts';
import { createLogger } from '../src/ops/logger.ts';
import { tallyGame } from '../test/support/tally-game.ts';
import { DEFAULT_PG, scratchDatabase, startDiscord } from './e2e.ts';
import { quantile, round, summarize, type BenchRow } from './stats.ts';

/**
 * Issue 19, "The turn handoff": what players feel, from a command's arrival to the next player's ping
 * (the turn message mentioning them) and the new table picture delivered in the thread, on PGlite and
 * on PostgreSQL. A/B in the same run: the outbox pass one row after the other (the previous commit)
 * against a thread's rows drawn together and posted in order (this one), both woken at commit; the full
 * run also measures the poll alone (every 250 ms, the starting point). The picture's render time
 * is measured where the delivery draws it, so "picture ≤ render + 30 ms" is checked, not estimated.
 */
interface Setting {
  readonly label: string;
  readonly wake: boolean;
  readonly intervalMs: number;
  /** The outbox pass: a thread's rows drawn together and posted in order, or one after the other. */
  readonly pipeline: boolean;
  /** Deliveries give way to the interactions being answered (`commandsFirst`). */
  readonly commandsFirst: boolean;
  /** Only in the full run (the quick run keeps the A/B of the last change). */
  readonly full?: boolean;
}

/** The last two are the A/B of the latest change; the first is the starting point (the poll alone). */
const SETTINGS: readonly Setting[] = [
  { label: 'poll every 250 ms, rows one by one', wake: false, intervalMs: 250, pipeline: false, commandsFirst: false, full: true },
  { label: 'woken at commit, rows one by one', wake: true, intervalMs: 1000, pipeline: false, commandsFirst: false, full: true },
  { label: 'before: rows drawn together, deliveries beside commands', wake: true, intervalMs: 1000, pipeline: true, commandsFirst: false },
  { label: 'after: commands first', wake: true, intervalMs: 1000, pipeline: true, commandsFirst: true },
];

interface Samples {
  readonly reply: number[];
  readonly ping: number[];
  readonly picture: number[];
  /** Time the delivery spent drawing this handoff's table picture (`tablePicture`, in the bot). */
  readonly render: number[];
}

async function measure(discord: LocalDiscord, databaseUrl: string | undefined, setting: Setting, n: number): Promise<Samples> {
  const config = { ...loadConfig({}), ALLOW_SEED: true, RATE_LIMIT_PER_MINUTE: 100_000, SHARDS: 1, DATABASE_URL: databaseUrl };
  const runtime: Runtime = await startRuntime({
    config,
    logger: createLogger('silent'),
    token: discord.botToken,
    api: discord.apiUrl,
    modules: { ...gameModules, tally: tallyGame },
    memory: !databaseUrl,
    registerCommands: true,
    dispatchIntervalMs: setting.intervalMs,
    wakeOnCommit: setting.wake,
    pipelineDeliveries: setting.pipeline,
    commandsFirst: setting.commandsFirst,
  });
  const samples: Samples = { reply: [], ping: [], picture: [], render: [] };
  // The render time of each picture, measured where the delivery draws it (the same run, the same process).
  let drawn = 0;
  const services = runtime.bot.services as { tablePicture: Services['tablePicture'] };
  const draw = services.tablePicture;
  services.tablePicture = async (view, lang) => {
    const t = performance.now();
    try {
      return await draw(view, lang);
    } finally {
      drawn += performance.now() - t;
    }
  };
  try {
    const tag = `${setting.wake ? 'w' : 'p'}${Date.now() % 100_000}`;
    const users = [discord.addUser(`${tag}a`).id, discord.addUser(`${tag}b`).id];
    const created = await discord.slash(users[0]!, discord.channelId, '/game new game:tally seed:1');
    const threadId = /<#(\d+)>/.exec(String(created.reply?.content ?? ''))?.[1];
    if (!threadId) throw new Error(`handoff: no thread (${String(created.reply?.content)})`);
    await discord.slash(users[1]!, threadId, '/game join');
    await discord.slash(users[0]!, threadId, '/game start');
    const found = await runtime.app.findByThread(threadId);
    if (!found.ok) throw new Error(found.error.code);
    const gameId = found.value;
    await new Promise((r) => setTimeout(r, 1_500));
    for (let i = 0; i < n; i++) {
      const status = await runtime.app.status(gameId);
      if (!status.ok || !status.value.awaiting) break;
      const mover = status.value.awaiting.seats[0]!.userId;
      const next = users.find((u) => u !== mover)!;
      const legal = await runtime.app.legal(gameId, mover);
      if (!legal.ok) break;
      const index = legal.value.commands.findIndex((c) => c.type === 'pass');
      let pinged: (at: number) => void = () => undefined;
      let pictured: (at: number) => void = () => undefined;
      const ping = new Promise<number>((resolve) => (pinged = resolve));
      const picture = new Promise<number>((resolve) => (pictured = resolve));
      const off = discord.onEvent((event: LocalEvent) => {
        if (event.type !== 'messageCreate' || event.message.channelId !== threadId || event.message.interactionId) return;
        if (event.message.mentions.includes(next)) pinged(performance.now());
        if (event.message.attachments.length > 0) pictured(performance.now());
      });
      drawn = 0;
      const t0 = performance.now();
      await discord.slash(mover, threadId, `/play action:${legal.value.seq}.${index}`);
      samples.reply.push(performance.now() - t0);
      const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 5_000));
      samples.ping.push((await Promise.race([ping, timeout])) - t0);
      samples.picture.push((await Promise.race([picture, timeout])) - t0);
      samples.render.push(drawn);
      off();
      // Players take turns seconds apart: the next command arrives on a quiet outbox, its poll at any phase.
      await new Promise((r) => setTimeout(r, 20 + ((i * 37) % 120)));
    }
  } finally {
    await runtime.stop();
  }
  return samples;
}

const median = (xs: readonly number[]) => quantile([...xs].filter((x) => Number.isFinite(x)).sort((a, b) => a - b), 0.5);

export async function handoffCases(quick: boolean): Promise<BenchRow[]> {
  const n = quick ? 15 : 40;
  const rows: BenchRow[] = [];
  const backends: { name: string; url?: string; drop?: () => Promise<void> }[] = [{ name: 'PGlite' }];
  const base = process.env.DATABASE_URL ?? DEFAULT_PG;
  try {
    const scratch = await scratchDatabase(base, 'turnkeeper_bench_handoff');
    backends.push({ name: 'PostgreSQL', url: scratch.url, drop: scratch.drop });
  } catch (error) {
    process.stderr.write(`bench: handoff on PostgreSQL skipped (${String(error)})\n`);
  }
  const settings = SETTINGS.filter((s) => !quick || !s.full);
  for (const backend of backends) {
    const medians: Record<string, { ping: number; reply: number; picture: number; beyondRender: number }> = {};
    for (const setting of settings) {
      const discord = await startDiscord(1);
      try {
        const s = await measure(discord, backend.url, setting, n);
        const lost = s.ping.filter((x) => !Number.isFinite(x)).length;
        const label = `${backend.name}, ${setting.label}`;
        rows.push(summarize(`handoff: command's own reply (${label})`, 'ms', s.reply, '/play answered through the local Discord'));
        rows.push(summarize(`handoff: next player's ping delivered (${label})`, 'ms', s.ping.filter(Number.isFinite), `from the command's arrival; ${lost} not seen within 5 s`));
        rows.push(summarize(`handoff: table picture delivered (${label})`, 'ms', s.picture.filter(Number.isFinite), 'from the command\'s arrival'));
        rows.push(summarize(`handoff: table picture's render (${label})`, 'ms', s.render, 'time the delivery spent in tablePicture for that picture'));
        const beyondRender = s.picture.map((p, i) => p - (s.render[i] ?? 0));
        const beyondReply = s.ping.map((p, i) => p - (s.reply[i] ?? 0));
        rows.push(summarize(`handoff: picture beyond its render (${label})`, 'ms', beyondRender.filter(Number.isFinite), 'picture delivered − render, per handoff (goal median ≤ 30)'));
        rows.push(summarize(`handoff: ping beyond the command's own reply (${label})`, 'ms', beyondReply.filter(Number.isFinite), 'ping delivered − reply, per handoff (goal median ≤ 20)'));
        medians[setting.label] = { ping: median(s.ping), reply: median(s.reply), picture: median(s.picture), beyondRender: median(beyondRender) };
      } finally {
        await discord.close();
      }
    }
    const [before, after] = settings.slice(-2).map((x) => medians[x.label]!);
    if (before && after) {
      rows.push({
        case: `handoff A/B (${backend.name}): ping median after / before`,
        unit: 'ratio',
        median: round(after.ping / before.ping),
        p95: round(after.ping / before.ping),
        p99: round(after.ping / before.ping),
        n: 1,
        notes: `ping ${round(before.ping, 1)} → ${round(after.ping, 1)} ms; picture ${round(before.picture, 1)} → ${round(after.picture, 1)} ms; picture beyond its render ${round(before.beyondRender, 1)} → ${round(after.beyondRender, 1)} ms (goal ≤ 30); ping beyond the reply ${round(before.ping - before.reply, 1)} → ${round(after.ping - after.reply, 1)} ms (goal ≤ 20)`,
      });
    }
    await backend.drop?.();
  }
  return rows;
}
