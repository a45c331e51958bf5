import type { FloorData } from './content.ts';

/** Every set of three of six clue ids, each sorted: the 20 rows a chart must hold (§Revealing the Phenomenon). */
export function clueTriples(clues: readonly string[]): string[][] {
  const sorted = [...clues].sort();
  const out: string[][] = [];
  for (let a = 0; a < sorted.length; a++) for (let b = a + 1; b < sorted.length; b++) for (let c = b + 1; c < sorted.length; c++) out.push([sorted[a], sorted[b], sorted[c]] as string[]);
  return out;
}

/** Space ids of a floor: fixed rooms by id, other spaces `<floor>-<x>-<y>`; `.` cells are not spaces. */
export function floorCells(floor: FloorData): { x: number; y: number; ch: string; id: string }[] {
  const rows = floor.map.replace(/\n$/, '').split('\n');
  const out: { x: number; y: number; ch: string; id: string }[] = [];
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      if (ch === '.' || ch === ' ') return;
      const room = floor.rooms.find((r) => r.letter === ch);
      out.push({ x, y, ch, id: room ? room.id : `${floor.id}-${x}-${y}` });
    });
  });
  return out;
}


const TEXT_KEYS = new Set(['name', 'text', 'situation', 'title', 'intro', 'summary', 'epilogue']);
const isText = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as Record<string, unknown>)['en'] === 'string';

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const isEffect = typeof o['op'] === 'string';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (!isEffect && TEXT_KEYS.has(k) && isText(v)) continue;
    out[k] = strip(v);
  }
  return out;
}

const stripped = new WeakMap<object, unknown>();

/**
 * The pack as the rules keep it in the state: every player-facing text removed (the edge reads texts
 * from the real pack by key), effects' own lines kept. Made once per pack; the caller seals it.
 */
export function rulesPackOf<T extends object>(pack: T): T {
  const hit = stripped.get(pack);
  if (hit) return hit as T;
  const made = strip(pack) as T;
  stripped.set(pack, made);
  return made;
}
