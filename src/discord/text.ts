import { ApplicationCommandOptionType, type CommandInteractionOption, type User } from 'discord.js';

/** Discord caps a display name at 32 characters. @see https://discord.com/developers/docs/resources/user#user-object */
const NAME_MAX = 32;

/**
 * Characters no stored text may hold: C0 controls but tab, line feed and carriage return (PostgreSQL
 * refuses NUL in text and jsonb, 22021/22P05), and DEL. Unpaired surrogates are caught separately.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A surrogate half without its partner. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** What a display name loses: every control character (C0, DEL, C1) and unpaired surrogates. */
const NAME_STRIP = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f]|${LONE_SURROGATE.source}`, 'g');

export type TextProblem = 'control' | 'surrogate';

/**
 * User text as it will be stored: NFC, or the reason it cannot be (a control character, or an unpaired
 * surrogate: PostgreSQL refuses the first and would store U+FFFD for the second, 22P02 in jsonb).
 */
export function checkText(text: string): { ok: true; value: string } | { ok: false; problem: TextProblem } {
  if (LONE_SURROGATE.test(text)) return { ok: false, problem: 'surrogate' };
  if (FORBIDDEN.test(text)) return { ok: false, problem: 'control' };
  return { ok: true, value: text.normalize('NFC') };
}

/** A display name made safe to store and show: controls and broken characters removed, NFC, trimmed; `null` if nothing is left. */
export function cleanName(name: string | null | undefined): string | null {
  if (!name) return null;
  const cleaned = name.replace(NAME_STRIP, '').normalize('NFC').trim();
  return cleaned ? [...cleaned].slice(0, NAME_MAX).join('') : null;
}

/** The name a user is shown by: their display name, else their username, cleaned; `fallback` when both are empty. */
export function displayName(user: Pick<User, 'globalName' | 'username'>, fallback: string): string {
  return cleanName(user.globalName) ?? cleanName(user.username) ?? fallback;
}

/**
 * Checks and normalizes every string option of an interaction in place (discord.js reads its option
 * objects when a command asks for a value), and the names of attached files. Returns the first option
 * whose text cannot be stored, with the problem, or `null`.
 */
export function normalizeOptions(options: readonly CommandInteractionOption[]): { option: string; problem: TextProblem } | null {
  for (const option of options) {
    if (option.options) {
      const inner = normalizeOptions(option.options);
      if (inner) return inner;
    }
    if (option.type === ApplicationCommandOptionType.String && typeof option.value === 'string') {
      const checked = checkText(option.value);
      if (!checked.ok) return { option: option.name, problem: checked.problem };
      (option as { value: string }).value = checked.value;
    }
    if (option.type === ApplicationCommandOptionType.Attachment && option.attachment) {
      const checked = checkText(option.attachment.name);
      if (!checked.ok) return { option: option.name, problem: checked.problem };
    }
  }
  return null;
}
