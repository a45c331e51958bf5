import { allowedMentionIds } from './mentions.ts';
import { ALL_PERMISSIONS, MEMBER_PERMISSIONS, OWNER_PERMISSIONS, permissionsOf } from './permissions.ts';
import { SnowflakeGenerator } from './snowflake.ts';
import {
  ChannelKind,
  isThreadKind,
  type ApiObject,
  type CommandDefinition,
  type LocalAttachment,
  type LocalChannel,
  type LocalEvent,
  type LocalGuild,
  type LocalMessage,
  type LocalUser,
} from './types.ts';

/** A file that arrived in a multipart upload (`files[n]`). */
export interface UploadedFile {
  readonly field: string;
  readonly name: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

type EventInit = LocalEvent extends infer E ? (E extends LocalEvent ? Omit<E, 'seq'> : never) : never;

/** The in-memory state of the local Discord: users, guilds, channels, messages, commands. */
export class World {
  readonly ids = new SnowflakeGenerator();
  readonly users = new Map<string, LocalUser>();
  readonly guilds = new Map<string, LocalGuild>();
  readonly channels = new Map<string, LocalChannel>();
  readonly messages = new Map<string, LocalMessage>();
  /** Files a user sent with a slash command (attachment options), served like message attachments. */
  readonly uploads = new Map<string, LocalAttachment>();
  /** Commands per scope: `global` or a guild id. */
  readonly commands = new Map<string, CommandDefinition[]>();
  readonly listeners = new Set<(event: LocalEvent) => void>();
  readonly bot: LocalUser;
  baseUrl = 'http://127.0.0.1';
  #seq = 0;

  constructor(readonly applicationId: string, botName = 'Turnkeeper') {
    this.bot = { id: applicationId, name: botName, bot: true, locale: 'en-US', refusesDms: false };
    this.users.set(this.bot.id, this.bot);
  }

  nextSeq(): number {
    return ++this.#seq;
  }

  get seq(): number {
    return this.#seq;
  }

