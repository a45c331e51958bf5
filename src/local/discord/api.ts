import type { InteractionOption } from './command-line.ts';
import type { Choice, CommandDefinition, FailRouteOptions, InteractionHandle, LocalChannel, LocalEvent, LocalGuild, LocalMessage, LocalUser, RestCall } from './types.ts';
import type { PermissionName } from './permissions.ts';
import type { World } from './world.ts';

/** A command line as typed, or its name and already-typed options. */
export type SlashInput = string | { readonly name: string; readonly options?: readonly InteractionOption[] };

/** A file a user attaches to a slash command. */
export interface SlashFile {
  readonly name: string;
  readonly data: Buffer | string;
  readonly contentType?: string;
}

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
  /** `files` are sent with the command: an attachment option names one by file name (`file1:pack.yaml`). */
  slash(user: string, channelId: string, command: SlashInput, files?: readonly SlashFile[]): Promise<InteractionHandle>;
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
  /** Gives the bot a permission in a guild (default: the default guild), or takes it away. */
  setBotPermission(name: PermissionName, allowed: boolean, guildId?: string): void;
  /** Whether forum channels may be created in a guild (default: the default guild). */
  setForums(allowed: boolean, guildId?: string): void;
  failRoute(method: string, pattern: string | RegExp, opts: FailRouteOptions): void;
  dropGateway(shard?: number): void;
  /**
   * How the bot tells that its answer to an interaction is complete (an in-process bot's own signal, see
   * `Bot.answered`): `slash`, `click` and `select` then resolve the moment it says so, instead of after a
   * quiet spell of `quietMs` (or the grace after a deferred update). `null` goes back to the quiet spell.
   */
  answeredBy(signal: ((interactionId: string) => Promise<void>) | null): void;
  /** Resolves once the bot's gateway shard for `guildId` is connected. */
  waitForBot(guildId?: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}
