import { randomBytes } from 'node:crypto';
import type { Gateway } from './gateway.ts';
import { HttpError, notFound, raise, refuseIf } from './http.ts';
import type { MessageRelay } from './relay.ts';
import type { ApiObject, Choice, InteractionHandle, LocalChannel, LocalMessage, LocalUser } from './types.ts';
import { validateCallback, validateMessage } from './validate.ts';
import type { UploadedFile, World } from './world.ts';
import { ATTACHMENT_BYTES_MAX } from '../../discord/limits.ts';

/** How long Discord waits for each step of an answer, and how long a handle waits for trailing follow-ups. */
export interface InteractionTimings {
  readonly ackTimeoutMs: number;
  readonly answerTimeoutMs: number;
  readonly graceMs: number;
  readonly quietMs: number;
}

interface Pending {
  readonly id: string;
  readonly token: string;
  readonly type: number;
  readonly userId: string;
  readonly channelId: string;
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
  /** Why Discord refused the bot's last callback, told if the interaction then goes unanswered. */
  refused: string | null;
  /** The answer is complete; resolves after a short quiet spell so trailing follow-ups are included. */
  finish: (error?: Error) => void;
  /** Activity on the interaction's webhook postpones a scheduled resolve. */
  touch: () => void;
}

const describeRefusal = (error: unknown): string =>
  error instanceof HttpError ? `${String(error.body.code)} ${String(error.body.message)}${error.body.errors ? ` ${JSON.stringify(error.body.errors)}` : ''}` : String(error);

/**
 * Interactions of the local Discord: INTERACTION_CREATE to the bot, its callback (types 4–9), and the
 * webhook it answers through (follow-ups, `@original`), each payload checked against Discord's limits.
 */
export class Interactions {
  readonly #pending = new Map<string, Pending>();
  readonly #byToken = new Map<string, Pending>();
  #answered: ((interactionId: string) => Promise<void>) | null = null;

  constructor(
    private readonly world: World,
    private readonly gateway: Gateway,
    private readonly relay: MessageRelay,
    private readonly timings: InteractionTimings,
  ) {}

  /** The bot's own "answered" signal, waited for instead of the quiet spell and the deferred-update grace. */
  answeredBy(signal: ((interactionId: string) => Promise<void>) | null): void {
    this.#answered = signal;
  }

  /** Sends an interaction to the bot and resolves once it has answered it completely. */
  async interact(type: number, user: LocalUser, channel: LocalChannel, data: ApiObject, summary: string, sourceMessage: LocalMessage | null): Promise<InteractionHandle> {
    const { world, gateway } = this;
    const { ackTimeoutMs, answerTimeoutMs, quietMs } = this.timings;
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
    let settling = false;
    let quietTimer: NodeJS.Timeout | undefined;
    const p: Pending = {
      id,
      token,
      type,
      userId: user.id,
      channelId: channel.id,
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
      refused: null,
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
        const signal = this.#answered;
        // The bot says when its handler is done; else Node clamps a 0 ms timer to 1 ms, so no quiet period settles now.
        if (signal) void signal(id).then(settle, settle);
        else if (quietMs === 0) settle();
        else quietTimer = setTimeout(settle, quietMs);
      },
      touch: () => {
        if (settling && !p.finished) p.finish();
      },
    };
    const ackTimer = setTimeout(() => {
      if (p.callbackType !== null) return;
      p.expired = true;
      const refused = p.refused ? `; Discord refused its answer: ${p.refused}` : '';
      p.finish(new Error(`local Discord: the bot did not acknowledge ${summary} (interaction ${id}) within ${ackTimeoutMs} ms; Discord would show "The application did not respond"${refused}`));
    }, ackTimeoutMs);
    const answerTimer = setTimeout(() => {
      const refused = p.refused ? `; Discord refused: ${p.refused}` : '';
      p.finish(new Error(`local Discord: the bot did not finish answering ${summary} within ${answerTimeoutMs} ms (callback type ${p.callbackType ?? 'none'}${p.callbackType === 5 ? ', deferred but @original never edited' : ''})${refused}`));
    }, answerTimeoutMs);
    this.#pending.set(id, p);
    this.#byToken.set(token, p);
    const payload: ApiObject = {
      id,
      application_id: world.applicationId,
      type,
      token,
      version: 1,
      channel_id: channel.id,
      channel: world.channelJson(channel),
      app_permissions: guildOf ? world.permissionsOf(guildOf, world.bot.id) : '0',
      locale: user.locale,
      entitlements: [],
      attachment_size_limit: ATTACHMENT_BYTES_MAX,
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
    return this.#handleOf(p);
  }

