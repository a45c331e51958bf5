import type { CrisisEffect, MotionEffect, SoloObjective, SoloToken } from '../content-solo.ts';
import type { DeckId, LoadoutColumn } from '../content.ts';
import type { ConflictInput, ConflictState, FightIcon } from './conflict-types.ts';

/** A crisis option's cost item (content-solo.ts). */
export type CrisisCost = { readonly icon: string } | { readonly token: SoloToken } | { readonly loadout: LoadoutColumn };

/** The pack's solo section compiled once at setup and sealed (shared by every snapshot). */
export interface SoloDef {
  readonly start: string;
  readonly supplies: string | null;
  readonly handLimit: number;
  readonly launch: { readonly weaponry: number; readonly energy: number; readonly spacesuits: number; readonly coolantBelowOverheating: boolean };
  readonly fearSpaces: number;
  readonly areas: readonly { readonly id: string; readonly decks: readonly string[] }[];
  readonly traitFight: Readonly<Record<string, readonly string[]>>;
  readonly attack1: readonly (readonly string[])[];
  readonly attack5: readonly string[];
  readonly secondaryZones: number;
  readonly motion: Readonly<Record<string, { readonly effect: MotionEffect; readonly close: boolean; readonly next: readonly string[]; readonly back: string | null; readonly at: readonly [number, number] }>>;
  readonly motionOrder: readonly string[];
  readonly crisis: Readonly<Record<string, { readonly deck: DeckId; readonly options: readonly { readonly cost: readonly CrisisCost[]; readonly effects: readonly CrisisEffect[] }[] }>>;
  /** Data token icons (game.yaml `dataTokens`), or none. */
  readonly dataIcons: readonly string[];
  /** The container's chits at setup (SEARCH LOCKER adds still-alive chits out of the container "if available"). */
  readonly aliveChits: number;
  /** Mod C's Remora board (solo.yaml `remora` with expansions.yaml's shuttlecraft locations); absent without it. */
  readonly remora?: RemoraDef;
  /** Mod C: the crew icon of each crisis card that can be kept (by crisis id); absent without such cards. */
  readonly kept?: Readonly<Record<string, string>>;
}

/** Mod C (13th Passenger, SOLO CRISIS AND SEARCH): the Remora board as the rules read it. */
export interface RemoraDef {
  /** The shuttlecraft chambers, in board order (Mod D's five locations). */
  readonly chambers: readonly string[];
  readonly clamps: number;
  readonly manual: { readonly minutes: number; readonly alien: number; readonly times: number };
  readonly lifeSupport: readonly ('mission' | 'halon')[];
  readonly zone: readonly FightIcon[];
  readonly searchTokens: readonly (readonly FightIcon[])[];
}

/** Mod C's state (present only in games with `mods=search`, so other games' hashes never change). */
export interface SearchState {
  /** Remora chambers holding a token, in the order they got one. */
  chambers: string[];
  /** Docking clamps unlocked (0 … def.remora.clamps). */
  clamps: number;
  /** Life support spaces advanced (0 … the zones). */
  lifeSupport: number;
  /** Halon gas tokens from the life support zones (joining the conflict's blasts). */
  halon: number;
  /** MANUALLY UNLOCKING A DOCKING CLAMP done so far. */
  manual: number;
  /** A survival token lies in the hidden-lifeform combat zone. */
  survival: boolean;
  /** After the launch: the shuttlecraft chamber cards left (chambers without a token); null before. */
  cards: string[] | null;
  /** CONFRONT or HUNT, once chosen. */
  choice: 'confront' | 'hunt' | null;
  /** HUNT: the face-down card, drawn by the seeded chance. SECRET until `guess` is set (never in a view before). */
  hidden: string | null;
  guess: string | null;
}

/** Variants (§VARIANTS) a game plays, from the game options. */
export interface SoloVariants {
  readonly start: 'normal' | 'shaken' | 'tough';
  readonly isolation: boolean;
  readonly murderous: boolean;
  readonly withstand: boolean;
  readonly incinerator: boolean;
  readonly everyday: number;
  readonly bell: number;
  /** HAZARDOUS ENVIRONMENT: the deck whose hull breach chamber (solo.yaml `hazardousEnvironment`) was breached at setup; absent when not played. */
  readonly hazard?: DeckId;
  /** "YOU ARE BECOMING HYSTERICAL": the player steers the android towards their own character; absent when not played. */
  readonly hysterical?: true;
}

