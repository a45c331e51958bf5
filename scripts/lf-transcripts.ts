/*
 * Finds seeds for the Lifeform transcripts (test/transcripts/lifeform/) and writes the lines a table would
 * type: `/lf <group> action:"<label>"` with the label the autocomplete shows (or `<seq>.<index>` when two
 * legal actions read the same). Plays in process exactly as the bot decides (same genesis, same rules),
 * so the seed replays the same.
 *
 *   npx tsx scripts/lf-transcripts.ts <scenario> [--from=<seed>] [--to=<seed>] [--events]
 *
 * Scenarios: first-round, ghost, noisy-kill, cancelled-reaction, whole-game, hide-shock-prod, ending-a, ending-b,
 * ending-c, android-remora, cat-control, whole-game-4, asteroid-strike (13th Passenger Mod B), hunt-3 (Mod D, 3 players),
 * solo-proximity, solo-chit, solo-crisis (Dragon's Domain, mode=solo: three losses). The endings, the android,
 * the 4-player game and the hunt use the DIRECTED crew policy (`directed`). With LF_DEBUG=1 the script plays
 * every seed of the range to its end and prints how each ended (outcome, tracker, loadout, characters).
 */
import type { GameCommand } from '../src/core/index.ts';
import { lineText } from '../src/discord/present.ts';
import { LF_GROUPS } from '../commands/lf.ts';
import { lifeformGame, type LifeformPack, type LifeformState } from '../src/games/lifeform/index.ts';
import { distances, sdReached } from '../src/games/lifeform/board.ts';
import { cardOf, REMORA } from '../src/games/lifeform/state.ts';
import { loadoutNeed } from '../src/games/lifeform/endgame.ts';
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
  /** A directed play policy (the weight of a legal command in a state), over the weights. */
  readonly policy?: (c: GameCommand, s: LifeformState) => number;
}

/** Steps from the nearest of `targets` to each chamber through corridors (ignoring doors: a heading, not a rule). */
function stepsTo(s: LifeformState, targets: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of targets) for (const [c, d] of distances(s, t, { tunnels: false, ignoreDoor: true })) out.set(c, Math.min(d, out.get(c) ?? 99));
  return out;
}

/** Tokens a loadout column still lacks, counting spacesuits for every character that is to board. */
function lacking(s: LifeformState, column: string, boarding: number): number {
  const need = column === 'spacesuits' ? boarding : loadoutNeed(s, column);
  return Math.max(0, need - (s.loadout[column] ?? 0));
}

/** Where the crew head: open objectives' chambers, else mission tokens the loadout lacks, else the Remora. */
function heading(s: LifeformState, boarding: number): string[] {
  const open = Object.values(s.objectives).flatMap((o) => (o !== null && !s.objectivesDone.includes(o) ? [s.board.objectives[o]?.chamber ?? null] : [])).filter((c): c is string => c !== null);
  if (open.length > 0) return open;
  const short = s.board.loadout.some((c) => lacking(s, c.id, boarding) > 0);
  const tokens = Object.entries(s.mission).filter(([, n]) => n > 0).map(([c]) => c);
  return short && tokens.length > 0 ? tokens : [REMORA];
}

/**
 * The DIRECTED crew policy for the endings: the crew do their objectives (a circuit row in the objective's
 * chamber), collect the mission tokens the loadout lacks, head for the Remora, board it and launch, and
 * agree to launches. It only weighs the legal commands (the rules decide what is legal); the lifeform
 * keeps `weights` but lurks when it can (fewer steps). `behind`: one crew character is kept off the Remora
 * (ending C leaves people behind); `hurry`: the weight of equipping; `late`: launch only from the 9 minute mark
 * (ending B; before it, everyone aboard makes ending A).
 */
function directed(behind: boolean, hurry: number, late = behind): (c: GameCommand, s: LifeformState) => number {
  return (c, s) => {
    const seat = lifeformGame.awaiting(s).seats[0];
    if (seat === s.lifeformSeat) return c.type === 'lurk' ? 2_000 : -1;
    const p = (c.args ?? {}) as { to?: string | readonly string[]; who?: string; yes?: boolean; column?: string; objective?: string; card?: string; row?: number };
    const stay = behind ? s.characters.find((x) => x.owner === seat)?.id : undefined;
    const boarding = s.characters.length - (stay ? 1 : 0);
    switch (c.type) {
      case 'launch':
        return !late || sdReached(s, 9) ? 100_000 : 0;
      case 'agree':
        return p.yes ? 10_000 : 0;
      case 'catAboard':
        return 5_000;
      case 'collect':
        return lacking(s, p.column ?? '', boarding) > 0 ? 3_000 : 20;
      case 'equip':
        return hurry * ((c.args as { n?: number }).n ?? 2);
      case 'play': {
        if (seat === undefined || !p.card) return 20;
        const icons = s.board.crew[cardOf(p.card)]?.rows[p.row ?? 0] ?? [];
        const open = heading(s, boarding);
        const inPlace = s.characters.some((x) => x.owner === seat && open.includes(x.at) && x.at !== REMORA);
        if (icons.includes('circuit') && inPlace && open.some((o) => Object.values(s.objectives).some((ob) => ob !== null && s.board.objectives[ob]?.chamber === o))) return 5_000;
        return icons.some((i) => i === 'move' || i === 'run') ? 200 : 20;
      }
      case 'act':
      case 'step': {
        if (p.objective !== undefined) return 50_000;
        if (p.to === undefined) return 10;
        const to = typeof p.to === 'string' ? p.to : p.to[p.to.length - 1];
        const who = s.characters.find((x) => x.id === p.who) ?? s.characters.find((x) => x.owner === seat);
        if (!to || !who) return 10;
        if (who.id === stay) return to === REMORA ? 0 : 10;
        if (to === REMORA) return heading(s, boarding)[0] === REMORA ? 50_000 : 1;
        const d = stepsTo(s, heading(s, boarding));
        const now = d.get(who.at) ?? 99;
        const then = d.get(to) ?? 99;
        return then < now ? 400 * (now - then) : then === now ? 5 : 0.5;
      }
      case 'pass':
      case 'stop':
        return 1;
      default:
        return -1;
    }
  };
}

