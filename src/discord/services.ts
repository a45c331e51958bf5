import type { App, CommandResult as AppCommandResult, GameStatusView } from '../app/index.ts';
import type { Schedule } from '../app/schedule.ts';
import { ok, reject, type GameModule, type Json, type Rejection, type Result } from '../core/index.ts';
import type { Answer, ButtonSpec, CommandResult } from './command.ts';
import type { CustomId } from './custom-id.ts';
import { encodeCustomId } from './custom-id.ts';
import { t, type Language } from './i18n.ts';
import { formatEvents, humanParams, promptButtons, type PackText } from './present.ts';
import { hasRenderer, renderSheets, renderTable } from '../render/host.ts';

/** The games this bot offers, with their packs' texts. */
export interface Catalog {
  readonly modules: Readonly<Record<string, GameModule<any, any, any>>>;
  /** Text of a pack key (entries, cards) in a language, for events that carry `textKey`. */
  packText(gameType: string, packId: string | null): PackText | undefined;
}

export interface ButtonContext {
  readonly lang: Language;
  readonly actor: { readonly userId: string; readonly userName: string; readonly locale: string };
  readonly place: { readonly guildId: string; readonly channelId: string; readonly threadId: string | null; readonly parentId: string | null };
}

/** What command modules and the router may use besides the interaction itself. */
export interface Services {
  readonly app: App;
  /** Reminders, deadlines, absences and host controls (issue 5); absent when no scheduler runs. */
  readonly schedule?: Schedule;
  readonly catalog: Catalog;
  /** `seed:` in `/game new` is honoured (local sandbox, or ALLOW_SEED). */
  readonly allowSeed: boolean;
  /** Opens a public thread under a text channel and returns its id. */
  createThread(channelId: string, name: string): Promise<string>;
  /** Posts a message in a thread or channel outside any interaction (the lobby card). */
  postToThread(channelId: string, answer: Answer): Promise<void>;
  /** The game played in this place: the thread's game. */
  gameHere(place: ButtonContext['place']): Promise<Result<GameStatusView, Rejection>>;
  /** Only which game the thread hosts (never stale): for commands whose write checks the rest. */
  gameInThread(place: ButtonContext['place']): Promise<Result<{ gameId: string; gameType: string }, Rejection>>;
  /** The answer to a play/undo/start: public events, then who is awaited, with prompt buttons. */
  presentResult(lang: Language, result: AppCommandResult, header?: string): Promise<Answer>;
  button(ctx: ButtonContext, id: CustomId, nonce: string): Promise<CommandResult>;
  /** The user's private information in a game, always re-rendered from state (ephemeral). */
  secrets(lang: Language, gameId: string, userId: string): Promise<CommandResult>;
  /** The table picture (and sheets) of a game as it stands, drawn from the public view; none before start. */
  tablePicture(game: GameStatusView, lang: Language): Promise<readonly { name: string; data: Buffer }[]>;
  /** A rejection's text; `…Key` parameters become pack text and seats become names, for the game played here. */
  rejectionText(lang: Language, rejection: Rejection, place: ButtonContext['place']): Promise<string>;
  /** True for errors that mean the database is unreachable (answered with "try again shortly"). */
  isUnavailable(error: unknown): boolean;
}

export interface ServicesDeps {
  readonly app: App;
  readonly schedule?: Schedule;
  readonly catalog: Catalog;
  readonly allowSeed: boolean;
  readonly createThread: Services['createThread'];
  readonly postToThread: Services['postToThread'];
}

const UNAVAILABLE = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|terminat|Connection|P1001|P1017|P2024|closed/i;

