import { LAYER_CACHE_BYTES, setLayerCacheBytes } from './surface.ts';
import { startTextProbe, stopTextProbe, type DrawnText, type Rect } from './draw-text.ts';

/** Discord shows a posted picture about this wide on a phone (issue 15 "One good picture per turn"). */
export const PREVIEW_WIDTH = 550;
/** The smallest type, in preview pixels, that still reads at that width. */
export const MIN_PREVIEW_PX = 11;

/** What a picture's text looks like at the preview width, and what is wrong with it. */
export interface Legibility {
  readonly texts: readonly DrawnText[];
  /** The smallest font size drawn, in pixels at {@link PREVIEW_WIDTH}. */
  readonly smallestPx: number;
  readonly overlaps: readonly string[];
  /** Texts outside the picture, wider than the room they were given, or spilling out of the box they sit in. */
  readonly overflows: readonly string[];
  readonly truncated: readonly string[];
}

const EPS = 0.75;

function inside(inner: Rect, outer: Rect): boolean {
  return inner.x >= outer.x - EPS && inner.y >= outer.y - EPS && inner.x + inner.w <= outer.x + outer.w + EPS && inner.y + inner.h <= outer.y + outer.h + EPS;
}

function intersects(a: Rect, b: Rect): boolean {
  return Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > EPS && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > EPS;
}

/** The same text drawn again in the same place and type (a part of a cached layer drawn over once more): one text to a reader. */
const sameInk = (a: DrawnText, b: DrawnText): boolean =>
  a.text === b.text && a.size === b.size && a.bold === b.bold && a.rect.x === b.rect.x && a.rect.y === b.rect.y && a.rect.w === b.rect.w && a.rect.h === b.rect.h;

const show = (t: DrawnText): string => `"${t.text}" at ${Math.round(t.rect.x)},${Math.round(t.rect.y)} (${Math.round(t.rect.w)}×${Math.round(t.rect.h)})`;

/**
 * Draws a picture with every cached layer drawn afresh (so every text is seen) and measures its text
 * with the draw layer's probe. `layoutWidth` is the picture's width in layout units.
 */
export async function measure(draw: () => Promise<Buffer>, layoutWidth: number): Promise<Legibility & { png: Buffer; layoutHeight: number }> {
  setLayerCacheBytes(0);
  startTextProbe();
  let png: Buffer;
  try {
    png = await draw();
  } finally {
    setLayerCacheBytes(LAYER_CACHE_BYTES);
  }
  const probe = stopTextProbe();
  const density = png.readUInt32BE(16) / layoutWidth;
  const layoutHeight = png.readUInt32BE(20) / density;
  const page: Rect = { x: 0, y: 0, w: layoutWidth, h: layoutHeight };
  const texts = probe.texts.filter((t) => t.text.trim() !== '');
  const overlaps: string[] = [];
  texts.forEach((a, i) => {
    for (const b of texts.slice(i + 1)) if (intersects(a.rect, b.rect) && !sameInk(a, b)) overlaps.push(`${show(a)} overlaps ${show(b)}`);
  });
  const overflows: string[] = [];
  for (const t of texts) {
    if (!inside(t.rect, page)) overflows.push(`${show(t)} leaves the picture`);
    if (t.room && !inside({ ...t.rect, y: t.room.y, h: t.room.h }, t.room)) overflows.push(`${show(t)} is wider than its room (${Math.round(t.room.w)})`);
    const cx = t.rect.x + t.rect.w / 2;
    const cy = t.rect.y + t.rect.h / 2;
    const holders = probe.boxes.filter((b) => cx >= b.x && cx <= b.x + b.w && cy >= b.y && cy <= b.y + b.h);
    const box = holders.sort((a, b) => a.w * a.h - b.w * b.h)[0];
    if (box && !inside(t.rect, box)) overflows.push(`${show(t)} spills out of its box ${Math.round(box.x)},${Math.round(box.y)} (${Math.round(box.w)}×${Math.round(box.h)})`);
  }
  const smallest = Math.min(...texts.map((t) => t.size));
  return {
    png,
    layoutHeight,
    texts,
    smallestPx: (smallest * PREVIEW_WIDTH) / layoutWidth,
    overlaps,
    overflows,
    truncated: texts.filter((t) => t.truncated).map(show),
  };
}
