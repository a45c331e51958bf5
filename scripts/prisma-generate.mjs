#!/usr/bin/env node
// Generates the Prisma client offline. The Prisma CLI insists on locating a schema-engine binary before
// `generate`, which never runs it; pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file satisfies it
// (see ../shared/ENVIRONMENT-NOTES.md). Runs from `postinstall`, so `npm ci` leaves a working install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const schema = path.join(root, 'prisma', 'schema.prisma');
if (!existsSync(schema)) {
  console.log('prisma-generate: no prisma/schema.prisma yet, nothing to generate');
  process.exit(0);
}
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const cli = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');
const run = spawnSync(process.execPath, [cli, 'generate', '--schema', schema], { cwd: root, env, stdio: 'inherit' });
process.exit(run.status ?? 1);
