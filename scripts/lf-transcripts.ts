/*
 * Finds seeds for the Lifeform transcripts (test/transcripts/lifeform/) and writes the lines a table would
 * type: `/lf <group> action:"<label>"` with the label the autocomplete shows (or `<seq>.<index>` when two
 * legal actions read the same). Plays in process exactly as the bot decides (same genesis, same rules),
 * so the seed replays the same.
 *
 *   npx tsx scripts/lf-transcripts.ts <scenario> [--from=<seed>] [--to=<seed>] [--events]
 *
 * Scenarios: first-round, ghost, noisy-kill, cancelled-reaction, whole-game, hide-shock-prod, ending-a, ending-b,
 * asteroid-strike (13th Passenger Mod B).
 */
import type { GameCommand } from '../src/core/index.ts';
import { lineText } from '../src/discord/present.ts';
import { LF_GROUPS } from '../commands/lf.ts';
import { lifeformGame, type LifeformPack, type LifeformState } from '../src/games/lifeform/index.ts';
import { NAMES, USERS, playSeed, scenarioArgs, shippedPack, shortestSeed, writeTranscript, type Step as Played } from './transcript-seeds.ts';

const shipped = await shippedPack('lifeform');
const pack = shipped.data as LifeformPack;
const packText = shipped.packText;

type Step = Played<LifeformState>;

/** Turn actions are favoured over passing and giving up, so games move on. */
const WEIGHTS: Readonly<Record<string, number>> = { pass: 1, yield: 1, stop: 3, launch: 30, play: 20, act: 20, step: 10 };

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
  /** The `/game new options:` text, when the scenario needs options. */
  readonly options?: string;
}

const has = (step: Step, code: string): boolean => step.events.some((e) => e.code === code);

const last = (steps: readonly Step[]): Step => steps[steps.length - 1] as Step;

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  'first-round': { players: 2, max: 400, stop: (s) => last(s).after.round >= 2 && last(s).before.round < 2 },
  ghost: { players: 2, max: 400, stop: (s) => has(last(s), 'lifeform.meet.ghost') },
  'noisy-kill': { players: 3, max: 1500, stop: (s) => has(last(s), 'lifeform.panic.moved') && s.some((x) => has(x, 'lifeform.kill.noisy')), weights: { noReaction: 40, noise: 20 } },
  'cancelled-reaction': { players: 3, max: 1500, stop: (s) => has(last(s), 'lifeform.reaction.cancelled'), weights: { react: 60, counter: 60 } },
  'whole-game': { players: 2, max: 3000, stop: (s) => lifeformGame.status(last(s).after).phase !== 'playing' },
  'hide-shock-prod': {
    players: 3,
    max: 120,
    stop: (s) => last(s).events.some((e) => e.code === 'lifeform.reaction.cancelled' && e.params?.reaction === 'shockProd') && s.some((x) => x.events.some((e) => e.code === 'lifeform.reaction.played' && e.params?.reaction === 'hide')),
    weights: { react: 80, counter: 80, allow: 1, equip: 300, lurk: 0.2, vent: 0.2 },
  },
  'ending-a': { players: 2, max: 3000, stop: (s) => lifeformGame.status(last(s).after).phase === 'ended' && last(s).after.outcome?.reason === 'endingA', weights: { launch: 400, agree: 50 } },
  'ending-b': { players: 2, max: 3000, stop: (s) => lifeformGame.status(last(s).after).phase === 'ended' && last(s).after.outcome?.reason === 'endingB', weights: { launch: 400, agree: 50 } },
  'asteroid-strike': { players: 2, max: 1500, stop: (s) => has(last(s), 'lifeform.asteroid.strike') && s.some((x) => has(x, 'lifeform.asteroid.imminent')), options: 'mods=asteroids' },
};

const { name, scenario, from, to, events } = scenarioArgs(SCENARIOS, 'first-round', 40);
const weights: Readonly<Record<string, number>> = { ...WEIGHTS, ...(scenario.weights ?? {}) };
const options = scenario.options ? Object.fromEntries(scenario.options.split(' ').map((kv) => kv.split('=')).map(([k, v]) => [k, (v ?? '').includes(',') ? (v ?? '').split(',') : v])) : undefined;
const found = shortestSeed(from, to, (seed) => playSeed(lifeformGame, pack, { seed, players: scenario.players, maxSteps: scenario.max, stop: scenario.stop, weight: (c: GameCommand) => weights[c.type] ?? 10, ...(options ? { options } : {}) }), name);
writeTranscript({ gameType: 'lifeform', players: scenario.players, found, howFound: `npx tsx scripts/lf-transcripts.ts ${name}`, line, events, ...(scenario.options ? { options: scenario.options } : {}) });
