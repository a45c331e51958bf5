import { startRuntime, type Runtime } from '../../src/cli/compose.ts';
import { gameModules } from '../../src/games/index.ts';
import { startLocalDiscord, type LocalDiscord } from '../../src/local/discord/index.ts';
import { loadConfig } from '../../src/ops/config.ts';
import { createLogger, type Logger } from '../../src/ops/logger.ts';
import type { Metrics } from '../../src/ops/metrics.ts';
import { tallyGame } from './tally-game.ts';
import { registerTallyStrings } from './tally-strings.ts';

export interface Harness {
  readonly discord: LocalDiscord;
  readonly runtime: Runtime;
  stop(): Promise<void>;
}

/** The whole bot (router, app, outbox) against a local Discord, with the given rate limit, database and logger. */
export async function harness(opts: { rateLimit: number; databaseUrl?: string; discord?: LocalDiscord; logger?: Logger; metrics?: Metrics; rulesUrl?: string; modules?: Readonly<Record<string, typeof tallyGame>> }): Promise<Harness> {
  registerTallyStrings();
  const discord = opts.discord ?? (await startLocalDiscord({ sandbox: false, quietMs: 5 }));
  const config = { ...loadConfig({}), ALLOW_SEED: true, RATE_LIMIT_PER_MINUTE: opts.rateLimit, SHARDS: 1, DATABASE_URL: opts.databaseUrl, MIGRATE_ON_START: !opts.databaseUrl, ...(opts.rulesUrl ? { RULES_URL: opts.rulesUrl } : {}) };
  const runtime = await startRuntime({
    config,
    logger: opts.logger ?? createLogger('silent'),
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
    token: discord.botToken,
    api: discord.apiUrl,
    modules: { ...gameModules, tally: tallyGame, ...opts.modules },
    memory: !opts.databaseUrl,
    registerCommands: true,
    dispatchIntervalMs: 50,
    scheduler: { inProcess: true },
  });
  return {
    discord,
    runtime,
    async stop() {
      await runtime.stop();
      if (!opts.discord) await discord.close();
    },
  };
}

/** A game of `game` opened by the first user in a new thread, the others joined; started unless `lobby`. */
export async function gameIn(h: Harness, users: readonly string[], opts: { game?: string; seed?: number; lobby?: boolean } = {}): Promise<{ threadId: string; gameId: string }> {
  for (const u of users) if (!h.discord.users().some((x) => x.name === u)) h.discord.addUser(u);
  const created = await h.discord.slash(users[0]!, h.discord.channelId, `/game new game:${opts.game ?? 'tally'}${opts.seed === undefined ? '' : ` seed:${opts.seed}`}`);
  const threadId = /<#(\d+)>/.exec(String(created.reply?.content ?? ''))?.[1];
  if (!threadId) throw new Error(`no thread: ${String(created.reply?.content)}`);
  for (const u of users.slice(1)) await h.discord.slash(u, threadId, '/game join');
  if (!opts.lobby) await h.discord.slash(users[0]!, threadId, '/game start');
  const found = await h.runtime.app.findByThread(threadId);
  if (!found.ok) throw new Error(found.error.code);
  return { threadId, gameId: found.value };
}

/** A started tally game for the given users (the first hosts), in its own thread. */
export function tallyIn(h: Harness, users: readonly string[]): Promise<{ threadId: string; gameId: string }> {
  return gameIn(h, users);
}

export function answerText(handle: { reply?: { content?: unknown } | undefined; followUps: readonly { content?: unknown }[] }): string {
  return String(handle.followUps.at(-1)?.content ?? handle.reply?.content ?? '');
}

export function isEphemeral(handle: { ephemeral: boolean; followUps: readonly { ephemeralFor?: unknown }[] }): boolean {
  return handle.ephemeral || handle.followUps.some((m) => Boolean(m.ephemeralFor));
}

/**
 * A bot message carrying one button with `customId`, put straight into a channel (a thread or a user's
 * DM): what a forged or replayed button looks like to the bot once pressed.
 */
export function forgedButton(h: Harness, channelId: string, customId: string): string {
  const message = h.discord.world.createMessage({
    channelId,
    authorId: h.discord.botUser.id,
    payload: { content: 'button', components: [{ type: 1, components: [{ type: 2, style: 2, label: 'Press', custom_id: customId }] }] },
    files: [],
  });
  return message.id;
}
