import { PALETTE, type CanvasRenderingContext2D } from '../../render/index.ts';

/** A picture string in the reader's language (`lf.render.*`). */
export type Say = (code: string, params?: Record<string, unknown>) => string;

/** The view the Lifeform picture reads (view.ts `publicView`, or the lifeform seat's `viewFor`). */
export interface PublicLf {
  round: number;
  phase?: string;
  seatNames?: string[];
  lifeformSeat?: number;
  crewSeats?: number[];
  characters: { id: string; owner: number; at: string; hidden: boolean }[];
  images: { id: number; at: string | null }[];
  android: { state: string; at: string | null };
  mission: Record<string, number>;
  outages: string[];
  terrors: string[];
  door?: { link: [string, string]; half: boolean } | null;
  hullBreach: string | null;
  tracks: { selfDestruct: number; minute: number | null; malfunction: number; androidStatus: number; cocoon: number; hostility: number };
  loadout: Record<string, number>;
  cat?: { at: string | null; moved: boolean; played: boolean } | null;
  roles?: Record<string, 'cat' | 'sister'>;
  roleBoards?: Partial<Record<'cat' | 'sister', number[]>>;
  /** Rules 2: the stowaway token (with the lifeform or not yet), each crew seat's data tokens by icon, the evolution tokens. */
  stowawayToken?: boolean;
  dataTokens?: Record<string, string[]>;
  evolution?: { pairs: string[][]; held: string[] };
  /** 13th Passenger (mods.ts `passengerView`): never the hiding place before the hunt ended unfound. */
  passenger?: PassengerView | null;
  /** Only in the lifeform seat's own view (view.ts `viewFor`). */
  role?: 'lifeform' | 'crew';
  real?: number | null;
  stowaway?: string | null;
  hand?: string[];
}

/** The 13th Passenger as the public view carries it (mods.ts `passengerView`). */
export interface PassengerView {
  mods: string[];
  asteroids?: { minutes: number[]; struck: string | null };
  hunt?: { stage: 'wait' | 'search' | 'done'; tokensAt: string | null; actionsLeft: number; searched: { location: string; by: string }[]; revealed: string[]; found: boolean; at?: string };
}

/** One row of the panels under the decks (render-panels.ts). */
export interface Row {
  readonly text: string;
  readonly size: number;
  readonly bold?: boolean;
  readonly colour?: string;
  /** A coloured dot before the text (a player's colour). */
  readonly dot?: string;
  /** Space above the row (a new panel). */
  readonly gap?: number;
  /** The loadout columns are drawn in the gap above this row. */
  readonly loadoutAbove?: boolean;
  /** A drawing under the row's text (a board, a track), laid out at the panel's width. */
  readonly figure?: (width: number) => Figure;
}

/** A drawing in the panels: its height, and how to draw it with its top left corner at `at` and `at.w` wide. */
export interface Figure {
  readonly height: number;
  draw(ctx: CanvasRenderingContext2D, at: { x: number; y: number; w: number }): void;
}

/** Seat colours, distinct on a phone screen. */
export const SEAT_COLOURS: readonly string[] = [PALETTE.red, PALETTE.blue, PALETTE.green, PALETTE.orange];

/** Whether the view is the lifeform seat's own (it knows the real image): only then is it marked. */
export const isLifeformView = (v: PublicLf): boolean => v.role === 'lifeform' && typeof v.real === 'number';
