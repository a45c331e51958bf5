import { PALETTE, type CanvasRenderingContext2D, type DieColour } from '../../render/index.ts';

export type Text = { en: string; es: string };
export type Pt = [number, number];

/** The slice of the public view (view.ts `publicView`) the picture reads; nothing else reaches it. */
export interface TableView {
  page: {
    id: string;
    name: Text;
    size: { w: number; h: number };
    spaces: { id: string; name: Text; polygon: Pt[]; spots: Pt[]; symbols: string[] }[];
    lines: { between: [string, string]; kind: string; path: [Pt, Pt] }[];
    walls: [Pt, Pt][];
  };
  active: number;
  bookkeeper: number;
  round: number;
  phase: string;
  situation: 'safe' | 'hostile';
  outcome: { phase: string; reason: string } | null;
  dice: {
    bag: number;
    discard: string[];
    hand: string[];
    threat: { kind: string; face: number | null }[];
    group: { kind: string; face: number | null }[];
    child: number | null;
  };
  groupTask: { colour: string; target: number; done: boolean } | null;
  players: {
    seat: number;
    name: string;
    avatar: { card: string; name: Text | null; dieBonus: { colour: string; amount: number } | null };
    faceDownAvatars: number;
    life: number;
    clarity: number;
    stored: string | null;
    equipment: Record<string, { id: string; name: Text | null } | null>;
    inventory: { id: string; name: Text | null }[];
    statuses: { id: string; name: Text | null }[];
    defaultStatus: { id: string; active: boolean; name: Text | null };
    suspicious: boolean;
    place: 'morass' | { space: string; spot: number };
  }[];
  enemies: ({
    uid: string;
    name: Text | null;
    kind: string;
    defence: number;
    actions: { min: number; max: number; name: Text; speed: number; range: number; strength: number }[];
    life: number | null;
    place: { space: string; spot: number };
  } | null)[];
  morass: number[];
  childStandee: string | null;
  searchTokens: Record<string, number>;
  insight: number;
  /** Rules 3: doors, objective and fire tokens on the page (absent in older games). */
  pageBook?: { doors: { id: string; locked: boolean; between: string[] }[]; objectives: string[]; fire: string[] };
  /** Rules §Vital Signs: cards still face down and those shown so far (the deck's order stays hidden). */
  vitalSigns?: { left: number; shown: string[] };
}

export type Ctx = CanvasRenderingContext2D;
export type Tx = (t: Text | null | undefined, f?: string) => string;

/** Layout width in units; at Discord's 550 px preview the smallest type (16 units) is 11 px. */
export const WIDTH = 800;
/** Pixels per unit of the posted image (1600 px wide). */
export const DENSITY = 2;
export const MARGIN = 16;
export const GAP = 12;
export const CONTENT_W = WIDTH - 2 * MARGIN;
export const COLUMN_W = (CONTENT_W - GAP) / 2;
export const LINE = (size: number): number => size * 1.25;

export const SEATS = [PALETTE.orange, '#2fb5c9', '#d45bb0', '#9bc53d'];

export const DIE_OF: Record<string, DieColour> = {
  white: 'white',
  black: 'black',
  suspicious: 'blackRed',
  red: 'red',
  green: 'green',
  yellow: 'yellow',
  blue: 'blue',
  purple: 'purple',
  child: 'translucentBlue',
};

export const LABEL_KEYS = [
  'round', 'turn', 'bookkeeper', 'safe', 'hostile', 'group', 'child', 'threat', 'enemies', 'morass', 'discard', 'insight', 'bag', 'life', 'clarity', 'stored',
  'inventory', 'statuses', 'suspicious', 'backs', 'dotted', 'solidWhite', 'coloured', 'def', 'hand', 'won', 'lost', 'legend', 'empty', 'speed', 'range', 'strength',
  'total', 'vital', 'vitalLeft', 'slotsUsed', 'noEnemies', 'storedLegend', 'spotLegend', 'dice', 'equipped', 'stable', 'critical', 'flatline', 'noGroupTask', 'marks',
  'nexus', 'offered', 'visited', 'crossedOff', 'votes', 'notebook', 'notebookEmpty', 'met', 'clue', 'cluesHeld',
] as const;

export type Labels = Record<(typeof LABEL_KEYS)[number], string>;

/** Initials on a standee: the first letters of the first two words ("Wren the Mender" → "WT"). */
export function mark(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}
