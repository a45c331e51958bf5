/*
 * Finds seeds for the Lifeform transcripts (test/transcripts/lifeform/, the solo ones in test/transcripts/lifeform-solo/) and writes the lines a table would
 * type: `/lf <group> action:"<label>"` with the label the autocomplete shows (or `<seq>.<index>` when two
 * legal actions read the same). Plays in process exactly as the bot decides (same genesis, same rules),
 * so the seed replays the same.
 *
 *   npx tsx scripts/lf-transcripts.ts <scenario> [--from=<seed>] [--to=<seed>] [--events]
 *
 * Scenarios: first-round, ghost, noisy-kill, cancelled-reaction, whole-game, hide-shock-prod, ending-a, ending-b,
 * ending-c, android-remora, cat-control, whole-game-4, asteroid-strike (13th Passenger Mod B), hunt-3 (Mod D, 3 players),
 * solo-proximity, solo-chit, solo-crisis (Dragon's Domain, mode=solo: three losses), solo-win and solo-conflict (two wins,
 * with the DIRECTED solo policy `soloDirected`: all stowaways SAFE, and a shuttle conflict survived), modc-hunt-wrong (13th
 * Passenger Mod C, mode=solo mods=search, `soloDirected`: a HUNT guessed wrong, then the conflict with the extra zone to the end), hysterical (the variant
 * "YOU ARE BECOMING HYSTERICAL": the player steers the android to themselves and loses to a killed chit). The endings, the android,
 * the 4-player game and the hunt use the DIRECTED crew policy (`directed`). With LF_DEBUG=1 the script plays
 * every seed of the range to its end and prints how each ended (outcome, tracker, loadout, characters).
 */
import type { GameCommand } from '../src/core/index.ts';
import { lineText } from '../src/discord/present.ts';
import { parseGameOptions } from '../src/discord/game-options.ts';
import { LF_GROUPS } from '../commands/lf.ts';
import { lifeformGame, type LifeformPack, type LifeformState } from '../src/games/lifeform/index.ts';
import { distances, sdReached } from '../src/games/lifeform/board.ts';
import { cardOf, REMORA } from '../src/games/lifeform/state.ts';
import { loadoutNeed } from '../src/games/lifeform/endgame.ts';
import { here } from '../src/games/lifeform/solo/actions.ts';
import { soloOf, topTask } from '../src/games/lifeform/solo/flow.ts';
import type { CrisisCost } from '../src/games/lifeform/solo/state.ts';
import type { CrisisEffect } from '../src/games/lifeform/content-solo.ts';
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

/** Dragon's Domain: what the Remora's launch still needs, per loadout column (solo.yaml `launch`; coolant below overheating). */
function soloShort(s: LifeformState, column: string): number {
  const l = soloOf(s).def.launch;
  const need: Record<string, number> = { weaponry: l.weaponry, energy: l.energy, spacesuits: l.spacesuits, coolant: l.coolantBelowOverheating ? s.overheating : 0 };
  return Math.max(0, (need[column] ?? 0) - (s.loadout[column] ?? 0));
}

const loadoutReady = (s: LifeformState): boolean => s.board.loadout.every((c) => soloShort(s, c.id) === 0);

/**
 * Where the solo character heads: a circuit board while the xeno data is missing, mission tokens while the
 * loadout is short (on the deck whose crisis cards still hold a missing objective, when it has some), a chamber
 * of that deck while an objective is missing, else the Remora.
 */
function soloHeading(s: LifeformState): string[] {
  const so = soloOf(s);
  if (!so.objectives.data) return Object.entries(s.board.chambers).filter(([, c]) => c.circuit).map(([id]) => id);
  const decks = objectiveDecks(s);
  const onDeck = (c: string): boolean => decks.length === 0 || decks.includes(s.board.chambers[c]?.deck ?? '');
  if (!loadoutReady(s)) {
    const tokens = Object.entries(s.mission).filter(([c, n]) => n > 0 && c !== REMORA).map(([c]) => c);
    const there = tokens.filter(onDeck);
    if (there.length > 0) return there;
    if (tokens.length > 0) return tokens;
  }
  if (decks.length > 0) return Object.keys(s.board.chambers).filter((c) => c !== REMORA && onDeck(c) && !s.terrors.includes(c));
  return [REMORA];
}

/** The ship deck whose remaining crisis cards hold the most options granting an objective the launch lacks (none when no card does). */
function objectiveDecks(s: LifeformState): string[] {
  const so = soloOf(s);
  const count = new Map<string, number>();
  for (const [deck, cards] of Object.entries(so.crisisDecks))
    for (const id of cards) if ((so.def.crisis[id]?.options ?? []).some((o) => o.effects.some((e) => e.op === 'objective' && !so.objectives[e.objective]))) count.set(deck, (count.get(deck) ?? 0) + 1);
  const best = [...count.entries()].sort((x, y) => y[1] - x[1])[0];
  return best ? [best[0]] : [];
}

