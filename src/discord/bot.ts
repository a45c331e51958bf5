import { ChannelType, Client, DiscordAPIError, Events, GatewayIntentBits, Options, Routes, type SendableChannels } from 'discord.js';
import type { Deliver } from '../app/index.ts';
import type { App } from '../app/index.ts';
import type { ReminderRef, Schedule, TurnPayload } from '../app/schedule.ts';
import type { OutboxRow } from '../store/index.ts';
import type { ShardSetting } from '../ops/config.ts';
import type { Logger } from '../ops/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import { editAnswer, sendAnswer } from './answer.ts';
import type { Answer, CommandModule } from './command.ts';
import { encodeCustomId } from './custom-id.ts';
import { pickLanguage, t, type Language } from './i18n.ts';
import { formatEvents, MAX_BUTTONS, promptButtons, type PromptButtons } from './present.ts';
import { commandDefinitions } from './registry.ts';
import type { RateLimiter } from './rate-limit.ts';
import { createRouter } from './router.ts';
import { createServices, type Catalog, type Services } from './services.ts';
import type { GameEvent } from '../core/index.ts';

export interface BotOptions {
  readonly token: string;
  /** REST base (`http://127.0.0.1:PORT/api` for the local Discord); Discord's own when unset. */
  readonly api?: string;
  /** `auto`, all of `n` shards, or some of them so several processes split one bot (SHARD_IDS/SHARD_COUNT). */
  readonly shards?: ShardSetting;
  readonly app: App;
  readonly catalog: Catalog;
  readonly commands: Map<string, CommandModule>;
  readonly logger: Logger;
  readonly metrics?: Metrics;
  readonly allowSeed: boolean;
  readonly rateLimitPerMinute: number;
  /** Autocomplete requests per user and minute (its own budget). */
  readonly autocompletePerMinute?: number;
  /** Shared rate limiter (Redis, every shard); the router's in-process one when absent. */
  readonly rateLimiter?: RateLimiter;
  readonly defaultLocale: Language;
  /** Register the commands at start (the local sandbox); real deployments use `commands deploy`. */
  readonly registerCommands?: boolean;
  /** Reminders, deadlines and host controls (issue 5); without it `turn` rows only post the notice. */
  readonly schedule?: Schedule;
}

export interface Bot {
  readonly client: Client;
  readonly services: Services;
  readonly deliver: Deliver;
  stop(): Promise<void>;
}

/**
 * discord.js caches the bot never reads, kept empty: every message it sends (200 per channel by default,
 * the bulk of a long-running bot's heap), members of each interaction (all but its own), thread members,
 * reactions, and guild data the Guilds intent brings along (emojis, stickers, events, stage instances). Guilds, channels, threads, roles and users stay cached: interactions resolve their
 * channel from it, deliveries fetch channels and DM users through it, and discord.js needs the rest.
 * @see https://discord.js.org/docs/packages/discord.js/main/Options:Class#cacheWithLimits
 */
