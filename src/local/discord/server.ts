import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseCommandLine } from './command-line.ts';
import { Gateway } from './gateway.ts';
import { HttpError, raise, readBody, send } from './http.ts';
import { Interactions } from './interactions.ts';
import { messageRelay } from './relay.ts';
import { createRestRoutes, RESOLVED_CHANNEL_PERMISSIONS } from './rest.ts';
import { PERMISSION_BITS } from './permissions.ts';
import type {
  ApiObject,
  LocalChannel,
  LocalMessage,
  RestCall,
} from './types.ts';
import { SnowflakeGenerator } from './snowflake.ts';
import { World } from './world.ts';
import { createSandboxHandler } from '../web/sandbox.ts';
import type { LocalDiscord, SlashFile, SlashInput } from './api.ts';

export type { LocalDiscord, SlashFile, SlashInput } from './api.ts';

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
  /** How long `enforce_nonce` holds a nonce (default five minutes, Discord's "past few minutes"). */
  readonly nonceWindowMs?: number;
  /** The clock of the nonce window (tests move it forward). */
  readonly now?: () => number;
  /** Serve the sandbox page at `/` and its API under `/sandbox/api` (default true). */
  readonly sandbox?: boolean;
  /** Extra HTTP routes, tried after the API and the sandbox. */
  readonly extraRoutes?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> | boolean;
}

interface Fault {
  readonly method: string;
  readonly pattern: RegExp;
  readonly status: 500 | 429;
  remaining: number;
  readonly retryAfter: number;
}

/**
 * Starts a local Discord (REST v10 under `/api/v10` and the gateway on one loopback port) that an
 * unchanged discord.js 14 client can log in to. Payloads past Discord's documented limits are refused
 * with Discord's status, code and error tree (see validate.ts). See shared/LOCAL-DISCORD-NOTES.md for
 * the wire facts.
 */
