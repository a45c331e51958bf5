import { z } from 'zod';
import { ok, reject, replay, undoneSeqs, type GameModule, type Genesis, type Json, type LogEntry, type Rejection, type Result } from '../core/index.ts';
import { insertImportedGame, loadLog, type GameWithSeats } from '../store/index.ts';
import type { Database } from '../store/index.ts';
import type { AppResult, GameExport, ImportPlace, PackRef, VerifyReport } from './types.ts';

type AnyModule = GameModule<any, any, any>;

const exportSchema = z.object({
  format: z.literal('turnkeeper.game/1'),
  gameType: z.string().min(1),
  rulesVersion: z.string(),
  pack: z.object({ id: z.string(), version: z.string() }).nullable(),
  genesis: z.object({
    gameType: z.string(),
    rulesVersion: z.string(),
    options: z.unknown(),
    seats: z.array(z.object({ index: z.number().int().min(0), name: z.string() })),
    seed: z.number().int(),
  }),
  log: z.array(
    z.object({
      seq: z.number().int().min(1),
      type: z.string().min(1),
      args: z.json(),
      seat: z.number().int().nullable(),
      asHost: z.boolean(),
      actorUserId: z.string(),
      at: z.iso.datetime().refine((at) => new Date(at).toISOString() === at, 'at must be canonical ISO 8601 with milliseconds'),
      nonce: z.string().min(1),
      stateHashAfter: z.string(),
      irreversible: z.boolean(),
    }),
  ),
});

/** What the archive needs from the application service. */
export interface ArchiveDeps {
  readonly prisma: Database['prisma'];
  moduleFor(gameType: string): Result<AnyModule, Rejection>;
  packFor(gameType: string, packId: string | null, packVersion: string | null): Result<PackRef | undefined, Rejection>;
  loadGame(gameId: string): Promise<Result<GameWithSeats, Rejection>>;
}

/** Export, import and verification of a game's whole log (`/game export`, `turnkeeper game import|verify`). */
export function createArchive({ prisma, moduleFor, packFor, loadGame }: ArchiveDeps) {
  async function verifyLog(module: AnyModule, genesis: Genesis, log: readonly LogEntry[], pack: PackRef | undefined): Promise<VerifyReport> {
    const r = replay(module, genesis, log, pack?.data);
    if (r.ok) return { ok: true, commands: log.length, hash: r.hash };
    return { ok: false, seq: r.seq, expected: r.expected, actual: r.actual, reason: r.reason, ...(r.rejection ? { rejection: r.rejection } : {}) };
  }

  function parseExport(doc: unknown): Result<GameExport & { module: AnyModule; packRef: PackRef | undefined }, Rejection> {
    const parsed = exportSchema.safeParse(doc);
    if (!parsed.success) return reject('core.import.invalid', { path: parsed.error.issues[0]?.path.join('.') ?? '' });
    const d = parsed.data as unknown as GameExport;
    const module = moduleFor(d.gameType);
    if (!module.ok) return module;
    if (d.genesis.gameType !== d.gameType) return reject('core.import.invalid', { path: 'genesis.gameType' });
    if (d.rulesVersion !== module.value.rulesVersion || d.genesis.rulesVersion !== d.rulesVersion) {
      return reject('core.import.rulesVersion', { expected: module.value.rulesVersion, actual: d.rulesVersion });
    }
    if (d.log.some((e, i) => e.seq !== i + 1)) return reject('core.import.invalid', { path: 'log.seq' });
    const pack = d.pack ? packFor(d.gameType, d.pack.id, d.pack.version) : ok(undefined);
    if (!pack.ok) return pack;
    return ok({ ...d, module: module.value, packRef: pack.value });
  }

  return {
    async exportGame(gameId: string): AppResult<GameExport> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      const g = game.value;
      if (g.genesis === null) return reject('core.game.notStarted');
      const genesis = g.genesis as unknown as Genesis;
      return ok({
        format: 'turnkeeper.game/1',
        gameType: g.gameType,
        rulesVersion: genesis.rulesVersion,
        pack: g.packId !== null && g.packVersion !== null ? { id: g.packId, version: g.packVersion } : null,
        genesis,
        log: await loadLog(prisma, gameId),
      });
    },

    /** Verifies an exported game and stores it as a new game at `place`; seats are claimed by their log's actors. */
    async importGame(doc: unknown, place: ImportPlace): AppResult<{ gameId: string }> {
      const parsed = parseExport(doc);
      if (!parsed.ok) return parsed;
      const d = parsed.value;
      const r = replay(d.module, d.genesis, d.log, d.packRef?.data);
      if (!r.ok) return reject('core.import.diverged', { seq: r.seq });
      const seats = d.genesis.seats.map((s) => ({
        index: s.index,
        userName: s.name,
        userId: d.log.find((e) => e.seat === s.index && !e.asHost)?.actorUserId ?? `unclaimed:${s.index}`,
      }));
      const inserted = await insertImportedGame(prisma, {
        guildId: place.guildId,
        channelId: place.channelId,
        threadId: place.threadId ?? null,
        gameType: d.gameType,
        packId: d.pack?.id ?? null,
        packVersion: d.pack?.version ?? null,
        rulesVersion: d.rulesVersion,
        seed: d.genesis.seed,
        options: d.genesis.options as Json,
        hostUserId: place.host.userId,
        locale: place.locale ?? place.host.locale ?? 'en',
        status: d.module.status(r.snapshot.state).phase === 'playing' ? 'playing' : 'finished',
        genesis: d.genesis,
        snapshot: r.snapshot,
        hash: r.hash,
        seats: [...new Map(seats.map((s) => [s.userId, s] as const)).values()],
        log: d.log,
        undone: undoneSeqs(d.log),
      });
      return inserted.ok ? ok({ gameId: inserted.id }) : reject('core.thread.taken');
    },

    /** Replays a stored game (by id) or an exported document and reports the first diverging seq, if any. */
    async verify(idOrDoc: string | GameExport): AppResult<VerifyReport> {
      if (typeof idOrDoc !== 'string') {
        const parsed = parseExport(idOrDoc);
        if (!parsed.ok) return parsed;
        return ok(await verifyLog(parsed.value.module, parsed.value.genesis, parsed.value.log, parsed.value.packRef));
      }
      const game = await loadGame(idOrDoc);
      if (!game.ok) return game;
      const g = game.value;
      if (g.genesis === null) return reject('core.game.notStarted');
      const module = moduleFor(g.gameType);
      if (!module.ok) return module;
      const pack = packFor(g.gameType, g.packId, g.packVersion);
      if (!pack.ok) return pack;
      return ok(await verifyLog(module.value, g.genesis as unknown as Genesis, await loadLog(prisma, g.id), pack.value));
    },
  };
}
