import { DIE_COLOURS, FONT_SIZE, PALETTE, type DieColour } from './palette.ts';
import { FONT_FAMILY, cachedLayer, layerKey, onSurfaceCreated, type CanvasRenderingContext2D } from './surface.ts';

type Ctx = CanvasRenderingContext2D;

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** CSS font string for the bundled family; sizes below `FONT_SIZE.small` are raised to it (phone legibility). */
export function font(size: number = FONT_SIZE.body, bold = false): string {
  return `${bold ? 'bold ' : ''}${Math.max(size, FONT_SIZE.small)}px "${FONT_FAMILY}"`;
}

export interface TextOptions {
  readonly x: number;
  readonly y: number;
  readonly size?: number;
  readonly bold?: boolean;
  readonly colour?: string;
  readonly align?: 'left' | 'center' | 'right';
  /** Wrap at this width; without it the text is one line. */
  readonly maxWidth?: number;
  /** Lines beyond this are dropped and the last kept line ends with "…". */
  readonly maxLines?: number;
  /** Multiple of the font size. */
  readonly lineHeight?: number;
}

/** One piece of text as drawn, in layout units of the picture it was drawn on (see {@link startTextProbe}). */
export interface DrawnText {
  readonly text: string;
  /** Font size in layout units, after the {@link FONT_SIZE}.small floor. */
  readonly size: number;
  readonly bold: boolean;
  /** The ink's box: left, top, widest line, and from the first line's top to the last line's bottom. */
  readonly rect: Rect;
  /** The horizontal room it was given (`maxWidth`), when it was given one. */
  readonly room: Rect | null;
  /** Whether a line was cut with "…" (too long a word or too many lines). */
  readonly truncated: boolean;
}

/** What the draw layer drew while a probe ran: texts, filled boxes (panels, plates, cards, dice) and surfaces. */
export interface TextProbe {
  readonly texts: DrawnText[];
  readonly boxes: Rect[];
  readonly surfaces: { readonly width: number; readonly height: number; readonly density: number }[];
}

let probe: TextProbe | null = null;

/**
 * Starts recording every text and filled box the draw layer draws, with its measured size: the
 * legibility tests check the smallest type at Discord's preview width, overlaps and overflows with it.
 * Cached layers are recorded only when drawn, so clear the layer cache first. Measurement only.
 */
export function startTextProbe(): TextProbe {
  probe = { texts: [], boxes: [], surfaces: [] };
  const current = probe;
  onSurfaceCreated((s) => current.surfaces.push(s));
  return current;
}

/** Stops recording and returns what was recorded since {@link startTextProbe}. */
export function stopTextProbe(): TextProbe {
  const done = probe ?? { texts: [], boxes: [], surfaces: [] };
  probe = null;
  onSurfaceCreated(undefined);
  return done;
}

/** Height of capitals and digits in the bundled DejaVu Sans, as a share of the font size: the ink of a centred one-line label. */
const CAP_HEIGHT = 0.73;

function recordText(ctx: Ctx, lines: readonly string[], x: number, y: number, size: number, bold: boolean, align: 'left' | 'center' | 'right', step: number, maxWidth: number | undefined, truncated: boolean, middle = false): void {
  if (!probe || lines.length === 0) return;
  const w = Math.max(...lines.map((l) => textWidth(ctx, l)));
  const left = align === 'center' ? x - w / 2 : align === 'right' ? x - w : x;
  const h = middle ? size * CAP_HEIGHT : (lines.length - 1) * step + size;
  const top = middle ? y - h / 2 : y;
  const room = maxWidth === undefined ? null : { x: align === 'center' ? x - maxWidth / 2 : align === 'right' ? x - maxWidth : x, y: top, w: maxWidth, h };
  probe.texts.push({ text: lines.join('\n'), size, bold, rect: { x: left, y: top, w, h }, room, truncated });
}

/** Widths measured so far, by font and text: every turn's picture measures mostly the same strings. */
const widths = new Map<string, number>();
/** Past this many entries the width memo starts over (about 1 MB of keys). */
const WIDTH_MEMO_ENTRIES = 10_000;

/**
 * Width of `text` in the context's current font, remembered: node-canvas lays the text out with pango
 * on every `measureText` (about 60 µs), and wrapping and ellipsizing measure the same strings again.
 */
