/**
 * Dragon's Domain (solo): the plain data of the SHUTTLE CONFLICT (issue 20). The starship stage builds a
 * {@link ConflictInput} when the Remora launches with a DANGER stowaway; `conflict.ts` runs the hibernation
 * sequence and the rounds over a {@link ConflictState}. Everything is JSON (it lives in the stored state).
 *
 * Stability: other modules read this file; changes after the first commit are additive only.
 */

/** The four fight icons a combat token or a trait token shows (never the harpoon). */
export const fightIcons = ['claw', 'bite', 'tail', 'acid'] as const;
export type FightIcon = (typeof fightIcons)[number];

/** A conflict resolution container chit (§SEARCH LOCKER, §ACTIVATE AIRLOCK). */
export type Chit = 'alive' | 'killed';

/**
 * A data token of the personal supply. `icon` is its showdown icon (game.yaml `dataTokens`); null when the
 * pack's data tokens carry none (then it matches any two identical fight icons).
 */
export interface DataToken {
  readonly icon: FightIcon | null;
}

/** What the starship stage hands over when the Remora launches (§LAUNCHING THE REMORA, §SHUTTLE CONFLICT). */
export interface ConflictInput {
  /** Loadout, halon gas column: compartments (not spaces) fully covered by mission tokens (hibernation step 4). */
  readonly halonCompartments: number;
  /** Loadout, improvised weaponry column: the number printed left of the highest mission token; 0 when empty (step 5). */
  readonly weaponryDraw: number;
  /** The attack-1 combat tokens still on the energy cells column, as indices into the pack's `attackTokens.attack1` (step 2). */
  readonly energyAttack1: readonly number[];
  /** The attack-5 combat token is on the Remora (taken from the cocoon track) (step 3). */
  readonly remoraAttack5: boolean;
  /** Used trait tokens on the Remora, by trait id (step 3). */
  readonly remoraTraits: readonly string[];
  /** Unused trait tokens still on the control screen, by trait id (§DEFEAT LIFEFORM ATTACK: one icon each). */
  readonly unusedTraits: readonly string[];
  /** The crew hand: card instance ids as the base game stores them (`<card id>.<copy>`). */
  readonly hand: readonly string[];
  /** The crew deck, top first, and its discard pile (cards drawn at step 5 and by SEARCH LOCKER). */
  readonly deck: readonly string[];
  readonly discard: readonly string[];
  /** Personal supply (§TOKEN REFERENCE); other solo tokens play no part in the conflict. */
  readonly supply: {
    readonly survival: number;
    readonly fireExtinguisher: number;
    readonly weldingTorch: number;
    readonly harpoon: number;
  };
  /** Data tokens of the personal supply, including the one that satisfied the xeno data objective. */
  readonly data: readonly DataToken[];
  /** Index in `data` of the token that satisfied the objective (returned at step 1); null: none kept. */
  readonly objectiveData: number | null;
  /** A survival token lies on the airlock space (placed by a crisis card). */
  readonly airlockSurvival: boolean;
  /** The conflict resolution container's chits. */
  readonly container: { readonly alive: number; readonly killed: number };
  /** Still-alive chits outside the container that SEARCH LOCKER may add (the rules' "if available"). */
  readonly spareAlive: number;
  /** Mod C: the Remora's extra combat zone (CONFRONT, or a HUNT guessed wrong); absent otherwise. */
  readonly extraZone?: ExtraZoneInput;
  /**
   * Mod C (rules 4): crisis cards kept in the hand as action cards (instances, not crew cards). They stay in
   * the hand with no showdown icon, so they match nothing but count toward the hand limit; one discarded
   * leaves the game. Absent: none.
   */
  readonly kept?: readonly string[];
}

/** Mod C, the hidden-lifeform combat zone: its two printed combat icons, the random combat tokens added, a survival token in it. */
export interface ExtraZoneInput {
  readonly icons: readonly FightIcon[];
  readonly tokens: readonly (readonly FightIcon[])[];
  readonly survival: boolean;
}

/** A combat token on the shuttle conflict board, face up. `icons` are its current fight icons. */
export type CombatToken =
  | { readonly kind: 'attack1'; readonly index: number; readonly icons: readonly FightIcon[] }
  | { readonly kind: 'attack5'; readonly icons: readonly FightIcon[] }
  | { readonly kind: 'trait'; readonly id: string; readonly icons: readonly FightIcon[] }
  /** Mod C: the Remora zone's printed icons (`printed`) or a random combat token added to it. */
  | { readonly kind: 'remora'; readonly printed: boolean; readonly icons: readonly FightIcon[] };

/**
 * How a player pays for DEFEAT LIFEFORM ATTACK in one command: the crew cards played, and the tokens
 * discarded. Every field is optional; an empty payment matches nothing.
 */
export interface Payment {
  /** Crew card instance ids from the hand (each showdown icon matches one; a harpoon icon auto-matches up to 3). */
  readonly cards?: readonly string[];
  /** Discard one fire extinguisher token first: every fight icon of the zone becomes this icon. */
  readonly extinguisher?: FightIcon;
  /** Unused trait token ids (one fight icon each). */
  readonly traits?: readonly string[];
  /** Welding torch tokens (one fight icon each). */
  readonly torches?: number;
  /** Harpoon tokens (one fight icon each). */
  readonly harpoons?: number;
  /** Data tokens by icon (null: an iconless token); each matches two identical fight icons, never one. */
  readonly data?: readonly (FightIcon | null)[];
}

