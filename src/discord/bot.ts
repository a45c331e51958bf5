import { ChannelType, Client, DiscordAPIError, Events, GatewayIntentBits, Routes, type SendableChannels } from 'discord.js';
import type { Deliver } from '../app/index.ts';
import type { App } from '../app/index.ts';
import type { OutboxRow } from '../store/index.ts';
import type { Logger } from '../ops/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import { hasRenderer, renderTable } from '../render/index.ts';
import { messageOf } from './answer.ts';
import type { Answer, CommandModule } from './command.ts';
import { encodeCustomId } from './custom-id.ts';
import { pickLanguage, t, type Language } from './i18n.ts';
import { formatEvents, promptButtons } from './present.ts';
import { commandDefinitions } from './registry.ts';
import { createRouter } from './router.ts';
import { createServices, type Catalog, type Services } from './services.ts';
import type { GameEvent } from '../core/index.ts';

export interface BotOptions {
  readonly token: string;
  /** REST base (`http://127.0.0.1:PORT/api` for the local Discord); Discord's own when unset. */
  readonly api?: string;
  readonly shards?: number | 'auto';
  readonly app: App;
  readonly catalog: Catalog;
  readonly commands: Map<string, CommandModule>;
  readonly logger: Logger;
  readonly metrics?: Metrics;
  readonly allowSeed: boolean;
  readonly rateLimitPerMinute: number;
  readonly defaultLocale: Language;
  /** Register the commands at start (the local sandbox); real deployments use `commands deploy`. */
  readonly registerCommands?: boolean;
}

export interface Bot {
  readonly client: Client;
  readonly services: Services;
  readonly deliver: Deliver;
  stop(): Promise<void>;
}

async function sendable(client: Client, channelId: string): Promise<SendableChannels> {
  const channel = await client.channels.fetch(channelId);
  if (!channel || !channel.isSendable()) throw new Error(`channel ${channelId} cannot receive messages`);
  return channel;
}

/** Logs in the discord.js client, routes interactions, and delivers outbox rows through it. */
export async function startBot(options: BotOptions): Promise<Bot> {
  const { app, catalog, logger } = options;
  const shards = options.shards ?? 'auto';
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(shards === 'auto' ? { shards: 'auto' as const } : { shards: [...Array(shards).keys()], shardCount: shards }),
    ...(options.api ? { rest: { api: options.api } } : {}),
  });

  const services = createServices({
    app,
    catalog,
    allowSeed: options.allowSeed,
    async createThread(channelId, name) {
      const channel = await client.channels.fetch(channelId);
      if (!channel || channel.type !== ChannelType.GuildText) throw new Error(`channel ${channelId} cannot hold threads`);
      const thread = await channel.threads.create({ name, autoArchiveDuration: 10080 });
      return thread.id;
    },
    async postToThread(channelId, answer) {
      const channel = await sendable(client, channelId);
      const { flags: _flags, ...body } = messageOf(answer);
      await channel.send(body as Parameters<SendableChannels['send']>[0]);
    },
  });

  const router = createRouter({
    commands: options.commands,
    services,
    logger: logger.child({ component: 'router' }),
    metrics: options.metrics,
    rateLimitPerMinute: options.rateLimitPerMinute,
    defaultLocale: options.defaultLocale,
  });
  client.on(Events.InteractionCreate, (interaction) => void router.handle(interaction));
  client.on(Events.Error, (error) => logger.error({ err: error }, 'discord client error'));

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(options.token);
  await ready;
  if (options.registerCommands && client.application) {
    await client.rest.put(Routes.applicationCommands(client.application.id), { body: commandDefinitions(options.commands) });
  }
  logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'discord client ready');

  const deliver = createDelivery(client, services, logger.child({ component: 'delivery' }), options.metrics);
  return {
    client,
    services,
    deliver,
    async stop() {
      await client.destroy();
    },
  };
}

interface PostPayload {
  readonly gameId: string;
  readonly gameType: string;
  readonly seq: number;
  readonly locale?: string;
  readonly events?: readonly GameEvent[];
  readonly image?: boolean;
  readonly kind?: string;
  readonly seats?: readonly { seat: number; userId: string; userName: string }[];
}

/**
 * Sends one outbox row through Discord. The interaction's reply already told what happened, so a
 * table refresh is the picture of the public view (skipped when the game has moved past it: the newer
 * refresh follows); notices without a picture are posted as text. A DM that
 * Discord refuses (50007) is reported as not retryable, so the dispatcher posts the `/secrets` notice.
 */
export function createDelivery(client: Client, services: Services, logger: Logger, metrics?: Metrics): Deliver {
  const { app, catalog } = services;

  async function build(row: OutboxRow): Promise<Answer | null> {
    const payload = row.payload as unknown as PostPayload;
    const lang = pickLanguage(payload.locale);
    const status = await app.status(payload.gameId);
    if (!status.ok) return null;
    const view = status.value;
    const names = view.seats.map((s) => s.userName);
    const users = view.seats.map((s) => s.userId);
    const packText = catalog.packText(view.gameType, view.packId);
    if (row.kind === 'dm') {
      return { visibility: 'public', content: formatEvents(payload.events ?? [], lang, names, packText) };
    }
    if (row.kind === 'turn') {
      if (view.seq !== payload.seq || view.status !== 'playing') return null;
      const mentions = (payload.seats ?? []).map((s) => `<@${s.userId}>`).join(', ');
      const prompts = await app.prompts(payload.gameId);
      const buttons = prompts.ok ? promptButtons(payload.gameId, prompts.value.seq, prompts.value.prompts, lang, names) : [];
      buttons.push({ label: t(lang, 'commands.replies.button.secrets'), customId: encodeCustomId({ kind: 'secrets', gameId: payload.gameId, seq: payload.seq }) });
      return { visibility: 'public', content: t(lang, 'commands.replies.yourTurn', { mention: mentions }), buttons };
    }
    if (payload.image && view.publicView !== null && hasRenderer(view.gameType)) {
      if (view.seq !== payload.seq) return null;
      const data = await renderTable(view.gameType, view.publicView, lang);
      return { visibility: 'public', content: t(lang, 'commands.replies.table', { seq: payload.seq }), files: [{ name: `table-${payload.seq}.png`, data }] };
    }
    if (payload.image) return null;
    const lines = formatEvents(payload.events ?? [], lang, names, packText, users);
    return lines ? { visibility: 'public', content: lines } : null;
  }

  return async (row) => {
    try {
      const answer = await build(row);
      if (!answer) {
        metrics?.deliveries.inc({ kind: row.kind, result: 'skipped' });
        return { ok: true };
      }
      const { flags: _flags, ...body } = messageOf(answer);
      const target = row.target as { channelId?: string; userId?: string };
      const message =
        row.kind === 'dm'
          ? await (await client.users.fetch(target.userId ?? '')).send(body as Parameters<SendableChannels['send']>[0])
          : await (await sendable(client, target.channelId ?? '')).send(body as Parameters<SendableChannels['send']>[0]);
      metrics?.deliveries.inc({ kind: row.kind, result: 'sent' });
      return { ok: true, ref: message.id };
    } catch (error) {
      metrics?.deliveries.inc({ kind: row.kind, result: 'failed' });
      if (error instanceof DiscordAPIError) {
        const retry = error.status >= 500 || error.status === 429;
        logger.warn({ err: error, row: String(row.id), code: error.code }, 'delivery refused');
        return { ok: false, retry, code: error.code, error: error.message };
      }
      throw error;
    }
  };
}