export function textWidth(ctx: Ctx, text: string): number {
  const key = `${ctx.font}\u0000${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  const width = ctx.measureText(text).width;
  if (widths.size >= WIDTH_MEMO_ENTRIES) widths.clear();
  widths.set(key, width);
  return width;
}

function fitWithEllipsis(ctx: Ctx, line: string, maxWidth: number): string {
  if (textWidth(ctx, line) <= maxWidth) return line;
  let cut = line;
  while (cut.length > 0 && textWidth(ctx, `${cut}…`) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Splits text into lines no wider than `maxWidth` in the current font (words kept whole when they fit). */
export function wrapText(ctx: Ctx, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((w) => w.length > 0)) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (textWidth(ctx, candidate) <= maxWidth) line = candidate;
      else {
        if (line !== '') lines.push(line);
        line = textWidth(ctx, word) <= maxWidth ? word : fitWithEllipsis(ctx, word, maxWidth);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Draws text from its top edge, wrapped and ellipsized as asked. Returns the lines drawn and the height used. */
export function drawText(ctx: Ctx, text: string, o: TextOptions): { lines: string[]; height: number } {
  const size = Math.max(o.size ?? FONT_SIZE.body, FONT_SIZE.small);
  ctx.font = font(size, o.bold ?? false);
  ctx.fillStyle = o.colour ?? PALETTE.ink;
  ctx.textAlign = o.align ?? 'left';
  ctx.textBaseline = 'top';
  let lines = o.maxWidth === undefined ? [text.replace(/\n/g, ' ')] : wrapText(ctx, text, o.maxWidth);
  if (o.maxLines !== undefined && lines.length > o.maxLines) {
    lines = lines.slice(0, o.maxLines);
    const last = lines.length - 1;
    lines[last] = fitWithEllipsis(ctx, `${lines[last] ?? ''}…`, o.maxWidth ?? Number.POSITIVE_INFINITY);
  } else if (o.maxWidth !== undefined && lines.length === 1) {
    lines[0] = fitWithEllipsis(ctx, lines[0] ?? '', o.maxWidth);
  }
  const step = size * (o.lineHeight ?? 1.25);
  lines.forEach((line, i) => ctx.fillText(line, o.x, o.y + i * step));
  if (probe) recordText(ctx, lines, o.x, o.y, size, o.bold ?? false, o.align ?? 'left', step, o.maxWidth, lines.some((l) => l.endsWith('…')) && !text.trimEnd().endsWith('…'));
  return { lines, height: lines.length * step };
}

export interface BoxStyle {
  readonly fill?: string;
  readonly stroke?: string;
  readonly lineWidth?: number;
  readonly radius?: number;
}

/** A rectangle with rounded corners, filled and/or outlined. */
export function drawRoundRect(ctx: Ctx, r: Rect, style: BoxStyle = {}): void {
  if (probe && style.fill !== undefined) probe.boxes.push({ x: r.x, y: r.y, w: r.w, h: r.h });
  ctx.beginPath();
  ctx.roundRect(r.x, r.y, r.w, r.h, style.radius ?? 8);
  if (style.fill !== undefined) {
    ctx.fillStyle = style.fill;
    ctx.fill();
  }
  if (style.stroke !== undefined) {
    ctx.strokeStyle = style.stroke;
    ctx.lineWidth = style.lineWidth ?? 2;
    ctx.stroke();
  }
}

export interface PanelStyle {
  readonly fill?: string;
  readonly border?: string;
}

const PANEL_PAD = 12;
const PANEL_BAR = FONT_SIZE.label + 2 * PANEL_PAD;

/**
 * A panel without its title text: the frame, and the title bar's rule when `titled`. With
 * {@link drawPanelTitle} over it, the same pixels as {@link drawPanel}; lets a static frame sit in a
 * cached layer under a title that changes. Returns the content area.
 */
export function drawPanelFrame(ctx: Ctx, r: Rect, o: PanelStyle & { titled?: boolean } = {}): Rect {
  drawRoundRect(ctx, r, { fill: o.fill ?? PALETTE.panel, stroke: o.border ?? PALETTE.panelBorder, radius: 12 });
  if (o.titled) {
    ctx.strokeStyle = o.border ?? PALETTE.panelBorder;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(r.x, r.y + PANEL_BAR);
    ctx.lineTo(r.x + r.w, r.y + PANEL_BAR);
    ctx.stroke();
  }
  return panelContent(r, o.titled ?? false);
}

/** The content area of a panel, as {@link drawPanel} returns it, without drawing anything. */
export function panelContent(r: Rect, titled: boolean): Rect {
  const pad = PANEL_PAD;
  const bar = titled ? PANEL_BAR : 0;
  return { x: r.x + pad, y: r.y + bar + pad, w: r.w - 2 * pad, h: r.h - bar - 2 * pad };
}

/** The title text of a panel drawn by {@link drawPanelFrame} with `titled`. */
export function drawPanelTitle(ctx: Ctx, r: Rect, title: string): void {
  drawText(ctx, title, { x: r.x + PANEL_PAD, y: r.y + PANEL_PAD, size: FONT_SIZE.label, bold: true, maxWidth: r.w - 2 * PANEL_PAD, maxLines: 1 });
}

/** A panel with an optional title bar. Returns the content area below the title. */
export function drawPanel(ctx: Ctx, r: Rect, o: PanelStyle & { title?: string } = {}): Rect {
  const inner = drawPanelFrame(ctx, r, { ...o, titled: o.title !== undefined });
  if (o.title !== undefined) drawPanelTitle(ctx, r, o.title);
  return inner;
}

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
  ctx.fillText(String(o.value), cx, cy + o.size * 0.03);
  if (probe) recordText(ctx, [String(o.value)], cx, cy + o.size * 0.03, size, true, 'center', size, undefined, false, true);
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
  ctx.fillText(label, o.x, o.y + 1);
  if (probe) {
    probe.boxes.push({ x: o.x - o.radius, y: o.y - o.radius, w: 2 * o.radius, h: 2 * o.radius });
    recordText(ctx, [label], o.x, o.y + 1, size, true, 'center', size, o.radius * 1.8, label !== o.label, true);
  }
}

export interface CardOptions extends Rect {
  readonly title: string;
  /** Card number shown in the corner (Adventure Games card numbers, Comanauts clue ids). */
  readonly number?: number | string;
  readonly lines?: readonly string[];
  readonly accent?: string;
  /** Face down: only the back is drawn. */
  readonly faceDown?: boolean;
}

/** A card: frame, coloured title band, corner number and a few lines of body text. */
export function drawCard(ctx: Ctx, o: CardOptions): void {
  const accent = o.accent ?? PALETTE.blue;
  if (o.faceDown) {
    drawRoundRect(ctx, o, { fill: accent, stroke: PALETTE.white, lineWidth: 3, radius: 10 });
    drawRoundRect(ctx, { x: o.x + 10, y: o.y + 10, w: o.w - 20, h: o.h - 20 }, { stroke: 'rgba(255,255,255,0.6)', radius: 6 });
    return;
  }
  drawRoundRect(ctx, o, { fill: PALETTE.white, stroke: accent, lineWidth: 4, radius: 10 });
  const band = FONT_SIZE.label + 16;
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(o.x, o.y, o.w, o.h, 10);
  ctx.clip();
  ctx.fillStyle = accent;
  ctx.fillRect(o.x, o.y, o.w, band);
  ctx.restore();
  let numberWidth = 0;
  if (o.number !== undefined) {
    ctx.font = font(FONT_SIZE.body, true);
    numberWidth = textWidth(ctx, String(o.number)) + 12;
  }
  drawText(ctx, o.title, { x: o.x + 10, y: o.y + 8, size: FONT_SIZE.body, bold: true, colour: PALETTE.white, maxWidth: o.w - 20 - numberWidth, maxLines: 1 });
  if (o.number !== undefined) {
    drawText(ctx, String(o.number), { x: o.x + o.w - 10, y: o.y + 8, size: FONT_SIZE.body, bold: true, colour: PALETTE.white, align: 'right' });
  }
  let y = o.y + band + 8;
  const bottom = o.y + o.h - 8;
  for (const line of o.lines ?? []) {
    const maxLines = Math.floor((bottom - y) / (FONT_SIZE.small * 1.25));
    if (maxLines < 1) break;
    y += drawText(ctx, line, { x: o.x + 10, y, size: FONT_SIZE.small, colour: PALETTE.black, maxWidth: o.w - 20, maxLines }).height + 4;
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

/** A map space as a polygon, labelled at its centroid. Returns the centroid (where standees go). */
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
    drawText(ctx, o.label, { x: centre.x, y: centre.y - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, bold: true, align: 'center', colour: o.labelColour ?? PALETTE.ink });
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

/**
 * Copies a static part of a picture from the layer cache, drawing it first when these inputs are new:
 * `draw` paints in the picture's coordinates, clipped to `area` (rounded out to whole pixels), over
 * `background`. The layer is opaque and covers its whole area, so the copy equals drawing there
 * directly, as long as the picture shows only `background` there before and dynamic parts come after.
 * `inputs` must hold everything `draw` shows (pack id and version, language, texts, geometry); the
 * area is part of the key too.
 */
export function drawLayer(ctx: Ctx, name: string, inputs: unknown, area: Rect, draw: (layer: Ctx) => void, background: string = PALETTE.background): void {
  const x = Math.floor(area.x);
  const y = Math.floor(area.y);
  const w = Math.ceil(area.x + area.w) - x;
  const h = Math.ceil(area.y + area.h) - y;
  if (w <= 0 || h <= 0) return;
  const density = ctx.getTransform().a;
  const key = layerKey(name, density === 1 ? { inputs, area: [x, y, w, h], background } : { inputs, area: [x, y, w, h], background, density });
  const layer = cachedLayer(
    key,
    Math.round(w * density),
    Math.round(h * density),
    (g) => {
      g.fillStyle = background;
      g.fillRect(0, 0, w * density, h * density);
      if (density !== 1) g.scale(density, density);
      g.translate(-x, -y);
      draw(g);
    },
    { opaque: true },
  );
  if (density === 1) ctx.drawImage(layer, x, y);
  else ctx.drawImage(layer, x, y, w, h);
}
