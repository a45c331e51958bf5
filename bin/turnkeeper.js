#!/usr/bin/env node
// Entry point of the `turnkeeper` command. Runs the compiled build (dist/, `npm run build`) when it was built
// from the sources as they are now, otherwise the TypeScript sources through tsx. TURNKEEPER_RUN=dist refuses
// to fall back (production images), TURNKEEPER_RUN=src always uses tsx.
import { builtDigest, sourceDigest } from './build-digest.js';

const mode = process.env.TURNKEEPER_RUN ?? 'auto';
if (!['auto', 'dist', 'src'].includes(mode)) {
  console.error(`TURNKEEPER_RUN must be auto, dist or src (got ${JSON.stringify(mode)})`);
  process.exit(78);
}
const built = mode === 'src' ? null : builtDigest();
const current = built !== null && built === sourceDigest();
if (mode === 'dist' && !current) {
  console.error(built === null ? 'TURNKEEPER_RUN=dist but there is no complete build: run `npm run build`' : 'TURNKEEPER_RUN=dist but dist/ was built from other sources: run `npm run build`');
  process.exit(78);
}
let main;
if (current) {
  ({ main } = await import('../dist/src/cli/main.js'));
} else {
  if (built !== null) console.error('turnkeeper: dist/ is out of date with the sources, running them through tsx (`npm run build` to refresh)');
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
// Every command is complete when main returns (`start` after its clean shutdown); exiting here keeps a library
// timer from holding the process (the schema engine leaves a 10 s lock timeout behind after `migrate`).
process.exit(await main(process.argv.slice(2)));
