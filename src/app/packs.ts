import { ok, ownValue, reject, rehashLog, type GameModule, type Genesis, type Json, type Rejection, type Result } from '../core/index.ts';
import {
  compareVersions,
  loadPackFromFiles,
  packDigest,
  packError,
  validatePack,
  type PackError,
  type PackLimits,
  type PackSourceFile,
} from '../content/index.ts';
import { loadLog, rulesCheckpoints, type Database, type GameWithSeats } from '../store/index.ts';
import type { AppActor, AppDeps, AppResult, PackDigest, PackPin, PackRef } from './types.ts';

type AnyModule = GameModule<any, any, any>;

/**
 * Bounds of a `/pack upload`: tighter than shipped packs, since anyone with Manage Server may send one.
 * Discord allows at most 10 attachment options per command.
 */
export const UPLOAD_LIMITS: PackLimits = { maxFileBytes: 256 * 1024, maxTotalBytes: 1024 * 1024, maxFiles: 10, maxDepth: 32, maxAliasCount: 100 };

/** Pack versions one guild may keep; older uploads must be removed by an operator beyond that. */
export const MAX_GUILD_PACK_VERSIONS = 50;


/** The pack columns of a game row, to be carried to every place that shows its texts or draws it. */
export function pinOf(game: PackPin): PackPin {
  return { gameType: game.gameType, guildId: game.guildId, packId: game.packId, packVersion: game.packVersion, packHash: game.packHash };
}

/** A pack a guild may pick at `/game new pack:`. */
export interface PackChoice {
  readonly id: string;
  readonly version: string;
  readonly name: { readonly en: string; readonly es: string } | null;
  readonly uploaded: boolean;
}

export interface UploadedPack {
  readonly gameType: string;
  readonly id: string;
  readonly version: string;
  readonly hash: string;
  /** True when this exact content was already stored under this version: nothing changed. */
  readonly unchanged: boolean;
  readonly files: number;
}

/** One file's difference between two versions of a pack. */
export interface FileChange {
  readonly file: string;
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
}

/** Moving a pinned pack from one version to another, and what changes file by file. */
export interface PackMove {
  readonly packId: string;
  readonly from: { readonly version: string | null; readonly hash: string | null };
  readonly to: { readonly version: string; readonly hash: string };
  readonly changes: readonly FileChange[];
}

export interface UpgradePlan extends PackMove {
  readonly gameId: string;
  /** Commands replayed with the new content (0 in a lobby). */
  readonly replayed: number;
}

/** Compares two packs entry by entry (see `PackRef.digest`); unknown content counts as all changed. */
export function diffDigests(before: PackDigest | undefined, after: PackDigest | undefined): FileChange[] {
  const files = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  const out: FileChange[] = [];
  for (const file of files) {
    const a = before?.[file] ?? {};
    const b = after?.[file] ?? {};
    let added = 0;
    let removed = 0;
    let changed = 0;
    for (const k of Object.keys(b)) if (!Object.hasOwn(a, k)) added++;
    else if (a[k] !== b[k]) changed++;
    for (const k of Object.keys(a)) if (!Object.hasOwn(b, k)) removed++;
    if (added + removed + changed > 0) out.push({ file, added, removed, changed });
  }
  return out;
}

/** Pack ids and versions as pack.yaml allows them: anything else names no pack and is never sent to the database. */
const PACK_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const VERSION = /^\d{1,9}\.\d{1,9}\.\d{1,9}$/;

const splitRef = (ref: string): { id: string; version?: string } => {
  const at = ref.indexOf('@');
  return at < 0 ? { id: ref } : { id: ref.slice(0, at), version: ref.slice(at + 1) };
};

interface LibraryDeps {
  readonly db: Database;
  readonly games: AppDeps['games'];
  readonly packs: AppDeps['packs'];
  readonly packList?: AppDeps['packList'];
  loadGame(gameId: string): Promise<Result<GameWithSeats, Rejection>>;
  /** Drops a game from the service's in-memory cache after its pack changed. */
  forget(gameId: string): void;
}

/**
 * Packs as games find them: shipped ones by id and version (several versions side by side), and the
 * ones a guild uploaded (stored in `ContentPack`, visible to that guild only). A game is pinned to the
 * version and hash it was created with until its host upgrades it.
 */
