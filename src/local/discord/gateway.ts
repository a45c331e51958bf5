import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { shardOf } from './snowflake.ts';
import type { ApiObject } from './types.ts';
import type { World } from './world.ts';

/** Gateway opcodes. @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-opcodes */
const Op = { dispatch: 0, heartbeat: 1, identify: 2, resume: 6, requestMembers: 8, invalidSession: 9, hello: 10, ack: 11 } as const;

/** Gateway intents that gate the events sent here. @see https://discord.com/developers/docs/events/gateway#gateway-intents */
const Intent = { guilds: 1 << 0, guildMembers: 1 << 1, guildMessages: 1 << 9, directMessages: 1 << 12 } as const;

interface Session {
  readonly id: string;
  readonly shard: number;
  readonly intents: number;
  socket: WebSocket | null;
  seq: number;
  /** Dispatches kept for RESUME replay (the newest few hundred). */
  readonly sent: { seq: number; frame: string }[];
  ready: boolean;
}

/** The gateway of the local Discord: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME, member chunks. */
export class Gateway {
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #sessions = new Map<string, Session>();
  readonly #waiters = new Set<() => void>();
  url = 'ws://127.0.0.1';

  constructor(private readonly world: World, readonly shards: number, private readonly botToken: string) {
    this.#wss.on('connection', (socket) => this.#accept(socket));
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#wss.emit('connection', ws, req));
  }

  /** The live session of a shard, if a bot identified on it. */
  session(shard: number): Session | undefined {
    let found: Session | undefined;
    for (const s of this.#sessions.values()) if (s.shard === shard && s.ready) found = s;
    return found;
  }

  shardFor(guildId: string | null): number {
    return guildId ? shardOf(guildId, this.shards) : 0;
  }

  /** Resolves once a session for `shard` is ready, or rejects after `timeoutMs`. */
  async waitForShard(shard: number, timeoutMs: number): Promise<void> {
    if (this.session(shard)?.socket) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`local Discord: no bot connected on gateway shard ${shard} within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (this.session(shard)?.socket) {
          clearTimeout(timer);
          this.#waiters.delete(check);
          resolve();
        }
      };
      this.#waiters.add(check);
    });
  }

  get connected(): boolean {
    return [...this.#sessions.values()].some((s) => s.socket !== null);
  }

  /** Sends a dispatch to the shard owning `guildId` (DMs travel on shard 0), buffering it while the shard resumes. */
  dispatch(guildId: string | null, event: string, data: ApiObject, needs?: keyof typeof Intent): void {
    const session = this.session(this.shardFor(guildId));
    if (!session) return;
    if (needs && (session.intents & Intent[needs]) === 0) return;
    this.#send(session, event, data);
  }

  /** Closes a shard's socket abnormally; discord.js must RESUME. */
  drop(shard: number): void {
    const session = this.session(shard);
    if (!session?.socket) throw new Error(`local Discord: shard ${shard} has no open connection to drop`);
    const socket = session.socket;
    session.socket = null;
    socket.close(4000, 'dropped by the local Discord');
  }

  close(): void {
    for (const client of this.#wss.clients) client.terminate();
    this.#wss.close();
  }

  #send(session: Session, event: string, data: ApiObject): void {
    session.seq += 1;
    const frame = JSON.stringify({ op: Op.dispatch, t: event, s: session.seq, d: data });
    session.sent.push({ seq: session.seq, frame });
    if (session.sent.length > 500) session.sent.shift();
    session.socket?.send(frame);
  }

  #accept(socket: WebSocket): void {
    let session: Session | null = null;
    socket.send(JSON.stringify({ op: Op.hello, d: { heartbeat_interval: 41_250 }, s: null, t: null }));
    socket.on('close', () => {
      if (session?.socket === socket) session.socket = null;
    });
    socket.on('message', (raw) => {
      let payload: { op: number; d: Record<string, unknown> | null };
      try {
        payload = JSON.parse(String(raw)) as typeof payload;
      } catch {
        socket.close(4002, 'Error while decoding payload');
        return;
      }
      const d = payload.d ?? {};
      switch (payload.op) {
        case Op.heartbeat:
          socket.send(JSON.stringify({ op: Op.ack, d: null, s: null, t: null }));
          return;
        case Op.identify: {
          if (String(d.token).replace(/^Bot /, '') !== this.botToken) {
            socket.close(4004, 'Authentication failed');
            return;
          }
          const [shard, count] = (d.shard as [number, number] | undefined) ?? [0, 1];
          if (count !== this.shards || shard >= count) {
            socket.close(4010, 'Invalid shard');
            return;
          }
          for (const [id, old] of this.#sessions) if (old.shard === shard) this.#sessions.delete(id);
          session = { id: randomBytes(16).toString('hex'), shard, intents: Number(d.intents ?? 0), socket, seq: 0, sent: [], ready: true };
          this.#sessions.set(session.id, session);
          this.#ready(session);
          return;
        }
        case Op.resume: {
          const found = this.#sessions.get(String(d.session_id));
          if (!found || String(d.token).replace(/^Bot /, '') !== this.botToken) {
            socket.send(JSON.stringify({ op: Op.invalidSession, d: false, s: null, t: null }));
            return;
          }
          session = found;
          found.socket = socket;
          const from = Number(d.seq ?? 0);
          for (const sent of found.sent) if (sent.seq > from) socket.send(sent.frame);
          this.#send(found, 'RESUMED', {});
          this.#wake();
          return;
        }
        case Op.requestMembers: {
          if (!session) return;
          const guild = this.world.guilds.get(String(d.guild_id));
          if (!guild) return;
          const wanted = Array.isArray(d.user_ids) ? (d.user_ids as string[]).map(String) : null;
          const query = typeof d.query === 'string' ? d.query.toLowerCase() : '';
          const members = guild.memberIds
            .flatMap((id) => {
              const user = this.world.users.get(id);
              return user ? [user] : [];
            })
            .filter((u) => (wanted ? wanted.includes(u.id) : u.name.toLowerCase().startsWith(query)))
            .map((u) => this.world.memberJson(guild, u));
          this.#send(session, 'GUILD_MEMBERS_CHUNK', {
            guild_id: guild.id,
            members,
            chunk_index: 0,
            chunk_count: 1,
            not_found: [],
            ...(d.nonce !== undefined ? { nonce: d.nonce } : {}),
          });
          return;
        }
        default:
          return;
      }
    });
  }

  #ready(session: Session): void {
    const guilds = [...this.world.guilds.values()].filter((g) => shardOf(g.id, this.shards) === session.shard);
    this.#send(session, 'READY', {
      v: 10,
      user: { ...this.world.userJson(this.world.bot), verified: true, mfa_enabled: false },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.url,
      shard: [session.shard, this.shards],
      application: { id: this.world.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
    });
    for (const guild of guilds) this.#send(session, 'GUILD_CREATE', this.world.guildCreateJson(guild));
    this.#wake();
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}