/** What the solo game waits for or still has to do, top of the stack last. */
export type SoloTask =
  | { k: 'character' }
  | { k: 'collect' }
  | { k: 'draw' }
  | { k: 'activity' }
  | { k: 'row'; card: string; icons: string[]; done: boolean[] }
  | { k: 'discard'; n: number; why: 'limit' | 'crisis' | 'survival' }
  | { k: 'repercussions'; from: string }
  | { k: 'endRound' }
  | { k: 'android' }
  | { k: 'crisis'; card: string }
  | { k: 'drawCrisis' }
  | { k: 'pay'; card: string; option: number; left: string[] }
  | { k: 'effects'; card: string; option: number; i: number }
  | { k: 'reduce'; what: 'alien' | 'sd'; n: number }
  | { k: 'advance'; n: number }
  | { k: 'path'; n: number }
  | { k: 'sd'; n: number }
  | { k: 'proximity'; surplus: number }
  | { k: 'terrorMeet'; chamber: string }
  | { k: 'vent' }
  | { k: 'stowawayOrEnergy' }
  | { k: 'strip'; left: number }
  | { k: 'keep'; cards: string[] }
  | { k: 'side'; cards: string[] }
  /** Rules 3: a loadout space's REMOVE / MOVE A POWER OUTAGE bonus, asked of the player. */
  | { k: 'outageBonus'; what: 'remove' | 'move' }
  /** "YOU ARE BECOMING HYSTERICAL": the player picks the android's step (several bring it closer), then the end of its phase. */
  | { k: 'androidMove' }
  | { k: 'androidEnd' }
  /** The shuttle conflict (conflict.ts, another module): what the launch handed over. */
  | { k: 'conflict'; input: ConflictInput }
  /** Mod C: where a life support zone's spare mission token goes (a loadout column). */
  | { k: 'spare' }
  /** Mod C, post-launch shuttlecraft phase: CONFRONT or HUNT. */
  | { k: 'shuttle' }
  /** Mod C, HUNT: the player names the chamber the lifeform hides in. */
  | { k: 'guess' };

export type Chit = 'alive' | 'killed';

/** The solo part of a Lifeform state (absent in multi-player games, so their hashes never change). */
export interface SoloState {
  readonly def: SoloDef;
  readonly variants: SoloVariants;
  stack: SoloTask[];
  character: string | null;
  motion: string;
  nerve: number;
  /** Terror tokens on the fear track (they fill from the left). */
  fear: number;
  /** Trait tokens by area (same order as `def.areas`): the trait id (secret while unused), used or not, gone when spent on a draw. */
  traits: { area: string; id: string; state: 'ready' | 'remora' | 'gone' }[];
  tokens: Record<SoloToken, number>;
  /** The icons of the data tokens held (empty strings when the pack has no data token icons). */
  data: string[];
  objectives: Record<SoloObjective | 'data', boolean>;
  container: { alive: number; killed: number };
  killedChits: string[];
  cocoonChits: Record<string, Chit>;
  cocoonAttack5: boolean;
  /** The face-down attack-1 token (index into `def.attack1`) on each energy column space, or null. */
  energyAttack: (number | null)[];
  remora: { stowaways: ('safe' | 'danger')[]; attack5: boolean; traits: string[] };
  stowawaySupply: ('safe' | 'danger')[];
  crisisDecks: Record<DeckId, string[]>;
  harpoons: string[];
  /** Vent tokens placed by the self-destruct track (chambers made vent chambers). */
  vents: string[];
  heat: number;
  impervious: boolean;
  airlock: boolean;
  /** Where the character began the activity (§STEP 4). */
  startedIn: string;
  lost: string | null;
  /** "YOU ARE BECOMING HYSTERICAL": the android phases played while it was active (its first one draws no chit). */
  hysteria?: { turns: number };
  /** The shuttle conflict under way (conflict.ts), once the Remora launched with a DANGER stowaway. */
  conflict?: ConflictState;
  /** Mod C (`mods=search`): the Remora board (remora.ts, shuttlecraft.ts). */
  search?: SearchState;
}
