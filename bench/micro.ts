import { replay, type GameModule } from '../src/core/index.ts';
import { loadCatalog } from '../src/cli/compose.ts';
import { fromRoot } from '../src/ops/paths.ts';
import { loadPackDir } from '../src/content/load-dir.ts';
import { validatePack } from '../src/content/schema.ts';
import { gameModules } from '../src/games/index.ts';
import { registerTallyStrings } from '../test/support/tally-strings.ts';
import { benchComaWard, benchGames, benchTally, playRandom } from './games.ts';
import { renderCases } from './render.ts';
import { summarize, type BenchRow } from './stats.ts';

type AnyModule = GameModule<any, any, any>;
type ReplayMode = 'every' | 'final';
const replayModes: readonly ReplayMode[] = ['every', 'final'];

interface Subject {
  readonly id: string;
  readonly module: AnyModule;
  readonly pack: unknown;
  readonly seats: number;
}

async function subjects(): Promise<Subject[]> {
  const catalog = await loadCatalog({ ...gameModules, tally: benchTally });
  registerTallyStrings();
  return [
    { id: 'tally', module: benchTally, pack: undefined, seats: 4 },
    { id: 'adventure', module: gameModules.adventure!, pack: catalog.packs('adventure')?.data, seats: 4 },
    { id: 'comanauts', module: gameModules.comanauts!, pack: catalog.packs('comanauts')?.data, seats: 4 },
    { id: 'comaward', module: benchComaWard, pack: catalog.packs('comaward')?.data ?? (await comaWardTestPack()), seats: 4 },
    { id: 'lifeform', module: gameModules.lifeform!, pack: catalog.packs('lifeform')?.data, seats: 4 },
  ].filter((s) => benchGames()(s.id));
}

/** Until the shipped mercy-vale pack is whole, Coma Ward is measured on the rules tests' own pack. */
async function comaWardTestPack(): Promise<unknown> {
  const loaded = await loadPackDir(fromRoot('src', 'games', 'comaward', 'test-pack'));
  if (!loaded.ok) throw new Error('comaward test pack: ' + loaded.error.map((e) => e.message).join('; '));
  const valid = validatePack(loaded.value, gameModules.comaward!.packSchema!);
  if (!valid.ok) throw new Error('comaward test pack: ' + valid.error.map((e) => e.message).join('; '));
  return valid.value.content;
}

/**
 * Pure costs: `decide` per command (validate + decide + state hash, as `applyCommand` does), replay of a
 * long log checking every stored hash (`verify: 'every'`, audits) and checking the last one only
 * (`verify: 'final'`, rebuilding a game), and the table image of each game with the event loop watched.
 */
export async function microCases(quick: boolean): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const list = await subjects();
  const target = 1000;
  for (const s of list) {
    const decide: number[] = [];
    const replayMs: Record<ReplayMode, number[]> = { every: [], final: [] };
    let longest = 0;
    let games = 0;
    let anyEnded = false;
    for (let seed = 1; seed <= (quick ? 3 : 6); seed++) {
      const played = playRandom(s.module, s.pack, s.seats, target, seed);
      games++;
      anyEnded ||= played.ended;
      longest = Math.max(longest, played.log.length);
      decide.push(...played.decideMs);
      for (const mode of replayModes) replay(s.module, played.genesis, played.log, s.pack, { verify: mode });
      for (let i = 0; i < (quick ? 3 : 5); i++) {
        for (const mode of replayModes) {
          const t0 = performance.now();
          const r = replay(s.module, played.genesis, played.log, s.pack, { verify: mode });
          const ms = performance.now() - t0;
          if (!r.ok) throw new Error(`${s.id}: replay (${mode}) diverged at ${r.seq}`);
          replayMs[mode].push((ms * target) / played.log.length);
        }
      }
    }
    rows.push(summarize(`decide per command (${s.id})`, 'ms', decide, `${decide.length} commands of random legal play, validate+decide+hash`));
    const games1000 = `${anyEnded ? `random games end before 1,000 commands (longest ${longest}); time scaled to 1,000` : `${games} games × 1,000 commands`}, after one untimed replay`;
    rows.push(summarize(`replay 1,000-command game, verify every hash (${s.id})`, 'ms', replayMs.every, `${games1000}; every stored hash recomputed and checked (audits)`));
    rows.push(summarize(`replay 1,000-command game, verify final hash (${s.id})`, 'ms', replayMs.final, `${games1000}; only the last hash computed and checked (rebuilds)`));
  }
  rows.push(...(await renderCases(quick)));
  return rows;
}
