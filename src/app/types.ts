import type { Checkpoint, CommandLabel, SegmentCheck, SegmentsReport, GameCommand, GameEvent, GameModule, GameStatus, Genesis, Json, LogEntry, Prompt, Rejection, Result, TextLine } from '../core/index.ts';
import type { Database, GameRowStatus, GameWithSeats, OpenGameLimits, WakeSignal } from '../store/index.ts';

/** Who acts: a Discord user. `locale` is the user's client locale, for replies chosen at the edge. */
export interface AppActor {
  readonly userId: string;
  readonly userName: string;
  readonly locale?: string;
}

/** A content pack as the registry hands it over (already validated). */
export interface PackRef {
  readonly id: string;
  readonly version: string;
  /** `stateHash` of the pack's merged files: a game records it and refuses other content under the same version. */
  readonly hash: string;
  readonly data: unknown;
  readonly name?: { readonly en: string; readonly es: string };
  /** The guild that uploaded it (`/pack upload`); absent for the packs shipped in assets/packs. */
  readonly guildId?: string;
  /** Per file, the hash of each top-level entry: what an upgrade summary compares. */
  readonly digest?: PackDigest;
}

/**
 * The pack columns of a game row: what it was created with and finds again, shipped or uploaded to its
 * server. Everything that shows a game's pack texts or draws its table looks the pack up by all of them.
 */
export interface PackPin {
  readonly gameType: string;
  readonly guildId: string | null;
  readonly packId: string | null;
  readonly packVersion: string | null;
  readonly packHash: string | null;
}

/** File key → entry key → hash (see `PackRef.digest`). */
export type PackDigest = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface AppLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AppDeps {
  readonly db: Database;
  readonly games: Readonly<Record<string, GameModule<any, any, any>>>;
  /**
   * A shipped pack: without `packId`, the game type's default; without `version`, the newest version of
   * that pack. `undefined` for packless games.
   */
  readonly packs: (gameType: string, packId?: string, version?: string) => PackRef | undefined;
  /** Every shipped pack version (for `/game new pack:` choices and upgrades); none when absent. */
  readonly packList?: (gameType?: string) => readonly (PackRef & { readonly gameType: string })[];
  readonly clock: () => Date;
  readonly logger?: AppLogger;
  /** Started games kept in memory by this process (least recently used out); 0 keeps none. */
  readonly cacheSize?: number;
  /** How many lobbies and games a user and a server may hold open (issue 14); none when absent. */
  readonly limits?: OpenGameLimits;
  /** Told of every command this app commits, and of other processes' (their games leave the cache). */
  readonly wake?: WakeSignal;
  /**
   * Told after a campaign's game ended (src/app/campaigns.ts records it); never awaited by the command.
   * A missed call is caught up by the campaign's next read.
   */
  readonly onCampaignGameEnded?: (gameId: string) => void;
}

export interface SeatSummary {
  readonly seat: number;
  readonly userId: string;
  readonly userName: string;
}

/** Whoever the game waits for, with user ids, so the edge can mention them. */
export interface AwaitingSeats {
  readonly kind: string;
  readonly seats: readonly SeatSummary[];
}

export interface LobbyView {
  readonly gameId: string;
  readonly status: GameRowStatus;
  readonly hostUserId: string;
  /** The game's language: the lobby's public answers are written in it. */
  readonly locale: string;
  readonly seats: readonly SeatSummary[];
  readonly minSeats: number;
  readonly maxSeats: number;
}

/** What `start`, `play` and `undo` return: the public events to reply with at once, and who is next. */
export interface CommandResult extends PackPin {
  readonly gameId: string;
  /** The game's language (chosen at `/game new`): public answers are written in it. */
  readonly locale: string;
  readonly seq: number;
  /** The seated players, so the answer can name them without another query. */
  readonly seats: readonly SeatSummary[];
  /** Questions now awaiting an answer (buttons under the reply). */
  readonly prompts: readonly Prompt[];
  /** Public events only; seat-addressed ones go out as DMs through the outbox. */
  readonly events: readonly GameEvent[];
  readonly awaiting: AwaitingSeats;
  readonly status: GameRowStatus;
  readonly phase: GameStatus;
  /** True when the nonce had already been used: nothing was applied, the earlier result is returned. */
  readonly duplicate?: boolean;
  /** The turn passed: a turn message (with the buttons and the one ping) follows through the outbox. */
  readonly turnPassed?: boolean;
}

