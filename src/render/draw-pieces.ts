import { DIE_COLOURS, FONT_SIZE, PALETTE, type DieColour } from './palette.ts';
import type { CanvasRenderingContext2D } from './surface.ts';
import { drawPanel, drawRoundRect } from './draw-panels.ts';
import { drawText, fitWithEllipsis, font, probing, recordBox, recordText, textWidth, wrapText, type Point, type Rect } from './draw-text.ts';
import { fillTextRun } from './text-runs.ts';

type Ctx = CanvasRenderingContext2D;

const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

export interface DieOptions {
  /** Top-left corner. */
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly colour: DieColour;
  /** Face shown; `null` draws a blank die (not rolled yet). */
  readonly value: number | string | null;
  /** `pips` for 1–6 (default), `number` to print the value. */
  readonly face?: 'pips' | 'number';
  /** Extra outline, e.g. a die stored for defence. */
  readonly highlight?: string;
}

/** A die: one renderer for every game's dice (STYLE.md habit 7). A split colour fills two diagonal halves. */
export function drawDie(ctx: Ctx, o: DieOptions): void {
  const c = DIE_COLOURS[o.colour];
  const r: Rect = { x: o.x, y: o.y, w: o.size, h: o.size };
  const radius = o.size * 0.18;
  drawRoundRect(ctx, r, { fill: c.fill, radius });
  if (c.fill2 !== undefined) {
    ctx.save();
    ctx.beginPath();
    ctx.roundRect(r.x, r.y, r.w, r.h, radius);
    ctx.clip();
    ctx.beginPath();
    ctx.moveTo(r.x + r.w, r.y);
    ctx.lineTo(r.x + r.w, r.y + r.h);
    ctx.lineTo(r.x, r.y + r.h);
    ctx.closePath();
    ctx.fillStyle = c.fill2;
    ctx.fill();
    ctx.restore();
  }
  drawRoundRect(ctx, r, { stroke: o.highlight ?? 'rgba(0,0,0,0.55)', lineWidth: o.highlight === undefined ? 2 : 4, radius });
  if (o.value === null) return;
  const cx = o.x + o.size / 2;
  const cy = o.y + o.size / 2;
  const pips = typeof o.value === 'number' && (o.face ?? 'pips') === 'pips' ? PIPS[o.value] : undefined;
  if (pips) {
    ctx.fillStyle = c.ink;
    const spread = o.size * 0.26;
    for (const [dx, dy] of pips) {
      ctx.beginPath();
      ctx.arc(cx + dx * spread, cy + dy * spread, o.size * 0.09, 0, Math.PI * 2);
      ctx.fill();
    }
    return;
  }
  const size = Math.max(o.size * 0.55, FONT_SIZE.small);
  ctx.font = font(size, true);
  ctx.fillStyle = c.ink;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  fillTextRun(ctx, String(o.value), cx, cy + o.size * 0.03);
  if (probing()) recordText(ctx, [String(o.value)], cx, cy + o.size * 0.03, size, true, 'center', size, undefined, false, true);
}

export interface TokenOptions {
  /** Centre. */
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly fill: string;
  readonly label?: string;
  readonly ink?: string;
  readonly stroke?: string;
}

/** A round token with a short centred label (a number, initials). */
export function drawToken(ctx: Ctx, o: TokenOptions): void {
  ctx.beginPath();
  ctx.arc(o.x, o.y, o.radius, 0, Math.PI * 2);
  ctx.fillStyle = o.fill;
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = o.stroke ?? PALETTE.dark;
  ctx.stroke();
  if (o.label === undefined) return;
  const size = Math.max(o.radius * 0.9, FONT_SIZE.small);
  ctx.font = font(size, true);
  ctx.fillStyle = o.ink ?? PALETTE.ink;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const label = fitWithEllipsis(ctx, o.label, o.radius * 1.8);
  fillTextRun(ctx, label, o.x, o.y + 1);
  if (probing()) {
    recordBox({ x: o.x - o.radius, y: o.y - o.radius, w: 2 * o.radius, h: 2 * o.radius });
    recordText(ctx, [label], o.x, o.y + 1, size, true, 'center', size, o.radius * 1.8, label !== o.label, true);
  }
}
export interface TrackOptions {
  readonly x: number;
  readonly y: number;
  readonly slotSize: number;
  /** Slot labels (e.g. "1".."10"), one per slot. */
  readonly slots: readonly string[];
  readonly gap?: number;
  readonly title?: string;
  /** Highlighted slots, e.g. the danger zone of a track. */
  readonly marked?: readonly number[];
  /** Markers sitting on slots, drawn as tokens. */
  readonly markers?: readonly { readonly slot: number; readonly fill: string; readonly label?: string }[];
}

