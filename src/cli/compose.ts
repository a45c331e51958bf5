import { createApp, createCampaigns, createDispatcher, type App, type PackPin, type PackRef } from '../app/index.ts';
import type { GameModule, Rejection, Result } from '../core/index.ts';
import { join } from 'node:path';
import { checkAgainstLock, createPackRegistry, packDigest, PACK_LOCK_FILE, readPackLock, validatePack } from '../content/index.ts';
import type { Catalog, DrawPicture } from '../discord/services.ts';
import type { Language } from '../i18n/index.ts';
import { startBot, type Bot } from '../discord/bot.ts';
import { createRateLimiter } from '../discord/rate-limit.ts';
import { loadCommands } from '../discord/registry.ts';
import { gameModules } from '../games/index.ts';
import { databaseTimeouts, type Config } from '../ops/config.ts';
import type { Logger } from '../ops/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import { fromRoot } from '../ops/paths.ts';
import { startRenderHost, type RenderPack } from '../render/host.ts';
import { openDatabase, openWakeSignal, type Database } from '../store/index.ts';
import { reconcileSchedule } from '../app/reconcile.ts';
import { createDueStore, createSchedule, type Schedule } from '../app/schedule.ts';
import { createScheduler, type Clock, type Scheduler } from '../scheduler/index.ts';

type AnyModule = GameModule<any, any, any>;

/** Finds the pack a game row is pinned to, shipped or uploaded to its server (the app's `packFor`). */
export type PinnedPacks = (pin: PackPin) => Promise<Result<PackRef | undefined, Rejection>>;

export interface LoadedCatalog {
  /** The games and the texts of the shipped packs, each found by id, version and hash. */
  readonly catalog: Catalog;
  /** The same, also finding the packs servers uploaded (read once per hash through `pinned`). */
  withUploads(pinned: PinnedPacks): Catalog;
  /** A pack by game, id and version; without a version the newest of that id, without an id the game's default. */
  readonly packs: (gameType: string, packId?: string, version?: string) => PackRef | undefined;
  /** Every pack version that loaded, oldest first per pack. */
  readonly list: (gameType?: string) => readonly (PackRef & { readonly gameType: string })[];
  readonly problems: readonly string[];
  /** Every loaded pack, for the thread that draws table pictures. */
  readonly all: readonly RenderPack[];
}

/**
 * Loads every built-in pack version once (`<id>/` and older `<id>@<version>/` folders side by side) and
 * validates it with its game's schema. A bad pack is left out and reported (file and path), never
 * half-loaded; so is a pack whose content differs from the lock's record of its version.
 */
export async function loadCatalog(modules: Readonly<Record<string, AnyModule>> = gameModules, root = fromRoot('assets', 'packs')): Promise<LoadedCatalog> {
  const registry = createPackRegistry(root);
  const byGame = new Map<string, PackRef[]>();
  const problems: string[] = (await registry.problems()).flatMap((p) => p.errors.map((e) => `${p.dir}: ${e.message}`));
  const lock = await readPackLock(join(root, PACK_LOCK_FILE));
  if (!lock.ok) problems.push(...lock.error.map((e) => `${root}: ${e.message}`));
  for (const entry of await registry.list()) {
    const module = Object.hasOwn(modules, entry.gameType) ? modules[entry.gameType] : undefined;
    if (!module) continue;
    const loaded = await registry.get(entry.gameType, entry.id, entry.version);
    if (!loaded.ok) continue;
    const changed = checkAgainstLock(lock.ok ? lock.value : undefined, { gameType: entry.gameType, id: entry.id, version: entry.version, hash: entry.hash });
    if (changed) {
      problems.push(`${entry.dir}: ${changed.message}`);
      continue;
    }
    let data: unknown = loaded.value.data;
    if (module.packSchema) {
      const valid = validatePack(loaded.value, module.packSchema);
      if (!valid.ok) {
        problems.push(...valid.error.map((e) => `${entry.dir}: ${e.message}`));
        continue;
      }
      data = valid.value.content;
    }
    const ref: PackRef = { id: entry.id, version: entry.version, hash: entry.hash, data, name: entry.name, digest: packDigest(loaded.value.data) };
    byGame.set(entry.gameType, [...(byGame.get(entry.gameType) ?? []), ref]);
  }
  const packs = (gameType: string, packId?: string, version?: string): PackRef | undefined => {
    const list = byGame.get(gameType) ?? [];
    const id = packId ?? list[0]?.id;
    const matching = list.filter((p) => p.id === id && (version === undefined || p.version === version));
    return matching[matching.length - 1];
  };
  const list = (gameType?: string) => [...byGame].filter(([g]) => gameType === undefined || g === gameType).flatMap(([g, refs]) => refs.map((p) => ({ ...p, gameType: g })));
  const catalog = createCatalog(modules, packs);
  const all = list().map(renderPackOf);
  return { catalog, withUploads: (pinned) => createCatalog(modules, packs, pinned), packs, list, problems, all };
}

