import { randomUUID } from 'node:crypto';
import type { Json } from '../core/index.ts';
import { claimDue, getGame, markDead, markFailed, markRetry, markSent, markSentMany, releaseClaims, renewLeases, requeueStale, supersedePictures, supersedePrompts, supersedeTurns, type Database, type OutboxRow } from '../store/index.ts';
import type { Answering } from './answering.ts';
import { planTurns } from './turn-coalesce.ts';
import type { AppLogger } from './types.ts';

/** Discord's "Cannot send messages to this user" (DMs closed). @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#json */
export const DM_REFUSED = 50007;

/**
 * `settled`: work the row still owes after its post (retiring the previous turn message, the scheduler's
 * bookkeeping). The next row's post does not wait for it; the row is recorded sent only once it is done,
 * and retried if it fails.
 */
export type DeliveryResult = { ok: true; ref?: string; settled?: Promise<unknown> } | { ok: false; retry: boolean; code?: number | string; error: string };

/**
 * Sends one outbox row (the Discord layer injects it). Throwing counts as a retryable failure. `prepare`,
 * when given, starts a row's reads and drawing ahead (no side effect, nothing posted): the dispatcher calls
 * it for every row of a thread before posting them in order, and hands its promise to the delivery, so a
 * turn message is ready when the picture in front of it is posted.
 */
export type Deliver = ((row: OutboxRow, prepared?: Promise<unknown>) => Promise<DeliveryResult>) & {
  readonly prepare?: (row: OutboxRow) => Promise<unknown> | undefined;
};

export interface DispatcherOptions {
  readonly db: Database;
  readonly deliver: Deliver;
  readonly clock: () => Date;
  readonly logger?: AppLogger;
  /** Rows claimed per tick. */
  readonly batch?: number;
  /**
   * Targets (threads, users) served at once. Each delivery may draw a picture, so a few lanes keep the
   * outbox moving without starving the interactions this process also answers.
   */
  readonly lanes?: number;
  /** Attempts before a row is dead. */
  readonly maxAttempts?: number;
  /**
   * Length of a claim's lease: a living dispatcher renews its claims every third of it, so a row whose
   * lease ran out belongs to a dead one and is taken over (default {@link DEFAULT_LEASE_MS}).
   */
  readonly leaseMs?: number;
  /** The former name of `leaseMs`. */
  readonly staleAfterMs?: number;
  readonly intervalMs?: number;
  readonly workerId?: string;
  /**
   * Prepare each thread's rows together, post a command's turn message before its table picture
   * ({@link pingFirst}), and record each sent row without holding up the next post (default). `false`
   * is the former pass, one row after the other, each recorded before the next is drawn: PGlite's (one
   * connection) and the bench's A/B "before" (`npm run bench -- --only=handoff`).
   */
  readonly pipeline?: boolean;
  /**
   * Interactions this process is answering (the bot's): while any waits, a delivery step (drawing a
   * thread's rows, a further claim, the next pass under a backlog) waits for them first, at most
   * `maxDeferMs`, unless a free step is left (`freeStepsPerSecond`). Commands first: a player waits on
   * an answer within Discord's 3 s, while deliveries can wait, and under a backlog the ones that waited
   * are often superseded by a newer picture or turn message and never drawn.
   */
  readonly yieldTo?: Answering;
  /** The longest a delivery step waits for interactions (default {@link DEFAULT_MAX_DEFER_MS}). */
  readonly maxDeferMs?: number;
  /**
   * Steps a second that never wait, however many interactions do (default {@link DEFAULT_FREE_STEPS}):
   * the outbox's share of a process that is answering interactions without pause.
   */
  readonly freeStepsPerSecond?: number;
}

/** Delivery steps a second that go ahead although interactions wait (a burst of as many is allowed). */
export const DEFAULT_FREE_STEPS = 10;

/** A delivery step waits at most this long for interactions being answered (so the outbox never stalls). */
export const DEFAULT_MAX_DEFER_MS = 100;


