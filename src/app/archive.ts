import {
  err,
  ok,
  reject,
  replayPublic,
  undoneSeqs,
  verifySegments,
  checkpointHolds,
  replaysRules,
  type Checkpoint,
  type Snapshot,
  type GameEvent,
  type GameModule,
  type Genesis,
  type Json,
  type PublicEntry,
  type LogEntry,
  type Rejection,
  type Result,
} from '../core/index.ts';
import { insertImportedGame, loadBackup, loadLog, rulesCheckpoints, type GameWithSeats } from '../store/index.ts';
import type { Database } from '../store/index.ts';
import { checkExport, EXPORT_FORMAT, RECORD_FORMAT } from './archive-format.ts';
import type { AppActor, AppResult, ExportForUser, ExportPack, GameExport, GameRecord, ImportPlace, ImportProblem, PackRef, RecordEntry, VerifyReport } from './types.ts';

type AnyModule = GameModule<any, any, any>;

/** A refused import or verification: a code for Discord and every problem found, each with its path. */
export interface ImportRefusal extends Rejection {
  readonly problems: readonly ImportProblem[];
}

/** What the archive needs from the application service. */
export interface ArchiveDeps {
  readonly prisma: Database['prisma'];
  moduleFor(gameType: string): Result<AnyModule, Rejection>;
  /** The pack a game is pinned to (id, version, and hash when known; uploads found in their guild). */
  packFor(pin: { gameType: string; guildId: string | null; packId: string | null; packVersion: string | null; packHash: string | null }): Promise<Result<PackRef | undefined, Rejection>>;
  loadGame(gameId: string): Promise<Result<GameWithSeats, Rejection>>;
}

/** A pack content hash when the pack or game row carries one (added by pack pinning); absent otherwise. */
function hashOf(value: unknown): string | undefined {
  const h = (value as { hash?: unknown; packHash?: unknown } | null | undefined) ?? {};
  const hash = h.hash ?? h.packHash;
  return typeof hash === 'string' && hash.length > 0 ? hash : undefined;
}

