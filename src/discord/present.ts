import type { CommandLabel, GameCommand, GameEvent, Prompt, TextLine } from '../core/index.ts';
import type { ButtonSpec } from './reply.ts';
import { encodeCustomId } from './custom-id.ts';
import { hasText, t, type Language } from '../i18n/index.ts';

/** Looks up a content pack's text by key in a language (entries, card texts); undefined when absent. */
export type PackText = (key: string, lang: Language) => string | undefined;

/** A list in the reader's language ("a, b and c" / "a, b y c"). */
export const listIn = (items: readonly string[], lang: Language): string => new Intl.ListFormat(lang === 'en' ? 'en-GB' : lang, { style: 'long', type: 'conjunction' }).format(items);

/** Comma-separated locale codes as words: each code once, translated with how often it came (`count`), listed. */
function codesWords(value: string, lang: Language): string {
  const counts = new Map<string, number>();
  for (const code of value.split(',').filter((c) => c !== '')) counts.set(code, (counts.get(code) ?? 0) + 1);
  return listIn([...counts].map(([code, count]) => t(lang, code, { count })), lang);
}

/**
 * Parameters as the reader sees them: every seat index (`seat`, `targetSeat`, …) also gets a
 * `…Name` (the seated player's name) and a `…Mention` so strings can say who, not which number.
 * With a language: a `…Key` is pack text, a `…Code` a locale code translated with the line's other
 * parameters (keys already resolved), and `…Codes` comma-separated locale codes listed in words,
 * a repeated code translated once with its `count` ("2 claws and 1 acid").
 */
export function humanParams(
  params: GameEvent['params'],
  seatNames: readonly string[],
  seatUsers: readonly string[] = [],
  text?: { readonly packText?: PackText | undefined; readonly lang: Language },
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(params ?? {}) };
  for (const [key, value] of Object.entries(params ?? {})) {
    if (text?.packText && typeof value === 'string' && key.endsWith('Key')) {
      out[key] = text.packText(value, text.lang) ?? value;
    }
    if (typeof value === 'number' && (key === 'seat' || key.endsWith('Seat') || key === 'from' || key === 'to')) {
      out[`${key}Name`] = seatNames[value] ?? `#${value + 1}`;
      out[`${key}Mention`] = seatUsers[value] ? `<@${seatUsers[value]}>` : (seatNames[value] ?? `#${value + 1}`);
    }
  }
  if (!text) return out;
  const resolved = { ...out };
  for (const [key, value] of Object.entries(params ?? {})) {
    if (typeof value !== 'string') continue;
    if (key.endsWith('Codes')) out[key] = codesWords(value, text.lang);
    else if (key.endsWith('Code')) out[key] = t(text.lang, value, resolved);
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
      const params = humanParams(event.params, seatNames, seatUsers, { packText, lang });
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
        label: t(lang, option.label.code, humanParams(option.label.params, seatNames, [], { packText, lang })),
        customId: encodeCustomId({ kind: 'prompt', gameId, seq, a, b }),
        style: b === 0 ? 'primary' : 'secondary',
      });
    });
  });
  const left = Math.max(0, buttons.length - room);
  return { buttons: buttons.slice(0, room), note: left > 0 ? t(lang, 'commands.replies.moreChoices', { count: left }) : null };
}

/** The questions the prompts put, one line each in the reader's language (prompts without one add none). */
export function promptQuestions(prompts: readonly Prompt[], lang: Language, naming: Naming): string[] {
  return [...new Set(prompts.flatMap((p) => (p.question ? [lineText(lang, p.question, naming)] : [])))];
}

