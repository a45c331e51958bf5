import { applyCommand, createRng, genesisSnapshot, seedRng, type GameCommand, type GameEvent, type Genesis, type Snapshot } from '../../core/index.ts';
import type { ComaWardPack } from './content.ts';
import { comaWardGame } from './index.ts';
import type { CwState } from './state.ts';

/** One step of a random game: who acted, what, and what it told. */
export interface PlayedStep {
  readonly seat: number;
  readonly command: GameCommand;
  readonly events: readonly GameEvent[];
  /** Commands played before this one (the game's seq before it). */
  readonly index: number;
  readonly before: Snapshot<CwState>;
  readonly after: Snapshot<CwState>;
}

/**
 * Random legal play for tests, benches and seed searches (not used by the bot): the awaited seat picks a
 * legal command with a seeded chance, ending its turn now and then so games move on. `onStep` sees each step.
 */
export function randomGame(
  pack: ComaWardPack,
  seed: number,
  players: number,
  steps: number,
  onStep?: (step: PlayedStep) => void,
  options: Record<string, unknown> = {},
  policy: 'uniform' | 'clues' = 'uniform',
): Snapshot<CwState> {
  const genesis: Genesis = { gameType: 'comaward', rulesVersion: comaWardGame.rulesVersion, options, seats: Array.from({ length: players }, (_, i) => ({ index: i, name: `p${i}` })), seed };
  let snap: Snapshot<CwState> = genesisSnapshot(comaWardGame, genesis, pack);
  const chance = createRng(seedRng(seed * 7919 + 13));
  for (let i = 0; i < steps && comaWardGame.status(snap.state).phase === 'playing'; i++) {
    const aw = comaWardGame.awaiting(snap.state);
    const seat = aw.seats[0] as number;
    const legal = comaWardGame.legalCommands(snap.state, seat);
    if (legal.length === 0) break;
    const end = legal.find((c) => c.type === 'endturn');
    const roll = chance.int(0, 99);
    const command = policy === 'clues' ? cluesFirst(snap.state, legal, roll) : end && roll < 18 ? end : (legal[chance.int(0, legal.length - 1)] as GameCommand);
    const res = applyCommand(comaWardGame, snap, command, { seat, asHost: false, now: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z` }, pack);
    if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)} ${JSON.stringify(res.error)}`);
    onStep?.({ seat, command, events: res.value.events, index: i, before: snap, after: res.value.snapshot });
    snap = res.value.snapshot;
  }
  return snap;
}

/**
 * A player who hunts for clues, so games reach the Phenomenon: reveal or rummage when possible, end the
 * turn once the main action is spent, otherwise move on (or answer what the game waits for).
 */
function cluesFirst(s: CwState, legal: readonly GameCommand[], roll: number): GameCommand {
  const of = (type: string) => legal.filter((c) => c.type === type);
  const main = [...of('reveal'), ...of('rummage')];
  if (main.length > 0 && roll < 90) return main[roll % main.length] as GameCommand;
  if (s.turn.mainDone && of('endturn').length > 0 && roll < 85) return of('endturn')[0] as GameCommand;
  const moves = of('move');
  if (moves.length > 0 && roll < 80) return moves[(roll * 7) % moves.length] as GameCommand;
  return legal[roll % legal.length] as GameCommand;
}
