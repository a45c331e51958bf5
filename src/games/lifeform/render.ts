import { PALETTE, createSurface, drawLayer, drawRoundRect, drawText, encodePng, registerRenderer, textHeight, type CanvasRenderingContext2D } from '../../render/index.ts';
import { packText, type LifeformPack } from './content.ts';
import { drawFooter, footerHeight, type Say } from './render-panels.ts';
import { SEAT_COLOURS, isLifeformView, type PublicLf } from './render-view.ts';

export { SEAT_COLOURS, type PublicLf } from './render-view.ts';

/**
 * The Lifeform table picture (issue 17 "The picture"): the three decks as grids of chambers, corridors
 * solid and tunnels dashed, characters in their owner's colour (a "hidden" mark when hidden), the images
 * as identical letters, the android, the ship's cat, power outages, terror and mission tokens, the
 * security door on its corridor; under the decks the tracks, the Remora's loadout columns, the role
 * boards, the players' colours and a legend. 800 units wide drawn at 1.5 px a unit (1200 px), text never
 * under 16 units, so the smallest text is 11 px when Discord shows it 550 px wide (docs/pictures) and 24 px
 * when opened; 2 px a unit drew 78 % more pixels for no gain in the preview (docs/performance.md "Lifeform").
 *
 * Drawn from the view it is given: the channel gets the public view, whose images are identical. The
 * lifeform player's DM (GameModule.privately) gets its own view, and only then is the real image marked
 * and a panel added with its hand and stowaway choice (render-panels.ts `drawPrivate`).
 */

/** Interface strings of the picture in the reader's language (`lf.render.*`); undefined when absent. */
export type LifeformUi = (code: string, lang: string, params?: Record<string, unknown>) => string | undefined;

/** Layout units; the PNG is {@link DENSITY} times larger. */
export const WIDTH = 800;
export const DENSITY = 1.5;
/** The smallest type drawn, in layout units (11 px at 550 px display width). */
export const MIN_TEXT = 16;
const M = 10;
const HEADER = 44;
const CELL_W = (WIDTH - 2 * M) / 4;
const CELL_H = 170;
const DECK_LABEL = 26;
const DECK_H = DECK_LABEL + 2 * CELL_H + 8;


type Ctx = CanvasRenderingContext2D;
type Box = { x: number; y: number; w: number; h: number };

function cellOf(deckIndex: number, at: readonly [number, number]): { x: number; y: number } {
  return { x: M + at[0] * CELL_W, y: HEADER + deckIndex * DECK_H + DECK_LABEL + at[1] * CELL_H };
}


