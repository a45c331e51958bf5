import type { Rejection, SeatInfo } from '../../core/index.ts';
import type { AdventurePack, ChoiceOption, Effect } from './content.ts';
import type { AdventureOptions } from './commands.ts';

/** Rules §Health: health cards per character by the number of characters at the table. */
export const HEALTH_BY_CHARACTERS: Readonly<Record<number, number>> = { 2: 6, 3: 4, 4: 3 };

/** Rules §Health: health cards in play and how many of them show their grey side. */
export interface Health {
  readonly cards: number;
  readonly flipped: number;
}

export interface Character {
  readonly id: string;
  /** The seat that plays this character (one seat plays several in a solo game, Rules §Solo game setup). */
  readonly seat: number;
  /** The location the figure stands next to, or null while it waits in the starting room. */
  readonly location: number | null;
  readonly health: Health;
}

/** Where an adventure card is: the face-down stack, the box (for good), or a character's inventory. */
export type CardPlace = 'stack' | 'box' | number;

/** An entry's choice waiting for the active player; `rest` is what the entry does after the answer. */
export interface PendingChoice {
  readonly seat: number;
  readonly entry: string;
  readonly options: readonly ChoiceOption[];
  readonly rest: readonly Effect[];
  /** Whether the entry may still award points when the answer resumes it (an entry's points count once). */
  readonly mayScore: boolean;
}

export interface RevealedRoom {
  readonly room: string;
  readonly locations: readonly number[];
}

export interface Note {
  readonly seat: number;
  readonly text: string;
  readonly at: string;
}

/** The whole table. Plain JSON; entry text never lives here, only entry numbers. */
export interface AdventureState {
  readonly packId: string;
  readonly packVersion: string;
  readonly seatCount: number;
  readonly characters: readonly Character[];
  /** Index of the active character (clockwise order is index order). */
  readonly turn: number;
  /** Rules §Game Overview: one action per turn. */
  readonly acted: boolean;
  readonly chapter: number;
  readonly chapterCount: number;
  readonly startRoom: string;
  /** Revealed rooms in the order they were revealed, with their locations (copied from the pack). */
  readonly revealed: readonly RevealedRoom[];
  readonly cards: Readonly<Record<string, CardPlace>>;
  /** Cards that were ever face up, so hints and the box stay spoiler-safe. */
  readonly seenCards: readonly number[];
  readonly flags: readonly string[];
  /** Entries read at least once, in first-read order. */
  readonly read: readonly string[];
  readonly lastEntry: string | null;
  /** Points per chapter (index 0 is chapter 1). */
  readonly scores: readonly number[];
  /** Entries that have awarded their points: reading one again scores nothing (no farming by repetition). */
  readonly scored: readonly string[];
  /** The entry that ended each chapter so far (index 0 is chapter 1): a chapter ends once. */
  readonly endedBy: readonly string[];
  readonly hints: number;
  readonly notes: readonly Note[];
  readonly pending: PendingChoice | null;
  readonly finished: boolean;
  /** Index into the pack's rating table once the game is over. */
  readonly rating: number | null;
}

/** Characters at the table: one per seat, or the lone player's chosen number (Rules §Solo game setup). */
function characterCount(options: AdventureOptions, seats: readonly SeatInfo[]): number {
  return seats.length === 1 ? options.characters : seats.length;
}

/** Rules §Game Overview: the first player chosen at `/game new` must be one of the seats (or solo characters) at the table. */
export function startRefusal(options: AdventureOptions, seats: readonly SeatInfo[]): Rejection | null {
  const count = characterCount(options, seats);
  if (options.first <= count) return null;
  return { code: seats.length === 1 ? 'adventure.start.firstCharacterMissing' : 'adventure.start.firstSeatMissing', params: { first: options.first, count } };
}

/**
 * Rules §Game Setup: room A face up, every adventure card in the stack, health by the number of characters.
 * Rules §Game Overview: the group picks who begins (`first`, counted from 1; the first player by default).
 */
export function initialState(options: AdventureOptions, seats: readonly SeatInfo[], pack: AdventurePack): AdventureState {
  const count = characterCount(options, seats);
  const chosen = pack.characters.slice(0, count);
  const health = HEALTH_BY_CHARACTERS[count] ?? 6;
  const cards: Record<string, CardPlace> = {};
  for (const n of Object.keys(pack.cards)) cards[n] = 'stack';
  return {
    packId: pack.id,
    packVersion: pack.version,
    seatCount: seats.length,
    characters: chosen.map((c, i) => ({ id: c.id, seat: seats.length === 1 ? 0 : i, location: null, health: { cards: health, flipped: 0 } })),
    turn: Math.min(options.first, chosen.length) - 1,
    acted: false,
    chapter: 1,
    chapterCount: pack.chapters.length,
    startRoom: pack.start.room,
    revealed: [{ room: pack.start.room, locations: pack.rooms[pack.start.room]?.locations ?? [] }],
    cards,
    seenCards: [],
    flags: [],
    read: [],
    lastEntry: null,
    scores: pack.chapters.map(() => 0),
    scored: [],
    endedBy: [],
    hints: 0,
    notes: [],
    pending: null,
    finished: false,
    rating: null,
  };
}
