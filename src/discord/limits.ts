/*
 * Discord's documented limits, in one place: the bot shapes its payloads to fit them and the local
 * Discord (src/local/discord/validate.ts) refuses payloads that break them, as Discord does. Lengths
 * count characters (Unicode code points).
 */

/** Characters in a message's `content`. @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params */
export const MESSAGE_CONTENT_MAX = 2000;

/** Characters in a message `nonce`. @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params */
export const MESSAGE_NONCE_MAX = 25;

/** Embeds in one message. @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params */
export const EMBEDS_MAX = 10;

/** Characters in an embed title. @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits */
export const EMBED_TITLE_MAX = 256;

/** Characters in an embed description. @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits */
export const EMBED_DESCRIPTION_MAX = 4096;

/** Fields in one embed. @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits */
export const EMBED_FIELDS_MAX = 25;

/** Characters in an embed field's name. @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits */
export const EMBED_FIELD_NAME_MAX = 256;

/** Characters in an embed field's value. @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits */
export const EMBED_FIELD_VALUE_MAX = 1024;

/** Characters in an embed footer's text. @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits */
export const EMBED_FOOTER_TEXT_MAX = 2048;

/** Characters in an embed author's name. @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits */
export const EMBED_AUTHOR_NAME_MAX = 256;

/**
 * Characters across the title, description, field names and values, footer text and author name of
 * every embed of one message.
 * @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
export const EMBEDS_TOTAL_MAX = 6000;

/** Action rows under one message. @see https://discord.com/developers/docs/interactions/message-components#action-rows */
export const ACTION_ROWS_MAX = 5;

/** Buttons in one action row. @see https://discord.com/developers/docs/interactions/message-components#action-rows */
export const ROW_BUTTONS_MAX = 5;

/** Characters in a button's label. @see https://discord.com/developers/docs/interactions/message-components#button-object-button-structure */
export const BUTTON_LABEL_MAX = 80;

/** Characters in a component's `custom_id`. @see https://discord.com/developers/docs/interactions/message-components#custom-id */
export const CUSTOM_ID_MAX = 100;

/** Options of a string select menu. @see https://discord.com/developers/docs/interactions/message-components#select-menu-object-select-menu-structure */
export const SELECT_OPTIONS_MAX = 25;

/** Characters in a select menu's placeholder. @see https://discord.com/developers/docs/interactions/message-components#select-menu-object-select-menu-structure */
export const SELECT_PLACEHOLDER_MAX = 150;

/** Characters in a select option's label, value and description. @see https://discord.com/developers/docs/interactions/message-components#select-menu-object-select-option-structure */
export const SELECT_OPTION_TEXT_MAX = 100;

/** Choices in one autocomplete answer. @see https://discord.com/developers/docs/interactions/application-commands#autocomplete */
export const AUTOCOMPLETE_CHOICES_MAX = 25;

/** Characters in a choice's name and in a string choice's value. @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-choice-structure */
export const CHOICE_TEXT_MAX = 100;

/** Characters in a modal's title. @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-modal */
export const MODAL_TITLE_MAX = 45;

/** Bytes of one uploaded file at the default (unboosted) limit. @see https://discord.com/developers/docs/reference#uploading-files */
export const ATTACHMENT_BYTES_MAX = 10 * 1024 * 1024;

/** Files attached to one message. @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params */
export const ATTACHMENTS_MAX = 10;

/** Characters in an attachment's description (its alt text). @see https://discord.com/developers/docs/resources/message#attachment-object-attachment-structure */
export const ATTACHMENT_DESCRIPTION_MAX = 1024;

/** Characters in a channel's or a thread's name. @see https://discord.com/developers/docs/resources/channel#start-thread-without-message-json-params */
export const CHANNEL_NAME_MAX = 100;

/** User or role ids listed in `allowed_mentions`. @see https://discord.com/developers/docs/resources/message#allowed-mentions-object-allowed-mentions-structure */
export const ALLOWED_MENTIONS_IDS_MAX = 100;

/** Mention kinds `allowed_mentions.parse` accepts. @see https://discord.com/developers/docs/resources/message#allowed-mentions-object-allowed-mention-types */
export const ALLOWED_MENTION_TYPES = ['roles', 'users', 'everyone'] as const;

/** Characters in a string, counted as Discord counts them (code points, so an emoji is one). */
export const lengthOf = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** Characters in an application command's or option's name. @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-structure */
export const COMMAND_NAME_MAX = 32;

/** Characters in a slash command's or option's description. @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-structure */
export const COMMAND_DESCRIPTION_MAX = 100;

/** Options (or subcommands) of one command or subcommand. @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-structure */
export const COMMAND_OPTIONS_MAX = 25;

/** Predefined choices of one option. @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-structure */
export const OPTION_CHOICES_MAX = 25;

/** Slash commands one application may register globally (and in each guild). @see https://discord.com/developers/docs/interactions/application-commands#registering-a-command */
export const SLASH_COMMANDS_MAX = 100;
