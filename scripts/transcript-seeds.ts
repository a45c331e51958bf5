/*
 * What the transcript seed finders (scripts/cw-transcripts.ts, scripts/lf-transcripts.ts) share: the
 * shipped pack and its texts, a weighted random play in process exactly as the bot decides (same genesis,
 * same rules, so a seed replays the same), the search for the shortest seed and the transcript it writes.
 * Each script keeps what is its game's own: weights, scenarios and the line a player types for a step.
 */
import { applyCommand, createRng, genesisSnapshot, seedRng, type GameCommand, type GameEvent, type GameModule, type Genesis, type Snapshot } from '../src/core/index.ts';
import { loadCatalog } from '../src/cli/compose.ts';
import type { PackText } from '../src/discord/present.ts';

export const USERS = ['alice', 'bob', 'carol', 'dave'];
export const NAMES = ['Alice', 'Bob', 'Carol', 'Dave'];

/** The shipped default pack of a game type and its text lookup, as the bot would use them. */
export async function shippedPack(gameType: string): Promise<{ readonly data: unknown; readonly packText: PackText | undefined }> {
  const catalog = await loadCatalog();
  const packRef = catalog.packs(gameType);
  if (!packRef) throw new Error(`no ${gameType} pack`);
  const packText = await catalog.catalog.packText({ gameType, guildId: null, packId: packRef.id, packVersion: packRef.version, packHash: packRef.hash ?? null });
  return { data: packRef.data, packText };
}

/** One command played, with the states around it. */
export interface Step<S> {
  readonly seat: number;
  readonly command: GameCommand;
  readonly events: readonly GameEvent[];
  readonly before: S;
  readonly after: S;
  /** The game's seq before the step and the command's place among the seat's legal ones (`/play action:`). */
  readonly seq: number;
  readonly index: number;
}

/** A command drawn from `legal` with chances in proportion to `weight` (the first when all weigh nothing). */
export function pick(legal: readonly GameCommand[], roll: (n: number) => number, weight: (c: GameCommand) => number): GameCommand {
  const w = legal.map(weight);
  const total = w.reduce((a, b) => a + b, 0);
  if (total <= 0) return legal[0] as GameCommand;
  let r = roll(total);
  for (let i = 0; i < legal.length; i++) {
    r -= w[i] as number;
    if (r < 0) return legal[i] as GameCommand;
  }
  return legal[legal.length - 1] as GameCommand;
}

export interface PlayOptions<S> {
  readonly seed: number;
  readonly players: number;
  readonly maxSteps: number;
  readonly stop: (steps: readonly Step<S>[]) => boolean;
  readonly weight: (c: GameCommand, s: S) => number;
  /** Legal commands never drawn. */
  readonly skip?: (c: GameCommand) => boolean;
  /** A command the rules list but then refuse (an engine slip) is left out and another drawn; otherwise the game is given up. */
  readonly retryRefused?: boolean;
  /** Game options, as `/game new options:` parses them (none: the defaults). */
  readonly options?: Readonly<Record<string, unknown>>;
}

/** Plays until `stop` says so; the steps, or null when the game ended first, stalled or ran too long. */
export function playSeed<S>(game: GameModule<S, any, any>, pack: unknown, o: PlayOptions<S>): Step<S>[] | null {
  const genesis: Genesis = { gameType: game.id, rulesVersion: game.rulesVersion, options: game.optionsSchema.parse(o.options ?? {}), seats: NAMES.slice(0, o.players).map((name, index) => ({ index, name })), seed: o.seed };
  let snap: Snapshot<S> = genesisSnapshot(game, genesis, pack);
  const chance = createRng(seedRng(o.seed * 31 + 7));
  const steps: Step<S>[] = [];
  for (let i = 0; i < o.maxSteps; i++) {
    if (game.status(snap.state).phase !== 'playing') return o.stop(steps) ? steps : null;
    const seat = game.awaiting(snap.state).seats[0] as number;
    const all = game.legalCommands(snap.state, seat);
    let legal = o.skip ? all.filter((c) => !o.skip?.(c)) : all;
    let r: ReturnType<typeof applyCommand<S>> | null = null;
    let command: GameCommand | null = null;
    while (legal.length > 0 && (r === null || (!r.ok && o.retryRefused))) {
      const state = snap.state;
      command = pick(legal, (n) => chance.int(0, n - 1), (c) => o.weight(c, state));
      r = applyCommand(game, snap, command, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
      const tried = command;
      if (!r.ok) legal = legal.filter((c) => c !== tried);
    }
    if (!r?.ok || !command) return null;
    steps.push({ seat, command, events: r.value.events, before: snap.state, after: r.value.snapshot.state, seq: i, index: all.indexOf(command) });
    snap = r.value.snapshot;
    if (o.stop(steps)) return steps;
  }
  return null;
}

/** The command line: a scenario by name (or `fallback`), `--from=`/`--to=` seeds, `--events`. */
export function scenarioArgs<T>(scenarios: Readonly<Record<string, T>>, fallback: string, defaultTo: number): { name: string; scenario: T; from: number; to: number; events: boolean } {
  const [name = fallback, ...rest] = process.argv.slice(2);
  const flag = (k: string, d: number): number => Number(rest.find((r) => r.startsWith(`--${k}=`))?.split('=')[1] ?? d);
  const scenario = scenarios[name];
  if (!scenario) throw new Error(`unknown scenario ${name}: ${Object.keys(scenarios).join(', ')}`);
  return { name, scenario, from: flag('from', 1), to: flag('to', defaultTo), events: rest.includes('--events') };
}

/** The seed in `from..to` whose game reaches the scenario in the fewest steps; exits with a message when none does. */
export function shortestSeed<S>(from: number, to: number, play: (seed: number) => S[] | null, name: string): { seed: number; steps: S[] } {
  let best: { seed: number; steps: S[] } | null = null;
  for (let seed = from; seed <= to; seed++) {
    const steps = play(seed);
    if (steps && (!best || steps.length < best.steps.length)) best = { seed, steps };
  }
  if (!best) {
    process.stderr.write(`no seed found for ${name}\n`);
    process.exit(1);
  }
  return best;
}

/** Writes the transcript: how it was found, the lobby, then each step's line (and its events with `events`). */
export function writeTranscript<S extends Step<unknown>>(o: { gameType: string; players: number; found: { seed: number; steps: readonly S[] }; howFound: string; line: (step: S) => string; events: boolean; options?: string }): void {
  const out = [`# seed ${o.found.seed}, ${o.players} players, ${o.found.steps.length} steps (${o.howFound})`];
  out.push(`@alice /game new game:${o.gameType} players:${o.players} seed:${o.found.seed}${o.options ? ` options:"${o.options}"` : ''}`);
  for (let i = 1; i < o.players; i++) out.push(`@${USERS[i]} /game join`);
  out.push('@alice /game start');
  for (const step of o.found.steps) {
    out.push(o.line(step));
    if (o.events) for (const e of step.events) out.push(`#   ${e.to === 'public' ? '' : `(to ${String(e.to)}) `}${e.code} ${JSON.stringify(e.params ?? {})}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}
