import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadCatalog } from '../src/cli/compose.ts';
import { gameModules } from '../src/games/index.ts';
import { renderSheets, renderTable, startRenderHost, type RenderThread } from '../src/render/host.ts';
import { registerTallyStrings } from '../test/support/tally-strings.ts';
import { benchComaWard, benchGames, benchTally, playRandom } from './games.ts';
import { round, single, summarize, type BenchRow } from './stats.ts';

/*
 * Table pictures with the main event loop watched, once per render mode. Each mode runs in a fresh
 * child process (`--expose-gc`), so the memory figures are the mode's own and the worker-mode process
 * never has canvas in its main thread.
 */

const MiB = 2 ** 20;

function rssAfterGc(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
}

/** The event-loop delay histogram of one window, and the main thread's longest GC pause in it (a stall drawing did not cause). */
function watchLoop(): { stop(): void; row(name: string, notes: string): BenchRow } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let longestGc = 0;
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
  });
  gcs.observe({ entryTypes: ['gc'] });
  const busy = performance.eventLoopUtilization();
  let utilization = 0;
  histogram.enable();
  const ms = (ns: number) => round(ns / 1e6);
  return {
    stop() {
      histogram.disable();
      gcs.disconnect();
      utilization = performance.eventLoopUtilization(busy).utilization;
    },
    row: (name, notes) => ({ case: name, unit: 'ms', median: ms(histogram.percentile(50)), p95: ms(histogram.percentile(95)), p99: ms(histogram.max), n: histogram.count, notes: `${notes}; longest main-thread GC pause ${round(longestGc, 1)} ms; main loop busy ${round(utilization * 100, 1)} %` }),
  };
}

/** Seat names as the bot adds them to a picture's view (services `pictureView`); games that name seats themselves ignore them. */
const withSeatNames = (view: unknown): unknown => ({ seatNames: ['Alice', 'Bob', 'Carmen', 'Dario'], ...(view as object) });

/** One mode's rows, measured in this process. */
async function measure(mode: RenderThread, quick: boolean): Promise<BenchRow[]> {
  const catalog = await loadCatalog({ ...gameModules, tally: benchTally });
  registerTallyStrings();
  const subjects = [
    { id: 'tally', module: benchTally, pack: undefined as unknown },
    { id: 'adventure', module: gameModules.adventure!, pack: catalog.packs('adventure')?.data },
    { id: 'comanauts', module: gameModules.comanauts!, pack: catalog.packs('comanauts')?.data },
    { id: 'comaward', module: benchComaWard, pack: catalog.packs('comaward')?.data },
    { id: 'lifeform', module: gameModules.lifeform!, pack: catalog.packs('lifeform')?.data },
  ].filter((s) => benchGames()(s.id)).map((s) => ({ ...s, view: withSeatNames(s.module.publicView(playRandom(s.module, s.pack, 4, 60, 7).snapshot.state)) }));
  const suffix = mode === 'worker' ? '' : ', inline';
  const rows: BenchRow[] = [];
  const idle = watchLoop();
  await new Promise((resolve) => setTimeout(resolve, quick ? 1000 : 3000));
  idle.stop();
  rows.push(idle.row(`event-loop stall with nothing to draw (control${suffix})`, 'the same histogram over an idle second or three: the machine\'s own noise'));
  const before = rssAfterGc();
  const host = await startRenderHost({ mode, packs: catalog.all });
  const started = rssAfterGc();
  for (const s of subjects) {
    await renderTable(s.id, s.view, 'en');
    const times: number[] = [];
    const loop = watchLoop();
    let bytes = 0;
    for (let i = 0; i < (quick ? 15 : 60); i++) {
      const t0 = performance.now();
      bytes = (await renderTable(s.id, s.view, i % 2 ? 'es' : 'en')).length;
      times.push(performance.now() - t0);
    }
    loop.stop();
    rows.push(summarize(`render table image (${s.id}${suffix})`, 'ms', times, `PNG ${Math.round(bytes / 1024)} KiB, en/es alternating`));
    rows.push(loop.row(`longest event-loop stall while rendering (${s.id}${suffix})`, `main thread, ${mode} mode; event-loop delay histogram (1 ms resolution); p99 column = max`));
  }
  const adventure = subjects.find((s) => s.id === 'adventure');
  if (adventure) {
    const bursts: number[] = [];
    const loop = watchLoop();
    for (let i = 0; i < (quick ? 4 : 12); i++) {
      const t0 = performance.now();
      await Promise.all(Array.from({ length: 4 }, (_, k) => Promise.all([renderTable(adventure.id, adventure.view, k % 2 ? 'es' : 'en'), renderSheets(adventure.id, adventure.view, 'en')])));
      bursts.push(performance.now() - t0);
    }
    loop.stop();
    rows.push(summarize(`burst of 4 table pictures + sheets (adventure${suffix})`, 'ms', bursts, '4 posts at once, each table + inventory sheets as tablePicture asks'));
    rows.push(loop.row(`longest event-loop stall during bursts (adventure${suffix})`, `main thread, ${mode} mode; p99 column = max`));
  }
  const after = rssAfterGc();
  await host.stop();
  const canvasInMain = Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/canvas/'));
  rows.push(single(`resident memory: starting the host (${mode})`, 'MiB', (started - before) / MiB, `${round(before / MiB, 1)} → ${round(started / MiB, 1)} MiB; canvas in main thread at the end: ${canvasInMain ? 'yes' : 'no'}`));
  rows.push(single(`resident memory after rendering (${mode})`, 'MiB', after / MiB, 'after the renders above and a GC of the main heap; varies ±30 MiB run to run (malloc arenas)'));
  return rows;
}

/** Both modes, each in a child process of its own. */
export async function renderCases(quick: boolean): Promise<BenchRow[]> {
  const self = fileURLToPath(import.meta.url);
  const rows: BenchRow[] = [];
  for (const mode of ['worker', 'inline'] as const) {
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', self, `--mode=${mode}`, ...(quick ? ['--quick'] : []), ...benchGames().arg], { maxBuffer: 16 * MiB });
    rows.push(...(JSON.parse(stdout) as BenchRow[]));
  }
  const start = (mode: string) => rows.find((r) => r.case === `resident memory: starting the host (${mode})`)?.median ?? Number.NaN;
  rows.push(single('render worker start cost (resident, worker − inline)', 'MiB', start('worker') - start('inline'), 'the worker\'s isolate, its own tsx loader and module copies; canvas itself loads in both modes'));
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mode = process.argv.find((a) => a.startsWith('--mode='))?.slice('--mode='.length);
  if (mode !== 'worker' && mode !== 'inline') throw new Error('usage: bench/render.ts --mode=worker|inline [--quick]');
  process.stdout.write(JSON.stringify(await measure(mode, process.argv.includes('--quick'))));
  process.exit(0);
}
