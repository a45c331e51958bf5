import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseCommandLine, type InteractionOption } from './command-line.ts';
import { Gateway } from './gateway.ts';
import {
  ChannelKind,
  type ApiObject,
  type Choice,
  type CommandDefinition,
  type FailRouteOptions,
  type InteractionHandle,
  type LocalChannel,
  type LocalEvent,
  type LocalGuild,
  type LocalMessage,
  type LocalUser,
  type RestCall,
} from './types.ts';
import { SnowflakeGenerator } from './snowflake.ts';
import { World, type UploadedFile } from './world.ts';
import { createSandboxHandler } from '../web/sandbox.ts';

export interface LocalDiscordOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Gateway shards the bot must connect with (default 1). */
  readonly shards?: number;
  readonly botToken?: string;
  readonly applicationId?: string;
  /** Name of the default guild (default "Turnkeeper Sandbox"). */
  readonly guildName?: string;
  /** Users created at start (default alice, bob, carol, dave). */
  readonly users?: readonly string[];
  /** Discord fails an interaction not acknowledged within 3 s; tests may stretch it. */
  readonly ackTimeoutMs?: number;
  /** How long `slash`/`click`/`select` wait for the bot's full answer (default 10 s). */
  readonly answerTimeoutMs?: number;
  /** After a deferred update (type 6) with no edit, how long to wait before calling it answered (default 1 s). */
  readonly deferredUpdateGraceMs?: number;
  /** Quiet spell after an answer before a handle resolves, so immediate follow-ups are included (default 40 ms; 0 resolves the moment the answer is complete). */
  readonly quietMs?: number;
  /** Serve the sandbox page at `/` and its API under `/sandbox/api` (default true). */
  readonly sandbox?: boolean;
  /** Extra HTTP routes, tried after the API and the sandbox. */
  readonly extraRoutes?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> | boolean;
}

/** A command line as typed, or its name and already-typed options. */
export type SlashInput = string | { readonly name: string; readonly options?: readonly InteractionOption[] };

