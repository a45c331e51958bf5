import type { z } from 'zod';
import type { Rejection, Result } from './result.ts';
import type { Rng } from './rng.ts';

/** JSON values: the only thing a state, a view or a command argument may hold. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A player's chair at the table. Seats are numbered from 0 in join order; users may change (replace). */
export interface SeatInfo {
  readonly index: number;
  /** Display name, for notices only; rules never depend on it. */
  readonly name: string;
}

/** A command as the rules see it: its type and validated arguments. */
export interface GameCommand<T extends string = string, A = Record<string, unknown>> {
  readonly type: T;
  readonly args: A;
}

/** What the rules may read besides state and command: the acting seat, recorded time, and chance. */
export interface DecideContext {
  /** Seat acting (or, for host actions, the seat acted for). `null` for the host acting as host. */
  readonly seat: number | null;
  /** Recorded with the command, so replay sees the same clock. ISO 8601 string. */
  readonly now: string;
  readonly rng: Rng;
  /** True when the host acts on behalf of a seat (`/game act`), so rules may refuse host-only paths. */
  readonly asHost: boolean;
  /** The content pack the game was started with (already validated), or `undefined` for packless games. */
  readonly pack: unknown;
  /**
   * Set only when replaying logged commands whose final hash is then checked: these rules accepted the
   * command when it was written, so they may skip working out whether it is legal. A command that would
   * now be refused shows as a hash mismatch, and the kernel replays again without this flag to report it.
   */
  readonly trusted?: boolean;
  /**
   * Set only when replaying: `state` is a snapshot the kernel made (never the genesis or a checkpoint it
   * was given) and will not read again, so the rules may change it in place and return it instead of
   * copying it first. Rules that copy anyway are just as correct.
   */
  readonly owned?: boolean;
}

/**
 * Something that happened, for people to read: a stable code plus parameters, rendered in each reader's
 * locale at the edge. `to: 'public'` goes to the game's channel; a seat number goes to that seat only.
 */
export interface GameEvent {
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number | boolean>>;
  readonly to: 'public' | number;
}

export interface Outcome<S> {
  readonly state: S;
  readonly events: readonly GameEvent[];
  /** Hidden information became known to someone (a card drawn, a role shown): forms the undo barrier. */
  readonly revealed?: boolean;
}

/** An answer the rules wait for in the middle of resolving something (ARCHITECTURE.md "Whose move it is"). */
export interface Prompt {
  readonly seat: number;
  readonly kind: string;
  /** Legal answers, each a ready command for that seat. */
  readonly options: readonly PromptOption[];
  /** The question in words, shown above the buttons in the turn message; absent when the labels say it all. */
  readonly question?: TextLine;
}

export interface PromptOption {
  readonly label: { readonly code: string; readonly params?: Readonly<Record<string, string | number | boolean>> };
  readonly command: GameCommand;
}

export type GameStatus =
  | { readonly phase: 'playing' }
  | { readonly phase: 'won'; readonly reason: string }
  | { readonly phase: 'lost'; readonly reason: string }
  | { readonly phase: 'ended'; readonly reason: string };

/** Who is awaited and why: reminders, deadlines, buttons and "your turn" notices are driven by this. */
export interface Awaiting {
  readonly seats: readonly number[];
  /** `turn` for the normal turn holder, otherwise the prompt kind. */
  readonly kind: string;
  /**
   * Tells turns apart when the same seats are awaited again (a solo player's next character): a new
   * value is a change of turn (a new table picture and turn message) even for the same seats.
   */
  readonly turn?: number;
}

/**
 * How a legal command reads to a player and how likely they want it now (autocomplete, turn buttons).
 * `code` is a text code; parameters named `…Key` are pack text keys and seat parameters become names
 * at the edge, as in events.
 */
