import type { Gateway } from './gateway.ts';
import { HttpError, notFound, raise, refuseIf } from './http.ts';
import type { Interactions } from './interactions.ts';
import { botMay, MANAGE_CHANNELS, SEND_MESSAGES } from './permissions.ts';
import type { MessageRelay } from './relay.ts';
import { ChannelKind, isThreadKind, type ApiObject, type CommandDefinition, type LocalChannel, type LocalGuild, type LocalMessage, type LocalUser } from './types.ts';
import { validateChannelName, validateCommands, validateMessage } from './validate.ts';
import type { UploadedFile, World } from './world.ts';

/** One REST route's answer: status and JSON body (204 sends none). */
export type RouteAnswer = [number, unknown];

export interface RestDeps {
  readonly world: World;
  readonly gateway: Gateway;
  readonly relay: MessageRelay;
  readonly interactions: Interactions;
  readonly shards: number;
  /** Owner of the application (`GET /applications/@me`). */
  readonly owner: LocalUser;
  /** How long `enforce_nonce` remembers a nonce (Discord: "the past few minutes"); default {@link NONCE_WINDOW_MS}. */
  readonly nonceWindowMs?: number;
  /** The local Discord's clock (tests move it past the nonce window). */
  readonly now?: () => number;
}

/**
 * Discord checks an enforced nonce for uniqueness only "in the past few minutes"; five here. A resend
 * after that posts a second message, as it would on Discord.
 * @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params
 */
export const NONCE_WINDOW_MS = 5 * 60_000;

const missingPermissions = () => new HttpError(403, { message: 'Missing Permissions', code: 50013 });
const wrongChannelType = () => new HttpError(400, { message: 'Cannot execute action on this channel type', code: 50024 });

/** Permissions a resolved channel carries in a slash command's `resolved.channels`. */
export const RESOLVED_CHANNEL_PERMISSIONS = '2147535872';

/**
 * The REST API v10 the bot calls (paths without `/api/v10`): users, DMs, commands, interaction
 * callbacks and webhooks, channel messages, threads and guild reads. Throws {@link HttpError} for
 * Discord's refusals.
 */
