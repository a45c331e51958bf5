import type { GameEvent } from '../../core/index.ts';
import type { Rng } from '../../core/rng.ts';
import type { ComaWardPack, Deed, Effect } from './content.ts';

/** Game options chosen at `/game new` (src/games/comaward/README.md cites both readings). */
export interface CwOptions {
  /** §Quirk Cards: leave quirks in the box for a first game. */
  readonly quirks: boolean;
  /** §Prologue Setup: the host names who was most recently in hospital; default seat 0. */
  readonly firstSeat: number;
  /** §Attacking (weapon Damage Rating, default) or the Glossary's Differential. */
  readonly damage: 'rating' | 'differential';
  /** §Your Character Statistics (Dexterity, default) or the Glossary's Health. */
  readonly moves: 'dexterity' | 'health';
}

export interface PlayerState {
  readonly seat: number;
  health: number;
  terror: number;
  neurosis: string;
  /** §Neurosis: flipped for good the first time Terror falls below 1. */
  hidden: boolean;
  quirk: string | null;
  quirkCount: number;
  /** Turn number of the owner's last declared quirk counter (one a turn). */
  declaredTurn: number;
  role: string | null;
  /** Space id, or null once eliminated. */
  at: string | null;
  /** Where the player died (their items lie there). */
  diedAt: string | null;
  alive: boolean;
  /** Item card uids carried (clues are never carried). */
  items: string[];
  /** Since the player's last turn (condition `didThisTurn`). */
  deeds: Deed[];
  /** Rooms whose "first time" effects this player has triggered (§Revealing New Rooms). */
  firstTime: string[];
  skipNext: boolean;
  entity: { id: string; uses: number } | null;
}

/** A list of effects still to run, about one player (`each` runs one frame per player). */
export interface Frame {
  readonly subject: number;
  effects: Effect[];
}

/** A question the rules wait for (ARCHITECTURE.md "Whose move it is"). */
export type Pending =
  | { kind: 'narrateSituation'; seat: number; subject: number; card: string; version: string }
  | { kind: 'hallucinationChoice'; seat: number; narrator: number; card: string; version: string }
  | { kind: 'narrateResult'; seat: number; subject: number; card: string; version: string; option: string }
  | { kind: 'choice'; seat: number; options: { label: string; effects: Effect[] }[] }
  | { kind: 'discard'; seat: number; type: string | null }
  | { kind: 'defend'; seat: number; attacker: number; mode: 'attack' | 'steal' | 'medicine'; medicine: string | null }
  | { kind: 'dodgeMove'; seat: number; attacker: number }
  | { kind: 'stealPick'; seat: number; from: number }
  | { kind: 'elevator'; seat: number; elevator: string; floors: string[] }
  | { kind: 'trade'; seat: number; from: number; give: string[]; take: string[] }
  | { kind: 'readIntro'; seat: number; phenomenon: string };

export interface TurnState {
  /** Moves spent this turn. */
  moved: number;
  extraMoves: number;
  mainDone: boolean;
  revealed: boolean;
  neurosisUsed: boolean;
  /** A move that ended on an empty slot: the reveal is owed (§Movement). */
  mustReveal: boolean;
  /** Seats attacked or traded with this turn (no attack and trade with the same player, §Trading Items). */
  attacked: number[];
  traded: number[];
  /** Where the player started the turn: starting in a room is not entering it (Glossary "Enter"). */
  startAt: string | null;
}

export interface ActorState {
  readonly uid: string;
  readonly card: string;
  readonly kind: 'enemy' | 'ally';
  at: string;
  health: number;
}

export interface PhenomenonState {
  readonly id: string;
  readonly narrator: number;
  introRead: boolean;
  round: number;
  /** Living seats still to play this round. */
  toPlay: number[];
  actors: ActorState[];
  defeated: string[];
  nextUid: number;
  fired: { index: number; round: number }[];
  entityDeck: string[];
}

export interface QueuedEntity {
  readonly seat: number;
  readonly target: number;
}

export interface CwState {
  readonly v: 1;
  /**
   * The rules version this game plays by: absent in games set up by rules 1, where the player to the left
   * narrated even when eliminated; 2 skips eliminated players (Glossary "Eliminate"). Kept so old logs replay.
   */
  readonly rules?: number;
  /** The pack's rules data without its texts, sealed and shared by every snapshot (the views need it). */
  readonly pack: ComaWardPack;
  readonly options: CwOptions;
  readonly seatCount: number;
  phase: 'prologue' | 'phenomenon' | 'over';
  players: PlayerState[];
  active: number;
  turnNo: number;
  turn: TurnState;
  decks: { rooms: string[]; hallucinationRooms: string[]; hallucinations: string[]; items: string[] };
  discards: { items: string[]; hallucinations: string[]; rooms: string[] };
  /** Revealed room slots by space id. */
  slots: Record<string, { card: string; kind: 'room' | 'hallucinationRoom' }>;
  /** Dropped item uids by space id. */
  floor: Record<string, string[]>;
  /** Rummage tokens by space id: the seats that rummaged there successfully. */
  rummaged: Record<string, number[]>;
  /** Portals placed by effects (printed ones come from the board). */
  portals: { in: string; out: string }[];
  /** Clues found, in order (§Clues: markers 1, 2, 3). */
  clues: { item: string; at: string; by: number }[];
  flags: string[];
  stack: Frame[];
  pending: Pending | null;
  queue: QueuedEntity[];
  phenomenon: PhenomenonState | null;
  ending: { id: string; winners: number[] } | null;
  /** Set when every player died with no ending to read. */
  wiped: boolean;
}

/** What a decision carries besides the state: the pack, chance, and the events it tells. */
export interface Env {
  readonly pack: ComaWardPack;
  readonly rng: Rng;
  readonly events: GameEvent[];
  revealed: boolean;
}

export const pub = (env: Env, code: string, params?: Record<string, string | number | boolean>): void => {
  env.events.push(params === undefined ? { code, to: 'public' } : { code, params, to: 'public' });
};

export const tell = (env: Env, seat: number, code: string, params?: Record<string, string | number | boolean>): void => {
  env.events.push(params === undefined ? { code, to: seat } : { code, params, to: seat });
};

export const player = (s: CwState, seat: number): PlayerState => {
  const p = s.players[seat];
  if (!p) throw new RangeError(`no seat ${seat}`);
  return p;
};

export const living = (s: CwState): PlayerState[] => s.players.filter((p) => p.alive);

/** The base id of an item card uid (`iv-pole~2` → `iv-pole`). */
export const itemId = (uid: string): string => uid.split('~')[0] as string;

/** The seat to the left (play passes left: the next seat, §What You Can Do on Your Turn). */
export const leftOf = (s: CwState, seat: number): number => (seat + 1) % s.seatCount;
export const rightOf = (s: CwState, seat: number): number => (seat - 1 + s.seatCount) % s.seatCount;

export const addDeed = (p: PlayerState, d: Deed): void => {
  if (!p.deeds.includes(d)) p.deeds.push(d);
};
