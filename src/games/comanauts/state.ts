import type { ComanautsPack, DieKind, Effect, PackPage } from './content.ts';

/** Rules §Equipment Slots: five slots on every player sheet. */
export const slotNames = ['head', 'body', 'hand', 'handAccessory', 'accessory'] as const;
export type SlotName = (typeof slotNames)[number];
export type Equipment = Record<SlotName, string | null>;

export interface Place {
  readonly space: string;
  readonly spot: number;
}

export interface AvatarState {
  readonly card: string;
  readonly life: number;
  readonly statuses: readonly string[];
  readonly suspicious: boolean;
  /** On the map, or `null` while in the Morass. */
  readonly place: Place | null;
}

export interface PlayerState {
  readonly seat: number;
  /** Avatar cards on the sheet, in order; those after `current` are face down. */
  readonly avatarCards: readonly string[];
  readonly current: number;
  readonly avatar: AvatarState;
  readonly clarity: number;
  readonly stored: string | null;
  /** Rules 2: the round in which the player reserved the stored die herself (usable from her next turn on). */
  readonly storedAt?: number;
  readonly equipment: Equipment;
  readonly inventory: readonly string[];
  readonly defaultStatus: string;
  readonly defaultActive: boolean;
  readonly sentToMorass: number;
}

export interface EnemyState {
  readonly uid: string;
  readonly card: string;
  readonly place: Place;
  /** Life-force tokens on the Prime I.D. (Rules §Encountering the Prime I.D. Entity); null for others. */
  readonly life: number | null;
}

export interface TrackDie {
  readonly die: string;
  readonly face: number | null;
}

/** Where dice rest. Every die is in exactly one of these lists (the conservation property). */
export interface DiceState {
  readonly kinds: Readonly<Record<string, DieKind>>;
  readonly bag: readonly string[];
  readonly discard: readonly string[];
  readonly hand: readonly string[];
  readonly threat: readonly TrackDie[];
  readonly group: readonly TrackDie[];
  readonly child: TrackDie | null;
  readonly onCards: readonly string[];
}

export type VitalCard = 'stable' | 'critical' | 'flatline';

/** Why the game is waiting on someone other than the turn holder's free play. */
export interface PromptState {
  readonly seat: number;
  readonly kind: PromptKind;
  readonly options: readonly string[];
  /** Extra parameters for the question's text (e.g. the attack strength). */
  readonly params: Readonly<Record<string, string | number>>;
}

/** Every question the rules may put to a seat (each has a `comanauts.question.<kind>` text). */
export const promptKinds = [
  'morassReturn',
  'avatarSpot',
  'returnHostile',
  'enemyGoal',
  'enemyEnd',
  'enemySpot',
  'enemyTarget',
  'defend',
  'reroll',
  'gainItem',
  'spreadEnemies',
  'chooseAvatar',
  'bookChoice',
  'bookTarget',
  'skillDice',
  'chooseDoor',
  'clueShare',
  'chooseTotem',
  'nexusVote',
  'nexusTie',
] as const;

export type PromptKind = (typeof promptKinds)[number];

export type RollPurpose =
  | { readonly kind: 'melee' | 'ranged'; readonly enemy: string }
  | { readonly kind: 'search'; readonly item: string }
  | { readonly kind: 'skill'; readonly test: string }
  | { readonly kind: 'status'; readonly seat: number; readonly status: string }
  | { readonly kind: 'environment'; readonly card: string };

