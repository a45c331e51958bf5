import { ok, reject, type Json, type Rejection, type Result } from '../core/index.ts';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { extend, resolvePolicy, type GamePolicy, type PolicyInput, type PrismaDueStore, type QueueName, type Scheduler } from '../scheduler/index.ts';
import { addSpectator, enqueue, getGame, type GameWithSeats, type OutboxMessage } from '../store/index.ts';
import { jobKey, mergePolicy, turnClock, type ClockRow } from './schedule-plan.ts';
import type { App } from './service.ts';
import type { AppActor, AppResult, CommandResult } from './types.ts';

/** What the controls share with the schedule that plans and runs the jobs (schedule.ts). */
export interface ControlDeps {
  readonly prisma: PrismaClient;
  readonly app: App;
  readonly scheduler: Scheduler;
  readonly store: PrismaDueStore;
  readonly clock: () => Date;
  readonly policyOf: (game: { guildId: string; policy: unknown }) => Promise<GamePolicy>;
  readonly planGame: (gameId: string) => Promise<void>;
  readonly planSeat: (game: GameWithSeats, policy: GamePolicy, row: ClockRow, now: number) => Promise<void>;
  readonly notice: (game: GameWithSeats, code: string, params: Record<string, Json>, to?: { userId: string }) => OutboxMessage;
  readonly drop: (queue: QueueName, k: string) => Promise<void>;
}

/**
 * The host's and players' controls over a game's clock (issue 5): its policy, pause and resume,
 * extensions, skipping a turn, replacing a player, spectating and muting a reminder. Each changes the
 * stored rows first, then plans the game's jobs again through the schedule.
 */
