import { sealedCopy } from '../../core/index.ts';
import type { HuntAction, HuntEffect, PassengerMod } from './content-mods.ts';
import type { SoloState } from './solo/state.ts';
import type { AbilityEffect, CrewIcon, CrewReaction, DeckId, LifeformIcon, LifeformPack, LifeformReaction, LoadoutColumn, TerrorEffect } from './content.ts';

/** The Remora as a chamber id: a chamber for movement only (§USE REMORA ENERGY CELL). */
export const REMORA = 'remora';

export interface ChamberInfo {
  readonly deck: DeckId | 'remora';
  readonly mission: number;
  readonly vent: boolean;
  readonly lifeformStart: boolean;
  readonly cocoon: boolean;
  readonly circuit: boolean;
  readonly objective: boolean;
  readonly shielded: boolean;
}

export interface CrewCardDef {
  readonly rows: readonly (readonly CrewIcon[])[];
  readonly reaction: CrewReaction | null;
  readonly special: 'miningLaser' | 'flamethrower' | null;
}

export interface LifeformCardDef {
  readonly rows: readonly (readonly LifeformIcon[])[];
  readonly reaction: LifeformReaction | null;
}

/**
 * What the rules read from the pack, compiled once at setup and sealed (shared by every snapshot), so
 * views and legal moves need no pack. Card instances are `<card id>.<copy>`.
 */
export interface Board {
  readonly chambers: Readonly<Record<string, ChamberInfo>>;
  /** Every chamber id in pack order, the Remora last. */
  readonly order: readonly string[];
  readonly corridors: readonly (readonly [string, string])[];
  readonly tunnels: readonly (readonly [string, string])[];
  readonly places: LifeformPack['ship']['places'];
  /** The AI path from Hypersleep to the Remora (the Remora appended). */
  readonly androidPath: readonly string[];
  readonly minutes: readonly (number | null)[];
  readonly sdTerror: readonly boolean[];
  readonly malfunction: readonly string[];
  readonly androidRemove: readonly number[];
  readonly cocoon: readonly { readonly hand: number; readonly evolution: number | null }[];
  readonly hostility: readonly { readonly draw: boolean; readonly terror: boolean; readonly claw: number; readonly stowawayToken?: true }[];
  readonly loadout: readonly {
    readonly id: LoadoutColumn;
    readonly spaces: readonly { readonly bonus: string | null; readonly value: number }[];
    readonly minimum: number;
    readonly overheating: number;
    readonly compartments: readonly number[];
  }[];
  readonly handLimit: number;
  readonly crew: Readonly<Record<string, CrewCardDef>>;
  readonly lifeform: Readonly<Record<string, LifeformCardDef>>;
  readonly terror: Readonly<Record<string, readonly TerrorEffect[]>>;
  readonly objectives: Readonly<Record<string, { readonly chamber: string | null; readonly decide: readonly (readonly TerrorEffect[])[] }>>;
  readonly stowaways: Readonly<Record<string, { readonly min: number; readonly max: number; readonly keep: boolean; readonly showdown: readonly string[] }>>;
  /** Showdown icons of every crew and lifeform card, by card id. */
  readonly showdown: Readonly<Record<string, readonly string[]>>;
  readonly abilities: Readonly<Record<string, { readonly skill: AbilityEffect; readonly survival: AbilityEffect }>>;
  readonly miningLaser: string;
  readonly flamethrower: string;
  /** Role boards and cards of the ship's cat and the SIS-TER mainframe (icons by card id). */
  readonly roles: Readonly<
    Record<
      'cat' | 'sister',
      {
        readonly tracks: readonly { readonly length: number; readonly triggers: readonly number[]; readonly actions?: readonly { readonly at: number; readonly icon: string }[] }[];
        readonly cards: Readonly<Record<string, readonly string[]>>;
      }
    >
  >;
  /** Rules 2, when the pack has them: the data token pool's icons (game.yaml `dataTokens`). */
  readonly dataTokens?: readonly string[];
  /** 13th Passenger (game option `mods`, mods.ts): the asteroid impact cards and the shuttlecraft, when played. */
  readonly passenger?: PassengerBoard;
}

