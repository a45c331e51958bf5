// What `npm run build` compiles, as one digest: every non-test .ts file under src/ and commands/, and the
// tsconfig files. The build writes it to dist/.source-digest; bin/turnkeeper.js runs dist/ only when the
// digest of the sources as they are now is the same, so an edit after a build can never run stale code.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const distDir = path.join(root, 'dist');
export const digestFile = path.join(distDir, '.source-digest');

const compiled = (file) => file.endsWith('.ts') && !/\.test(-helper)?\.ts$/.test(file);

/** sha256 over the sorted relative paths and contents of the build's inputs (~20 ms). */
export function sourceDigest() {
  const files = ['tsconfig.json', 'tsconfig.build.json'];
  for (const top of ['src', 'commands']) {
    for (const entry of readdirSync(path.join(root, top), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && compiled(entry.name)) files.push(path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)));
    }
  }
  const hash = createHash('sha256');
  for (const file of files.sort()) hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}

/** The digest the last complete build recorded, or null when there is no complete build. */
export function builtDigest() {
  try {
    return readFileSync(digestFile, 'utf8').trim();
  } catch {
    return null;
  }
}
