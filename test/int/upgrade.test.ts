import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app/index.ts';
import { reconcileSchedule } from '../../src/app/reconcile.ts';
import { createDueStore, createSchedule, type Schedule, type TurnPayload } from '../../src/app/schedule.ts';
import { PrismaClient } from '../../src/generated/prisma/client.ts';
import { startLocalStack } from '../../src/local/stack.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { fromRoot } from '../../src/ops/paths.ts';
import { InProcessScheduler, ManualClock } from '../../src/scheduler/index.ts';
import { migrate } from '../../src/store/migrate.ts';
import { getGame, openDatabase, type Database } from '../../src/store/index.ts';
import { backends, type BackendKind } from '../support/db.ts';
import { tallyGame } from '../support/tally-game.ts';

/**
 * Issue 14 "Backups and upgrades": games stored by an older release keep playing after the schema is
 * upgraded. Each starting schema is a release from prisma/releases.json, plus the schema just before the
 * newest migration, so every migration added later is run over stored games without editing this file.
 * Games are made by today's code on a scratch database, then copied column by column (the columns the
 * old schema has) into a database migrated only that far, which is then upgraded to every migration.
 */
const HOUR = 3_600_000;
const T0 = Date.parse('2026-06-01T09:00:00.000Z');
const UPGRADED_AT = T0 + 72 * HOUR;
const migrationsDir = fromRoot('prisma', 'migrations');
const migrations = readdirSync(migrationsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
const head = migrations[migrations.length - 1] ?? '';
const releases = (JSON.parse(readFileSync(fromRoot('prisma', 'releases.json'), 'utf8')) as { releases: { name: string; lastMigration: string }[] }).releases;
const beforeNewest = migrations[migrations.length - 2];
const starts = [...releases.map((r) => ({ label: `release "${r.name}"`, through: r.lastMigration })), ...(beforeNewest ? [{ label: 'the schema before the newest migration', through: beforeNewest }] : [])]
  .filter((s, i, all) => s.through !== head && all.findIndex((o) => o.through === s.through) === i);
/** Tables the old process had finished with: its deliveries were sent, its claims are spent. */
const NOT_COPIED = new Set(['_prisma_migrations', 'Outbox', 'SchedulerClaim']);

type Rows = Record<string, unknown>[];
interface Fixture {
  readonly tables: readonly { readonly name: string; readonly rows: Rows }[];
  readonly games: { readonly lobby: string; readonly duel: string; readonly challenged: string; readonly solo: string; readonly finished: string };
  readonly hashes: ReadonlyMap<string, string>;
  readonly commands: ReadonlyMap<string, number>;
}

const alice = { userId: 'u-alice', userName: 'Alice' };
const bob = { userId: 'u-bob', userName: 'Bob' };
const carol = { userId: 'u-carol', userName: 'Carol' };

function bootApp(db: Database, clock: ManualClock): { app: App; schedule: Schedule; scheduler: InProcessScheduler } {
  const now = () => new Date(clock.now());
  const app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: now });
  const store = createDueStore(db);
  const scheduler = new InProcessScheduler({ clock, claim: store });
  const schedule = createSchedule({ db, app, scheduler, store, clock: now });
  schedule.register();
  return { app, schedule, scheduler };
}

/** What the dispatcher does with `turn` rows: the scheduler learns whose turn it is. */
async function applyTurns(db: Database, schedule: Schedule, gameId?: string): Promise<void> {
  const rows = await db.prisma.outbox.findMany({ where: { kind: 'turn', ...(gameId ? { gameId } : {}) }, orderBy: { id: 'asc' } });
  for (const row of rows) await schedule.onTurn(row.payload as unknown as TurnPayload);
}

