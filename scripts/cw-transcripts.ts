/*
 * Finds seeds for the Coma Ward transcripts (test/transcripts/comaward/) and writes the lines a table
 * would type: `/cw …` for turn actions, a click on the turn message's button for each prompt answer.
 * Plays in process exactly as the bot decides (same genesis, same rules), so the seed replays the same.
 *
 *   npx tsx scripts/cw-transcripts.ts <scenario> [--from=<seed>] [--to=<seed>]
 *
 * Scenarios: suspense, narrator, away, refused, counter, dodge, phenomenon, entity, epilogue.
 */
import type { GameCommand } from '../src/core/index.ts';
import { t } from '../src/i18n/index.ts';
import { humanParams } from '../src/discord/present.ts';
import { comaWardGame, type ComaWardPack, type CwState } from '../src/games/comaward/index.ts';
import { NAMES, USERS, playSeed, scenarioArgs, shippedPack, shortestSeed, writeTranscript, type Step as Played } from './transcript-seeds.ts';

const shipped = await shippedPack('comaward');
const pack = shipped.data as ComaWardPack;
const packText = shipped.packText;

type Step = Played<CwState>;

/** Turn actions are favoured over housekeeping, so games move toward clues and fights. */
const WEIGHTS: Readonly<Record<string, number>> = { rummage: 40, reveal: 40, attack: 12, steal: 12, medicine: 2, pickup: 15, move: 10, elevator: 2, endturn: 14, use: 4, trade: 2, drop: 1, neurosis: 3, declare: 0, entity: 20 };

/** A prompt answer (clicked on the turn message) rather than a turn action typed with `/cw`. */
const isPrompt = (step: Step): boolean => step.before.pending !== null && step.command.type !== 'entity' && step.command.type !== 'declare';

