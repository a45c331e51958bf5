import { z } from 'zod';
import { applyCommand, createRng, genesisSnapshot, hashSnapshot, seedRng, type GameModule, type Genesis, type LogEntry, type Snapshot } from '../src/core/index.ts';
import { comaWardGame, type CwState } from '../src/games/comaward/index.ts';
import { tallyGame, type TallyState } from '../test/support/tally-game.ts';

type AnyModule = GameModule<any, any, any>;

/**
 * The test-only tally game with a far target, so random play never ends a benchmark game early.
 * Same rules and id, so its strings and renderer apply.
 */
export const benchTally: GameModule<TallyState, { target: number }> = {
  ...tallyGame,
  optionsSchema: z.object({ target: z.number().int().min(5).default(1_000_000) }),
};

/**
 * Coma Ward for random play: trade offers are left out of the legal list, since the rules list some that
 * they then refuse (an offer that would take the receiver over the carry limit), which a random player
 * would hit. Same rules and id otherwise.
 */
export const benchComaWard: GameModule<CwState> = {
  ...comaWardGame,
  legalCommands: (state, seat) => comaWardGame.legalCommands(state, seat).filter((c) => c.type !== 'trade'),
};

/**
 * `--games=lifeform,comaward`: only these games' rows in the micro and render cases (all games without it).
 * Read from the process arguments, so the render cases' child processes are given the same option.
 */
export function benchGames(argv: readonly string[] = process.argv): ((id: string) => boolean) & { readonly arg: string[] } {
  const arg = argv.filter((a) => a.startsWith('--games='));
  const list = arg[0]?.slice('--games='.length).split(',');
  return Object.assign((id: string) => !list || list.includes(id), { arg });
}

export interface PlayedGame {
  readonly genesis: Genesis;
  readonly log: LogEntry[];
  readonly snapshot: Snapshot;
  /** Wall time of each `applyCommand` (validate + decide + hash), in ms. */
  readonly decideMs: number[];
  readonly ended: boolean;
}

/**
 * Plays up to `commands` random legal commands (chosen with a seeded generator, never Math.random) from
 * the seat the game awaits, exactly as a random player would through `/play`.
 */
export function playRandom(module: AnyModule, pack: unknown, seats: number, commands: number, seed: number, options: unknown = {}): PlayedGame {
  const genesis: Genesis = {
    gameType: module.id,
    rulesVersion: module.rulesVersion,
    options: module.optionsSchema.parse(options),
    seats: Array.from({ length: seats }, (_, index) => ({ index, name: `p${index}` })),
    seed,
  };
  const chooser = createRng(seedRng(seed ^ 0x5eed));
  let snapshot = genesisSnapshot(module, genesis, pack);
  const log: LogEntry[] = [];
  const decideMs: number[] = [];
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  let ended = false;
  for (let seq = 1; seq <= commands; seq++) {
    if (module.status(snapshot.state).phase !== 'playing') {
      ended = true;
      break;
    }
    const seat = module.awaiting(snapshot.state).seats[0] ?? 0;
    const legal = module.legalCommands(snapshot.state, seat);
    if (legal.length === 0) {
      ended = true;
      break;
    }
    const command = legal[chooser.int(0, legal.length - 1)]!;
    const at = new Date(start + seq * 1000).toISOString();
    const t0 = performance.now();
    const applied = applyCommand(module, snapshot, command, { seat, asHost: false, now: at }, pack);
    decideMs.push(performance.now() - t0);
    if (!applied.ok) throw new Error(`${module.id}: legal command ${command.type} refused: ${applied.error.code}`);
    snapshot = applied.value.snapshot;
    log.push({ seq, type: command.type, args: applied.value.args, seat, asHost: false, actorUserId: `u${seat}`, at, nonce: `n${seq}`, stateHashAfter: applied.value.hash, irreversible: applied.value.irreversible });
  }
  if (hashSnapshot(snapshot) !== log.at(-1)?.stateHashAfter && log.length > 0) throw new Error('hash drift');
  return { genesis, log, snapshot, decideMs, ended };
}