/** Work still to resolve, in order; the first item runs until it needs an answer (a prompt). */
export type Work =
  | { readonly k: 'startTurn'; readonly morassChoice?: string; readonly spot?: number }
  | { readonly k: 'afterClarity' }
  | { readonly k: 'placeThreat'; readonly choice?: string }
  | { readonly k: 'placeChild' }
  | { readonly k: 'endTurn' }
  | { readonly k: 'checkThreat' }
  | { readonly k: 'enemyTurn' }
  | {
      readonly k: 'activate';
      readonly enemy: string;
      readonly face?: number;
      readonly goal?: string;
      readonly end?: string;
      readonly moved?: boolean;
      readonly spot?: number;
      readonly target?: number;
    }
  | { readonly k: 'enemyTurnEnd' }
  | { readonly k: 'safeTail' }
  | {
      readonly k: 'attack';
      readonly seat: number;
      readonly strength: number;
      readonly status?: string;
      readonly defend?: boolean;
      /** Rules 2: the defence die's face once rolled, and the answer to the re-roll prompt (Rules §Re-rolling). */
      readonly face?: number;
      readonly answer?: string;
    }
  | { readonly k: 'group'; readonly seat: number; readonly dice: readonly string[]; readonly faces: readonly number[]; readonly answer?: string }
  /** Rules 2: cards still to shuffle and deal (Rules §Generating an Encounter); `spread` names the start spaces taking one more. */
  | { readonly k: 'encounter'; readonly cards: readonly string[]; readonly spread?: string }
  | { readonly k: 'chooseAvatar'; readonly seat: number; readonly answer?: string }
  | { readonly k: 'morass'; readonly seat: number }
  /** A book effect; `seat` runs it as that player's (an item's or ability's user, a chosen target), `answer` holds a prompt's answer. */
  | { readonly k: 'effect'; readonly effect: Effect; readonly key?: string; readonly seat?: number; readonly answer?: string }
  /** Rules §Skill Test: a test the book makes the current player take now (`skillTest` effect); `answer` is the dice count. */
  | { readonly k: 'bookTest'; readonly test: string; readonly answer?: string }
  | { readonly k: 'roll'; readonly seat: number; readonly dice: readonly string[]; readonly faces: readonly number[]; readonly purpose: RollPurpose; readonly answer?: string }
  | { readonly k: 'gainItem'; readonly seat: number; readonly item: string; readonly answer?: string }
  | { readonly k: 'nextTurn' }
  /** Rules 4, §Clue Cards: the drawer reads the clue to the table or keeps it (`answer`). */
  | { readonly k: 'clueShare'; readonly seat: number; readonly clue: string; readonly answer?: string }
  /** Rules 4, §Totems: the drawer of a clue chooses a totem from the totem deck. */
  | { readonly k: 'chooseTotem'; readonly seat: number; readonly answer?: string }
  /** Rules 4, §The Nexus: each seat votes in turn from `from`; `votes` in seat order, `answer` the pending one, `tie` the bookkeeper's. */
  | { readonly k: 'nexus'; readonly votes: readonly string[]; readonly answer?: string; readonly tie?: string };

/** An environment card in play, copied from the pack (Rules §Skill Test, "Environment Cards"). */
export type EnvironmentCard = NonNullable<ComanautsPack['environment']>[number];

/** Rules 3: the adventure book's state of the current page (docs/comanauts-book.md). */
export interface PageBookState {
  /** Door tokens in play on this page, locked side up or not (Rules §Doors). */
  readonly doors: readonly { readonly id: string; readonly locked: boolean }[];
  /** Spaces holding an objective token. */
  readonly objectives: readonly string[];
  /** Spaces holding a fire token, once per token. */
  readonly fire: readonly string[];
  readonly environment: readonly EnvironmentCard[];
  /** Environment cards used this turn. */
  readonly used: readonly string[];
  /** Effects of `endOfTurn` environment cards, read at the end of this turn. */
  readonly atEnd: readonly { readonly card: string; readonly seat: number }[];
  /** The page's group task is open (a `closed` one opens by the `groupTask` effect). */
  readonly groupOpen: boolean;
  /** A `passTest` clarity ability is waiting for this turn's next skill test. */
  readonly passTest: boolean;
}

/** A clue card drawn (Rules §Clue Cards): who holds it and whether it was read to the table. */
export interface DrawnClue {
  readonly id: string;
  readonly seat: number;
  readonly read: boolean;
}

/**
 * Rules 4: the adventure around the pages (docs/comanauts-adventure.md), present when the pack has one.
 * `prime`, `stack` and `clueDeck` are secret: no view, picture, event or DM shows them.
 */
