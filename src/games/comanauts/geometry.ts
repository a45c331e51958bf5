import { isSealed } from '../../core/index.ts';
import type { LineKind, PackPage } from './content.ts';

type Point = readonly [number, number];
type Segment = readonly [Point, Point];

/** Answers about one sealed (immutable) page, computed once: enemies ask the same questions every turn. */
interface PageGeometry {
  blockers?: Segment[];
  readonly distances: Map<string, ReadonlyMap<string, number>>;
  readonly sight: Map<string, boolean>;
}

const geometryOf = new WeakMap<PackPage, PageGeometry>();

function cached(page: PackPage): PageGeometry | undefined {
  if (!isSealed(page)) return undefined;
  let g = geometryOf.get(page);
  if (!g) {
    g = { distances: new Map(), sight: new Map() };
    geometryOf.set(page, g);
  }
  return g;
}

/** Radius of a standee base in page pixels, for clear sight "from any portion of the base" (Rules §Clear Sight). */
export const BASE_RADIUS = 6;

function orient(a: Point, b: Point, c: Point): number {
  return Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
}

/** True when the two segments cross or touch (collinear overlaps included). */
export function segmentsCross(p: Segment, q: Segment): boolean {
  const [a, b] = p;
  const [c, d] = q;
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  const on = (x: Point, y: Point, z: Point): boolean =>
    Math.min(x[0], y[0]) <= z[0] && z[0] <= Math.max(x[0], y[0]) && Math.min(x[1], y[1]) <= z[1] && z[1] <= Math.max(x[1], y[1]);
  return (o1 === 0 && on(a, b, c)) || (o2 === 0 && on(a, b, d)) || (o3 === 0 && on(c, d, a)) || (o4 === 0 && on(c, d, b));
}

/** Every segment that blocks sight: solid white lines and the page's extra walls. */
export function sightBlockers(page: PackPage): readonly Segment[] {
  const g = cached(page);
  if (g?.blockers) return g.blockers;
  const blockers = [...page.lines.filter((l) => l.kind === 'white').map((l) => l.path as Segment), ...(page.walls as Segment[])];
  if (g) g.blockers = blockers;
  return blockers;
}

function basePoints(p: Point): Point[] {
  const r = BASE_RADIUS;
  return [p, [p[0] + r, p[1]], [p[0] - r, p[1]], [p[0], p[1] + r], [p[0], p[1] - r]];
}

/** Rules §Clear Sight: some line from one base to the other crosses no solid white line. */
export function clearSight(page: PackPage, from: Point, to: Point): boolean {
  const g = cached(page);
  const key = g ? `${from[0]},${from[1]},${to[0]},${to[1]}` : '';
  const known = g?.sight.get(key);
  if (known !== undefined) return known;
  const clear = sightLine(sightBlockers(page), from, to);
  g?.sight.set(key, clear);
  return clear;
}

function sightLine(blockers: readonly Segment[], from: Point, to: Point): boolean {
  for (const a of basePoints(from)) {
    for (const b of basePoints(to)) {
      if (!blockers.some((w) => segmentsCross([a, b], w))) return true;
    }
  }
  return false;
}

/** The kind of the line joining two spaces, or null when they are not adjacent. */
export function lineBetween(page: PackPage, a: string, b: string): LineKind | null {
  const line = page.lines.find((l) => (l.between[0] === a && l.between[1] === b) || (l.between[0] === b && l.between[1] === a));
  return line ? line.kind : null;
}

/** Neighbours across any line that is not solid white (enemies cross coloured lines freely, Rules §Move). */
export function openNeighbours(page: PackPage, space: string): string[] {
  const out: string[] = [];
  for (const l of page.lines) {
    if (l.kind === 'white') continue;
    if (l.between[0] === space) out.push(l.between[1]);
    else if (l.between[1] === space) out.push(l.between[0]);
  }
  return [...new Set(out)].sort();
}

/** Spaces counted as steps across non-white lines, from one space to every reachable one. */
export function distancesFrom(page: PackPage, start: string): ReadonlyMap<string, number> {
  const g = cached(page);
  const known = g?.distances.get(start);
  if (known) return known;
  const dist = new Map<string, number>([[start, 0]]);
  const queue = [start];
  while (queue.length > 0) {
    const here = queue.shift() as string;
    const d = dist.get(here) as number;
    for (const n of openNeighbours(page, here)) {
      if (!dist.has(n)) {
        dist.set(n, d + 1);
        queue.push(n);
      }
    }
  }
  g?.distances.set(start, dist);
  return dist;
}

/**
 * Where an enemy may end its move toward `goal` (Rules §Enemy Turn, Move): `steps` spaces along some
 * shortest path, or the goal itself when it is nearer. Several ends mean the bookkeeper chooses.
 */
export function moveEnds(page: PackPage, from: string, goal: string, steps: number): string[] {
  const toGoal = distancesFrom(page, goal);
  const total = toGoal.get(from);
  if (total === undefined) return [from];
  const k = Math.min(steps, total);
  let frontier = new Set([from]);
  for (let i = 0; i < k; i++) {
    const next = new Set<string>();
    for (const s of frontier) {
      const ds = toGoal.get(s) as number;
      for (const n of openNeighbours(page, s)) if (toGoal.get(n) === ds - 1) next.add(n);
    }
    frontier = next;
  }
  return [...frontier].sort();
}
