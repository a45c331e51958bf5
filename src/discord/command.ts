import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Rejection, Result } from '../core/index.ts';
import type { Language } from './i18n.ts';
import type { Services } from './services.ts';

/** A button under a reply. `customId` is built with `src/discord/custom-id.ts` and carries no secret. */
export interface ButtonSpec {
  readonly label: string;
  readonly customId: string;
  readonly style?: 'primary' | 'secondary' | 'success' | 'danger';
}

/** What a command answers: text already in the reader's language, optional buttons and files. */
export interface Answer {
  readonly visibility: 'public' | 'ephemeral';
  readonly content: string;
  readonly buttons?: readonly ButtonSpec[];
  readonly files?: readonly { readonly name: string; readonly data: Buffer; readonly description?: string }[];
  /**
   * Users this message may ping (Discord's `allowed_mentions.users`); everyone else it names is shown
   * without a notification. Only a change of turn pings, and only the players who must act now.
   */
  readonly mentions?: readonly string[];
}

export type CommandResult = Result<Answer, Rejection>;

/** Everything a command module may use: the application (never the store) and Discord-side helpers. */
export interface CommandContext {
  readonly interaction: ChatInputCommandInteraction;
  readonly lang: Language;
  readonly actor: { readonly userId: string; readonly userName: string; readonly locale: string };
  /** Where the command was used; `threadId` is set when used inside a thread. */
  readonly place: { readonly guildId: string; readonly channelId: string; readonly threadId: string | null; readonly parentId: string | null };
  readonly services: Services;
  readonly t: (code: string, params?: Readonly<Record<string, unknown>>) => string;
}

export interface AutocompleteContext {
  readonly interaction: AutocompleteInteraction;
  readonly lang: Language;
  readonly actor: { readonly userId: string; readonly userName: string; readonly locale: string };
  readonly place: CommandContext['place'];
  readonly services: Services;
  readonly t: CommandContext['t'];
}

/**
 * One slash command: its definition (built with @discordjs/builders, localized in English and
 * Spanish) and what it does. Lives in `commands/<name>.ts` and talks to `src/app` through `services`.
 */
export interface CommandModule {
  readonly data: { readonly name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(ctx: CommandContext): Promise<CommandResult>;
  /** At most 25 choices (Discord limit). @see https://discord.com/developers/docs/interactions/application-commands#autocomplete */
  autocomplete?(ctx: AutocompleteContext): Promise<readonly { name: string; value: string | number }[]>;
}