export interface TickReport {
  readonly claimed: number;
  readonly sent: number;
  readonly retried: number;
  readonly failed: number;
  readonly dead: number;
  readonly requeued: number;
}

/** A table refresh: only the newest one of a game is worth drawing and posting. */
/** A table picture that only refreshes the table (an `announce` post also carries text: never dropped). */
function isPicture(row: OutboxRow): boolean {
  const payload = row.payload as { image?: unknown; announce?: unknown } | null;
  return row.kind === 'post' && payload?.image === true && payload.announce !== true && row.gameId !== null;
}

/** The newest table refresh of each game among rows claimed together (rows come oldest first). */
function newestPictures(rows: readonly OutboxRow[]): Map<string, string> {
  const newest = new Map<string, string>();
  for (const row of rows) if (isPicture(row)) newest.set(row.gameId as string, row.id);
  return newest;
}

/**
 * An edit of the live turn message (`prompt`) on its first try, made pointless by a newer prompt or turn
 * row of the same game claimed with it (that one draws the message for a later seq); never the edit that
 * retires the message at the game's end.
 */
function staleEdits(rows: readonly OutboxRow[]): Set<string> {
  const newest = new Map<string, string>();
  for (const row of rows) if ((row.kind === 'prompt' || row.kind === 'turn') && row.gameId) newest.set(row.gameId, row.id);
  const stale = new Set<string>();
  for (const row of rows) {
    if (row.kind !== 'prompt' || !row.gameId || row.attempts > 1 || (row.payload as { ended?: unknown } | null)?.ended === true) continue;
    if (newest.get(row.gameId) !== row.id) stale.add(row.id);
  }
  return stale;
}

/**
 * The ping first: a `turn` row moves in front of the table pictures of the same game and seq just before
 * it (the same command's rows), so the next player is told while the picture is still drawn; the picture
 * follows the turn message. Everything else keeps the order of the log.
 */
export function pingFirst(rows: readonly OutboxRow[]): OutboxRow[] {
  const out = [...rows];
  const seqOf = (row: OutboxRow) => (row.payload as { seq?: unknown } | null)?.seq;
  for (let i = 1; i < out.length; i++) {
    const row = out[i]!;
    if (row.kind !== 'turn') continue;
    let j = i;
    while (j > 0 && isPicture(out[j - 1]!) && out[j - 1]!.gameId === row.gameId && seqOf(out[j - 1]!) === seqOf(row)) j--;
    if (j < i) out.splice(j, 0, ...out.splice(i, 1));
  }
  return out;
}

/** A dead dispatcher's rows are taken over within about this long (plus one pass). */
export const DEFAULT_LEASE_MS = 10_000;

/** 2^attempts seconds, capped at 10 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, 600_000);
}

/**
 * Delivers outbox rows: claim → deliver → mark. A crash after the commit leaves rows pending (delivered on
 * the next tick) or in `sending` under a lease nobody renews (taken over once it runs out), so nothing
 * committed is lost; a row on a later attempt is looked for in its channel before it is posted again, and
 * carries an `idempotencyKey` for Discord's `enforce_nonce`, so a resend after a crash mid-delivery is
 * not posted twice, however late.
 */
