import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { err, ok, type Result } from '../core/result.ts';
import { packError, type PackError } from './schema.ts';

/** Where the shipped packs' lock lives, beside the game folders. */
export const PACK_LOCK_FILE = 'packs.lock.json';

const lockSchema = z.strictObject({
  format: z.literal('turnkeeper.packs-lock/1'),
  packs: z.array(
    z.strictObject({
      gameType: z.string().min(1),
      id: z.string().min(1),
      version: z.string().min(1),
      hash: z.string().min(1),
    }),
  ),
});

/** One pack version as the lock remembers it: once shipped, its content never changes under the same version. */
export type PackLockEntry = z.output<typeof lockSchema>['packs'][number];
export type PackLock = z.output<typeof lockSchema>;

/** `undefined` when there is no lock file (nothing to compare with yet). */
export async function readPackLock(file: string): Promise<Result<PackLock | undefined, PackError[]>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return ok(undefined);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err([packError(PACK_LOCK_FILE, '', 'content.lock.invalid', { code: 'content.expected.validJson', params: {} })]);
  }
  const parsed = lockSchema.safeParse(raw);
  if (!parsed.success) return err([packError(PACK_LOCK_FILE, '', 'content.lock.invalid', { code: 'content.expected.lockFormat', params: {} })]);
  return ok(parsed.data);
}

/**
 * The refusal for a pack whose content differs from what the lock recorded for the same version: the
 * author changed a shipped pack without bumping its version, which would silently change running games.
 */
export function checkAgainstLock(lock: PackLock | undefined, pack: PackLockEntry): PackError | null {
  const locked = lock?.packs.find((p) => p.gameType === pack.gameType && p.id === pack.id && p.version === pack.version);
  if (!locked || locked.hash === pack.hash) return null;
  return packError('pack.yaml', '/version', 'content.pack.versionNotBumped', `a new version, since ${pack.version} was shipped with other content`, {
    got: pack.version,
    params: { version: pack.version, packId: pack.id },
  });
}

/**
 * The lock for the packs now present: new versions are added, versions no longer present are kept (a
 * version once shipped stays reserved), and a changed version is refused with the same error as `checkAgainstLock`.
 */
export function nextPackLock(current: PackLock | undefined, present: readonly PackLockEntry[]): Result<{ lock: PackLock; added: PackLockEntry[] }, PackError[]> {
  const errors = present.map((p) => checkAgainstLock(current, p)).filter((e): e is PackError => e !== null);
  if (errors.length > 0) return err(errors);
  const key = (p: PackLockEntry) => `${p.gameType}/${p.id}@${p.version}`;
  const known = new Map((current?.packs ?? []).map((p) => [key(p), p] as const));
  const added = present.filter((p) => !known.has(key(p)));
  for (const p of added) known.set(key(p), { gameType: p.gameType, id: p.id, version: p.version, hash: p.hash });
  const packs = [...known.values()].sort((a, b) => key(a).localeCompare(key(b)));
  return ok({ lock: { format: 'turnkeeper.packs-lock/1', packs }, added });
}

export async function writePackLock(file: string, lock: PackLock): Promise<void> {
  await writeFile(file, `${JSON.stringify(lock, null, 2)}\n`);
}
