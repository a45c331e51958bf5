import type { Json } from '../core/index.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import {
  awayHandling,
  awayTimeoutAt,
  dormantAt,
  fireIdOf,
  newlyAwaited,
  nextReminderAt,
  onDeadline,
  type PrismaDueStore,
  stalledNoticeAt,
  type DueItem,
  type FireTicket,
  type GamePolicy,
  type PlayerPrefs,
  type QueueName,
  type Scheduler,
} from '../scheduler/index.ts';
import { changeWaits, enqueue, getGame, type Database, type GameWithSeats, type OutboxMessage } from '../store/index.ts';
import { createAbsence } from './schedule-absence.ts';
import { createCampaignDormancy } from './schedule-campaign.ts';
import { createDueStore } from './schedule-due.ts';
import { createControls } from './schedule-controls.ts';
import { createServerDefaults } from './schedule-defaults.ts';
import {
  dormancyJob,
  dropSeatJobs,
  JobPlan,
  outboxRow,
  policyFrom,
  prefsOf,
  refOf,
  seatJobs,
  stalledName,
  turnClock,
  type ClockRow,
  type ReminderRef,
} from './schedule-plan.ts';
import type { App } from './service.ts';
import type { AppLogger } from './types.ts';

const HOUR_MS = 3_600_000;

export type { ReminderRef };
export { createDueStore };

/** The payload of a `turn` outbox row, as `messagesFor` (outbox-messages.ts) writes it. */
export interface TurnPayload {
  readonly gameId: string;
  readonly seq: number;
  readonly kind: string;
  readonly seats: readonly { readonly seat: number; readonly userId: string; readonly userName: string }[];
  /** Seats whose wait began again in turn rows dropped under a backlog (turn-coalesce.ts): restarted too. */
  readonly restarted?: readonly number[];
}

export interface ScheduleDeps {
  readonly db: Database;
  readonly app: App;
  readonly scheduler: Scheduler;
  readonly store: PrismaDueStore;
  readonly clock: () => Date;
  readonly logger?: AppLogger;
}

/** The prefs of the player in seat `index`; none when nobody plays it. */
function seatPrefs(game: GameWithSeats, index: number): PlayerPrefs | undefined {
  const seat = game.seats.find((s) => s.role === 'player' && s.index === index);
  return seat ? prefsOf(seat) : undefined;
}

/**
 * Asynchronous play (issue 5): turns the `turn` outbox rows into reminder, stalled-notice and deadline
 * jobs kept in PostgreSQL and queued in the scheduler, runs them when they fall due, and offers the
 * host and player controls (policy, pause, extend, skip, replace, spectate, mute: schedule-controls.ts; prefs and away: schedule-absence.ts).
 */