function exportPack(g: GameWithSeats): ExportPack | null {
  if (g.packId === null || g.packVersion === null) return null;
  const hash = hashOf(g);
  return { id: g.packId, version: g.packVersion, ...(hash ? { hash } : {}) };
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function refusal(code: string, problems: readonly ImportProblem[], params: Record<string, string | number | boolean> = {}): Result<never, ImportRefusal> {
  const first = problems[0];
  return err({ code, params: { path: first?.path ?? '', count: problems.length, ...params }, problems });
}

/**
 * Export, import and verification of a game's whole log (`/game export`, `turnkeeper game export|import|verify`).
 * While a game runs, nothing a seated player, a spectator or the host can ask for carries the seed, a state
 * hash or hidden state: the host gets the table record only. The verifiable file goes to the players once
 * the game has ended, and to the operator (the CLI on the server) at any time, as a whole backup.
 */
export function createArchive({ prisma, moduleFor, packFor, loadGame }: ArchiveDeps) {
  /** Segment by segment (`verifySegments`): each rules checkpoint starts a segment under its rules version. */
  function verifyLog(module: AnyModule, genesis: Genesis, log: readonly LogEntry[], checkpoints: readonly Checkpoint[], pack: PackRef | undefined): VerifyReport {
    const r = verifySegments(module, genesis, log, checkpoints, pack?.data);
    if (r.ok) return { ok: true, commands: log.length, hash: r.hash, segments: r.segments };
    return { ok: false, seq: r.seq, expected: r.expected, actual: r.actual, reason: r.reason, segments: r.segments, ...(r.rejection ? { rejection: r.rejection } : {}) };
  }

  /** A refused replay of a file, with the path of what failed. */
  function divergence(r: Extract<VerifyReport, { ok: false }>, d: GameExport): Result<never, ImportRefusal> {
    if (r.reason === 'checkpoint') {
      const i = (d.checkpoints ?? []).findIndex((c) => c.seq === r.seq);
      return refusal('core.import.diverged', [{ path: `checkpoints[${Math.max(i, 0)}]`, message: 'expected the state its log reached at that seq; the checkpoint or the log was changed' }], { seq: r.seq });
    }
    if (r.reason === 'rules') return refusal('core.import.diverged', [{ path: 'rulesVersion', message: `expected rules this bot plays; the game continues under ${r.actual}` }], { seq: r.seq });
    const message = r.reason === 'hash' ? 'expected the state hash its replay gives; the log was changed or played on other rules' : `expected a command the rules accept; they refuse it (${r.rejection?.code ?? 'refused'})`;
    return refusal('core.import.diverged', [{ path: `log[${r.seq - 1}]`, message }], { seq: r.seq });
  }

  /**
   * A stored game's segment boundaries: its rules checkpoints, and when the running rules differ from the
   * ones it was left under (a game not loaded since the upgrade, a finished one), its stored state after
   * its last command as the boundary, provided that state hashes to that command's logged hash.
   */
  async function boundariesOf(g: GameWithSeats, log: readonly LogEntry[]): Promise<Checkpoint[]> {
    const stored = await rulesCheckpoints(prisma, g.id);
    const m = module(g.gameType);
    const last = stored.at(-1);
    if (!m || (last?.rulesVersion ?? g.rulesVersion) === m.rulesVersion || replaysRules(m, last?.rulesVersion ?? g.rulesVersion)) return stored;
    const snapshot = g.state as unknown as Snapshot | null;
    const seq = log.at(-1)?.seq ?? 0;
    if (snapshot === null || g.stateHash === null || (last?.seq ?? -1) >= seq) return stored;
    const end: Checkpoint = { seq, rulesVersion: m.rulesVersion, snapshot, hash: g.stateHash };
    return checkpointHolds(end, log) ? [...stored, end] : stored;
  }

  function module(gameType: string): AnyModule | undefined {
    const m = moduleFor(gameType);
    return m.ok ? m.value : undefined;
  }

  /** Every check that needs no replay, then the pack (installed, same version, same hash when both know it). */
  async function parseExport(doc: unknown, guildId: string | null = null): Promise<Result<GameExport & { module: AnyModule; packRef: PackRef | undefined }, ImportRefusal>> {
    const checked = checkExport(doc, module);
    if (!checked.ok) return refusal('core.import.invalid', checked.error);
    const d = checked.value;
    const pack = d.pack ? await packFor({ gameType: d.gameType, guildId, packId: d.pack.id, packVersion: d.pack.version, packHash: null }) : ok(undefined);
    if (!pack.ok) return refusal('core.import.invalid', [{ path: 'pack', message: `expected a pack installed here; ${d.pack?.id ?? ''} ${d.pack?.version ?? ''} is not` }]);
    const fileHash = d.pack?.hash;
    const hereHash = hashOf(pack.value);
    if (fileHash && hereHash && fileHash !== hereHash) {
      return refusal('core.import.invalid', [{ path: 'pack.hash', message: `expected ${hereHash}, the content of ${d.pack?.id ?? ''} ${d.pack?.version ?? ''} installed here; the game was played on other content` }]);
    }
    return ok({ ...d, packRef: pack.value });
  }

  /** The table record of a started game: public view and public events only. */
  async function record(g: GameWithSeats): AppResult<GameRecord> {
    const m = moduleFor(g.gameType);
    if (!m.ok) return m;
    const pack = await packFor(g);
    if (!pack.ok) return pack;
    const genesis = g.genesis as unknown as Genesis;
    const from = (await rulesCheckpoints(prisma, g.id)).at(-1);
    const replayed = replayPublic(m.value, genesis, await loadLog(prisma, g.id), pack.value?.data, true, from);
    if (replayed.divergedAt !== null) return reject('core.game.corrupt', { seq: replayed.divergedAt });
    const { snapshot } = replayed;
    const entries: RecordEntry[] = replayed.entries.map(({ isUndo: _isUndo, ...entry }: PublicEntry) => entry);
    const started: GameEvent = { to: 'public', code: 'core.game.started', params: { count: genesis.seats.length } };
    const opening = [started, ...(m.value.introduction?.(replayed.initial.state, pack.value?.data) ?? [])].filter((x) => x.to === 'public');
    return ok({
      format: RECORD_FORMAT,
      verifiable: false,
      gameType: g.gameType,
      rulesVersion: genesis.rulesVersion,
      pack: exportPack(g),
      status: g.status,
      seq: g.seq,
      seats: genesis.seats.map((s) => ({ index: s.index, userName: s.name })),
      opening,
      log: entries,
      publicView: m.value.publicView(snapshot.state),
    });
  }

  /**
   * The verifiable file. `backup` (the operator's) adds what only the server should hand out: the players'
   * personal settings, the seat clocks and the scheduled jobs.
   */
  async function full(g: GameWithSeats, backup: boolean): AppResult<GameExport> {
    if (g.genesis === null) return reject('core.game.notStarted');
    const genesis = g.genesis as unknown as Genesis;
    const [log, rows] = await Promise.all([loadLog(prisma, g.id), backup ? loadBackup(prisma, g.id) : Promise.resolve(null)]);
    const checkpoints = await boundariesOf(g, log);
    return ok({
      format: EXPORT_FORMAT,
      gameType: g.gameType,
      rulesVersion: checkpoints.at(-1)?.rulesVersion ?? genesis.rulesVersion,
      pack: exportPack(g),
      genesis,
      log,
      ...(checkpoints.length > 0 ? { checkpoints } : {}),
      game: {
        id: g.id,
        guildId: g.guildId,
        channelId: g.channelId,
        threadId: g.threadId,
        status: g.status === 'lobby' ? 'playing' : g.status,
        hostUserId: g.hostUserId,
        locale: g.locale === 'es' ? 'es' : 'en',
        seatLimit: g.seatLimit,
        policy: g.policy as Json,
        pausedAt: iso(g.pausedAt),
        dormantAt: iso(g.dormantAt),
        lastActivityAt: g.lastActivityAt.toISOString(),
        turnSeq: g.turnSeq,
      },
      seats: g.seats.map((s) => ({
        index: s.index,
        userId: s.userId,
        userName: s.userName,
        role: s.role,
        ...(backup ? { prefs: s.prefs as Json, awayUntil: iso(s.awayUntil) } : {}),
      })),
      ...(rows
        ? {
            clocks: rows.clocks.map((c) => ({
              seat: c.seat,
              active: c.active,
              turnSeq: c.turnSeq,
              kind: c.kind,
              turnStartedAt: c.turnStartedAt.toISOString(),
              remindersSent: c.remindersSent,
              stalledSent: c.stalledSent,
              extensionsThisTurn: c.extensionsThisTurn,
              extensionsUsed: c.extensionsUsed,
              reminderRef: (c.reminderRef ?? null) as Json,
            })),
            jobs: rows.jobs.map((j) => ({ queue: j.queue, key: j.key, seq: j.seq, at: j.at.toISOString(), data: j.data as Json })),
          }
        : {}),
    });
  }

  return {
    /** The operator's whole backup (`turnkeeper game export` on the server): never offered through Discord. */
    async exportGame(gameId: string): AppResult<GameExport> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      return full(game.value, true);
    },

    /**
     * `/game export`: during play, the host alone gets the table record (no seed, nothing hidden); once the
     * game has ended, its players and host get the verifiable file (without anyone's personal settings).
     */
    async exportFor(gameId: string, actor: AppActor): AppResult<ExportForUser> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      const g = game.value;
      if (g.genesis === null) return reject('core.game.notStarted');
      const isHost = g.hostUserId === actor.userId;
      if (g.status === 'playing') {
        if (!isHost) return reject('core.export.hostOnly');
        const r = await record(g);
        return r.ok ? ok({ kind: 'record', doc: r.value }) : r;
      }
      if (!isHost && !g.seats.some((s) => s.role === 'player' && s.userId === actor.userId)) return reject('core.export.playersOnly');
      const r = await full(g, false);
      return r.ok ? ok({ kind: 'full', doc: r.value }) : r;
    },

    /**
     * Checks every part of a game file, replays it, and stores it as a new game: back where it was played
     * (a version 2 file, unless `place` says otherwise), with its host, seats, spectators, settings,
     * clocks and scheduled reminders. A version 1 file's seats are claimed by their log's actors.
     */
    async importGame(doc: unknown, place?: ImportPlace & { readonly detached?: boolean }): Promise<Result<{ gameId: string }, ImportRefusal>> {
      const parsed = await parseExport(doc, place && !place.detached ? place.guildId : null);
      if (!parsed.ok) return parsed;
      const d = parsed.value;
      const r = verifySegments(d.module, d.genesis, d.log, d.checkpoints ?? [], d.packRef?.data);
      if (!r.ok) return divergence(r, d);
      const phase = d.module.status(r.snapshot.state).phase;
      const row = d.game;
      if (row && (row.status === 'playing') !== (phase === 'playing') && row.status !== 'abandoned') {
        return refusal('core.import.invalid', [{ path: 'game.status', message: `expected ${phase === 'playing' ? 'playing' : 'finished'}, as the replayed log ends` }]);
      }
      const status = row?.status ?? (phase === 'playing' ? 'playing' : 'finished');
      const seats = d.seats
        ? d.seats.map((s) => ({ ...s, awayUntil: s.awayUntil ? new Date(s.awayUntil) : null }))
        : [
            ...new Map(
              d.genesis.seats.map((s) => {
                const userId = d.log.find((e) => e.seat === s.index && !e.asHost)?.actorUserId ?? `unclaimed:${s.index}`;
                return [userId, { index: s.index, userName: s.name, userId }] as const;
              }),
            ).values(),
          ];
      const where = place && !place.detached ? place : undefined;
      const inserted = await insertImportedGame(prisma, {
        guildId: where?.guildId ?? row?.guildId ?? place?.guildId ?? 'import',
        channelId: where?.channelId ?? row?.channelId ?? place?.channelId ?? 'import',
        threadId: where ? (where.threadId ?? null) : place?.detached ? null : (row?.threadId ?? null),
        gameType: d.gameType,
        packId: d.pack?.id ?? null,
        packVersion: d.pack?.version ?? null,
        packHash: d.packRef?.hash ?? null,
        rulesVersion: d.rulesVersion,
        seed: d.genesis.seed,
        options: d.genesis.options as Json,
        hostUserId: row?.hostUserId ?? place?.host.userId ?? 'import',
        locale: row?.locale ?? place?.locale ?? place?.host.locale ?? 'en',
        seatLimit: row?.seatLimit ?? null,
        status,
        genesis: d.genesis,
        snapshot: r.snapshot,
        hash: r.hash,
        seats,
        log: d.log,
        checkpoints: d.checkpoints ?? [],
        undone: undoneSeqs(d.log),
        ...(row
          ? {
              policy: row.policy,
              pausedAt: row.pausedAt ? new Date(row.pausedAt) : null,
              dormantAt: row.dormantAt ? new Date(row.dormantAt) : null,
              lastActivityAt: new Date(row.lastActivityAt),
              turnSeq: row.turnSeq,
            }
          : {}),
        clocks: (d.clocks ?? []).map((c) => ({ ...c, turnStartedAt: new Date(c.turnStartedAt), reminderRef: where || place?.detached ? null : c.reminderRef })),
        jobs: (gameId) =>
          (d.jobs ?? []).map((j) => ({ queue: j.queue, key: j.key.split(row?.id ?? '').join(gameId), seq: j.seq, at: new Date(j.at), data: { ...(j.data as Record<string, Json>), gameId } })),
      });
      if (!inserted.ok) return refusal('core.thread.taken', [{ path: 'game.threadId', message: 'expected a thread that holds no game here; import a copy without a thread (--detached)' }]);
      return ok({ gameId: inserted.id });
    },

    /** A finished game's verifiable file without anyone's personal settings (a campaign's export); refused while it runs. */
    async exportFinished(gameId: string): AppResult<GameExport> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      if (game.value.status !== 'finished' && game.value.status !== 'abandoned') return reject('core.game.notFinished', { status: game.value.status });
      return full(game.value, false);
    },

    /** Checks and replays a game file to its last state (a campaign file's carried chain is checked against it). */
    async replayFile(doc: unknown): Promise<Result<{ readonly module: GameModule<any, any, any>; readonly genesis: Genesis; readonly state: unknown }, Rejection | ImportRefusal>> {
      const parsed = await parseExport(doc);
      if (!parsed.ok) return parsed;
      const d = parsed.value;
      const r = verifySegments(d.module, d.genesis, d.log, d.checkpoints ?? [], d.packRef?.data);
      if (!r.ok) return divergence(r, d);
      return ok({ module: d.module, genesis: d.genesis, state: r.snapshot.state });
    },

    /** Replays a stored game (by id) or a game file and reports the first diverging seq, if any. */
    async verify(idOrDoc: string | GameExport): Promise<Result<VerifyReport, Rejection | ImportRefusal>> {
      if (typeof idOrDoc !== 'string') {
        const parsed = await parseExport(idOrDoc);
        if (!parsed.ok) return parsed;
        return ok(verifyLog(parsed.value.module, parsed.value.genesis, parsed.value.log, parsed.value.checkpoints ?? [], parsed.value.packRef));
      }
      const game = await loadGame(idOrDoc);
      if (!game.ok) return game;
      const g = game.value;
      if (g.genesis === null) return reject('core.game.notStarted');
      const m = moduleFor(g.gameType);
      if (!m.ok) return m;
      const pack = await packFor(g);
      if (!pack.ok) return pack;
      const log = await loadLog(prisma, g.id);
      const checkpoints = await boundariesOf(g, log);
      return ok(verifyLog(m.value, g.genesis as unknown as Genesis, log, checkpoints, pack.value));
    },
  };
}