  emit(init: EventInit): LocalEvent {
    const event = { ...init, seq: this.nextSeq() } as LocalEvent;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        /* a listener's failure must not break the server */
      }
    }
    return event;
  }

  addUser(name: string, opts: { locale?: string } = {}): LocalUser {
    const clean = name.replace(/^@/, '');
    if (this.findUser(clean)) throw new Error(`local Discord: user "${clean}" already exists`);
    const user: LocalUser = { id: this.ids.next(), name: clean, bot: false, locale: opts.locale ?? 'en-US', refusesDms: false };
    this.users.set(user.id, user);
    for (const guild of this.guilds.values()) guild.memberIds.push(user.id);
    this.emit({ type: 'userAdd', user });
    return user;
  }

  addGuild(name: string, id: string, ownerId: string): LocalGuild {
    const guild: LocalGuild = {
      id,
      name,
      ownerId,
      memberIds: [...this.users.keys()],
      joinedAt: new Date().toISOString(),
      locale: 'en-US',
      forums: true,
      botPermissions: ALL_PERMISSIONS,
    };
    this.guilds.set(id, guild);
    this.addChannel({ type: ChannelKind.text, guildId: id, name: 'games', parentId: null, ownerId: null, recipientId: null });
    this.emit({ type: 'guildCreate', guild });
    return guild;
  }

  addChannel(init: Pick<LocalChannel, 'type' | 'guildId' | 'name' | 'parentId' | 'ownerId' | 'recipientId'> & { id?: string }): LocalChannel {
    const channel: LocalChannel = {
      id: init.id ?? this.ids.next(),
      type: init.type,
      guildId: init.guildId,
      name: init.name,
      parentId: init.parentId,
      ownerId: init.ownerId,
      recipientId: init.recipientId,
      memberIds: init.ownerId ? [init.ownerId] : [],
      archived: false,
      createdAt: new Date().toISOString(),
    };
    this.channels.set(channel.id, channel);
    this.emit({ type: 'channelCreate', channel });
    return channel;
  }

  /** Finds a user by `@name`, `name`, `<@id>` or id. */
  findUser(ref: string): LocalUser | undefined {
    const mention = /^<@!?(\d+)>$/.exec(ref)?.[1];
    const key = mention ?? ref.replace(/^@/, '');
    const byId = this.users.get(key);
    if (byId) return byId;
    const lower = key.toLowerCase();
    for (const user of this.users.values()) if (user.name.toLowerCase() === lower) return user;
    return undefined;
  }

  user(ref: string): LocalUser {
    const user = this.findUser(ref);
    if (!user) throw new Error(`local Discord: no user "${ref}" (known: ${[...this.users.values()].map((u) => u.name).join(', ')})`);
    return user;
  }

  /** Finds a channel by `#name` (in a guild), `<#id>` or id. */
  findChannel(ref: string, guildId?: string | null): LocalChannel | undefined {
    const mention = /^<#(\d+)>$/.exec(ref)?.[1];
    const key = mention ?? ref.replace(/^#/, '');
    const byId = this.channels.get(key);
    if (byId) return byId;
    const matches = [...this.channels.values()].filter((c) => c.name === key && c.type !== ChannelKind.dm && (!guildId || c.guildId === guildId));
    return matches.at(-1);
  }

  channel(ref: string, guildId?: string | null): LocalChannel {
    const channel = this.findChannel(ref, guildId);
    if (!channel) throw new Error(`local Discord: no channel "${ref}"`);
    return channel;
  }

  dmChannelFor(userId: string): LocalChannel {
    for (const c of this.channels.values()) if (c.type === ChannelKind.dm && c.recipientId === userId) return c;
    return this.addChannel({ type: ChannelKind.dm, guildId: null, name: '', parentId: null, ownerId: null, recipientId: userId });
  }

  findDmChannel(userId: string): LocalChannel | undefined {
    for (const c of this.channels.values()) if (c.type === ChannelKind.dm && c.recipientId === userId) return c;
    return undefined;
  }

  createMessage(init: {
    channelId: string;
    authorId: string;
    payload: ApiObject;
    files: readonly UploadedFile[];
    ephemeralFor?: string | null;
    interactionId?: string | null;
    extraFlags?: number;
    /** A forum post's starter message has the post's id. */
    id?: string;
  }): LocalMessage {
    const channel = this.channels.get(init.channelId);
    const id = init.id ?? this.ids.next();
    const flags = ((Number(init.payload.flags ?? 0) | (init.extraFlags ?? 0)) & ~64) | (init.ephemeralFor ? 64 : 0);
    const seq = this.nextSeq();
    const content = typeof init.payload.content === 'string' ? init.payload.content : '';
    const mentions = allowedMentionIds(content, init.payload.allowed_mentions).filter((uid) => this.users.has(uid));
    const allowedMentions = isObject(init.payload.allowed_mentions) ? init.payload.allowed_mentions : null;
    const message: LocalMessage = {
      id,
      channelId: init.channelId,
      guildId: channel?.guildId ?? null,
      authorId: init.authorId,
      content,
      mentions,
      embeds: Array.isArray(init.payload.embeds) ? (init.payload.embeds as ApiObject[]) : [],
      components: Array.isArray(init.payload.components) ? (init.payload.components as ApiObject[]) : [],
      attachments: this.#attachments(init.channelId, init.payload, init.files, []),
      flags,
      ephemeralFor: init.ephemeralFor ?? null,
      interactionId: init.interactionId ?? null,
      timestamp: new Date().toISOString(),
      editedTimestamp: null,
      seq,
      editSeq: seq,
      deleted: false,
      allowedMentions,
      pings: init.ephemeralFor ? [] : mentions,
    };
    this.messages.set(id, message);
    this.emit({ type: 'messageCreate', message });
    return message;
  }

  editMessage(message: LocalMessage, payload: ApiObject, files: readonly UploadedFile[]): LocalMessage {
    if (typeof payload.content === 'string' || payload.content === null) {
      message.content = (payload.content as string | null) ?? '';
      message.mentions = allowedMentionIds(message.content, payload.allowed_mentions).filter((uid) => this.users.has(uid));
    }
    if (Array.isArray(payload.embeds)) message.embeds = payload.embeds as ApiObject[];
    if (Array.isArray(payload.components)) message.components = payload.components as ApiObject[];
    if (payload.attachments !== undefined || files.length > 0) {
      message.attachments = this.#attachments(message.channelId, payload, files, message.attachments);
    }
    const deferred = (message.flags & 128) !== 0;
    if (payload.flags !== undefined) message.flags = (Number(payload.flags) & ~64) | (message.ephemeralFor ? 64 : 0);
    message.flags &= ~128;
    if (deferred && !message.ephemeralFor) {
      message.allowedMentions = isObject(payload.allowed_mentions) ? payload.allowed_mentions : null;
      message.pings = message.mentions;
    }
    message.editedTimestamp = new Date().toISOString();
    const event = this.emit({ type: 'messageUpdate', message });
    message.editSeq = event.seq;
    return message;
  }

  deleteMessage(message: LocalMessage): void {
    message.deleted = true;
    this.emit({ type: 'messageDelete', message });
  }

  #attachments(channelId: string, payload: ApiObject, files: readonly UploadedFile[], existing: readonly LocalAttachment[]): LocalAttachment[] {
    const listed = Array.isArray(payload.attachments) ? (payload.attachments as ApiObject[]) : null;
    const kept = listed ? existing.filter((a) => listed.some((l) => String(l.id) === a.id)) : [...existing];
    const added = files.map((file, index) => {
      const slot = /^files\[(\d+)\]$/.exec(file.field)?.[1] ?? String(index);
      const meta = listed?.find((l) => String(l.id) === slot);
      const id = this.ids.next();
      const filename = typeof meta?.filename === 'string' ? meta.filename : file.name;
      const attachment: LocalAttachment = {
        id,
        filename,
        contentType: file.contentType || guessType(filename),
        size: file.bytes.length,
        url: `${this.baseUrl}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`,
        bytes: file.bytes,
        ...(typeof meta?.description === 'string' ? { description: meta.description } : {}),
      };
      return attachment;
    });
    return [...kept, ...added];
  }

  /** Stores a file sent with a slash command and gives its attachment (id and URL, as Discord's CDN would). */
  addUpload(channelId: string, file: { readonly name: string; readonly data: Buffer | string; readonly contentType?: string }): LocalAttachment {
    const id = this.ids.next();
    const bytes = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : file.data;
    const attachment: LocalAttachment = {
      id,
      filename: file.name,
      contentType: file.contentType ?? guessType(file.name),
      size: bytes.length,
      url: `${this.baseUrl}/attachments/${channelId}/${id}/${encodeURIComponent(file.name)}`,
      bytes,
    };
    this.uploads.set(id, attachment);
    return attachment;
  }

  visibleTo(message: LocalMessage, userId: string | undefined): boolean {
    if (message.deleted) return false;
    if (message.ephemeralFor === null) return true;
    return message.ephemeralFor === userId;
  }

  commandsFor(guildId: string | null): CommandDefinition[] {
    const global = this.commands.get('global') ?? [];
    const local = guildId ? (this.commands.get(guildId) ?? []) : [];
    return [...local, ...global.filter((g) => !local.some((l) => l.name === g.name))];
  }

  userJson(user: LocalUser): ApiObject {
    return {
      id: user.id,
      username: user.name,
      global_name: user.bot ? null : user.name[0]?.toUpperCase() + user.name.slice(1),
      discriminator: user.bot ? '0001' : '0',
      avatar: null,
      bot: user.bot,
      system: false,
      public_flags: 0,
      flags: 0,
      banner: null,
      accent_color: null,
      avatar_decoration_data: null,
    };
  }

  memberJson(guild: LocalGuild, user: LocalUser, withUser = true): ApiObject {
    return {
      ...(withUser ? { user: this.userJson(user) } : {}),
      nick: null,
      avatar: null,
      roles: [],
      joined_at: guild.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
      permissions: guild.ownerId === user.id ? OWNER_PERMISSIONS : MEMBER_PERMISSIONS,
    };
  }

  permissionsOf(guild: LocalGuild, userId: string): string {
    return permissionsOf(guild, userId, this.bot.id);
  }

  channelJson(channel: LocalChannel): ApiObject {
    if (channel.type === ChannelKind.dm) {
      const recipient = this.users.get(channel.recipientId ?? '');
      return { id: channel.id, type: 1, last_message_id: this.#lastMessageId(channel.id), flags: 0, recipients: recipient ? [this.userJson(recipient)] : [] };
    }
    const base: ApiObject = {
      id: channel.id,
      type: channel.type,
      guild_id: channel.guildId,
      name: channel.name,
      position: 0,
      permission_overwrites: [],
      nsfw: false,
      topic: null,
      parent_id: channel.parentId,
      last_message_id: this.#lastMessageId(channel.id),
      rate_limit_per_user: 0,
      flags: 0,
    };
    if (channel.type === ChannelKind.forum) {
      return {
        ...base,
        available_tags: [],
        default_reaction_emoji: null,
        default_thread_rate_limit_per_user: 0,
        default_sort_order: null,
        default_forum_layout: 0,
        default_auto_archive_duration: 10080,
      };
    }
    if (isThreadKind(channel.type)) {
      return {
        ...base,
        owner_id: channel.ownerId,
        member_count: channel.memberIds.length,
        message_count: this.#count(channel.id),
        total_message_sent: this.#count(channel.id),
        thread_metadata: { archived: channel.archived, auto_archive_duration: 10080, archive_timestamp: channel.createdAt, locked: false, create_timestamp: channel.createdAt, invitable: true },
        applied_tags: [],
      };
    }
    return base;
  }

  guildCreateJson(guild: LocalGuild): ApiObject {
    const channels = [...this.channels.values()].filter((c) => c.guildId === guild.id);
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      features: [],
      mfa_level: 0,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: guild.locale,
      public_updates_channel_id: null,
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      joined_at: guild.joinedAt,
      large: false,
      unavailable: false,
      member_count: guild.memberIds.length,
      roles: [this.everyoneRole(guild)],
      channels: channels.filter((c) => !isThreadKind(c.type)).map((c) => this.channelJson(c)),
      threads: channels.filter((c) => isThreadKind(c.type) && !c.archived).map((c) => this.channelJson(c)),
      members: guild.memberIds.flatMap((id) => {
        const user = this.users.get(id);
        return user ? [this.memberJson(guild, user)] : [];
      }),
      voice_states: [],
      presences: [],
      emojis: [],
      stickers: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  everyoneRole(guild: LocalGuild): ApiObject {
    return {
      id: guild.id,
      name: '@everyone',
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: 0,
      permissions: MEMBER_PERMISSIONS,
      managed: false,
      mentionable: false,
      flags: 0,
    };
  }

  messageJson(message: LocalMessage): ApiObject {
    const author = this.users.get(message.authorId);
    const mentions = message.mentions.flatMap((id) => {
      const user = this.users.get(id);
      return user ? [this.userJson(user)] : [];
    });
    return {
      id: message.id,
      channel_id: message.channelId,
      ...(message.guildId ? { guild_id: message.guildId } : {}),
      type: 0,
      content: message.content,
      author: author ? this.userJson(author) : { id: message.authorId, username: 'unknown', discriminator: '0', avatar: null },
      timestamp: message.timestamp,
      edited_timestamp: message.editedTimestamp,
      tts: false,
      mention_everyone: false,
      mentions,
      mention_roles: [],
      mention_channels: [],
      attachments: message.attachments.map((a) => ({
        id: a.id,
        filename: a.filename,
        size: a.size,
        url: a.url,
        proxy_url: a.url,
        content_type: a.contentType,
        ...(a.description ? { description: a.description } : {}),
      })),
      embeds: message.embeds,
      components: message.components,
      reactions: [],
      pinned: false,
      flags: message.flags,
      ...(message.interactionId ? { webhook_id: this.applicationId, application_id: this.applicationId } : {}),
    };
  }

  #lastMessageId(channelId: string): string | null {
    let last: string | null = null;
    for (const m of this.messages.values()) if (m.channelId === channelId && !m.ephemeralFor) last = m.id;
    return last;
  }

  #count(channelId: string): number {
    let n = 0;
    for (const m of this.messages.values()) if (m.channelId === channelId && !m.ephemeralFor && !m.deleted) n++;
    return n;
  }
}

const isObject = (value: unknown): value is ApiObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const guessType = (filename: string): string => {
  const ext = filename.split('.').pop()?.toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : ext === 'json' ? 'application/json' : ext === 'txt' ? 'text/plain' : 'application/octet-stream';
};

export { allowedMentionIds, mentionedUserIds } from './mentions.ts';
