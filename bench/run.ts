import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { absenceCases } from './absence.ts';
import { checkpointCases } from './checkpoints.ts';
import { handoffCases } from './handoff.ts';
import { latencyCases } from './latency.ts';
import { microCases } from './micro.ts';
import { reconcileCases } from './reconcile.ts';
import { redisCases } from './redis.ts';
import { startupCases } from './startup.ts';
import { throughputCases } from './throughput.ts';
import { machine, table, type BenchRow } from './stats.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');

const cases: Record<string, (quick: boolean) => Promise<BenchRow[]>> = {
  micro: microCases,
  latency: latencyCases,
  throughput: throughputCases,
  reconcile: reconcileCases,
  absence: absenceCases,
  handoff: handoffCases,
  redis: redisCases,
  checkpoints: checkpointCases,
  startup: startupCases,
};

const rows: BenchRow[] = [];
const started = Date.now();
// Other work shares this machine: its load average at the start and end goes with the figures.
const loadAtStart = os.loadavg().map((l) => Math.round(l * 10) / 10);
for (const [name, run] of Object.entries(cases)) {
  if (only && !only.includes(name)) continue;
  const t0 = Date.now();
  process.stderr.write(`bench: ${name}…\n`);
  rows.push(...(await run(quick)));
  process.stderr.write(`bench: ${name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  // The rows so far, in case a later case fails on a loaded machine.
  process.stderr.write(`${table(rows)}\n`);
}
const load = { start: loadAtStart, end: os.loadavg().map((l) => Math.round(l * 10) / 10) };
const result = { at: new Date().toISOString(), quick, seconds: Math.round((Date.now() - started) / 1000), machine: machine(), load, rows };
console.log(table(rows));
// `--out=results-handoff.json`: a partial run written beside the full run's results.json instead of over it.
const outName = args.find((a) => a.startsWith('--out='))?.slice('--out='.length) ?? 'results.json';
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), path.basename(outName));
await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\nwritten ${path.relative(process.cwd(), out)} (${result.seconds} s, ${result.machine.cpus} CPUs, Node ${result.machine.node}, load ${load.start.join(' ')} → ${load.end.join(' ')})`);
process.exit(0);
