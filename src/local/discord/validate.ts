import {
  ACTION_ROWS_MAX,
  ALLOWED_MENTION_TYPES,
  ALLOWED_MENTIONS_IDS_MAX,
  ATTACHMENT_BYTES_MAX,
  ATTACHMENT_DESCRIPTION_MAX,
  ATTACHMENTS_MAX,
  AUTOCOMPLETE_CHOICES_MAX,
  BUTTON_LABEL_MAX,
  CHANNEL_NAME_MAX,
  CHOICE_TEXT_MAX,
  COMMAND_DESCRIPTION_MAX,
  COMMAND_NAME_MAX,
  COMMAND_OPTIONS_MAX,
  CUSTOM_ID_MAX,
  EMBED_AUTHOR_NAME_MAX,
  EMBED_DESCRIPTION_MAX,
  EMBED_FIELD_NAME_MAX,
  EMBED_FIELD_VALUE_MAX,
  EMBED_FIELDS_MAX,
  EMBED_FOOTER_TEXT_MAX,
  EMBED_TITLE_MAX,
  EMBEDS_MAX,
  EMBEDS_TOTAL_MAX,
  lengthOf,
  MESSAGE_CONTENT_MAX,
  MESSAGE_NONCE_MAX,
  MODAL_TITLE_MAX,
  OPTION_CHOICES_MAX,
  ROW_BUTTONS_MAX,
  SELECT_OPTION_TEXT_MAX,
  SELECT_OPTIONS_MAX,
  SELECT_PLACEHOLDER_MAX,
  SLASH_COMMANDS_MAX,
} from '../../discord/limits.ts';
import type { ApiObject } from './types.ts';

/** A file of a multipart upload, as far as the limits care. */
export interface SizedFile {
  readonly name: string;
  readonly bytes: { readonly length: number };
}

/** Discord's answer to a payload it refuses: HTTP status and JSON body. */
export interface Refusal {
  readonly status: number;
  readonly body: ApiObject;
}

type Path = readonly (string | number)[];

/** Message flag of Components V2 layouts, whose top level is not made of action rows. @see https://discord.com/developers/docs/resources/message#message-object-message-flags */
const IS_COMPONENTS_V2 = 1 << 15;

/**
 * Field errors collected while reading a payload, rendered as Discord renders them: 50035 "Invalid
 * Form Body" with an `errors` tree that mirrors the payload (array indexes as keys) and an `_errors`
 * list at each refused field.
 * @see https://discord.com/developers/docs/reference#error-messages
 */
export class FormErrors {
  readonly #tree: Record<string, unknown> = {};
  #count = 0;

  add(path: Path, code: string, message: string): void {
    let node = this.#tree;
    for (const key of path) node = (node[String(key)] ??= {}) as Record<string, unknown>;
    ((node._errors ??= []) as { code: string; message: string }[]).push({ code, message });
    this.#count++;
  }

  get count(): number {
    return this.#count;
  }

  refusal(): Refusal | null {
    return this.#count === 0 ? null : { status: 400, body: { code: 50035, errors: this.#tree, message: 'Invalid Form Body' } };
  }

