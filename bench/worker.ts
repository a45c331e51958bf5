/*
 * One bot process for the end-to-end benchmarks: the real runtime (database, application, discord.js
 * client on the shards named by SHARD_IDS/SHARD_COUNT, outbox dispatcher) against the local Discord the
 * parent runs. The parent talks to it over IPC: `floor` measures bare inserts through the same Prisma
 * client, `stop` shuts it down.
 */
import { randomUUID } from 'node:crypto';
import { startRuntime } from '../src/cli/compose.ts';
import { gameModules } from '../src/games/index.ts';
import { loadConfig } from '../src/ops/config.ts';
import { createLogger } from '../src/ops/logger.ts';
import { registerTallyStrings } from '../test/support/tally-strings.ts';
import { benchTally, playRandom, type PlayedGame } from './games.ts';

/** `rss`, `heapUsed` and `heapTotal` of the bot process, in bytes. */
export interface MemorySample {
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
}

type Request = { type: 'floor'; n: number } | { type: 'stop' } | { type: 'rss' } | { type: 'cpu' } | { type: 'memory' } | { type: 'cache'; n: number; commands: number };

const token = process.env.TK_BENCH_TOKEN ?? '';
const api = process.env.TK_BENCH_API ?? '';
registerTallyStrings();
const config = { ...loadConfig(), ALLOW_SEED: true, MIGRATE_ON_START: false };
const runtime = await startRuntime({
  config,
  logger: createLogger(process.env.TK_BENCH_LOG ?? 'error'),
  token,
  api,
  modules: { ...gameModules, tally: benchTally },
  registerCommands: process.env.TK_BENCH_REGISTER === '1',
  // `TK_BENCH_NO_OUTBOX=1`: the dispatcher kept quiet (polls once an hour, not woken), to time commands alone.
  dispatchIntervalMs: process.env.TK_BENCH_NO_OUTBOX === '1' ? 3_600_000 : 100,
  ...(process.env.TK_BENCH_NO_OUTBOX === '1' ? { wakeOnCommit: false } : {}),
  // `TK_BENCH_PIPELINE=0`: the outbox pass before the handoff work, one row after the other (the A/B's "before").
  pipelineDeliveries: process.env.TK_BENCH_PIPELINE !== '0',
  // `TK_BENCH_COMMANDS_FIRST=0`: deliveries do not give way to interactions (the A/B's "before").
  commandsFirst: process.env.TK_BENCH_COMMANDS_FIRST !== '0',
});

async function floor(n: number): Promise<number[]> {
  const samples: number[] = [];
  const prefix = `bench-${randomUUID()}`;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await runtime.db.prisma.guildSettings.create({ data: { guildId: `${prefix}-${i}` } });
    samples.push(performance.now() - t0);
  }
  await runtime.db.prisma.guildSettings.deleteMany({ where: { guildId: { startsWith: prefix } } });
  return samples;
}

/**
 * Memory after a full GC and one second for V8 to hand back the pages it freed (it unmaps them on a
 * background thread): the resident size of the process at rest, not a transient of the collection.
 */
async function memory(): Promise<MemorySample> {
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  return { rss, heapUsed, heapTotal };
}

/** Games held in memory for the memory case: state, generator, genesis and log, as a cache would hold them. */
const cached: PlayedGame[] = [];

async function cache(n: number, commands: number): Promise<{ before: MemorySample; after: MemorySample }> {
  const before = await memory();
  const subjects = [
    { module: benchTally, pack: undefined },
    { module: gameModules.adventure!, pack: runtime.catalog.packs('adventure')?.data },
    { module: gameModules.comanauts!, pack: runtime.catalog.packs('comanauts')?.data },
  ];
  for (let i = 0; i < n; i++) {
    const s = subjects[i % subjects.length]!;
    const played = playRandom(s.module, s.pack, 4, commands, i + 1);
    played.decideMs.length = 0;
    cached.push(played);
  }
  return { before, after: await memory() };
}

process.on('message', (raw) => {
  const request = raw as Request;
  void (async () => {
    if (request.type === 'floor') process.send?.({ type: 'floor', samples: await floor(request.n) });
    else if (request.type === 'cache') process.send?.({ type: 'cache', ...(await cache(request.n, request.commands)) });
    else if (request.type === 'cpu') process.send?.({ type: 'cpu', ...process.cpuUsage() });
    else if (request.type === 'rss') process.send?.({ type: 'rss', rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });
    else if (request.type === 'memory') process.send?.({ type: 'memory', memory: await memory() });
    else if (request.type === 'stop') {
      await runtime.stop();
      process.send?.({ type: 'stopped' });
      process.exit(0);
    }
  })().catch((error: unknown) => process.send?.({ type: 'error', message: error instanceof Error ? error.stack : String(error) }));
});
process.send?.({ type: 'ready', kind: runtime.db.kind });
