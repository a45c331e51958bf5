import { randomBytes, randomInt } from 'node:crypto';
import { drawEntropy, err, genesisSnapshot, hashSnapshot, ok, optionsRejection, reject, type GameEvent, type Genesis, type Json } from '../core/index.ts';
import {
  createGame,
  joinLobby,
  leaveLobby,
  openGameLimitReached,
  setGameStatus,
  startGame,
  type GameWithSeats,
  type JoinOutcome,
  type LeaveOutcome,
  type OutboxMessage,
} from '../store/index.ts';
import { resultOf } from './commit.ts';
import type { AnyModule, Loaded, Loader } from './game-load.ts';
import { initialPrefs } from './language.ts';
import { messagesFor, players } from './outbox-messages.ts';
import type { AppActor, AppDeps, AppResult, CommandResult, LobbyView, NewGameInput } from './types.ts';

/** The stored entropy of a lobby as the genesis takes it: four 32-bit words, or nothing (an explicit seed, an older game). */
function entropyOf(stored: unknown): { entropy?: number[] } {
  return Array.isArray(stored) && stored.length === 4 && stored.every((w) => Number.isInteger(w)) ? { entropy: stored as number[] } : {};
}

/** The lobby's size: what the host asked for, never beyond the game's range. */
function seatLimit(game: GameWithSeats, module: AnyModule): number {
  return Math.min(game.seatLimit ?? module.seats.max, module.seats.max);
}

function lobbyView(game: GameWithSeats, module: AnyModule): LobbyView {
  return { gameId: game.id, status: game.status, hostUserId: game.hostUserId, locale: game.locale, seats: players(game), minSeats: module.seats.min, maxSeats: seatLimit(game, module) };
}