export interface AdventureState {
  /** The Nexus: comazones of the revealed I.D.s, in reveal order. */
  readonly nexus: readonly string[];
  readonly start: string;
  /** The comazone being played; '' while the party stands in the Nexus. */
  readonly comazone: string;
  readonly visited: readonly string[];
  /** I.D. ids in the face-down I.D. stack (every revealed one but the Prime). */
  readonly stack: readonly string[];
  /** The Prime I.D.'s id. */
  readonly prime: string;
  /** Clue ids still face down on the Prime, top first. */
  readonly clueDeck: readonly string[];
  readonly clues: readonly DrawnClue[];
  /** Totem item ids still in the totem deck. */
  readonly totemDeck: readonly string[];
  /** Enemy cards of the I.D.s put in play so far (the notebook), in order. */
  readonly encountered: readonly string[];
  /** The notebook: comazones and I.D.s (by enemy card) known not to hold the Prime (Rules §The Nexus). */
  readonly ruledOut: { readonly comazones: readonly string[]; readonly enemies: readonly string[] };
  /** I.D. ids defeated (the campaign's stickers). */
  readonly defeatedIds: readonly string[];
  /** I.D. ids left out at setup because a campaign stickered them. */
  readonly stickered: readonly string[];
  /** Game option: clue cards are read to the table at once. */
  readonly cluesPublic: boolean;
}

export interface Catalogue {
  readonly items: ComanautsPack['items'];
  readonly avatars: ComanautsPack['avatars'];
  readonly enemies: ComanautsPack['enemies'];
  readonly statuses: ComanautsPack['statuses'];
}

export type Phase = 'draw' | 'clarity' | 'actions' | 'resolving' | 'over';

export interface ComanautsState {
  readonly v: 1;
  /**
   * The rules this game plays by (see `rulesOf` in rules.ts): absent in games set up by rules version 1,
   * which keep their old behaviour so their logs replay unchanged; 2 from issue 18 on.
   */
  readonly rules?: number;
  readonly seats: number;
  readonly seatNames: readonly string[];
  readonly catalogue: Catalogue;
  readonly page: PackPage;
  readonly active: number;
  readonly bookkeeper: number;
  readonly round: number;
  readonly phase: Phase;
  readonly situation: 'safe' | 'hostile';
  readonly dice: DiceState;
  readonly players: readonly PlayerState[];
  readonly enemies: readonly EnemyState[];
  /** Enemy slots on the sideboard, top first (Rules §Generating an Encounter). */
  readonly slots: readonly (string | null)[];
  readonly nextEnemy: number;
  /** Hostile cards defeated on this page, which may return (Rules §Place Threat). */
  readonly defeated: readonly string[];
  readonly vitalDeck: readonly VitalCard[];
  readonly vitalShown: readonly VitalCard[];
  readonly criticalSeenOnPage: boolean;
  readonly childStandee: string | null;
  readonly searchTokens: Readonly<Record<string, number>>;
  readonly exploredPoi: readonly string[];
  readonly triedTests: readonly string[];
  readonly insight: number;
  /** Rules §Insight Spot: spaces of this page holding an insight token (absent until one is placed). */
  readonly insightTokens?: readonly string[];
  readonly cluesRevealed: number;
  /** Rules 3: doors, objective and fire tokens, environment cards of this page (absent in older games). */
  readonly pageBook?: PageBookState;
  /** Rules 4: the adventure (absent in older games and with packs that have none). */
  readonly adventure?: AdventureState;
  /** Items no longer in the item deck (held by someone). */
  readonly itemsOut: readonly string[];
  readonly primeEntity: string;
  /** The page to turn to once this turn ends (Rules §Leaving a Page); `NEXUS` for the Nexus. */
  readonly turnToPage: string | null;
  readonly groupTaskDone: boolean;
  readonly work: readonly Work[];
  readonly prompt: PromptState | null;
  readonly outcome: { readonly phase: 'won' | 'lost'; readonly reason: string } | null;
}