export interface CommandLabel {
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number | boolean>>;
  /** Lower first: what a player most likely wants now comes before rarer or reference moves. */
  readonly rank: number;
  /** Worth a button on the turn message (the few most common moves); the rest stay in `/play`. */
  readonly common?: boolean;
  /**
   * The label names what only the acting seat may know (a card in hand, which image is real): the table is
   * told only that this seat chose in secret, never the label itself.
   */
  readonly secret?: boolean;
}

/** Translates a text code in one language: handed in by the edge, so pure code reads no locale files. */
export type Translate = (lang: string, code: string, params?: Readonly<Record<string, string | number | boolean>>) => string;

/** What `GameModule.readTyped` reads words with: the reader's language (for a refusal in words) and every language's text. */
export interface TypedWords {
  readonly lang: string;
  /** Every language a player may type in (a typed word is read in any of them). */
  readonly langs: readonly string[];
  readonly t: Translate;
}

/** Seats owed a private picture or private choice buttons after a command (`GameModule.privately`). */
export interface PrivateDelivery {
  readonly pictures: readonly number[];
  readonly choices: readonly number[];
}

/** A text line with its code, translated at the edge (alt text of a table picture). */
export interface TextLine {
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number | boolean>>;
}

/**
 * The contract every game implements. Everything here is pure: no I/O, no clock, no unseeded chance.
 * Modelled on a decider (Emmett) with boardgame.io's pure moves, plus structured rejections.
 */
export interface GameModule<S = unknown, O = unknown, P = unknown> {
  readonly id: string;
  /** Bumped whenever a rule change would alter how an existing log replays. */
  readonly rulesVersion: string;
  /**
   * Older rules versions this module still replays exactly (a game created under one keeps it, see
   * `setup`'s `rulesVersion`); imports and verification replay their segments. None when absent: games
   * under an older version then move on from a rules checkpoint (src/core/checkpoints.ts), and their older
   * segments are verified against that checkpoint instead of replayed, so old rules code may be dropped.
   */
  readonly olderRulesVersions?: readonly string[];
  readonly seats: { readonly min: number; readonly max: number };
  /** Game options chosen at `/game new` (validated at the edge). */
  readonly optionsSchema: z.ZodType<O>;
  /** One schema per command type; the router and the fuzzers validate arguments with these. */
  readonly commandSchemas: Readonly<Record<string, z.ZodType>>;
  /** Validates a content pack's parsed files; absent for games that need none. */
  readonly packSchema?: z.ZodType<P>;
  /**
   * `rulesVersion` is the one the game was created with (its genesis): a module that changed its rules
   * may keep older games on their old rules so their logs replay to the same hashes.
   */
  setup(options: O, seats: readonly SeatInfo[], rng: Rng, pack: P, rulesVersion?: string, carried?: Json): S;
  /**
   * Refuses a start whose options do not fit the seats taken (options are checked alone at `/game new`,
   * before anyone joins), with a reason for the host; null when the game can start. `pack` and `carried`
   * are what setup would receive (a campaign may have used up what a game needs).
   */
  startRefusal?(options: unknown, seats: readonly SeatInfo[], pack?: P, carried?: Json): Rejection | null;
  decide(state: S, command: GameCommand, ctx: DecideContext): Result<Outcome<S>, Rejection>;
  /** What everyone may see. Everything posted in a channel is built from this only. */
  publicView(state: S): Json;
  /** What one seat may see (the public view plus its secrets). */
  viewFor(state: S, seat: number): Json;
  /** Secrets of one seat, for `/secrets` and DMs; an empty list when the seat holds none. */
  secretsFor(state: S, seat: number): readonly GameEvent[];
  /** Public events told when the game starts (an opening passage); none when absent. */
  introduction?(state: S, pack: P): readonly GameEvent[];
  prompts(state: S): readonly Prompt[];
  awaiting(state: S): Awaiting;
  status(state: S): GameStatus;
  /**
   * What a command owes seats in private (issue 17), told by DM only to each seat named: `pictures`, the
   * seat's own view (`viewFor`) drawn with the game's table renderer; `choices`, the seat's legal commands
   * as DM buttons, for answers whose very options are secret (a hand, a reaction card). `before` is null
   * at the start. None when absent.
   */
  privately?(before: S | null, after: S): PrivateDelivery;
  /** Commands that are irreversible by their nature even without chance or a reveal. */
  isIrreversible?(command: GameCommand): boolean;
  /** Every legal command the seat could issue now. Feeds autocomplete, fuzzing and random players. */
  legalCommands(state: S, seat: number): readonly GameCommand[];
  /**
   * A command `seat` typed in words where the legal list offers only a few of the legal ones (issue 20: any
   * payment in the Lifeform shuttle conflict): the command, or a refusal with its reason; null when the
   * game reads no typed command now. The command is then decided like any other.
   */
  readTyped?(state: S, seat: number, text: string, pack: P, words: TypedWords): Result<GameCommand, Rejection> | null;
  /** How a legal command reads and ranks (issue 15); without it the edge shows the command's type. */
  labelCommand?(state: S, command: GameCommand, seat: number): CommandLabel;
  /**
   * A line under a seat's legal commands where the list is not all it may do (issue 20: in the Lifeform
   * shuttle conflict any other matching payment may be typed, see `readTyped`); null or absent: none.
   */
  choicesNote?(state: S, seat: number): TextLine | null;
  /** The table in words, from the public view (the picture's alt text); none when absent. */
  describeView?(view: Json): readonly TextLine[];
  /** A pack text by key in a language (entry, card and room texts), for events carrying `textKey`. */
  textOf?(pack: P, key: string, lang: string): string | undefined;
  /** What a hard deadline does for a seat that did not act (issue "Asynchronous play"); null: nothing. */
  timeoutAction?(state: S, seat: number): GameCommand | null;
  /** What this game hands on to the next game of a campaign (issue "Campaigns"); absent: nothing carries. */
  readonly campaign?: CampaignPart<S>;
}