/** The worth of a crisis option: objectives still missing, against what its effects and cost take away. */
function crisisWorth(s: LifeformState, cost: readonly CrisisCost[], effects: readonly CrisisEffect[]): number {
  const so = soloOf(s);
  let w = 1_000;
  for (const e of effects) {
    if (e.op === 'objective') w += so.objectives[e.objective] ? 0 : 5_000;
    else if (e.op === 'alien') w -= 250 * e.n;
    else if (e.op === 'loseNerve') w -= 300 * e.n;
    else if (e.op === 'stowaway') w -= 600;
    else if (e.op === 'selfDestruct') w -= 100 * e.n;
    else if (e.op === 'terror') w -= 250;
    else if (e.op === 'gain') w += 120 * e.n;
    else if (e.op === 'draw') w += 40 * e.n;
    else if (e.op === 'discard') w -= 40 * e.n;
    else if (e.op === 'cocoon') w -= 200;
    else if (e.op === 'malfunction') w -= 60 * e.n;
    else if (e.op === 'powerOutage') w -= 30;
    // Mod C: a docking clamp is worth most while the umbilicus is missing; a kept card helps a little.
    else if (e.op === 'clamp') w += so.objectives.umbilicus ? 0 : 1_500;
    else if (e.op === 'keepCard') w += 100;
    else if (e.op === 'remoraSurvival') w -= 100;
  }
  for (const c of cost) {
    if ('loadout' in c) w -= (s.loadout[c.loadout] ?? 0) <= soloShort(s, c.loadout) + (c.loadout === 'spacesuits' ? 1 : 3) ? 400 : 100;
    else if ('token' in c) w -= 80;
    else w -= 60;
  }
  return Math.max(1, w);
}

/**
 * The DIRECTED solo policy (Dragon's Domain): collect into the columns the launch minimums still need, take the
 * crisis options that grant a missing objective and cost the least, head for a circuit board (the xeno data),
 * then the mission tokens, then the Remora, keep clear of terror tokens, slow the lifeform with what the hand
 * holds, and launch as soon as it is legal. It only weighs the legal commands; the rules decide everything.
 */
function soloDirected(c: GameCommand, s: LifeformState): number {
  const so = soloOf(s);
  const p = (c.args ?? {}) as { to?: string | readonly string[]; column?: string; option?: number; data?: unknown; lifeform?: boolean; chamber?: string; energy?: boolean; token?: string; card?: string; use?: string; top?: boolean };
  const t = topTask(s);
  switch (c.type) {
    case 'launch':
      return 1_000_000;
    case 'collect':
      return 10 + 1_000 * soloShort(s, p.column ?? '');
    case 'crisis': {
      const card = t?.k === 'crisis' ? so.def.crisis[t.card] : undefined;
      const o = card?.options[p.option ?? 0];
      return o ? crisisWorth(s, o.cost, o.effects) : 1;
    }
    case 'play':
      return 200;
    case 'equip':
      return hand(s) <= 2 ? 60 : 5;
    case 'wait':
      return 1;
    case 'heat':
      return 3_000;
    case 'laser':
      return 500;
    case 'trait':
      return p.use === 'terror' ? 5_000 : 2;
    case 'fear':
      return 1;
    case 'survive':
      return 2;
    case 'harpoon':
      return 300;
    case 'reduce':
      return 5_000;
    case 'allow':
      return 1;
    case 'path':
      return p.to === 'motion-hall-1' || p.to === 'motion-hall-2' ? 100 : p.to === 'motion-duct-1' ? 10 : 1;
    case 'sdStowaway':
      return p.energy ? 100 : 10;
    case 'strip':
      return 1 + 10 * Math.max(0, (s.loadout[p.column ?? ''] ?? 0) - (soloShort(s, p.column ?? '') === 0 ? 1 : 99));
    case 'proximity':
      return p.token ? 300 : 200;
    case 'elude':
      return 20;
    // Mod C: unlock a clamp by hand when it is the last objective, spare tokens where the launch needs them, and HUNT.
    case 'unclamp':
      return 50_000;
    case 'spare':
      return 10 + 1_000 * soloShort(s, p.column ?? '');
    case 'hunt':
      return 1_000;
    case 'confront':
    case 'guess':
      return 1;
    case 'act': {
      if (p.data !== undefined) return so.objectives.data ? 5 : 50_000;
      if (p.column !== undefined) return 10 + 2_000 * soloShort(s, p.column);
      if (p.lifeform) return 3_000;
      if (p.to === undefined) return 30;
      const to = typeof p.to === 'string' ? p.to : p.to[p.to.length - 1];
      if (!to) return 10;
      const goal = soloHeading(s);
      if (to === REMORA) return goal[0] === REMORA ? 100_000 : 0.1;
      const d = stepsTo(s, goal);
      const now = d.get(here(s)) ?? 99;
      const then = d.get(to) ?? 99;
      const terror = s.terrors.includes(to) ? 0.05 : 1;
      return terror * (then < now ? 400 * (now - then) : then === now ? 5 : 0.5);
    }
    default:
      return -1;
  }
}
const hand = (s: LifeformState): number => (s.hands['0'] ?? []).length;

