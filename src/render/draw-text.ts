import { FONT_SIZE, PALETTE } from './palette.ts';
import { FONT_FAMILY, onSurfaceCreated, type CanvasRenderingContext2D } from './surface.ts';
import { fillTextRun } from './text-runs.ts';

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
  /** Each line's ink box, in the same units (one entry for one-line text). */
  readonly lines: readonly Rect[];
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

/** Records text as drawn while a probe runs (`middle`: centred on `y` by its capitals, one line). */
export function recordText(ctx: Ctx, lines: readonly string[], x: number, y: number, size: number, bold: boolean, align: 'left' | 'center' | 'right', step: number, maxWidth: number | undefined, truncated: boolean, middle = false): void {
  if (!probe || lines.length === 0) return;
  const widths = lines.map((l) => textWidth(ctx, l));
  const w = Math.max(...widths);
  const leftOf = (width: number): number => (align === 'center' ? x - width / 2 : align === 'right' ? x - width : x);
  const h = middle ? size * CAP_HEIGHT : (lines.length - 1) * step + size;
  const top = middle ? y - h / 2 : y;
  const room = maxWidth === undefined ? null : { x: align === 'center' ? x - maxWidth / 2 : align === 'right' ? x - maxWidth : x, y: top, w: maxWidth, h };
  const each = widths.map((lw, i) => ({ x: leftOf(lw), y: top + i * step, w: lw, h: middle ? h : size }));
  probe.texts.push({ text: lines.join('\n'), size, bold, rect: { x: leftOf(w), y: top, w, h }, lines: each, room, truncated });
}

/** Whether a probe is recording (the other draw files check before measuring what they drew). */
export function probing(): boolean {
  return probe !== null;
}

/** Records a filled box while a probe runs. */
export function recordBox(r: Rect): void {
  probe?.boxes.push({ x: r.x, y: r.y, w: r.w, h: r.h });
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

/** `line`, cut and ended with "…" when it is wider than `maxWidth` in the current font. */
export function fitWithEllipsis(ctx: Ctx, line: string, maxWidth: number): string {
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
  ctx.fillStyle = o.colour ?? PALETTE.ink;
  ctx.textAlign = o.align ?? 'left';
  ctx.textBaseline = 'top';
  const { lines, step } = layoutText(ctx, text, o);
  lines.forEach((line, i) => fillTextRun(ctx, line, o.x, o.y + i * step));
  if (probe) recordText(ctx, lines, o.x, o.y, size, o.bold ?? false, o.align ?? 'left', step, o.maxWidth, lines.some((l) => l.endsWith('…')) && !text.trimEnd().endsWith('…'));
  return { lines, height: lines.length * step };
}

/**
 * The height {@link drawText} would use, drawing nothing: for text already on a cached layer that what
 * is drawn over it must clear. Sets the context's font as drawText does.
 */
export function textHeight(ctx: Ctx, text: string, o: Omit<TextOptions, 'x' | 'y'>): number {
  const { lines, step } = layoutText(ctx, text, o);
  return lines.length * step;
}

function layoutText(ctx: Ctx, text: string, o: Omit<TextOptions, 'x' | 'y'>): { lines: string[]; step: number } {
  const size = Math.max(o.size ?? FONT_SIZE.body, FONT_SIZE.small);
  ctx.font = font(size, o.bold ?? false);
  let lines = o.maxWidth === undefined ? [text.replace(/\n/g, ' ')] : wrapText(ctx, text, o.maxWidth);
  if (o.maxLines !== undefined && lines.length > o.maxLines) {
    lines = lines.slice(0, o.maxLines);
    const last = lines.length - 1;
    lines[last] = fitWithEllipsis(ctx, `${lines[last] ?? ''}…`, o.maxWidth ?? Number.POSITIVE_INFINITY);
  } else if (o.maxWidth !== undefined && lines.length === 1) {
    lines[0] = fitWithEllipsis(ctx, lines[0] ?? '', o.maxWidth);
  }
  return { lines, step: size * (o.lineHeight ?? 1.25) };
}
