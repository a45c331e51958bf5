import { describe, expect, it } from 'vitest';
import { shuttleLayout, type ShuttleBox } from './render-remora-board.ts';

const box = (name: string, notes: string[] = [], mark: ShuttleBox['mark'] = 'none'): ShuttleBox => ({ name, mark, notes: notes.map((text) => ({ text })) });
const overlap = (a: { x: number; y: number; w: number; h: number }, b: typeof a): boolean => Math.min(a.x + a.w, b.x + b.w) > Math.max(a.x, b.x) && Math.min(a.y + a.h, b.y + b.h) > Math.max(a.y, b.y);

describe('the Remora board layout (issue 20 "in mod C/D, the Remora board")', () => {
  it('GIVEN the five shuttlecraft locations (13th Passenger §MOD D: five locations) WHEN laid out at the panel width THEN the first is the nose (rightmost), the second and third share a column one over the other, the last is the tail (leftmost), all inside the figure, none overlapping', () => {
    const boxes = [box('Cockpit', ['found here']), box('Cryo pods', ['searched by halon gas'], 'tick'), box('Airlock', ['hostility tokens']), box('Cargo hold'), box('Engineering Compartment', ['not here (shown)'], 'cross')];
    const width = 768;
    const { placed, height } = shuttleLayout(boxes, width);
    expect(placed.map((p) => p.box.name).sort()).toEqual(boxes.map((b) => b.name).sort());
    const at = (name: string) => placed.find((p) => p.box.name === name) as (typeof placed)[number];
    expect(Math.max(...placed.map((p) => p.x))).toBe(at('Cockpit').x);
    expect(Math.min(...placed.map((p) => p.x))).toBe(at('Engineering Compartment').x);
    expect(at('Cryo pods').x).toBe(at('Airlock').x);
    expect(at('Cryo pods').y).toBeLessThan(at('Airlock').y);
    placed.forEach((p, i) => {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.x + p.w).toBeLessThanOrEqual(width);
      expect(p.y + p.h).toBeLessThanOrEqual(height);
      for (const q of placed.slice(i + 1)) expect(overlap(p, q), `${p.box.name} / ${q.box.name}`).toBe(false);
    });
  });

  it('GIVEN a box with a mark and more notes WHEN laid out THEN its column grows to hold them (nothing is cut)', () => {
    const plain = shuttleLayout(['A', 'B', 'C', 'D', 'E'].map((n) => box(n)), 768).height;
    const busy = shuttleLayout([box('A', ['one', 'two', 'three'], 'tick'), box('B'), box('C'), box('D'), box('E')], 768).height;
    expect(busy).toBeGreaterThan(plain);
  });

  it('GIVEN a pack with another number of locations WHEN laid out THEN they lie in one row, in pack order, inside the figure', () => {
    const { placed } = shuttleLayout(['A', 'B', 'C'].map((n) => box(n)), 600);
    expect(placed.map((p) => p.box.name)).toEqual(['A', 'B', 'C']);
    expect(new Set(placed.map((p) => p.y)).size).toBe(1);
    for (const p of placed) expect(p.x + p.w).toBeLessThanOrEqual(600);
    placed.slice(1).forEach((p, i) => expect(p.x).toBeGreaterThan((placed[i]?.x ?? 0) + (placed[i]?.w ?? 0)));
  });
});
