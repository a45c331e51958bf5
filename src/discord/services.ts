import { isDatabaseUnavailable, type App, type Campaigns, type CommandResult as AppCommandResult, type GameStatusView, type PackPin } from '../app/index.ts';
import type { Schedule } from '../app/schedule.ts';
import { ok, ownValue, reject, type GameModule, type Json, type Rejection, type Result } from '../core/index.ts';
import type { Answer, CommandResult } from './reply.ts';
import type { CustomId } from './custom-id.ts';
import { encodeCustomId } from './custom-id.ts';
import { pickLanguage, t, type Language } from '../i18n/index.ts';
import { altText, formatEvents, humanParams, lineText, type PackText } from './present.ts';
import type { Logger } from '../ops/logger.ts';
import { hasRenderer, renderPicture, type RenderPack } from '../render/host.ts';

/** The games this bot offers, with their packs' texts. */
export interface Catalog {
  readonly modules: Readonly<Record<string, GameModule<any, any, any>>>;
  /**
   * Text of a pack key (entries, cards) in a language, for events that carry `textKey`: from the pack the
   * game is pinned to (id, version and hash; its server's upload too), never another version of it.
   */
  packText(pin: PackPin): Promise<PackText | undefined>;
  /** The pinned pack as the table picture draws it (named by its hash, so no other version is used). */
  renderPack(pin: PackPin): Promise<RenderPack | undefined>;
}

/** Where a message the bot posted is, so it can be edited later. */
export interface MessageRef {
  readonly channelId: string;
  readonly messageId: string;
}

export interface ButtonContext {
  readonly lang: Language;
  readonly actor: { readonly userId: string; readonly userName: string; readonly locale: string };
  readonly place: { readonly guildId: string; readonly channelId: string; readonly threadId: string | null; readonly parentId: string | null };
  /** The message the clicked button is on. */
  readonly message?: MessageRef;
}