/** The 13th Passenger data a game plays (Mods B and D); Mod A's characters join `abilities`. */
export interface PassengerBoard {
  readonly asteroidCards?: Readonly<Record<string, readonly TerrorEffect[]>>;
  readonly locations?: readonly string[];
  readonly engineering?: string;
  readonly sections?: Readonly<Record<string, { readonly discovered: readonly HuntEffect[]; readonly failed: readonly HuntEffect[]; readonly hidden: readonly HuntEffect[] }>>;
  readonly actions?: Readonly<Record<string, readonly HuntAction[]>>;
}

/** Mod D, hunting the alien (mods.ts): `at` is the lifeform's secret location until the hunt ends unfound. */
export interface HuntState {
  stage: 'wait' | 'search' | 'done';
  at: string | null;
  tokensAt: string | null;
  actions: HuntAction[];
  searched: { location: string; by: string }[];
  revealed: string[];
  found: boolean;
}

/** 13th Passenger state: the mods played, Mod B's face-down tokens (minutes left, how many strike, cards left), Mod D's hunt. */
export interface PassengerState {
  readonly mods: PassengerMod[];
  asteroids?: { minutes: number[]; strikes: number; cards: string[]; struck: string | null };
  hunt?: HuntState;
}

export interface Character {
  readonly id: string;
  owner: number;
  at: string;
  hidden: boolean;
  skill: boolean;
  survival: boolean;
  heat: boolean;
}

/** A security door on one corridor or tunnel; `half` after the android's first push (§MOVING THE ANDROID). */
export interface Door {
  readonly link: readonly [string, string];
  half: boolean;
}

/** How an attack started: from an adjacent chamber, out of a vent, or on a meeting in place. */
export interface AttackInfo {
  readonly chamber: string;
  readonly from: string | null;
  readonly how: 'adjacent' | 'vent' | 'meet' | 'force' | 'breach';
  /** Crew seats that may still react, and which reactions were already played in this attack. */
  waiting: number[];
  /** A crew reaction waiting for the lifeform's answer. */
  pending: { seat: number; card: string; character: string; reaction: CrewReaction; to: string[] } | null;
  saved: string[];
  cancelled: boolean;
}

/** What the game waits for, top of the stack first (ARCHITECTURE.md "Whose move it is"). */
export type Task =
  | { k: 'pick' }
  | { k: 'outage'; placed: string[] }
  | { k: 'image'; left: number }
  | { k: 'calibrate' }
  | { k: 'setupTerror' }
  | { k: 'decide'; seat: number }
  | { k: 'turn'; seat: number; stage: 'collect' | 'activity'; collected: string[] }
  | { k: 'discard'; seat: number }
  /** `evolved`: no evolution token may be added (one was, or the row is not a card's). */
  | { k: 'row'; seat: number; side: 'crew' | 'lifeform'; icons: string[]; done: boolean[]; moved: string[]; by: string | null; evolved?: true }
  | { k: 'more'; seat: number; side: 'crew' | 'lifeform'; action: 'move2' | 'run' | 'moveTwice' | 'move3'; who: string; used: string[]; left: number; path: string[] }
  | { k: 'attack'; a: AttackInfo }
  | { k: 'noise'; victims: string[] }
  | { k: 'panic'; left: string[] }
  | { k: 'control'; seat: number }
  | { k: 'ghosts'; chamber: string; left: number[] }
  | { k: 'relocate'; image: number }
  | { k: 'stowaway' }
  | { k: 'lifeformTurn' }
  | { k: 'androidMove' }
  | { k: 'token'; kind: 'outage' | 'terror'; optional: boolean }
  | { k: 'outageRemove'; seat: number }
  | { k: 'outageMove'; seat: number }
  | { k: 'thirdImage' }
  | { k: 'missionReturn' }
  | { k: 'lfDiscard' }
  | { k: 'removeGhost' }
  | { k: 'strip'; left: number }
  | { k: 'agree'; seats: number[]; purpose?: 'launch' | 'cancel'; item?: string }
  | { k: 'refill' }
  | { k: 'catPlace'; seat: number }
  | { k: 'share'; left: number }
  | { k: 'lfPick'; cards: string[] }
  | { k: 'evolution'; pair: string[] }
  /** 13th Passenger: Mod B's token on a minute reached (resolves by itself), Mod D's hiding, reveal, search and kill. */
  | { k: 'asteroid'; minute: number }
  | { k: 'huntHide' }
  | { k: 'huntReveal' }
  | { k: 'huntSearch'; halon: boolean }
  | { k: 'huntKill' }
  | { k: 'fight' };

