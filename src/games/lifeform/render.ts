import { PALETTE, createSurface, drawRoundRect, drawText, encodePng, registerRenderer, type CanvasRenderingContext2D } from '../../render/index.ts';
import { packText, type LifeformPack } from './content.ts';

/**
 * The Lifeform table picture (issue 17 "The picture"), drawn from the PUBLIC view only: the three decks
 * as grids of chambers, corridors solid and tunnels dashed, characters in their owner's colour (a
 * "hidden" mark when hidden), the images as identical letters, the android, power outages, terror and
 * mission tokens, and the tracks. 1000 px wide, so 18 px text stays legible at 550 px display width.
 */

/** Interface strings of the picture in the reader's language (`lf.render.*`); undefined when absent. */
export type LifeformUi = (code: string, lang: string, params?: Record<string, unknown>) => string | undefined;

interface PublicLf {
  round: number;
  characters: { id: string; owner: number; at: string; hidden: boolean }[];
  images: { id: number; at: string | null }[];
  android: { state: string; at: string | null };
  mission: Record<string, number>;
  outages: string[];
  terrors: string[];
  hullBreach: string | null;
  tracks: { selfDestruct: number; minute: number | null; malfunction: number; androidStatus: number; cocoon: number; hostility: number };
  loadout: Record<string, number>;
}

export const WIDTH = 1000;
export const MIN_TEXT = 18;
const M = 16;
const HEADER = 56;
const CELL_W = (WIDTH - 2 * M) / 4;
const CELL_H = 150;
const DECK_H = 2 * CELL_H + 40;
const FOOTER = 110;

/** Seat colours, distinct on a phone screen. */
export const SEAT_COLOURS: readonly string[] = [PALETTE.red, PALETTE.blue, PALETTE.green, PALETTE.orange];

type Ctx = CanvasRenderingContext2D;

function cellOf(deckIndex: number, at: readonly [number, number]): { x: number; y: number } {
  return { x: M + at[0] * CELL_W, y: HEADER + deckIndex * DECK_H + 34 + at[1] * CELL_H };
}

/** Draws the public view; `ui` gives the interface strings, `pack` the ship and its names. */
export async function renderLifeform(view: PublicLf, pack: LifeformPack, lang: string, ui: LifeformUi): Promise<Buffer> {
  const ship = pack.ship as unknown as { decks: { id: string }[]; chambers: { id: string; deck: string; at: [number, number] }[]; corridors: unknown[]; tunnels: unknown[] };
  const decks = ship.decks;
  const height = HEADER + decks.length * DECK_H + FOOTER;
  const { canvas, ctx } = createSurface(WIDTH, height, { opaque: true });
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, WIDTH, height);
  const text = (key: string): string => packText(pack, key, lang) ?? key.split('.').slice(-2, -1)[0] ?? key;
  const say = (code: string, params?: Record<string, unknown>): string => ui(code, lang, params) ?? code;
  drawText(ctx, say('lf.render.title', { round: view.round }), { x: M, y: 14, size: 26, bold: true });
  const centre = new Map<string, { x: number; y: number }>();
  const deckOf = new Map<string, number>();
  decks.forEach((d, i) => deckOf.set(d.id, i));
  for (const c of ship.chambers) {
    const p = cellOf(deckOf.get(c.deck) ?? 0, c.at);
    centre.set(c.id, { x: p.x + CELL_W / 2, y: p.y + CELL_H / 2 });
  }
  decks.forEach((d, i) => drawText(ctx, text(`ship.decks.${d.id}.name`), { x: M, y: HEADER + i * DECK_H + 6, size: 22, bold: true, colour: PALETTE.muted }));
  drawLinks(ctx, ship.corridors, centre, false);
  drawLinks(ctx, ship.tunnels, centre, true);
  for (const c of ship.chambers) {
    const p = cellOf(deckOf.get(c.deck) ?? 0, c.at);
    drawChamber(ctx, view, c.id, { x: p.x + 6, y: p.y + 6, w: CELL_W - 12, h: CELL_H - 12 }, text, say);
  }
  const tr = view.tracks;
  const footY = HEADER + decks.length * DECK_H + 8;
  drawText(ctx, say('lf.render.tracks', { sd: tr.selfDestruct, minute: tr.minute ?? '—', malfunction: tr.malfunction, android: tr.androidStatus, cocoon: tr.cocoon, hostility: tr.hostility }), { x: M, y: footY, size: 20, maxWidth: WIDTH - 2 * M, maxLines: 2 });
  const columns = Object.entries(view.loadout).map(([k, v]) => `${say(`lf.render.column.${k}`)} ${v}`).join(' · ');
  drawText(ctx, say('lf.render.loadout', { columns }), { x: M, y: footY + 30, size: 20, maxWidth: WIDTH - 2 * M, maxLines: 1 });
  const aboard = view.characters.filter((c) => c.at === 'remora').map((c) => text(`character.${c.id}.name`));
  drawText(ctx, say('lf.render.aboard', { names: aboard.length > 0 ? aboard.join(', ') : say('lf.render.nobody') }), { x: M, y: footY + 60, size: 20, maxWidth: WIDTH - 2 * M, maxLines: 1 });
  return encodePng(canvas);
}

