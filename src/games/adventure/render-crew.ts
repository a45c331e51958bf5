import { FONT_SIZE, PALETTE, createSurface, drawPanel, drawRoundRect, drawText, drawToken, font, panelContent, textWidth, type CanvasRenderingContext2D, type Rect } from '../../render/index.ts';
import { figureColour, initial, type Params } from './render-kit.ts';
import { HEALTH_BY_CHARACTERS } from './state.ts';
import type { AdventureView, CharacterView } from './view.ts';

type Ctx = CanvasRenderingContext2D;
type Say = (key: string, params?: Params) => string;

const LINE = (size: number): number => size * 1.25;
export const FIGURE_R = 16;
const HEALTH_CARD_W = 26;
const HEALTH_CARD_H = 36;
const CHIP_H = LINE(FONT_SIZE.small) + 8;
const CHIP_GAP = 6;
const LEGEND_H = 2 * LINE(FONT_SIZE.small) + 4;
const TITLE_H = FONT_SIZE.label + 24;
/** Where a row's text starts, right of the figure token. */
const TEXT_X = 2 * FIGURE_R + 16;

/** A character's figure: a token in its colour with its initial, ringed while it is that character's turn. */
export function drawFigure(ctx: Ctx, view: AdventureView, c: CharacterView, x: number, y: number, say: Say): void {
  if (c.index === view.turn && !view.finished) {
    ctx.beginPath();
    ctx.arc(x, y, FIGURE_R + 4, 0, Math.PI * 2);
    ctx.lineWidth = 3;
    ctx.strokeStyle = PALETTE.yellow;
    ctx.stroke();
  }
  drawToken(ctx, { x, y, radius: FIGURE_R, fill: figureColour(c.index), label: initial(say(c.nameKey)), stroke: PALETTE.white });
}

function drawHealthCard(ctx: Ctx, x: number, y: number, kind: 'up' | 'flipped' | 'boxed', colour: string): void {
  const r: Rect = { x, y, w: HEALTH_CARD_W, h: HEALTH_CARD_H };
  if (kind === 'boxed') {
    ctx.save();
    ctx.setLineDash([5, 5]);
    drawRoundRect(ctx, r, { stroke: PALETTE.muted, lineWidth: 2, radius: 5 });
    ctx.restore();
    return;
  }
  drawRoundRect(ctx, r, { fill: kind === 'up' ? PALETTE.white : '#7d818c', stroke: kind === 'up' ? colour : PALETTE.dark, lineWidth: 3, radius: 5 });
  if (kind === 'up') drawText(ctx, '♥', { x: x + HEALTH_CARD_W / 2, y: y + HEALTH_CARD_H / 2 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, align: 'center', colour: PALETTE.red });
}

/** One card a character holds, as a chip: its number in the character's colour and its name. */
interface Chip {
  readonly card: number;
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly numberW: number;
}

/** A character's row in the crew panel: its height and the chips of the cards it holds, laid out. */
export interface CrewRow {
  readonly h: number;
  readonly chips: readonly Chip[];
}

let measuring: Ctx | undefined;

/** Content width of the crew panel (the table's content width less the panel's padding). */
const crewInner = (contentW: number): number => contentW - 24;

/**
 * Lays out each character's row: name and health cards on top, then the cards it holds as chips that
 * wrap onto as many lines as they need (the inventories are part of the table, Rules §Rules for Cards:
 * cards in hand are open), relative to the row's top-left corner.
 */