/** Uploaded packs whose texts a catalog keeps in memory (by content hash), most recently used last. */
const UPLOADS_KEPT = 64;

const renderPackOf = (p: PackRef & { readonly gameType: string }): RenderPack => ({ gameType: p.gameType, id: p.id, version: p.version, hash: p.hash, data: p.data });

/**
 * The pack texts the Discord edge shows, from exactly the pack a game is pinned to: a shipped pack by id,
 * version and hash, else (with `pinned`) the server's upload, read from the database once per content hash.
 * A pack that is no longer found gives no texts (keys are shown) rather than another version's.
 */
export function createCatalog(modules: Readonly<Record<string, AnyModule>>, packs: LoadedCatalog['packs'], pinned?: PinnedPacks): Catalog {
  const uploads = new Map<string, PackRef>();
  async function find(pin: PackPin): Promise<PackRef | undefined> {
    if (pin.packId === null) return undefined;
    const shipped = packs(pin.gameType, pin.packId, pin.packVersion ?? undefined);
    if (shipped && (pin.packHash === null || shipped.hash === pin.packHash)) return shipped;
    if (!pinned) return undefined;
    const key = pin.packHash === null ? null : `${pin.gameType}\u0000${pin.packHash}`;
    const known = key === null ? undefined : uploads.get(key);
    if (known) {
      uploads.delete(key as string);
      uploads.set(key as string, known);
      return known;
    }
    const found = await pinned(pin);
    if (!found.ok || !found.value) return undefined;
    if (key !== null && found.value.hash === pin.packHash) {
      uploads.set(key, found.value);
      if (uploads.size > UPLOADS_KEPT) uploads.delete(uploads.keys().next().value as string);
    }
    return found.value;
  }
  return {
    modules,
    async packText(pin) {
      const module = Object.hasOwn(modules, pin.gameType) ? modules[pin.gameType] : undefined;
      if (!module?.textOf) return undefined;
      const pack = await find(pin);
      if (!pack) return undefined;
      return (key: string, lang: Language) => module.textOf?.(pack.data, key, lang);
    },
    async renderPack(pin) {
      const pack = await find(pin);
      return pack ? renderPackOf({ ...pack, gameType: pin.gameType }) : undefined;
    },
  };
}

