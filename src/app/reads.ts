import { ok, reject, replayPublic, type Rejection, type Result } from '../core/index.ts';
import { findGameByThread, lastTurnMessage, liveChoiceMessages, loadLog, markChoicesRetired, rulesCheckpoints, type ChoiceMessage, type TurnMessageRecord, type GameWithSeats } from '../store/index.ts';
import type { Loaded, Loader } from './game-load.ts';
import { awaitingSeats, players } from './outbox-messages.ts';
import { pinOf } from './packs.ts';
import type { AppResult, FinishedGame, GameStatusView, LegalView, PromptsView, SecretsView, SeatSummary } from './types.ts';

/** A seat's legal commands with the game's labels (absent when the game declares none). */
function legalView(loaded: Loaded, gameId: string, seq: number, seat: number): LegalView {
  const state = loaded.snapshot.state;
  const commands = loaded.module.legalCommands(state, seat);
  const label = loaded.module.labelCommand;
  const note = loaded.module.choicesNote?.(state, seat) ?? null;
  return { gameId, seq, seat, commands, ...(label ? { labels: commands.map((c) => label(state, c, seat)) } : {}), ...(note ? { note } : {}) };
}

/** What a turn message shows, from one read of the game (see `turnView`). */
export interface TurnView {
  readonly view: GameStatusView;
  /** The pending prompts (null before the start). */
  readonly prompts: PromptsView | null;
  /** The legal commands of the awaited seat when exactly one is awaited and the game is playing. */
  readonly legal: LegalView | null;
}

/** The seat `userId` holds in a game: their first, or `seat` when they hold it (undefined otherwise). */
function seatOf(game: GameWithSeats, userId: string, seat?: number): SeatSummary | undefined {
  return players(game).find((s) => s.userId === userId && (seat === undefined || s.seat === seat));
}

