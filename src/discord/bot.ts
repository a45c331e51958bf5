import { ChannelType, Client, DiscordAPIError, Events, GatewayIntentBits, Options, Routes } from 'discord.js';
import { createAnswering, type Answering, type App, type Campaigns, type Deliver } from '../app/index.ts';
import type { Schedule } from '../app/schedule.ts';
import type { Language } from '../i18n/index.ts';
import type { ShardSetting } from '../ops/config.ts';
import type { Logger } from '../ops/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import { sendAnswer, editAnswer } from './answer.ts';
import type { CommandModule } from './command.ts';
import { createDelivery, sendable } from './delivery.ts';
import type { RateLimiter } from './rate-limit.ts';
import { commandDefinitions } from './registry.ts';
import { createRouter } from './router.ts';
import { createServices, type Catalog, type DrawPicture, type Services } from './services.ts';

export interface BotOptions {
  readonly token: string;
  /** REST base (`http://127.0.0.1:PORT/api` for the local Discord); Discord's own when unset. */
  readonly api?: string;
  /** `auto`, all of `n` shards, or some of them so several processes split one bot (SHARD_IDS/SHARD_COUNT). */
  readonly shards?: ShardSetting;
  readonly app: App;
  /** Campaigns (issue "Campaigns"); `/campaign` answers that they are not offered when absent. */
  readonly campaigns?: Campaigns;
  readonly catalog: Catalog;
  readonly commands: Map<string, CommandModule>;
  readonly logger: Logger;
  readonly metrics?: Metrics;
  readonly allowSeed: boolean;
  /** `RULES_URL`: where `/help` links each game's rules. */
  readonly rulesUrl?: string;
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
  /** Where table and seat pictures are drawn (default: the render host). */
  readonly drawPicture?: DrawPicture;
}

export interface Bot {
  readonly client: Client;
  readonly services: Services;
  readonly deliver: Deliver;
  /**
   * Resolves once the interaction with this id has been answered completely (its handler, follow-ups
   * included, has finished); at once for one already answered or never received. The local Discord waits
   * on it instead of a quiet spell (`src/local/stack.ts`).
   */
  answered(interactionId: string): Promise<void>;
  /** The interactions this process is answering now: the outbox gives way to them (commands first). */
  readonly answering: Answering;
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

/**
 * discord.js reads `SHARDS` and `SHARD_COUNT` from the environment when the client's options equal its
 * defaults, and takes a blank `SHARD_COUNT` (the `SHARD_COUNT=` line of .env.example, passed on by docker
 * compose's `env_file`) for 0 shards: "The shardCount option must be a number greater than or equal to 1".
 * The configuration has read them already (blank means unset), so blank ones are removed from `env`.
 */
export function dropBlankShardVariables(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of ['SHARDS', 'SHARD_COUNT']) if (env[name] !== undefined && env[name].trim() === '') delete env[name];
}

/** Logs in the discord.js client, routes interactions, and delivers outbox rows through it. */
export async function startBot(options: BotOptions): Promise<Bot> {
  const { app, catalog, logger } = options;
  const shards = options.shards ?? 'auto';
  dropBlankShardVariables();
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
    ...(options.campaigns ? { campaigns: options.campaigns } : {}),
    catalog,
    ...(options.schedule ? { schedule: options.schedule } : {}),
    allowSeed: options.allowSeed,
    ...(options.rulesUrl ? { rulesUrl: options.rulesUrl } : {}),
    ...(options.drawPicture ? { drawPicture: options.drawPicture } : {}),
    async createThread(channelId, name, starter) {
      const channel = await client.channels.fetch(channelId);
      // A forum post needs its starter message (Start Thread in Forum or Media Channel).
      if (channel?.type === ChannelType.GuildForum) {
        const post = await channel.threads.create({ name, autoArchiveDuration: 10080, message: { content: starter ?? name, allowedMentions: { parse: [] } } });
        return post.id;
      }
      if (!channel || channel.type !== ChannelType.GuildText) throw new Error(`channel ${channelId} cannot hold threads`);
      const thread = await channel.threads.create({ name, autoArchiveDuration: 10080 });
      return thread.id;
    },
    async createForum(channelId, name) {
      const channel = await client.channels.fetch(channelId);
      if (!channel || channel.type !== ChannelType.GuildText) return null;
      try {
        const forum = await channel.guild.channels.create({ name, type: ChannelType.GuildForum, ...(channel.parentId ? { parent: channel.parentId } : {}) });
        return forum.id;
      } catch (error) {
        // 50013 Missing Permissions, 50024 no forum here: the campaign lives in a thread instead.
        if (error instanceof DiscordAPIError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          logger.info({ code: error.code, channelId }, 'forum channel refused; a thread is used');
          return null;
        }
        throw error;
      }
    },
    async setArchived(threadId, archived) {
      await client.rest.patch(Routes.channel(threadId), { body: { archived } });
    },
    async deleteThread(threadId) {
      const thread = await client.channels.fetch(threadId);
      if (thread?.type === ChannelType.GuildForum) {
        await thread.delete();
        return;
      }
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
  const answering = new Map<string, Promise<void>>();
  const underWay = createAnswering();
  client.on(Events.InteractionCreate, (interaction) => {
    const end = underWay.begin();
    const handled = router.handle(interaction).finally(() => {
      answering.delete(interaction.id);
      end();
    });
    answering.set(interaction.id, handled);
  });
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
    answered: (interactionId) => answering.get(interactionId) ?? Promise.resolve(),
    answering: underWay,
    async stop() {
      await client.destroy();
    },
  };
}