/** The commands of the conflict. `zone` is 0 for the primary zone, then the secondary zones. */
export type ConflictCommand =
  | { readonly type: 'conflictAttack'; readonly args: { readonly zone: number; readonly pay: Payment } }
  | { readonly type: 'conflictHalon'; readonly args: { readonly zone: number } }
  | { readonly type: 'conflictAirlock'; readonly args: { readonly zone: number } }
  | { readonly type: 'conflictLocker'; readonly args: { readonly survival: number } }
  | { readonly type: 'conflictDiscard'; readonly args: { readonly card: string } }
  | { readonly type: 'conflictGiveUp'; readonly args: Record<string, never> };

export type ConflictCommandType = ConflictCommand['type'];

/** Why the conflict ended. */
export type ConflictEndReason =
  | 'cleared' // every combat zone clear at the end of a round
  | 'gaveUp' // the player chose to give up (an attack they could not pay)
  | 'cannotClear' // no attack can be paid and no other action clears a zone
  | 'airlockKilled' // ACTIVATE AIRLOCK drew a killed chit
  | 'lockerKilled' // SEARCH LOCKER drew a killed chit
  | 'zoneKilled'; // Mod C: the chit drawn for the survival token in the hidden-lifeform zone was killed

export interface ConflictOutcome {
  readonly result: 'won' | 'lost';
  readonly reason: ConflictEndReason;
}

/** Tokens and chits out of play (returned to the token pool / discarded), kept to prove nothing is lost. */
export interface ConflictPool {
  survival: number;
  fireExtinguisher: number;
  weldingTorch: number;
  harpoon: number;
  halon: number;
  data: (FightIcon | null)[];
  traits: string[];
  /** Combat tokens removed from the board. */
  cleared: CombatToken[];
  /** Chits drawn from the container. */
  chits: Chit[];
  /** Mod C: kept crisis cards discarded (out of the game, never into the crew discard pile). */
  kept?: string[];
}

/** The conflict as it stands; plain JSON, changed only by `applyConflict`. */
export interface ConflictState {
  /** Zone 0 is the primary zone; the secondary zones follow. */
  zones: CombatToken[][];
  hand: string[];
  deck: string[];
  discard: string[];
  supply: { survival: number; fireExtinguisher: number; weldingTorch: number; harpoon: number; halon: number };
  data: (FightIcon | null)[];
  traits: string[];
  airlock: { used: boolean; survival: boolean };
  locker: { used: boolean };
  container: { alive: number; killed: number };
  spareAlive: number;
  pool: ConflictPool;
  handLimit: number;
  /** Cards the player still has to discard for the hand limit before anything else. */
  mustDiscard: number;
  /** Rounds completed. */
  round: number;
  outcome: ConflictOutcome | null;
  /** The showdown icons of every crew card id in play (copied from the pack at the start, so play needs no pack). */
  cardIcons: Record<string, readonly string[]>;
  /** Mod C: the hidden-lifeform combat zone (the last zone) and whether a survival token lies in it. */
  extra?: { zone: number; survival: boolean };
  /** Mod C: the kept crisis cards still in the hand (no showdown icons); absent when there are none. */
  kept?: string[];
}

/** What happened, for the log (codes under `lifeform-conflict:`; no hidden card is named). */
export interface ConflictEvent {
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number | boolean>>;
}

/** The result of a command: the new state and its events, or a refusal (nothing applied). */
export type ConflictResult =
  | { readonly ok: true; readonly state: ConflictState; readonly events: readonly ConflictEvent[]; readonly revealed: boolean }
  | { readonly ok: false; readonly error: { readonly code: string; readonly params?: Readonly<Record<string, string | number | boolean>> } };

/** The slice of the pack the conflict reads (the base crew cards and `solo.yaml`); a narrowed LifeformPack fits. */
export interface ConflictPack {
  readonly crew: readonly { readonly id: string; readonly name: { readonly en: string; readonly es: string }; readonly showdown: readonly string[] }[];
  readonly solo: {
    readonly setup: { readonly handLimit: number };
    readonly traits: readonly { readonly id: string; readonly name: { readonly en: string; readonly es: string }; readonly fight: readonly FightIcon[] }[];
    readonly attackTokens: { readonly attack1: readonly (readonly FightIcon[])[]; readonly attack5: readonly FightIcon[] };
    readonly conflict: { readonly secondaryZones: number; readonly zones: readonly { readonly en: string; readonly es: string }[] };
  };
}

/**
 * What the table may see of the conflict: the board, the supply and the counts. The hand's cards and the
 * deck's order are the player's secrets (ARCHITECTURE.md "Views and secrets"); only their sizes show.
 */
export interface ConflictPublicView {
  readonly zones: readonly (readonly CombatToken[])[];
  readonly handSize: number;
  readonly deckSize: number;
  readonly discard: readonly string[];
  readonly supply: ConflictState['supply'];
  readonly data: readonly (FightIcon | null)[];
  readonly traits: number;
  readonly airlock: ConflictState['airlock'];
  readonly locker: ConflictState['locker'];
  readonly container: ConflictState['container'];
  readonly mustDiscard: number;
  readonly round: number;
  readonly outcome: ConflictOutcome | null;
  /** Mod C: the hidden-lifeform combat zone, when in play. */
  readonly extra?: { readonly zone: number; readonly survival: boolean };
}