  /** A string field of at most `max` (and, when `min` is given, at least `min`) characters. */
  text(path: Path, value: unknown, max: number, opts: { min?: number; required?: boolean } = {}): void {
    if (value === undefined || value === null) {
      if (opts.required) this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
      return;
    }
    if (typeof value !== 'string') {
      this.add(path, 'BASE_TYPE_STRING', 'Must be a string.');
      return;
    }
    const n = lengthOf(value);
    if (opts.min !== undefined && (n < opts.min || n > max)) this.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${opts.min} and ${max} in length.`);
    else if (n > max) this.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
  }

  /** An array of at most `max` (and, when `min` is given, at least `min`) items; returns the items. */
  list(path: Path, value: unknown, max: number, min?: number): ApiObject[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.add(path, 'BASE_TYPE_ARRAY', 'Must be an array.');
      return [];
    }
    if (min !== undefined && (value.length < min || value.length > max)) this.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
    else if (value.length > max) this.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
    return value.filter((item): item is ApiObject => typeof item === 'object' && item !== null);
  }
}

const obj = (value: unknown): ApiObject => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ApiObject) : {});

/** Embed count, each embed's fields and the 6,000 characters all embeds of a message share. */
function checkEmbeds(errors: FormErrors, at: Path, value: unknown): void {
  const embeds = errors.list([...at, 'embeds'], value, EMBEDS_MAX);
  let total = 0;
  const counted = (v: unknown) => (typeof v === 'string' ? lengthOf(v) : 0);
  embeds.forEach((embed, i) => {
    const here = [...at, 'embeds', i];
    errors.text([...here, 'title'], embed.title, EMBED_TITLE_MAX);
    errors.text([...here, 'description'], embed.description, EMBED_DESCRIPTION_MAX);
    const footer = obj(embed.footer);
    if (embed.footer !== undefined) errors.text([...here, 'footer', 'text'], footer.text, EMBED_FOOTER_TEXT_MAX, { required: true });
    const author = obj(embed.author);
    if (embed.author !== undefined) errors.text([...here, 'author', 'name'], author.name, EMBED_AUTHOR_NAME_MAX, { required: true });
    const fields = errors.list([...here, 'fields'], embed.fields, EMBED_FIELDS_MAX);
    fields.forEach((field, j) => {
      errors.text([...here, 'fields', j, 'name'], field.name, EMBED_FIELD_NAME_MAX, { required: true });
      errors.text([...here, 'fields', j, 'value'], field.value, EMBED_FIELD_VALUE_MAX, { required: true });
      total += counted(field.name) + counted(field.value);
    });
    total += counted(embed.title) + counted(embed.description) + counted(footer.text) + counted(author.name);
  });
  if (total > EMBEDS_TOTAL_MAX) errors.add([...at, 'embeds'], 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${EMBEDS_TOTAL_MAX}`);
}

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);
const LINK_OR_PREMIUM_STYLES = new Set([5, 6]);

