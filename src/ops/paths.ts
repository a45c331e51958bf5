import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/**
 * The project root: the nearest folder above this file holding `package.json`. Data files (assets,
 * prisma, locales, the sandbox page) are read from here, so the same path works whether tsx runs
 * `src/` or Node runs the compiled `dist/src/` (`dist/` has no package.json of its own).
 */
export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project root, e.g. `fromRoot('assets', 'fonts')`. */
export function fromRoot(...segments: string[]): string {
  return path.join(projectRoot, ...segments);
}
