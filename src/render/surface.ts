import { createHash } from 'node:crypto';
import { Canvas, createCanvas, registerFont, type CanvasRenderingContext2D } from 'canvas';
import { fromRoot } from '../ops/paths.ts';
import { ByteLru } from './byte-lru.ts';

/** Family name of the bundled DejaVu Sans, registered under our own name so the system fonts never stand in. */
export const FONT_FAMILY = 'Turnkeeper Sans';

let fontsRegistered = false;

/** Registers the bundled fonts once; node-canvas needs this before the first canvas is created. */
export function registerFonts(): void {
  if (fontsRegistered) return;
  const font = (file: string) => fromRoot('assets', 'fonts', file);
  registerFont(font('DejaVuSans.ttf'), { family: FONT_FAMILY });
  registerFont(font('DejaVuSans-Bold.ttf'), { family: FONT_FAMILY, weight: 'bold' });
  fontsRegistered = true;
}

export type { Canvas, CanvasRenderingContext2D };

export interface Surface {
  readonly canvas: Canvas;
  readonly ctx: CanvasRenderingContext2D;
  /** Layout size in units; the canvas holds `density` pixels per unit. */
  readonly width: number;
  readonly height: number;
  readonly density: number;
}

export interface SurfaceOptions {
  /**
   * No alpha channel (cairo RGB24): for images whose background is painted first, as every table is.
   * The pixels come out the same, and PNG encoding skips alpha, un-premultiplying included: about
   * twice as fast and 10 % smaller for table images (14–18 instead of 28–30 ms at 1600×1100–1240).
   */
  readonly opaque?: boolean;
  /**
   * Pixels per layout unit (default 1): a table laid out 800 units wide at density 2 is a 1600 px image
   * whose type is sized for the 550 px preview Discord shows on a phone, and stays sharp when opened.
   */
  readonly density?: number;
  /**
   * Take a surface of the same pixel size and kind that an earlier picture was encoded from, instead of
   * allocating one (a 1200 × 2555 table: ~7 ms to allocate and clear, and 12 MB of native memory that
   * drives the garbage collector; ~0.5 ms to clear one again). {@link encodePng} hands the surface back
   * once its PNG is made, so **the canvas must not be used after `encodePng` is called**. A reused
   * surface is cleared to black and its context state reset before it is handed out, so nothing of an
   * earlier picture (a player's private one) can show through.
   */
  readonly reuse?: boolean;
}

/** Pixel bytes of spare surfaces kept for {@link SurfaceOptions.reuse}: two 1600 × 4124 tables. */
export const SPARE_SURFACE_BYTES = 64 * 2 ** 20;

const pixelBytes = (canvas: Canvas): number => canvas.width * canvas.height * 4;

const spare = new ByteLru<Canvas>(SPARE_SURFACE_BYTES, (canvas) => pixelBytes(canvas));
/** Reusable canvases (created with `reuse`), by their kind key. */
const reusable = new WeakMap<Canvas, string>();

const surfaceKey = (width: number, height: number, opaque: boolean): string => `${width}x${height}${opaque ? ':rgb' : ''}`;

/** A blank image to draw a table on, `width` × `height` layout units. Registers the fonts on first use. */
export function createSurface(width: number, height: number, options: SurfaceOptions = {}): Surface {
  registerFonts();
  const density = options.density ?? 1;
  const pw = Math.ceil(width * density);
  const ph = Math.ceil(height * density);
  const key = surfaceKey(pw, ph, options.opaque === true);
  const kept = options.reuse ? spare.take(key) : undefined;
  let canvas: Canvas;
  let ctx: CanvasRenderingContext2D;
  if (kept) {
    canvas = kept;
    ctx = canvas.getContext('2d');
    ctx.restore();
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';
    ctx.fillStyle = '#000000';
    if (options.opaque) ctx.fillRect(0, 0, pw, ph);
    else ctx.clearRect(0, 0, pw, ph);
  } else {
    canvas = createCanvas(pw, ph);
    ctx = options.opaque ? canvas.getContext('2d', { pixelFormat: 'RGB24' }) : canvas.getContext('2d');
    if (options.reuse) {
      reusable.set(canvas, key);
      ctx.save();
    }
  }
  if (density !== 1) ctx.scale(density, density);
  surfaceCreated?.({ width, height, density });
  return { canvas, ctx, width, height, density };
}

