import { loadImage } from 'canvas';
import { PALETTE } from './palette.ts';
import { createSurface, encodePng } from './surface.ts';

const GAP = 16;

/**
 * One picture from the table and the sheets beside it (issue 15 "One good picture per turn"): the
 * sheets (inventories, character panels) sit under the table, so a turn posts one image instead of one
 * per player. Sheets as wide as the table go one to a row at full size (their type stays as legible as
 * the table's); narrower ones go two to a row, scaled down only when they do not fit.
 */
export async function foldPictures(table: Buffer, sheets: readonly Buffer[]): Promise<Buffer> {
  if (sheets.length === 0) return table;
  const [top, ...parts] = await Promise.all([table, ...sheets].map((b) => loadImage(b)));
  if (!top) return table;
  const width = top.width;
  const widest = Math.max(...parts.map((p) => p.width));
  const full = widest >= width;
  const columns = parts.length === 1 || full ? 1 : 2;
  const cell = full ? width : Math.floor((width - GAP * (columns + 1)) / columns);
  const left = full ? 0 : GAP;
  const scaled = parts.map((img) => {
    const scale = Math.min(1, cell / img.width);
    return { img, w: Math.round(img.width * scale), h: Math.round(img.height * scale) };
  });
  const rows: (typeof scaled)[] = [];
  for (let i = 0; i < scaled.length; i += columns) rows.push(scaled.slice(i, i + columns));
  const rowHeights = rows.map((row) => Math.max(...row.map((p) => p.h)));
  const height = top.height + rowHeights.reduce((sum, h) => sum + h + (full ? 0 : GAP), 0) + (full ? 0 : GAP);
  const { canvas, ctx } = createSurface(width, height, { opaque: true });
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(top, 0, 0);
  let y = top.height + (full ? 0 : GAP);
  rows.forEach((row, r) => {
    row.forEach((p, c) => ctx.drawImage(p.img, left + c * (cell + GAP), y, p.w, p.h));
    y += (rowHeights[r] ?? 0) + (full ? 0 : GAP);
  });
  return encodePng(canvas);
}
