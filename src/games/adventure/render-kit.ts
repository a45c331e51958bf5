import { PALETTE } from '../../render/index.ts';
import { packText, type AdventurePack } from './content.ts';

export type Params = Readonly<Record<string, string | number>>;

/**
 * Resolves text for the pictures: pack text keys (`room.A`, `location.101`, `character.brisa`, `card.10`,
 * `chapter.1`, `rating.2`) and locale codes (`adventure.render.*`, with `{{param}}` interpolation).
 * `undefined` makes the picture show the key itself, so a missing string is visible but never crashes.
 */
export type AdventureText = (key: string, lang: string, params?: Params) => string | undefined;

/** A lookup over one pack's texts, with locale codes (`adventure.…`) handed to `ui` (the edge's `t`). */
export function adventureText(pack: AdventurePack, ui: (code: string, lang: string, params?: Params) => string | undefined): AdventureText {
  return (key, lang, params) => (key.startsWith('adventure.') ? ui(key, lang, params) : packText(pack, key, lang));
}

/**
 * Layout width of the table, in units. Discord shows a picture about 550 px
 * wide on a phone: at 800 units the smallest type (FONT_SIZE.small, 16) is 11 px there.
 */
export const TABLE_WIDTH = 800;
/** Pixels per unit: the posted image is 1600 px wide and stays sharp when a player opens it. */
export const PICTURE_DENSITY = 2;

export const MARGIN = 16;
export const GAP = 12;

/** Figure colours by character index; the view carries no pack colours, these match the box's four figures. */
const FIGURE_COLOURS = [PALETTE.blue, PALETTE.red, PALETTE.green, '#b8860b'] as const;

export function figureColour(index: number): string {
  return FIGURE_COLOURS[index % FIGURE_COLOURS.length] ?? PALETTE.purple;
}

/** `say(key)`: the text, or the key (with its params) when the lookup has none. `maybe(key)`: the text or undefined. */
export function lookup(text: AdventureText | undefined, lang: string): { say: (key: string, params?: Params) => string; maybe: (key: string) => string | undefined } {
  return {
    say: (key, params) => {
      const found = text?.(key, lang, params);
      if (found !== undefined) return found;
      const values = params === undefined ? [] : Object.values(params);
      return values.length === 0 ? key : `${key} ${values.join(' ')}`;
    },
    maybe: (key) => text?.(key, lang),
  };
}

/** "Brisa, the navigator" → "Brisa": the part before the comma. */
export function shortName(name: string): string {
  const head = name.split(',')[0]?.trim() ?? '';
  return head.length > 0 ? head : name;
}

/** The letter on a character's figure. */
export function initial(name: string): string {
  return shortName(name).slice(0, 1).toUpperCase();
}
