#!/usr/bin/env node
// `npm run build`: compiles src/ and commands/ (with the generated Prisma client) to dist/ as plain
// JavaScript, from scratch, so no output of a deleted source survives. Emit only (tsconfig.build.json sets
// noCheck): `npm run typecheck` checks types. The source digest is written last, so an interrupted or
// failed build is never run by bin/turnkeeper.js.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { digestFile, distDir, root, sourceDigest } from '../bin/build-digest.js';

rmSync(distDir, { recursive: true, force: true });
const digest = sourceDigest();
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const run = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) {
  console.error('build: tsc failed; dist/ left without a source digest, so it is not used');
  process.exit(run.status ?? 1);
}
writeFileSync(digestFile, `${digest}\n`);
console.log(`build: dist/ written (${digest.slice(0, 12)})`);