/** What the service answers without writing: status, prompts, legal commands, secrets, thread lookups. */
export function createReads(loader: Loader) {
  const { prisma, cache, readGame, readStarted } = loader;

  function statusOf(read: Result<{ game: GameWithSeats; loaded: Loaded | null }, Rejection>): Result<GameStatusView, Rejection> {
    if (!read.ok) return read;
    const { game: g, loaded } = read.value;
    const base = { gameId: g.id, ...pinOf(g), status: g.status, hostUserId: g.hostUserId, seq: g.seq, seats: players(g), locale: g.locale };
    if (loaded === null) return ok({ ...base, awaiting: null, phase: null, publicView: null });
    const { module, snapshot } = loaded;
    return ok({ ...base, awaiting: awaitingSeats(module.awaiting(snapshot.state), base.seats), phase: module.status(snapshot.state), publicView: module.publicView(snapshot.state) });
  }

  return {
    /**
     * The game a Discord thread hosts, by id and type only (a thread hosts at most one game, ever, so this
     * never goes stale): for commands whose write checks everything else.
     */
    async gameInThread(threadId: string): AppResult<{ gameId: string; gameType: string }> {
      const known = cache.byThread(threadId);
      if (known) return ok({ gameId: known.game.id, gameType: known.game.gameType });
      const row = await prisma.game.findUnique({ where: { threadId }, select: { id: true, gameType: true } });
      return row ? ok({ gameId: row.id, gameType: row.gameType }) : reject('core.game.notFound', { threadId });
    },

    /** Every legal command of one seat, for the host acting for it (`/game act`). */
    async legalForSeat(gameId: string, seat: number): AppResult<LegalView> {
      const read = await readGame({ id: gameId });
      if (!read.ok) return read;
      const { game, loaded } = read.value;
      if (!players(game).some((s) => s.seat === seat)) return reject('core.seat.unknown', { seat });
      if (game.status !== 'playing' || loaded === null) return reject('core.game.notPlaying', { status: game.status });
      return ok(legalView(loaded, gameId, game.seq, seat));
    },

    /** The turn message posted before an outbox row (its channel and message), so its buttons can be retired. */
    turnMessageBefore(gameId: string, outboxId: string): Promise<TurnMessageRecord | null> {
      return lastTurnMessage(prisma, gameId, outboxId);
    },

    /** The private choice DMs sent before an outbox row whose buttons are still enabled (to `userId` only, if given). */
    liveChoicesBefore(gameId: string, outboxId: string, userId?: string): Promise<ChoiceMessage[]> {
      return liveChoiceMessages(prisma, gameId, outboxId, userId);
    },

    /** Records that those DMs' buttons are disabled, by their outbox rows (the one write among the reads: delivery bookkeeping). */
    choicesRetired(rowIds: readonly string[]): Promise<void> {
      return markChoicesRetired(prisma, rowIds);
    },

    status(gameId: string): AppResult<GameStatusView> {
      return readGame({ id: gameId }).then(statusOf);
    },

    /** The status of the game hosted in a Discord thread (`core.game.notFound` when there is none). */
    statusByThread(threadId: string): AppResult<GameStatusView> {
      return readGame({ threadId }).then(statusOf);
    },

    /** The id of the game hosted in a Discord thread (`core.game.notFound` when there is none). */
    async findByThread(threadId: string): AppResult<string> {
      const game = await findGameByThread(prisma, threadId);
      return game ? ok(game.id) : reject('core.game.notFound', { threadId });
    },

    /**
     * The status, the prompts and the one awaited seat's legal commands from a single read of the game (one
     * probe of its row when cached): what a turn message draws, instead of `status`, `prompts` and `legal`.
     */
    async turnView(gameId: string): AppResult<TurnView> {
      const read = await readGame({ id: gameId });
      const status = statusOf(read);
      if (!status.ok) return status;
      if (!read.ok) return read;
      const { game, loaded } = read.value;
      if (loaded === null) return ok({ view: status.value, prompts: null, legal: null });
      const awaited = status.value.awaiting?.seats ?? [];
      const only = awaited.length === 1 && game.status === 'playing' ? awaited[0] : undefined;
      return ok({
        view: status.value,
        prompts: { gameId, seq: game.seq, prompts: loaded.module.prompts(loaded.snapshot.state) },
        legal: only ? legalView(loaded, gameId, game.seq, only.seat) : null,
      });
    },

    async prompts(gameId: string): AppResult<PromptsView> {
      const loaded = await readStarted(gameId);
      if (!loaded.ok) return loaded;
      return ok({ gameId, seq: loaded.value.game.seq, prompts: loaded.value.module.prompts(loaded.value.snapshot.state) });
    },

    /** A user's legal commands: their seat's, or with `seat` that one of their seats (a user may hold several). */
    async legal(gameId: string, userId: string, seat?: number): AppResult<LegalView> {
      const read = await readGame({ id: gameId });
      if (!read.ok) return read;
      const { game, loaded } = read.value;
      const held = seatOf(game, userId, seat);
      if (!held) return reject('core.seat.none');
      if (game.status !== 'playing' || loaded === null) return reject('core.game.notPlaying', { status: game.status });
      return ok(legalView(loaded, gameId, game.seq, held.seat));
    },

    /**
     * What one user's seat holds in secret, always read from the current state (`/secrets`): their seat's,
     * or with `seat` that one of their seats; refused for a seat they do not hold.
     */
    async secrets(gameId: string, userId: string, seat?: number): AppResult<SecretsView> {
      const read = await readGame({ id: gameId });
      if (!read.ok) return read;
      const { game, loaded } = read.value;
      const held = seatOf(game, userId, seat);
      if (!held) return reject('core.seat.none');
      if (loaded === null) return reject('core.game.notStarted');
      const { module, snapshot } = loaded;
      return ok({ seat: held.seat, events: module.secretsFor(snapshot.state, held.seat), view: module.viewFor(snapshot.state, held.seat) });
    },

    /**
     * A finished game's last state with its game row, for what a campaign carries on (`GameModule.campaign`)
     * and its journal; refused while the game is not finished, so nothing secret leaves a running game.
     */
    async finished(gameId: string): AppResult<FinishedGame> {
      const read = await readGame({ id: gameId });
      if (!read.ok) return read;
      const { game, loaded } = read.value;
      if (game.status !== 'finished' || loaded === null) return reject('core.game.notFinished', { status: game.status });
      const [log, checkpoints] = await Promise.all([loadLog(prisma, game.id), rulesCheckpoints(prisma, game.id)]);
      const replayed = replayPublic(loaded.module, loaded.genesis, log, loaded.pack?.data, false, checkpoints.at(-1));
      return ok({ game, module: loaded.module, genesis: loaded.genesis, state: loaded.snapshot.state, pack: loaded.pack?.data, publicEvents: replayed.entries.flatMap((e) => (e.isUndo ? [] : e.events)) });
    },
  };
}
