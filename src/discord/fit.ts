import { AUTOCOMPLETE_CHOICES_MAX, CHOICE_TEXT_MAX, lengthOf } from './limits.ts';

const ELLIPSIS = '…';

/**
 * A label (button, choice name, thread name) of at most `max` characters: whole when it fits, else
 * shortened at the last word boundary with an ellipsis, so a reader never sees half a word.
 */
export function fitLabel(text: string, max: number): string {
  if (lengthOf(text) <= max) return text;
  const chars = Array.from(text);
  const room = chars.slice(0, max - 1).join('');
  const boundary = room.search(/\s\S*$/);
  const cut = boundary > Math.floor(room.length / 2) ? room.slice(0, boundary) : room;
  return `${cut.trimEnd().replace(/[\s,.;:·–-]+$/u, '')}${ELLIPSIS}`;
}

export interface Choice {
  readonly name: string;
  readonly value: string | number;
}

/**
 * Autocomplete choices as Discord accepts them: at most 25, each name fitted to 100 characters. A value
 * is never cut, since a cut value would stand for another move: a choice whose value is too long is left
 * out and reported through `dropped`.
 * @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-choice-structure
 */
export function fitChoices(choices: readonly Choice[], dropped?: (choice: Choice) => void): Choice[] {
  const out: Choice[] = [];
  for (const choice of choices) {
    if (out.length === AUTOCOMPLETE_CHOICES_MAX) break;
    if (typeof choice.value === 'string' && (lengthOf(choice.value) > CHOICE_TEXT_MAX || choice.value === '')) {
      dropped?.(choice);
      continue;
    }
    const name = fitLabel(choice.name.trim() === '' ? String(choice.value) : choice.name, CHOICE_TEXT_MAX);
    out.push({ name, value: choice.value });
  }
  return out;
}