export const cacheLimits = Options.cacheWithLimits({
  ...Options.DefaultMakeCacheSettings,
  MessageManager: 0,
  GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user.id },
  ThreadMemberManager: 0,
  ReactionManager: 0,
  ReactionUserManager: 0,
  PresenceManager: 0,
  VoiceStateManager: 0,
  GuildEmojiManager: 0,
  GuildStickerManager: 0,
  GuildScheduledEventManager: 0,
  StageInstanceManager: 0,
  GuildInviteManager: 0,
  GuildBanManager: 0,
  AutoModerationRuleManager: 0,
  ApplicationCommandManager: 0,
});

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
    makeCache: cacheLimits,
    ...(shards === 'auto'
      ? { shards: 'auto' as const }
      : typeof shards === 'number'
        ? { shards: [...Array(shards).keys()], shardCount: shards }
        : { shards: [...shards.ids], shardCount: shards.count }),
    ...(options.api ? { rest: { api: options.api } } : {}),
  });

  const services = createServices({
    app,
    catalog,
    ...(options.schedule ? { schedule: options.schedule } : {}),
    allowSeed: options.allowSeed,
    async createThread(channelId, name) {
      const channel = await client.channels.fetch(channelId);
      if (!channel || channel.type !== ChannelType.GuildText) throw new Error(`channel ${channelId} cannot hold threads`);
      const thread = await channel.threads.create({ name, autoArchiveDuration: 10080 });
      return thread.id;
    },
    async deleteThread(threadId) {
      const thread = await client.channels.fetch(threadId);
      if (!thread?.isThread()) return;
      // Deleting needs Manage Threads; without it the bot archives the thread it opened instead.
      try {
        await thread.delete();
      } catch {
        await thread.setArchived(true);
      }
    },
    async postToThread(channelId, answer) {
      const sent = await sendAnswer(await sendable(client, channelId), answer);
      const message = sent.at(-1);
      if (!message) throw new Error(`nothing was posted to channel ${channelId}`);
      return { channelId: message.channelId, messageId: message.id };
    },
    async editMessage(ref, answer) {
      await editAnswer(await sendable(client, ref.channelId), ref.messageId, answer);
    },
    logger: logger.child({ component: 'services' }),
  });

  const router = createRouter({
    commands: options.commands,
    services,
    logger: logger.child({ component: 'router' }),
    metrics: options.metrics,
    rateLimitPerMinute: options.rateLimitPerMinute,
    ...(options.autocompletePerMinute ? { autocompletePerMinute: options.autocompletePerMinute } : {}),
    ...(options.rateLimiter ? { limiter: options.rateLimiter } : {}),
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

  const deliver = createDelivery(client, services, logger.child({ component: 'delivery' }), options.metrics, options.schedule);
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
  /** The events are told here because no interaction reply showed them (a timeout action). */
  readonly announce?: boolean;
  readonly kind?: string;
  readonly seats?: readonly { seat: number; userId: string; userName: string }[];
}

/**
 * Sends one outbox row through Discord, with the row's idempotency key as the message nonce
 * (`enforce_nonce`), so a resend after a crash between Discord's answer and `markSent` is dropped by
 * Discord instead of posted twice. The interaction's reply already told what happened, so a
 * table refresh is the picture of the public view (skipped when the game has moved past it: the newer
 * refresh follows), with the events in front only when no reply showed them; notices are posted as text. A DM that
 * Discord refuses (50007) is reported as not retryable, so the dispatcher posts the `/secrets` notice.
 */
export function createDelivery(client: Client, services: Services, logger: Logger, metrics?: Metrics, schedule?: Schedule): Deliver {
  const { app, catalog } = services;

  async function removeMessage(ref: ReminderRef): Promise<void> {
    try {
      await client.rest.delete(Routes.channelMessage(ref.channelId, ref.messageId));
    } catch (error) {
      if (!(error instanceof DiscordAPIError) || error.status !== 404) logger.warn({ err: error, ref }, 'reminder removal failed');
    }
  }

  /** Issue 5: a reminder replaces the previous one of the same wait (removed first), with a mute button. */
  async function reminder(row: OutboxRow): Promise<{ ok: true; ref?: string } | null> {
    const p = row.payload as unknown as { gameId: string; gameType: string; turnSeq: number; seat: number; userId: string; channel: 'dm' | 'mention'; hours: number; locale?: string };
    if (!schedule || !(await schedule.isWaiting(p.gameId, p.seat, p.turnSeq))) return null;
    const lang = pickLanguage(p.locale);
    const game = t(lang, `commands.games.${p.gameType}`);
    const content = p.channel === 'dm' ? t(lang, 'schedule.reminder.dm', { game, hours: p.hours }) : t(lang, 'schedule.reminder.mention', { mention: `<@${p.userId}>`, game, hours: p.hours });
    const answer: Answer = {
      visibility: 'public',
      content,
      buttons: [{ label: t(lang, 'schedule.mute.button'), customId: encodeCustomId({ kind: 'mute', gameId: p.gameId, seq: p.turnSeq, a: p.seat }), style: 'secondary' }],
    };
    const previous = await schedule.lastReminder(p.gameId, p.seat);
    if (previous) await removeMessage(previous);
    const target = row.target as { channelId?: string; userId?: string };
    const channel = target.userId ? await (await client.users.fetch(target.userId)).createDM() : await sendable(client, target.channelId ?? '');
    const [message] = (await sendAnswer(channel, answer, row.idempotencyKey)).slice(-1);
    if (!message) return null;
    await schedule.recordReminder(p.gameId, p.seat, { channelId: message.channelId, messageId: message.id });
    return { ok: true, ref: message.id };
  }

  /** Notices of the scheduler (stalled game, deadline outcomes, dormancy, seat replaced): one line of text. */
  function notice(row: OutboxRow): Answer {
    const p = row.payload as unknown as { gameType: string; locale?: string; code: string; params?: Record<string, unknown> };
    const lang = pickLanguage(p.locale);
    return { visibility: 'public', content: t(lang, p.code, { ...(p.params ?? {}), game: t(lang, `commands.games.${p.gameType}`) }) };
  }

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
      const { buttons, note }: PromptButtons = prompts.ok ? promptButtons(payload.gameId, prompts.value.seq, prompts.value.prompts, lang, names, packText, MAX_BUTTONS - 1) : { buttons: [], note: null };
      buttons.push({ label: t(lang, 'commands.replies.button.secrets'), customId: encodeCustomId({ kind: 'secrets', gameId: payload.gameId, seq: payload.seq }) });
      const content = t(lang, 'commands.replies.yourTurn', { mention: mentions });
      return { visibility: 'public', content: note ? `${content}\n${note}` : content, buttons };
    }
    const lines = payload.announce || !payload.image ? formatEvents(payload.events ?? [], lang, names, packText, users) : '';
    const files = payload.image && view.seq === payload.seq ? await services.tablePicture(view, lang) : [];
    if (files.length > 0) {
      const caption = t(lang, 'commands.replies.table', { seq: payload.seq });
      return { visibility: 'public', content: lines ? `${lines}\n${caption}` : caption, files };
    }
    return lines ? { visibility: 'public', content: lines } : null;
  }

  return async (row) => {
    try {
      if (row.kind === 'turn' && schedule) {
        for (const ref of await schedule.onTurn(row.payload as unknown as TurnPayload)) await removeMessage(ref);
      }
      if (row.kind === 'reminder') {
        const sent = await reminder(row);
        metrics?.deliveries.inc({ kind: row.kind, result: sent ? 'sent' : 'skipped' });
        return sent ?? { ok: true };
      }
      const answer = row.kind === 'notice' || row.kind === 'dormant' ? notice(row) : await build(row);
      if (!answer) {
        metrics?.deliveries.inc({ kind: row.kind, result: 'skipped' });
        return { ok: true };
      }
      const target = row.target as { channelId?: string; userId?: string };
      const to = row.kind === 'dm' || target.userId ? await client.users.fetch(target.userId ?? '') : await sendable(client, target.channelId ?? '');
      const message = (await sendAnswer(to, answer, row.idempotencyKey)).at(-1);
      if (!message) throw new Error(`outbox row ${String(row.id)} posted nothing`);
      if (row.kind === 'dormant' && target.channelId) {
        await client.rest.patch(Routes.channel(target.channelId), { body: { archived: true } }).catch((error: unknown) => logger.warn({ err: error }, 'archive failed'));
      }
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