export async function startLocalDiscord(opts: LocalDiscordOptions = {}): Promise<LocalDiscord> {
  const shards = opts.shards ?? 1;
  const botToken = opts.botToken ?? 'local.turnkeeper.token';
  const answerTimeoutMs = opts.answerTimeoutMs ?? 10_000;
  const applicationId = opts.applicationId ?? new SnowflakeGenerator(2n, 2n).next(Date.now() - 86_400_000);
  const world = new World(applicationId);
  for (const name of opts.users ?? ['alice', 'bob', 'carol', 'dave']) world.addUser(name);
  const firstUser = [...world.users.values()].find((u) => !u.bot) ?? world.bot;
  const guild = world.addGuild(opts.guildName ?? 'Turnkeeper Sandbox', world.ids.nextForShard(0, shards), firstUser.id);
  const gamesChannel = [...world.channels.values()].find((c) => c.guildId === guild.id);
  if (!gamesChannel) throw new Error('local Discord: default channel missing');
  const gateway = new Gateway(world, shards, botToken);
  const relay = messageRelay(world, gateway);
  const interactions = new Interactions(world, gateway, relay, {
    ackTimeoutMs: opts.ackTimeoutMs ?? 3_000,
    answerTimeoutMs,
    graceMs: opts.deferredUpdateGraceMs ?? 1_000,
    quietMs: opts.quietMs ?? 40,
  });
  const route = createRestRoutes({ world, gateway, relay, interactions, shards, owner: firstUser, ...(opts.nonceWindowMs !== undefined ? { nonceWindowMs: opts.nonceWindowMs } : {}), ...(opts.now ? { now: opts.now } : {}) });
  const calls: RestCall[] = [];
  const faults: Fault[] = [];

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
      const attachment = world.uploads.get(att[2] ?? '') ?? [...world.messages.values()].flatMap((m) => m.attachments).find((a) => a.id === att[2]);
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
    const record = (status: number, error?: unknown) =>
      calls.push({ method, path: decodeURIComponent(path), query: reqUrl.search, status, body, files: files.map((f) => f.name), at: Date.now(), ...(error === undefined ? {} : { error }) });
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
        record(error.status, error.body);
        return send(res, error.status, error.body);
      }
      record(500);
      throw error;
    }
  }

  function slashData(channel: LocalChannel, input: SlashInput, autocomplete: boolean, files: readonly SlashFile[] = []) {
    const commands = world.commandsFor(channel.guildId);
    if (typeof input === 'string') {
      const sent = new Map<string, string>();
      const parsed = parseCommandLine(input, commands, {
        user: (ref) => world.findUser(ref)?.id,
        channel: (ref) => world.findChannel(ref, channel.guildId)?.id,
        attachment: (ref) => {
          const file = files.find((f) => f.name === ref);
          if (!file) return undefined;
          const id = sent.get(ref) ?? world.addUpload(channel.id, file).id;
          sent.set(ref, id);
          return id;
        },
      }, { autocomplete });
      return { command: parsed.command, options: parsed.options, userIds: parsed.userIds, channelIds: parsed.channelIds, attachmentIds: parsed.attachmentIds };
    }
    const command = commands.find((c) => c.name === input.name) ?? raise(new Error(`local Discord: unknown command /${input.name}`));
    return { command, options: [...(input.options ?? [])], userIds: [] as string[], channelIds: [] as string[], attachmentIds: [] as string[] };
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
      if (c) channels[id] = { ...world.channelJson(c), permissions: RESOLVED_CHANNEL_PERMISSIONS };
    }
    const attachments: Record<string, unknown> = {};
    for (const id of parsed.attachmentIds) {
      const a = world.uploads.get(id);
      if (a) attachments[id] = { id, filename: a.filename, size: a.size, url: a.url, proxy_url: a.url, content_type: a.contentType };
    }
    const resolved = parsed.userIds.length + parsed.channelIds.length + parsed.attachmentIds.length > 0 ? { resolved: { users, members, channels, attachments } } : {};
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
    async slash(userRef, channelId, input, files = []) {
      const user = world.user(userRef);
      const channel = world.channel(channelId);
      const parsed = slashData(channel, input, false, files);
      const summary = typeof input === 'string' ? input : `/${input.name}`;
      return interactions.interact(2, user, channel, commandPayload(channel, parsed), summary, null);
    },
    async autocomplete(userRef, channelId, partial) {
      const user = world.user(userRef);
      const channel = world.channel(channelId);
      const parsed = slashData(channel, partial, true);
      const handle = await interactions.interact(4, user, channel, commandPayload(channel, parsed), `autocomplete ${partial}`, null);
      return [...handle.choices];
    },
    async click(userRef, messageId, customId) {
      const { user, message, component, channel } = componentTarget(userRef, messageId, customId);
      if (component.type !== 2) throw new Error(`local Discord: component "${customId}" is not a button`);
      return interactions.interact(3, user, channel, { custom_id: customId, component_type: 2 }, `button ${String(component.label ?? customId)}`, message);
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
      return interactions.interact(3, user, channel, { custom_id: customId, component_type: type, values: [...values] }, `select ${customId}=${values.join(',')}`, message);
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
    setBotPermission: (name, allowed, guildId) => {
      const g = world.guilds.get(guildId ?? guild.id);
      const bit = PERMISSION_BITS[name];
      if (!g || bit === undefined) throw new Error(`local Discord: no guild ${guildId ?? guild.id} or permission ${name}`);
      g.botPermissions = allowed ? g.botPermissions | bit : g.botPermissions & ~bit;
    },
    setForums: (allowed, guildId) => {
      const g = world.guilds.get(guildId ?? guild.id);
      if (!g) throw new Error(`local Discord: no guild ${guildId ?? guild.id}`);
      g.forums = allowed;
    },
    failRoute: (method, pattern, o) => {
      const regex = typeof pattern === 'string' ? new RegExp('^' + pattern.split(/(:\w+|\*)/).map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('') + '$') : pattern;
      faults.push({ method: method.toUpperCase(), pattern: regex, status: o.status, remaining: o.times ?? 1, retryAfter: o.retryAfter ?? 0.05 });
    },
    dropGateway: (shard = 0) => gateway.drop(shard),
    answeredBy: (signal) => interactions.answeredBy(signal),
    waitForBot: (guildId, timeoutMs = answerTimeoutMs) => gateway.waitForShard(gateway.shardFor(guildId ?? guild.id), timeoutMs),
    async close() {
      interactions.close();
      gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  if (opts.sandbox !== false) sandbox = createSandboxHandler(discord);
  return discord;
}