export interface Outcome {
  readonly winner: 'crew' | 'lifeform';
  readonly reason: string;
  readonly ending: 'a' | 'b' | 'c' | null;
}

/** §SHOWDOWN STAGE: the crew pool, hostility tokens, the kept stowaway card and the fight in progress. */
export interface ShowdownState {
  readonly ending: 'b' | 'c';
  pool: { remora: boolean; halon: number };
  tokens: number;
  keep: string | null;
  last: number | null;
  out: number[];
  fight: {
    target: number;
    card: string | null;
    tokens: number;
    stowaway: boolean;
    remaining: string[];
    spare: number;
    cancelTried: boolean;
    stage: 'card' | 'cancel' | 'trim' | 'match';
    /** Rules 2: the target said it is done matching; the fight waits for the helpers still open. */
    done?: boolean;
    /** Rules 2: other seats that may still match on the target's behalf (surplus character, cat, SIS-TER data). */
    helpers?: number[];
  } | null;
}

export interface LifeformState {
  readonly v: 1;
  /** The rules version this game plays by (index.ts): absent in games created under rules 1. */
  readonly rules?: number;
  readonly board: Board;
  readonly seats: number;
  readonly lifeformSeat: number;
  /** Crew seats in turn order, starting left of the lifeform (§1 CREW ACTIVITY PHASE). */
  readonly crewSeats: readonly number[];
  round: number;
  /** Index into `crewSeats` of the crew turn in progress. */
  turnIndex: number;
  phase: 'setup' | 'crew' | 'android' | 'lifeform' | 'showdown' | 'over';
  stack: Task[];
  /** Three disks offered to each crew seat, and the secret pick until everyone picked (§SETUP). */
  offers: Record<string, string[]>;
  picks: Record<string, string[] | null>;
  characters: Character[];
  dead: string[];
  /** Seats whose characters are gone and who took the cat or SIS-TER (not played yet): they pass. */
  roles: Record<string, 'cat' | 'sister'>;
  hands: Record<string, string[]>;
  crewDeck: string[];
  crewDiscard: string[];
  lfHand: string[];
  lfDeck: string[];
  lfDiscard: string[];
  terrorDeck: string[];
  terrorDiscard: string[];
  /** Chamber of each of the three lifeform images, `null` when off the ship. */
  images: (string | null)[];
  /** Index of the real lifeform among `images` (secret: the lifeform seat only). */
  real: number | null;
  mission: Record<string, number>;
  missionPool: number;
  outages: string[];
  outagePool: number;
  terrors: string[];
  terrorPool: number;
  door: Door | null;
  loadout: Record<string, number>;
  overheating: number;
  flamethrowerTaken: boolean;
  laser: 'board' | 'taken' | 'gone';
  sd: number;
  malfunction: number;
  androidStatus: number;
  cocoon: number;
  hostility: number;
  android: { state: 'inactive' | 'active' | 'destroyed'; at: string | null; deviation: boolean };
  vents: number;
  lifeformSurvival: string | null;
  hullBreach: string | null;
  /** The stowaway card the lifeform chose (secret until Ending B). */
  stowaway: string | null;
  stowawayToken: boolean;
  objectives: Record<string, string | null>;
  objectivesDone: string[];
  /** Data tokens per crew seat (§CIRCUIT BOARD), kept for the showdown. */
  data: Record<string, number>;
  /** Crew seats that already played a reaction in this lifeform activity phase. */
  reacted: number[];
  /** The active crew seat's bulkhead door, removed at the start of its next turn. */
  bulkheadBy: number | null;
  lastManAboard: boolean;
  showdown: ShowdownState | null;
  /** The ship's cat, when in play (2 players, or a seat that took the role); on the Remora it takes no further part. */
  cat: { at: string | null; moved: boolean; played: boolean; gone: boolean } | null;
  /** Role card supplies (face up) and their discards, regained through role board triggers. */
  roleCards: { cat: string[]; sister: string[]; catDiscard: string[]; sisterDiscard: string[] };
  roleBoards: Partial<Record<'cat' | 'sister', number[]>>;
  outcome: Outcome | null;
  /** Rules 2 with the pack's data tokens: the pool and each crew seat's tokens by icon (`data` keeps the counts). */
  dataPool?: string[];
  dataTokens?: Record<string, string[]>;
  /** Rules 2 with the game option `evolution` (§OPTIONAL: EVOLUTION TOKEN): pairs still on the cocoon track, tokens kept. */
  evolution?: { pairs: string[][]; held: string[] };
  /** 13th Passenger mods (game option `mods`): absent in games without them. */
  passenger?: PassengerState;
  /** Dragon's Domain (game option `mode=solo`, solo/): absent in multi-player games, so they replay unchanged. */
  solo?: SoloState;
}

