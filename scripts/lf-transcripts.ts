/*
 * Finds seeds for the Lifeform transcripts (test/transcripts/lifeform/) and writes the lines a table would
 * type: `/lf <group> action:"<label>"` with the label the autocomplete shows (or `<seq>.<index>` when two
 * legal actions read the same). Plays in process exactly as the bot decides (same genesis, same rules),
 * so the seed replays the same.
 *
 *   npx tsx scripts/lf-transcripts.ts <scenario> [--from=<seed>] [--to=<seed>] [--events]
 *
 * Scenarios: first-round, ghost, noisy-kill, cancelled-reaction, whole-game.
 */
import { applyCommand, createRng, genesisSnapshot, seedRng, type GameCommand, type GameEvent, type Genesis, type Snapshot } from '../src/core/index.ts';
import { loadCatalog } from '../src/cli/compose.ts';
import { lineText } from '../src/discord/present.ts';
import { LF_GROUPS } from '../commands/lf.ts';
import { lifeformGame, type LifeformPack, type LifeformState } from '../src/games/lifeform/index.ts';

const USERS = ['alice', 'bob', 'carol', 'dave'];
const NAMES = ['Alice', 'Bob', 'Carol', 'Dave'];

const catalog = await loadCatalog();
const packRef = catalog.packs('lifeform');
if (!packRef) throw new Error('no lifeform pack');
const pack = packRef.data as LifeformPack;
const packText = await catalog.catalog.packText({ gameType: 'lifeform', guildId: null, packId: packRef.id, packVersion: packRef.version, packHash: packRef.hash ?? null });

interface Step {
  readonly seat: number;
  readonly command: GameCommand;
  readonly events: readonly GameEvent[];
  readonly before: LifeformState;
  readonly after: LifeformState;
  readonly seq: number;
  readonly index: number;
}

/** Turn actions are favoured over passing and giving up, so games move on. */
const WEIGHTS: Readonly<Record<string, number>> = { pass: 1, yield: 1, stop: 3, launch: 30, play: 20, act: 20, step: 10 };

function pick(legal: readonly GameCommand[], roll: (n: number) => number, weights: Readonly<Record<string, number>>): GameCommand {
  const w = legal.map((c) => weights[c.type] ?? 10);
  let r = roll(w.reduce((a, b) => a + b, 0));
  for (let i = 0; i < legal.length; i++) {
    r -= w[i] as number;
    if (r < 0) return legal[i] as GameCommand;
  }
  return legal[legal.length - 1] as GameCommand;
}

function play(seed: number, players: number, maxSteps: number, stop: (steps: readonly Step[]) => boolean, weights: Readonly<Record<string, number>>): Step[] | null {
  const genesis: Genesis = { gameType: 'lifeform', rulesVersion: lifeformGame.rulesVersion, options: lifeformGame.optionsSchema.parse({}), seats: NAMES.slice(0, players).map((name, index) => ({ index, name })), seed };
  let snap: Snapshot<LifeformState> = genesisSnapshot(lifeformGame, genesis, pack);
  const chance = createRng(seedRng(seed * 31 + 7));
  const steps: Step[] = [];
  for (let i = 0; i < maxSteps; i++) {
    if (lifeformGame.status(snap.state).phase !== 'playing') return stop(steps) ? steps : null;
    const seat = lifeformGame.awaiting(snap.state).seats[0] as number;
    const all = lifeformGame.legalCommands(snap.state, seat);
    if (all.length === 0) return null;
    const command = pick(all, (n) => chance.int(0, n - 1), weights);
    const r = applyCommand(lifeformGame, snap, command, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
    if (!r.ok) return null;
    steps.push({ seat, command, events: r.value.events, before: snap.state, after: r.value.snapshot.state, seq: i, index: all.indexOf(command) });
    snap = r.value.snapshot;
    if (stop(steps)) return steps;
  }
  return null;
}

const naming = { seatNames: NAMES, ...(packText ? { packText } : {}) };
const labelOf = (s: LifeformState, c: GameCommand, seat: number): string => lineText('en', lifeformGame.labelCommand?.(s, c, seat) ?? { code: c.type }, naming).slice(0, 100);
const groupOf = (type: string): string => Object.entries(LF_GROUPS).find(([, types]) => types.includes(type))?.[0] ?? 'any';

/** The line a player types for one step. */
function line(step: Step): string {
  const group = groupOf(step.command.type);
  const mine = labelOf(step.before, step.command, step.seat);
  const twins = lifeformGame.legalCommands(step.before, step.seat).filter((c) => groupOf(c.type) === group && labelOf(step.before, c, step.seat).toLowerCase() === mine.toLowerCase()).length;
  const value = twins === 1 && !mine.includes('"') ? JSON.stringify(mine) : `${step.seq}.${step.index}`;
  return `@${USERS[step.seat]} /lf ${group} action:${value}${twins === 1 ? '' : `   # ${mine}`}`;
}

interface Scenario {
  readonly players: number;
  readonly max: number;
  readonly stop: (steps: readonly Step[]) => boolean;
  /** Weights of command types for this scenario, over WEIGHTS. */
  readonly weights?: Readonly<Record<string, number>>;
}

const has = (step: Step, code: string): boolean => step.events.some((e) => e.code === code);

const last = (steps: readonly Step[]): Step => steps[steps.length - 1] as Step;

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  'first-round': { players: 2, max: 400, stop: (s) => last(s).after.round >= 2 && last(s).before.round < 2 },
  ghost: { players: 2, max: 400, stop: (s) => has(last(s), 'lifeform.meet.ghost') },
  'noisy-kill': { players: 3, max: 1500, stop: (s) => has(last(s), 'lifeform.panic.moved') && s.some((x) => has(x, 'lifeform.kill.noisy')), weights: { noReaction: 40, noise: 20 } },
  'cancelled-reaction': { players: 3, max: 1500, stop: (s) => has(last(s), 'lifeform.reaction.cancelled'), weights: { react: 60, counter: 60 } },
  'whole-game': { players: 2, max: 3000, stop: (s) => lifeformGame.status(last(s).after).phase !== 'playing' },
};

const [name = 'first-round', ...rest] = process.argv.slice(2);
const flag = (k: string, d: number): number => Number(rest.find((r) => r.startsWith(`--${k}=`))?.split('=')[1] ?? d);
const scenario = SCENARIOS[name];
if (!scenario) throw new Error(`unknown scenario ${name}: ${Object.keys(SCENARIOS).join(', ')}`);
let best: { seed: number; steps: Step[] } | null = null;
for (let seed = flag('from', 1); seed <= flag('to', 40); seed++) {
  const steps = play(seed, scenario.players, scenario.max, scenario.stop, { ...WEIGHTS, ...(scenario.weights ?? {}) });
  if (steps && (!best || steps.length < best.steps.length)) best = { seed, steps };
}
if (!best) {
  process.stderr.write(`no seed found for ${name}\n`);
  process.exit(1);
}
const out = [`# seed ${best.seed}, ${scenario.players} players, ${best.steps.length} steps (npx tsx scripts/lf-transcripts.ts ${name})`];
out.push(`@alice /game new game:lifeform players:${scenario.players} seed:${best.seed}`);
for (let i = 1; i < scenario.players; i++) out.push(`@${USERS[i]} /game join`);
out.push('@alice /game start');
for (const step of best.steps) {
  out.push(line(step));
  if (rest.includes('--events')) for (const e of step.events) out.push(`#   ${e.to === 'public' ? '' : `(to ${String(e.to)}) `}${e.code} ${JSON.stringify(e.params ?? {})}`);
}
process.stdout.write(`${out.join('\n')}\n`);
