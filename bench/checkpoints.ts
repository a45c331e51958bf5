import { checkpointDue, replay, type GameModule, type StartPoint } from '../src/core/index.ts';
import { loadCatalog } from '../src/cli/compose.ts';
import { gameModules } from '../src/games/index.ts';
import { playRandom } from './games.ts';
import { summarize, type BenchRow } from './stats.ts';

type AnyModule = GameModule<any, any, any>;

/**
 * Rebuilding a long game (issue 21): from its genesis, against from its latest cadence checkpoint (taken
 * where `checkpointDue` says, as the append does), so loading replays at most `CHECKPOINT_AT_MOST` commands.
 */
export async function checkpointCases(quick: boolean): Promise<BenchRow[]> {
  const catalog = await loadCatalog(gameModules);
  const rows: BenchRow[] = [];
  const subjects: { id: string; module: AnyModule; pack: unknown }[] = [
    { id: 'adventure', module: gameModules.adventure!, pack: catalog.packs('adventure')?.data },
    { id: 'comanauts', module: gameModules.comanauts!, pack: catalog.packs('comanauts')?.data },
  ];
  for (const s of subjects) {
    const full: number[] = [];
    const fromCheckpoint: number[] = [];
    const replayed: number[] = [];
    for (let seed = 1; seed <= (quick ? 3 : 6); seed++) {
      const played = playRandom(s.module, s.pack, 4, 1000, seed);
      let last = 0;
      for (const e of played.log) if (checkpointDue(last, e.seq, e.irreversible)) last = e.seq;
      const at = replay(s.module, played.genesis, played.log.filter((e) => e.seq <= last), s.pack, { verify: 'none' });
      if (!at.ok) throw new Error(`${s.id}: replay to ${last} failed`);
      const from: StartPoint = { seq: last, snapshot: at.snapshot };
      replayed.push(played.log.length - last);
      for (let i = 0; i < (quick ? 3 : 5); i++) {
        let t0 = performance.now();
        replay(s.module, played.genesis, played.log, s.pack, { verify: 'final' });
        full.push(performance.now() - t0);
        t0 = performance.now();
        const r = replay(s.module, played.genesis, played.log, s.pack, { verify: 'final', from });
        fromCheckpoint.push(performance.now() - t0);
        if (!r.ok) throw new Error(`${s.id}: replay from the checkpoint diverged at ${r.seq}`);
      }
    }
    const note = `random legal play up to 1,000 commands; commands after the checkpoint: ${Math.min(...replayed)}–${Math.max(...replayed)}`;
    rows.push(summarize(`rebuild a long game from its genesis (${s.id})`, 'ms', full, note));
    rows.push(summarize(`rebuild a long game from its latest checkpoint (${s.id})`, 'ms', fromCheckpoint, note));
  }
  return rows;
}
