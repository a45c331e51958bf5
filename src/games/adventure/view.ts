import { inventoryOf, roomOfCharacter } from './rules.ts';
import type { AdventureState } from './state.ts';

/** One character as everyone sees it on the table (Rules §Health: health cards face up or grey). */
export interface CharacterView {
  readonly index: number;
  readonly id: string;
  readonly nameKey: string;
  readonly seat: number;
  readonly room: string;
  readonly location: number | null;
  readonly health: { readonly cards: number; readonly flipped: number };
  readonly inventory: readonly number[];
}

/** The public table. The format has no hidden hands: only unread entries and the stack stay unseen. */
export interface AdventureView {
  readonly packId: string;
  readonly packVersion: string;
  readonly chapter: number;
  readonly chapterCount: number;
  readonly turn: number;
  readonly activeSeat: number;
  readonly acted: boolean;
  readonly characters: readonly CharacterView[];
  readonly rooms: readonly { readonly room: string; readonly nameKey: string; readonly locations: readonly number[] }[];
  readonly stackCount: number;
  /** Seen cards now in the box, gone for good (Rules §Rules for Cards). */
  readonly box: readonly number[];
  readonly read: readonly string[];
  readonly lastEntry: string | null;
  readonly scores: readonly number[];
  readonly total: number;
  readonly hints: number;
  readonly notes: readonly { readonly seat: number; readonly text: string; readonly at: string }[];
  readonly pending: { readonly seat: number; readonly entry: string; readonly options: readonly { readonly index: number; readonly labelKey: string }[] } | null;
  readonly finished: boolean;
  readonly ratingKey: string | null;
}

/** Builds the public view; `viewFor` adds which characters the seat plays. */
export function publicAdventureView(state: AdventureState): AdventureView {
  return {
    packId: state.packId,
    packVersion: state.packVersion,
    chapter: state.chapter,
    chapterCount: state.chapterCount,
    turn: state.turn,
    activeSeat: state.characters[state.turn]?.seat ?? 0,
    acted: state.acted,
    characters: state.characters.map((c, index) => ({
      index,
      id: c.id,
      nameKey: `character.${c.id}`,
      seat: c.seat,
      room: roomOfCharacter(state, c),
      location: c.location,
      health: { cards: c.health.cards, flipped: c.health.flipped },
      inventory: inventoryOf(state, index),
    })),
    rooms: state.revealed.map((r) => ({ room: r.room, nameKey: `room.${r.room}`, locations: [...r.locations] })),
    stackCount: Object.values(state.cards).filter((p) => p === 'stack').length,
    box: Object.entries(state.cards)
      .filter(([n, p]) => p === 'box' && state.seenCards.includes(Number(n)))
      .map(([n]) => Number(n))
      .sort((a, b) => a - b),
    read: [...state.read],
    lastEntry: state.lastEntry,
    scores: [...state.scores],
    total: state.scores.reduce((a, b) => a + b, 0),
    hints: state.hints,
    notes: state.notes.map((n) => ({ ...n })),
    pending: state.pending
      ? { seat: state.pending.seat, entry: state.pending.entry, options: state.pending.options.map((o, index) => ({ index, labelKey: o.label })) }
      : null,
    finished: state.finished,
    ratingKey: state.rating === null ? null : `rating.${state.rating}`,
  };
}

/** An autocomplete choice in Discord's shape (name ≤ 100 characters, at most 25 per answer). */
export interface AutocompleteChoice {
  readonly name: string;
  readonly value: number;
}

/** Discord accepts at most 25 autocomplete choices per answer. */
export const AUTOCOMPLETE_MAX = 25;

/**
 * Locations of revealed rooms for `/explore`, `/combine location`, `/code location`, `/move`, filtered by
 * what the user typed so far. `name(key)` may resolve pack text keys (room names) in the reader's language.
 */
export function locationChoices(view: AdventureView, typed = '', name?: (key: string) => string | undefined): AutocompleteChoice[] {
  const out: AutocompleteChoice[] = [];
  for (const room of view.rooms) {
    const roomName = name?.(room.nameKey) ?? room.room;
    for (const location of room.locations) {
      if (!String(location).startsWith(typed.trim())) continue;
      out.push({ name: `${location} · ${roomName}`.slice(0, 100), value: location });
    }
  }
  return out.slice(0, AUTOCOMPLETE_MAX);
}

/** Cards held by the characters a seat plays, for `/combine cards`, `/give card` and `/hint card`. */
export function cardChoices(view: AdventureView, seat: number, typed = '', name?: (key: string) => string | undefined): AutocompleteChoice[] {
  const out: AutocompleteChoice[] = [];
  for (const c of view.characters) {
    if (c.seat !== seat) continue;
    for (const card of c.inventory) {
      if (!String(card).startsWith(typed.trim())) continue;
      const label = name?.(`card.${card}`);
      out.push({ name: (label ? `${card} · ${label}` : String(card)).slice(0, 100), value: card });
    }
  }
  return out.slice(0, AUTOCOMPLETE_MAX);
}