/** Whether the android aboard the Remora still has loadout tokens to tear out. */
const stripping = (s: LifeformState): boolean => s.stack.some((t) => t.k === 'strip');

const has = (step: Step, code: string): boolean => step.events.some((e) => e.code === code);

const last = (steps: readonly Step[]): Step => steps[steps.length - 1] as Step;

/**
 * "YOU ARE BECOMING HYSTERICAL" quickly: crisis options that advance the malfunction tracker (two wake the
 * android), then staying put (WAIT, EQUIP) while the android comes; otherwise the scenario's weights.
 */
function hystericalPolicy(c: GameCommand, s: LifeformState): number {
  const t = topTask(s);
  if (c.type === 'crisis' && t?.k === 'crisis') {
    const effects = soloOf(s).def.crisis[t.card]?.options[(c.args as { option: number }).option]?.effects ?? [];
    return effects.some((e) => e.op === 'malfunction') ? 1_000 : 10;
  }
  if (s.android.state === 'active' && (c.type === 'wait' || c.type === 'equip')) return 500;
  return -1;
}

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
  'solo-win': { players: 1, max: 1500, stop: (s) => last(s).after.outcome?.reason === 'safe', options: 'mode=solo', policy: soloDirected },
  'solo-conflict': { players: 1, max: 1500, stop: (s) => last(s).after.outcome?.winner === 'crew' && last(s).after.outcome?.reason === 'conflict', options: 'mode=solo', policy: soloDirected },
  // "YOU ARE BECOMING HYSTERICAL": the player steers the android (a choice between steps), it reaches them, and a killed chit ends the game.
  hysterical: { players: 1, max: 100, stop: (s) => last(s).after.outcome?.reason === 'hysterical' && s.some((x) => x.command.type === 'android'), options: 'mode=solo hysterical=true', policy: hystericalPolicy, weights: { play: 40, act: 40 } },
  'solo-crisis': { players: 1, max: 1500, stop: (s) => last(s).after.outcome?.reason === 'crisisDeck', options: 'mode=solo', weights: { play: 40, act: 40 } },
  // 13th Passenger Mod C: after the launch, a HUNT guessed wrong, and the shuttle conflict with the extra zone fought to the end.
  'modc-hunt-wrong': { players: 1, max: 1500, stop: (s) => last(s).after.outcome !== null && s.some((x) => has(x, 'lifeform-solo.search.missed')), options: 'mode=solo mods=search', policy: soloDirected },
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
const parsed = parseGameOptions(scenario.options);
const options = scenario.options && parsed.ok ? parsed.value : undefined;
const policy = scenario.policy;
const weigh = (c: GameCommand, s: LifeformState): number => {
  const w = policy ? policy(c, s) : -1;
  return w >= 0 ? w : (weights[c.type] ?? 10);
};
if (process.env.LF_DEBUG) {
  for (let seed = from; seed <= to; seed++) {
    const steps = playSeed(lifeformGame, pack, { seed, players: scenario.players, maxSteps: scenario.max, stop: (s) => lifeformGame.status(last(s).after).phase !== 'playing', weight: weigh, ...(options ? { options } : {}) });
    const st = steps ? last(steps).after : null;
    process.stderr.write(`${seed}: ${steps?.length} ${JSON.stringify(st?.outcome)} sd=${st?.sd} loadout=${JSON.stringify(st?.loadout)} chars=${JSON.stringify(st?.characters.map((c) => c.at))} done=${JSON.stringify(st?.objectivesDone)} obj=${JSON.stringify(st?.objectives)}${st?.solo ? ` solo=${JSON.stringify(st.solo.objectives)} motion=${st.solo.motion} nerve=${st.solo.nerve} fear=${st.solo.fear} remora=${JSON.stringify(st.solo.remora.stowaways)}` : ""}\n`);
    if (steps) process.stderr.write(`   ${[...new Set(steps.flatMap((x) => x.events.map((e) => e.code)))].filter((c) => /launch|ending|end\./.test(c)).join(' ')}\n`);
  }
  process.exit(0);
}
const found = shortestSeed(from, to, (seed) => playSeed(lifeformGame, pack, { seed, players: scenario.players, maxSteps: scenario.max, stop: scenario.stop, weight: weigh, ...(options ? { options } : {}) }), name);
writeTranscript({ gameType: 'lifeform', players: scenario.players, found, howFound: `npx tsx scripts/lf-transcripts.ts ${name}`, line, events, ...(scenario.options ? { options: scenario.options } : {}) });