/** A horizontal track of slots (time, health, insight) with markers. Returns its bounding box. */
export function drawTrack(ctx: Ctx, o: TrackOptions): Rect {
  const gap = o.gap ?? 6;
  let top = o.y;
  if (o.title !== undefined) top += drawText(ctx, o.title, { x: o.x, y: o.y, size: FONT_SIZE.body, bold: true }).height + 4;
  o.slots.forEach((label, i) => {
    const sx = o.x + i * (o.slotSize + gap);
    const marked = o.marked?.includes(i) ?? false;
    drawRoundRect(ctx, { x: sx, y: top, w: o.slotSize, h: o.slotSize }, { fill: marked ? PALETTE.red : PALETTE.dark, stroke: PALETTE.panelBorder, radius: 6 });
    drawText(ctx, label, { x: sx + o.slotSize / 2, y: top + o.slotSize / 2 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, colour: PALETTE.muted, align: 'center' });
  });
  const byslot = new Map<number, number>();
  for (const m of o.markers ?? []) {
    const n = byslot.get(m.slot) ?? 0;
    byslot.set(m.slot, n + 1);
    const sx = o.x + m.slot * (o.slotSize + gap) + o.slotSize / 2 + n * 6;
    drawToken(ctx, { x: sx, y: top + o.slotSize / 2 - n * 6, radius: o.slotSize * 0.34, fill: m.fill, ...(m.label === undefined ? {} : { label: m.label }) });
  }
  const w = o.slots.length * (o.slotSize + gap) - gap;
  return { x: o.x, y: o.y, w, h: top - o.y + o.slotSize };
}

export interface SpaceOptions {
  readonly points: readonly Point[];
  readonly fill: string;
  readonly stroke?: string;
  readonly label?: string;
  readonly labelColour?: string;
}

/** Where {@link drawSpace} puts a space's label and standees: the mean of its corners. */
export function polygonCentre(points: readonly Point[]): Point {
  const n = Math.max(points.length, 1);
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}

/** The left and right ends of a polygon's widest crossing of the row `y` (null when the row misses it). */
function spanAt(points: readonly Point[], y: number): { left: number; right: number } | null {
  const xs: number[] = [];
  points.forEach((a, i) => {
    const b = points[(i + 1) % points.length] as Point;
    if ((a.y <= y && b.y > y) || (b.y <= y && a.y > y)) xs.push(a.x + ((y - a.y) / (b.y - a.y)) * (b.x - a.x));
  });
  return xs.length < 2 ? null : { left: Math.min(...xs), right: Math.max(...xs) };
}

/** Room kept between a space's label and its outline (the outline's half width and a little air). */
const LABEL_PAD = 6;
/** A space's name takes two lines at most; past that it ends in an ellipsis. */
const LABEL_LINES = 2;

/** Where and how a space's name is drawn: its lines, the top of the first, and the width it may take. */
export interface SpaceLabel {
  readonly lines: readonly string[];
  readonly top: number;
  readonly room: number;
  readonly size: number;
}

/**
 * Lays out a space's name at the floor size (`FONT_SIZE.small`, the smallest the legibility tests accept)
 * inside the space: as wide as the polygon is on both sides of its centre across the label's rows, wrapped
 * to two lines (the second above the first's old place, so marks below keep theirs), an ellipsis last.
 */
export function spaceLabel(ctx: Ctx, points: readonly Point[], label: string): SpaceLabel {
  const centre = polygonCentre(points);
  const size = FONT_SIZE.small;
  const step = size * 1.25;
  const bottom = centre.y - size * 0.6 + step;
  const room = (rows: number): number => {
    let half = Number.POSITIVE_INFINITY;
    for (let y = bottom - rows * step; y <= bottom + 0.01; y += step / 2) {
      const span = spanAt(points, y);
      half = Math.min(half, span ? Math.min(centre.x - span.left, span.right - centre.x) : 0);
    }
    return Math.max(2 * (half - LABEL_PAD), size);
  };
  ctx.font = font(size, true);
  const one = room(1);
  if (textWidth(ctx, label) <= one) return { lines: [label], top: bottom - step, room: one, size };
  const two = room(LABEL_LINES);
  let lines = wrapText(ctx, label, two);
  if (lines.length > LABEL_LINES) {
    lines = lines.slice(0, LABEL_LINES);
    lines[LABEL_LINES - 1] = fitWithEllipsis(ctx, `${lines[LABEL_LINES - 1] ?? ''}…`, two);
  }
  return { lines, top: bottom - lines.length * step, room: two, size };
}

