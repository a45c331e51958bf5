import type { GameEvent, GameModule } from './game.ts';
import { applyCommand, genesisSnapshot, undoneSeqs, UNDO, type Genesis, type LogEntry, type Snapshot } from './kernel.ts';

/** What one logged command showed everyone: its public events, in order. */
export interface PublicStep {
  readonly seq: number;
  readonly seat: number | null;
  readonly at: string;
  readonly events: readonly GameEvent[];
}

/**
 * The public events of every effective command after `afterSeq`, rebuilt from the log (undone commands
 * and undo entries left out). Pure; only events addressed to everyone are kept, so a recap built from
 * it holds no seat's secret. Stops at the first entry the rules refuse (a diverged log).
 */
export function publicStepsSince<S>(module: GameModule<S, any, any>, genesis: Genesis, log: readonly LogEntry[], pack: unknown, afterSeq: number): PublicStep[] {
  const undone = undoneSeqs(log);
  let current: Snapshot<S> = genesisSnapshot(module, genesis, pack);
  const history: Snapshot<S>[] = [];
  const steps: PublicStep[] = [];
  for (const entry of log) {
    if (entry.type === UNDO) {
      current = history.pop() ?? current;
      continue;
    }
    const applied = applyCommand(module, current, { type: entry.type, args: entry.args as Record<string, unknown> }, { seat: entry.seat, asHost: entry.asHost, now: entry.at }, pack);
    if (!applied.ok) break;
    history.push(current);
    current = applied.value.snapshot;
    if (entry.seq <= afterSeq || undone.has(entry.seq)) continue;
    const events = applied.value.events.filter((e) => e.to === 'public');
    if (events.length > 0) steps.push({ seq: entry.seq, seat: entry.seat, at: entry.at, events });
  }
  return steps;
}
