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