export function createSchedule(deps: ScheduleDeps) {
  const { db, app, scheduler, store, clock, logger } = deps;
  const prisma = db.prisma;

  async function put(item: DueItem): Promise<void> {
    await store.put(item);
    await scheduler.schedule(item);
  }

  async function drop(queue: QueueName, k: string): Promise<void> {
    await store.remove(queue, k);
    await scheduler.cancel(queue, k);
  }

  /** Writes a plan: one statement for its drops, one for its puts, then the queues. */
  async function apply(plan: JobPlan): Promise<void> {
    const { puts, drops } = plan;
    await store.removeAll(drops);
    await store.putAll(puts);
    await scheduler.apply(puts, drops);
  }

  async function policyOf(game: { guildId: string; policy: unknown }): Promise<GamePolicy> {
    const guild = await prisma.guildSettings.findUnique({ where: { guildId: game.guildId } });
    return policyFrom(guild?.policy, game.policy);
  }

  function target(game: GameWithSeats): { channelId: string } {
    return { channelId: game.threadId ?? game.channelId };
  }

  function notice(game: GameWithSeats, code: string, params: Record<string, Json>, to?: { userId: string }): OutboxMessage {
    return { kind: 'notice', target: to ?? target(game), payload: { gameId: game.id, gameType: game.gameType, seq: game.seq, locale: game.locale, code, params } };
  }

  /** Plans the jobs of one waiting seat (two statements at most). */
  async function planSeat(game: GameWithSeats, policy: GamePolicy, row: ClockRow, now: number): Promise<void> {
    const plan = new JobPlan();
    seatJobs(plan, game, seatPrefs(game, row.seat), policy, row, now);
    await apply(plan);
  }

  async function planGame(gameId: string): Promise<void> {
    const game = await getGame(prisma, gameId);
    if (!game) return;
    const policy = await policyOf(game);
    const now = clock().getTime();
    const rows = await prisma.seatClock.findMany({ where: { gameId } });
    const plan = new JobPlan();
    for (const row of rows) seatJobs(plan, game, seatPrefs(game, row.seat), policy, row, now);
    dormancyJob(plan, game, policy);
    await apply(plan);
  }

  async function loadFor(ticket: FireTicket) {
    const game = await getGame(prisma, ticket.gameId);
    const row = ticket.seat === undefined ? null : await prisma.seatClock.findUnique({ where: { gameId_seat: { gameId: ticket.gameId, seat: ticket.seat } } });
    if (!game || !row || row.turnSeq !== ticket.seq || !row.active) return null;
    const seat = game.seats.find((s) => s.role === 'player' && s.index === row.seat);
    if (!seat) return null;
    return { game, row, seat, policy: await policyOf(game), now: clock().getTime() };
  }

  async function onReminder(ticket: FireTicket): Promise<void> {
    await store.removeFired(ticket);
    const ctx = await loadFor(ticket);
    if (!ctx) return;
    const { game, row, seat, policy, now } = ctx;
    const hours = Math.max(1, Math.round((now - row.turnStartedAt.getTime()) / HOUR_MS));
    const prefs = prefsOf(seat);
    if (ticket.data.kind === 'stalled') {
      // Worked out again now, from the member's row: none while away and skipped or timed out, later while a reminder waits for them.
      const away = awayHandling(policy, prefs, now);
      if (row.stalledSent || away === 'skip' || away === 'timeout') return;
      const due = Math.max(stalledNoticeAt(policy, row.turnStartedAt.getTime(), now) ?? now, nextReminderAt(policy, prefs, row.turnStartedAt.getTime(), row.remindersSent, now) ?? 0);
      if (due > now + 1_000) return put({ queue: 'reminder', key: ticket.key, at: new Date(due), data: ticket.data });
      await prisma.$transaction([
        prisma.seatClock.update({ where: { gameId_seat: { gameId: game.id, seat: row.seat } }, data: { stalledSent: true } }),
        prisma.outbox.create({ data: outboxRow(game.id, notice(game, 'schedule.stalled.notice', { player: stalledName(seat), hours })) }),
      ]);
      return;
    }
    const at = nextReminderAt(policy, prefs, row.turnStartedAt.getTime(), row.remindersSent, now);
    if (at === null) return;
    if (at > now + 1_000) {
      await put({ queue: 'reminder', key: ticket.key, at: new Date(at), data: ticket.data });
      return;
    }
    const message: OutboxMessage = {
      kind: 'reminder',
      target: prefs.channel === 'dm' ? { userId: seat.userId, seat: row.seat } : target(game),
      payload: { gameId: game.id, gameType: game.gameType, seq: game.seq, turnSeq: row.turnSeq, locale: prefs.language ?? game.locale, seat: row.seat, userId: seat.userId, channel: prefs.channel, hours },
    };
    const updated = await prisma.$transaction([
      prisma.seatClock.update({ where: { gameId_seat: { gameId: game.id, seat: row.seat } }, data: { remindersSent: { increment: 1 } } }),
      prisma.outbox.create({ data: outboxRow(game.id, message) }),
    ]);
    await planSeat(game, policy, updated[0], now);
  }

  /** Plays the seat's timeout action and, when the game took it, tells the table with `notice`. */
  async function playTimeout(game: GameWithSeats, seat: number, ticket: FireTicket, told: OutboxMessage): Promise<void> {
    const r = await app.timeout(game.id, seat, `timeout.${ticket.fireId}`);
    if (r.ok) await enqueue(prisma, game.id, [told]);
    else logger?.warn({ gameId: game.id, seat, code: r.error.code }, 'schedule.timeoutRefused');
  }

  /**
   * An away player's seat (issue 5 "Absence"): skipped at once, or played by the timeout action once its
   * deadline falls; the table is told the player is away, without pinging them. A player back by then
   * (or a game now set to wait) gets their seat's ordinary jobs instead.
   */
  async function onAwayJob(ticket: FireTicket, ctx: NonNullable<Awaited<ReturnType<typeof loadFor>>>): Promise<void> {
    const { game, row, seat, policy, now } = ctx;
    const prefs = prefsOf(seat);
    const away = awayHandling(policy, prefs, now);
    const params = { player: seat.userName, until: prefs.awayUntil ? Math.floor(Date.parse(prefs.awayUntil) / 1000) : 0 };
    if (away === 'skip') return playTimeout(game, row.seat, ticket, notice(game, 'schedule.away.skipped', params));
    if (away !== 'timeout') return planSeat(game, policy, row, now);
    const due = awayTimeoutAt(policy, row.turnStartedAt.getTime(), row.extensionsThisTurn);
    if (due > now + 1_000) return put({ queue: 'deadline', key: ticket.key, at: new Date(due), data: ticket.data });
    return playTimeout(game, row.seat, ticket, notice(game, 'schedule.away.timeout', params));
  }

  async function onDeadlineJob(ticket: FireTicket): Promise<void> {
    await store.removeFired(ticket);
    const ctx = await loadFor(ticket);
    if (!ctx) return;
    const { game, row, seat, policy, now } = ctx;
    // A member away since the deadline was planned: their game's away handling decides, as it would have been planned.
    if (ticket.data.kind === 'away' || (awayHandling(policy, prefsOf(seat), now) !== 'present' && policy.away.mode !== 'wait')) return onAwayJob(ticket, ctx);
    const mention = `<@${seat.userId}>`;
    const outcome = onDeadline(policy, turnClock(row));
    switch (outcome.action) {
      case 'none':
        return;
      case 'timeout':
        return playTimeout(game, row.seat, ticket, notice(game, 'schedule.deadline.timeout', { mention }));
      case 'extend': {
        const e = outcome.extension;
        const updated = await prisma.$transaction([
          prisma.seatClock.update({ where: { gameId_seat: { gameId: game.id, seat: row.seat } }, data: { extensionsThisTurn: e.extensionsThisTurn, extensionsUsed: e.extensionsUsed } }),
          prisma.outbox.create({ data: outboxRow(game.id, notice(game, 'schedule.deadline.softExtended', { mention, at: Math.floor(e.deadline / 1000) })) }),
        ]);
        await planSeat(game, policy, updated[0], now);
        return;
      }
      case 'notifyHost':
        await enqueue(prisma, game.id, [notice(game, 'schedule.deadline.hostNotice', { mention: `<@${game.hostUserId}>` })]);
        return;
    }
  }

  const campaignDormancy = createCampaignDormancy({ prisma, scheduler, store, clock });

  async function onDormancy(ticket: FireTicket): Promise<void> {
    if (typeof ticket.data.campaignId === 'string') return campaignDormancy.onFire(ticket);
    await store.removeFired(ticket);
    const game = await getGame(prisma, ticket.gameId);
    if (!game || game.status !== 'playing' || game.dormantAt !== null || game.pausedAt !== null) return;
    const policy = await policyOf(game);
    const due = dormantAt(policy, game.lastActivityAt.getTime());
    const now = clock().getTime();
    if (due > now + 1_000) {
      await put({ queue: 'dormancy', key: ticket.key, at: new Date(due), data: ticket.data });
      return;
    }
    const changed = await prisma.game.updateMany({ where: { id: game.id, dormantAt: null }, data: { dormantAt: new Date(now) } });
    if (changed.count === 1) {
      await enqueue(prisma, game.id, [{ ...notice(game, 'schedule.dormant.notice', { days: policy.dormancyDays }), kind: 'dormant' }]);
    }
  }

  return {
    store,
    scheduler,
    ...createAbsence({ prisma, scheduler, store, clock }),
    ...createServerDefaults(prisma),
    ...createControls({ prisma, app, scheduler, store, clock, policyOf, planGame, planSeat, notice, drop }),
    /** Dormant campaigns: `plan` after a campaign's command, `planMissing` at start-up. */
    campaignDormancy,

    /** Registers the queue handlers; call before `scheduler.start()`. */
    register(): void {
      scheduler.handle('reminder', onReminder);
      scheduler.handle('deadline', onDeadlineJob);
      scheduler.handle('dormancy', onDormancy);
    },

    /** Re-queues everything PostgreSQL says is due (start-up, or after Redis lost its data). */
    async rebuild(): Promise<number> {
      const items = await store.listDue();
      await scheduler.rebuild(items);
      return items.length;
    },

    /** Plans a game's jobs again from its clock rows (the start-up reconcile, when its jobs were lost). */
    replan: planGame,

    /**
     * Applies a `turn` outbox row: seats that stopped waiting lose their jobs, newly awaited seats start a
     * fresh wait (mute lifted, reminder count reset). Rows older than one already applied do nothing.
     * Returns the reminder messages to remove (never stacked).
     */
    async onTurn(payload: TurnPayload): Promise<ReminderRef[]> {
      const moved = await prisma.game.updateMany({ where: { id: payload.gameId, turnSeq: { lt: payload.seq } }, data: { turnSeq: payload.seq } });
      if (moved.count === 0) return [];
      const game = await getGame(prisma, payload.gameId);
      if (!game) return [];
      const now = clock();
      const rows = await prisma.seatClock.findMany({ where: { gameId: game.id } });
      const active = rows.filter((r) => r.active);
      const before = active.length ? { kind: active[0]?.kind ?? 'turn', seats: active.map((r) => r.seat) } : null;
      const after = { kind: payload.kind, seats: payload.seats.map((s) => s.seat) };
      const fresh = new Set([...newlyAwaited(before, after), ...(payload.restarted ?? []).filter((seat) => after.seats.includes(seat))]);
      const stale: ReminderRef[] = [];
      const plan = new JobPlan();
      const ended: number[] = [];
      for (const row of active) {
        if (after.seats.includes(row.seat) && !fresh.has(row.seat)) continue;
        const ref = refOf(row.reminderRef);
        if (ref) stale.push(ref);
        if (!fresh.has(row.seat)) ended.push(row.seat);
        dropSeatJobs(plan, game.id, row.seat);
      }
      // Ended and begun waits in one statement; the clock rows of the begun ones are exactly what it wrote.
      await changeWaits(prisma, { gameId: game.id, ended, begun: [...fresh], turnSeq: payload.seq, kind: payload.kind, at: now });
      const started: ClockRow[] = [];
      for (const seat of fresh) {
        const kept = rows.find((r) => r.seat === seat)?.extensionsUsed ?? 0;
        started.push({ gameId: game.id, seat, active: true, turnSeq: payload.seq, kind: payload.kind, turnStartedAt: now, remindersSent: 0, stalledSent: false, extensionsThisTurn: 0, extensionsUsed: kept, reminderRef: null });
        const s = game.seats.find((x) => x.role === 'player' && x.index === seat);
        const prefs = s ? ((s.prefs ?? {}) as Record<string, unknown>) : {};
        if (s && prefs.mutedUntilNextTurn) {
          const unmuted = { ...prefs, mutedUntilNextTurn: false };
          await prisma.seat.update({ where: { id: s.id }, data: { prefs: unmuted as Prisma.InputJsonValue } });
          s.prefs = unmuted as Prisma.JsonValue;
        }
      }
      // Only the seats whose wait began need new jobs: those that stopped waiting were dropped above,
      // and the others' jobs still hold (they were planned when their wait began).
      const policy = await policyOf(game);
      for (const row of started) seatJobs(plan, game, seatPrefs(game, row.seat), policy, row, now.getTime());
      dormancyJob(plan, game, policy);
      await apply(plan);
      return stale;
    },

    /** True while the seat still waits on the wait `turnSeq` began (a reminder for an older wait is dropped). */
    async isWaiting(gameId: string, seat: number, turnSeq: number): Promise<boolean> {
      const row = await prisma.seatClock.findUnique({ where: { gameId_seat: { gameId, seat } } });
      const game = await prisma.game.findUnique({ where: { id: gameId }, select: { status: true, pausedAt: true } });
      return row !== null && row.active && row.turnSeq === turnSeq && game?.status === 'playing' && game.pausedAt === null;
    },

    /** The reminder message currently shown for a seat's wait, to edit or remove. */
    async lastReminder(gameId: string, seat: number): Promise<ReminderRef | null> {
      const row = await prisma.seatClock.findUnique({ where: { gameId_seat: { gameId, seat } } });
      return row ? refOf(row.reminderRef) : null;
    },

    async recordReminder(gameId: string, seat: number, ref: ReminderRef): Promise<void> {
      await prisma.seatClock.updateMany({ where: { gameId, seat }, data: { reminderRef: ref as unknown as Prisma.InputJsonValue } });
    },

    /** Identity of the next firing of a job, for tests. */
    fireIdOf,
  };
}

/** The schedule service's methods, as the Discord layer calls them. */
export type Schedule = ReturnType<typeof createSchedule>;
