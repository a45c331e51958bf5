import { FONT_SIZE, PALETTE } from './palette.ts';
import type { CanvasRenderingContext2D } from './surface.ts';
import { drawText, font, probing, recordBox, textWidth, type Rect } from './draw-text.ts';

type Ctx = CanvasRenderingContext2D;

export interface BoxStyle {
  readonly fill?: string;
  readonly stroke?: string;
  readonly lineWidth?: number;
  readonly radius?: number;
}

/** A rectangle with rounded corners, filled and/or outlined. */
export function drawRoundRect(ctx: Ctx, r: Rect, style: BoxStyle = {}): void {
  if (probing() && style.fill !== undefined) recordBox(r);
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