export function createRestRoutes(deps: RestDeps): (method: string, path: string, query: URLSearchParams, body: ApiObject, files: UploadedFile[]) => RouteAnswer | Promise<RouteAnswer> {
  const { world, gateway, relay, interactions, shards, owner } = deps;
  const applicationId = world.applicationId;
  /** Messages sent with `enforce_nonce`, by channel and nonce: Discord answers a repeat with the first message. */
  const enforcedNonces = new Map<string, { readonly message: LocalMessage; readonly at: number }>();
  const nonceWindowMs = deps.nonceWindowMs ?? NONCE_WINDOW_MS;
  const now = deps.now ?? Date.now;

  function commandsRoute(method: string, guildId: string | null, commandId: string | null, body: unknown): RouteAnswer {
    const scope = guildId ?? 'global';
    const list = world.commands.get(scope) ?? [];
    const make = (raw: ApiObject, previous?: CommandDefinition): CommandDefinition => ({
      ...raw,
      id: previous?.id ?? world.ids.next(),
      application_id: applicationId,
      version: world.ids.next(),
      type: Number(raw.type ?? 1),
      name: String(raw.name),
      description: String(raw.description ?? ''),
      default_member_permissions: raw.default_member_permissions ?? null,
      nsfw: false,
      ...(guildId ? { guild_id: guildId } : {}),
    });
    const changed = (next: CommandDefinition[]) => {
      world.commands.set(scope, next);
      world.emit({ type: 'commandsUpdate', guildId });
    };
    if (commandId === null) {
      if (method === 'GET') return [200, list];
      if (method === 'PUT') {
        refuseIf(validateCommands(body, { list: true }));
        const next = (Array.isArray(body) ? (body as ApiObject[]) : []).map((raw) => make(raw, list.find((c) => c.name === raw.name)));
        changed(next);
        return [200, next];
      }
      if (method === 'POST') {
        refuseIf(validateCommands(body, { list: false }));
        const raw = body as ApiObject;
        const previous = list.find((c) => c.name === raw.name);
        const made = make(raw, previous);
        changed([...list.filter((c) => c !== previous), made]);
        return [previous ? 200 : 201, made];
      }
    } else {
      const found = list.find((c) => c.id === commandId) ?? raise(notFound('application command', 10063));
      if (method === 'GET') return [200, found];
      if (method === 'PATCH') {
        refuseIf(validateCommands({ ...found, ...(body as ApiObject) }, { list: false }));
        const made = make({ ...found, ...(body as ApiObject) }, found);
        changed(list.map((c) => (c === found ? made : c)));
        return [200, made];
      }
      if (method === 'DELETE') {
        changed(list.filter((c) => c !== found));
        return [204, null];
      }
    }
    throw new HttpError(405, { message: '405: Method Not Allowed', code: 0 });
  }

  /**
   * Create Guild Channel, for the types modelled here (text, forum): needs MANAGE_CHANNELS (403, 50013),
   * and a forum only where the guild may have one (400, 50024). Fires CHANNEL_CREATE.
   * @see https://discord.com/developers/docs/resources/guild#create-guild-channel
   */
  function createChannel(guild: LocalGuild, body: ApiObject): RouteAnswer {
    if (!botMay(guild, MANAGE_CHANNELS)) raise(missingPermissions());
    refuseIf(validateChannelName(body, { required: true }));
    const type = Number(body.type ?? ChannelKind.text);
    if (type !== ChannelKind.text && type !== ChannelKind.forum) raise(wrongChannelType());
    if (type === ChannelKind.forum && !guild.forums) raise(wrongChannelType());
    const channel = world.addChannel({ type, guildId: guild.id, name: String(body.name), parentId: null, ownerId: null, recipientId: null });
    gateway.dispatch(guild.id, 'CHANNEL_CREATE', world.channelJson(channel), 'guilds');
    return [201, world.channelJson(channel)];
  }

  /**
   * Start Thread in Forum or Media Channel: a post (a `PUBLIC_THREAD` under the forum) and its starter
   * message, required as `message`, which has the post's id. Needs SEND_MESSAGES. Fires THREAD_CREATE and
   * MESSAGE_CREATE; the answer is the channel with the message nested.
   * @see https://discord.com/developers/docs/resources/channel#start-thread-in-forum-or-media-channel
   */
  function forumPost(forum: LocalChannel, body: ApiObject, files: UploadedFile[]): RouteAnswer {
    const guild = world.guilds.get(forum.guildId ?? '');
    if (guild && !botMay(guild, SEND_MESSAGES)) raise(missingPermissions());
    refuseIf(validateChannelName(body, { required: true }));
    const starter = body.message;
    if (typeof starter !== 'object' || starter === null || Array.isArray(starter)) {
      raise(new HttpError(400, { message: 'Invalid Form Body', code: 50035, errors: { message: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] } } }));
    }
    refuseIf(validateMessage(starter as ApiObject, files, { create: true }));
    const post = world.addChannel({ type: ChannelKind.publicThread, guildId: forum.guildId, name: String(body.name), parentId: forum.id, ownerId: world.bot.id, recipientId: null });
    gateway.dispatch(post.guildId, 'THREAD_CREATE', { ...world.channelJson(post), newly_created: true }, 'guilds');
    const message = world.createMessage({ id: post.id, channelId: post.id, authorId: world.bot.id, payload: starter as ApiObject, files });
    relay.created(message);
    return [201, { ...world.channelJson(post), message: world.messageJson(message) }];
  }

  return function route(method, path, query, body, files) {
    const m = (pattern: RegExp) => pattern.exec(path);
    let p: RegExpExecArray | null;
    if (method === 'GET' && (path === '/gateway/bot' || path === '/gateway')) {
      return [200, { url: gateway.url, shards, session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 16 } }];
    }
    if (method === 'GET' && path === '/users/@me') return [200, world.userJson(world.bot)];
    if (method === 'GET' && (path === '/applications/@me' || path === '/oauth2/applications/@me')) {
      return [200, { id: applicationId, name: world.bot.name, icon: null, description: '', bot_public: true, bot_require_code_grant: false, flags: 0, owner: world.userJson(owner), verify_key: '0'.repeat(64), team: null }];
    }
    if (method === 'GET' && (p = m(/^\/users\/(\d+)$/))) {
      const user = world.users.get(p[1] ?? '') ?? raise(notFound('User', 10013));
      return [200, world.userJson(user)];
    }
    if (method === 'POST' && path === '/users/@me/channels') {
      const user = world.users.get(String(body.recipient_id)) ?? raise(notFound('User', 10013));
      return [200, world.channelJson(world.dmChannelFor(user.id))];
    }
    if ((p = m(/^\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands(?:\/(\d+))?$/))) {
      return commandsRoute(method, p[2] ?? null, p[3] ?? null, body);
    }
    if (method === 'POST' && (p = m(/^\/interactions\/(\d+)\/([^/]+)\/callback$/))) {
      return interactions.callback(p[1] ?? '', p[2] ?? '', body, files, query.get('with_response') === 'true');
    }
    if ((p = m(/^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/))) {
      return interactions.webhook(method, p[2] ?? '', p[3] ?? null, body, files, query);
    }
    if ((p = m(/^\/channels\/(\d+)$/))) {
      const channel = world.channels.get(p[1] ?? '') ?? raise(notFound('Channel', 10003));
      if (method === 'GET') return [200, world.channelJson(channel)];
      if (method === 'PATCH') {
        refuseIf(validateChannelName(body, { required: false }));
        if (typeof body.name === 'string') channel.name = body.name;
        if (typeof body.archived === 'boolean') channel.archived = body.archived;
        return [200, world.channelJson(channel)];
      }
      if (method === 'DELETE') {
        world.channels.delete(channel.id);
        return [200, world.channelJson(channel)];
      }
    }
    if ((p = m(/^\/channels\/(\d+)\/messages$/))) {
      const channel = world.channels.get(p[1] ?? '') ?? raise(notFound('Channel', 10003));
      if (method === 'GET') {
        const limit = Number(query.get('limit') ?? 50);
        const list = [...world.messages.values()].filter((x) => x.channelId === channel.id && !x.ephemeralFor && !x.deleted).reverse().slice(0, limit);
        return [200, list.map((x) => world.messageJson(x))];
      }
      if (method === 'POST') {
        // A forum holds posts only: messages go to a post (a thread), never to the forum itself.
        if (channel.type === ChannelKind.forum) raise(new HttpError(400, { message: 'Cannot send messages in a non-text channel', code: 50008 }));
        refuseIf(validateMessage(body, files, { create: true }));
        if (channel.type === ChannelKind.dm && world.users.get(channel.recipientId ?? '')?.refusesDms) {
          raise(new HttpError(403, { message: 'Cannot send messages to this user', code: 50007 }));
        }
        const nonce = typeof body.nonce === 'string' || typeof body.nonce === 'number' ? `${channel.id}:${body.nonce}` : null;
        const earlier = nonce && body.enforce_nonce === true ? enforcedNonces.get(nonce) : undefined;
        if (earlier && now() - earlier.at <= nonceWindowMs) return [200, world.messageJson(earlier.message)];
        const message = world.createMessage({ channelId: channel.id, authorId: world.bot.id, payload: body, files });
        if (nonce && body.enforce_nonce === true) enforcedNonces.set(nonce, { message, at: now() });
        relay.created(message);
        return [200, world.messageJson(message)];
      }
    }
    if ((p = m(/^\/channels\/(\d+)\/messages\/(\d+)$/))) {
      const message = world.messages.get(p[2] ?? '');
      if (!message || message.deleted || message.channelId !== p[1]) raise(notFound('Message', 10008));
      const msg = message as LocalMessage;
      if (method === 'GET') return [200, world.messageJson(msg)];
      if (method === 'PATCH') {
        refuseIf(validateMessage(body, files, { create: false }));
        world.editMessage(msg, body, files);
        relay.updated(msg);
        return [200, world.messageJson(msg)];
      }
      if (method === 'DELETE') {
        world.deleteMessage(msg);
        relay.deleted(msg);
        return [204, null];
      }
    }
    if (method === 'POST' && (p = m(/^\/channels\/(\d+)\/threads$/))) {
      const parent = world.channels.get(p[1] ?? '');
      if (parent?.type === ChannelKind.forum) return forumPost(parent, body, files);
    }
    if (method === 'POST' && (p = m(/^\/channels\/(\d+)(?:\/messages\/(\d+))?\/threads$/))) {
      const parent = world.channels.get(p[1] ?? '') ?? raise(notFound('Channel', 10003));
      if (parent.type !== ChannelKind.text) raise(wrongChannelType());
      refuseIf(validateChannelName(body, { required: true }));
      const fromMessage = p[2];
      const thread = world.addChannel({
        ...(fromMessage ? { id: fromMessage } : {}),
        type: fromMessage ? ChannelKind.publicThread : Number(body.type ?? ChannelKind.privateThread),
        guildId: parent.guildId,
        name: String(body.name),
        parentId: parent.id,
        ownerId: world.bot.id,
        recipientId: null,
      });
      gateway.dispatch(thread.guildId, 'THREAD_CREATE', { ...world.channelJson(thread), newly_created: true }, 'guilds');
      return [201, world.channelJson(thread)];
    }
    if ((p = m(/^\/channels\/(\d+)\/thread-members(?:\/(@me|\d+))?$/))) {
      const thread = world.channels.get(p[1] ?? '') ?? raise(notFound('Channel', 10003));
      const userId = p[2] === '@me' ? world.bot.id : p[2];
      if (method === 'PUT' && userId) {
        if (!thread.memberIds.includes(userId)) thread.memberIds.push(userId);
        return [204, null];
      }
      if (method === 'DELETE' && userId) {
        thread.memberIds.splice(thread.memberIds.indexOf(userId) >>> 0, thread.memberIds.includes(userId) ? 1 : 0);
        return [204, null];
      }
      if (method === 'GET') {
        return [200, thread.memberIds.map((id) => ({ id: thread.id, user_id: id, join_timestamp: thread.createdAt, flags: 0 }))];
      }
    }
    if ((method === 'POST' && m(/^\/channels\/\d+\/typing$/)) || m(/^\/channels\/\d+\/messages\/\d+\/reactions\//) || m(/^\/channels\/\d+\/(messages\/)?pins\/\d+$/)) {
      return [204, null];
    }
    if ((p = m(/^\/guilds\/(\d+)(\/.*)?$/))) {
      const g = world.guilds.get(p[1] ?? '') ?? raise(notFound('Guild', 10004));
      const rest = p[2] ?? '';
      if (method === 'GET' && rest === '') {
        const { channels: _c, members: _m, threads: _t, ...plain } = world.guildCreateJson(g);
        return [200, plain];
      }
      if (method === 'GET' && rest === '/channels') return [200, [...world.channels.values()].filter((c) => c.guildId === g.id && !isThreadKind(c.type)).map((c) => world.channelJson(c))];
      if (method === 'POST' && rest === '/channels') return createChannel(g, body);
      if (method === 'GET' && rest === '/threads/active') {
        const threads = [...world.channels.values()].filter((c) => c.guildId === g.id && isThreadKind(c.type) && !c.archived);
        return [200, { threads: threads.map((c) => world.channelJson(c)), members: [] }];
      }
      if (method === 'GET' && rest === '/roles') return [200, [world.everyoneRole(g)]];
      if (method === 'GET' && rest.startsWith('/members')) {
        const one = /^\/members\/(\d+)$/.exec(rest)?.[1];
        if (one) {
          const user = g.memberIds.includes(one) ? world.users.get(one) : undefined;
          if (!user) raise(notFound('Member', 10007));
          return [200, world.memberJson(g, user as LocalUser)];
        }
        return [200, g.memberIds.flatMap((id) => (world.users.get(id) ? [world.memberJson(g, world.users.get(id) as LocalUser)] : []))];
      }
    }
    throw new HttpError(404, { message: '404: Not Found', code: 0 });
  };
}
