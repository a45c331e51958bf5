import type { GameModule } from '../core/index.ts';
import { startRuntime, type LoadedCatalog, type Runtime } from '../cli/compose.ts';
import { loadConfig, type Config } from '../ops/config.ts';
import { createLogger, type Logger } from '../ops/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import { startLocalDiscord, type LocalDiscord } from './discord/index.ts';
import { InProcessScheduler, OffsetClock } from '../scheduler/index.ts';
import { deferPictures, type PictureDeferral } from './pictures.ts';

export interface LocalStackOptions {
  /** Port of the local Discord and its sandbox page; 0 picks a free one. */
  readonly port?: number;
  /** Embedded database folder; ignored with `memory`. */
  readonly dataDir?: string;
  /** Keep the embedded database in memory (tests, transcripts) unless DATABASE_URL is used. */
  readonly memory?: boolean;
  /** Use this PostgreSQL instead of the embedded database. */
  readonly databaseUrl?: string;
  /** Extra or replacement game modules (test-only games). */
  readonly modules?: Readonly<Record<string, GameModule<any, any, any>>>;
  readonly logger?: Logger;
  readonly metrics?: Metrics;
  readonly shards?: number;
  /** Environment to read the rest of the configuration from (default: process.env). */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Where the stack's clock starts (it then runs in real time, plus every `advance`). Default: real time
   * for the sandbox; when `memory` is given (tests, transcripts), the next 10:00 UTC, so quiet hours and
   * other wall-clock rules play out the same on every run.
   */
  readonly startAt?: Date | 'now';
  /** The packs, loaded once by `loadCatalog` with the same `modules` (tests starting a stack per case). */
  readonly catalog?: LoadedCatalog;
  /**
   * `drawn` (default): every picture is drawn. `deferred`: pictures are stood in for until
   * `stack.pictures.drawing` is switched on, and drawn at the end (`src/local/pictures.ts`).
   */
  readonly pictures?: 'drawn' | 'deferred';
}

/** The next 10:00 UTC from now: never in the past, so database-stamped outbox rows are always due. */
function nextMorningUtc(): Date {
  const now = new Date();
  const morning = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 10));
  return morning.getTime() > now.getTime() ? morning : new Date(morning.getTime() + 24 * 3_600_000);
}

export interface LocalStack {
  readonly url: string;
  readonly discord: LocalDiscord;
  readonly runtime: Runtime;
  /**
   * Delivers everything the outbox holds and runs the scheduler's jobs already due (such as an away
   * player's seat skipped the moment their turn begins), until neither has anything left.
   */
  settle(): Promise<void>;
  /** The public view of the game in a thread, or a user's private view. */
  state(threadId: string, userId?: string): Promise<unknown>;
  /**
   * Moves the clock of the application and of the in-process scheduler forward, firing what falls due
   * one job at a time and delivering its messages before the next (`!advance 25h`).
   */
  advance(ms: number): Promise<void>;
  /** The clock the application and the scheduler read, in ms (real time plus every `advance`). */
  now(): number;
  /** With `pictures: 'deferred'`: when pictures are drawn, and drawing the ones stood in for. */
  readonly pictures?: PictureDeferral;
  stop(): Promise<void>;
}

/**
 * The whole bot against a local Discord: what `npm start` runs without a token, what transcripts and
 * the browser test drive. Seeds are allowed here (ALLOW_SEED), since nothing is at stake.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const base = loadConfig(options.env ?? process.env);
  const config: Config = {
    ...base,
    ALLOW_SEED: true,
    DATABASE_URL: options.databaseUrl ?? (options.memory ? undefined : base.DATABASE_URL),
    DATA_DIR: options.dataDir ?? base.DATA_DIR,
    SHARDS: options.shards ?? 1,
    RATE_LIMIT_PER_MINUTE: Math.max(base.RATE_LIMIT_PER_MINUTE, 600),
  };
  const logger = options.logger ?? createLogger(base.LOG_LEVEL);
  const discord = await startLocalDiscord({ port: options.port ?? 0, shards: options.shards ?? 1 });
  const start = options.startAt === 'now' ? undefined : (options.startAt ?? (options.memory !== undefined ? nextMorningUtc() : undefined));
  const ticking = new OffsetClock(start);
  const clock = () => new Date(ticking.now());
  const pictures = options.pictures === 'deferred' ? deferPictures() : undefined;
  let runtime: Runtime;
  try {
    runtime = await startRuntime({
      config,
      logger,
      metrics: options.metrics,
      token: discord.botToken,
      api: discord.apiUrl,
      modules: options.modules,
      memory: options.memory === true && !options.databaseUrl,
      clock,
      registerCommands: true,
      dispatchIntervalMs: 100,
      scheduler: { clock: ticking, inProcess: true },
      ...(options.catalog ? { catalog: options.catalog } : {}),
      ...(pictures ? { drawPicture: pictures.draw } : {}),
    });
  } catch (error) {
    await discord.close();
    throw error;
  }

  discord.answeredBy((interactionId) => runtime.bot.answered(interactionId));

  /** Two quiet rounds in a row: a job a timer fired during the first one has had its messages delivered. */
  async function settle(): Promise<void> {
    const scheduler = runtime.scheduler;
    let quiet = 0;
    for (let round = 0; round < 50 && quiet < 2; round++) {
      const report = await runtime.dispatcher.tick();
      const fired = scheduler instanceof InProcessScheduler ? await scheduler.runDue() : 0;
      quiet = report.claimed === 0 && fired === 0 ? quiet + 1 : 0;
    }
  }

  return {
    url: discord.url,
    discord,
    runtime,
    settle,
    async state(threadId, userId) {
      const found = await runtime.app.findByThread(threadId);
      if (!found.ok) return { error: found.error.code };
      if (userId) {
        const secrets = await runtime.app.secrets(found.value, userId);
        return secrets.ok ? secrets.value.view : { error: secrets.error.code };
      }
      const status = await runtime.app.status(found.value);
      return status.ok ? status.value.publicView : { error: status.error.code };
    },
    async advance(ms) {
      const scheduler = runtime.scheduler;
      await settle();
      if (!(scheduler instanceof InProcessScheduler)) {
        ticking.advance(ms);
        return settle();
      }
      const target = ticking.now() + ms;
      for (let guard = 0; guard < 10_000; guard++) {
        const next = scheduler.nextDueAt();
        if (next === undefined || next > target) break;
        await scheduler.advance(Math.max(0, next - ticking.now()));
        await settle();
      }
      await scheduler.advance(Math.max(0, target - ticking.now()));
      await settle();
    },
    now: () => ticking.now(),
    ...(pictures ? { pictures } : {}),
    async stop() {
      await runtime.stop();
      await discord.close();
    },
  };
}
