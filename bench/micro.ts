import { monitorEventLoopDelay } from 'node:perf_hooks';
import { replay, type GameModule } from '../src/core/index.ts';
import { loadCatalog, registerRenderers } from '../src/cli/compose.ts';
import { gameModules } from '../src/games/index.ts';
import '../src/games/comanauts/render.ts';
import { renderTable } from '../src/render/index.ts';
import { registerTallyStrings } from '../test/support/tally-strings.ts';
import { benchTally, playRandom } from './games.ts';
import { summarize, type BenchRow } from './stats.ts';

type AnyModule = GameModule<any, any, any>;

interface Subject {
  readonly id: string;
  readonly module: AnyModule;
  readonly pack: unknown;
  readonly seats: number;
}

async function subjects(): Promise<Subject[]> {
  const catalog = await loadCatalog({ ...gameModules, tally: benchTally });
  registerRenderers(catalog);
  registerTallyStrings();
  return [
    { id: 'tally', module: benchTally, pack: undefined, seats: 4 },
    { id: 'adventure', module: gameModules.adventure!, pack: catalog.packs('adventure')?.data, seats: 4 },
    { id: 'comanauts', module: gameModules.comanauts!, pack: catalog.packs('comanauts')?.data, seats: 4 },
  ];
}

/**
 * Pure costs: `decide` per command (validate + decide + state hash, as `applyCommand` does), replay of a
 * long log with every hash verified, and the table image of each game with the event loop watched.
 */
export async function microCases(quick: boolean): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const list = await subjects();
  const target = 1000;
  for (const s of list) {
    const decide: number[] = [];
    const replayMs: number[] = [];
    let longest = 0;
    let games = 0;
    let anyEnded = false;
    for (let seed = 1; seed <= (quick ? 3 : 6); seed++) {
      const played = playRandom(s.module, s.pack, s.seats, target, seed);
      games++;
      anyEnded ||= played.ended;
      longest = Math.max(longest, played.log.length);
      decide.push(...played.decideMs);
      for (let i = 0; i < (quick ? 3 : 5); i++) {
        const t0 = performance.now();
        const r = replay(s.module, played.genesis, played.log, s.pack);
        const ms = performance.now() - t0;
        if (!r.ok) throw new Error(`${s.id}: replay diverged at ${r.seq}`);
        replayMs.push((ms * target) / played.log.length);
      }
    }
    rows.push(summarize(`decide per command (${s.id})`, 'ms', decide, `${decide.length} commands of random legal play, validate+decide+hash`));
    rows.push(
      summarize(
        `replay 1,000-command game (${s.id})`,
        'ms',
        replayMs,
        anyEnded ? `random games end before 1,000 commands (longest ${longest}); time scaled to 1,000` : `${games} games × 1,000 commands, hashes verified`,
      ),
    );
  }
  for (const s of list) {
    const played = playRandom(s.module, s.pack, s.seats, 60, 7);
    const view = s.module.publicView(played.snapshot.state);
    await renderTable(s.id, view, 'en');
    const times: number[] = [];
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    let bytes = 0;
    for (let i = 0; i < (quick ? 15 : 60); i++) {
      const t0 = performance.now();
      bytes = (await renderTable(s.id, view, i % 2 ? 'es' : 'en')).length;
      times.push(performance.now() - t0);
    }
    histogram.disable();
    rows.push(summarize(`render table image (${s.id})`, 'ms', times, `PNG ${Math.round(bytes / 1024)} KiB, en/es alternating`));
    const stall = histogram.max / 1e6;
    rows.push({ case: `longest event-loop stall while rendering (${s.id})`, unit: 'ms', median: Math.round((histogram.percentile(50) / 1e6) * 1000) / 1000, p95: Math.round((histogram.percentile(95) / 1e6) * 1000) / 1000, p99: Math.round(stall * 1000) / 1000, n: histogram.count, notes: 'event-loop delay histogram (1 ms resolution); p99 column = max' });
  }
  return rows;
}
