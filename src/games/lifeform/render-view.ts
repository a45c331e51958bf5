import { PALETTE } from '../../render/palette.ts';

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
  /** Only in the lifeform seat's own view (view.ts `viewFor`). */
  role?: 'lifeform' | 'crew';
  real?: number | null;
  stowaway?: string | null;
  hand?: string[];
}

/** Seat colours, distinct on a phone screen. */
export const SEAT_COLOURS: readonly string[] = [PALETTE.red, PALETTE.blue, PALETTE.green, PALETTE.orange];

/** Whether the view is the lifeform seat's own (it knows the real image): only then is it marked. */
export const isLifeformView = (v: PublicLf): boolean => v.role === 'lifeform' && typeof v.real === 'number';
