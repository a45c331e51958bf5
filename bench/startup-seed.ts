import pg from 'pg';
import { createApp, type App } from '../src/app/index.ts';
import { reconcileSchedule } from '../src/app/reconcile.ts';
import { createDueStore, createSchedule, type TurnPayload } from '../src/app/schedule.ts';
import { loadCatalog } from '../src/cli/compose.ts';
import { createRng, seedRng, type Rng } from '../src/core/index.ts';
import { gameModules } from '../src/games/index.ts';
import { InProcessScheduler, ManualClock } from '../src/scheduler/index.ts';
import { openDatabase } from '../src/store/index.ts';

/** What the start-up bench stored, for its rows' notes. */
export interface Seeded {
  readonly games: number;
  readonly waiting: number;
  readonly playingQuiet: number;
  readonly ended: number;
  readonly jobs: number;
  readonly commands: number;
  readonly seconds: number;
}

/** Guilds the games are spread over; each one's policy gives waiting seats a soft deadline besides the reminders. */
const GUILDS = 10;
/** Seats and game of the i-th waiting game: every shipped game, 2 to 4 seats. */
const SHAPES = [
  { gameType: 'adventure', seats: 4 },
  { gameType: 'comanauts', seats: 3 },
  { gameType: 'comaward', seats: 4 },
  { gameType: 'lifeform', seats: 2 },
  { gameType: 'comanauts', seats: 4 },
  { gameType: 'lifeform', seats: 4 },
] as const;
/** The cloned playing games' own policy: reminders off and no deadline, so only their dormancy job is due. */
const QUIET_POLICY = { reminders: { maxReminders: 0, stalledNotice: false } };

type Actor = { userId: string; userName: string };

/**
 * Plays up to `budget` random legal commands (seeded, never Math.random) through the application, as the
 * awaited players would with `/play`; stops when the game ends. Comanauts and Lifeform end by random play.
 */
async function playRandomly(app: App, gameId: string, rng: Rng, budget: number, nonce: string): Promise<boolean> {
  for (let n = 0; n < budget; n += 1) {
    const status = await app.status(gameId);
    if (!status.ok) throw new Error(`status: ${status.error.code}`);
    if (status.value.status !== 'playing') return true;
    const seat = status.value.awaiting?.seats[0];
    if (!seat) return true;
    const legal = await app.legalForSeat(gameId, seat.seat);
    if (!legal.ok) throw new Error(`legal: ${legal.error.code}`);
    const count = legal.value.commands.length;
    if (count === 0) return true;
    // A legal command the rules then refuse (Coma Ward's trade offers) is passed over for another.
    for (let tries = 0; tries < 5; tries += 1) {
      const played = await app.playLegal(gameId, seat, { seq: legal.value.seq, index: rng.int(0, count - 1), seat: seat.seat }, `${nonce}-${n}-${tries}`);
      if (played.ok) break;
    }
  }
  const last = await app.status(gameId);
  return last.ok && last.value.status !== 'playing';
}