/** A lobby's life outside the log: open, join, leave, kick, start, abandon. */
export function createLobby(deps: AppDeps, loader: Loader) {
  const { prisma, library, moduleFor, loadGame, packFor, cache } = loader;

  /** A lobby as it is after a membership change, or the reason the change was refused. */
  async function lobbyAfter(gameId: string, module: AnyModule, outcome: JoinOutcome | LeaveOutcome, max = 0): AppResult<LobbyView> {
    if (!outcome.ok) {
      switch (outcome.reason) {
        case 'closed':
          return reject('core.lobby.closed', { status: outcome.status });
        case 'notFound':
          return reject('core.game.notFound', { gameId });
        case 'full':
          return reject('core.lobby.full', { max });
        case 'alreadySeated':
          return reject('core.alreadyJoined');
        default:
          return reject('core.notJoined');
      }
    }
    const after = await loadGame(gameId);
    return after.ok ? ok(lobbyView(after.value, module)) : after;
  }

  /** Removes `userId` from a lobby (themselves, or kicked by the host). Serialized per game in the store. */
  async function unseat(gameId: string, userId: string, byHost: AppActor | null): AppResult<LobbyView> {
    const game = await loadGame(gameId);
    if (!game.ok) return game;
    const module = moduleFor(game.value.gameType);
    if (!module.ok) return module;
    if (byHost && game.value.hostUserId !== byHost.userId) return reject('core.notHost');
    return lobbyAfter(gameId, module.value, await leaveLobby(prisma, gameId, userId));
  }

  return {
    /**
     * Opens a lobby in a channel or thread; the host (or the given players) take the first seats. Refused
     * past the community's open-game limits; `openThread` runs only once everything else was accepted.
     */
    async newGame(input: NewGameInput): AppResult<LobbyView> {
      const module = moduleFor(input.gameType);
      if (!module.ok) return module;
      const options = module.value.optionsSchema.safeParse(input.options ?? {});
      if (!options.success) return err(optionsRejection(module.value.optionsSchema, (input.options ?? {}) as Record<string, unknown>, options.error));
      const seated = [...new Map((input.players ?? [input.host]).map((p) => [p.userId, p] as const)).values()];
      const limit = input.maxPlayers ?? module.value.seats.max;
      if (limit < module.value.seats.min || limit > module.value.seats.max) {
        return reject('core.game.badPlayers', { min: module.value.seats.min, max: module.value.seats.max });
      }
      if (seated.length > limit) return reject('core.lobby.full', { max: limit });
      const chosen = await library.choose(input.gameType, input.guildId, input.packId);
      if (!chosen.ok) return chosen;
      const pack = chosen.value;
      // A campaign seats its whole roster now and nobody can join later: what start would refuse is refused here.
      const refusal = input.campaign ? module.value.startRefusal?.(options.data, seated.map((p, index) => ({ index, name: p.userName })), pack?.data, input.campaign.carried ?? undefined) : null;
      if (refusal) return { ok: false, error: refusal };
      const limits = deps.limits;
      const reached = limits ? await openGameLimitReached(prisma, input.guildId, input.host.userId, limits) : null;
      if (reached) return reject(`core.limit.${reached.limit}`, { max: reached.max });
      const threadId = input.openThread ? await input.openThread() : (input.threadId ?? null);
      const created = await createGame(prisma, {
        guildId: input.guildId,
        channelId: input.channelId,
        threadId,
        gameType: input.gameType,
        packId: pack?.id ?? null,
        packVersion: pack?.version ?? null,
        packHash: pack?.hash ?? null,
        rulesVersion: module.value.rulesVersion,
        seed: input.seed ?? randomInt(0, 2 ** 31 - 1),
        // An explicit seed (tests, transcripts) replays as given; otherwise 128 more bits nobody can guess.
        entropy: input.seed === undefined ? drawEntropy((n) => randomBytes(n)) : null,
        options: options.data as Json,
        hostUserId: input.host.userId,
        locale: input.locale ?? input.host.locale ?? 'en',
        seatLimit: input.maxPlayers ?? null,
        players: seated.map((p) => ({ userId: p.userId, userName: p.userName, prefs: initialPrefs(p.locale) })),
        ...(input.campaign ? { campaign: input.campaign } : {}),
      }, limits);
      if (!created.ok) return created.reason === 'limit' ? reject(`core.limit.${created.limit}`, { max: created.max }) : reject('core.thread.taken');
      return ok(lobbyView(created.game, module.value));
    },

    /** Takes the next lobby seat; joining again, or into a full or closed lobby, is refused with the reason and changes nothing. */
    async join(gameId: string, actor: AppActor): AppResult<LobbyView> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      const module = moduleFor(game.value.gameType);
      if (!module.ok) return module;
      const limit = seatLimit(game.value, module.value);
      const joined = await joinLobby(prisma, gameId, { userId: actor.userId, userName: actor.userName, prefs: initialPrefs(actor.locale) }, limit);
      return lobbyAfter(gameId, module.value, joined, limit);
    },

    leave(gameId: string, actor: AppActor): AppResult<LobbyView> {
      return unseat(gameId, actor.userId, null);
    },

    kick(gameId: string, host: AppActor, userId: string): AppResult<LobbyView> {
      return unseat(gameId, userId, host);
    },

    /** Host only: seats in join order, genesis and setup snapshot at seq 0, first table post and secrets. */
    async start(gameId: string, host: AppActor): AppResult<CommandResult> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      const g = game.value;
      if (g.hostUserId !== host.userId) return reject('core.notHost');
      if (g.status !== 'lobby') return reject('core.lobby.closed', { status: g.status });
      const module = moduleFor(g.gameType);
      if (!module.ok) return module;
      const m = module.value;
      const seated = g.seats.filter((s) => s.role === 'player');
      if (seated.length < m.seats.min) return reject('core.lobby.tooFew', { min: m.seats.min });
      if (seated.length > seatLimit(g, m)) return reject('core.lobby.full', { max: seatLimit(g, m) });
      const pack = await packFor(g);
      if (!pack.ok) return pack;
      const genesis: Genesis = { gameType: g.gameType, rulesVersion: m.rulesVersion, options: g.options, seats: seated.map((s, index) => ({ index, name: s.userName })), seed: g.seed, ...entropyOf(g.entropy), ...(g.carried !== null ? { carried: g.carried as Json } : {}) };
      const refusal = m.startRefusal?.(g.options, genesis.seats, pack.value?.data, genesis.carried);
      if (refusal) return { ok: false, error: refusal };
      const snapshot = genesisSnapshot(m, genesis, pack.value?.data);
      const hash = hashSnapshot(snapshot);
      const startedGame: GameWithSeats = { ...g, seats: seated.map((s, index) => ({ ...s, index })) };
      const events: GameEvent[] = [
        { to: 'public', code: 'core.game.started', params: { count: seated.length } },
        ...(m.introduction?.(snapshot.state, pack.value?.data) ?? []),
      ];
      for (const seat of genesis.seats) events.push(...m.secretsFor(snapshot.state, seat.index).map((e) => ({ ...e, to: seat.index })));
      const outbox = messagesFor(startedGame, 0, events, null, m.awaiting(snapshot.state), false, false, null, m.privately?.(null, snapshot.state) ?? null);
      const started = await startGame(prisma, gameId, {
        genesis,
        snapshot,
        hash,
        expectedVersion: g.version,
        seatIds: seated.map((s) => s.id),
        packId: pack.value?.id ?? null,
        packVersion: pack.value?.version ?? null,
        packHash: pack.value?.hash ?? null,
        outbox,
      });
      if (!started.ok) return reject('core.movedOn');
      const loaded: Loaded = { game: startedGame, module: m, pack: pack.value, genesis, snapshot };
      return ok(resultOf(loaded, 0, snapshot, events, 'playing'));
    },

    /** Host only: ends a lobby or a running game for good. */
    async abandon(gameId: string, host: AppActor): AppResult<{ gameId: string; status: 'abandoned' }> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      if (game.value.hostUserId !== host.userId) return reject('core.notHost');
      const target = { channelId: game.value.threadId ?? game.value.channelId };
      const notice: OutboxMessage = { kind: 'post', target, payload: { gameId, gameType: game.value.gameType, seq: game.value.seq, locale: game.value.locale, events: [{ to: 'public', code: 'core.game.abandoned', params: { by: host.userId } }], image: false } };
      const retire: OutboxMessage = { kind: 'prompt', target, payload: { gameId, gameType: game.value.gameType, seq: game.value.seq, locale: game.value.locale, ended: true } };
      const changed = await setGameStatus(prisma, gameId, ['lobby', 'playing'], 'abandoned', game.value.status === 'playing' ? [notice, retire] : [notice]);
      cache.delete(gameId);
      return changed ? ok({ gameId, status: 'abandoned' }) : reject('core.game.notPlaying', { status: game.value.status });
    },
  };
}
