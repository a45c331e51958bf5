import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fromRoot } from '../../ops/paths.ts';
import type { LocalDiscord } from '../discord/api.ts';
import { ChannelKind, type LocalChannel, type LocalEvent, type LocalMessage } from '../discord/types.ts';

const STATIC: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/sandbox/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/sandbox/style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
};
const WEB_DIR = fromRoot('src', 'local', 'web');
const LOCALES_DIR = fromRoot('src', 'i18n', 'locales');

/** The sandbox page's view of one message: what a Discord client would draw for `forUser`. */
export interface SandboxMessage {
  readonly id: string;
  readonly author: { id: string; name: string; bot: boolean };
  readonly content: string;
  readonly embeds: unknown[];
  readonly components: unknown[];
  readonly attachments: { id: string; filename: string; url: string; contentType: string; size: number }[];
  readonly ephemeral: boolean;
  readonly loading: boolean;
  readonly edited: boolean;
  readonly timestamp: string;
}

/**
 * Serves the developer sandbox (`/`) and its small JSON API under `/sandbox/api/…`: a state snapshot,
 * messages as a user sees them, send a command line, click, select, autocomplete, add a user, and
 * Server-Sent Events for live updates.
 */
export function createSandboxHandler(discord: LocalDiscord): (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> {
  const world = discord.world;

  const channelView = (c: LocalChannel) => ({ id: c.id, name: c.name, type: c.type, parentId: c.parentId, archived: c.archived });
  const messageView = (m: LocalMessage): SandboxMessage => {
    const author = world.users.get(m.authorId);
    return {
      id: m.id,
      author: { id: m.authorId, name: author?.name ?? 'unknown', bot: author?.bot ?? false },
      content: m.content,
      embeds: m.embeds,
      components: m.components,
      attachments: m.attachments.map((a) => ({ id: a.id, filename: a.filename, url: a.url, contentType: a.contentType, size: a.size })),
      ephemeral: m.ephemeralFor !== null,
      loading: (m.flags & 128) !== 0,
      edited: m.editedTimestamp !== null,
      timestamp: m.timestamp,
    };
  };

  const snapshot = (userRef: string | null) => {
    const me = userRef ? world.findUser(userRef) : discord.users()[0];
    return {
      me: me ? { id: me.id, name: me.name, locale: me.locale } : null,
      bot: { id: world.bot.id, name: world.bot.name },
      users: discord.users().map((u) => ({ id: u.id, name: u.name, locale: u.locale, refusesDms: u.refusesDms })),
      guilds: discord.guilds().map((g) => ({
        id: g.id,
        name: g.name,
        channels: [...world.channels.values()]
          .filter((c) => c.guildId === g.id && (c.type === ChannelKind.text || c.type === ChannelKind.forum))
          .map((c) => ({ ...channelView(c), threads: [...world.channels.values()].filter((t) => t.parentId === c.id).map(channelView) })),
      })),
      dmChannelId: me ? (world.findDmChannel(me.id)?.id ?? null) : null,
      commands: discord.commands(),
      defaultChannelId: discord.channelId,
      seq: world.seq,
    };
  };

  return async (req, res, url) => {
    const page = STATIC[url.pathname];
    if (req.method === 'GET' && page) {
      const body = await readFile(path.join(WEB_DIR, page.file));
      res.writeHead(200, { 'content-type': page.type, 'cache-control': 'no-store' });
      res.end(body);
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return true;
    }
    if (!url.pathname.startsWith('/sandbox/api/')) return false;
    const route = `${req.method ?? 'GET'} ${url.pathname.slice('/sandbox/api'.length)}`;
    const json = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(text);
      return true;
    };
    const input = async (): Promise<Record<string, unknown>> => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      return chunks.length === 0 ? {} : (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
    };
    const attempt = async (run: () => Promise<unknown>) => {
      try {
        return json(200, { ok: true, ...((await run()) as object) });
      } catch (error) {
        return json(200, { ok: false, error: error instanceof Error ? error.message : String(error) });
      }
    };
    switch (route) {
      case 'GET /state':
        return json(200, snapshot(url.searchParams.get('user')));
      case 'GET /messages': {
        const user = url.searchParams.get('user') ?? undefined;
        const channel = url.searchParams.get('channel') ?? discord.channelId;
        const list = discord.messages(channel, user ? { forUser: user } : {}).slice(-200);
        return json(200, { channelId: channel, messages: list.map(messageView) });
      }
      case 'GET /strings': {
        const lang = url.searchParams.get('lang') === 'es' ? 'es' : 'en';
        try {
          return json(200, JSON.parse(await readFile(path.join(LOCALES_DIR, lang, 'local.json'), 'utf8')));
        } catch {
          return json(200, {});
        }
      }
      case 'GET /events': {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        res.write(`retry: 1000\n\n`);
        const off = discord.onEvent((event) => res.write(`data: ${JSON.stringify(eventView(event))}\n\n`));
        const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
        req.on('close', () => {
          off();
          clearInterval(ping);
        });
        return true;
      }
      case 'POST /command': {
        const body = await input();
        return attempt(async () => {
          const handle = await discord.slash(String(body.user), String(body.channelId), String(body.line));
          return { callbackType: handle.callbackType, replyId: handle.reply?.id ?? null };
        });
      }
      case 'POST /autocomplete': {
        const body = await input();
        return attempt(async () => ({ choices: await discord.autocomplete(String(body.user), String(body.channelId), String(body.line)) }));
      }
      case 'POST /click': {
        const body = await input();
        return attempt(async () => {
          const handle = await discord.click(String(body.user), String(body.messageId), String(body.customId));
          return { callbackType: handle.callbackType };
        });
      }
      case 'POST /select': {
        const body = await input();
        return attempt(async () => {
          const values = Array.isArray(body.values) ? body.values.map(String) : [];
          const handle = await discord.select(String(body.user), String(body.messageId), String(body.customId), values);
          return { callbackType: handle.callbackType };
        });
      }
      case 'POST /users': {
        const body = await input();
        return attempt(async () => {
          const user = discord.addUser(String(body.name ?? '').trim().toLowerCase(), typeof body.locale === 'string' ? { locale: body.locale } : {});
          return { user: { id: user.id, name: user.name } };
        });
      }
      case 'POST /locale': {
        const body = await input();
        return attempt(async () => {
          discord.setLocale(String(body.user), String(body.locale));
          return {};
        });
      }
      case 'POST /dms': {
        const body = await input();
        return attempt(async () => {
          discord.refuseDms(String(body.user), body.refuse === true);
          return {};
        });
      }
      default:
        return json(404, { ok: false, error: `no sandbox route ${route}` });
    }
  };
}

function eventView(event: LocalEvent): Record<string, unknown> {
  switch (event.type) {
    case 'messageCreate':
    case 'messageUpdate':
    case 'messageDelete':
      return { type: event.type, seq: event.seq, channelId: event.message.channelId, messageId: event.message.id, ephemeralFor: event.message.ephemeralFor };
    case 'channelCreate':
      return { type: event.type, seq: event.seq, channelId: event.channel.id, parentId: event.channel.parentId, kind: event.channel.type };
    case 'interaction':
      return { type: event.type, seq: event.seq, userId: event.userId, summary: event.summary };
    default:
      return { type: event.type, seq: event.seq };
  }
}
