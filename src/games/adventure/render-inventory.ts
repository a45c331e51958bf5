import { FONT_SIZE, PALETTE, createSurface, drawPanel, drawRoundRect, drawText, encodePng } from '../../render/index.ts';
import { GAP, INVENTORY_WIDTH, MARGIN, PICTURE_DENSITY, figureColour, lookup, type AdventureText } from './render-kit.ts';
import type { AdventureView } from './view.ts';

const CARD_COLUMNS = 3;
const CARD_H = 12 + FONT_SIZE.label * 1.25 + 4 + 2 * FONT_SIZE.body * 1.25 + 10;
const PANEL_TITLE_H = FONT_SIZE.label + 24;

/**
 * One player's inventory: the face-up cards of every character the seat plays (Rules §Solo game setup:
 * one seat may play several), each card with its number and name. Public like the table, since the
 * format has no hidden hands. As wide as the table, so it folds under it at the same type size.
 */
export async function renderInventory(view: AdventureView, seat: number, lang: string, text?: AdventureText): Promise<Buffer> {
  const { say } = lookup(text, lang);
  const mine = view.characters.filter((c) => c.seat === seat);
  const inner = INVENTORY_WIDTH - 2 * MARGIN - 24;
  const cardW = (inner - GAP * (CARD_COLUMNS - 1)) / CARD_COLUMNS;
  const sections = mine.map((c) => {
    const rows = Math.ceil(c.inventory.length / CARD_COLUMNS);
    return { c, h: PANEL_TITLE_H + 24 + (rows === 0 ? FONT_SIZE.body * 1.25 : rows * (CARD_H + GAP) - GAP) };
  });
  const height = Math.ceil(mine.length === 0 ? 2 * MARGIN + FONT_SIZE.body * 1.25 : sections.reduce((h, s) => h + s.h + GAP, 0) - GAP + 2 * MARGIN);
  const { canvas, ctx } = createSurface(INVENTORY_WIDTH, height, { opaque: true, density: PICTURE_DENSITY });
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, INVENTORY_WIDTH, height);
  let y = MARGIN;
  if (mine.length === 0) drawText(ctx, say('adventure.render.noCards'), { x: MARGIN, y, size: FONT_SIZE.body, colour: PALETTE.muted, maxWidth: INVENTORY_WIDTH - 2 * MARGIN, maxLines: 1 });
  for (const { c, h } of sections) {
    const colour = figureColour(c.index);
    const box = drawPanel(ctx, { x: MARGIN, y, w: INVENTORY_WIDTH - 2 * MARGIN, h }, { title: say('adventure.render.inventory', { name: say(c.nameKey) }), border: colour });
    if (c.inventory.length === 0) drawText(ctx, say('adventure.render.noCards'), { x: box.x, y: box.y, size: FONT_SIZE.body, colour: PALETTE.muted, maxWidth: box.w, maxLines: 1 });
    c.inventory.forEach((card, i) => {
      const r = { x: box.x + (i % CARD_COLUMNS) * (cardW + GAP), y: box.y + Math.floor(i / CARD_COLUMNS) * (CARD_H + GAP), w: cardW, h: CARD_H };
      drawRoundRect(ctx, r, { fill: PALETTE.white, stroke: colour, lineWidth: 4, radius: 10 });
      drawText(ctx, String(card), { x: r.x + 12, y: r.y + 12, size: FONT_SIZE.label, bold: true, colour });
      drawText(ctx, say(`card.${card}`), { x: r.x + 12, y: r.y + 12 + FONT_SIZE.label * 1.25 + 4, size: FONT_SIZE.body, bold: true, colour: PALETTE.black, maxWidth: r.w - 24, maxLines: 2 });
    });
    y += h + GAP;
  }
  return encodePng(canvas);
}