export function createPackLibrary({ db, games, packs, packList, loadGame, forget }: LibraryDeps) {
  const prisma = db.prisma;
  /** Validated uploads by row id: a stored row never changes (a new version is a new row). */
  const validated = new Map<string, PackRef | null>();

  function refOfRow(row: { id: string; guildId: string | null; gameType: string; packId: string; version: string; hash: string; data: unknown }): PackRef | undefined {
    const known = validated.get(row.id);
    if (known !== undefined) return known ?? undefined;
    const module = ownValue(games, row.gameType);
    const raw = row.data as Record<string, unknown>;
    const files = Object.keys(raw).map((key) => ({ key, file: `${key}.yaml`, bytes: 0 }));
    const manifest = raw['pack'] as { name?: { en: string; es: string } } | undefined;
    const loaded = { manifest: raw['pack'] as never, data: raw, files, hash: row.hash };
    const valid = module?.packSchema ? validatePack(loaded, module.packSchema) : null;
    const ref: PackRef | null =
      module && (!module.packSchema || valid?.ok)
        ? { id: row.packId, version: row.version, hash: row.hash, data: valid?.ok ? valid.value.content : raw, guildId: row.guildId ?? undefined, digest: packDigest(raw), ...(manifest?.name ? { name: manifest.name } : {}) }
        : null;
    if (validated.size > 500) validated.clear();
    validated.set(row.id, ref);
    return ref ?? undefined;
  }

  /** The newest (or the given) version of a guild's upload. */
  async function uploaded(guildId: string | null, gameType: string, packId: string, version?: string): Promise<PackRef | undefined> {
    if (guildId === null || !PACK_ID.test(packId) || (version !== undefined && !VERSION.test(version))) return undefined;
    const rows = await prisma.contentPack.findMany({ where: { guildId, gameType, packId, ...(version === undefined ? {} : { version }) } });
    const newest = rows.sort((a, b) => compareVersions(a.version, b.version)).at(-1);
    return newest ? refOfRow(newest) : undefined;
  }

  /** The pack a game row is pinned to; a shipped pack whose content changed under the same version is refused. */
  async function packFor(pin: PackPin): Promise<Result<PackRef | undefined, Rejection>> {
    if (pin.packId === null) return ok(undefined);
    const version = pin.packVersion ?? undefined;
    const shipped = packs(pin.gameType, pin.packId, version);
    if (shipped && (pin.packHash === null || shipped.hash === pin.packHash)) return ok(shipped);
    const mine = await uploaded(pin.guildId, pin.gameType, pin.packId, version);
    if (mine && (pin.packHash === null || mine.hash === pin.packHash)) return ok(mine);
    if (shipped || mine) return reject('core.pack.changed', { packId: pin.packId, version: pin.packVersion ?? '' });
    return reject('core.pack.unavailable', { packId: pin.packId, version: pin.packVersion ?? '' });
  }

  /** The pack `/game new pack:` names (`id` or `id@version`), or the game's default without one. */
  async function choose(gameType: string, guildId: string, ref: string | undefined): Promise<Result<PackRef | undefined, Rejection>> {
    if (ref === undefined) return ok(packs(gameType));
    const { id, version } = splitRef(ref);
    const found = packs(gameType, id, version) ?? (await uploaded(guildId, gameType, id, version));
    return found ? ok(found) : reject('core.pack.unavailable', { packId: id, version: version ?? '' });
  }

  /** The newest version of the pack a game plays, from where the game found it. */
  async function newest(pin: PackPin, from: PackRef | undefined, version?: string): Promise<PackRef | undefined> {
    const id = pin.packId ?? '';
    if (from?.guildId !== undefined) return uploaded(pin.guildId, pin.gameType, id, version);
    return packs(pin.gameType, id, version) ?? (from ? undefined : uploaded(pin.guildId, pin.gameType, id, version));
  }

  /**
   * Moving a pinned pack to another version (the newest without `toVersion`): the target, and what changes
   * file by file. Refused when there is nothing newer, or that version is not available here.
   */
  async function movePlan(pin: PackPin, toVersion?: string): AppResult<PackMove & { target: PackRef }> {
    if (pin.packId === null) return reject('core.pack.none');
    const current = await packFor(pin);
    const target = await newest(pin, current.ok ? current.value : undefined, toVersion);
    if (!target) return reject('core.pack.unavailable', { packId: pin.packId, version: toVersion ?? '' });
    if (target.version === pin.packVersion && target.hash === pin.packHash) return reject('core.pack.upToDate', { version: target.version });
    if (toVersion === undefined && pin.packVersion !== null && compareVersions(target.version, pin.packVersion) < 0) return reject('core.pack.upToDate', { version: pin.packVersion });
    return ok({
      packId: pin.packId,
      from: { version: pin.packVersion, hash: pin.packHash },
      to: { version: target.version, hash: target.hash },
      changes: diffDigests(current.ok ? current.value?.digest : undefined, target.digest),
      target,
    });
  }

  async function plan(gameId: string, actor: AppActor, toVersion?: string): AppResult<UpgradePlan & { game: GameWithSeats; target: PackRef; hashes: readonly string[]; snapshot: unknown; hash: string }> {
    const read = await loadGame(gameId);
    if (!read.ok) return read;
    const game = read.value;
    if (game.hostUserId !== actor.userId) return reject('core.notHost');
    if (game.status !== 'lobby' && game.status !== 'playing') return reject('core.game.notPlaying', { status: game.status });
    if (game.packId === null) return reject('core.pack.none');
    const module = ownValue(games, game.gameType);
    if (!module) return reject('core.game.unknownType', { gameType: game.gameType });
    const move = await movePlan(game, toVersion);
    if (!move.ok) return move;
    const { target } = move.value;
    const base = { gameId, ...move.value, game };
    if (game.genesis === null) return ok({ ...base, replayed: 0, hashes: [], snapshot: null, hash: '' });
    // A game that moved on to newer rules cannot replay its first commands here: its log cannot be re-based.
    const boundary = (await rulesCheckpoints(prisma, gameId)).at(-1);
    if (boundary) return reject('core.pack.cannotReplay', { seq: boundary.seq, version: target.version });
    const log = await loadLog(prisma, gameId);
    const r = rehashLog(module as AnyModule, game.genesis as unknown as Genesis, log, target.data);
    if (!r.ok) return reject('core.pack.cannotReplay', { seq: r.seq, version: target.version });
    return ok({ ...base, replayed: log.length, hashes: r.hashes ?? [], snapshot: r.snapshot, hash: r.hash });
  }

  return {
    packFor,
    choose,

    /** What moving a pin (a campaign's) to another pack version changes, without the target's data. */
    async planPackMove(pin: PackPin, toVersion?: string): AppResult<PackMove> {
      const r = await movePlan(pin, toVersion);
      if (!r.ok) return r;
      const { target: _target, ...move } = r.value;
      return ok(move);
    },

    /** Shipped packs (newest version of each) and this guild's uploads, for `/game new pack:` autocomplete. */
    async packChoices(guildId: string, gameType: string): Promise<PackChoice[]> {
      const newestById = new Map<string, PackChoice>();
      for (const p of packList?.(gameType) ?? []) newestById.set(p.id, { id: p.id, version: p.version, name: p.name ?? null, uploaded: false });
      const rows = await prisma.contentPack.findMany({ where: { guildId, gameType }, select: { packId: true, version: true, data: true } });
      for (const row of rows.sort((a, b) => compareVersions(a.version, b.version))) {
        if (newestById.get(row.packId)?.uploaded === false) continue;
        const name = ((row.data as Record<string, unknown>)['pack'] as { name?: { en: string; es: string } } | undefined)?.name ?? null;
        newestById.set(row.packId, { id: row.packId, version: row.version, name, uploaded: true });
      }
      return [...newestById.values()];
    },

    /**
     * Validates an upload exactly as `turnkeeper pack validate` does and stores it for this guild. Every
     * problem is reported at once; a refused upload stores nothing.
     */
    async uploadPack(guildId: string, userId: string, files: readonly PackSourceFile[]): Promise<Result<UploadedPack, PackError[]>> {
      const loaded = loadPackFromFiles(files, { limits: UPLOAD_LIMITS });
      if (!loaded.ok) return loaded;
      const pack = loaded.value;
      const m = pack.manifest;
      const errors: PackError[] = [];
      const module = ownValue(games, m.gameType);
      if (!module) errors.push(packError('pack.yaml', '/gameType', 'content.upload.unknownGame', { code: 'content.expected.oneOf', params: { values: Object.keys(games).join(', ') } }, { got: m.gameType }));
      else if (module.packSchema) {
        const valid = validatePack(pack, module.packSchema);
        if (!valid.ok) errors.push(...valid.error);
      } else errors.push(packError('pack.yaml', '/gameType', 'content.upload.noPacks', 'a game that plays content packs', { got: m.gameType }));
      if (packs(m.gameType, m.id)) errors.push(packError('pack.yaml', '/id', 'content.upload.shippedId', 'an id no shipped pack uses', { got: m.id, params: { packId: m.id } }));
      const rows = await prisma.contentPack.findMany({ where: { guildId }, select: { gameType: true, packId: true, version: true, hash: true } });
      const same = rows.filter((r) => r.gameType === m.gameType && r.packId === m.id);
      const twin = same.find((r) => r.version === m.version);
      if (twin && twin.hash !== pack.hash) {
        errors.push(packError('pack.yaml', '/version', 'content.pack.versionNotBumped', `a new version, since ${m.version} was uploaded with other content`, { got: m.version, params: { version: m.version, packId: m.id } }));
      }
      const top = same.map((r) => r.version).sort(compareVersions).at(-1);
      if (!twin && top !== undefined && compareVersions(m.version, top) < 0) {
        errors.push(packError('pack.yaml', '/version', 'content.upload.olderVersion', `a version above ${top}`, { got: m.version, params: { version: m.version, newest: top } }));
      }
      if (!twin && rows.length >= MAX_GUILD_PACK_VERSIONS) {
        errors.push(packError('', '', 'content.upload.tooMany', `at most ${MAX_GUILD_PACK_VERSIONS} pack versions per server`, { params: { limit: MAX_GUILD_PACK_VERSIONS } }));
      }
      if (errors.length > 0) return { ok: false, error: errors };
      const done = { gameType: m.gameType, id: m.id, version: m.version, hash: pack.hash, files: pack.files.length };
      if (twin) return ok({ ...done, unchanged: true });
      try {
        await prisma.contentPack.create({ data: { guildId, gameType: m.gameType, packId: m.id, version: m.version, hash: pack.hash, data: pack.data as Json as object, uploadedBy: userId } });
      } catch {
        return { ok: false, error: [packError('pack.yaml', '/version', 'content.pack.versionNotBumped', `a new version, since ${m.version} was just uploaded`, { got: m.version, params: { version: m.version, packId: m.id } })] };
      }
      return ok({ ...done, unchanged: false });
    },

    /** What moving a game to another version of its pack would change; refused when the new content cannot replay its log. */
    async planUpgrade(gameId: string, actor: AppActor, toVersion?: string): AppResult<UpgradePlan> {
      const r = await plan(gameId, actor, toVersion);
      if (!r.ok) return r;
      const { gameId: id, packId, from, to, changes, replayed } = r.value;
      return ok({ gameId: id, packId, from, to, changes, replayed });
    },

    /**
     * Moves a game to another version of its pack, once the host confirmed the hash the plan showed. The
     * log is re-based on the new content (each command's hash recomputed) so `verify` still proves it.
     */
    async upgradePack(gameId: string, actor: AppActor, toVersion: string | undefined, confirm: string): AppResult<UpgradePlan> {
      const r = await plan(gameId, actor, toVersion);
      if (!r.ok) return r;
      const p = r.value;
      if (confirm.length < 8 || !p.to.hash.startsWith(confirm.toLowerCase())) return reject('core.pack.confirmMismatch', { hash: p.to.hash.slice(0, 12) });
      const log = p.game.genesis === null ? [] : await loadLog(prisma, gameId);
      const moved = await prisma.$transaction(async (tx) => {
        const changed = await tx.game.updateMany({
          where: { id: gameId, version: p.game.version, seq: p.game.seq },
          data: {
            packVersion: p.to.version,
            packHash: p.to.hash,
            version: { increment: 1 },
            ...(p.game.genesis === null ? {} : { state: p.snapshot as object, stateHash: p.hash, checkpointSeq: 0 }),
          },
        });
        if (changed.count !== 1) return false;
        // Cadence checkpoints hold states of the old content: replay starts from the genesis again.
        await tx.gameCheckpoint.deleteMany({ where: { gameId } });
        for (const [i, entry] of log.entries()) {
          const hash = p.hashes[i];
          if (hash !== undefined && hash !== entry.stateHashAfter) await tx.gameCommand.update({ where: { gameId_seq: { gameId, seq: entry.seq } }, data: { stateHashAfter: hash } });
        }
        return true;
      });
      forget(gameId);
      if (!moved) return reject('core.movedOn');
      const { packId, from, to, changes, replayed } = p;
      return ok({ gameId, packId, from, to, changes, replayed });
    },
  };
}