/** Builds the services over the application; pure formatting lives in `present.ts`. */
export function createServices(deps: ServicesDeps): Services {
  const { app, catalog } = deps;

  async function gameHere(place: ButtonContext['place']): Promise<Result<GameStatusView, Rejection>> {
    if (!place.threadId) return reject('core.game.notInThread');
    return app.statusByThread(place.threadId);
  }

  async function gameInThread(place: ButtonContext['place']): Promise<Result<{ gameId: string; gameType: string }, Rejection>> {
    if (!place.threadId) return reject('core.game.notInThread');
    return app.gameInThread(place.threadId);
  }

  async function presentResult(lang: Language, result: AppCommandResult, header?: string): Promise<Answer> {
    const names = result.seats.map((s) => s.userName);
    const users = result.seats.map((s) => s.userId);
    const packText = catalog.packText(result.gameType, result.packId);
    const lines: string[] = [];
    if (header) lines.push(header);
    const events = formatEvents(result.events, lang, names, packText, users);
    if (events) lines.push(events);
    let buttons: ButtonSpec[] = [];
    if (result.phase.phase !== 'playing') {
      lines.push(t(lang, `commands.replies.phase.${result.phase.phase}`));
    } else if (result.awaiting.seats.length > 0) {
      lines.push(t(lang, 'commands.replies.awaiting', { players: result.awaiting.seats.map((s) => `<@${s.userId}>`).join(', ') }));
      buttons = promptButtons(result.gameId, result.seq, result.prompts, lang, names, packText);
    }
    return { visibility: 'public', content: lines.join('\n'), buttons };
  }

  async function button(ctx: ButtonContext, id: CustomId, nonce: string): Promise<CommandResult> {
    const actor = ctx.actor;
    switch (id.kind) {
      case 'join': {
        const r = await app.join(id.gameId, actor);
        if (!r.ok) return r;
        return ok({ visibility: 'public', content: t(ctx.lang, 'commands.replies.joined', { player: `<@${actor.userId}>`, seat: r.value.seats.length, count: r.value.seats.length, max: r.value.maxSeats }) });
      }
      case 'start': {
        const r = await app.start(id.gameId, actor);
        if (!r.ok) return r;
        return ok(await presentResult(ctx.lang, r.value));
      }
      case 'secrets':
        return secrets(ctx.lang, id.gameId, actor.userId);
      case 'prompt': {
        const r = await app.playPrompt(id.gameId, actor, { seq: id.seq, a: id.a, b: id.b }, nonce);
        if (!r.ok) return r;
        return ok(await presentResult(ctx.lang, r.value));
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

  async function secrets(lang: Language, gameId: string, userId: string): Promise<CommandResult> {
    const r = await app.secrets(gameId, userId);
    if (!r.ok) return r;
    const events = r.value.events;
    const status = await app.status(gameId);
    const names = status.ok ? status.value.seats.map((s) => s.userName) : [];
    const packText = status.ok ? catalog.packText(status.value.gameType, status.value.packId) : undefined;
    const body = events.length ? `${t(lang, 'commands.replies.secretsHeader')}\n${formatEvents(events, lang, names, packText)}` : t(lang, 'commands.replies.noSecrets');
    return ok({ visibility: 'ephemeral', content: body });
  }

  async function rejectionText(lang: Language, rejection: Rejection, place: ButtonContext['place']): Promise<string> {
    const params = rejection.params ?? {};
    const needsGame = Object.keys(params).some((k) => k.endsWith('Key') || k === 'seat' || k.endsWith('Seat'));
    if (!needsGame || !place.threadId) return t(lang, rejection.code, params);
    const here = await gameHere(place).catch(() => null);
    if (!here?.ok) return t(lang, rejection.code, params);
    const packText = catalog.packText(here.value.gameType, here.value.packId);
    const names = here.value.seats.map((s) => s.userName);
    const users = here.value.seats.map((s) => s.userId);
    return t(lang, rejection.code, humanParams(params, names, users, packText ? { packText, lang } : undefined));
  }

  async function tablePicture(game: GameStatusView, lang: Language): Promise<readonly { name: string; data: Buffer }[]> {
    if (game.publicView === null || !hasRenderer(game.gameType)) return [];
    const [data, sheets] = await Promise.all([renderTable(game.gameType, game.publicView, lang), renderSheets(game.gameType, game.publicView, lang)]);
    return [{ name: `table-${game.seq}.png`, data }, ...sheets];
  }

  return {
    app,
    catalog,
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
    rejectionText,
    tablePicture,
    allowSeed: deps.allowSeed,
    createThread: deps.createThread,
    postToThread: deps.postToThread,
    gameHere,
    gameInThread,
    presentResult,
    button,
    secrets,
    isUnavailable: (error) => error instanceof Error && UNAVAILABLE.test(`${error.name} ${error.message} ${(error as { code?: string }).code ?? ''}`),
  };
}

/** A JSON value made safe to show: used by /game export. */
export function jsonFile(name: string, value: Json | object): { name: string; data: Buffer } {
  return { name, data: Buffer.from(`${JSON.stringify(value, null, 2)}\n`) };
}

export { encodeCustomId };
