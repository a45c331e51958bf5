import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { err, type Result } from '../core/result.ts';
import { DEFAULT_PACK_LIMITS, checkPackFileName, loadPackFromFiles, type LoadOptions, type PackSourceFile } from './parse.ts';
import { packError, type LoadedPack, type PackError } from './schema.ts';

const inside = (root: string, target: string): boolean => {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
};

/**
 * Reads a pack folder (`assets/packs/<gameType>/<packId>/`) and merges its files (see `LoadedPack`).
 * Refuses anything that is not .yaml/.yml/.json, symlinks that leave the folder, and files over the limits
 * (checked with `stat` before reading, so a huge file is never loaded).
 */
export async function loadPackDir(dir: string, options: LoadOptions = {}): Promise<Result<LoadedPack, PackError[]>> {
  const limits = { ...DEFAULT_PACK_LIMITS, ...options.limits };
  let root: string;
  try {
    root = await realpath(dir);
  } catch {
    return err([packError('', '', 'content.pack.notFound', 'an existing pack folder', { got: dir })]);
  }
  const errors: PackError[] = [];
  const files: PackSourceFile[] = [];
  let total = 0;
  const walk = async (folder: string): Promise<void> => {
    const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const full = join(folder, entry.name);
      const name = relative(root, full).split(sep).join('/');
      const link = await lstat(full);
      let target = full;
      if (link.isSymbolicLink()) {
        try {
          target = await realpath(full);
        } catch {
          errors.push(packError(name, '', 'content.pack.outsideFolder', 'a path inside the pack folder', { got: 'a broken link' }));
          continue;
        }
        if (!inside(root, target)) {
          errors.push(packError(name, '', 'content.pack.outsideFolder', 'a path inside the pack folder', { got: 'a link leaving it' }));
          continue;
        }
      }
      const info = await stat(target);
      if (info.isDirectory()) {
        if (link.isSymbolicLink()) errors.push(packError(name, '', 'content.pack.notAFile', 'a real folder, not a link'));
        else await walk(full);
        continue;
      }
      if (!info.isFile()) {
        errors.push(packError(name, '', 'content.pack.notAFile', 'a regular file'));
        continue;
      }
      const bad = checkPackFileName(name);
      if (bad) {
        errors.push(bad);
        continue;
      }
      if (files.length >= limits.maxFiles) {
        errors.push(packError('', '', 'content.pack.tooManyFiles', `at most ${limits.maxFiles} files`, { params: { limit: limits.maxFiles } }));
        return;
      }
      if (info.size > limits.maxFileBytes) {
        errors.push(packError(name, '', 'content.pack.fileTooLarge', `at most ${limits.maxFileBytes} bytes`, { got: `${info.size} bytes`, params: { limit: limits.maxFileBytes } }));
        continue;
      }
      total += info.size;
      if (total > limits.maxTotalBytes) {
        errors.push(packError('', '', 'content.pack.packTooLarge', `at most ${limits.maxTotalBytes} bytes in all`, { params: { limit: limits.maxTotalBytes } }));
        return;
      }
      files.push({ name, text: await readFile(target, 'utf8') });
    }
  };
  await walk(root);
  if (errors.length > 0) return err(errors);
  return loadPackFromFiles(files, options);
}
