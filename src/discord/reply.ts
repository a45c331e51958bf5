import type { Rejection, Result } from '../core/index.ts';

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
