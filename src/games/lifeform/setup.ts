import { z } from 'zod';
import { mutableCopy, type Rng, type SeatInfo } from '../../core/index.ts';
import type { LifeformPack } from './content.ts';
import { passengerMods, type PassengerMod } from './content-mods.ts';
import { soloMods } from './content-solo.ts';
import { charactersOf, compileBoard, type LifeformState } from './state.ts';
import { soloSetup } from './solo/setup.ts';

const modSchema = z.enum([...passengerMods, ...soloMods]);

/**
 * Game options: which seat plays the lifeform (the seat after it takes the first crew turn), the
 * optional rule §OPTIONAL: EVOLUTION TOKEN (off by default; rules 2 and a pack with evolution tokens), and
 * the 13th Passenger mods (`mods=survivors,asteroids,hunt`; one name alone is a list of one; `search`, Mod C,
 * only with `mode=solo`).
 */
export const lifeformOptionsSchema = z.strictObject({
  lifeform: z.number().int().min(0).max(3).default(0),
  evolution: z.boolean().default(false),
  mods: z
    .union([modSchema, z.array(modSchema).max(4)])
    .default([])
    .transform((m) => [...new Set(Array.isArray(m) ? m : [m])]),
  /** Dragon's Domain: `mode=solo`, one seat against the rules' lifeform (solo/, README "Dragon's Domain"). */
  mode: z.literal('solo').optional(),
  /** §VARIANTS (solo only): SHAKEN / TOUGH start spaces, ISOLATION MODE, MURDEROUS STAR-BEAST, the android that withstands flamethrowers, FUELLED INCINERATING UNIT, EVERYDAY CARRY (0–2 survival tokens), FOR WHOM THE BELL TOLLS (spaces the self-destruct tracker starts further on), HAZARDOUS ENVIRONMENT, "YOU ARE BECOMING HYSTERICAL". */
  start: z.enum(['normal', 'shaken', 'tough']).optional(),
  isolation: z.boolean().optional(),
  murderous: z.boolean().optional(),
  withstand: z.boolean().optional(),
  incinerator: z.boolean().optional(),
  everyday: z.number().int().min(0).max(2).optional(),
  bell: z.number().int().min(0).max(20).optional(),
  /** HAZARDOUS ENVIRONMENT: the hull breach on the A, B or C deck chamber of solo.yaml `hazardousEnvironment`, or `random` (also `hazard=true`): the game's seeded chance picks the deck. */
  hazard: z.preprocess((v) => (v === true ? 'random' : v), z.enum(['a', 'b', 'c', 'random'])).optional(),
  /** "YOU ARE BECOMING HYSTERICAL": the player steers the active android towards their character. */
  hysterical: z.boolean().optional(),
});

/** The options only Dragon's Domain reads (refused without `mode=solo`, index.ts `startRefusal`). */
export const SOLO_OPTIONS = ['start', 'isolation', 'murderous', 'withstand', 'incinerator', 'everyday', 'bell', 'hazard', 'hysterical'] as const;

/**
 * The newest rules version (index.ts `rulesVersion`); games created under 1, 2 or 3 keep their behaviour.
 * Rules 3 changes Dragon's Domain only (a crisis icon cost paid by every icon a card carries, the
 * power outage loadout bonuses offered in solo); multi-player games play rules 3 exactly as rules 2.
 * Rules 4 changes Mod C only: a crisis card kept in the hand stays there in the shuttle conflict.
 */
export const RULES = 4;
export type LifeformOptions = z.infer<typeof lifeformOptionsSchema>;

const instances = (cards: readonly { id: string; copies: number }[]): string[] =>
  cards.flatMap((c) => Array.from({ length: c.copies }, (_, i) => `${c.id}.${i + 1}`));

/**
 * §SETUP, the parts needing no one's choice: tracks at their start spaces by player count, mission tokens
 * by chamber number, decks shuffled, three crew cards per crew seat and three lifeform cards, three
 * character disks offered per crew seat, one vent token (two with four players), and a secret objective
 * per crew seat. The choices follow as tasks: characters, power outages, images, calibration, terror.
 */
