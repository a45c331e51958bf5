import type { ComaWardPack, FloorId } from '../content.ts';
import { floorIds } from '../content.ts';
import { floorCells } from '../pack-helpers.ts';
import type { CwState } from '../state.ts';

export type SpaceKind = 'hallway' | 'slot' | 'room' | 'stairs' | 'elevator';

export interface Space {
  readonly id: string;
  readonly floor: FloorId;
  readonly x: number;
  readonly y: number;
  readonly kind: SpaceKind;
  /** Fixed rooms: may be rummaged (board.yaml `rummage`). */
  readonly rummage: boolean;
}

export interface Board {
  readonly spaces: ReadonlyMap<string, Space>;
  readonly byCell: ReadonlyMap<string, string>;
  /** Same-floor neighbours (the 8 directions, §Movement). */
  readonly neighbours: ReadonlyMap<string, readonly string[]>;
  /** Stairs links to the stairs space one floor up or down (1 move per floor). */
  readonly stairs: ReadonlyMap<string, readonly string[]>;
  readonly elevators: ReadonlyMap<string, { id: string; byFloor: Readonly<Record<string, string>>; table: Readonly<Record<string, readonly string[]>> }>;
  readonly portals: readonly { in: string; out: string }[];
  readonly walls: ReadonlyMap<string, readonly (readonly [number, number, number, number])[]>;
  readonly start: string;
}

const cache = new WeakMap<object, Board>();
const cellKey = (floor: string, x: number, y: number): string => `${floor}:${x}:${y}`;

/** The board of a pack as a graph, built once per pack. */
export function boardOf(pack: ComaWardPack): Board {
  const hit = cache.get(pack.board);
  if (hit) return hit;
  const spaces = new Map<string, Space>();
  const byCell = new Map<string, string>();
  const walls = new Map<string, readonly (readonly [number, number, number, number])[]>();
  for (const floor of pack.board.floors) {
    walls.set(floor.id, floor.walls);
    for (const c of floorCells(floor)) {
      const room = floor.rooms.find((r) => r.letter === c.ch);
      const kind: SpaceKind = c.ch === 'h' ? 'hallway' : c.ch === '?' ? 'slot' : c.ch === 'S' ? 'stairs' : c.ch === 'E' ? 'elevator' : 'room';
      spaces.set(c.id, { id: c.id, floor: floor.id, x: c.x, y: c.y, kind, rummage: room?.rummage ?? false });
      byCell.set(cellKey(floor.id, c.x, c.y), c.id);
    }
  }
  const neighbours = new Map<string, string[]>();
  for (const s of spaces.values()) {
    const list: string[] = [];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        const n = byCell.get(cellKey(s.floor, s.x + dx, s.y + dy));
        if (n) list.push(n);
      }
    }
    neighbours.set(s.id, list);
  }
  const stairs = new Map<string, string[]>();
  for (const st of pack.board.stairs) {
    const on = floorIds.filter((f) => st.spaces[f] !== undefined);
    on.forEach((f, i) => {
      const here = st.spaces[f] as [number, number];
      const id = byCell.get(cellKey(f, here[0], here[1]));
      if (!id) return;
      const links: string[] = [];
      for (const j of [i - 1, i + 1]) {
        const g = on[j];
        const there = g === undefined ? undefined : st.spaces[g];
        const other = g === undefined || there === undefined ? undefined : byCell.get(cellKey(g, there[0], there[1]));
        if (other && Math.abs(floorIds.indexOf(g as FloorId) - floorIds.indexOf(f)) === 1) links.push(other);
      }
      stairs.set(id, [...(stairs.get(id) ?? []), ...links]);
    });
  }
  const elevators = new Map<string, { id: string; byFloor: Record<string, string>; table: Record<string, string[]> }>();
  for (const e of pack.board.elevators) {
    const byFloor: Record<string, string> = {};
    for (const [f, xy] of Object.entries(e.spaces)) {
      const id = xy ? byCell.get(cellKey(f, xy[0], xy[1])) : undefined;
      if (id) byFloor[f] = id;
    }
    const info = { id: e.id, byFloor, table: e.table as Record<string, string[]> };
    for (const id of Object.values(byFloor)) elevators.set(id, info);
  }
  const portals = pack.board.portals.flatMap((p) => {
    const a = byCell.get(cellKey(p.in.floor, p.in.at[0], p.in.at[1]));
    const b = byCell.get(cellKey(p.out.floor, p.out.at[0], p.out.at[1]));
    return a && b ? [{ in: a, out: b }] : [];
  });
  const board: Board = { spaces, byCell, neighbours, stairs, elevators, portals, walls, start: pack.board.start.room };
  cache.set(pack.board, board);
  return board;
}