const quote = (v: string): string => (/[\s"]/.test(v) ? `"${v.replace(/"/g, '')}"` : v);

/** The line a player types (or clicks) for one step. */
function line(step: Step): string {
  const user = `@${USERS[step.seat]}`;
  const c = step.command;
  const a = c.args as Record<string, unknown>;
  if (isPrompt(step)) {
    const label = comaWardGame.labelCommand?.(step.before, c, step.seat);
    if (!label) throw new Error('no label');
    const text = (command: GameCommand) => {
      const l = comaWardGame.labelCommand?.(step.before, command, step.seat) ?? label;
      return t('en', l.code, humanParams(l.params, NAMES, [], packText ? { packText, lang: 'en' } : undefined));
    };
    const mine = text(c);
    const options = comaWardGame.prompts(step.before).flatMap((p) => p.options.map((o) => o.command));
    const twins = options.filter((o) => text(o) === mine).length;
    // Buttons are clicked by label: a label two options share is played by its place in /play instead.
    if (twins > 1 || mine.length > 80 || options.length > 24) return `${user} /play action:${step.seq}.${step.index}   # ${mine}`;
    return `${user} click ${JSON.stringify(mine)}`;
  }
  const name = (seat: unknown) => NAMES[Number(seat)] as string;
  switch (c.type) {
    case 'move':
      return `${user} /cw move to:${String(a['to'])}`;
    case 'elevator':
      return `${user} /cw move to:elevator`;
    case 'attack':
    case 'steal':
      return `${user} /cw ${c.type} target:${/^\d$/.test(String(a['target'])) ? name(a['target']) : String(a['target'])}`;
    case 'medicine':
      return `${user} /cw medicine target:${name(a['target'])} item:${String(a['item'])}`;
    case 'trade': {
      const give = (a['give'] as string[])[0];
      const take = (a['take'] as string[])[0];
      return `${user} /cw trade with:${name(a['with'])}${give ? ` give:${give}` : ''}${take ? ` take:${take}` : ''}`;
    }
    case 'use':
    case 'drop':
      return `${user} /cw ${c.type} item:${String(a['item'])}`;
    case 'entity':
      return `${user} /cw entity player:${quote(name(a['target']))}`;
    default:
      return `${user} /cw ${c.type}`;
  }
}

const has = (step: Step, code: string): boolean => step.events.some((e) => e.code === code);
const count = (step: Step, code: string): number => step.events.filter((e) => e.code === code).length;

interface Scenario {
  readonly players: number;
  readonly max: number;
  readonly stop: (steps: readonly Step[]) => boolean;
  readonly prefer?: (c: GameCommand, s: CwState) => number;
}

const last = (steps: readonly Step[]): Step => steps[steps.length - 1] as Step;

/** Short games: in the Prologue, look for clues and end the turn once the main action is spent. */
const hurry = (c: GameCommand, s: CwState): number => {
  if (s.phase !== 'prologue') return c.type === 'attack' ? 40 : (WEIGHTS[c.type] ?? 10);
  if (c.type === 'endturn') return s.turn.mainDone ? 60 : 1;
  return ({ rummage: 80, reveal: 80, move: 12, use: 2, pickup: 2, elevator: 1 } as Record<string, number>)[c.type] ?? (s.pending ? 10 : 0);
};

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  suspense: { players: 2, max: 6, stop: (s) => count(last(s), 'comaward.check.suspense') >= 2 },
  narrator: {
    players: 2,
    max: 12,
    stop: (s) => last(s).command.type === 'narrate' && last(s).before.pending?.kind === 'narrateResult' && s.some((x) => x.command.type === 'choose'),
    prefer: (c) => (c.type === 'botRead' ? 0 : c.type === 'rummage' ? 100 : (WEIGHTS[c.type] ?? 10)),
  },
  counter: {
    players: 2,
    max: 14,
    stop: (s) => last(s).command.type === 'defend' && (last(s).command.args as { how: string }).how === 'counter' && has(last(s), 'comaward.combat.defenderWins'),
    prefer: (c) => (c.type === 'attack' ? 200 : c.type === 'defend' ? ((c.args as { how: string }).how === 'counter' ? 50 : 1) : (WEIGHTS[c.type] ?? 10)),
  },
  dodge: {
    players: 2,
    max: 24,
    stop: (s) => last(s).command.type === 'dodge' || (last(s).command.type === 'defend' && (last(s).command.args as { how: string }).how === 'dodge' && last(s).before.pending?.kind === 'defend' && (last(s).before.pending as { mode: string }).mode === 'steal' && has(last(s), 'comaward.combat.defenderWins') && last(s).after.pending?.kind !== 'dodgeMove'),
    prefer: (c, s) => (c.type === 'steal' ? 300 : c.type === 'attack' ? 0 : c.type === 'defend' ? ((c.args as { how: string }).how === 'dodge' ? 50 : 0) : s.turnNo > 1 && c.type === 'endturn' ? 1 : (WEIGHTS[c.type] ?? 10)),
  },
  phenomenon: { players: 3, max: 400, stop: (s) => has(last(s), 'comaward.role.dealtPublic'), prefer: hurry },
  entity: {
    players: 4,
    max: 700,
    stop: (s) => has(last(s), 'comaward.entity.resolves'),
    prefer: (c, s) => (s.phase === 'phenomenon' && (c.type === 'attack' || c.type === 'entity') ? 200 : hurry(c, s)),
  },
  epilogue: { players: 2, max: 500, stop: (s) => last(s).after.ending !== null && has(last(s), 'comaward.ending.epilogue'), prefer: hurry },
};

const { name, scenario, from, to, events } = scenarioArgs(SCENARIOS, 'suspense', 400);
const weight = (c: GameCommand, s: CwState): number => (scenario.prefer ? scenario.prefer(c, s) : (WEIGHTS[c.type] ?? 10));
const found = shortestSeed(from, to, (seed) => playSeed(comaWardGame, pack, { seed, players: scenario.players, maxSteps: scenario.max, stop: scenario.stop, weight, skip: (c) => c.type === 'declare', retryRefused: true }), name);
writeTranscript({ gameType: 'comaward', players: scenario.players, found, howFound: `scripts/cw-transcripts.ts ${name}`, line, events });
