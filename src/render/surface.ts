import { fileURLToPath } from 'node:url';
import { Canvas, createCanvas, registerFont, type CanvasRenderingContext2D } from 'canvas';

/** Family name of the bundled DejaVu Sans, registered under our own name so the system fonts never stand in. */
export const FONT_FAMILY = 'Turnkeeper Sans';

let fontsRegistered = false;

/** Registers the bundled fonts once; node-canvas needs this before the first canvas is created. */
export function registerFonts(): void {
  if (fontsRegistered) return;
  const font = (file: string) => fileURLToPath(new URL(`../../assets/fonts/${file}`, import.meta.url));
  registerFont(font('DejaVuSans.ttf'), { family: FONT_FAMILY });
  registerFont(font('DejaVuSans-Bold.ttf'), { family: FONT_FAMILY, weight: 'bold' });
  fontsRegistered = true;
}

export type { Canvas, CanvasRenderingContext2D };

export interface Surface {
  readonly canvas: Canvas;
  readonly ctx: CanvasRenderingContext2D;
  readonly width: number;
  readonly height: number;
}

/** A blank image to draw a table on. Registers the fonts on first use. */
export function createSurface(width: number, height: number): Surface {
  registerFonts();
  const canvas = createCanvas(width, height);
  return { canvas, ctx: canvas.getContext('2d'), width, height };
}

/**
 * PNG bytes, encoded in libuv's thread pool so the event loop keeps serving interactions (Discord wants
 * an answer within 3 s). Level 3 without filters is about 2.5× faster than the default for table images.
 */
export function encodePng(canvas: Canvas): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    canvas.toBuffer((error, buffer) => (error ? reject(error) : resolve(buffer)), 'image/png', {
      compressionLevel: 3,
      filters: Canvas.PNG_FILTER_NONE,
    });
  });
}

/** How many static layers are kept; a map page background at 1600×1000 is about 6 MB of pixels. */
export const LAYER_CACHE_SIZE = 24;

const layers = new Map<string, Canvas>();

/**
 * A static layer (a map page's background, card frames) drawn once and reused; least recently used
 * layers are dropped past {@link LAYER_CACHE_SIZE}. Put the pack id and version in `key`.
 */
export function cachedLayer(key: string, width: number, height: number, draw: (ctx: CanvasRenderingContext2D) => void): Canvas {
  const hit = layers.get(key);
  if (hit && hit.width === width && hit.height === height) {
    layers.delete(key);
    layers.set(key, hit);
    return hit;
  }
  const { canvas, ctx } = createSurface(width, height);
  draw(ctx);
  layers.set(key, canvas);
  while (layers.size > LAYER_CACHE_SIZE) {
    const oldest = layers.keys().next().value as string;
    layers.delete(oldest);
  }
  return canvas;
}

/** Empties the layer cache (tests, or after a pack is replaced). */
export function clearLayerCache(): void {
  layers.clear();
}

/**
 * Lets the event loop run between drawing steps. Drawing on a canvas is synchronous; a table drawn in a
 * few steps with a yield between them keeps other interactions answered while it renders.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
