import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type InteractionReplyOptions,
  type Message,
  type MessageCreateOptions,
  type MessageEditOptions,
  SnowflakeUtil,
} from 'discord.js';
import type { Answer, ButtonSpec } from './reply.ts';
import { fitLabel } from './fit.ts';
import { ACTION_ROWS_MAX, BUTTON_LABEL_MAX, ROW_BUTTONS_MAX } from './limits.ts';
import { splitMessage } from './split.ts';

const STYLES: Record<NonNullable<ButtonSpec['style']>, ButtonStyle> = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
};

/**
 * Discord allows 5 buttons per row and 5 rows per message; labels are fitted to 80 characters at a word
 * boundary. Callers leave room for the buttons they need (see `promptButtons`); none past 25 is drawn.
 */
export function buttonRows(buttons: readonly ButtonSpec[]): ActionRowBuilder<ButtonBuilder>[] {
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < Math.min(buttons.length, ACTION_ROWS_MAX * ROW_BUTTONS_MAX); i += ROW_BUTTONS_MAX) {
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        buttons.slice(i, i + ROW_BUTTONS_MAX).map((b) =>
          new ButtonBuilder().setCustomId(b.customId).setLabel(fitLabel(b.label, BUTTON_LABEL_MAX)).setStyle(STYLES[b.style ?? 'secondary']),
        ),
      ),
    );
  }
  return rows;
}

/**
 * The messages an answer takes, in order: its text split for Discord's 2,000 characters (on line
 * boundaries, never cutting a mention or markdown, never truncated), with the buttons and files under
 * the last one, where the reader arrives after the text.
 */
export function messagesOf(answer: Answer): InteractionReplyOptions[] {
  const parts = splitMessage(answer.content);
  const texts = parts.length > 0 ? parts : [''];
  return texts.map((content, i) => {
    const last = i === texts.length - 1;
    return {
      content,
      components: last && answer.buttons?.length ? buttonRows(answer.buttons) : [],
      files: last ? (answer.files?.map((f) => new AttachmentBuilder(f.data, { name: f.name, ...(f.description ? { description: f.description } : {}) })) ?? []) : [],
      allowedMentions: quiet(answer.mentions),
      ...(answer.visibility === 'ephemeral' ? { flags: MessageFlags.Ephemeral } : {}),
    };
  });
}

/**
 * Set on every message the bot sends, so only the users named in `mentions` are notified (by default
 * Discord pings everyone a message mentions, and a reply pings its author).
 * @see https://discord.com/developers/docs/resources/message#allowed-mentions-object
 */
export function quiet(mentions: readonly string[] = []): { parse: []; users: string[]; repliedUser: false } {
  return { parse: [], users: [...new Set(mentions)].slice(0, 100), repliedUser: false };
}

/** Something messages can be sent to: a text channel, a thread, a DM channel or a user. */
export interface MessageTarget {
  send(options: MessageCreateOptions): Promise<Message>;
}

const plain = (options: InteractionReplyOptions): MessageCreateOptions => {
  const { flags: _flags, ...body } = options;
  return body as MessageCreateOptions;
};

/**
 * Where to look for an earlier copy of an outbox row's post before sending it again: the author's
 * messages in the target since the row was written (a send whose answer was lost may have happened).
 */
export interface LookBack {
  readonly authorId: string;
  readonly since: Date;
}

/** Recent messages that a look-back considers, newest first (Discord returns at most 100 per request). */
const LOOK_BACK_MESSAGES = 50;

/** Clocks of this machine and Discord's snowflakes may differ a little. */
const LOOK_BACK_SKEW_MS = 5_000;

type Fetchable = { messages: { fetch(options: { limit: number }): Promise<Iterable<[string, Message]> | Map<string, Message>> } };

