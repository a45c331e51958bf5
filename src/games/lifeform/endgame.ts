import { sdMinute, sdReached } from './board.ts';
import { end, tell, queue, type Cx } from './flow.ts';
import { startShowdown } from './showdown.ts';
import { REMORA, type LifeformState } from './state.ts';

/** How many tokens a loadout column needs before launch (§LAUNCH THE REMORA SEQUENCE). */
export function loadoutNeed(s: LifeformState, column: string): number {
  const col = s.board.loadout.find((c) => c.id === column);
  if (!col) return 0;
  if (column === 'spacesuits') return s.characters.filter((c) => c.at === REMORA).length;
  if (column === 'halon') return 0;
  if (column === 'coolant' && s.seats === 2) return s.overheating;
  return col.minimum;
}

/**
 * §LAUNCH THE REMORA SEQUENCE criteria: a character aboard, every secret objective done, the loadout
 * prepared; leaving characters behind only from the 9 minute mark (§ENDING C).
 */
export function launchReady(s: LifeformState): boolean {
  const aboard = s.characters.filter((c) => c.at === REMORA);
  if (aboard.length === 0 || s.outcome) return false;
  const open = Object.values(s.objectives).filter((o): o is string => o !== null && (s.board.objectives[o]?.chamber ?? null) !== null && !s.objectivesDone.includes(o));
  if (open.length > 0) return false;
  if (s.board.loadout.some((c) => (s.loadout[c.id] ?? 0) < loadoutNeed(s, c.id))) return false;
  if (s.cat !== null && !s.cat.gone && s.cat.at !== REMORA) return false;
  const left = s.characters.length - aboard.length;
  return left === 0 || sdReached(s, 9);
}

/** The seats that must agree: every other crew member with a character aboard. */
export function launchVoters(s: LifeformState, seat: number): number[] {
  return [...new Set(s.characters.filter((c) => c.at === REMORA && c.owner !== seat).map((c) => c.owner))];
}

export function proposeLaunch(cx: Cx, seat: number): void {
  const voters = launchVoters(cx.s, seat);
  tell(cx, 'launch.proposed', { seat });
  if (voters.length === 0) launch(cx);
  else queue(cx, { k: 'agree', seats: voters, purpose: 'launch' });
}

/** §ENDING A, B and C; B with a right guess and C lead to the showdown stage (showdown.ts). */
export function launch(cx: Cx): void {
  const s = cx.s;
  const left = s.characters.filter((c) => c.at !== REMORA);
  tell(cx, 'launch.done', { minute: sdMinute(s) });
  if (left.length === 0 && !s.lastManAboard) {
    if (!sdReached(s, 9)) {
      end(cx, 'crew', 'endingA', 'a');
      return;
    }
    const card = s.stowaway === null ? null : s.board.stowaways[s.stowaway];
    const minute = sdMinute(s);
    const within = (m: number): boolean => card !== null && card !== undefined && m >= card.min && m <= card.max;
    const guessed = within(minute) || (s.stowawayToken && (within(minute - 1) || within(minute + 1)));
    cx.revealed = true;
    tell(cx, 'ending.stowaway', { stowawayKey: `stowaway.${s.stowaway ?? ''}.name`, minute, guessed });
    if (!guessed) {
      end(cx, 'crew', 'endingB', 'b');
      return;
    }
    startShowdown(cx, 'b', card?.keep ? s.stowaway : null);
    return;
  }
  startShowdown(cx, 'c', null);
  queue(cx, { k: 'refill' });
}