/** Keeps a reusable surface whose picture is encoded; the oldest spares go past {@link SPARE_SURFACE_BYTES}. */
function handBack(canvas: Canvas): void {
  const key = reusable.get(canvas);
  if (key === undefined || spare.has(key)) return;
  spare.put(key, canvas);
}

/** How many spare surfaces are kept and their pixel bytes, for tests and measurements. */
export function spareSurfaceStats(): { readonly surfaces: number; readonly bytes: number } {
  const { entries, bytes } = spare.stats();
  return { surfaces: entries, bytes };
}

let surfaceCreated: ((s: { width: number; height: number; density: number }) => void) | undefined;

/** Tells `listener` about every surface created from now on (the text probe of draw-text.ts); `undefined` stops. */
export function onSurfaceCreated(listener: ((s: { width: number; height: number; density: number }) => void) | undefined): void {
  surfaceCreated = listener;
}

/**
 * PNG bytes, encoded in libuv's thread pool so the event loop keeps serving interactions (Discord wants
 * an answer within 3 s). Level 3 without filters is about 6× faster than the default (level 6, all
 * filters) for table images and 4–9 % larger; levels 1–2 are no faster, level 4 takes twice as long,
 * row filters cost time and bytes on these flat-coloured pictures, level 0 is slower (7 MB to copy).
 * A surface created with `reuse` is handed back for the next picture once encoded.
 */
export function encodePng(canvas: Canvas): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    canvas.toBuffer(
      (error, buffer) => {
        handBack(canvas);
        if (error) reject(error);
        else resolve(buffer);
      },
      'image/png',
      {
        compressionLevel: 3,
        filters: Canvas.PNG_FILTER_NONE,
      },
    );
  });
}

/**
 * Bytes of pixels the layer cache may hold: 48 MiB is eight 1600×1000 map backgrounds (6.1 MB each at
 * 4 bytes a pixel). Least recently used layers are dropped past it.
 */
export const LAYER_CACHE_BYTES = 48 * 2 ** 20;

const layers = new ByteLru<Canvas>(LAYER_CACHE_BYTES, (canvas) => pixelBytes(canvas));

/**
 * A cache key for a layer: `name` and a digest of every input the layer is drawn from (pack id and
 * version, language, texts, geometry). Give it all of them, so a changed input never reuses a stale layer.
 */
export function layerKey(name: string, inputs: unknown): string {
  return `${name}:${createHash('sha1').update(JSON.stringify(inputs)).digest('base64url')}`;
}

/**
 * A static layer (a map page's background, card frames) drawn once and reused; least recently used
 * layers are dropped past {@link LAYER_CACHE_BYTES}. A layer larger than the whole budget is drawn
 * and returned but not kept. Build `key` with {@link layerKey}. An opaque layer that paints its whole
 * area is copied pixel for pixel by `drawImage` at integer coordinates, so a table drawn over it is the
 * same as one drawn from scratch.
 */
export function cachedLayer(key: string, width: number, height: number, draw: (ctx: CanvasRenderingContext2D) => void, options: SurfaceOptions = {}): Canvas {
  const hit = layers.lookup(key, (c) => c.width === width && c.height === height);
  if (hit) return hit;
  const { canvas, ctx } = createSurface(width, height, options);
  draw(ctx);
  layers.put(key, canvas);
  return canvas;
}

/** Empties the layer cache and its counters (tests, or after a pack is replaced). */
export function clearLayerCache(): void {
  layers.clear();
}

/** Sets the cache's byte budget (tests, measurements); shrinking drops the oldest layers at once. */
export function setLayerCacheBytes(bytes: number): void {
  layers.setBudget(bytes);
}

/** What the layer cache holds and how often it answered, for measurements. */
export function layerCacheStats(): { readonly layers: number; readonly bytes: number; readonly budget: number; readonly hits: number; readonly misses: number } {
  const { entries, ...rest } = layers.stats();
  return { layers: entries, ...rest };
}

/**
 * Lets the event loop run between drawing steps. Drawing on a canvas is synchronous; a table drawn in a
 * few steps with a yield between them keeps other interactions answered while it renders.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