/** Whether the android aboard the Remora still has loadout tokens to tear out. */
const stripping = (s: LifeformState): boolean => s.stack.some((t) => t.k === 'strip');

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
  'ending-a': { players: 2, max: 3000, stop: (s) => last(s).after.outcome?.reason === 'endingA', policy: directed(false, 30) },
  'ending-b': { players: 2, max: 3000, stop: (s) => last(s).after.outcome?.reason === 'endingB', policy: directed(false, 100, true) },
  'ending-c': { players: 2, max: 3000, stop: (s) => has(last(s), 'lifeform.ending.c') && last(s).before.characters.some((c) => c.at !== REMORA), policy: directed(true, 30) },
  'android-remora': { players: 2, max: 3000, stop: (s) => s.some((x) => has(x, 'lifeform.android.boarded')) && !stripping(last(s).after), policy: directed(false, 30, true) },
  'cat-control': { players: 3, max: 2000, stop: (s) => has(last(s), 'lifeform.control.cat'), weights: { noReaction: 40, noise: 20 } },
  'whole-game-4': { players: 4, max: 3000, stop: (s) => lifeformGame.status(last(s).after).phase !== 'playing', policy: directed(false, 30), weights: { noReaction: 40, noise: 20 } },
  // Dragon's Domain (issue 20): a solo game lost three different ways.
  'solo-proximity': { players: 1, max: 1500, stop: (s) => last(s).after.outcome?.reason === 'proximity', options: 'mode=solo', weights: { wait: 30, equip: 30 } },
  'solo-chit': { players: 1, max: 1500, stop: (s) => last(s).after.outcome?.reason === 'killedChit', options: 'mode=solo' },
  'solo-crisis': { players: 1, max: 1500, stop: (s) => last(s).after.outcome?.reason === 'crisisDeck', options: 'mode=solo', weights: { play: 40, act: 40 } },
  'asteroid-strike': { players: 2, max: 1500, stop: (s) => has(last(s), 'lifeform.asteroid.strike') && s.some((x) => has(x, 'lifeform.asteroid.imminent')), options: 'mods=asteroids' },
  'hunt-3': { players: 3, max: 3000, stop: huntOver, options: 'mods=hunt', policy: directed(true, 30), weights: { noReaction: 40, noise: 20 } },
};

/** Mod D: the lifeform hid (its DM), the crew searched at least once, the hunt ended (found, or not found after the last action), and the showdown's first fight began. */
function huntOver(steps: readonly Step[]): boolean {
  return (
    has(last(steps), 'lifeform.showdown.fight') &&
    steps.some((x) => has(x, 'lifeform.hunt.found') || has(x, 'lifeform.hunt.notFound')) &&
    steps.some((x) => has(x, 'lifeform.hunt.hiddenAt')) &&
    steps.some((x) => has(x, 'lifeform.hunt.search') || has(x, 'lifeform.hunt.searchHalon'))
  );
}

const { name, scenario, from, to, events } = scenarioArgs(SCENARIOS, 'first-round', 40);
const weights: Readonly<Record<string, number>> = { ...WEIGHTS, ...(scenario.weights ?? {}) };
const options = scenario.options ? Object.fromEntries(scenario.options.split(' ').map((kv) => kv.split('=')).map(([k, v]) => [k, (v ?? '').includes(',') ? (v ?? '').split(',') : v])) : undefined;
const policy = scenario.policy;
const weigh = (c: GameCommand, s: LifeformState): number => {
  const w = policy ? policy(c, s) : -1;
  return w >= 0 ? w : (weights[c.type] ?? 10);
};
if (process.env.LF_DEBUG) {
  for (let seed = from; seed <= to; seed++) {
    const steps = playSeed(lifeformGame, pack, { seed, players: scenario.players, maxSteps: scenario.max, stop: (s) => lifeformGame.status(last(s).after).phase !== 'playing', weight: weigh, ...(options ? { options } : {}) });
    const st = steps ? last(steps).after : null;
    process.stderr.write(`${seed}: ${steps?.length} ${JSON.stringify(st?.outcome)} sd=${st?.sd} loadout=${JSON.stringify(st?.loadout)} chars=${JSON.stringify(st?.characters.map((c) => c.at))} done=${JSON.stringify(st?.objectivesDone)} obj=${JSON.stringify(st?.objectives)}\n`);
    if (steps) process.stderr.write(`   ${[...new Set(steps.flatMap((x) => x.events.map((e) => e.code)))].filter((c) => /launch|ending|end\./.test(c)).join(' ')}\n`);
  }
  process.exit(0);
}
const found = shortestSeed(from, to, (seed) => playSeed(lifeformGame, pack, { seed, players: scenario.players, maxSteps: scenario.max, stop: scenario.stop, weight: weigh, ...(options ? { options } : {}) }), name);
writeTranscript({ gameType: 'lifeform', players: scenario.players, found, howFound: `npx tsx scripts/lf-transcripts.ts ${name}`, line, events, ...(scenario.options ? { options: scenario.options } : {}) });