export function setupGame(options: LifeformOptions, seats: readonly SeatInfo[], rng: Rng, pack: LifeformPack, rulesVersion: string = String(RULES)): LifeformState {
  if (options.mode === 'solo' && pack.solo) {
    // Dragon's Domain: the 2-player components (cocoon 2P track, duo sides), then the solo setup on top.
    const orig = setupGame({ ...options, mode: undefined, lifeform: 0, evolution: false, mods: [] }, [seats[0] as SeatInfo, seats[0] as SeatInfo], rng, pack, rulesVersion);
    const board = orig.board;
    const draft = { ...mutableCopy({ ...orig, board: null }), board } as LifeformState;
    soloSetup(draft, pack, pack.solo.solo, options, rng);
    return { ...mutableCopy({ ...draft, board: null }), board, solo: { ...mutableCopy({ ...draft.solo, def: null }), def: draft.solo?.def } } as LifeformState;
  }
  const rules = Number(rulesVersion);
  const players = Math.min(4, Math.max(2, seats.length)) as 2 | 3 | 4;
  const key = String(players) as '2' | '3' | '4';
  // 13th Passenger: a mod is played only when the pack has its data (expansions.yaml `passenger`).
  const p = pack.expansions?.passenger;
  const mods = passengerMods.filter((m) => options.mods.includes(m) && (m === 'survivors' ? p?.survivors : m === 'asteroids' ? p?.asteroids : p?.shuttlecraft) !== undefined);
  const board = compileBoard(pack, players, mods);
  const lifeformSeat = options.lifeform < seats.length ? options.lifeform : 0;
  const crewSeats = Array.from({ length: seats.length - 1 }, (_, i) => (lifeformSeat + 1 + i) % seats.length);
  const crewDeck = rng.shuffle(instances(pack.crew.filter((c) => c.special === null)));
  const lfDeck = rng.shuffle(instances(pack.lifeform.cards));
  const terrorDeck = rng.shuffle(pack.terror.map((t) => t.id));
  const disks = rng.shuffle(charactersOf(pack, mods).map((c) => c.id));
  const objectives = rng.shuffle(pack.objectives.map((o) => o.id));
  const hands: Record<string, string[]> = {};
  const offers: Record<string, string[]> = {};
  const picks: Record<string, string[] | null> = {};
  const objectiveOf: Record<string, string | null> = {};
  const data: Record<string, number> = {};
  for (const seat of crewSeats) {
    hands[String(seat)] = crewDeck.splice(0, 3);
    offers[String(seat)] = disks.splice(0, 3);
    picks[String(seat)] = null;
    objectiveOf[String(seat)] = objectives.shift() ?? null;
    data[String(seat)] = 0;
  }
  const mission: Record<string, number> = {};
  let onBoard = 0;
  for (const c of pack.ship.chambers) {
    mission[c.id] = c.mission;
    onBoard += c.mission;
  }
  const coolant = pack.game.loadout.find((c) => c.id === 'coolant');
  const state: LifeformState = {
    v: 1,
    board,
    seats: seats.length,
    lifeformSeat,
    crewSeats,
    round: 1,
    turnIndex: 0,
    phase: 'setup',
    stack: [{ k: 'setupTerror' }, { k: 'calibrate' }, { k: 'image', left: 2 }, { k: 'outage', placed: [] }, ...(players === 2 ? [{ k: 'catPlace' as const, seat: crewSeats[0] as number }] : []), { k: 'pick' }],
    offers,
    picks,
    characters: [],
    dead: [],
    roles: {},
    hands,
    crewDeck,
    crewDiscard: [],
    lfHand: lfDeck.splice(0, 3),
    lfDeck,
    lfDiscard: [],
    terrorDeck,
    terrorDiscard: [],
    images: [null, null, null],
    real: null,
    mission,
    missionPool: pack.game.missionTokens - onBoard,
    outages: [],
    outagePool: pack.game.powerOutageTokens,
    terrors: [],
    terrorPool: pack.game.terrorTokens,
    door: null,
    loadout: Object.fromEntries(pack.game.loadout.map((c) => [c.id, 0])),
    overheating: coolant?.overheating ?? 0,
    flamethrowerTaken: false,
    laser: 'board',
    sd: pack.game.selfDestruct.start[key],
    malfunction: 0,
    androidStatus: 0,
    cocoon: 0,
    hostility: pack.game.hostility.start[key],
    android: { state: 'inactive', at: null, deviation: false },
    vents: players === 4 ? 2 : 1,
    lifeformSurvival: null,
    hullBreach: null,
    stowaway: null,
    stowawayToken: false,
    objectives: objectiveOf,
    objectivesDone: [],
    data,
    reacted: [],
    bulkheadBy: null,
    lastManAboard: false,
    showdown: null,
    cat: players === 2 ? { at: null, moved: false, played: false, gone: false } : null,
    roleCards: { cat: players === 2 ? pack.roles.cat.cards.map((c) => c.id) : [], sister: [], catDiscard: [], sisterDiscard: [] },
    roleBoards: {},
    outcome: null,
  };
  if (rules >= 2) {
    Object.assign(state, { rules });
    if (pack.game.dataTokens) {
      state.dataPool = [...pack.game.dataTokens];
      state.dataTokens = Object.fromEntries(crewSeats.map((seat) => [String(seat), []]));
    }
    if (options.evolution && pack.game.evolutionTokens) {
      // §OPTIONAL: EVOLUTION TOKEN: one removed at random, the other six face up in pairs on the cocoon track.
      const six = rng.shuffle([...pack.game.evolutionTokens]).slice(1);
      state.evolution = { pairs: [six.slice(0, 2), six.slice(2, 4), six.slice(4, 6)], held: [] };
    }
  }
  if (mods.length > 0) state.passenger = passengerSetup(mods, pack);
  return { ...mutableCopy({ ...state, board: null }), board } as LifeformState;
}

/**
 * 13th Passenger setup: Mod B's four face-down tokens are kept as the minutes still covered and how many
 * of them strike (which one does is drawn when one is examined, so no order of hidden tokens is stored);
 * the impact cards are shuffled the same way, when drawn. Mod D waits for the showdown.
 */
function passengerSetup(mods: readonly PassengerMod[], pack: LifeformPack): NonNullable<LifeformState['passenger']> {
  const a = pack.expansions?.passenger?.asteroids;
  return {
    mods: [...mods],
    ...(mods.includes('asteroids') && a ? { asteroids: { minutes: [...a.minutes], strikes: a.strikes, cards: a.cards.map((c) => c.id), struck: null } } : {}),
    ...(mods.includes('hunt') ? { hunt: { stage: 'wait' as const, at: null, tokensAt: null, actions: [], searched: [], revealed: [], found: false } } : {}),
  };
}

/** The deck letters a setup power outage may go on next: one per deck per pass, two passes with four players. */
export function outageDecksOpen(s: LifeformState, placed: readonly string[]): string[] {
  const perPass = 3;
  const passStart = Math.floor(placed.length / perPass) * perPass;
  const thisPass = placed.slice(passStart).map((c) => s.board.chambers[c]?.deck);
  return ['a', 'b', 'c'].filter((d) => !thisPass.includes(d as 'a'));
}

/** Power outages placed during setup: three, six with four players (§SETUP). */
export const setupOutages = (s: LifeformState): number => (s.seats === 4 ? 6 : 3);