export function createDispatcher(options: DispatcherOptions) {
  const { db, deliver, clock, logger } = options;
  const batch = options.batch ?? 20;
  const lanes = options.lanes ?? 4;
  const maxAttempts = options.maxAttempts ?? 8;
  const leaseMs = options.leaseMs ?? options.staleAfterMs ?? DEFAULT_LEASE_MS;
  const intervalMs = options.intervalMs ?? 1000;
  const workerId = options.workerId ?? randomUUID();
  const pipeline = options.pipeline ?? true;
  const { yieldTo } = options;
  const maxDeferMs = options.maxDeferMs ?? DEFAULT_MAX_DEFER_MS;
  const freeSteps = options.freeStepsPerSecond ?? DEFAULT_FREE_STEPS;
  // A token bucket: `freeSteps` tokens a second, at most `freeSteps` kept.
  let tokens = freeSteps;
  let filledAt = performance.now();
  /**
   * Waits while this process answers interactions, at most `maxDeferMs` (at once when none is, or when a
   * free step is left this second, so the outbox keeps its share under an endless stream of interactions).
   */
  const giveWay = async (): Promise<void> => {
    if (!yieldTo || yieldTo.count() === 0) return;
    const now = performance.now();
    tokens = Math.min(freeSteps, tokens + ((now - filledAt) / 1000) * freeSteps);
    filledAt = now;
    if (tokens >= 1) {
      tokens -= 1;
      return;
    }
    await new Promise<void>((resolve) => {
      let finished = false;
      const listener: { off?: () => void } = {};
      const done = () => {
        finished = true;
        listener.off?.();
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, maxDeferMs);
      listener.off = yieldTo.onIdle(done);
      // Already idle: the listener ran before its removal was known.
      if (finished) listener.off();
    });
  };
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  /** A pass is under way in the started loop / a wake arrived during it (the next pass starts at once). */
  let looping = false;
  let woken = false;
  let loop: (() => Promise<void>) | undefined;
  let running: Promise<TickReport> | undefined;

  async function refuseDm(row: OutboxRow, error: string): Promise<void> {
    const userId = (row.target as { userId?: string } | null)?.userId ?? '';
    const game = row.gameId ? await getGame(db.prisma, row.gameId) : null;
    const messages = game
      ? [
          {
            kind: 'post',
            target: { channelId: game.threadId ?? game.channelId },
            payload: { gameId: game.id, gameType: game.gameType, locale: game.locale, events: [{ to: 'public', code: 'core.dmRefused', params: { userId } }], image: false } as Json,
          },
        ]
      : [];
    await markFailed(db.prisma, row.id, error, { gameId: row.gameId, messages }, workerId);
  }

  async function handle(row: OutboxRow, sent: { id: string; ref: string | null }[], marks: Promise<void>[], prepared?: Promise<unknown>): Promise<keyof Omit<TickReport, 'claimed' | 'requeued'>> {
    let result: DeliveryResult;
    try {
      result = await deliver(row, prepared);
    } catch (e) {
      result = { ok: false, retry: true, error: e instanceof Error ? e.message : String(e) };
    }
    if (result.ok) {
      // Recorded at once with the message's id, so only a crash in this very moment leaves a send unrecorded;
      // the next row's post does not wait for the record (the pass awaits every record before it ends).
      const ref = result.ref ?? null;
      const record = () =>
        markSent(db.prisma, row.id, ref, workerId).then(
          (marked) => void (marked || sent.push({ id: row.id, ref })),
          () => void sent.push({ id: row.id, ref }),
        );
      const mark = (result.settled ?? Promise.resolve()).then(record, async (e: unknown) => {
        const error = e instanceof Error ? e.message : String(e);
        logger?.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts }, 'outbox.settleFailed');
        await markRetry(db.prisma, row.id, error, new Date(clock().getTime() + backoffMs(row.attempts)), workerId).catch(() => undefined);
      });
      if (pipeline) marks.push(mark);
      else await mark;
      return 'sent';
    }
    logger?.warn({ outboxId: row.id, kind: row.kind, code: result.code, errorLength: result.error?.length ?? 0, attempts: row.attempts }, 'outbox.deliveryFailed');
    if (row.kind === 'dm' && String(result.code) === String(DM_REFUSED)) {
      await refuseDm(row, result.error);
      return 'failed';
    }
    if (result.retry && row.attempts < maxAttempts) {
      await markRetry(db.prisma, row.id, result.error, new Date(clock().getTime() + backoffMs(row.attempts)), workerId);
      return 'retried';
    }
    await markDead(db.prisma, row.id, result.error, workerId);
    return 'dead';
  }

  /** Expired leases only appear after a crash: looked for on the first pass, then every quarter of `leaseMs`. */
  let requeuedAt = -Infinity;
  let backlog = false;
  /** Superseding scans every pending row: under a backlog at most this often. */
  const SUPERSEDE_EVERY_MS = 250;
  let supersededAt = -Infinity;

  /**
   * With a backlog (the last claim was a full batch), older pictures, turn messages and edits of the live
   * turn message (prompts) of a game waiting behind a newer one are dropped first: Discord allows a bot
   * 50 requests a second, and only the newest table and turn message matter (the survivor pings and
   * restarts whom the dropped ones would have).
   */
  async function supersede(): Promise<number> {
    const now = clock().getTime();
    if (!backlog || now - supersededAt < SUPERSEDE_EVERY_MS) return 0;
    supersededAt = now;
    return (await supersedePictures(db.prisma)) + (await supersedePrompts(db.prisma)) + (await supersedeTurns(db.prisma, planTurns));
  }

  const targetOf = (row: OutboxRow): string => {
    const target = row.target as { channelId?: string; userId?: string } | null;
    return target?.channelId ?? target?.userId ?? `row:${row.id}`;
  };

  async function runTick(): Promise<TickReport> {
    const now = clock();
    let requeued = 0;
    if (now.getTime() - requeuedAt >= leaseMs / 4) {
      requeuedAt = now.getTime();
      requeued = await requeueStale(db.prisma, new Date(now.getTime() - leaseMs));
    }
    const superseded = await supersede().catch((e: unknown) => {
      logger?.warn({ err: e }, 'outbox.supersedeFailed');
      return 0;
    });
    const sent: { id: string; ref: string | null }[] = [];
    const marks: Promise<void>[] = [];
    const report = { claimed: 0, sent: superseded, retried: 0, failed: 0, dead: 0, requeued };
    // Targets (a thread, a user) not yet taken by a lane, and the rows claimed since for targets a lane is
    // delivering (it takes them next, so a target's rows stay in order and never go out side by side).
    const waiting = new Map<string, OutboxRow[]>();
    const busy = new Map<string, OutboxRow[]>();
    const add = (rows: readonly OutboxRow[]) => {
      for (const row of rows) {
        const key = targetOf(row);
        const queue = busy.get(key) ?? waiting.get(key);
        if (queue) queue.push(row);
        else waiting.set(key, [row]);
      }
    };
    // Claimed rows no lane has taken up yet: given back if the pass ends on an error, never left leased.
    const untouched = new Set<string>();
    const claim = async (): Promise<void> => {
      const rows = await claimDue(db.prisma, clock(), batch, workerId);
      backlog = rows.length >= batch;
      report.claimed += rows.length;
      for (const row of rows) untouched.add(row.id);
      add(rows);
    };
    await claim();
    // Under a backlog a lane that runs out of targets claims more at once instead of waiting for the
    // slowest lane; the pass ends after about a quarter of a lease, so requeueing and superseding run again.
    const endsAt = now.getTime() + Math.min(1_000, leaseMs / 4);
    let claiming: Promise<void> | undefined;
    const refill = async (): Promise<boolean> => {
      if (!backlog || clock().getTime() >= endsAt) return false;
      claiming ??= (async () => {
        await giveWay();
        report.sent += await supersede().catch((e: unknown) => {
          logger?.warn({ err: e }, 'outbox.supersedeFailed');
          return 0;
        });
        await claim();
      })().finally(() => (claiming = undefined));
      // A failed claim ends the refilling (the next pass tries again); the lanes finish what they hold.
      return claiming.then(
        () => true,
        (e: unknown) => {
          logger?.warn({ err: e }, 'outbox.claimFailed');
          backlog = false;
          return false;
        },
      );
    };
    const deliverGroup = async (group: readonly OutboxRow[]): Promise<void> => {
      const inOrder = pipeline ? pingFirst(group) : group;
      const newest = newestPictures(inOrder);
      const stale = staleEdits(inOrder);
      const dropped = (row: OutboxRow) => (isPicture(row) && newest.get(row.gameId ?? '') !== row.id) || stale.has(row.id);
      // Every row of the thread is drawn at once (the picture renders while the next player's turn
      // message is posted); the posts go out one after the other, in the order of the log but the ping first.
      await giveWay();
      const ahead = new Map(pipeline && deliver.prepare ? inOrder.filter((r) => !dropped(r)).map((r) => [r.id, deliver.prepare?.(r)] as const) : []);
      for (const row of inOrder) {
        untouched.delete(row.id);
        if (dropped(row)) {
          sent.push({ id: row.id, ref: 'superseded' });
          report.sent++;
        } else {
          report[await handle(row, sent, marks, ahead.get(row.id))]++;
        }
      }
    };
    const lane = async (): Promise<void> => {
      for (;;) {
        const next = waiting.entries().next();
        if (next.done) {
          if (await refill()) continue;
          return;
        }
        const [key, first] = next.value;
        waiting.delete(key);
        const later: OutboxRow[] = [];
        busy.set(key, later);
        try {
          for (let group = first; group.length > 0; group = later.splice(0)) await deliverGroup(group);
        } finally {
          busy.delete(key);
        }
      }
    };
    // Every lane finishes before the pass ends (a failed one does not leave the others running behind it).
    const ended = await Promise.allSettled(Array.from({ length: lanes }, lane));
    try {
      await Promise.all(marks);
      // Superseded pictures (and any delivered row whose own mark failed) in one statement for the pass.
      await markSentMany(db.prisma, sent, workerId);
    } finally {
      if (untouched.size > 0) await releaseClaims(db.prisma, [...untouched], workerId);
    }
    const failed = ended.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return report;
  }

  async function tick(): Promise<TickReport> {
    while (running) await running.catch(() => undefined);
    running = runTick();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  return {
    workerId,
    /**
     * One pass: requeue rows whose lease expired (now and then), claim due rows, deliver them (up to
     * `lanes` targets, a thread or a user, side by side, each target's rows in order), marking each sent
     * with its message id as soon as it is delivered. A table picture superseded by a newer one of the same game in the same pass is marked
     * sent without drawing it. Under a backlog a lane with no target left claims the next batch itself (at
     * most about a second per pass), rather than waiting for the slowest lane. Never overlaps itself.
     */
    tick,
    /**
     * Ticks every `intervalMs` until `stop`; after a full batch (a backlog) the next pass starts at once,
     * so the outbox drains as fast as deliveries go (Discord's 50 requests a second, enforced by the REST
     * client; rows that post nothing, such as a superseded turn notice, go faster). Passes never overlap,
     * and each awaits its deliveries, so interactions keep their turn on the event loop.
     */
    start(): void {
      if (timer) return;
      heartbeat = setInterval(() => {
        renewLeases(db.prisma, workerId, clock()).catch((e: unknown) => logger?.warn({ err: e }, 'outbox.leaseNotRenewed'));
      }, Math.max(10, Math.floor(leaseMs / 3)));
      heartbeat.unref?.();
      const pass = async (): Promise<void> => {
        let full = false;
        looping = true;
        woken = false;
        try {
          // Behind (the last claim was a full batch): the next pass waits for the interactions first.
          if (backlog) await giveWay();
          const r = await tick();
          full = backlog;
          if (r.claimed > 0) logger?.debug({ ...r }, 'outbox.tick');
        } catch (e) {
          logger?.error({ err: e }, 'outbox.tickFailed');
        }
        looping = false;
        if (timer) timer = setTimeout(pass, full || woken ? 0 : intervalMs);
      };
      loop = pass;
      timer = setTimeout(pass, 0);
    },
    /**
     * Rows were committed: the next pass starts now rather than at the next poll (the poll stays as the
     * slow fallback for rows written without a wake). Wakes during a pass start another right after it.
     */
    wake(): void {
      if (!timer || !loop) return;
      if (looping) {
        woken = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(loop, 0);
    },
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
      timer = undefined;
      heartbeat = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