/** A line put above a result's events, as a text code rendered in the game's language. */
export interface ResultHeader {
  readonly code: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** What command modules and the router may use besides the interaction itself. */
export interface Services {
  readonly app: App;
  readonly campaigns?: Campaigns;
  /** Reminders, deadlines, absences and host controls (issue 5); absent when no scheduler runs. */
  readonly schedule?: Schedule;
  readonly catalog: Catalog;
  /** `seed:` in `/game new` is honoured (local sandbox, or ALLOW_SEED). */
  readonly allowSeed: boolean;
  /** `RULES_URL`: where `/help` links each game's rules (src/games/<game>/README.md there). */
  readonly rulesUrl?: string;
  /**
   * Opens a public thread under a text channel, or a post in a forum channel (whose starter message is
   * `starter`, the name when none), and returns its id.
   */
  createThread(channelId: string, name: string, starter?: string): Promise<string>;
  /**
   * Opens a forum channel beside a text channel (same category) and returns its id; null where the bot may
   * not (no Manage Channels, no forum channels in that server), so the caller falls back to a thread.
   */
  createForum(channelId: string, name: string): Promise<string | null>;
  /** Archives a thread or unarchives it; never throws (logged instead). */
  setArchived(threadId: string, archived: boolean): Promise<void>;
  /** Deletes a thread the bot opened for a game that was then refused; never throws (logged instead). */
  removeThread(threadId: string): Promise<void>;
  /** Posts a game's lobby card (Join, Start) in its thread and remembers it, so start or abandon can close it. */
  postLobbyCard(threadId: string, gameId: string, answer: Answer): Promise<void>;
  /**
   * Edits the lobby card into a notice without buttons once the game started or was abandoned: the card
   * whose button was clicked, else the one this process posted (a card posted before a restart keeps its
   * buttons, and their clicks are refused with the reason). Never throws: the card is cosmetic.
   */
  closeLobbyCard(gameId: string, outcome: 'started' | 'abandoned', card?: MessageRef): Promise<void>;
  /** The game played in this place: the thread's game. */
  gameHere(place: ButtonContext['place']): Promise<Result<GameStatusView, Rejection>>;
  /** Only which game the thread hosts (never stale): for commands whose write checks the rest. */
  gameInThread(place: ButtonContext['place']): Promise<Result<{ gameId: string; gameType: string }, Rejection>>;
  /** The answer to a play/undo/start, in the game's language: public events, then who is awaited, with prompt buttons. */
  presentResult(result: AppCommandResult, header?: ResultHeader): Promise<Answer>;
  /** The answer to a start, the same from `/game start` and the Start button: how many play, each mentioned. */
  presentStart(result: AppCommandResult): Promise<Answer>;
  button(ctx: ButtonContext, id: CustomId, nonce: string): Promise<CommandResult>;
  /** The user's private information in a game, always re-rendered from state (ephemeral). */
  secrets(lang: Language, gameId: string, userId: string): Promise<CommandResult>;
  /**
   * The table picture of a game as it stands (its sheets folded in), drawn from the public view, with
   * the table in words as its alt text; none before start.
   */
  tablePicture(game: GameStatusView, lang: Language): Promise<readonly { name: string; data: Buffer; description: string }[]>;
  /**
   * One seat's private picture (`GameModule.privately`): the game's table renderer drawing that seat's own
   * view, for that player's DM only; its alt text is the public table's, so it says nothing secret.
   */
  seatPicture(game: GameStatusView, seatView: Json, lang: Language, seat?: number): Promise<readonly { name: string; data: Buffer; description: string }[]>;
  /** A rejection's text; `…Key` parameters become pack text and seats become names, for the game played here. */
  rejectionText(lang: Language, rejection: Rejection, place: ButtonContext['place']): Promise<string>;
  /** True for errors that mean the database is unreachable (answered with "try again shortly"). */
  isUnavailable(error: unknown): boolean;
}

/** One picture to draw: `key` names what it shows (`<gameId>:table`, or `<gameId>:seat:<index>` for a seat's own view). */
export interface PictureRequest {
  readonly gameType: string;
  readonly view: unknown;
  readonly locale: Language;
  readonly pack?: RenderPack;
  readonly key: string;
}

/** Draws a picture as PNG bytes (default: the render host's `renderPicture`). */
export type DrawPicture = (request: PictureRequest) => Promise<Buffer>;

const drawWithHost: DrawPicture = (r) => renderPicture(r.gameType, r.view, r.locale, r.pack);

export interface ServicesDeps {
  readonly app: App;
  /** Where pictures are drawn; the local stack's transcripts may stand in for the ones nobody looks at. */
  readonly drawPicture?: DrawPicture;
  readonly campaigns?: Campaigns;
  readonly schedule?: Schedule;
  readonly catalog: Catalog;
  readonly allowSeed: boolean;
  /** `RULES_URL`: where `/help` links each game's rules (src/games/<game>/README.md there). */
  readonly rulesUrl?: string;
  readonly createThread: Services['createThread'];
  /** Creates a forum channel; absent where forums are not offered (then campaigns use threads). */
  readonly createForum?: Services['createForum'];
  /** Archives or unarchives a thread; may throw. */
  readonly setArchived?: (threadId: string, archived: boolean) => Promise<void>;
  /** Deletes a thread; may throw (no permission, already gone). */
  readonly deleteThread: (threadId: string) => Promise<void>;
  /** Posts a message in a thread or channel outside any interaction. */
  readonly postToThread: (channelId: string, answer: Answer) => Promise<MessageRef>;
  /** Replaces a posted message's text and buttons. */
  readonly editMessage: (message: MessageRef, answer: Answer) => Promise<void>;
  readonly logger?: Logger;
}

/** Lobby cards this process remembers; the oldest are forgotten first. */
const REMEMBERED = 10_000;

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED) map.delete(map.keys().next().value as string);
  return value;
}

/** Buttons that may be pressed in a DM: each acts on the presser's own seat only. */
const DM_KINDS: ReadonlySet<CustomId['kind']> = new Set(['mute', 'secrets', 'prompt', 'legal']);

/** Buttons drawn for one moment of play: once the game has ended, their choice has passed. */
const CHOICES: ReadonlySet<CustomId['kind']> = new Set(['prompt', 'legal', 'mute']);

const UNAVAILABLE = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|terminat|Connection|P1001|P1017|P2024|closed/i;