/** Action rows, buttons and select menus; every custom id of a message must be unique. */
function checkComponents(errors: FormErrors, at: Path, value: unknown, flags: number): void {
  const v2 = (flags & IS_COMPONENTS_V2) !== 0;
  const rows = v2 ? (Array.isArray(value) ? (value as ApiObject[]) : []) : errors.list([...at, 'components'], value, ACTION_ROWS_MAX);
  const seen = new Set<string>();
  const customId = (path: Path, component: ApiObject, required: boolean) => {
    errors.text(path, component.custom_id, CUSTOM_ID_MAX, { min: 1, required });
    if (typeof component.custom_id !== 'string') return;
    if (seen.has(component.custom_id)) errors.add(path, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
    seen.add(component.custom_id);
  };
  rows.forEach((row, i) => {
    const here = [...at, 'components', i];
    if (v2 || Number(row.type) !== 1) return;
    const items = errors.list([...here, 'components'], row.components, ROW_BUTTONS_MAX, 1);
    const selects = items.filter((c) => SELECT_TYPES.has(Number(c.type))).length;
    if (selects > 0 && items.length > 1) errors.add([...here, 'components'], 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
    items.forEach((component, j) => {
      const path = [...here, 'components', j];
      const type = Number(component.type);
      if (type === 2) {
        errors.text([...path, 'label'], component.label, BUTTON_LABEL_MAX);
        if (!LINK_OR_PREMIUM_STYLES.has(Number(component.style))) customId([...path, 'custom_id'], component, true);
      } else if (SELECT_TYPES.has(type)) {
        customId([...path, 'custom_id'], component, true);
        errors.text([...path, 'placeholder'], component.placeholder, SELECT_PLACEHOLDER_MAX);
        for (const [key, min] of [['min_values', 0], ['max_values', 1]] as const) {
          const n = component[key];
          if (typeof n !== 'number') continue;
          if (n < min) errors.add([...path, key], 'NUMBER_TYPE_MIN', `Int value should be greater than or equal to ${min}.`);
          if (n > SELECT_OPTIONS_MAX) errors.add([...path, key], 'NUMBER_TYPE_MAX', `Int value should be less than or equal to ${SELECT_OPTIONS_MAX}.`);
        }
        if (type === 3) {
          const options = errors.list([...path, 'options'], component.options ?? [], SELECT_OPTIONS_MAX, 1);
          options.forEach((option, k) => {
            const op = [...path, 'options', k];
            errors.text([...op, 'label'], option.label, SELECT_OPTION_TEXT_MAX, { min: 1, required: true });
            errors.text([...op, 'value'], option.value, SELECT_OPTION_TEXT_MAX, { min: 1, required: true });
            errors.text([...op, 'description'], option.description, SELECT_OPTION_TEXT_MAX);
          });
        }
      }
    });
  });
}

/** `parse` names mention kinds; `users`/`roles` list at most 100 ids and exclude the same kind in `parse`. */
function checkAllowedMentions(errors: FormErrors, at: Path, value: unknown): void {
  if (value === undefined || value === null) return;
  const here = [...at, 'allowed_mentions'];
  const am = obj(value);
  errors.list([...here, 'parse'], am.parse, ALLOWED_MENTION_TYPES.length);
  const kinds: unknown[] = Array.isArray(am.parse) ? am.parse : [];
  kinds.forEach((kind, i) => {
    if (!(ALLOWED_MENTION_TYPES as readonly unknown[]).includes(kind)) {
      errors.add([...here, 'parse', i], 'BASE_TYPE_CHOICES', `Value must be one of (${ALLOWED_MENTION_TYPES.map((k) => `'${k}'`).join(', ')}).`);
    }
  });
  for (const key of ['users', 'roles'] as const) {
    const ids = am[key];
    if (ids === undefined || ids === null) continue;
    if (!Array.isArray(ids)) {
      errors.add([...here, key], 'BASE_TYPE_ARRAY', 'Must be an array.');
      continue;
    }
    if (ids.length > ALLOWED_MENTIONS_IDS_MAX) errors.add([...here, key], 'BASE_TYPE_MAX_LENGTH', `Must be ${ALLOWED_MENTIONS_IDS_MAX} or fewer in length.`);
    if (ids.length > 0 && kinds.includes(key)) {
      errors.add(here, 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE', `parse:["${key}"] and ${key}: [ids...] are mutually exclusive.`);
    }
  }
}

/** The `attachments` metadata (count, alt text) and the files themselves (count; size answered with 413). */
function checkAttachments(errors: FormErrors, at: Path, value: unknown, files: readonly SizedFile[]): void {
  const listed = errors.list([...at, 'attachments'], value, ATTACHMENTS_MAX);
  listed.forEach((a, i) => errors.text([...at, 'attachments', i, 'description'], a.description, ATTACHMENT_DESCRIPTION_MAX));
  if (files.length > ATTACHMENTS_MAX && listed.length <= ATTACHMENTS_MAX) {
    errors.add([...at, 'attachments'], 'BASE_TYPE_MAX_LENGTH', `Must be ${ATTACHMENTS_MAX} or fewer in length.`);
  }
}

/** Discord answers a file over the upload limit with 413 and 40005 before it reads the rest. */
export function checkFileSizes(files: readonly SizedFile[]): Refusal | null {
  return files.some((f) => f.bytes.length > ATTACHMENT_BYTES_MAX) ? { status: 413, body: { message: 'Request entity too large', code: 40005 } } : null;
}

/** Errors of a message payload (`create` also requires something to show), collected under `at`. */
export function checkMessage(errors: FormErrors, at: Path, body: ApiObject, files: readonly SizedFile[]): void {
  errors.text([...at, 'content'], body.content, MESSAGE_CONTENT_MAX);
  if (typeof body.nonce === 'string') errors.text([...at, 'nonce'], body.nonce, MESSAGE_NONCE_MAX);
  checkEmbeds(errors, at, body.embeds);
  checkComponents(errors, at, body.components, Number(body.flags ?? 0));
  checkAllowedMentions(errors, at, body.allowed_mentions);
  checkAttachments(errors, at, body.attachments, files);
}

const isEmpty = (body: ApiObject, files: readonly SizedFile[]): boolean =>
  (typeof body.content !== 'string' || body.content.trim() === '') &&
  !(Array.isArray(body.embeds) && body.embeds.length > 0) &&
  !(Array.isArray(body.components) && body.components.length > 0) &&
  !(Array.isArray(body.sticker_ids) && body.sticker_ids.length > 0) &&
  body.poll === undefined &&
  files.length === 0;

/**
 * A message to create (`create`) or edit, as `POST /channels/:id/messages`, a webhook follow-up or an
 * edit receives it: null when Discord would accept it.
 * @see https://discord.com/developers/docs/resources/message#create-message
 */
export function validateMessage(body: ApiObject, files: readonly SizedFile[], opts: { readonly create: boolean; readonly at?: Path }): Refusal | null {
  const tooBig = checkFileSizes(files);
  if (tooBig) return tooBig;
  const errors = new FormErrors();
  checkMessage(errors, opts.at ?? [], body, files);
  const refused = errors.refusal();
  if (refused) return refused;
  if (opts.create && isEmpty(body, files)) return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } };
  return null;
}

/**
 * An interaction response: messages (types 4 and 7) under `data`, autocomplete choices (type 8) and
 * modals (type 9); null when Discord would accept it.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object
 */
export function validateCallback(body: ApiObject, files: readonly SizedFile[]): Refusal | null {
  const type = Number(body.type);
  const data = obj(body.data);
  if (type === 4 || type === 7) return validateMessage(data, files, { create: type === 4, at: ['data'] });
  const errors = new FormErrors();
  if (type === 8) {
    const choices = errors.list(['data', 'choices'], data.choices, AUTOCOMPLETE_CHOICES_MAX);
    choices.forEach((choice, i) => {
      errors.text(['data', 'choices', i, 'name'], choice.name, CHOICE_TEXT_MAX, { min: 1, required: true });
      if (typeof choice.value === 'string') errors.text(['data', 'choices', i, 'value'], choice.value, CHOICE_TEXT_MAX);
      else if (typeof choice.value !== 'number') errors.add(['data', 'choices', i, 'value'], 'BASE_TYPE_REQUIRED', 'This field is required');
    });
  }
  if (type === 9) {
    errors.text(['data', 'title'], data.title, MODAL_TITLE_MAX, { min: 1, required: true });
    errors.text(['data', 'custom_id'], data.custom_id, CUSTOM_ID_MAX, { min: 1, required: true });
    errors.list(['data', 'components'], data.components, ACTION_ROWS_MAX, 1);
  }
  return errors.refusal();
}

/**
 * A channel or thread name: 1 to 100 characters (`required` when creating a thread).
 * @see https://discord.com/developers/docs/resources/channel#start-thread-without-message-json-params
 */
export function validateChannelName(body: ApiObject, opts: { readonly required: boolean }): Refusal | null {
  const errors = new FormErrors();
  errors.text(['name'], body.name, CHANNEL_NAME_MAX, { min: 1, required: opts.required });
  return errors.refusal();
}

/** A name and description, and their localizations, within Discord's lengths. */
function checkNamed(errors: FormErrors, at: Path, item: ApiObject, describe: boolean): void {
  errors.text([...at, 'name'], item.name, COMMAND_NAME_MAX, { min: 1, required: true });
  for (const [locale, name] of Object.entries(obj(item.name_localizations))) errors.text([...at, 'name_localizations', locale], name, COMMAND_NAME_MAX, { min: 1 });
  if (!describe) return;
  errors.text([...at, 'description'], item.description, COMMAND_DESCRIPTION_MAX, { min: 1, required: true });
  for (const [locale, text] of Object.entries(obj(item.description_localizations))) errors.text([...at, 'description_localizations', locale], text, COMMAND_DESCRIPTION_MAX, { min: 1 });
}

function checkOptions(errors: FormErrors, at: Path, value: unknown): void {
  errors.list([...at, 'options'], value, COMMAND_OPTIONS_MAX).forEach((option, i) => {
    const here = [...at, 'options', i];
    checkNamed(errors, here, option, true);
    errors.list([...here, 'choices'], option.choices, OPTION_CHOICES_MAX).forEach((choice, j) => {
      errors.text([...here, 'choices', j, 'name'], choice.name, CHOICE_TEXT_MAX, { min: 1, required: true });
      for (const [locale, name] of Object.entries(obj(choice.name_localizations))) errors.text([...here, 'choices', j, 'name_localizations', locale], name, CHOICE_TEXT_MAX, { min: 1 });
      if (typeof choice.value === 'string') errors.text([...here, 'choices', j, 'value'], choice.value, CHOICE_TEXT_MAX, { min: 1 });
    });
    checkOptions(errors, here, option.options);
  });
}

/**
 * Application commands as registered (`PUT` takes the list, `POST`/`PATCH` one): names, descriptions,
 * options and choices within Discord's lengths, and at most 100 slash commands.
 * @see https://discord.com/developers/docs/interactions/application-commands#bulk-overwrite-global-application-commands
 */
export function validateCommands(body: unknown, opts: { readonly list: boolean }): Refusal | null {
  const commands = opts.list ? (Array.isArray(body) ? (body as ApiObject[]) : []) : [obj(body)];
  if (commands.filter((c) => Number(c.type ?? 1) === 1).length > SLASH_COMMANDS_MAX) {
    return { status: 400, body: { message: `Maximum number of application commands reached (${SLASH_COMMANDS_MAX})`, code: 30032 } };
  }
  const errors = new FormErrors();
  commands.forEach((command, i) => {
    const at = opts.list ? [i] : [];
    checkNamed(errors, at, command, Number(command.type ?? 1) === 1);
    checkOptions(errors, at, command.options);
  });
  return errors.refusal();
}