/** Draws a view; `ui` gives the interface strings, `pack` the ship and its names. */
export async function renderLifeform(view: PublicLf, pack: LifeformPack, lang: string, ui: LifeformUi): Promise<Buffer> {
  const ship = pack.ship as unknown as { decks: { id: string }[]; chambers: { id: string; deck: string; at: [number, number] }[]; corridors: unknown[]; tunnels: unknown[] };
  const decks = ship.decks;
  const text = (key: string): string => packText(pack, key, lang) ?? key.split('.').slice(-2, -1)[0] ?? key;
  const say: Say = (code, params) => ui(code, lang, params) ?? code;
  const boardBottom = HEADER + decks.length * DECK_H;
  const height = boardBottom + 4 + footerHeight(view, pack, WIDTH - 2 * M, text, say) + M;
  const { canvas, ctx } = createSurface(WIDTH, height, { opaque: true, density: DENSITY, reuse: true });
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, WIDTH, height);
  drawText(ctx, say('lf.render.title', { round: view.round }), { x: M, y: 10, size: 24, bold: true, maxWidth: WIDTH - 2 * M });
  const box = new Map<string, Box>();
  const deckOf = new Map<string, number>();
  decks.forEach((d, i) => deckOf.set(d.id, i));
  for (const c of ship.chambers) {
    const p = cellOf(deckOf.get(c.deck) ?? 0, c.at);
    box.set(c.id, { x: p.x + 4, y: p.y + 4, w: CELL_W - 8, h: CELL_H - 8 });
  }
  const deckNames = decks.map((d) => text(`ship.decks.${d.id}.name`));
  const chamberNames = new Map(ship.chambers.map((c) => [c.id, text(`ship.chamber.${c.id}.name`)]));
  const inputs = { decks: deckNames, chambers: ship.chambers.map((c) => [c.id, c.deck, c.at, chamberNames.get(c.id)]), corridors: ship.corridors, tunnels: ship.tunnels };
  drawLayer(ctx, 'lifeform:ship', inputs, { x: 0, y: HEADER, w: WIDTH, h: boardBottom - HEADER }, (g) => {
    deckNames.forEach((name, i) => drawText(g, name, { x: M, y: HEADER + i * DECK_H + 2, size: 18, bold: true, colour: PALETTE.muted }));
    drawLinks(g, ship.corridors, box, false);
    drawLinks(g, ship.tunnels, box, true);
    for (const c of ship.chambers) drawFrame(g, box.get(c.id) as Box, chamberNames.get(c.id) as string, false, false);
  });
  for (const c of ship.chambers) drawChamber(ctx, view, c.id, box.get(c.id) as Box, chamberNames.get(c.id) as string, text, say);
  if (view.door) drawDoor(ctx, view.door, box);
  drawFooter(ctx, view, pack, { x: M, y: boardBottom + 4, w: WIDTH - 2 * M }, text, say);
  return encodePng(canvas);
}

const centre = (b: Box): { x: number; y: number } => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

function linkEnds(l: unknown): [string, string] {
  return (Array.isArray(l) ? l : [(l as { from?: string }).from, (l as { to?: string }).to]) as [string, string];
}

function drawLinks(ctx: Ctx, links: readonly unknown[], boxes: ReadonlyMap<string, Box>, tunnel: boolean): void {
  ctx.save();
  ctx.strokeStyle = tunnel ? PALETTE.purple : PALETTE.panelBorder;
  ctx.lineWidth = tunnel ? 3 : 6;
  ctx.setLineDash(tunnel ? [8, 6] : []);
  for (const l of links) {
    const [a, b] = linkEnds(l);
    const p = boxes.get(a);
    const q = boxes.get(b);
    if (!p || !q) continue;
    const s = centre(p);
    const e = centre(q);
    const off = tunnel ? 8 : 0;
    ctx.beginPath();
    ctx.moveTo(s.x + off, s.y + off);
    ctx.lineTo(e.x + off, e.y + off);
    ctx.stroke();
  }
  ctx.restore();
}

/** The security door: an orange bar across its corridor where it leaves the first chamber (half lock: half as thick). */
function drawDoor(ctx: Ctx, door: { link: [string, string]; half: boolean }, boxes: ReadonlyMap<string, Box>): void {
  const p = boxes.get(door.link[0]);
  const q = boxes.get(door.link[1]);
  if (!p || !q) return;
  const a = centre(p);
  const b = centre(q);
  const horizontal = Math.abs(b.x - a.x) >= Math.abs(b.y - a.y);
  const mx = horizontal ? (b.x > a.x ? p.x + p.w : p.x) : a.x;
  const my = horizontal ? a.y : b.y > a.y ? p.y + p.h : p.y;
  const thick = door.half ? 5 : 10;
  ctx.save();
  ctx.fillStyle = PALETTE.orange;
  if (horizontal) ctx.fillRect(mx - thick / 2, my - 22, thick, 44);
  else ctx.fillRect(mx - 22, my - thick / 2, 44, thick);
  ctx.restore();
}

const NAME = { size: 16, bold: true, maxLines: 2, lineHeight: 1.15 } as const;

