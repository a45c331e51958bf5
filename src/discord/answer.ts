import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type InteractionReplyOptions,
} from 'discord.js';
import type { Answer, ButtonSpec } from './command.ts';

const STYLES: Record<NonNullable<ButtonSpec['style']>, ButtonStyle> = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
};

/** Discord allows 5 buttons per row and 5 rows per message. @see https://discord.com/developers/docs/interactions/message-components#action-rows */
export function buttonRows(buttons: readonly ButtonSpec[]): ActionRowBuilder<ButtonBuilder>[] {
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < Math.min(buttons.length, 25); i += 5) {
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        buttons.slice(i, i + 5).map((b) =>
          new ButtonBuilder().setCustomId(b.customId).setLabel(b.label.slice(0, 80)).setStyle(STYLES[b.style ?? 'secondary']),
        ),
      ),
    );
  }
  return rows;
}

/** Discord caps message content at 2,000 characters. */
export function clampContent(content: string): string {
  return content.length <= 2000 ? content : `${content.slice(0, 1997)}…`;
}

/** The message body of an answer, for `reply`, `editReply` or `followUp`. */
export function messageOf(answer: Answer): InteractionReplyOptions {
  return {
    content: clampContent(answer.content),
    components: answer.buttons?.length ? buttonRows(answer.buttons) : [],
    files: answer.files?.map((f) => new AttachmentBuilder(f.data, { name: f.name })) ?? [],
    allowedMentions: { parse: ['users'] },
    ...(answer.visibility === 'ephemeral' ? { flags: MessageFlags.Ephemeral } : {}),
  };
}