/** Boards compiled from each pack object, by players and mods: sealed, so every game of that pack shares one. */
const compiled = new WeakMap<LifeformPack, Map<string, Board>>();

/**
 * Compiles the pack into the sealed board for a number of players. The same pack object, players and mods
 * give the same board object, so replaying a game's setup again costs nothing and its canonical JSON is
 * written once for every game that shares it.
 */
export function compileBoard(pack: LifeformPack, players: 2 | 3 | 4, mods: readonly PassengerMod[] = []): Board {
  const key = `${players}:${mods.join(',')}`;
  let byKey = compiled.get(pack);
  const known = byKey?.get(key);
  if (known) return known;
  const board = buildBoard(pack, players, mods);
  if (!byKey) compiled.set(pack, (byKey = new Map()));
  byKey.set(key, board);
  return board;
}

function buildBoard(pack: LifeformPack, players: 2 | 3 | 4, mods: readonly PassengerMod[]): Board {
  const chambers: Record<string, ChamberInfo> = {};
  for (const c of pack.ship.chambers) {
    chambers[c.id] = { deck: c.deck, mission: c.mission, vent: c.vent, lifeformStart: c.lifeformStart, cocoon: c.cocoon, circuit: c.circuit, objective: c.objective, shielded: c.shielded };
  }
  chambers[REMORA] = { deck: 'remora', mission: 0, vent: false, lifeformStart: false, cocoon: false, circuit: false, objective: false, shielded: true };
  const crew: Record<string, CrewCardDef> = {};
  for (const c of pack.crew) crew[c.id] = { rows: c.rows, reaction: c.reaction, special: c.special };
  const lifeform: Record<string, LifeformCardDef> = {};
  for (const c of pack.lifeform.cards) lifeform[c.id] = { rows: c.rows, reaction: c.reaction };
  const side = players === 2 ? 'duo' : 'group';
  const board: Board = {
    chambers,
    order: [...pack.ship.chambers.map((c) => c.id), REMORA],
    corridors: pack.ship.corridors.map(([a, b]) => [a, b] as const),
    tunnels: pack.ship.tunnels.map(([a, b]) => [a, b] as const),
    places: pack.ship.places,
    androidPath: [...pack.ship.androidPath, REMORA],
    minutes: pack.game.selfDestruct.spaces.map((s) => s.minute),
    sdTerror: pack.game.selfDestruct.spaces.map((s) => s.terror),
    malfunction: pack.game.malfunction.spaces,
    androidRemove: pack.game.androidStatus.remove,
    cocoon: pack.game.cocoon[String(players) as '2' | '3' | '4'],
    hostility: pack.game.hostility.spaces,
    loadout: pack.game.loadout.map((c) => ({ id: c.id, spaces: c.spaces, minimum: c.minimum, overheating: c.overheating ?? c.minimum, compartments: c.compartments ?? [] })),
    handLimit: pack.game.handLimit,
    crew,
    lifeform,
    terror: Object.fromEntries(pack.terror.map((t) => [t.id, t.effects])),
    objectives: Object.fromEntries(pack.objectives.map((o) => [o.id, { chamber: o.chamber, decide: o.decide.map((d) => d.effects) }])),
    stowaways: Object.fromEntries(pack.stowaways.map((s) => [s.id, { min: s.min, max: s.max, keep: s.keep, showdown: s.showdown }])),
    showdown: Object.fromEntries([...pack.crew, ...pack.lifeform.cards].map((c) => [c.id, c.showdown])),
    abilities: Object.fromEntries(charactersOf(pack, mods).map((c) => [c.id, { skill: c.sides[side].skill.effect, survival: c.sides[side].survival.effect }])),
    miningLaser: pack.crew.find((c) => c.special === 'miningLaser')?.id ?? '',
    flamethrower: pack.crew.find((c) => c.special === 'flamethrower')?.id ?? '',
    roles: {
      cat: { tracks: pack.roles.cat.board.tracks, cards: Object.fromEntries(pack.roles.cat.cards.map((c) => [c.id, c.icons])) },
      sister: { tracks: pack.roles.sister.board.tracks, cards: Object.fromEntries(pack.roles.sister.cards.map((c) => [c.id, c.icons])) },
    },
    ...(pack.game.dataTokens ? { dataTokens: pack.game.dataTokens } : {}),
    ...(passengerBoard(pack, mods) ? { passenger: passengerBoard(pack, mods) } : {}),
  };
  return sealedCopy(board);
}