/** The running local Discord and the hands that drive it (tests, the sandbox page, transcripts). */
export interface LocalDiscord {
  /** `http://127.0.0.1:PORT` (the sandbox page lives at `/`). */
  readonly url: string;
  /** Pass as discord.js `rest.api`: `http://127.0.0.1:PORT/api`. */
  readonly apiUrl: string;
  readonly port: number;
  readonly shards: number;
  readonly botToken: string;
  readonly applicationId: string;
  readonly botUser: LocalUser;
  /** The default guild and its `#games` channel. */
  readonly guildId: string;
  readonly channelId: string;
  /** Every REST request the bot made, in order. */
  readonly calls: RestCall[];
  readonly world: World;
  user(ref: string): LocalUser;
  users(): LocalUser[];
  addUser(name: string, opts?: { locale?: string }): LocalUser;
  setLocale(user: string, locale: string): void;
  /** Adds a guild (with `#games`); `shard` picks an id that routes to that shard. */
  addGuild(name: string, opts?: { shard?: number; owner?: string }): LocalGuild;
  guilds(): LocalGuild[];
  channel(ref: string, guildId?: string): LocalChannel;
  slash(user: string, channelId: string, command: SlashInput): Promise<InteractionHandle>;
  autocomplete(user: string, channelId: string, partial: string): Promise<Choice[]>;
  click(user: string, messageId: string, customId: string): Promise<InteractionHandle>;
  select(user: string, messageId: string, customId: string, values: readonly string[]): Promise<InteractionHandle>;
  /** Messages of a channel, oldest first; ephemerals only for `forUser`. */
  messages(channelId: string, opts?: { forUser?: string }): LocalMessage[];
  message(id: string): LocalMessage | undefined;
  dms(user: string): LocalMessage[];
  threads(channelId: string): LocalChannel[];
  commands(guildId?: string): CommandDefinition[];
  onEvent(listener: (event: LocalEvent) => void): () => void;
  refuseDms(user: string, on?: boolean): void;
  failRoute(method: string, pattern: string | RegExp, opts: FailRouteOptions): void;
  dropGateway(shard?: number): void;
  /** Resolves once the bot's gateway shard for `guildId` is connected. */
  waitForBot(guildId?: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

interface Pending {
  readonly id: string;
  readonly token: string;
  readonly type: number;
  readonly userId: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly summary: string;
  /** The message carrying the clicked component. */
  readonly sourceMessageId: string | null;
  callbackType: number | null;
  originalId: string | null;
  ephemeral: boolean;
  readonly followUpIds: string[];
  choices: Choice[];
  modal: ApiObject | undefined;
  expired: boolean;
  finished: boolean;
  /** The answer is complete; resolves after a short quiet spell so trailing follow-ups are included. */
  finish: (error?: Error) => void;
  /** Activity on the interaction's webhook postpones a scheduled resolve. */
  touch: () => void;
}

interface Fault {
  readonly method: string;
  readonly pattern: RegExp;
  readonly status: 500 | 429;
  remaining: number;
  readonly retryAfter: number;
}

class HttpError extends Error {
  constructor(readonly status: number, readonly body: ApiObject) {
    super(String(body.message));
  }
}

const notFound = (what: string, code: number) => new HttpError(404, { message: `Unknown ${what}`, code });

/**
 * Starts a local Discord (REST v10 under `/api/v10` and the gateway on one loopback port) that an
 * unchanged discord.js 14 client can log in to. See shared/LOCAL-DISCORD-NOTES.md for the wire facts.
 */
export async function startLocalDiscord(opts: LocalDiscordOptions = {}): Promise<LocalDiscord> {
  const shards = opts.shards ?? 1;
  const botToken = opts.botToken ?? 'local.turnkeeper.token';
  const ackTimeoutMs = opts.ackTimeoutMs ?? 3_000;
  const answerTimeoutMs = opts.answerTimeoutMs ?? 10_000;
  const graceMs = opts.deferredUpdateGraceMs ?? 1_000;
  const quietMs = opts.quietMs ?? 40;
  const applicationId = opts.applicationId ?? new SnowflakeGenerator(2n, 2n).next(Date.now() - 86_400_000);
  const world = new World(applicationId);
  /** Messages sent with `enforce_nonce`, by channel and nonce: Discord answers a repeat with the first message. */
  const enforcedNonces = new Map<string, LocalMessage>();
  for (const name of opts.users ?? ['alice', 'bob', 'carol', 'dave']) world.addUser(name);
  const firstUser = [...world.users.values()].find((u) => !u.bot) ?? world.bot;
  const guild = world.addGuild(opts.guildName ?? 'Turnkeeper Sandbox', world.ids.nextForShard(0, shards), firstUser.id);
  const gamesChannel = [...world.channels.values()].find((c) => c.guildId === guild.id);
  if (!gamesChannel) throw new Error('local Discord: default channel missing');
  const gateway = new Gateway(world, shards, botToken);
  const calls: RestCall[] = [];
  const faults: Fault[] = [];
  const pending = new Map<string, Pending>();
  const byToken = new Map<string, Pending>();

  let sandbox: ReturnType<typeof createSandboxHandler> | null = null;
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: String(error), code: 0 }));
    });
  });
  server.on('upgrade', (req, socket, head) => gateway.upgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  world.baseUrl = url;
  gateway.url = `ws://127.0.0.1:${port}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const reqUrl = new URL(req.url ?? '/', url);
    const att = /^\/attachments\/(\d+)\/(\d+)\//.exec(reqUrl.pathname);
    if (req.method === 'GET' && att) {
      const attachment = [...world.messages.values()].flatMap((m) => m.attachments).find((a) => a.id === att[2]);
      if (!attachment) return send(res, 404, { message: 'Unknown attachment', code: 0 });
      res.writeHead(200, { 'content-type': attachment.contentType, 'content-length': attachment.bytes.length, 'cache-control': 'max-age=3600' });
      res.end(attachment.bytes);
      return;
    }
    if (reqUrl.pathname.startsWith('/api/')) return api(req, res, reqUrl);
    if (sandbox && (await sandbox(req, res, reqUrl))) return;
    if (opts.extraRoutes && (await opts.extraRoutes(req, res, reqUrl))) return;
    send(res, 404, { message: '404: Not Found', code: 0 });
  }

  async function api(req: IncomingMessage, res: ServerResponse, reqUrl: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const path = reqUrl.pathname.replace(/^\/api(\/v\d+)?/, '');
    const { body, files } = await readBody(req);
    const record = (status: number) =>
      calls.push({ method, path: decodeURIComponent(path), query: reqUrl.search, status, body, files: files.map((f) => f.name), at: Date.now() });
    const fault = faults.find((f) => f.remaining > 0 && f.method === method && f.pattern.test(decodeURIComponent(path)));
    if (fault) {
      fault.remaining -= 1;
      record(fault.status);
      if (fault.status === 429) {
        res.writeHead(429, {
          'content-type': 'application/json',
          'retry-after': String(fault.retryAfter),
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset-after': String(fault.retryAfter),
          'x-ratelimit-bucket': 'local-bucket',
          'x-ratelimit-scope': 'user',
        });
        res.end(JSON.stringify({ message: 'You are being rate limited.', retry_after: fault.retryAfter, global: false }));
      } else {
        send(res, 500, { message: 'Internal Server Error (injected by the local Discord)', code: 0 });
      }
      return;
    }
    const isWebhook = /^\/(webhooks|interactions)\//.test(path);
    if (!isWebhook && req.headers.authorization !== `Bot ${botToken}` && !path.startsWith('/gateway')) {
      record(401);
      return send(res, 401, { message: '401: Unauthorized', code: 0 });
    }
    try {
      const [status, out] = await route(method, decodeURIComponent(path), reqUrl.searchParams, body, files);
      record(status);
      if (status === 204) {
        res.writeHead(204);
        res.end();
      } else {
        send(res, status, out);
      }
    } catch (error) {
      if (error instanceof HttpError) {
        record(error.status);
        return send(res, error.status, error.body);
      }
      record(500);
      throw error;
    }
  }

  function route(method: string, path: string, query: URLSearchParams, body: ApiObject, files: UploadedFile[]): [number, unknown] | Promise<[number, unknown]> {
    const m = (pattern: RegExp) => pattern.exec(path);
    let p: RegExpExecArray | null;
    if (method === 'GET' && (path === '/gateway/bot' || path === '/gateway')) {
      return [200, { url: gateway.url, shards, session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 16 } }];
    }
    if (method === 'GET' && path === '/users/@me') return [200, world.userJson(world.bot)];
    if (method === 'GET' && (path === '/applications/@me' || path === '/oauth2/applications/@me')) {
      return [200, { id: applicationId, name: world.bot.name, icon: null, description: '', bot_public: true, bot_require_code_grant: false, flags: 0, owner: world.userJson(firstUser), verify_key: '0'.repeat(64), team: null }];
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
      return callback(p[1] ?? '', p[2] ?? '', body, files, query.get('with_response') === 'true');
    }
    if ((p = m(/^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/))) {
      return webhook(method, p[2] ?? '', p[3] ?? null, body, files, query);
    }
    if ((p = m(/^\/channels\/(\d+)$/))) {
      const channel = world.channels.get(p[1] ?? '') ?? raise(notFound('Channel', 10003));
      if (method === 'GET') return [200, world.channelJson(channel)];
      if (method === 'PATCH') {
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
        if (channel.type === ChannelKind.dm && world.users.get(channel.recipientId ?? '')?.refusesDms) {
          raise(new HttpError(403, { message: 'Cannot send messages to this user', code: 50007 }));
        }
        const nonce = typeof body.nonce === 'string' || typeof body.nonce === 'number' ? `${channel.id}:${body.nonce}` : null;
        const earlier = nonce && body.enforce_nonce === true ? enforcedNonces.get(nonce) : undefined;
        if (earlier) return [200, world.messageJson(earlier)];
        const message = world.createMessage({ channelId: channel.id, authorId: world.bot.id, payload: body, files });
        if (nonce && body.enforce_nonce === true) enforcedNonces.set(nonce, message);
        afterCreate(message);
        return [200, world.messageJson(message)];
      }
    }
    if ((p = m(/^\/channels\/(\d+)\/messages\/(\d+)$/))) {
      const message = world.messages.get(p[2] ?? '');
      if (!message || message.deleted || message.channelId !== p[1]) raise(notFound('Message', 10008));
      const msg = message as LocalMessage;
      if (method === 'GET') return [200, world.messageJson(msg)];
      if (method === 'PATCH') {
        world.editMessage(msg, body, files);
        afterUpdate(msg);
        return [200, world.messageJson(msg)];
      }
      if (method === 'DELETE') {
        world.deleteMessage(msg);
        afterDelete(msg);
        return [204, null];
      }
    }
    if (method === 'POST' && (p = m(/^\/channels\/(\d+)(?:\/messages\/(\d+))?\/threads$/))) {
      const parent = world.channels.get(p[1] ?? '') ?? raise(notFound('Channel', 10003));
      if (parent.type !== ChannelKind.text) raise(new HttpError(400, { message: 'Cannot execute action on this channel type', code: 50024 }));
      const fromMessage = p[2];
      const thread = world.addChannel({
        ...(fromMessage ? { id: fromMessage } : {}),
        type: fromMessage ? ChannelKind.publicThread : Number(body.type ?? ChannelKind.privateThread),
        guildId: parent.guildId,
        name: String(body.name ?? 'thread'),
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
      if (method === 'GET' && rest === '/channels') return [200, [...world.channels.values()].filter((c) => c.guildId === g.id && c.type === ChannelKind.text).map((c) => world.channelJson(c))];
      if (method === 'GET' && rest === '/threads/active') {
        const threads = [...world.channels.values()].filter((c) => c.guildId === g.id && c.parentId && !c.archived);
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
  }

  function commandsRoute(method: string, guildId: string | null, commandId: string | null, body: unknown): [number, unknown] {
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
        const next = (Array.isArray(body) ? (body as ApiObject[]) : []).map((raw) => make(raw, list.find((c) => c.name === raw.name)));
        changed(next);
        return [200, next];
      }
      if (method === 'POST') {
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

  function callback(id: string, token: string, body: ApiObject, files: UploadedFile[], withResponse: boolean): [number, unknown] {
    const it = pending.get(id);
    if (!it || it.token !== token) raise(notFound('interaction', 10062));
    const p = it as Pending;
    if (p.expired) raise(notFound('interaction', 10062));
    if (p.callbackType !== null) raise(new HttpError(400, { message: 'Interaction has already been acknowledged.', code: 40060 }));
    const type = Number(body.type);
    const data = (body.data ?? {}) as ApiObject;
    p.callbackType = type;
    let message: LocalMessage | undefined;
    switch (type) {
      case 4:
      case 5: {
        p.ephemeral = (Number(data.flags ?? 0) & 64) !== 0;
        message = world.createMessage({
          channelId: p.channelId,
          authorId: world.bot.id,
          payload: type === 4 ? data : { flags: data.flags },
          files: type === 4 ? files : [],
          ephemeralFor: p.ephemeral ? p.userId : null,
          interactionId: p.id,
          extraFlags: type === 5 ? 128 : 0,
        });
        p.originalId = message.id;
        afterCreate(message);
        if (type === 4) p.finish();
        break;
      }
      case 6:
        p.originalId = p.sourceMessageId;
        if (p.type === 2 || p.type === 4) p.finish();
        else setTimeout(() => p.finish(), graceMs).unref();
        break;
      case 7: {
        const source = p.sourceMessageId ? world.messages.get(p.sourceMessageId) : undefined;
        if (!source) raise(new HttpError(400, { message: 'Interaction has no message to update', code: 50035 }));
        p.originalId = (source as LocalMessage).id;
        world.editMessage(source as LocalMessage, data, files);
        afterUpdate(source as LocalMessage);
        message = source;
        p.finish();
        break;
      }
      case 8:
        p.choices = Array.isArray(data.choices) ? (data.choices as Choice[]) : [];
        p.finish();
        break;
      case 9:
        p.modal = data;
        p.finish();
        break;
      default:
        p.callbackType = null;
        raise(new HttpError(400, { message: `Invalid interaction response type ${type}`, code: 50035 }));
    }
    if (!withResponse) return [204, null];
    return [200, { interaction: { id: p.id, type: p.type, response_message_id: message?.id, response_message_loading: type === 5, response_message_ephemeral: p.ephemeral }, resource: { type, ...(message ? { message: world.messageJson(message) } : {}) } }];
  }

  function webhook(method: string, token: string, messageRef: string | null, body: ApiObject, files: UploadedFile[], query: URLSearchParams): [number, unknown] {
    const p = byToken.get(token) ?? raise(notFound('Webhook', 10015));
    p.touch();
    if (messageRef === null) {
      if (method !== 'POST') raise(new HttpError(405, { message: '405: Method Not Allowed', code: 0 }));
      if (p.callbackType === null) raise(notFound('Webhook', 10015));
      const ephemeral = (Number(body.flags ?? 0) & 64) !== 0;
      const message = world.createMessage({ channelId: p.channelId, authorId: world.bot.id, payload: body, files, ephemeralFor: ephemeral ? p.userId : null, interactionId: p.id });
      p.followUpIds.push(message.id);
      afterCreate(message);
      p.finish();
      return query.get('wait') === 'false' ? [204, null] : [200, world.messageJson(message)];
    }
    const id = messageRef === '@original' ? p.originalId : messageRef;
    const message = id ? world.messages.get(id) : undefined;
    if (!message || message.deleted) raise(notFound('Message', 10008));
    const msg = message as LocalMessage;
    if (method === 'GET') return [200, world.messageJson(msg)];
    if (method === 'PATCH') {
      world.editMessage(msg, body, files);
      afterUpdate(msg);
      if (messageRef === '@original') p.finish();
      return [200, world.messageJson(msg)];
    }
    if (method === 'DELETE') {
      world.deleteMessage(msg);
      afterDelete(msg);
      p.finish();
      return [204, null];
    }
    throw new HttpError(405, { message: '405: Method Not Allowed', code: 0 });
  }

  function afterCreate(message: LocalMessage): void {
    if (message.ephemeralFor) return;
    gateway.dispatch(message.guildId, 'MESSAGE_CREATE', world.messageJson(message), message.guildId ? 'guildMessages' : 'directMessages');
  }
  function afterUpdate(message: LocalMessage): void {
    if (message.ephemeralFor) return;
    gateway.dispatch(message.guildId, 'MESSAGE_UPDATE', world.messageJson(message), message.guildId ? 'guildMessages' : 'directMessages');
  }
  function afterDelete(message: LocalMessage): void {
    if (message.ephemeralFor) return;
    gateway.dispatch(message.guildId, 'MESSAGE_DELETE', { id: message.id, channel_id: message.channelId, ...(message.guildId ? { guild_id: message.guildId } : {}) }, message.guildId ? 'guildMessages' : 'directMessages');
  }

  function handleOf(p: Pending): InteractionHandle {
    return {
      id: p.id,
      token: p.token,
      userId: p.userId,
      channelId: p.channelId,
      get callbackType() {
        return p.callbackType;
      },
      get reply() {
        return p.originalId ? world.messages.get(p.originalId) : undefined;
      },
      get ephemeral() {
        return p.ephemeral;
      },
      get followUps() {
        return p.followUpIds.flatMap((id) => world.messages.get(id) ?? []);
      },
      get choices() {
        return p.choices;
      },
      get modal() {
        return p.modal;
      },
    };
  }

  async function interact(type: number, user: LocalUser, channel: LocalChannel, data: ApiObject, summary: string, sourceMessage: LocalMessage | null): Promise<InteractionHandle> {
    const shard = gateway.shardFor(channel.guildId);
    await gateway.waitForShard(shard, answerTimeoutMs);
    const id = world.ids.next();
    const token = `aW50ZXJhY3Rpb246${id}:${randomBytes(24).toString('base64url')}`;
    let resolveDone!: () => void;
    let rejectDone!: (e: Error) => void;
    const done = new Promise<void>((resolve, reject) => {
      resolveDone = resolve;
      rejectDone = reject;
    });
    const guildOf = channel.guildId ? world.guilds.get(channel.guildId) : undefined;
    const p: Pending = {
      id,
      token,
      type,
      userId: user.id,
      channelId: channel.id,
      guildId: channel.guildId,
      summary,
      sourceMessageId: sourceMessage?.id ?? null,
      callbackType: null,
      originalId: null,
      ephemeral: false,
      followUpIds: [],
      choices: [],
      modal: undefined,
      expired: false,
      finished: false,
      finish: (error) => {
        if (p.finished) return;
        if (error) {
          p.finished = true;
          clearTimeout(ackTimer);
          clearTimeout(answerTimer);
          clearTimeout(quietTimer);
          rejectDone(error);
          return;
        }
        clearTimeout(ackTimer);
        clearTimeout(quietTimer);
        settling = true;
        const settle = () => {
          p.finished = true;
          clearTimeout(answerTimer);
          resolveDone();
        };
        // Node clamps a 0 ms timer to 1 ms; with no quiet period the answer is complete now.
        if (quietMs === 0) settle();
        else quietTimer = setTimeout(settle, quietMs);
      },
      touch: () => {
        if (settling && !p.finished) p.finish();
      },
    };
    let settling = false;
    let quietTimer: NodeJS.Timeout | undefined;
    const ackTimer = setTimeout(() => {
      if (p.callbackType !== null) return;
      p.expired = true;
      p.finish(new Error(`local Discord: the bot did not acknowledge ${summary} (interaction ${id}) within ${ackTimeoutMs} ms; Discord would show "The application did not respond"`));
    }, ackTimeoutMs);
    const answerTimer = setTimeout(() => {
      p.finish(new Error(`local Discord: the bot did not finish answering ${summary} within ${answerTimeoutMs} ms (callback type ${p.callbackType ?? 'none'}${p.callbackType === 5 ? ', deferred but @original never edited' : ''})`));
    }, answerTimeoutMs);
    pending.set(id, p);
    byToken.set(token, p);
    const payload: ApiObject = {
      id,
      application_id: applicationId,
      type,
      token,
      version: 1,
      channel_id: channel.id,
      channel: world.channelJson(channel),
      app_permissions: guildOf ? world.permissionsOf(guildOf, guildOf.ownerId) : '0',
      locale: user.locale,
      entitlements: [],
      attachment_size_limit: 10 * 1024 * 1024,
      data,
      ...(sourceMessage ? { message: world.messageJson(sourceMessage) } : {}),
      ...(guildOf
        ? {
            guild_id: guildOf.id,
            guild: { id: guildOf.id, locale: guildOf.locale, features: [] },
            guild_locale: guildOf.locale,
            member: world.memberJson(guildOf, user),
            authorizing_integration_owners: { '0': guildOf.id },
            context: 0,
          }
        : { user: world.userJson(user), authorizing_integration_owners: { '1': user.id }, context: 1 }),
    };
    world.emit({ type: 'interaction', interactionId: id, userId: user.id, kind: type, summary });
    gateway.dispatch(channel.guildId, 'INTERACTION_CREATE', payload);
    await done;
    return handleOf(p);
  }

  function slashData(channel: LocalChannel, input: SlashInput, autocomplete: boolean) {
    const commands = world.commandsFor(channel.guildId);
    if (typeof input === 'string') {
      const parsed = parseCommandLine(input, commands, {
        user: (ref) => world.findUser(ref)?.id,
        channel: (ref) => world.findChannel(ref, channel.guildId)?.id,
      }, { autocomplete });
      return { command: parsed.command, options: parsed.options, userIds: parsed.userIds, channelIds: parsed.channelIds };
    }
    const command = commands.find((c) => c.name === input.name) ?? raise(new Error(`local Discord: unknown command /${input.name}`));
    return { command, options: [...(input.options ?? [])], userIds: [] as string[], channelIds: [] as string[] };
  }

  function commandPayload(channel: LocalChannel, parsed: ReturnType<typeof slashData>): ApiObject {
    const guildOf = channel.guildId ? world.guilds.get(channel.guildId) : undefined;
    const users: Record<string, unknown> = {};
    const members: Record<string, unknown> = {};
    for (const id of parsed.userIds) {
      const u = world.users.get(id);
      if (!u) continue;
      users[id] = world.userJson(u);
      if (guildOf) members[id] = world.memberJson(guildOf, u, false);
    }
    const channels: Record<string, unknown> = {};
    for (const id of parsed.channelIds) {
      const c = world.channels.get(id);
      if (c) channels[id] = { ...world.channelJson(c), permissions: MEMBER_PERMS_FOR_RESOLVED };
    }
    const resolved = parsed.userIds.length + parsed.channelIds.length > 0 ? { resolved: { users, members, channels } } : {};
    return {
      id: parsed.command.id,
      name: parsed.command.name,
      type: 1,
      options: parsed.options,
      ...(parsed.command.guild_id ? { guild_id: parsed.command.guild_id } : {}),
      ...resolved,
    };
  }

  function findComponent(message: LocalMessage, customId: string): ApiObject | undefined {
    const walk = (items: unknown): ApiObject | undefined => {
      if (!Array.isArray(items)) return undefined;
      for (const item of items as ApiObject[]) {
        if (item.custom_id === customId) return item;
        const inner = walk(item.components) ?? (item.accessory ? walk([item.accessory]) : undefined);
        if (inner) return inner;
      }
      return undefined;
    };
    return walk(message.components);
  }

  function componentTarget(userRef: string, messageId: string, customId: string) {
    const user = world.user(userRef);
    const message = world.messages.get(messageId);
    if (!message || !world.visibleTo(message, user.id)) throw new Error(`local Discord: ${user.name} cannot see message ${messageId}`);
    const component = findComponent(message, customId);
    if (!component) throw new Error(`local Discord: message ${messageId} has no component "${customId}"`);
    if (component.disabled === true) throw new Error(`local Discord: component "${customId}" is disabled`);
    const channel = world.channels.get(message.channelId) ?? raise(new Error(`local Discord: channel of message ${messageId} is gone`));
    return { user, message, component, channel };
  }

  const discord: LocalDiscord = {
    url,
    apiUrl: `${url}/api`,
    port,
    shards,
    botToken,
    applicationId,
    botUser: world.bot,
    guildId: guild.id,
    channelId: gamesChannel.id,
    calls,
    world,
    user: (ref) => world.user(ref),
    users: () => [...world.users.values()].filter((u) => !u.bot),
    addUser: (name, o) => {
      const user = world.addUser(name, o);
      for (const g of world.guilds.values()) {
        gateway.dispatch(g.id, 'GUILD_MEMBER_ADD', { ...world.memberJson(g, user), guild_id: g.id }, 'guildMembers');
      }
      return user;
    },
    setLocale: (ref, locale) => {
      world.user(ref).locale = locale;
    },
    addGuild: (name, o = {}) => {
      const owner = o.owner ? world.user(o.owner) : firstUser;
      const id = o.shard === undefined ? world.ids.next() : world.ids.nextForShard(o.shard, shards);
      const g = world.addGuild(name, id, owner.id);
      gateway.dispatch(g.id, 'GUILD_CREATE', world.guildCreateJson(g), 'guilds');
      return g;
    },
    guilds: () => [...world.guilds.values()],
    channel: (ref, guildId) => world.channel(ref, guildId),
    async slash(userRef, channelId, input) {
      const user = world.user(userRef);
      const channel = world.channel(channelId);
      const parsed = slashData(channel, input, false);
      const summary = typeof input === 'string' ? input : `/${input.name}`;
      return interact(2, user, channel, commandPayload(channel, parsed), summary, null);
    },
    async autocomplete(userRef, channelId, partial) {
      const user = world.user(userRef);
      const channel = world.channel(channelId);
      const parsed = slashData(channel, partial, true);
      const handle = await interact(4, user, channel, commandPayload(channel, parsed), `autocomplete ${partial}`, null);
      return [...handle.choices];
    },
    async click(userRef, messageId, customId) {
      const { user, message, component, channel } = componentTarget(userRef, messageId, customId);
      if (component.type !== 2) throw new Error(`local Discord: component "${customId}" is not a button`);
      return interact(3, user, channel, { custom_id: customId, component_type: 2 }, `button ${String(component.label ?? customId)}`, message);
    },
    async select(userRef, messageId, customId, values) {
      const { user, message, component, channel } = componentTarget(userRef, messageId, customId);
      const type = Number(component.type);
      if (![3, 5, 6, 7, 8].includes(type)) throw new Error(`local Discord: component "${customId}" is not a select menu`);
      if (type === 3) {
        const allowed = ((component.options ?? []) as ApiObject[]).map((o) => String(o.value));
        const bad = values.filter((v) => !allowed.includes(v));
        if (bad.length > 0) throw new Error(`local Discord: select "${customId}" has no option ${bad.join(', ')} (options: ${allowed.join(', ')})`);
      }
      return interact(3, user, channel, { custom_id: customId, component_type: type, values: [...values] }, `select ${customId}=${values.join(',')}`, message);
    },
    messages: (channelId, o = {}) => {
      const forUser = o.forUser ? world.user(o.forUser).id : undefined;
      const channel = world.channel(channelId);
      return [...world.messages.values()].filter((m) => m.channelId === channel.id && world.visibleTo(m, forUser));
    },
    message: (id) => world.messages.get(id),
    dms: (userRef) => {
      const dm = world.findDmChannel(world.user(userRef).id);
      return dm ? [...world.messages.values()].filter((m) => m.channelId === dm.id && !m.deleted) : [];
    },
    threads: (channelId) => {
      const parent = world.channel(channelId);
      return [...world.channels.values()].filter((c) => c.parentId === parent.id);
    },
    commands: (guildId) => world.commandsFor(guildId ?? guild.id),
    onEvent: (listener) => {
      world.listeners.add(listener);
      return () => world.listeners.delete(listener);
    },
    refuseDms: (userRef, on = true) => {
      world.user(userRef).refusesDms = on;
    },
    failRoute: (method, pattern, o) => {
      const regex = typeof pattern === 'string' ? new RegExp('^' + pattern.split(/(:\w+|\*)/).map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('') + '$') : pattern;
      faults.push({ method: method.toUpperCase(), pattern: regex, status: o.status, remaining: o.times ?? 1, retryAfter: o.retryAfter ?? 0.05 });
    },
    dropGateway: (shard = 0) => gateway.drop(shard),
    waitForBot: (guildId, timeoutMs = answerTimeoutMs) => gateway.waitForShard(gateway.shardFor(guildId ?? guild.id), timeoutMs),
    async close() {
      for (const p of pending.values()) p.finish(new Error('local Discord closed'));
      gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  if (opts.sandbox !== false) sandbox = createSandboxHandler(discord);
  return discord;
}

const MEMBER_PERMS_FOR_RESOLVED = '2147535872';

function raise(error: Error): never {
  throw error;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body ?? null);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The whole request body (plain listeners: an async iterator costs a few event-loop turns per request). */
function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

async function readBody(req: IncomingMessage): Promise<{ body: ApiObject; files: UploadedFile[] }> {
  const raw = await readRaw(req);
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: {}, files: [] };
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    let body: ApiObject = {};
    const files: UploadedFile[] = [];
    for (const [field, value] of form.entries()) {
      if (field === 'payload_json' && typeof value === 'string') body = JSON.parse(value) as ApiObject;
      else if (typeof value !== 'string') {
        files.push({ field, name: value.name, contentType: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
      }
    }
    return { body, files };
  }
  try {
    return { body: JSON.parse(raw.toString('utf8')) as ApiObject, files: [] };
  } catch {
    return { body: {}, files: [] };
  }
}
