import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Language } from '../i18n/index.ts';
import type { CommandResult } from './reply.ts';
import type { Services } from './services.ts';

/** What commands answer lives in `reply.ts`, below both presentation and services. */
export type { Answer, ButtonSpec, CommandResult } from './reply.ts';

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