export function space(board: Board, id: string): Space {
  const s = board.spaces.get(id);
  if (!s) throw new RangeError(`no space ${id}`);
  return s;
}

/** A Room in the rulebook's sense: a fixed room or a revealed room card (hallways, stairs, elevators are not). */
export function isRoom(s: CwState, board: Board, id: string): boolean {
  const sp = board.spaces.get(id);
  if (!sp) return false;
  return sp.kind === 'room' || (sp.kind === 'slot' && s.slots[id] !== undefined);
}

export const isEmptySlot = (s: CwState, board: Board, id: string): boolean => board.spaces.get(id)?.kind === 'slot' && s.slots[id] === undefined;

function crosses(ax: number, ay: number, bx: number, by: number, w: readonly [number, number, number, number]): boolean {
  const [cx, cy, dx, dy] = w;
  const d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  const d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0) || d1 === 0 || d2 === 0) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0) || d3 === 0 || d4 === 0) && !(d1 === 0 && d2 === 0);
}

/**
 * Glossary "In Sight": a straight line between the two standees (space centres) on the same floor that
 * crosses no thick wall. A line touching a wall's end counts as crossing it (walls meet at corners).
 */
export function inSightOf(board: Board, a: string, b: string): boolean {
  const sa = board.spaces.get(a);
  const sb = board.spaces.get(b);
  if (!sa || !sb || sa.floor !== sb.floor) return false;
  if (a === b) return true;
  const ax = sa.x + 0.5, ay = sa.y + 0.5, bx = sb.x + 0.5, by = sb.y + 0.5;
  return !(board.walls.get(sa.floor) ?? []).some((w) => crosses(ax, ay, bx, by, w));
}

/** Portals usable from a space: printed and placed, In → Out only. */
export function portalsFrom(s: CwState, board: Board, id: string): string[] {
  return [...board.portals, ...s.portals].filter((p) => p.in === id).map((p) => p.out);
}

/** One-step destinations: neighbours, stairs, portals; never room to room except through a portal (§Movement). */
export function steps(s: CwState, board: Board, from: string): { to: string; via: 'step' | 'stairs' | 'portal' }[] {
  const out: { to: string; via: 'step' | 'stairs' | 'portal' }[] = [];
  const fromRoom = isRoom(s, board, from) || isEmptySlot(s, board, from);
  for (const n of board.neighbours.get(from) ?? []) {
    const toRoomish = isRoom(s, board, n) || isEmptySlot(s, board, n);
    if (fromRoom && toRoomish) continue;
    out.push({ to: n, via: 'step' });
  }
  for (const n of board.stairs.get(from) ?? []) out.push({ to: n, via: 'stairs' });
  for (const n of portalsFrom(s, board, from)) out.push({ to: n, via: 'portal' });
  return out;
}

/** Breadth-first distances by legal steps, never passing through an empty slot (one may only stop there). */
export function distances(s: CwState, board: Board, from: string, budget: number, canStopOnSlot: boolean): Map<string, number> {
  const dist = new Map<string, number>([[from, 0]]);
  const queue = [from];
  while (queue.length > 0) {
    const here = queue.shift() as string;
    const d = dist.get(here) as number;
    if (d >= budget) continue;
    if (here !== from && isEmptySlot(s, board, here)) continue;
    for (const st of steps(s, board, here)) {
      if (dist.has(st.to)) continue;
      if (isEmptySlot(s, board, st.to) && !canStopOnSlot) continue;
      dist.set(st.to, d + 1);
      queue.push(st.to);
    }
  }
  dist.delete(from);
  return dist;
}

/** The shortest legal path (for enemies), as a list of spaces after `from`; empty when none. */
export function pathTo(s: CwState, board: Board, from: string, to: string): string[] {
  const prev = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const here = queue.shift() as string;
    if (here === to) break;
    for (const st of steps(s, board, here)) {
      if (prev.has(st.to) || isEmptySlot(s, board, st.to)) continue;
      prev.set(st.to, here);
      queue.push(st.to);
    }
  }
  if (!prev.has(to)) return [];
  const path: string[] = [];
  for (let at = to; at !== from; at = prev.get(at) as string) path.unshift(at);
  return path;
}
