import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { ok, reject, type GameModule, type Genesis, type Json, type Rejection, type Result } from '../core/index.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { PrismaClient } from '../store/index.ts';
import type { AppActor, AppResult, GameExport, ImportProblem, ImportPlace, VerifyReport } from './types.ts';

/** The format of a whole campaign's file (`/campaign export`, `turnkeeper game import|verify`). */
export const CAMPAIGN_FORMAT = 'turnkeeper.campaign/1';

const id = z.string().min(1).max(200);
const campaignPart = z.strictObject({
  name: z.string().min(1).max(100),
  gameType: id,
  guildId: id,
  channelId: id,
  homeId: id.nullable(),
  organiserUserId: id,
  pack: z.strictObject({ id, version: id.nullable(), hash: id.nullable() }).nullable(),
  policy: z.unknown(),
  carried: z.unknown(),
  progress: z.unknown(),
  locale: z.string().min(2).max(10),
  status: z.enum(['active', 'ended']),
  /** How an ended campaign ended (`Campaign.ending`); absent in files written before it was exported. */
  ending: z.unknown().optional(),
  members: z.array(z.strictObject({ userId: id, userName: z.string().min(1).max(100), joinedAt: z.string(), leftAt: z.string().nullable() })).max(1000),
  entries: z.array(z.strictObject({ index: z.number().int().min(1), gameId: id, recap: z.unknown(), carried: z.unknown() })).max(10_000),
});

const fileSchema = z.strictObject({
  format: z.literal(CAMPAIGN_FORMAT),
  campaign: campaignPart,
  /** Every finished game's verifiable file, in campaign order (the entries name them by `gameId`). */
  games: z.array(z.unknown()).max(10_000),
});

export type CampaignFile = z.infer<typeof fileSchema> & { readonly games: readonly GameExport[] };

type AnyModule = GameModule<any, any, any>;

/** What the campaign archive needs: the database and the app's game files (src/app/archive.ts). */
export interface CampaignArchiveDeps {
  readonly prisma: PrismaClient;
  readonly app: {
    exportFinished(gameId: string): AppResult<GameExport>;
    replayFile(doc: unknown): Promise<Result<{ readonly module: AnyModule; readonly genesis: Genesis; readonly state: unknown }, Rejection | { code: string; problems: readonly ImportProblem[] }>>;
    verify(doc: GameExport): Promise<Result<VerifyReport, Rejection | { code: string; problems: readonly ImportProblem[] }>>;
    importGame(doc: unknown, place?: ImportPlace & { readonly detached?: boolean }): Promise<Result<{ gameId: string }, Rejection | { code: string; problems: readonly ImportProblem[] }>>;
  };
}

export interface CampaignVerifyReport {
  readonly ok: boolean;
  readonly games: number;
  readonly problems: readonly ImportProblem[];
}

const problemsOf = (error: { code: string; problems?: readonly ImportProblem[] }, at: string): ImportProblem[] =>
  error.problems && error.problems.length > 0 ? error.problems.map((p) => ({ path: `${at}.${p.path}`, message: p.message })) : [{ path: at, message: `expected a game file this bot accepts (${error.code})` }];

/**
 * A campaign's whole file and its checks: every finished game's verifiable file, the roster, the journal and
 * the carried state. `verify` replays each game and checks the chain: each game's genesis holds exactly what
 * the game before it handed on (`GameModule.campaign.carry` of its last state), and the campaign's carried
 * state is the last game's.
 */