/**
 * A game's part in a campaign. Pure, like the rest of the contract: what a finished game hands on is read
 * from its final state only, and setup takes it in through `Genesis.carried` (so replay and verify see it).
 */
export interface CampaignPart<S> {
  /** Validates a carried value before setup takes it in (a stored campaign or an imported file). */
  readonly carriedSchema: z.ZodType;
  /** What a finished game hands on; `received` is what it was given at setup (null for the first game). */
  carry(state: S, received: Json | null): Json;
  /** Per seat: the side or role the seat played and whether it won, for the campaign's standings. */
  results?(state: S): readonly SeatResult[];
  /** The carried value in words, for `/campaign status` and the "Previously" opening. */
  describeCarried?(carried: Json): readonly TextLine[];
  /**
   * Whether the campaign is over after a game handed on `carried` (pure): null while it goes on, else how it
   * ended. `pack` is the campaign's pinned pack (the one the finished game played), when the game has packs.
   */
  over?(carried: Json, pack?: unknown): CampaignEnding | null;
  /**
   * Story the pack tells once a game handed on `carried` after `before` (pure): text lines to add to the
   * journal and "Previously" (e.g. passages unlocked by defeated foes); none when absent.
   */
  unlocked?(carried: Json, before: Json | null, pack?: unknown): readonly TextLine[];
}

/** How a campaign ended: won, lost, or done (its story told to the end); `code` and `params` say it in words. */
export interface CampaignEnding {
  readonly kind: 'won' | 'lost' | 'done';
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** One seat's result in a finished game (`side` is a text code such as `lifeform.side.crew`). */
export interface SeatResult {
  readonly seat: number;
  readonly side: string;
  readonly won: boolean;
}

/*
 * Rendering is deliberately not part of this contract: `src/games/<id>/render.ts` draws a view with
 * `src/render` and is registered in `src/render/registry.ts`, so pure code never loads canvas.
 */