  /** `POST /interactions/:id/:token/callback`. */
  callback(id: string, token: string, body: ApiObject, files: UploadedFile[], withResponse: boolean): [number, unknown] {
    const it = this.#pending.get(id);
    if (!it || it.token !== token) raise(notFound('interaction', 10062));
    const p = it as Pending;
    if (p.expired) raise(notFound('interaction', 10062));
    if (p.callbackType !== null) raise(new HttpError(400, { message: 'Interaction has already been acknowledged.', code: 40060 }));
    try {
      refuseIf(validateCallback(body, files));
    } catch (error) {
      p.refused = describeRefusal(error);
      throw error;
    }
    const { world, relay } = this;
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
        relay.created(message);
        if (type === 4) p.finish();
        break;
      }
      case 6:
        p.originalId = p.sourceMessageId;
        if (p.type === 2 || p.type === 4 || this.#answered) p.finish();
        else setTimeout(() => p.finish(), this.timings.graceMs).unref();
        break;
      case 7: {
        const source = p.sourceMessageId ? world.messages.get(p.sourceMessageId) : undefined;
        if (!source) raise(new HttpError(400, { message: 'Interaction has no message to update', code: 50035 }));
        p.originalId = (source as LocalMessage).id;
        world.editMessage(source as LocalMessage, data, files);
        relay.updated(source as LocalMessage);
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

  /** `/webhooks/:app/:token` (follow-ups) and `/webhooks/:app/:token/messages/:id|@original`. */
  webhook(method: string, token: string, messageRef: string | null, body: ApiObject, files: UploadedFile[], query: URLSearchParams): [number, unknown] {
    const { world, relay } = this;
    const p = this.#byToken.get(token) ?? raise(notFound('Webhook', 10015));
    p.touch();
    if (messageRef === null) {
      if (method !== 'POST') raise(new HttpError(405, { message: '405: Method Not Allowed', code: 0 }));
      if (p.callbackType === null) raise(notFound('Webhook', 10015));
      this.#check(p, validateMessage(body, files, { create: true }));
      const ephemeral = (Number(body.flags ?? 0) & 64) !== 0;
      const message = world.createMessage({ channelId: p.channelId, authorId: world.bot.id, payload: body, files, ephemeralFor: ephemeral ? p.userId : null, interactionId: p.id });
      p.followUpIds.push(message.id);
      relay.created(message);
      p.finish();
      return query.get('wait') === 'false' ? [204, null] : [200, world.messageJson(message)];
    }
    const id = messageRef === '@original' ? p.originalId : messageRef;
    const message = id ? world.messages.get(id) : undefined;
    if (!message || message.deleted) raise(notFound('Message', 10008));
    const msg = message as LocalMessage;
    if (method === 'GET') return [200, world.messageJson(msg)];
    if (method === 'PATCH') {
      this.#check(p, validateMessage(body, files, { create: false }));
      world.editMessage(msg, body, files);
      relay.updated(msg);
      if (messageRef === '@original') p.finish();
      return [200, world.messageJson(msg)];
    }
    if (method === 'DELETE') {
      world.deleteMessage(msg);
      relay.deleted(msg);
      p.finish();
      return [204, null];
    }
    throw new HttpError(405, { message: '405: Method Not Allowed', code: 0 });
  }

  /** Fails every interaction still waiting for its answer. */
  close(): void {
    for (const p of this.#pending.values()) p.finish(new Error('local Discord closed'));
  }

  #check(p: Pending, refusal: Parameters<typeof refuseIf>[0]): void {
    if (!refusal) return;
    p.refused = describeRefusal(new HttpError(refusal.status, refusal.body));
    refuseIf(refusal);
  }

  #handleOf(p: Pending): InteractionHandle {
    const world = this.world;
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
}
