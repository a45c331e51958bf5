/** JSON as Discord sends it (snake_case); the local server keeps payloads it does not interpret verbatim. */
export type ApiObject = Record<string, unknown>;

export interface LocalUser {
  readonly id: string;
  readonly name: string;
  readonly bot: boolean;
  /** Discord client locale sent with interactions (`en-US`, `es-ES`, …). */
  locale: string;
  refusesDms: boolean;
}

export interface LocalGuild {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  readonly memberIds: string[];
  readonly joinedAt: string;
  /** Guild locale sent as `guild_locale`. */
  locale: string;
  /**
   * Whether forum channels may be created here. Where they may not, creating one is refused with 50024
   * "Cannot execute action on this channel type" (what bots got where forums were not available:
   * https://github.com/discord/discord-api-docs/issues/5324).
   */
  forums: boolean;
  /** The bot's permissions in the guild (`app_permissions`); all by default. */
  botPermissions: bigint;
}

/**
 * Channel types used here; a forum (`GUILD_FORUM`) holds only threads (its posts, `PUBLIC_THREAD`).
 * @see https://discord.com/developers/docs/resources/channel#channel-object-channel-types
 */
export const ChannelKind = { text: 0, dm: 1, publicThread: 11, privateThread: 12, forum: 15 } as const;

/** A thread (of a text channel, or a forum's post). */
export function isThreadKind(type: number): boolean {
  return type === ChannelKind.publicThread || type === ChannelKind.privateThread;
}

export interface LocalChannel {
  readonly id: string;
  readonly type: number;
  readonly guildId: string | null;
  name: string;
  /** The text channel (or forum) a thread hangs from. */
  readonly parentId: string | null;
  readonly ownerId: string | null;
  /** The other end of a DM channel. */
  readonly recipientId: string | null;
  readonly memberIds: string[];
  archived: boolean;
  readonly createdAt: string;
}

export interface LocalAttachment {
  readonly id: string;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  readonly url: string;
  readonly bytes: Buffer;
  readonly description?: string;
}

export interface LocalMessage {
  readonly id: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly authorId: string;
  content: string;
  embeds: ApiObject[];
  components: ApiObject[];
  attachments: LocalAttachment[];
  flags: number;
  /** Users the content mentions that `allowed_mentions` let through: Discord's `mentions` of the message. */
  mentions: string[];
  /** Set for ephemeral messages: only this user sees them (flag 64). */
  readonly ephemeralFor: string | null;
  /** The interaction this message answers, when it came through a callback or webhook. */
  readonly interactionId: string | null;
  readonly timestamp: string;
  editedTimestamp: string | null;
  /** Global order of creation, shared with events; used for "newest" and "since" questions. */
  readonly seq: number;
  /** `seq` of the latest edit (equals `seq` until edited). */
  editSeq: number;
  deleted: boolean;
  /** The `allowed_mentions` the message was created with (null: none sent, so Discord's default applies). */
  allowedMentions: ApiObject | null;
  /**
   * Users this message notified: those it mentions that `allowed_mentions` lets through, when created
   * (or when a deferred "thinking" reply got its content: Discord notifies then); later edits notify nobody.
   */
  pings: readonly string[];
}

/** One REST request as the bot made it, kept for assertions. */
export interface RestCall {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly status: number;
  readonly body: unknown;
  readonly files: readonly string[];
  readonly at: number;
  /** Discord's error body when it refused the call (e.g. 50035 with the refused fields). */
  readonly error?: unknown;
}

export type LocalEvent =
  | { readonly type: 'messageCreate'; readonly seq: number; readonly message: LocalMessage }
  | { readonly type: 'messageUpdate'; readonly seq: number; readonly message: LocalMessage }
  | { readonly type: 'messageDelete'; readonly seq: number; readonly message: LocalMessage }
  | { readonly type: 'channelCreate'; readonly seq: number; readonly channel: LocalChannel }
  | { readonly type: 'commandsUpdate'; readonly seq: number; readonly guildId: string | null }
  | { readonly type: 'userAdd'; readonly seq: number; readonly user: LocalUser }
  | { readonly type: 'guildCreate'; readonly seq: number; readonly guild: LocalGuild }
  | { readonly type: 'interaction'; readonly seq: number; readonly interactionId: string; readonly userId: string; readonly kind: number; readonly summary: string };

/** A registered application command, as Discord returns it. */
export interface CommandDefinition extends ApiObject {
  id: string;
  application_id: string;
  name: string;
  description: string;
  type?: number;
  guild_id?: string;
  options?: CommandOptionDefinition[];
}

export interface CommandOptionDefinition extends ApiObject {
  type: number;
  name: string;
  description?: string;
  required?: boolean;
  autocomplete?: boolean;
  choices?: { name: string; value: string | number }[];
  options?: CommandOptionDefinition[];
}

/** An autocomplete choice the bot offered (type 8 callback). Discord caps these at 25. */
export interface Choice {
  readonly name: string;
  readonly value: string | number;
}

/** How the bot answered one interaction; getters read the live world. */
export interface InteractionHandle {
  readonly id: string;
  readonly token: string;
  readonly userId: string;
  readonly channelId: string;
  /** The callback type the bot chose (4, 5, 6, 7, 8 or 9). */
  readonly callbackType: number | null;
  /** The message the bot's reply lives in (its `@original`), once any. */
  readonly reply: LocalMessage | undefined;
  readonly ephemeral: boolean;
  readonly followUps: readonly LocalMessage[];
  /** Choices of an autocomplete answer. */
  readonly choices: readonly Choice[];
  /** Modal data of a type 9 answer. */
  readonly modal: ApiObject | undefined;
}

export interface FailRouteOptions {
  readonly status: 500 | 429;
  readonly times?: number;
  /** Seconds for a 429's `retry_after` (default 0.05). */
  readonly retryAfter?: number;
}