/** Tables in an order where a referenced table comes before the tables that reference it. */
async function tableOrder(db: Database): Promise<string[]> {
  const tables = (await db.prisma.$queryRawUnsafe<{ name: string }[]>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`)).map((t) => t.name);
  const edges = await db.prisma.$queryRawUnsafe<{ child: string; parent: string }[]>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid WHERE k.contype = 'f'`,
  );
  const ordered: string[] = [];
  const visit = (t: string, seen: Set<string>) => {
    if (ordered.includes(t) || seen.has(t)) return;
    seen.add(t);
    for (const e of edges) if (e.child === t && e.parent !== t) visit(e.parent, seen);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered.filter((t) => !NOT_COPIED.has(t));
}

let made: Promise<Fixture> | undefined;

/** The fixture, made once for the whole file (every copy of it is written into its own database). */
function fixtureOnce(): Promise<Fixture> {
  made ??= makeFixture();
  return made;
}

/** Lobby and playing games (with seats, moves, a pending prompt, a roll) and a finished one, made by today's code. */
async function makeFixture(): Promise<Fixture> {
  const db = await openDatabase({ memory: true });
  try {
    const clock = new ManualClock(T0);
    const { app, schedule } = bootApp(db, clock);
    let n = 0;
    const nonce = () => `n-${n++}`;
    const must = <T,>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T => {
      if (!r.ok) throw new Error(r.error.code);
      return r.value;
    };
    const lobbyOf = async (players: readonly { userId: string; userName: string }[], options?: Record<string, number>) => {
      const game = must(await app.newGame({ guildId: 'g-up', channelId: 'c-up', threadId: `t-up-${n++}`, host: players[0] ?? alice, gameType: 'tally', seed: 7, ...(options ? { options } : {}) }));
      for (const p of players.slice(1)) must(await app.join(game.gameId, p));
      return game.gameId;
    };
    const lobby = await lobbyOf([alice, bob]);
    const duel = await lobbyOf([alice, bob]);
    must(await app.start(duel, alice));
    must(await app.play(duel, alice, { type: 'add', args: { n: 2 } }, nonce()));
    must(await app.play(duel, alice, { type: 'pass', args: {} }, nonce()));
    must(await app.play(duel, bob, { type: 'roll', args: {} }, nonce()));
    const challenged = await lobbyOf([alice, bob, carol]);
    must(await app.start(challenged, alice));
    must(await app.play(challenged, alice, { type: 'challenge', args: {} }, nonce()));
    const solo = await lobbyOf([carol]);
    must(await app.start(solo, carol));
    must(await app.play(solo, carol, { type: 'add', args: { n: 1 } }, nonce()));
    const finished = await lobbyOf([bob], { target: 5 });
    must(await app.start(finished, bob));
    for (let i = 0; i < 2; i += 1) must(await app.play(finished, bob, { type: 'add', args: { n: 3 } }, nonce()));
    await applyTurns(db, schedule);
    const tables = [];
    for (const name of await tableOrder(db)) {
      const [{ rows }] = await db.prisma.$queryRawUnsafe<{ rows: Rows }[]>(`SELECT coalesce(json_agg(row_to_json(t)), '[]'::json) AS rows FROM "${name}" t`) as [{ rows: Rows }];
      tables.push({ name, rows });
    }
    const games = await db.prisma.game.findMany({ include: { _count: { select: { commands: true } } } });
    return {
      tables,
      games: { lobby, duel, challenged, solo, finished },
      hashes: new Map(games.flatMap((g) => (g.stateHash ? [[g.id, g.stateHash] as const] : []))),
      commands: new Map(games.map((g) => [g.id, g._count.commands] as const)),
    };
  } finally {
    await db.close();
  }
}

/** A database migrated only up to `through`, written with plain SQL, then upgraded and opened by today's client. */
interface OldDatabase {
  query(sql: string, params?: unknown[]): Promise<Rows>;
  upgrade(): Promise<string[]>;
  open(): Promise<Database>;
  /** Lets go of the database so the bot can open it: where it lives. */
  release(): Promise<{ dataDir?: string; databaseUrl?: string }>;
  dispose(): Promise<void>;
}

async function openOld(kind: BackendKind, through: string, onDisk = false): Promise<OldDatabase> {
  if (kind === 'pglite') {
    const dataDir = onDisk ? await mkdtemp(path.join(tmpdir(), 'tk-upgrade-')) : undefined;
    const pglite = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined);
    await migrate({ pglite, through });
    let prisma: PrismaClient | undefined;
    return {
      query: async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows,
      upgrade: async () => (await migrate({ pglite })).applied,
      open: async () => {
        prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
        return { prisma, kind: 'pglite', close: async () => undefined };
      },
      release: async () => {
        await pglite.close();
        return { dataDir };
      },
      dispose: async () => {
        await prisma?.$disconnect();
        if (!pglite.closed) await pglite.close();
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.DATABASE_URL ?? '';
  const name = `tk_upgrade_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  await migrate({ databaseUrl: url, through });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let db: Database | undefined;
  let released = false;
  return {
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows as Rows,
    upgrade: async () => (await migrate({ databaseUrl: url })).applied,
    open: async () => (db = await openDatabase({ databaseUrl: url, migrate: false })),
    release: async () => {
      await client.end();
      released = true;
      return { databaseUrl: url };
    },
    dispose: async () => {
      if (!released) await client.end();
      await db?.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Copies the fixture's rows into the old schema: only the tables and columns it has, serial counters moved on. */
async function store(old: OldDatabase, fixture: Fixture): Promise<void> {
  const columns = await old.query(`SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema()`);
  for (const { name, rows } of fixture.tables) {
    const have = new Set(columns.filter((r) => r.t === name).map((r) => r.c as string));
    if (have.size === 0 || rows.length === 0) continue;
    const list = Object.keys(rows[0] ?? {}).filter((c) => have.has(c)).map((c) => `"${c}"`).join(', ');
    await old.query(`INSERT INTO "${name}" (${list}) SELECT ${list} FROM json_populate_recordset(NULL::"${name}", $1::json)`, [JSON.stringify(rows)]);
    if (have.has('id')) {
      const [serial] = await old.query(`SELECT pg_get_serial_sequence('"${name}"', 'id') AS s`);
      if (serial?.s) await old.query(`SELECT setval('${String(serial.s)}', (SELECT max("id") FROM "${name}"))`);
    }
  }
}

describe('prisma/releases.json', () => {
  it('GIVEN the recorded releases THEN each names a migration folder that exists, oldest first', () => {
    expect(releases.length).toBeGreaterThan(0);
    for (const r of releases) expect(migrations).toContain(r.lastMigration);
    const order = releases.map((r) => migrations.indexOf(r.lastMigration));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

describe.each(backends)('upgrading the schema with games in place (%s)', (kind) => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await fixtureOnce();
  });

  describe.each(starts)('from $label ($through)', ({ through }) => {
    let old: OldDatabase;
    let db: Database;
    let clock: ManualClock;
    let booted: ReturnType<typeof bootApp>;
    let applied: string[];
    beforeAll(async () => {
      old = await openOld(kind, through);
      await store(old, fixture);
      applied = await old.upgrade();
      db = await old.open();
      clock = new ManualClock(UPGRADED_AT);
      booted = bootApp(db, clock);
      await booted.scheduler.start();
    });
    afterAll(async () => {
      await booted?.scheduler.stop();
      await old?.dispose();
    });

    const playing = () => [fixture.games.duel, fixture.games.challenged, fixture.games.solo];
    const clocksOf = (gameId: string) => db.prisma.seatClock.findMany({ where: { gameId, active: true }, orderBy: { seat: 'asc' } });

    it('GIVEN a database at the older schema WHEN upgraded THEN every later migration is applied, the newest included', () => {
      expect(applied).toEqual(migrations.filter((m) => m > through));
      expect(applied).toContain(head);
    });

    it('GIVEN the upgraded database WHEN the bot starts THEN every game loads and every started game verifies to its stored hash', async () => {
      const report = await reconcileSchedule({ db, app: booted.app, schedule: booted.schedule });
      expect(report.failed).toEqual([]);
      await booted.schedule.rebuild();
      const lobby = await booted.app.status(fixture.games.lobby);
      expect(lobby.ok && lobby.value.status).toBe('lobby');
      for (const gameId of [...playing(), fixture.games.finished]) {
        const status = await booted.app.status(gameId);
        expect(status.ok, gameId).toBe(true);
        const verified = await booted.app.verify(gameId);
        expect(verified.ok && verified.value).toEqual({ ok: true, commands: fixture.commands.get(gameId), hash: fixture.hashes.get(gameId), segments: [expect.objectContaining({ from: 0, checked: 'replayed' })] });
      }
    });

    it('GIVEN the bot started after the upgrade THEN each playing game has a clock for exactly the seats it waits on, and their reminder, stalled and dormancy jobs', async () => {
      for (const gameId of playing()) {
        const status = await booted.app.status(gameId);
        if (!status.ok) throw new Error(status.error.code);
        const awaited = status.value.awaiting?.seats.map((s) => s.seat) ?? [];
        expect(awaited.length).toBeGreaterThan(0);
        expect((await clocksOf(gameId)).map((c) => c.seat)).toEqual(awaited);
        const jobs = await db.prisma.scheduledJob.findMany({ where: { gameId } });
        expect(jobs.map((j) => j.key).sort()).toEqual([...awaited.flatMap((s) => [`r.${gameId}.${s}`, `s.${gameId}.${s}`]), `z.${gameId}`].sort());
        const queued = (await booted.scheduler.pending('reminder')).filter((j) => j.data.gameId === gameId).map((j) => j.key);
        expect(queued.sort()).toEqual(awaited.flatMap((s) => [`r.${gameId}.${s}`, `s.${gameId}.${s}`]).sort());
      }
      expect(await clocksOf(fixture.games.lobby)).toEqual([]);
      expect(await db.prisma.scheduledJob.count({ where: { gameId: fixture.games.lobby } })).toBe(0);
    });

    it('GIVEN the upgraded games WHEN a day passes THEN the in-process scheduler sends each waiting seat its reminder, and nobody in a lobby or a finished game', async () => {
      await booted.scheduler.advance(24 * HOUR);
      expect(await db.prisma.outbox.count({ where: { gameId: { in: [fixture.games.lobby, fixture.games.finished] }, kind: 'reminder' } })).toBe(0);
      for (const gameId of playing()) {
        const status = await booted.app.status(gameId);
        if (!status.ok) throw new Error(status.error.code);
        const awaited = status.value.awaiting?.seats.map((s) => s.seat) ?? [];
        expect(awaited.length).toBeGreaterThan(0);
        const reminders = await db.prisma.outbox.findMany({ where: { gameId, kind: 'reminder' } });
        expect([...new Set(reminders.map((r) => (r.payload as { seat: number }).seat))].sort()).toEqual(awaited);
      }
    });

    it('GIVEN the bot starts again WHEN nothing is missing THEN the reconcile repairs nothing, with one query and no game loaded', async () => {
      const used: string[] = [];
      const prisma = new Proxy(db.prisma, {
        get(target, prop) {
          if (typeof prop === 'string') used.push(prop);
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      const app = new Proxy(booted.app, { get: (target, prop) => (used.push(`app.${String(prop)}`), Reflect.get(target, prop) as unknown) });
      const schedule = new Proxy(booted.schedule, { get: (target, prop) => (used.push(`schedule.${String(prop)}`), Reflect.get(target, prop) as unknown) });
      expect(await reconcileSchedule({ db: { ...db, prisma }, app, schedule })).toEqual({ clocked: 0, replanned: 0, failed: [] });
      expect(used).toEqual(['$queryRawUnsafe']);
    });

    it('GIVEN a playing game whose jobs were lost WHEN the bot starts THEN its jobs are planned again from its clocks', async () => {
      const gameId = fixture.games.duel;
      await db.prisma.scheduledJob.deleteMany({ where: { gameId } });
      expect(await reconcileSchedule({ db, app: booted.app, schedule: booted.schedule })).toEqual({ clocked: 0, replanned: 1, failed: [] });
      const keys = (await db.prisma.scheduledJob.findMany({ where: { gameId } })).map((j) => j.key);
      expect(keys).toContain(`z.${gameId}`);
      expect(keys.length).toBeGreaterThan(1);
    });

    it('GIVEN a lobby stored before the upgrade WHEN a player joins and the host starts it THEN it plays and its first turn is reminded', async () => {
      const gameId = fixture.games.lobby;
      const joined = await booted.app.join(gameId, carol);
      expect(joined.ok && joined.value.seats.map((s) => s.userName)).toEqual(['Alice', 'Bob', 'Carol']);
      const started = await booted.app.start(gameId, alice);
      expect(started.ok).toBe(true);
      await applyTurns(db, booted.schedule, gameId);
      expect((await clocksOf(gameId)).map((c) => c.seat)).toEqual([0]);
      await booted.scheduler.advance(13 * HOUR);
      expect(await db.prisma.outbox.count({ where: { gameId, kind: 'reminder' } })).toBe(1);
    });
  });
});

/**
 * Issue 14: `/away` used to write the date into every open seat of the member; the migration that made it
 * one `Member` row carries those dates there, and every seat must be as away as it was before.
 */
describe.each(backends)('carrying absences into member rows (%s)', (kind) => {
  const carrier = migrations.find((m) => m.endsWith('_member_absence')) ?? '';
  const through = migrations[migrations.indexOf(carrier) - 1] ?? '';

  it('GIVEN seats away at the older schema WHEN upgraded THEN the date of each member moves to their one row, and every seat stays exactly as away as it was', async () => {
    const old = await openOld(kind, through);
    try {
      const until = '2026-07-01T00:00:00.000Z';
      const own = '2026-06-20T00:00:00.000Z';
      const games = [['a1', 'playing'], ['a2', 'lobby'], ['a3', 'playing'], ['a4', 'finished'], ['a5', 'playing']] as const;
      for (const [id, status] of games) {
        await old.query(
          `INSERT INTO "Game" ("id", "guildId", "channelId", "gameType", "rulesVersion", "seed", "options", "status", "hostUserId", "updatedAt") VALUES ($1, 'g', 'c', 'tally', '1', 1, '{}', $2::"GameStatus", 'u-host', now())`,
          [`carry-${id}`, status],
        );
      }
      const seats: [string, number, string, string | null][] = [
        ['a1', 0, alice.userId, until],
        ['a1', 1, bob.userId, null],
        ['a2', 0, alice.userId, until],
        ['a3', 0, alice.userId, null],
        ['a4', 0, alice.userId, null],
        ['a5', 0, alice.userId, own],
      ];
      for (const [game, index, userId, away] of seats) {
        await old.query(`INSERT INTO "Seat" ("gameId", "index", "userId", "userName", "awayUntil", "prefs") VALUES ($1, $2, $3, 'P', $4::timestamptz, '{"channel":"mention"}')`, [`carry-${game}`, index, userId, away]);
      }
      expect(await old.upgrade()).toContain(carrier);
      const db = await old.open();
      const members = await db.prisma.member.findMany();
      expect(members.map((m) => [m.userId, m.awayUntil?.toISOString()])).toEqual([[alice.userId, until]]);
      const awayOf = async (game: string, userId: string) => {
        const seat = (await getGame(db.prisma, `carry-${game}`))?.seats.find((s) => s.userId === userId);
        return [seat?.awayUntil?.toISOString() ?? null, (seat?.prefs as { channel?: string }).channel];
      };
      expect(await awayOf('a1', alice.userId)).toEqual([until, 'mention']);
      expect(await awayOf('a2', alice.userId)).toEqual([until, 'mention']);
      expect(await awayOf('a3', alice.userId)).toEqual([null, 'mention']);
      expect(await awayOf('a4', alice.userId)).toEqual([null, 'mention']);
      expect(await awayOf('a5', alice.userId)).toEqual([own, 'mention']);
      expect(await awayOf('a1', bob.userId)).toEqual([null, 'mention']);
      expect((await db.prisma.seat.findMany({ where: { userId: alice.userId, awayUntil: { not: null } } })).map((s) => s.gameId)).toEqual(['carry-a5']);
    } finally {
      await old.dispose();
    }
  });
});

describe.each(backends)('starting the new bot on a database the previous release left (%s)', (kind) => {
  const through = starts[0]?.through ?? head;

  it('GIVEN stored games at the older schema WHEN `turnkeeper start` opens it (migrating on start) THEN every playing game has its clocks at once and its reminders a day later', async () => {
    const fixture = await fixtureOnce();
    const old = await openOld(kind, through, true);
    try {
      await store(old, fixture);
      const where = await old.release();
      // The embedded database must be this folder's, not the DATABASE_URL the PostgreSQL runs set.
      const url = process.env.DATABASE_URL;
      if (kind === 'pglite') delete process.env.DATABASE_URL;
      const stack = await startLocalStack({ ...where, memory: false, env: {}, modules: { tally: tallyGame }, logger: createLogger('silent') }).finally(() => {
        if (url !== undefined) process.env.DATABASE_URL = url;
      });
      try {
        expect(stack.runtime.db.kind).toBe(kind === 'pglite' ? 'pglite' : 'postgres');
        const prisma = stack.runtime.db.prisma;
        const playing = [fixture.games.duel, fixture.games.challenged, fixture.games.solo];
        const clocked = await prisma.seatClock.groupBy({ by: ['gameId'], where: { active: true }, _count: true });
        expect(clocked.map((c) => c.gameId).sort()).toEqual([...playing].sort());
        await stack.advance(25 * HOUR);
        const reminded = await prisma.outbox.groupBy({ by: ['gameId'], where: { kind: 'reminder' }, _count: true });
        expect(reminded.map((r) => r.gameId).sort()).toEqual([...playing].sort());
      } finally {
        await stack.stop();
      }
    } finally {
      await old.dispose();
    }
  }, 120_000);
});