/** Builds the services over the application; pure formatting lives in `present.ts`. */
export function createServices(deps: ServicesDeps): Services {
  const { app, catalog } = deps;
  const draw = deps.drawPicture ?? drawWithHost;
  const lobbyCards = new Map<string, MessageRef>();

  async function gameHere(place: ButtonContext['place']): Promise<Result<GameStatusView, Rejection>> {
    if (!place.threadId) return reject('core.game.notInThread');
    return app.statusByThread(place.threadId);
  }

  async function postLobbyCard(threadId: string, gameId: string, answer: Answer): Promise<void> {
    remember(lobbyCards, gameId, await deps.postToThread(threadId, answer));
  }

  async function closeLobbyCard(gameId: string, outcome: 'started' | 'abandoned', card?: MessageRef): Promise<void> {
    const ref = card ?? lobbyCards.get(gameId);
    lobbyCards.delete(gameId);
    if (!ref) return;
    try {
      const status = await app.status(gameId);
      if (!status.ok) return;
      const lang = pickLanguage(status.value.locale);
      const code = outcome === 'started' ? 'commands.replies.lobbyCard.started' : 'commands.replies.lobbyCard.abandoned';
      const content = t(lang, code, { host: `<@${status.value.hostUserId}>`, game: t(lang, `commands.games.${status.value.gameType}`) });
      await deps.editMessage(ref, { visibility: 'public', content, buttons: [] });
    } catch (error) {
      deps.logger?.warn({ err: error, gameId }, 'lobby card not closed');
    }
  }

  async function gameInThread(place: ButtonContext['place']): Promise<Result<{ gameId: string; gameType: string }, Rejection>> {
    if (!place.threadId) return reject('core.game.notInThread');
    return app.gameInThread(place.threadId);
  }

  async function presentResult(result: AppCommandResult, header?: ResultHeader): Promise<Answer> {
    const lang = pickLanguage(result.locale);
    const names = result.seats.map((s) => s.userName);
    const users = result.seats.map((s) => s.userId);
    const packText = await catalog.packText(result);
    const lines: string[] = [];
    if (header) lines.push(t(lang, header.code, header.params));
    const events = formatEvents(result.events, lang, names, packText, users);
    if (events) lines.push(events);
    if (result.phase.phase !== 'playing') {
      lines.push(t(lang, `commands.replies.phase.${result.phase.phase}`));
    } else if (result.awaiting.seats.length > 0) {
      lines.push(t(lang, 'commands.replies.awaiting', { players: result.awaiting.seats.map((s) => `<@${s.userId}>`).join(', ') }));
    }
    // Names without pinging, and no buttons: the turn message holds the live ones (edited as the game moves).
    return { visibility: 'public', content: lines.join('\n'), buttons: [], mentions: [] };
  }

  function presentStart(result: AppCommandResult): Promise<Answer> {
    const players = result.seats.map((s) => `<@${s.userId}>`).join(', ');
    const events = result.events.map((e) => (e.code === 'core.game.started' ? { ...e, params: { ...e.params, players } } : e));
    return presentResult({ ...result, events });
  }

  /**
   * A button acts only on the game of the place it was pressed in: in a guild, the game its thread hosts;
   * in a DM (no guild), only the presser's own seat (`mute` names the seat, `prompt` and `legal` are
   * decided for the presser's seat, `secrets` reads the presser's own). A custom id naming another
   * game, pressed elsewhere, is refused before anything of that game is read or changed.
   */
  async function buttonPlace(ctx: ButtonContext, id: CustomId): Promise<Result<null, Rejection>> {
    if (ctx.place.guildId === '') {
      if (!DM_KINDS.has(id.kind)) return reject('core.button.elsewhere');
      const game = await app.status(id.gameId);
      const held = game.ok ? game.value.seats.filter((s) => s.userId === ctx.actor.userId) : [];
      if (held.length === 0 || (id.kind === 'mute' && !held.some((s) => s.seat === id.a))) return reject('core.button.elsewhere');
      return ok(null);
    }
    if (!ctx.place.threadId) return reject('core.button.elsewhere');
    const here = await app.gameInThread(ctx.place.threadId);
    return here.ok && here.value.gameId === id.gameId ? ok(null) : reject('core.button.elsewhere');
  }

  async function button(ctx: ButtonContext, id: CustomId, nonce: string): Promise<CommandResult> {
    const place = await buttonPlace(ctx, id);
    if (!place.ok) return place;
    const answer = await pressed(ctx, id, nonce);
    return !answer.ok && CHOICES.has(id.kind) && answer.error.code === 'core.game.notPlaying' ? reject('core.button.stale') : answer;
  }

  async function pressed(ctx: ButtonContext, id: CustomId, nonce: string): Promise<CommandResult> {
    const actor = ctx.actor;
    switch (id.kind) {
      case 'join': {
        const r = await app.join(id.gameId, actor);
        if (!r.ok) return r;
        return ok({ visibility: 'public', content: t(pickLanguage(r.value.locale), 'commands.replies.joined', { player: `<@${actor.userId}>`, seat: r.value.seats.length, count: r.value.seats.length, max: r.value.maxSeats }) });
      }
      case 'start': {
        const r = await app.start(id.gameId, actor);
        if (!r.ok) return r;
        const [answer] = await Promise.all([presentStart(r.value), closeLobbyCard(id.gameId, 'started', ctx.message)]);
        return ok(answer);
      }
      case 'secrets':
        return secrets(ctx.lang, id.gameId, actor.userId);
      case 'prompt': {
        const r = await app.playPrompt(id.gameId, actor, { seq: id.seq, a: id.a, b: id.b }, nonce, ctx.place.guildId === '');
        if (!r.ok) return r;
        return ok(await presentResult(r.value));
      }
      case 'legal': {
        // Pressed in a DM (a private choice): its reply is seen by the presser alone, so the thread is told too.
        const r = await app.playLegal(id.gameId, actor, { seq: id.seq, index: id.a, seat: id.b }, nonce, ctx.place.guildId === '');
        if (!r.ok) return r;
        return ok(await presentResult(r.value));
      }
      case 'mute': {
        if (!deps.schedule) return reject('core.button.malformed');
        const r = await deps.schedule.mute(id.gameId, actor.userId, id.a, id.seq);
        return r.ok ? ok({ visibility: 'ephemeral', content: t(ctx.lang, 'schedule.mute.set') }) : r;
      }
      default:
        return reject('core.button.malformed');
    }
  }

  /** `/secrets`: what each seat the user holds keeps in secret, each under its seat's name when they hold several. */
  async function secrets(lang: Language, gameId: string, userId: string): Promise<CommandResult> {
    const status = await app.status(gameId);
    const held = status.ok ? status.value.seats.filter((s) => s.userId === userId) : [];
    if (held.length <= 1) return secretsOf(lang, gameId, userId, status, held[0]?.seat, false);
    const parts: string[] = [];
    for (const seat of held) {
      const part = await secretsOf(lang, gameId, userId, status, seat.seat, true);
      if (!part.ok) return part;
      parts.push(`**${t(lang, 'commands.replies.seatLabel', { seat: seat.seat + 1, name: seat.userName })}**\n${part.value.content ?? ''}`);
    }
    return ok({ visibility: 'ephemeral', content: parts.join('\n\n') });
  }

  async function secretsOf(lang: Language, gameId: string, userId: string, status: Awaited<ReturnType<typeof app.status>>, seat: number | undefined, labelled: boolean): Promise<Result<Answer, Rejection>> {
    const r = await app.secrets(gameId, userId, seat);
    if (!r.ok) return r;
    const events = r.value.events;
    const names = status.ok ? status.value.seats.map((s) => s.userName) : [];
    const packText = status.ok ? await catalog.packText(status.value) : undefined;
    const told = formatEvents(events, lang, names, packText);
    const body = events.length ? (labelled ? told : `${t(lang, 'commands.replies.secretsHeader')}\n${told}`) : t(lang, 'commands.replies.noSecrets');
    return ok({ visibility: 'ephemeral', content: body });
  }

  async function rejectionText(lang: Language, rejection: Rejection, place: ButtonContext['place']): Promise<string> {
    const params = rejection.params ?? {};
    const needsGame = Object.keys(params).some((k) => k.endsWith('Key') || k === 'seat' || k.endsWith('Seat'));
    if (!needsGame || !place.threadId) return t(lang, rejection.code, params);
    const here = await gameHere(place).catch(() => null);
    if (!here?.ok) return t(lang, rejection.code, params);
    const packText = await catalog.packText(here.value);
    const names = here.value.seats.map((s) => s.userName);
    const users = here.value.seats.map((s) => s.userId);
    return t(lang, rejection.code, humanParams(params, names, users, { packText, lang }));
  }

  async function tablePicture(game: GameStatusView, lang: Language): Promise<readonly { name: string; data: Buffer; description: string }[]> {
    if (game.publicView === null || !hasRenderer(game.gameType)) return [];
    const data = await draw({ gameType: game.gameType, view: pictureView(game), locale: lang, pack: await catalog.renderPack(game), key: `${game.gameId}:table` });
    return [{ name: `table-${game.seq}.png`, data, description: await describeTable(game, lang) }];
  }

  async function seatPicture(game: GameStatusView, seatView: Json, lang: Language, seat?: number): Promise<readonly { name: string; data: Buffer; description: string }[]> {
    if (game.publicView === null || !hasRenderer(game.gameType) || seatView === null || typeof seatView !== 'object' || Array.isArray(seatView)) return [];
    const view = { packId: game.packId, packVersion: game.packVersion, seatNames: game.seats.map((s) => s.userName), ...seatView };
    const data = await draw({ gameType: game.gameType, view, locale: lang, pack: await catalog.renderPack(game), key: `${game.gameId}:seat:${seat ?? '?'}` });
    return [{ name: `private-${game.seq}.png`, data, description: await describeTable(game, lang) }];
  }

  async function describeTable(game: GameStatusView, lang: Language): Promise<string> {
    const lines = game.publicView === null ? [] : (ownValue(catalog.modules, game.gameType)?.describeView?.(game.publicView) ?? []);
    const naming = { seatNames: game.seats.map((s) => s.userName), packText: await catalog.packText(game) };
    const words = lines.length > 0 ? lines.map((line) => lineText(lang, line, naming)) : [t(lang, 'commands.replies.altText', { game: t(lang, `commands.games.${game.gameType}`), seq: game.seq })];
    return altText(words);
  }

  return {
    app,
    ...(deps.campaigns ? { campaigns: deps.campaigns } : {}),
    catalog,
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
    rejectionText,
    tablePicture,
    seatPicture,
    allowSeed: deps.allowSeed,
    ...(deps.rulesUrl ? { rulesUrl: deps.rulesUrl } : {}),
    createThread: deps.createThread,
    async createForum(channelId, name) {
      return deps.createForum ? deps.createForum(channelId, name) : null;
    },
    async setArchived(threadId, archived) {
      try {
        await deps.setArchived?.(threadId, archived);
      } catch (error) {
        deps.logger?.warn({ err: error, threadId, archived }, 'thread archive state not changed');
      }
    },
    async removeThread(threadId) {
      try {
        await deps.deleteThread(threadId);
      } catch (error) {
        deps.logger?.warn({ err: error, threadId }, 'refused game: thread not removed');
      }
    },
    postLobbyCard,
    closeLobbyCard,
    gameHere,
    gameInThread,
    presentResult,
    presentStart,
    button,
    secrets,
    isUnavailable: (error) => isDatabaseUnavailable(error) || (error instanceof Error && UNAVAILABLE.test(`${error.name} ${error.message} ${(error as { code?: string }).code ?? ''}`)),
  };
}

/**
 * What a picture is drawn from: the public view, with the table's pack and its players' names where the
 * view does not say them itself (names are public: they are on every post).
 */
export function pictureView(game: GameStatusView): Json {
  const view = game.publicView;
  if (view === null || typeof view !== 'object' || Array.isArray(view)) return view;
  return { packId: game.packId, packVersion: game.packVersion, seatNames: game.seats.map((s) => s.userName), ...view };
}

/** A JSON value made safe to show: used by /game export. */
export function jsonFile(name: string, value: Json | object): { name: string; data: Buffer } {
  return { name, data: Buffer.from(`${JSON.stringify(value, null, 2)}\n`) };
}

export { encodeCustomId };