export interface RuntimeOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly metrics?: Metrics;
  readonly token: string;
  readonly api?: string;
  readonly modules?: Readonly<Record<string, AnyModule>>;
  readonly database?: Database;
  readonly memory?: boolean;
  readonly clock?: () => Date;
  readonly registerCommands?: boolean;
  readonly dispatchIntervalMs?: number;
  /** Wake the dispatcher when a command commits (default true); false leaves only the poll (the bench's "before"). */
  readonly wakeOnCommit?: boolean;
  /**
   * Draw a thread's outbox rows together, the ping first (default on PostgreSQL); false is the former
   * one-by-one pass. PGlite has one connection: the reads drawn ahead queue in front of the interaction's
   * own statements (its reply measured 33 → 132 ms), so the sandbox keeps the one-by-one pass.
   */
  readonly pipelineDeliveries?: boolean;
  /** Deliveries give way to the interactions being answered (default); `false`: the bench's A/B "before". */
  readonly commandsFirst?: boolean;
  /**
   * Scheduler choice: BullMQ when `config.REDIS_URL` is set unless `inProcess`; the in-process one reads
   * `clock` (the local stack passes an `OffsetClock` so `!advance` moves app and scheduler together).
   */
  readonly scheduler?: { readonly clock?: Clock; readonly inProcess?: boolean; readonly prefix?: string; readonly resyncEveryMs?: number };
  /**
   * The packs, already loaded by {@link loadCatalog} with the same `modules`: tests that start many
   * runtimes in one process parse and validate the packs once (about a second each time otherwise).
   */
  readonly catalog?: LoadedCatalog;
  /** Where pictures are drawn (default: the render host); see `src/local/pictures.ts`. */
  readonly drawPicture?: DrawPicture;
}

export interface Runtime {
  readonly db: Database;
  readonly app: App;
  readonly bot: Bot;
  readonly dispatcher: ReturnType<typeof createDispatcher>;
  readonly catalog: LoadedCatalog;
  readonly scheduler: Scheduler;
  readonly schedule: Schedule;
  stop(): Promise<void>;
}