/** A readable label for a command: the game's own text when it has one, else the type and arguments. */
export function commandLabel(lang: Language, gameType: string, c: GameCommand): string {
  const code = `${gameType}.command.${c.type}`;
  if (hasText(code)) return t(lang, code, c.args as Record<string, unknown>);
  const args = Object.entries(c.args).map(([k, v]) => `${k}:${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return [c.type, ...args].join(' ');
}

/** How the reader's table names things: seats by player name, pack keys by their text. */
export interface Naming {
  readonly seatNames: readonly string[];
  readonly packText?: PackText | undefined;
}

/** A game-declared text line (a label, an alt-text line) in the reader's language. */
export function lineText(lang: Language, line: TextLine, naming: Naming): string {
  return t(lang, line.code, humanParams(line.params, naming.seatNames, [], { packText: naming.packText, lang }));
}

/** A legal command as a player reads it: the game's label when it declares one. */
export function legalLabel(lang: Language, gameType: string, command: GameCommand, label: CommandLabel | undefined, naming: Naming): string {
  return label ? lineText(lang, label, naming) : commandLabel(lang, gameType, command);
}

/** Legal commands in the order a player most likely wants them (the game's rank, then its own order). */
export function rankedLegal(legal: { readonly commands: readonly GameCommand[]; readonly labels?: readonly CommandLabel[] }): number[] {
  const order = legal.commands.map((_, i) => i);
  const labels = legal.labels;
  if (!labels) return order;
  return order.sort((a, b) => (labels[a]?.rank ?? 0) - (labels[b]?.rank ?? 0) || a - b);
}

/** Discord shows at most 25 autocomplete choices. @see https://discord.com/developers/docs/interactions/application-commands#autocomplete */
export const MAX_CHOICES = 25;

/** The value of the last choice when more matched than fit: refused with "pick from the list". */
export const NARROW_VALUE = 'more';

/**
 * Autocomplete choices for legal commands, ranked, with human labels: the value is `<seq>.<index>`,
 * so a choice made before the game moved on is refused instead of played. When more match than
 * Discord shows, the last place says how many are left and to type to narrow them.
 */
export function legalChoices(
  lang: Language,
  gameType: string,
  legal: { readonly seq: number; readonly commands: readonly GameCommand[]; readonly labels?: readonly CommandLabel[] },
  typed: string,
  naming: Naming = { seatNames: [] },
): { name: string; value: string }[] {
  const needle = typed.trim().toLowerCase();
  const matching = rankedLegal(legal)
    .map((i) => ({ name: legalLabel(lang, gameType, legal.commands[i] as GameCommand, legal.labels?.[i], naming), value: `${legal.seq}.${i}` }))
    .filter((choice) => choice.name.toLowerCase().includes(needle));
  if (matching.length <= MAX_CHOICES) return matching;
  const shown = matching.slice(0, MAX_CHOICES - 1);
  return [...shown, { name: t(lang, 'commands.replies.narrow', { count: matching.length - shown.length }), value: NARROW_VALUE }];
}

/** Buttons of the most common moves a turn message offers besides its prompts. */
export const MAX_MOVE_BUTTONS = 8;

/**
 * The turn message's buttons for one seat's common moves (the game marks them `common`), ranked, skipping
 * those a prompt button already offers; each id carries the seat so another player's click is refused.
 */
export function moveButtons(
  lang: Language,
  gameType: string,
  gameId: string,
  legal: { readonly seq: number; readonly seat: number; readonly commands: readonly GameCommand[]; readonly labels?: readonly CommandLabel[] },
  naming: Naming,
  skip: readonly GameCommand[],
  room: number,
): ButtonSpec[] {
  const same = (a: GameCommand, b: GameCommand): boolean => a.type === b.type && JSON.stringify(a.args) === JSON.stringify(b.args);
  return rankedLegal(legal)
    .filter((i) => legal.labels?.[i]?.common === true && i <= 999 && !skip.some((c) => same(c, legal.commands[i] as GameCommand)))
    .slice(0, Math.max(0, Math.min(room, MAX_MOVE_BUTTONS)))
    .map((i) => ({
      label: legalLabel(lang, gameType, legal.commands[i] as GameCommand, legal.labels?.[i], naming),
      customId: encodeCustomId({ kind: 'legal', gameId, seq: legal.seq, a: i, b: legal.seat }),
      style: 'secondary' as const,
    }));
}

/**
 * A seat's private choices as DM buttons (`GameModule.privately`): every legal command of that seat,
 * ranked, each id carrying the seat; a note says how many more only `/play` lists (Discord allows 25
 * buttons a message). Sent to that player alone, so labels may name their own secret cards.
 */
export function choiceButtons(
  lang: Language,
  gameType: string,
  gameId: string,
  legal: { readonly seq: number; readonly seat: number; readonly commands: readonly GameCommand[]; readonly labels?: readonly CommandLabel[] },
  naming: Naming,
  room = MAX_BUTTONS,
): PromptButtons {
  const ranked = rankedLegal(legal).filter((i) => i <= 999);
  const buttons = ranked.slice(0, room).map((i, n) => ({
    label: legalLabel(lang, gameType, legal.commands[i] as GameCommand, legal.labels?.[i], naming),
    customId: encodeCustomId({ kind: 'legal', gameId, seq: legal.seq, a: i, b: legal.seat }),
    style: n === 0 ? ('primary' as const) : ('secondary' as const),
  }));
  const left = ranked.length - buttons.length;
  return { buttons, note: left > 0 ? t(lang, 'commands.replies.moreChoices', { count: left }) : null };
}

/**
 * Discord's limit for an attachment's description (its alt text).
 * @see https://discord.com/developers/docs/resources/message#attachment-object
 */
export const MAX_ALT_TEXT = 1024;

/** Lines of a picture's description joined and kept within Discord's limit, cut after a whole line or word. */
export function altText(lines: readonly string[]): string {
  const whole = lines.join(' ');
  if (whole.length <= MAX_ALT_TEXT) return whole;
  let kept = '';
  for (const line of lines) {
    if (kept.length + line.length + 2 > MAX_ALT_TEXT) break;
    kept = kept ? `${kept} ${line}` : line;
  }
  if (!kept) kept = whole.slice(0, MAX_ALT_TEXT - 1).replace(/\s+\S*$/, '');
  return `${kept}…`;
}