export function createControls(deps: ControlDeps) {
  const { prisma, app, scheduler, store, clock, policyOf, planGame, planSeat, notice, drop } = deps;

  async function hostGame(gameId: string, actor: AppActor): Promise<Result<GameWithSeats, Rejection>> {
    const game = await getGame(prisma, gameId);
    if (!game) return reject('core.game.notFound', { gameId });
    if (game.hostUserId !== actor.userId) return reject('core.notHost');
    return ok(game);
  }

  async function playingHostGame(gameId: string, actor: AppActor): Promise<Result<GameWithSeats, Rejection>> {
    const game = await hostGame(gameId, actor);
    if (!game.ok) return game;
    if (game.value.status !== 'playing') return reject('core.game.notPlaying', { status: game.value.status });
    return game;
  }

  return {
    /** The game's policy (guild defaults under the game's own settings). */
    async policy(gameId: string): AppResult<GamePolicy> {
      const game = await getGame(prisma, gameId);
      if (!game) return reject('core.game.notFound', { gameId });
      return ok(await policyOf(game));
    },

    /** Host only: changes the game's policy; a bad value is refused with the path and nothing changes. */
    async settings(gameId: string, actor: AppActor, patch: PolicyInput): AppResult<GamePolicy> {
      const game = await hostGame(gameId, actor);
      if (!game.ok) return game;
      const current = (game.value.policy ?? {}) as Record<string, Record<string, unknown>>;
      const merged = mergePolicy(current, patch);
      const guild = await prisma.guildSettings.findUnique({ where: { guildId: game.value.guildId } });
      const resolved = resolvePolicy((guild?.policy ?? {}) as PolicyInput, merged as PolicyInput);
      if (!resolved.ok) return resolved;
      await prisma.game.update({ where: { id: gameId }, data: { policy: merged as Prisma.InputJsonValue } });
      await planGame(gameId);
      return resolved;
    },

    /** Host only: nothing is reminded, no deadline runs and no command is taken until `resume`. */
    async pause(gameId: string, actor: AppActor): AppResult<{ pausedAt: Date }> {
      const game = await playingHostGame(gameId, actor);
      if (!game.ok) return game;
      if (game.value.pausedAt) return reject('schedule.game.alreadyPaused');
      const now = clock();
      await prisma.game.update({ where: { id: gameId }, data: { pausedAt: now, version: { increment: 1 } } });
      await scheduler.apply([], await store.removeGame(gameId));
      return ok({ pausedAt: now });
    },

    /** Host only: the paused time is given back to every waiting seat (reminders and deadlines shift). */
    async resume(gameId: string, actor: AppActor): AppResult<{ pausedMs: number }> {
      const game = await playingHostGame(gameId, actor);
      if (!game.ok) return game;
      const pausedAt = game.value.pausedAt;
      if (!pausedAt) return reject('schedule.game.notPaused');
      const pausedMs = Math.max(0, clock().getTime() - pausedAt.getTime());
      const rows = await prisma.seatClock.findMany({ where: { gameId, active: true } });
      await prisma.$transaction([
        prisma.game.update({ where: { id: gameId }, data: { pausedAt: null, version: { increment: 1 } } }),
        ...rows.map((r) => prisma.seatClock.update({ where: { gameId_seat: { gameId, seat: r.seat } }, data: { turnStartedAt: new Date(r.turnStartedAt.getTime() + pausedMs) } })),
      ]);
      await planGame(gameId);
      return ok({ pausedMs });
    },

    /**
     * One extension of a waiting seat's deadline: by its player, or by the host for any seat. Refused past
     * the per-turn cap, the player's budget or the host's bound (issue 5).
     */
    async extend(gameId: string, actor: AppActor, seat?: number): AppResult<{ seat: number; deadline: number; clamped: boolean }> {
      const game = await getGame(prisma, gameId);
      if (!game) return reject('core.game.notFound', { gameId });
      if (game.status !== 'playing') return reject('core.game.notPlaying', { status: game.status });
      const own = game.seats.find((s) => s.role === 'player' && s.userId === actor.userId);
      const target = seat ?? own?.index;
      if (target === undefined) return reject('core.seat.none');
      if (target !== own?.index && game.hostUserId !== actor.userId) return reject('core.notHost');
      const row = await prisma.seatClock.findUnique({ where: { gameId_seat: { gameId, seat: target } } });
      if (!row || !row.active) return reject('schedule.extension.notWaiting', { seat: target + 1 });
      const policy = await policyOf(game);
      const now = clock().getTime();
      const e = extend(policy, turnClock(row), now);
      if (!e.ok) return e;
      const updated = await prisma.seatClock.update({ where: { gameId_seat: { gameId, seat: target } }, data: { extensionsThisTurn: e.value.extensionsThisTurn, extensionsUsed: e.value.extensionsUsed } });
      await planSeat(game, policy, updated, now);
      return ok({ seat: target, deadline: e.value.deadline, clamped: e.value.clamped });
    },

    /** Host only: every awaited seat plays its timeout action now. */
    async skip(gameId: string, actor: AppActor, nonce: string): AppResult<CommandResult> {
      const game = await playingHostGame(gameId, actor);
      if (!game.ok) return game;
      const status = await app.status(gameId);
      if (!status.ok) return status;
      const seat = status.value.awaiting?.seats[0];
      if (!seat) return reject('schedule.skip.nobody');
      return app.timeout(gameId, seat.seat, nonce, actor.userId);
    },

    /**
     * Host only: hands a seat to another user, who then receives the seat's secrets by DM. The seat's
     * history stays; only who plays it changes.
     */
    async replace(gameId: string, actor: AppActor, seat: number, user: { userId: string; userName: string }): AppResult<{ seat: number; previousUserId: string }> {
      const game = await playingHostGame(gameId, actor);
      if (!game.ok) return game;
      const current = game.value.seats.find((s) => s.role === 'player' && s.index === seat);
      if (!current) return reject('core.seat.unknown', { seat: seat + 1 });
      if (game.value.seats.some((s) => s.userId === user.userId && s.role === 'player')) return reject('schedule.replace.alreadySeated', { mention: `<@${user.userId}>` });
      await prisma.$transaction([
        prisma.seat.deleteMany({ where: { gameId, userId: user.userId, role: 'spectator' } }),
        // A fresh seat for the newcomer: none of the previous player's choices, and taken now (by the database's clock, as member rows are stamped).
        prisma.$executeRawUnsafe(`UPDATE "Seat" SET "userId" = $2, "userName" = $3, "prefs" = '{}', "prefsAt" = '{}', "awayUntil" = NULL, "joinedAt" = clock_timestamp()::timestamptz(3) WHERE "id" = $1`, current.id, user.userId, user.userName),
        prisma.game.update({ where: { id: gameId }, data: { version: { increment: 1 } } }),
      ]);
      const secrets = await app.secrets(gameId, user.userId);
      const messages: OutboxMessage[] = [notice(game.value, 'schedule.replace.done', { seat: seat + 1, mention: `<@${user.userId}>`, previous: `<@${current.userId}>` })];
      if (secrets.ok && secrets.value.events.length > 0) {
        messages.push({
          kind: 'dm',
          target: { userId: user.userId, seat },
          payload: { gameId, gameType: game.value.gameType, seq: game.value.seq, locale: game.value.locale, events: secrets.value.events as unknown as Json },
        });
      }
      await enqueue(prisma, gameId, messages);
      await planGame(gameId);
      return ok({ seat, previousUserId: current.userId });
    },

    /**
     * Joins as a spectator: sees the public table, never acts, never receives a secret. Watching again is
     * a no-op (`already`); members watching at the same moment each get their own seat (issue 14).
     */
    async watch(gameId: string, actor: AppActor): AppResult<{ gameId: string; already: boolean }> {
      const r = await addSpectator(prisma, gameId, { userId: actor.userId, userName: actor.userName });
      if (r.ok) return ok({ gameId, already: r.already });
      return r.reason === 'seated' ? reject('core.alreadyJoined') : reject('core.game.notFound', { gameId });
    },

    /** "Mute until my next turn" from the button on a reminder (`turnSeq` is the wait the button was drawn for). */
    async mute(gameId: string, userId: string, seat: number, turnSeq: number): AppResult<{ seat: number }> {
      const game = await getGame(prisma, gameId);
      const s = game?.seats.find((x) => x.role === 'player' && x.index === seat);
      if (!game || !s || s.userId !== userId) return reject(game?.seats.some((x) => x.role === 'player' && x.userId === userId) ? 'core.seat.notYours' : 'core.seat.none');
      const row = await prisma.seatClock.findUnique({ where: { gameId_seat: { gameId, seat } } });
      if (!row || !row.active || row.turnSeq !== turnSeq) return reject('core.button.stale');
      await prisma.seat.update({ where: { id: s.id }, data: { prefs: { ...((s.prefs ?? {}) as Record<string, unknown>), mutedUntilNextTurn: true } as Prisma.InputJsonValue } });
      await drop('reminder', jobKey.remind(gameId, seat));
      return ok({ seat });
    },

  };
}