/** A chamber's box and name (the same every turn unless a power outage or a hull breach marks it); returns the name's height. */
function drawFrame(ctx: Ctx, r: Box, name: string, breached: boolean, outage: boolean): number {
  drawRoundRect(ctx, r, { fill: breached ? PALETTE.dark : PALETTE.panel, stroke: outage ? PALETTE.yellow : PALETTE.panelBorder, lineWidth: outage ? 4 : 2 });
  return drawText(ctx, name, { ...NAME, x: r.x + 6, y: r.y + 5, maxWidth: r.w - 12 }).height;
}

/**
 * What is in a chamber this turn, over the plain frame and name of the cached ship layer: a power outage
 * strokes the frame yellow over the plain border (which the wider stroke covers), a hull breach draws the
 * chamber again, dark.
 */
function drawChamber(ctx: Ctx, v: PublicLf, id: string, r: Box, name: string, text: (k: string) => string, say: Say): void {
  const breached = v.hullBreach === id;
  const outage = v.outages.includes(id);
  const inner = r.w - 12;
  let y = r.y + 5;
  if (breached) y += drawFrame(ctx, r, name, true, outage);
  else {
    if (outage) drawRoundRect(ctx, r, { stroke: PALETTE.yellow, lineWidth: 4 });
    y += textHeight(ctx, name, { ...NAME, maxWidth: inner });
  }
  const marks: string[] = [];
  if (outage) marks.push(say('lf.render.outage'));
  const terror = v.terrors.filter((t) => t === id).length;
  if (terror > 0) marks.push(say('lf.render.terror', { n: terror }));
  if ((v.mission[id] ?? 0) > 0) marks.push(say('lf.render.mission', { n: v.mission[id] }));
  if (breached) marks.push(say('lf.render.breach'));
  if (marks.length > 0) y += drawText(ctx, marks.join(' · '), { x: r.x + 6, y, size: 16, colour: PALETTE.yellow, maxWidth: inner, maxLines: 2, lineHeight: 1.15 }).height;
  const here = v.characters.filter((x) => x.at === id);
  const mine = isLifeformView(v);
  const items: string[] = v.images.filter((i) => i.at === id).map((i) => say(mine && i.id === v.real ? 'lf.render.realImage' : 'lf.render.image', { image: i.id }));
  if (v.android.at === id) items.push(say('lf.render.android'));
  if (v.cat?.at === id) items.push(say('lf.render.cat'));
  // Two columns only when one would leave the chamber (six characters, marks and an image in one place).
  const columns = y + here.length * 20 + (items.length > 0 ? 20 : 0) > r.y + r.h - 2 ? 2 : 1;
  const colW = inner / columns;
  const top = y;
  here.forEach((c, i) => {
    const cx = r.x + 6 + (i % columns) * colW;
    const cy = top + Math.floor(i / columns) * 20;
    ctx.fillStyle = SEAT_COLOURS[c.owner % SEAT_COLOURS.length] ?? PALETTE.white;
    ctx.beginPath();
    ctx.arc(cx + 6, cy + 9, 6, 0, Math.PI * 2);
    ctx.fill();
    const name = text(`character.${c.id}.name`);
    drawText(ctx, c.hidden ? say('lf.render.hidden', { name }) : name, { x: cx + 16, y: cy, size: 16, maxWidth: colW - 18, maxLines: 1 });
  });
  y = top + Math.ceil(here.length / columns) * 20;
  if (items.length > 0) drawText(ctx, items.join(' '), { x: r.x + 6, y: Math.max(y, r.y + r.h - 24), size: 16, bold: true, colour: PALETTE.red, maxWidth: inner, maxLines: 1 });
}

/** Registers the Lifeform picture with the render registry (src/render/games.ts). */
export function register(pack: (packId?: string) => LifeformPack | undefined, ui: LifeformUi): void {
  registerRenderer('lifeform', async (view, lang) => {
    const p = pack((view as { packId?: string }).packId);
    if (!p) throw new Error('no lifeform pack to draw the table with');
    return renderLifeform(view as PublicLf, p, lang, ui);
  });
}