export interface GameStatusView extends PackPin {
  readonly gameId: string;
  readonly status: GameRowStatus;
  readonly hostUserId: string;
  readonly seq: number;
  readonly seats: readonly SeatSummary[];
  /** Null while in the lobby. */
  readonly awaiting: AwaitingSeats | null;
  readonly phase: GameStatus | null;
  readonly publicView: Json | null;
  readonly locale: string;
}

/** Pending prompts at a seq, so buttons built from them can be refused once the game moved on. */
export interface PromptsView {
  readonly gameId: string;
  readonly seq: number;
  readonly prompts: readonly Prompt[];
}

/** Every legal command of the user's seat at a seq (autocomplete, random players). */
export interface LegalView {
  readonly gameId: string;
  readonly seq: number;
  readonly seat: number;
  readonly commands: readonly GameCommand[];
  /** How each command reads and ranks, index for index, when the game declares labels. */
  readonly labels?: readonly CommandLabel[];
  /** What else the seat may do besides the list (`GameModule.choicesNote`), when the game says so. */
  readonly note?: TextLine;
}

export interface SecretsView {
  readonly seat: number;
  readonly events: readonly GameEvent[];
  readonly view: Json;
}

/** A pack as an export names it; `hash` (the pack's content hash) is optional until games record it. */
export interface ExportPack {
  readonly id: string;
  readonly version: string;
  readonly hash?: string;
}

/** One seat of an exported game: players and spectators, with their notification settings in a backup. */
export interface ExportSeat {
  readonly index: number;
  readonly userId: string;
  readonly userName: string;
  readonly role: 'player' | 'spectator';
  /** Personal settings (time zone, quiet hours, channel): only in the operator's backup. */
  readonly prefs?: Json;
  readonly awayUntil?: string | null;
}

/** A seat's reminder and deadline clock, as `SeatClock` holds it. */
export interface ExportClock {
  readonly seat: number;
  readonly active: boolean;
  readonly turnSeq: number;
  readonly kind: string;
  readonly turnStartedAt: string;
  readonly remindersSent: number;
  readonly stalledSent: boolean;
  readonly extensionsThisTurn: number;
  readonly extensionsUsed: number;
  readonly reminderRef: Json;
}

/** A scheduled reminder, deadline or dormancy check, as `ScheduledJob` holds it. */
export interface ExportJob {
  readonly queue: string;
  readonly key: string;
  readonly seq: number;
  readonly at: string;
  readonly data: Json;
}

/** The game row around the log: where it is played, who hosts it and how it reminds. */
export interface ExportGameRow {
  /** The id it had where it was exported (job keys carry it). */
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly threadId: string | null;
  readonly status: GameRowStatus;
  readonly hostUserId: string;
  readonly locale: string;
  readonly seatLimit: number | null;
  readonly policy: Json;
  readonly pausedAt: string | null;
  readonly dormantAt: string | null;
  readonly lastActivityAt: string;
  readonly turnSeq: number;
}

/**
 * One portable, verifiable document per game (the seed and the whole log): enough to rebuild and verify
 * it anywhere. Version 2 adds the game row, seats, clocks and scheduled jobs, so it is a whole backup;
 * version 1 files (log only) are still read.
 */
export interface GameExport {
  readonly format: 'turnkeeper.game/1' | 'turnkeeper.game/2';
  readonly gameType: string;
  readonly rulesVersion: string;
  readonly pack: ExportPack | null;
  readonly genesis: Genesis;
  readonly log: readonly LogEntry[];
  /**
   * Where the game moved on to a newer rules version: the verified snapshot after `seq`, from which the
   * commands after it replay under `rulesVersion`. Absent when it never did.
   */
  readonly checkpoints?: readonly Checkpoint[];
  readonly game?: ExportGameRow;
  readonly seats?: readonly ExportSeat[];
  /** Operator backups only. */
  readonly clocks?: readonly ExportClock[];
  /** Operator backups only. */
  readonly jobs?: readonly ExportJob[];
}

