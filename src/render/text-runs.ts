import { createCanvas, type Canvas, type CanvasRenderingContext2D } from 'canvas';
import { ByteLru } from './byte-lru.ts';

type Ctx = CanvasRenderingContext2D;

/**
 * Bytes of pixels the text-run cache may hold: a run of 16-unit type at 1.5 px a unit is about 30 px
 * tall, so a 300 px wide label is ~36 KB; the Lifeform table's labels in both languages take 4.7 MB,
 * so 16 MiB keeps a few pictures' worth. Least recently used runs are dropped past it.
 */
export const TEXT_RUN_CACHE_BYTES = 16 * 2 ** 20;

/** Glyph placement kept within a quarter pixel: a run drawn at another fraction of a pixel is its own entry. */
const SUBPIXEL = 4;

interface Run {
  readonly canvas: Canvas;
  /** Where the text's anchor sits in the run, in whole pixels (the anchor's fraction is part of the key). */
  readonly left: number;
  readonly top: number;
  readonly bytes: number;
}

let direct = 0;
const runs = new ByteLru<Run>(TEXT_RUN_CACHE_BYTES, (run) => run.bytes);

/**
 * `ctx.fillText(text, x, y)` through a cache of rendered runs: node-canvas shapes and rasterizes text
 * with pango on every call (~0.3 ms for a label), while copying a cached run of the same font, colour,
 * alignment, scale and quarter-pixel position costs ~0.02 ms. Every game's text goes through here, so
 * a turn's picture reuses the labels of the turn before, in either language.
 *
 * A run is always drawn on its own small canvas and copied, kept or not, so a picture is the same with
 * a warm cache, a cold one, or none ({@link setTextRunCacheBytes}(0)). Compared with drawing straight
 * on the picture, glyphs sit at most an eighth of a pixel off and edge pixels differ by a rounding step
 * of the blend. Falls back to plain `fillText` for what a copy cannot reproduce: a rotated or skewed
 * transform, a gradient or pattern fill, another compositing mode, a shadow.
 */
export function fillTextRun(ctx: Ctx, text: string, x: number, y: number): void {
  const m = ctx.getTransform();
  const fill = ctx.fillStyle;
  if (text === '' || m.b !== 0 || m.c !== 0 || m.a <= 0 || m.a !== m.d || typeof fill !== 'string' || ctx.globalCompositeOperation !== 'source-over' || (ctx.shadowBlur > 0 && ctx.shadowColor !== 'rgba(0, 0, 0, 0)') || ctx.shadowOffsetX !== 0 || ctx.shadowOffsetY !== 0) {
    direct++;
    ctx.fillText(text, x, y);
    return;
  }
  const scale = m.a;
  const dx = m.a * x + m.e;
  const dy = m.d * y + m.f;
  let ix = Math.floor(dx);
  let iy = Math.floor(dy);
  let fx = Math.round((dx - ix) * SUBPIXEL);
  let fy = Math.round((dy - iy) * SUBPIXEL);
  if (fx === SUBPIXEL) [ix, fx] = [ix + 1, 0];
  if (fy === SUBPIXEL) [iy, fy] = [iy + 1, 0];
  const key = `${ctx.font}\u0000${fill}\u0000${ctx.textAlign}\u0000${ctx.textBaseline}\u0000${scale}\u0000${fx}\u0000${fy}\u0000${text}`;
  let run = runs.lookup(key);
  if (!run) {
    run = drawRun(ctx, text, scale, fx / SUBPIXEL, fy / SUBPIXEL);
    runs.put(key, run);
  }
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(run.canvas, ix - run.left, iy - run.top);
  ctx.restore();
}

/** The text alone on a transparent canvas just large enough for its ink (with room for antialiasing). */
function drawRun(ctx: Ctx, text: string, scale: number, fx: number, fy: number): Run {
  const ink = ctx.measureText(text);
  // Pango's ink box, plus room for the antialiased edge.
  const pad = 3;
  const left = Math.ceil(Math.max(ink.actualBoundingBoxLeft, 0) * scale) + pad;
  const top = Math.ceil(Math.max(ink.actualBoundingBoxAscent, 0) * scale) + pad;
  const width = left + Math.ceil(Math.max(ink.actualBoundingBoxRight, 0) * scale) + pad;
  const height = top + Math.ceil(Math.max(ink.actualBoundingBoxDescent, 0) * scale) + pad;
  const canvas = createCanvas(Math.max(width, 1), Math.max(height, 1));
  const g = canvas.getContext('2d');
  g.setTransform(scale, 0, 0, scale, left + fx, top + fy);
  g.font = ctx.font;
  g.fillStyle = ctx.fillStyle;
  g.textAlign = ctx.textAlign;
  g.textBaseline = ctx.textBaseline;
  g.fillText(text, 0, 0);
  return { canvas, left, top, bytes: canvas.width * canvas.height * 4 };
}

/** Empties the text-run cache and its counters (tests, measurements). */
export function clearTextRunCache(): void {
  runs.clear();
  direct = 0;
}

/** Sets the cache's byte budget; 0 keeps nothing (every run drawn afresh, same pixels). Shrinking drops the oldest runs at once. */
export function setTextRunCacheBytes(limit: number): void {
  runs.setBudget(limit);
}

/** What the text-run cache holds and how often it answered (`direct`: texts drawn without it), for measurements. */
export function textRunCacheStats(): { readonly runs: number; readonly bytes: number; readonly budget: number; readonly hits: number; readonly misses: number; readonly direct: number } {
  const { entries, ...rest } = runs.stats();
  return { runs: entries, ...rest, direct };
}
