import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { err, ok, type Result } from '../core/result.ts';
import { loadPackDir } from './load-dir.ts';
import { packError, type LoadedPack, type PackError } from './schema.ts';

/** One built-in pack as the registry lists it. */
export interface PackEntry {
  readonly gameType: string;
  readonly id: string;
  readonly version: string;
  /** `stateHash` of the merged pack data: what a game row records next to id and version. */
  readonly hash: string;
  readonly dir: string;
  readonly name: { readonly en: string; readonly es: string };
}

export interface PackRegistry {
  /** Built-in packs that load cleanly, sorted by game, id, version; optionally for one game only. */
  list(gameType?: string): Promise<readonly PackEntry[]>;
  /** Packs that failed to load, with their errors (for `turnkeeper pack validate` and start-up logs). */
  problems(): Promise<readonly { readonly dir: string; readonly errors: readonly PackError[] }[]>;
  /** A pack by game and id; without `version`, the highest version present. */
  get(gameType: string, packId: string, version?: string): Promise<Result<LoadedPack, PackError[]>>;
}

/** Orders `major.minor.patch` versions numerically (1.10.0 after 1.9.0). */
export const compareVersions = (a: string, b: string): number => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
};

/**
 * Lists the packs under `root` laid out as `<gameType>/<packId>/` or, to keep an older version that
 * running games were started with, `<gameType>/<packId>@<version>/`. The folder must agree with the
 * pack's own `pack.yaml` (gameType, id, and version when the folder names one). Scanned once, then cached.
 */
export function createPackRegistry(root = 'assets/packs'): PackRegistry {
  let scanned: Promise<{ packs: { entry: PackEntry; pack: LoadedPack }[]; problems: { dir: string; errors: PackError[] }[] }> | null = null;
  const scan = () =>
    (scanned ??= (async () => {
      const packs: { entry: PackEntry; pack: LoadedPack }[] = [];
      const problems: { dir: string; errors: PackError[] }[] = [];
      const games = await readdir(root, { withFileTypes: true }).catch(() => []);
      for (const game of games.filter((d) => d.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const folders = await readdir(join(root, game.name), { withFileTypes: true });
        for (const folder of folders.filter((d) => d.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
          const dir = join(root, game.name, folder.name);
          const loaded = await loadPackDir(dir);
          if (!loaded.ok) {
            problems.push({ dir, errors: loaded.error });
            continue;
          }
          const m = loaded.value.manifest;
          const [id, version] = folder.name.split('@');
          if (m.gameType !== game.name || m.id !== id || (version !== undefined && version !== m.version)) {
            const expected = `pack.yaml to say gameType ${game.name}, id ${id ?? ''}${version === undefined ? '' : `, version ${version}`}`;
            problems.push({ dir, errors: [packError('pack.yaml', '', 'content.pack.folderMismatch', expected, { got: `${m.gameType}/${m.id}@${m.version}` })] });
            continue;
          }
          const twin = packs.find((p) => p.entry.gameType === m.gameType && p.entry.id === m.id && p.entry.version === m.version);
          if (twin) {
            problems.push({ dir, errors: [packError('pack.yaml', '/version', 'content.pack.duplicateVersion', `a version other than ${m.version}, which ${twin.entry.dir} already holds`, { got: m.version, params: { version: m.version } })] });
            continue;
          }
          const entry: PackEntry = { gameType: m.gameType, id: m.id, version: m.version, hash: loaded.value.hash, dir, name: m.name };
          packs.push({ entry, pack: loaded.value });
        }
      }
      packs.sort((a, b) => a.entry.gameType.localeCompare(b.entry.gameType) || a.entry.id.localeCompare(b.entry.id) || compareVersions(a.entry.version, b.entry.version));
      return { packs, problems };
    })());
  return {
    async list(gameType) {
      const { packs } = await scan();
      return packs.map((p) => p.entry).filter((e) => gameType === undefined || e.gameType === gameType);
    },
    async problems() {
      return (await scan()).problems;
    },
    async get(gameType, packId, version) {
      const { packs } = await scan();
      const matching = packs.filter((p) => p.entry.gameType === gameType && p.entry.id === packId && (version === undefined || p.entry.version === version));
      const found = matching[matching.length - 1];
      if (!found) {
        const expected = `a built-in pack ${gameType}/${packId}${version === undefined ? '' : `@${version}`}`;
        return err([packError('', '', 'content.pack.unknownPack', expected, { params: { gameType, packId, version: version ?? '' } })]);
      }
      return ok(found.pack);
    },
  };
}
