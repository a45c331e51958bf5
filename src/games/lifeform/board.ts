import { isSealed } from '../../core/index.ts';
import { REMORA, type Board, type Character, type LifeformState } from './state.ts';

export interface LinkOptions {
  /** Tunnels too (only images and the ship's cat use them, §MOVEMENT). */
  readonly tunnels: boolean;
  /** Pass through the security door (counting ranges "ignoring any security door token"). */
  readonly ignoreDoor?: boolean;
}

const sameLink = (a: readonly [string, string], x: string, y: string): boolean => (a[0] === x && a[1] === y) || (a[0] === y && a[1] === x);

export function doorBlocks(s: LifeformState, x: string, y: string): boolean {
  return s.door !== null && sameLink(s.door.link, x, y);
}

export function isTunnel(s: LifeformState, x: string, y: string): boolean {
  return s.board.tunnels.some((l) => sameLink(l, x, y)) && !s.board.corridors.some((l) => sameLink(l, x, y));
}

/** Chambers adjacent to `c` (§MOVEMENT): a hull breach is impassable, a door blocks unless ignored. */
export function neighbours(s: LifeformState, c: string, opts: LinkOptions): string[] {
  if (c === s.hullBreach) return [];
  const links = linksOf(s.board).get(c);
  if (!links) return [];
  const around = opts.tunnels ? links.all : links.corridors;
  return around.filter((other) => other !== s.hullBreach && (opts.ignoreDoor || !doorBlocks(s, c, other)));
}

interface Around {
  /** Through corridors, in the board's corridor order. */
  readonly corridors: readonly string[];
  /** Then through tunnels, in tunnel order, each chamber once. */
  readonly all: readonly string[];
}

/** Each sealed board's adjacency, built once: the board never changes, and range checks ask for it constantly. */
const adjacency = new WeakMap<Board, ReadonlyMap<string, Around>>();

function linksOf(board: Board): ReadonlyMap<string, Around> {
  const known = adjacency.get(board);
  if (known) return known;
  const corridors = new Map<string, string[]>();
  const all = new Map<string, string[]>();
  const add = (into: Map<string, string[]>, x: string, y: string): void => {
    const list = into.get(x) ?? [];
    if (!list.includes(y)) list.push(y);
    into.set(x, list);
  };
  for (const [x, y] of board.corridors) {
    for (const into of [corridors, all]) {
      add(into, x, y);
      add(into, y, x);
    }
  }
  for (const [x, y] of board.tunnels) {
    add(all, x, y);
    add(all, y, x);
  }
  const out = new Map<string, Around>();
  for (const c of new Set([...corridors.keys(), ...all.keys()])) out.set(c, { corridors: corridors.get(c) ?? [], all: all.get(c) ?? [] });
  if (isSealed(board)) adjacency.set(board, out);
  return out;
}

/** Breadth-first distances from `from`, through chambers `pass` allows (the start always counts). */
export function distances(s: LifeformState, from: string, opts: LinkOptions, pass: (c: string) => boolean = () => true): Map<string, number> {
  const dist = new Map<string, number>([[from, 0]]);
  const queue = [from];
  while (queue.length > 0) {
    const c = queue.shift() as string;
    const d = dist.get(c) as number;
    for (const n of neighbours(s, c, opts)) {
      if (dist.has(n)) continue;
      dist.set(n, d + 1);
      if (pass(n)) queue.push(n);
    }
  }
  return dist;
}

export const imageAt = (s: LifeformState, c: string): number => s.images.indexOf(c);
export const hasImage = (s: LifeformState, c: string): boolean => s.images.includes(c);
export const charsAt = (s: LifeformState, c: string): Character[] => s.characters.filter((ch) => ch.at === c);
export const visibleAt = (s: LifeformState, c: string): Character[] => s.characters.filter((ch) => ch.at === c && !ch.hidden);
export const hasChars = (s: LifeformState, c: string): boolean => s.characters.some((ch) => ch.at === c);
export const androidAt = (s: LifeformState, c: string): boolean => s.android.state === 'active' && s.android.at === c;
export const onShip = (c: string): boolean => c !== REMORA;

/** Chambers on the ship (not the Remora) where tokens may go. */
export const shipChambers = (s: LifeformState): string[] => s.board.order.filter((c) => c !== REMORA && c !== s.hullBreach);

/** Whether the self-destruct tracker has reached or passed the given minute mark. */
export function sdReached(s: LifeformState, minute: number): boolean {
  const at = s.board.minutes.findIndex((m) => m === minute);
  return at >= 0 && s.sd >= at;
}

/** The minute mark of the tracker's space (the last minute passed for START, 0 at the explosion). */
export function sdMinute(s: LifeformState): number {
  for (let i = s.sd; i < s.board.minutes.length; i++) {
    const m = s.board.minutes[i];
    if (m !== null && m !== undefined) return m;
  }
  return 0;
}

/** The character with this id, or undefined when dead. */
export const characterById = (s: LifeformState, id: string): Character | undefined => s.characters.find((c) => c.id === id);

/**
 * A character's single move from `from` (§MOVEMENT): corridors only, no door, never out of the
 * android's chamber nor into a chamber holding both an image and the android; the Remora only from
 * the 20 minute mark and never out of it.
 */
export function characterSteps(s: LifeformState, from: string): string[] {
  if (from === REMORA || androidAt(s, from)) return [];
  return neighbours(s, from, { tunnels: false }).filter((c) => {
    if (c === REMORA) return sdReached(s, 20);
    return !(hasImage(s, c) && androidAt(s, c));
  });
}

/** An image's single move (§MOVEMENT): tunnels too, never into characters, another image or the Remora. */
export function imageSteps(s: LifeformState, from: string, ignoreDoor = false): string[] {
  return neighbours(s, from, { tunnels: true, ignoreDoor }).filter((c) => c !== REMORA && !hasChars(s, c) && !hasImage(s, c));
}

/**
 * §HULL BREACH steps 3–4 for the tokens: the chamber's mission, power outage and terror tokens go back to
 * their pools, the hull breach token makes it impassable, and a security door on one of its corridors goes.
 * Also Dragon's Domain's HAZARDOUS ENVIRONMENT at setup (solo/variants.ts).
 */
export function breachChamber(s: LifeformState, chamber: string): void {
  s.missionPool += s.mission[chamber] ?? 0;
  s.mission[chamber] = 0;
  if (s.outages.includes(chamber)) {
    s.outages = s.outages.filter((c) => c !== chamber);
    s.outagePool++;
  }
  if (s.terrors.includes(chamber)) {
    s.terrors = s.terrors.filter((c) => c !== chamber);
    s.terrorPool++;
  }
  s.hullBreach = chamber;
  if (s.door && (s.door.link[0] === chamber || s.door.link[1] === chamber)) s.door = null;
}