export function createCampaignArchive(deps: CampaignArchiveDeps) {
  const { prisma, app } = deps;

  async function verifyFile(doc: unknown): Promise<Result<CampaignVerifyReport, Rejection>> {
    const parsed = fileSchema.safeParse(doc);
    if (!parsed.success) {
      return ok({ ok: false, games: 0, problems: parsed.error.issues.slice(0, 50).map((i) => ({ path: i.path.join('.') || 'format', message: i.message })) });
    }
    const file = parsed.data;
    const problems: ImportProblem[] = [];
    let expected: Json | null = null;
    for (const [i, game] of file.games.entries()) {
      const at = `games[${i}]`;
      const replayed = await app.replayFile(game);
      if (!replayed.ok) {
        problems.push(...problemsOf(replayed.error, at));
        continue;
      }
      const { module, genesis, state } = replayed.value;
      if (module.id !== file.campaign.gameType) problems.push({ path: `${at}.gameType`, message: `expected ${file.campaign.gameType}, the campaign's game` });
      const given = genesis.carried ?? null;
      if (!isDeepStrictEqual(given, expected)) problems.push({ path: `${at}.genesis.carried`, message: 'expected what the game before it handed on' });
      expected = module.campaign ? module.campaign.carry(state, given) : null;
      const entry = file.campaign.entries[i];
      if (!entry || !isDeepStrictEqual(entry.carried ?? null, expected)) problems.push({ path: `campaign.entries[${i}].carried`, message: 'expected what this game hands on when replayed' });
    }
    if (file.games.length > 0 && !isDeepStrictEqual(file.campaign.carried ?? null, expected)) {
      problems.push({ path: 'campaign.carried', message: 'expected what the last game hands on when replayed' });
    }
    return ok({ ok: problems.length === 0, games: file.games.length, problems });
  }

  return {
    verifyFile,

    /** The campaign's file: its roster, journal, carried state and every finished game's verifiable file. */
    async exportCampaign(campaignId: string): AppResult<CampaignFile> {
      const c = await prisma.campaign.findUnique({ where: { id: campaignId }, include: { members: { orderBy: { id: 'asc' } }, entries: { orderBy: { index: 'asc' } } } });
      if (!c) return reject('campaign.notFound');
      const games: GameExport[] = [];
      for (const entry of c.entries) {
        const file = await app.exportFinished(entry.gameId);
        if (!file.ok) return file;
        games.push(file.value);
      }
      return ok({
        format: CAMPAIGN_FORMAT,
        campaign: {
          name: c.name,
          gameType: c.gameType,
          guildId: c.guildId,
          channelId: c.channelId,
          homeId: c.homeId,
          organiserUserId: c.organiserUserId,
          pack: c.packId ? { id: c.packId, version: c.packVersion, hash: c.packHash } : null,
          policy: c.policy,
          carried: c.carried,
          progress: c.progress,
          locale: c.locale,
          status: c.status,
          ...(c.ending !== null ? { ending: c.ending } : {}),
          members: c.members.map((m) => ({ userId: m.userId, userName: m.userName, joinedAt: m.joinedAt.toISOString(), leftAt: m.leftAt?.toISOString() ?? null })),
          entries: c.entries.map((e) => ({ index: e.index, gameId: e.gameId, recap: e.recap, carried: e.carried })),
        },
        games,
      });
    },

    /**
     * Restores a campaign from its file after checking all of it: each game imported as a copy (detached from
     * its old thread), then the campaign with its roster, journal, standings and carried state, linked to them.
     * Refused whole when any check fails; a name already used in the guild gets " (restored)".
     */
    async importCampaign(doc: unknown, by: AppActor): Promise<Result<{ campaignId: string; games: readonly string[] }, { code: string; problems: readonly ImportProblem[] }>> {
      const checked = await verifyFile(doc);
      if (!checked.ok) return { ok: false, error: { code: checked.error.code, problems: [] } };
      if (!checked.value.ok) return { ok: false, error: { code: 'core.import.invalid', problems: checked.value.problems } };
      const file = doc as CampaignFile;
      const c = file.campaign;
      const imported: string[] = [];
      for (const [i, game] of file.games.entries()) {
        const r = await app.importGame(game, { guildId: c.guildId, channelId: c.channelId, host: by, detached: true });
        if (!r.ok) return { ok: false, error: { code: 'code' in r.error ? r.error.code : 'core.import.invalid', problems: 'problems' in r.error ? problemsOf(r.error, `games[${i}]`) : [] } };
        imported.push(r.value.gameId);
      }
      const newId = new Map(c.entries.map((e, i) => [e.gameId, imported[i]!] as const));
      const taken = await prisma.campaign.findUnique({ where: { guildId_gameType_name: { guildId: c.guildId, gameType: c.gameType, name: c.name } }, select: { id: true } });
      const created = await prisma.$transaction(async (tx) => {
        const row = await tx.campaign.create({
          data: {
            guildId: c.guildId,
            gameType: c.gameType,
            name: taken ? `${c.name.slice(0, 85)} (restored)` : c.name,
            channelId: c.channelId,
            homeId: null,
            organiserUserId: c.organiserUserId,
            packId: c.pack?.id ?? null,
            packVersion: c.pack?.version ?? null,
            packHash: c.pack?.hash ?? null,
            policy: (c.policy ?? {}) as Prisma.InputJsonValue,
            ...(c.carried !== null && c.carried !== undefined ? { carried: c.carried as Prisma.InputJsonValue } : {}),
            progress: (c.progress ?? {}) as Prisma.InputJsonValue,
            locale: c.locale,
            status: c.status,
            ...(c.ending !== null && c.ending !== undefined ? { ending: c.ending as Prisma.InputJsonValue } : {}),
            members: { create: c.members.map((m) => ({ userId: m.userId, userName: m.userName, joinedAt: new Date(m.joinedAt), leftAt: m.leftAt ? new Date(m.leftAt) : null })) },
            entries: {
              create: c.entries.map((e) => ({
                index: e.index,
                gameId: newId.get(e.gameId)!,
                recap: { ...(e.recap as Record<string, Json>), gameId: newId.get(e.gameId)!, threadId: null } as Prisma.InputJsonValue,
                ...(e.carried !== null && e.carried !== undefined ? { carried: e.carried as Prisma.InputJsonValue } : {}),
              })),
            },
          },
        });
        for (const [i, gameId] of imported.entries()) {
          const given = file.games[i]!.genesis.carried;
          await tx.game.update({ where: { id: gameId }, data: { campaignId: row.id, campaignIndex: c.entries[i]!.index, ...(given !== undefined ? { carried: given as Prisma.InputJsonValue } : {}) } });
        }
        return row;
      });
      return ok({ campaignId: created.id, games: imported });
    },
  };
}

export type CampaignArchive = ReturnType<typeof createCampaignArchive>;