function drawLinks(ctx: Ctx, links: readonly unknown[], centre: ReadonlyMap<string, { x: number; y: number }>, tunnel: boolean): void {
  ctx.save();
  ctx.strokeStyle = tunnel ? PALETTE.purple : PALETTE.panelBorder;
  ctx.lineWidth = tunnel ? 4 : 8;
  ctx.setLineDash(tunnel ? [10, 8] : []);
  for (const l of links) {
    const [a, b] = (Array.isArray(l) ? l : [(l as { from?: string }).from, (l as { to?: string }).to]) as [string, string];
    const p = centre.get(a);
    const q = centre.get(b);
    if (!p || !q) continue;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x + (tunnel ? 6 : 0), q.y + (tunnel ? 6 : 0));
    ctx.stroke();
  }
  ctx.restore();
}

function drawChamber(ctx: Ctx, v: PublicLf, id: string, r: { x: number; y: number; w: number; h: number }, text: (k: string) => string, say: (c: string, p?: Record<string, unknown>) => string): void {
  const breached = v.hullBreach === id;
  drawRoundRect(ctx, r, { fill: breached ? PALETTE.dark : PALETTE.panel, stroke: v.outages.includes(id) ? PALETTE.yellow : PALETTE.panelBorder, lineWidth: v.outages.includes(id) ? 4 : 2 });
  drawText(ctx, text(`ship.chamber.${id}.name`), { x: r.x + 8, y: r.y + 6, size: 18, bold: true, maxWidth: r.w - 16, maxLines: 1 });
  const marks: string[] = [];
  if (v.outages.includes(id)) marks.push(say('lf.render.outage'));
  const terror = v.terrors.filter((t) => t === id).length;
  if (terror > 0) marks.push(say('lf.render.terror', { n: terror }));
  if ((v.mission[id] ?? 0) > 0) marks.push(say('lf.render.mission', { n: v.mission[id] }));
  if (breached) marks.push(say('lf.render.breach'));
  if (marks.length > 0) drawText(ctx, marks.join(' '), { x: r.x + 8, y: r.y + 30, size: 18, colour: PALETTE.yellow, maxWidth: r.w - 16, maxLines: 1 });
  let y = r.y + 56;
  for (const c of v.characters.filter((x) => x.at === id)) {
    ctx.fillStyle = SEAT_COLOURS[c.owner % SEAT_COLOURS.length] ?? PALETTE.white;
    ctx.beginPath();
    ctx.arc(r.x + 16, y + 10, 8, 0, Math.PI * 2);
    ctx.fill();
    const name = text(`character.${c.id}.name`);
    drawText(ctx, c.hidden ? say('lf.render.hidden', { name }) : name, { x: r.x + 30, y, size: 18, maxWidth: r.w - 40, maxLines: 1 });
    y += 22;
  }
  const items: string[] = v.images.filter((i) => i.at === id).map((i) => say('lf.render.image', { image: i.id }));
  if (v.android.at === id) items.push(say('lf.render.android'));
  if (items.length > 0) drawText(ctx, items.join(' '), { x: r.x + 8, y: r.y + r.h - 26, size: 18, bold: true, colour: PALETTE.red, maxWidth: r.w - 16, maxLines: 1 });
}

/** Registers the Lifeform picture with the render registry (src/render/games.ts). */
export function register(pack: (packId?: string) => LifeformPack | undefined, ui: LifeformUi): void {
  registerRenderer('lifeform', async (view, lang) => {
    const p = pack((view as { packId?: string }).packId);
    if (!p) throw new Error('no lifeform pack to draw the table with');
    return renderLifeform(view as PublicLf, p, lang, ui);
  });
}
