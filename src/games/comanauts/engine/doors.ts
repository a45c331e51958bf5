import { type PackPage } from '../content.ts';
import { type ComanautsState } from '../state.ts';
import { type Draft } from './draft.ts';

const withDoors = new WeakMap<object, Map<string, PackPage>>();

/**
 * The page as enemies, sight and movement see it (Rules §Doors): a door token in play turns its line into
 * a solid white one, blocking movement, clear sight and attacks. Made once per page and set of doors.
 */
export function mapOf(s: Draft | ComanautsState): PackPage {
  const doors = s.pageBook?.doors ?? [];
  if (doors.length === 0) return s.page as PackPage;
  const key = doors.map((x) => x.id).sort().join(',');
  let byKey = withDoors.get(s.page);
  if (!byKey) {
    byKey = new Map();
    withDoors.set(s.page, byKey);
  }
  let map = byKey.get(key);
  if (!map) {
    const closed = (s.page.doors ?? []).filter((x) => doors.some((y) => y.id === x.id));
    const shut = (a: string, b: string): boolean => closed.some((x) => (x.between[0] === a && x.between[1] === b) || (x.between[0] === b && x.between[1] === a));
    map = Object.freeze({ ...s.page, lines: s.page.lines.map((l) => (shut(l.between[0], l.between[1]) ? { ...l, kind: 'white' as const } : l)) }) as PackPage;
    byKey.set(key, map);
  }
  return map;
}

/** The door in play on the line between two spaces, if any. */
export function doorBetween(s: Draft | ComanautsState, a: string, b: string): { id: string; locked: boolean } | undefined {
  const def = (s.page.doors ?? []).find((x) => (x.between[0] === a && x.between[1] === b) || (x.between[0] === b && x.between[1] === a));
  return def ? s.pageBook?.doors.find((x) => x.id === def.id) : undefined;
}

/** Doors in play that the avatar in `space` stands next to (one of the door's two spaces). */
export function doorsBeside(s: Draft | ComanautsState, space: string): string[] {
  const inPlay = new Set((s.pageBook?.doors ?? []).map((x) => x.id));
  return (s.page.doors ?? []).filter((x) => inPlay.has(x.id) && x.between.includes(space)).map((x) => x.id);
}