/** `INSERT … SELECT` copying every column of `table`, with `overrides` (column → SQL over `g` and `m`). */
async function cloneRows(client: pg.Client, table: string, map: string, overrides: Record<string, string>, where = 'TRUE', skip: readonly string[] = []): Promise<number> {
  const columns = (await client.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = 'public' ORDER BY ordinal_position`, [table])).rows
    .map((r) => r.column_name)
    .filter((c) => !skip.includes(c));
  const list = columns.map((c) => `"${c}"`).join(', ');
  const select = columns.map((c) => overrides[c] ?? `g."${c}"`).join(', ');
  const key = table === 'Game' ? 'id' : 'gameId';
  const r = await client.query(`INSERT INTO "${table}" (${list}) SELECT ${select} FROM ${map} m JOIN "${table}" g ON g."${key}" = m.src WHERE ${where}`);
  return r.rowCount ?? 0;
}

/**
 * Issue 19's campaign server in the scratch database `url` (migrated here): `games` stored games, a tenth of
 * them playing and waiting on a seat, made by the real code (lobby, start, a few random commands, the turn
 * applied by the schedule: seat clocks, reminder, stalled-notice, deadline and dormancy jobs). The rest are
 * cloned by SQL with fresh ids and threads: a third from games played to their end (finished) or abandoned,
 * two thirds from the waiting games with reminders turned off by their own policy (clocks and the dormancy
 * job only, turn applied). Every outbox row is marked sent, as after a clean stop, and the reconcile is
 * checked to find nothing to repair.
 */
export async function seedCampaignServer(url: string, games: number): Promise<Seeded> {
  const t0 = performance.now();
  const waiting = games / 10;
  const db = await openDatabase({ databaseUrl: url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const clock = new ManualClock(Date.now());
    const now = () => new Date(clock.now());
    const catalog = await loadCatalog(gameModules);
    const app = createApp({ db, games: catalog.catalog.modules, packs: catalog.packs, clock: now });
    const store = createDueStore(db);
    const scheduler = new InProcessScheduler({ clock, claim: store });
    const schedule = createSchedule({ db, app, scheduler, store, clock: now });
    schedule.register();
    for (let g = 0; g < GUILDS; g += 1) await db.prisma.guildSettings.create({ data: { guildId: `bench-guild-${g}`, policy: { deadline: { mode: 'soft', hours: 48 } } } });
    const rng = createRng(seedRng(19));

    async function newStarted(i: number, gameType: string, seats: number, prefix: string): Promise<string> {
      const players: Actor[] = Array.from({ length: seats }, (_, s) => ({ userId: `u${(i * 4 + s) % 4_999}`, userName: `Player ${s + 1}` }));
      const lobby = await app.newGame({ guildId: `bench-guild-${i % GUILDS}`, channelId: `bench-channel-${i % GUILDS}`, threadId: `${prefix}-${i}`, host: players[0]!, players, gameType, seed: i + 1 });
      if (!lobby.ok) throw new Error(`${gameType}: ${lobby.error.code}`);
      const started = await app.start(lobby.value.gameId, players[0]!);
      if (!started.ok) throw new Error(`${gameType} start: ${started.error.code}`);
      return lobby.value.gameId;
    }

    const waitingIds: string[] = [];
    const endedIds: string[] = [];
    // A few moves each, so the waiting games are mid-game; one that ended by chance counts with the ended games.
    for (let i = 0; waitingIds.length < waiting; i += 1) {
      const shape = SHAPES[i % SHAPES.length]!;
      const id = await newStarted(i, shape.gameType, shape.seats, 't-wait');
      if (await playRandomly(app, id, rng, 1 + (i % 4), `w${i}`)) endedIds.push(id);
      else waitingIds.push(id);
    }
    // Templates of the ended games: played to their end (Comanauts, Lifeform), or abandoned mid-game by the host.
    for (const [k, shape] of [{ gameType: 'comanauts', seats: 2 }, { gameType: 'comanauts', seats: 4 }, { gameType: 'lifeform', seats: 2 }, { gameType: 'lifeform', seats: 4 }].entries()) {
      const id = await newStarted(10 * waiting + k, shape.gameType, shape.seats, 't-end');
      if (!(await playRandomly(app, id, rng, 3_000, `e${k}`))) throw new Error(`${shape.gameType} did not end in 3,000 random commands`);
      endedIds.push(id);
    }
    for (const [k, gameType] of ['adventure', 'comaward'].entries()) {
      const id = await newStarted(10 * waiting + 10 + k, gameType, 3, 't-abandon');
      await playRandomly(app, id, rng, 12, `a${k}`);
      const host = await db.prisma.game.findUniqueOrThrow({ where: { id }, select: { hostUserId: true } });
      const abandoned = await app.abandon(id, { userId: host.hostUserId, userName: 'Player 1' });
      if (!abandoned.ok) throw new Error(`abandon: ${abandoned.error.code}`);
      endedIds.push(id);
    }
    // Each game's latest turn row, as the bot's dispatcher would have applied it (older ones change nothing after it).
    const turns = await client.query<{ payload: TurnPayload }>(`SELECT DISTINCT ON ("gameId") payload FROM "Outbox" WHERE kind = 'turn' ORDER BY "gameId", id DESC`);
    for (const row of turns.rows) await schedule.onTurn(row.payload);
    await client.query(`UPDATE "Outbox" SET status = 'sent'`);

    const ended = Math.round((games - waiting) / 3);
    const quiet = games - waiting - ended;
    async function clone(name: string, sources: readonly string[], count: number, thread: string): Promise<void> {
      await client.query(`CREATE TEMP TABLE ${name} AS SELECT gen_random_uuid()::text AS id, n, (ARRAY[${sources.map((s) => `'${s}'`).join(',')}])[1 + n % ${sources.length}] AS src FROM generate_series(1, ${count}) n`);
      await client.query(`ALTER TABLE ${name} ADD PRIMARY KEY (src, id)`);
      const game: Record<string, string> = name === 'quiet' ? { turnSeq: 'g."seq"', policy: `'${JSON.stringify(QUIET_POLICY)}'::jsonb` } : {};
      await cloneRows(client, 'Game', name, { id: 'm.id', threadId: `'${thread}-' || m.n`, ...game });
      await cloneRows(client, 'Seat', name, { gameId: 'm.id' }, 'TRUE', ['id']);
      await cloneRows(client, 'GameCommand', name, { gameId: 'm.id' });
      await cloneRows(client, 'GameCheckpoint', name, { gameId: 'm.id' });
      await cloneRows(client, 'SeatClock', name, { gameId: 'm.id' });
      await cloneRows(client, 'ScheduledJob', name, { gameId: 'm.id', key: `'z.' || m.id`, data: `jsonb_set(g.data, '{gameId}', to_jsonb(m.id))` }, `g.queue = 'dormancy'`);
    }
    await client.query('BEGIN');
    await clone('ended', endedIds, ended - endedIds.length, 't-ended');
    await clone('quiet', waitingIds.slice(0, 60), quiet, 't-quiet');
    await client.query('COMMIT');
    // The planner's statistics, as autovacuum would have them on a server that holds these rows for a while.
    await client.query('VACUUM ANALYZE');

    const repaired = await reconcileSchedule({ db, app, schedule });
    if (repaired.clocked + repaired.replanned + repaired.failed.length !== 0) throw new Error(`the seeded games need repair: ${JSON.stringify(repaired)}`);
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    const stored = await count(`SELECT count(*) AS n FROM "Game"`);
    if (stored !== games) throw new Error(`seeded ${stored} games of ${games}`);
    const awaited = await count(`SELECT count(DISTINCT "gameId") AS n FROM "ScheduledJob" WHERE queue = 'deadline'`);
    if (awaited !== waiting) throw new Error(`${awaited} games with a deadline job, expected ${waiting}`);
    return {
      games,
      waiting,
      playingQuiet: quiet,
      ended,
      jobs: await count(`SELECT count(*) AS n FROM "ScheduledJob"`),
      commands: await count(`SELECT count(*) AS n FROM "GameCommand"`),
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    await client.end();
    await db.close();
  }
}
