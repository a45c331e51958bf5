import type { GameCommand, GameEvent, Prompt } from '../core/index.ts';
import type { ButtonSpec } from './command.ts';
import { encodeCustomId } from './custom-id.ts';
import { hasText, t, type Language } from './i18n.ts';

/** Looks up a content pack's text by key in a language (entries, card texts); undefined when absent. */
export type PackText = (key: string, lang: Language) => string | undefined;

/**
 * Parameters as the reader sees them: every seat index (`seat`, `targetSeat`, …) also gets a
 * `…Name` (the seated player's name) and a `…Mention` so strings can say who, not which number.
 */
export function humanParams(
  params: GameEvent['params'],
  seatNames: readonly string[],
  seatUsers: readonly string[] = [],
  text?: { readonly packText: PackText; readonly lang: Language },
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(params ?? {}) };
  for (const [key, value] of Object.entries(params ?? {})) {
    if (text && typeof value === 'string' && key.endsWith('Key')) {
      out[key] = text.packText(value, text.lang) ?? value;
    }
    if (typeof value === 'number' && (key === 'seat' || key.endsWith('Seat') || key === 'from' || key === 'to')) {
      out[`${key}Name`] = seatNames[value] ?? `#${value + 1}`;
      out[`${key}Mention`] = seatUsers[value] ? `<@${seatUsers[value]}>` : (seatNames[value] ?? `#${value + 1}`);
    }
  }
  return out;
}

/**
 * One line per event, in the reader's language. Parameters named `…Key` are pack text keys (a
 * character's name, a room, a passage) and are shown as that text; a `textKey` passage the string does
 * not place itself is appended as a quote.
 */
export function formatEvents(
  events: readonly GameEvent[],
  lang: Language,
  seatNames: readonly string[],
  packText?: PackText,
  seatUsers: readonly string[] = [],
): string {
  return events
    .map((event) => {
      const params = humanParams(event.params, seatNames, seatUsers, packText ? { packText, lang } : undefined);
      const line = t(lang, event.code, params);
      const key = event.params?.textKey;
      const passage = typeof key === 'string' ? packText?.(key, lang) : undefined;
      return passage && !line.includes(passage) ? `${line}\n> ${passage.replace(/\n/g, '\n> ')}` : line;
    })
    .join('\n');
}

/**
 * Discord shows at most 5 action rows of 5 buttons under a message.
 * @see https://discord.com/developers/docs/components/reference#action-row
 */
export const MAX_BUTTONS = 25;

/** Prompt buttons that fit, and the line telling the reader how to reach the options left without one. */
export interface PromptButtons {
  readonly buttons: ButtonSpec[];
  /** Null when every option has its button. */
  readonly note: string | null;
}

/**
 * Buttons for the prompts awaiting answers; ids carry the game, its seq and indexes only. `room` is how
 * many buttons the message has for them (fewer when it carries others, like "My secrets"); options past
 * it stay playable with `/play`, and the note says so.
 */
export function promptButtons(
  gameId: string,
  seq: number,
  prompts: readonly Prompt[],
  lang: Language,
  seatNames: readonly string[],
  packText?: PackText,
  room = MAX_BUTTONS,
): PromptButtons {
  const buttons: ButtonSpec[] = [];
  prompts.forEach((prompt, a) => {
    prompt.options.forEach((option, b) => {
      buttons.push({
        label: t(lang, option.label.code, humanParams(option.label.params, seatNames, [], packText ? { packText, lang } : undefined)),
        customId: encodeCustomId({ kind: 'prompt', gameId, seq, a, b }),
        style: b === 0 ? 'primary' : 'secondary',
      });
    });
  });
  const left = Math.max(0, buttons.length - room);
  return { buttons: buttons.slice(0, room), note: left > 0 ? t(lang, 'commands.replies.moreChoices', { count: left }) : null };
}

/** A readable label for a command: the game's own text when it has one, else the type and arguments. */
export function commandLabel(lang: Language, gameType: string, c: GameCommand): string {
  const code = `${gameType}.command.${c.type}`;
  if (hasText(code)) return t(lang, code, c.args as Record<string, unknown>);
  const args = Object.entries(c.args).map(([k, v]) => `${k}:${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return [c.type, ...args].join(' ');
}

/**
 * Autocomplete choices for legal commands (at most 25, Discord's limit): the value is `<seq>.<index>`,
 * so a choice made before the game moved on is refused instead of played.
 */
export function legalChoices(
  lang: Language,
  gameType: string,
  legal: { readonly seq: number; readonly commands: readonly GameCommand[] },
  typed: string,
): { name: string; value: string }[] {
  const needle = typed.toLowerCase();
  return legal.commands
    .map((c, i) => ({ name: commandLabel(lang, gameType, c), value: `${legal.seq}.${i}` }))
    .filter((choice) => choice.name.toLowerCase().includes(needle))
    .slice(0, 25);
}