/** The characters whose disks a game offers: Mod A adds the pack's new survivors. */
export const charactersOf = (pack: LifeformPack, mods: readonly PassengerMod[]): LifeformPack['characters'] => [
  ...pack.characters,
  ...(mods.includes('survivors') ? (pack.expansions?.passenger?.survivors ?? []) : []),
];

function passengerBoard(pack: LifeformPack, mods: readonly PassengerMod[]): PassengerBoard | undefined {
  const p = pack.expansions?.passenger;
  if (!p) return undefined;
  const out: { -readonly [K in keyof PassengerBoard]: PassengerBoard[K] } = {};
  if (mods.includes('asteroids') && p.asteroids) out.asteroidCards = Object.fromEntries(p.asteroids.cards.map((c) => [c.id, c.effects]));
  if (mods.includes('hunt') && p.shuttlecraft) {
    out.locations = p.shuttlecraft.locations.map((l) => l.id);
    out.engineering = p.shuttlecraft.locations.find((l) => l.engineering)?.id ?? '';
    out.sections = Object.fromEntries(p.shuttlecraft.locations.map((l) => [l.id, { discovered: l.discovered.effects, failed: l.failed.effects, hidden: l.hidden.effects }]));
    out.actions = p.shuttlecraft.actions;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The rules version of a game (absent: 1). */
export const rulesOf = (s: LifeformState): number => s.rules ?? 1;

/** The card id of a card instance (`dash.2` → `dash`). */
export const cardOf = (instance: string): string => instance.slice(0, instance.lastIndexOf('.'));
