import { PALETTE } from './palette.ts';
import { cachedLayer, layerKey, type CanvasRenderingContext2D } from './surface.ts';
import type { Rect } from './draw-text.ts';

/*
 * The draw layer games use, by concern: text and its measurement (`draw-text.ts`), boxes, panels and
 * cards (`draw-panels.ts`), game pieces, maps and legends (`draw-pieces.ts`), and cached layers here.
 */
export {
  drawText,
  font,
  startTextProbe,
  stopTextProbe,
  textHeight,
  textWidth,
  wrapText,
  type DrawnText,
  type Point,
  type Rect,
  type TextOptions,
  type TextProbe,
} from './draw-text.ts';
export { drawCard, drawPanel, drawPanelFrame, drawPanelTitle, drawRoundRect, panelContent, type BoxStyle, type CardOptions, type PanelStyle } from './draw-panels.ts';
export {
  drawDie,
  drawLegend,
  drawLink,
  drawSpace,
  drawStandee,
  drawToken,
  drawTrack,
  polygonCentre,
  spaceLabel,
  type DieOptions,
  type LegendItem,
  type LinkStyle,
  type SpaceLabel,
  type SpaceOptions,
  type StandeeOptions,
  type TokenOptions,
  type TrackOptions,
} from './draw-pieces.ts';
export { TEXT_RUN_CACHE_BYTES, clearTextRunCache, setTextRunCacheBytes, textRunCacheStats } from './text-runs.ts';

type Ctx = CanvasRenderingContext2D;

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
  else {
    // At the picture's own pixel scale: an untransformed copy (a scaled drawImage resamples, several times slower).
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(layer, Math.round(x * density), Math.round(y * density));
    ctx.restore();
  }
}