export function crewRows(view: AdventureView, say: Say, contentW = 768): CrewRow[] {
  measuring ??= createSurface(1, 1).ctx;
  const ctx = measuring;
  const right = crewInner(contentW);
  return view.characters.map((c) => {
    const chips: Chip[] = [];
    let x = TEXT_X;
    let y = LINE(FONT_SIZE.body) + 4;
    for (const card of c.inventory) {
      ctx.font = font(FONT_SIZE.small, true);
      const numberW = textWidth(ctx, String(card));
      ctx.font = font(FONT_SIZE.small);
      const name = say(`card.${card}`);
      const w = Math.min(right - TEXT_X, 8 + numberW + 6 + textWidth(ctx, name) + 8);
      if (x + w > right && x > TEXT_X) {
        x = TEXT_X;
        y += CHIP_H + CHIP_GAP;
      }
      chips.push({ card, name, x, y, w, numberW });
      x += w + CHIP_GAP;
    }
    const content = chips.length === 0 ? LINE(FONT_SIZE.body) + 4 + LINE(FONT_SIZE.small) : y + CHIP_H;
    return { h: Math.max(content, HEALTH_CARD_H + 4, 2 * FIGURE_R + 8) + 10, chips };
  });
}

export function crewHeight(rows: readonly CrewRow[]): number {
  return TITLE_H + 24 + rows.reduce((h, r) => h + r.h, 0) + 8 + LEGEND_H;
}

/** The crew panel's frame and health legend (Rules §Health: face up, grey side, boxed). */
export function drawCrewBase(ctx: Ctx, rows: readonly CrewRow[], r: Rect, say: Say): void {
  const box = drawPanel(ctx, r, { title: say('adventure.render.crew') });
  const legendY = box.y + rows.reduce((h, row) => h + row.h, 0) + 8;
  const itemW = box.w / 3;
  (['up', 'flipped', 'boxed'] as const).forEach((kind, i) => {
    const x = box.x + i * itemW;
    drawHealthCard(ctx, x, legendY, kind, PALETTE.muted);
    const label = say(kind === 'up' ? 'adventure.render.healthUp' : kind === 'flipped' ? 'adventure.render.healthFlipped' : 'adventure.render.healthBoxed');
    drawText(ctx, label, { x: x + HEALTH_CARD_W + 8, y: legendY, size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: itemW - HEALTH_CARD_W - 16, maxLines: 2 });
  });
}

/** Each character's name, health cards and the cards it holds, over {@link drawCrewBase}. */
export function drawCrew(ctx: Ctx, view: AdventureView, rows: readonly CrewRow[], r: Rect, say: Say): void {
  const box = panelContent(r, true);
  const total = HEALTH_BY_CHARACTERS[view.characters.length] ?? 6;
  let y = box.y;
  view.characters.forEach((c, i) => {
    const row = rows[i] as CrewRow;
    const cards = Math.max(total, c.health.cards);
    const healthW = cards * (HEALTH_CARD_W + 6) - 6;
    const colour = figureColour(c.index);
    drawFigure(ctx, view, c, box.x + FIGURE_R + 4, y + FIGURE_R + 4, say);
    const textX = box.x + TEXT_X;
    const textW = box.w - TEXT_X - healthW - 12;
    drawText(ctx, say(c.nameKey), { x: textX, y, size: FONT_SIZE.body, bold: c.index === view.turn, maxWidth: textW, maxLines: 1 });
    if (row.chips.length === 0) drawText(ctx, say('adventure.render.holds', { count: 0 }), { x: textX, y: y + LINE(FONT_SIZE.body) + 4, size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: textW, maxLines: 1 });
    for (let k = 0; k < cards; k++) {
      const kind = k >= c.health.cards ? 'boxed' : k >= c.health.cards - c.health.flipped ? 'flipped' : 'up';
      drawHealthCard(ctx, box.x + box.w - healthW + k * (HEALTH_CARD_W + 6), y + 2, kind, colour);
    }
    for (const chip of row.chips) {
      const cx = box.x + chip.x;
      const cy = y + chip.y;
      drawRoundRect(ctx, { x: cx, y: cy, w: chip.w, h: CHIP_H }, { fill: PALETTE.white, stroke: colour, lineWidth: 2, radius: 6 });
      drawText(ctx, String(chip.card), { x: cx + 8, y: cy + 4, size: FONT_SIZE.small, bold: true, colour });
      drawText(ctx, chip.name, { x: cx + 8 + chip.numberW + 6, y: cy + 4, size: FONT_SIZE.small, colour: PALETTE.black, maxWidth: chip.w - chip.numberW - 22, maxLines: 1 });
    }
    y += row.h;
  });
}