async function postedSince(target: MessageTarget, lookBack: LookBack): Promise<Message[]> {
  const channel = ('createDM' in target && typeof target.createDM === 'function' ? await target.createDM() : target) as unknown as Partial<Fetchable>;
  if (!channel.messages) return [];
  const since = lookBack.since.getTime() - LOOK_BACK_SKEW_MS;
  const found = [...(await channel.messages.fetch({ limit: LOOK_BACK_MESSAGES })) as Iterable<[string, Message]>].map(([, m]) => m);
  return found.filter((m) => m.author?.id === lookBack.authorId && Number(SnowflakeUtil.timestampFrom(m.id)) >= since).reverse();
}

function fileNames(options: InteractionReplyOptions): string[] {
  return (options.files ?? []).map((f) => String((f as { name?: unknown }).name ?? '')).sort();
}

/** The same text and the same file names: what this post looks like once Discord has it. */
function samePost(message: Message, options: InteractionReplyOptions): boolean {
  const names = [...message.attachments.values()].map((a) => a.name).sort();
  return message.content === (options.content ?? '') && JSON.stringify(names) === JSON.stringify(fileNames(options));
}

/**
 * Posts an answer's messages in order and returns them (the last carries the buttons). With `nonce`
 * (an outbox key, see `enforce_nonce`) the first message uses it and the next ones `nonce.1`, `nonce.2`…,
 * so a resend within Discord's nonce window posts none of them twice. Discord honours a nonce only for a
 * few minutes and does not return it when messages are read back, so with `lookBack` (a resend) each
 * message is first looked for among the author's posts since the row was written, by its text and file
 * names, and only a missing one is posted.
 * @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params
 */
export async function sendAnswer(target: MessageTarget, answer: Answer, nonce?: string, lookBack?: LookBack): Promise<Message[]> {
  const sent: Message[] = [];
  const earlier = lookBack ? await postedSince(target, lookBack) : [];
  for (const [i, options] of messagesOf(answer).entries()) {
    const copy = earlier.find((m) => samePost(m, options));
    if (copy) {
      earlier.splice(earlier.indexOf(copy), 1);
      sent.push(copy);
      continue;
    }
    const keyed = nonce ? { nonce: i === 0 ? nonce : `${nonce}.${i}`, enforceNonce: true } : {};
    sent.push(await target.send({ ...plain(options), ...keyed }));
  }
  return sent;
}

/** Edits a posted message into an answer's first message; any further ones are posted after it. Returns the edited message. */
export async function editAnswer(target: MessageTarget & { messages: { edit(id: string, options: MessageEditOptions): Promise<Message> } }, messageId: string, answer: Answer): Promise<Message | undefined> {
  const [first, ...rest] = messagesOf(answer);
  if (!first) return undefined;
  const edited = await target.messages.edit(messageId, plain(rest.length > 0 ? { ...first, components: [], files: [] } : first) as MessageEditOptions);
  for (const options of rest) await target.send(plain(options));
  return edited;
}

/** Answers an interaction with every message of an answer: the reply, then follow-ups. */
export async function replyAnswer(interaction: ChatInputCommandInteraction | ButtonInteraction, answer: Answer): Promise<void> {
  const [first, ...rest] = messagesOf(answer);
  if (!first) return;
  await interaction.reply(first);
  for (const options of rest) await interaction.followUp(options);
}

/**
 * Completes a deferred interaction: a public answer edits the deferral and follows up with the rest; a
 * private one replaces the public deferral with private follow-ups.
 */
export async function completeDeferred(interaction: ChatInputCommandInteraction | ButtonInteraction, answer: Answer): Promise<void> {
  const [first, ...rest] = messagesOf(answer);
  if (!first) return;
  if (answer.visibility === 'public') {
    const { flags: _flags, ...body } = first;
    await interaction.editReply(body);
    for (const options of rest) await interaction.followUp(options);
    return;
  }
  await interaction.deleteReply().catch(() => undefined);
  for (const options of [first, ...rest]) await interaction.followUp({ ...options, flags: MessageFlags.Ephemeral });
}