/** Wires database, application, bot and outbox dispatcher: the same for real Discord and the sandbox. */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config, logger } = options;
  const clock = options.clock ?? (() => new Date());
  // How long each step of the start took (ms), logged once it is serving: where a slow start-up spends its time.
  const took: Record<string, number> = {};
  let since = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    took[name] = Math.round(now - since);
    since = now;
  };
  const db =
    options.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, memory: options.memory, migrate: config.MIGRATE_ON_START, preparedStatements: config.DATABASE_PREPARED_STATEMENTS, timeouts: databaseTimeouts(config) }));
  step('database');
  const catalog = options.catalog ?? (await loadCatalog(options.modules ?? gameModules));
  step('packs');
  for (const problem of catalog.problems) logger.warn({ problem }, 'content pack refused');
  const pictures = await startRenderHost({ mode: config.RENDER_THREAD, packs: catalog.all, onWorkerExit: (err) => logger.warn({ err }, 'render worker stopped; the next picture starts a new one') });
  const limits = { lobbiesPerUser: config.LOBBIES_PER_USER, lobbiesPerGuild: config.LOBBIES_PER_GUILD, gamesPerGuild: config.GAMES_PER_GUILD };
  step('renderThread');
  const wakeLog = logger.child({ component: 'wake' });
  const wake = await openWakeSignal(db, { onError: (error) => wakeLog.warn({ err: error }, 'outbox wake-up: LISTEN failed; the dispatcher polls') });
  const campaignLog = logger.child({ component: 'campaigns' });
  // The campaign service needs the app, and the app tells it when a campaign's game ended: bound late.
  const ended: { record?: (gameId: string) => Promise<unknown> } = {};
  const onCampaignGameEnded = (gameId: string) =>
    void ended.record?.(gameId).then(
      () => wake.committed(gameId),
      (error: unknown) => campaignLog.warn({ err: error, gameId }, 'campaign entry not recorded; the next campaign read records it'),
    );
  const app = createApp({ db, games: catalog.catalog.modules, packs: catalog.packs, packList: catalog.list, clock, logger: logger.child({ component: 'app' }), cacheSize: config.GAME_CACHE_SIZE, limits, wake, onCampaignGameEnded });
  // Campaign dormancy lives with the scheduler, made below: bound late too.
  const dormancy: { plan?: (campaignId: string) => Promise<void> } = {};
  const campaigns = createCampaigns({ prisma: db.prisma, games: catalog.catalog.modules, clock, app, onAwake: (id) => dormancy.plan?.(id) ?? Promise.resolve() });
  ended.record = campaigns.recordEnded;
  const rateLog = logger.child({ component: 'rate-limit' });
  const rateLimiter = await createRateLimiter(
    { command: config.RATE_LIMIT_PER_MINUTE, autocomplete: config.AUTOCOMPLETE_PER_MINUTE },
    config.REDIS_URL,
    (error) => rateLog.warn({ code: (error as { code?: string } | null)?.code ?? 'error' }, 'rate limit: Redis did not answer, counting in this process'),
  );
  const store = createDueStore(db);
  const schedulerLog = logger.child({ component: 'scheduler' });
  const onError = (error: unknown, ticket: { queue: string; key: string; attempt: number }) =>
    schedulerLog.error({ err: error, queue: ticket.queue, key: ticket.key, attempt: ticket.attempt }, 'scheduled job failed');
  const redisUrl = options.scheduler?.inProcess ? undefined : config.REDIS_URL;
  const scheduler: Scheduler = redisUrl
    ? await createScheduler({
        redisUrl,
        claim: store,
        onError,
        source: () => store.listDue(),
        onConnectionError: (error) => schedulerLog.warn({ reason: error.message }, 'scheduler: redis'),
        ...(options.scheduler?.prefix ? { prefix: options.scheduler.prefix } : {}),
        ...(options.scheduler?.resyncEveryMs === undefined ? {} : { resyncEveryMs: options.scheduler.resyncEveryMs }),
      })
    : await createScheduler({ claim: store, onError, ...(options.scheduler?.clock ? { clock: options.scheduler.clock } : {}) });
  const schedule = createSchedule({ db, app, scheduler, store, clock, logger: schedulerLog });
  schedule.register();
  dormancy.plan = schedule.campaignDormancy.plan;
  step('services');
  const bot = await startBot({
    token: options.token,
    api: options.api,
    shards: config.SHARDS,
    app,
    campaigns,
    catalog: catalog.withUploads(app.packFor),
    commands: await loadCommands(),
    logger,
    metrics: options.metrics,
    allowSeed: config.ALLOW_SEED,
    ...(config.RULES_URL ? { rulesUrl: config.RULES_URL } : {}),
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    autocompletePerMinute: config.AUTOCOMPLETE_PER_MINUTE,
    rateLimiter,
    defaultLocale: config.DEFAULT_LOCALE,
    registerCommands: options.registerCommands,
    schedule,
    ...(options.drawPicture ? { drawPicture: options.drawPicture } : {}),
  });
  step('discord');
  await scheduler.start();
  step('schedulerStart');
  const reconciled = await reconcileSchedule({ db, app, schedule, logger: schedulerLog });
  step('reconcile');
  await schedule.campaignDormancy.planMissing();
  step('campaignDormancy');
  const rebuilt = await schedule.rebuild();
  step('rebuild');
  schedulerLog.info({ kind: scheduler.kind, rebuilt, clocked: reconciled.clocked, replanned: reconciled.replanned }, 'scheduler started');
  // Woken when a command commits (in process, or LISTEN on PostgreSQL); the poll is the slow fallback.
  const dispatcher = createDispatcher({ db, deliver: bot.deliver, clock, logger: logger.child({ component: 'outbox' }), intervalMs: options.dispatchIntervalMs ?? 1000, pipeline: options.pipelineDeliveries ?? db.kind === 'postgres', ...(options.commandsFirst === false ? {} : { yieldTo: bot.answering }) });
  if (options.wakeOnCommit !== false) wake.on(() => dispatcher.wake());
  dispatcher.start();
  logger.info({ ms: took }, 'runtime started');
  return {
    db,
    app,
    bot,
    dispatcher,
    catalog,
    scheduler,
    schedule,
    async stop() {
      await scheduler.stop();
      await dispatcher.stop();
      await wake.close();
      await bot.stop();
      await rateLimiter.close();
      await pictures.stop();
      if (!options.database) await db.close();
    },
  };
}