/** One command of a table record: who acted, when, and what the table was told. */
export interface RecordEntry {
  readonly seq: number;
  readonly seat: number | null;
  readonly asHost: boolean;
  readonly actorUserId: string;
  readonly at: string;
  readonly undone: boolean;
  readonly events: readonly GameEvent[];
}

/**
 * What the table has seen of a running game (`/game export` by the host during play): the public view
 * and the public events of each command. No seed, no state hash, no command arguments, no hidden state:
 * it cannot be verified nor imported.
 */
export interface GameRecord {
  readonly format: 'turnkeeper.record/1';
  readonly verifiable: false;
  /** What the file is, in the reader's language: added at the Discord edge. */
  readonly note?: string;
  readonly gameType: string;
  readonly rulesVersion: string;
  readonly pack: ExportPack | null;
  readonly status: GameRowStatus;
  readonly seq: number;
  readonly seats: readonly { readonly index: number; readonly userName: string }[];
  readonly opening: readonly GameEvent[];
  readonly log: readonly RecordEntry[];
  readonly publicView: Json;
}

/** What `/game export` hands a user: the table record during play, the verifiable file once it ended. */
export type ExportForUser = { readonly kind: 'record'; readonly doc: GameRecord } | { readonly kind: 'full'; readonly doc: GameExport };

/** One problem of a refused import: where in the document, and what was expected there (English, for the CLI). */
export interface ImportProblem {
  /** Path inside the document, e.g. `log[3].at`; '' for the document as a whole. */
  readonly path: string;
  readonly message: string;
}

/** A log proven end to end, or where and why it diverged (the segments' failure, src/core/checkpoints.ts). */
export type VerifyReport =
  | { readonly ok: true; readonly commands: number; readonly hash: string; readonly segments: readonly SegmentCheck[] }
  | Extract<SegmentsReport, { ok: false }>;

export interface NewGameInput {
  readonly guildId: string;
  readonly channelId: string;
  readonly threadId?: string | null;
  readonly host: AppActor;
  readonly gameType: string;
  readonly options?: unknown;
  /** Seated in this order; default: the host alone. */
  readonly players?: readonly AppActor[];
  /** Seats the host wants (within the game's range); default: the game's maximum. */
  readonly maxPlayers?: number;
  readonly seed?: number;
  readonly locale?: string;
  /** A pack id, or `id@version`; a shipped pack first, else one the guild uploaded. */
  readonly packId?: string;
  /**
   * Opens the game's thread once everything else was accepted, just before the lobby is written (a
   * refused `/game new` leaves no empty thread behind); its id replaces `threadId`.
   */
  readonly openThread?: () => Promise<string>;
  /** The next game of a campaign (src/app/campaigns.ts): its place, the carried state, the inherited policy. */
  readonly campaign?: { readonly id: string; readonly index: number; readonly carried: Json | null; readonly policy: Json };
}

/** Where an imported game goes; without it, back where it was exported from (a version 2 file). */
export interface ImportPlace {
  readonly guildId: string;
  readonly channelId: string;
  readonly threadId?: string | null;
  /** Host when the file names none (version 1). */
  readonly host: AppActor;
  readonly locale?: string;
}

export type AppResult<T> = Promise<Result<T, Rejection>>;

/** A finished game as a campaign reads it (`App.finished`): the row, the module, the last state, the public events. */
export interface FinishedGame {
  readonly game: GameWithSeats;
  readonly module: GameModule<any, any, any>;
  readonly genesis: Genesis;
  readonly state: unknown;
  /** The pack the game played (its data), when the game has packs. */
  readonly pack?: unknown;
  /** Every public event of the game in order, undone commands left out. */
  readonly publicEvents: readonly GameEvent[];
}