/** A map space as a polygon, labelled at its centroid (see {@link spaceLabel}). Returns the centroid (where standees go). */
export function drawSpace(ctx: Ctx, o: SpaceOptions): Point {
  ctx.beginPath();
  o.points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
  ctx.fillStyle = o.fill;
  ctx.fill();
  ctx.strokeStyle = o.stroke ?? PALETTE.dark;
  ctx.lineWidth = 3;
  ctx.stroke();
  const centre = polygonCentre(o.points);
  if (o.label !== undefined) {
    const laid = spaceLabel(ctx, o.points, o.label);
    drawText(ctx, o.label, { x: centre.x, y: laid.top, size: laid.size, bold: true, align: 'center', colour: o.labelColour ?? PALETTE.ink, maxWidth: laid.room, maxLines: LABEL_LINES });
  }
  return centre;
}

/** How two map spaces connect (Comanauts rulebook "Movement": dotted white, solid coloured, solid white). */
export type LinkStyle = 'dottedWhite' | 'solidWhite' | 'solidColour';

/** A line between two points; `colour` is used by `solidColour`. */
export function drawLink(ctx: Ctx, from: Point, to: Point, style: LinkStyle, colour: string = PALETTE.yellow): void {
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineWidth = 6;
  ctx.strokeStyle = style === 'solidColour' ? colour : PALETTE.white;
  ctx.setLineDash(style === 'dottedWhite' ? [2, 12] : []);
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  ctx.stroke();
  ctx.restore();
}

export interface StandeeOptions {
  /** Centre of the base. */
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly colour: string;
  readonly name: string;
  /** Short text inside the circle; defaults to the name's initials. */
  readonly mark?: string;
}

/** A standee: a coloured disc with a mark and a name plate under it. */
export function drawStandee(ctx: Ctx, o: StandeeOptions): void {
  const mark =
    o.mark ??
    o.name
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase();
  drawToken(ctx, { x: o.x, y: o.y, radius: o.radius, fill: o.colour, label: mark, stroke: PALETTE.white });
  ctx.font = font(FONT_SIZE.small, true);
  const text = fitWithEllipsis(ctx, o.name, o.radius * 5);
  const w = textWidth(ctx, text) + 14;
  const plate: Rect = { x: o.x - w / 2, y: o.y + o.radius + 4, w, h: FONT_SIZE.small + 10 };
  drawRoundRect(ctx, plate, { fill: 'rgba(15,17,24,0.85)', radius: 6 });
  drawText(ctx, text, { x: o.x, y: plate.y + 5, size: FONT_SIZE.small, bold: true, align: 'center' });
}

export interface LegendItem {
  readonly label: string;
  /** A colour swatch, a die colour, or a link style. */
  readonly swatch: { readonly fill: string } | { readonly die: DieColour } | { readonly link: LinkStyle; readonly colour?: string };
}

/** A boxed legend explaining colours and symbols. Returns its box. */
export function drawLegend(ctx: Ctx, x: number, y: number, items: readonly LegendItem[], title?: string, width = 320): Rect {
  const row = FONT_SIZE.body + 14;
  const titleH = title === undefined ? 0 : FONT_SIZE.label + 24;
  const box: Rect = { x, y, w: width, h: titleH + items.length * row + 24 };
  const inner = drawPanel(ctx, box, title === undefined ? {} : { title });
  items.forEach((item, i) => {
    const ry = inner.y + i * row;
    const s = item.swatch;
    if ('die' in s) drawDie(ctx, { x: inner.x, y: ry, size: row - 8, colour: s.die, value: null });
    else if ('link' in s) drawLink(ctx, { x: inner.x + 2, y: ry + row / 2 - 4 }, { x: inner.x + 40, y: ry + row / 2 - 4 }, s.link, s.colour);
    else drawRoundRect(ctx, { x: inner.x, y: ry, w: row - 8, h: row - 8 }, { fill: s.fill, stroke: PALETTE.dark, radius: 4 });
    drawText(ctx, item.label, { x: inner.x + 52, y: ry + 2, size: FONT_SIZE.body, maxWidth: inner.w - 52, maxLines: 1 });
  });
  return box;
}
