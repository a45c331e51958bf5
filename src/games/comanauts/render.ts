import {
  FONT_SIZE,
  PALETTE,
  createSurface,
  drawLayer,
  drawLink,
  drawSpace,
  drawText,
  drawToken,
  encodePng,
  font,
  polygonCentre,
  registerRenderer,
  spaceLabel,
  textWidth,
  wrapText,
  type Point,
  type Rect,
  yieldToEventLoop,
} from '../../render/index.ts';
import { drawEnemies, drawLegendPanel, drawPieces, drawSheets, drawStatus, enemiesHeight, legendHeight, piecesHeight, sheetsHeight, statusHeight } from './render-board.ts';
import { drawNexus, nexusHeight, nexusOf, type KeyText } from './render-nexus.ts';
import { CONTENT_W, DENSITY, GAP, LABEL_KEYS, LINE, MARGIN, SEATS, WIDTH, mark, type Ctx, type Labels, type Pt, type TableView, type Text, type Tx } from './render-view.ts';

export { DENSITY as PICTURE_DENSITY, WIDTH as TABLE_WIDTH } from './render-view.ts';

/** Looks up an interface string (`comanauts.render.*`, `comanauts.colour.*`) in a language; the edge passes it in. */
export type ComanautsText = (code: string, lang: string) => string | undefined;

/** Looks up the game's pack text by key (names at the Nexus); the edge passes the pack the game is pinned to. */
export type ComanautsPackText = (view: { packId?: string; packVersion?: string }, key: string, lang: string, packHash?: string) => string | undefined;

function labelsFor(ui: ComanautsText | undefined, lang: string): Labels {
  return Object.fromEntries(LABEL_KEYS.map((key) => [key, ui?.(`comanauts.render.${key}`, lang) ?? key])) as Labels;
}

function headerLines(view: TableView, L: Labels, tx: Tx): { title: string; turn: string } {
  const place = nexusOf(view) ? L.nexus : tx(view.page.name);
  const active = view.players[view.active]?.name ?? '';
  const keeper = view.players[view.bookkeeper]?.name ?? '';
  const outcome = view.outcome ? (view.outcome.phase === 'won' ? L.won : L.lost) : null;
  return { title: `${place} · ${L.round} ${view.round}`, turn: outcome ?? `▶ ${active} (${L.turn}) · ${L.bookkeeper}: ${keeper}` };
}

let measuring: Ctx | undefined;

function headerHeight(view: TableView, L: Labels, tx: Tx): number {
  measuring ??= createSurface(1, 1).ctx;
  const { turn } = headerLines(view, L, tx);
  measuring.font = font(FONT_SIZE.body, true);
  const lines = Math.min(2, wrapText(measuring, turn, CONTENT_W).length);
  return LINE(FONT_SIZE.label) + 4 + lines * LINE(FONT_SIZE.body);
}

/** The map's box: the whole width, as tall as the page's proportions ask. */
function mapRect(page: TableView['page'], top: number): Rect {
  return { x: MARGIN, y: top, w: CONTENT_W, h: Math.round((CONTENT_W * page.size.h) / page.size.w) };
}

/**
 * Draws the table from the public view, laid out for a phone (issue 15 "One good picture per turn"): the
 * heading, the map page with spot numbers, the threat track and situation, the group task's total, vital
 * signs, the Morass and discard pool, the enemies with labelled actions, one sheet per player, a legend.
 * The map page, each enemy card and each player sheet come from the layer cache; the rest is drawn over.
 */
export async function renderComanauts(viewJson: unknown, locale: string, ui?: ComanautsText, keyText?: KeyText): Promise<Buffer> {
  const view = viewJson as TableView;
  const lang = locale.startsWith('es') ? 'es' : 'en';
  const L = labelsFor(ui, lang);
  const colourName = (colour: string): string => ui?.(`comanauts.colour.${colour}`, lang) ?? colour;
  const tx = (t: Text | null | undefined, fallback = ''): string => (t ? t[lang] : fallback);
  const headH = headerHeight(view, L, tx);
  // Issue 18: at the Nexus no page is played; its comazones, votes and the notebook stand where the map was.
  const nexus = nexusOf(view);
  const names = view.players.map((p) => p.name);
  const text: KeyText = keyText ?? (() => undefined);
  const map = nexus ? { x: MARGIN, y: MARGIN + headH + GAP, w: CONTENT_W, h: nexusHeight(nexus, L, text, names) } : mapRect(view.page, MARGIN + headH + GAP);
  const statusY = map.y + map.h + GAP;
  const piecesY = statusY + statusHeight() + GAP;
  const piecesH = piecesHeight(view);
  const enemiesY = piecesY + piecesH + GAP;
  const sheetsY = enemiesY + enemiesHeight(view);
  const legendY = sheetsY + sheetsHeight(view, L, tx) + GAP;
  const height = Math.ceil(legendY + legendHeight(L) + MARGIN);

  const { canvas, ctx } = createSurface(WIDTH, height, { opaque: true, density: DENSITY, reuse: true });
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, WIDTH, height);
  const head = headerLines(view, L, tx);
  drawText(ctx, head.title, { x: MARGIN, y: MARGIN, size: FONT_SIZE.label, bold: true, maxWidth: CONTENT_W, maxLines: 1 });
  const outcomeColour = view.outcome ? (view.outcome.phase === 'won' ? PALETTE.green : PALETTE.red) : PALETTE.ink;
  drawText(ctx, head.turn, { x: MARGIN, y: MARGIN + LINE(FONT_SIZE.label) + 4, size: FONT_SIZE.body, bold: true, colour: outcomeColour, maxWidth: CONTENT_W, maxLines: 2 });
  if (nexus) drawNexus(ctx, nexus, map.y, L, text, names);
  else {
    drawLayer(ctx, 'comanauts.page', { page: view.page, lang, map }, pageArea(ctx, view.page, tx, map), (g) => drawPage(g, view.page, tx, map));
    await yieldToEventLoop();
    drawMapPieces(ctx, view, tx, map);
  }
  await yieldToEventLoop();
  drawStatus(ctx, view, statusY, L, colourName);
  drawPieces(ctx, view, piecesY, piecesH, L, tx);
  drawEnemies(ctx, view, enemiesY, L, tx);
  await yieldToEventLoop();
  drawSheets(ctx, view, sheetsY, L, lang, tx, colourName);
  drawLegendPanel(ctx, legendY, L, colourName);
  await yieldToEventLoop();
  return encodePng(canvas);
}

const TINTS = ['#3a4a3a', '#45503a', '#3a4550', '#4a3f52', '#504a3a', '#3a5050'];
/** Half the widest map line (6 px, round caps) and a pixel of anti-aliasing. */
const LINE_BLEED = 4;
const STANDEE_R = 17;
const SPOT_R = 13;

function pagePoint(page: TableView['page'], map: Rect): (p: Pt) => Point {
  const scale = Math.min(map.w / page.size.w, map.h / page.size.h);
  return (p) => ({ x: map.x + p[0] * scale, y: map.y + p[1] * scale });
}

function spaceMarks(sp: TableView['page']['spaces'][number]): string {
  return sp.symbols.map((s) => SYMBOL_MARK[s] ?? '?').join(' ');
}

/** The map page as printed: spaces with their names and symbols, coloured and white lines, walls. */
function drawPage(ctx: Ctx, page: TableView['page'], tx: Tx, map: Rect): void {
  const at = pagePoint(page, map);
  page.spaces.forEach((sp, i) => {
    const centre = drawSpace(ctx, { points: sp.polygon.map(at), fill: TINTS[i % TINTS.length] as string, label: tx(sp.name, sp.id) });
    const marks = spaceMarks(sp);
    if (marks) drawText(ctx, marks, { x: centre.x, y: centre.y + 12, size: FONT_SIZE.small, align: 'center', colour: PALETTE.muted });
  });
  for (const line of page.lines) {
    const style = line.kind === 'dotted' ? 'dottedWhite' : line.kind === 'white' ? 'solidWhite' : 'solidColour';
    drawLink(ctx, at(line.path[0]), at(line.path[1]), style, lineColour(line.kind));
  }
  for (const wall of page.walls) drawLink(ctx, at(wall[0]), at(wall[1]), 'solidWhite');
}

/** Everything {@link drawPage} may paint: its corners and line ends with the line width, and its labels, inside the map's box. */
function pageArea(ctx: Ctx, page: TableView['page'], tx: Tx, map: Rect): Rect {
  const at = pagePoint(page, map);
  const boxes: Rect[] = [];
  const around = (p: Point, bleed: number): Rect => ({ x: p.x - bleed, y: p.y - bleed, w: 2 * bleed, h: 2 * bleed });
  const text = (lines: readonly string[], centre: Point, top: number, bold: boolean): Rect => {
    ctx.font = font(FONT_SIZE.small, bold);
    const w = Math.max(...lines.map((l) => textWidth(ctx, l))) + 2 * LINE_BLEED;
    return { x: centre.x - w / 2, y: top - LINE_BLEED, w, h: lines.length * FONT_SIZE.small * 1.25 + 2 * LINE_BLEED };
  };
  for (const sp of page.spaces) {
    const points = sp.polygon.map(at);
    boxes.push(...points.map((p) => around(p, LINE_BLEED)));
    const centre = polygonCentre(points);
    const label = spaceLabel(ctx, points, tx(sp.name, sp.id));
    boxes.push(text(label.lines, centre, label.top, true));
    const marks = spaceMarks(sp);
    if (marks) boxes.push(text([marks], centre, centre.y + 12, false));
  }
  for (const [a, b] of [...page.lines.map((l) => l.path), ...page.walls]) boxes.push(around(at(a), LINE_BLEED), around(at(b), LINE_BLEED));
  const left = Math.max(map.x - LINE_BLEED, Math.min(...boxes.map((r) => r.x)));
  const top = Math.max(map.y - LINE_BLEED, Math.min(...boxes.map((r) => r.y)));
  const right = Math.min(map.x + map.w + LINE_BLEED, Math.max(...boxes.map((r) => r.x + r.w)));
  const bottom = Math.min(map.y + map.h + LINE_BLEED, Math.max(...boxes.map((r) => r.y + r.h)));
  return { x: left, y: top, w: right - left, h: bottom - top };
}

/**
 * What moves on the map: search tokens (one token with their count, beside the space's name), free spots
 * with their numbers (1 first, as `/play` names them), the inner child, enemies and avatars. Standees
 * carry initials; the enemy cards and player sheets show the same marks beside the full names.
 */
function drawMapPieces(ctx: Ctx, view: TableView, tx: Tx, map: Rect): void {
  const page = view.page;
  const at = pagePoint(page, map);
  const taken = new Set<string>();
  const standees: { p: Point; fill: string; label: string }[] = [];
  const place = (space: string, i: number, fill: string, label: string): void => {
    const sp = page.spaces.find((x) => x.id === space);
    const spot = sp?.spots[i] ?? sp?.spots[0];
    if (!spot) return;
    taken.add(`${space}:${sp?.spots.indexOf(spot)}`);
    standees.push({ p: at(spot), fill, label });
  };
  if (view.childStandee) {
    const sp = page.spaces.find((x) => x.id === view.childStandee);
    if (sp) place(sp.id, sp.spots.length - 1, PALETTE.translucentBlue, '★');
  }
  for (const e of view.enemies) if (e) place(e.place.space, e.place.spot, e.kind === 'entity' ? PALETTE.purple : PALETTE.red, mark(tx(e.name, e.uid)));
  for (const pl of view.players) if (pl.place !== 'morass') place(pl.place.space, pl.place.spot, SEATS[pl.seat % SEATS.length] as string, mark(tx(pl.avatar.name, pl.avatar.card)));
  for (const sp of page.spaces) {
    sp.spots.forEach((spot, i) => {
      if (taken.has(`${sp.id}:${i}`)) return;
      const p = at(spot);
      drawToken(ctx, { x: p.x, y: p.y, radius: SPOT_R, fill: 'rgba(21,24,33,0.55)', label: String(i + 1), stroke: PALETTE.muted, ink: PALETTE.muted });
    });
    const tokens = view.searchTokens[sp.id] ?? 0;
    if (tokens === 0) continue;
    const points = sp.polygon.map(at);
    const centre = polygonCentre(points);
    const label = spaceLabel(ctx, points, tx(sp.name, sp.id));
    ctx.font = font(FONT_SIZE.small, true);
    const half = Math.max(...label.lines.map((l) => textWidth(ctx, l))) / 2;
    drawToken(ctx, { x: centre.x + half + 18, y: centre.y - 1, radius: SPOT_R, fill: PALETTE.yellow, label: String(tokens), ink: PALETTE.black });
  }
  drawBookTokens(ctx, view, at);
  for (const s of standees) drawToken(ctx, { x: s.p.x, y: s.p.y, radius: STANDEE_R, fill: s.fill, label: s.label, stroke: PALETTE.white });
}

/**
 * Rules 3 (Rules §Doors, §Page Setup): a door token as a bar across the middle of its line (red and marked
 * locked, or orange), objective tokens (⚑) and fire tokens (with their count) beside the space's centre.
 */
function drawBookTokens(ctx: Ctx, view: TableView, at: (p: Pt) => Point): void {
  const book = view.pageBook;
  if (!book) return;
  for (const door of book.doors) {
    const line = view.page.lines.find((l) => l.between.includes(door.between[0] ?? '') && l.between.includes(door.between[1] ?? ''));
    if (!line) continue;
    const [a, b] = [at(line.path[0]), at(line.path[1])];
    ctx.save();
    ctx.strokeStyle = door.locked ? PALETTE.red : PALETTE.orange;
    ctx.lineWidth = 7;
    ctx.lineCap = 'round';
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const dx = (b.x - a.x) * 0.3;
    const dy = (b.y - a.y) * 0.3;
    ctx.beginPath();
    ctx.moveTo(mid.x - dx, mid.y - dy);
    ctx.lineTo(mid.x + dx, mid.y + dy);
    ctx.stroke();
    ctx.restore();
    if (door.locked) drawToken(ctx, { x: mid.x, y: mid.y, radius: SPOT_R, fill: PALETTE.red, label: '×', ink: PALETTE.white });
  }
  const fire = new Map<string, number>();
  for (const sp of book.fire) fire.set(sp, (fire.get(sp) ?? 0) + 1);
  for (const sp of view.page.spaces) {
    const centre = polygonCentre(sp.polygon.map(at));
    if (book.objectives.includes(sp.id)) drawToken(ctx, { x: centre.x - 44, y: centre.y + 20, radius: SPOT_R, fill: PALETTE.white, label: '⚑', ink: PALETTE.black });
    const n = fire.get(sp.id) ?? 0;
    if (n > 0) drawToken(ctx, { x: centre.x + 44, y: centre.y + 20, radius: SPOT_R, fill: PALETTE.orange, label: String(n), ink: PALETTE.black });
  }
}

const SYMBOL_MARK: Record<string, string> = { avatarStart: 'A', enemyStart: 'E', search: 'S', poi: '!', insight: 'i', rabbitHole: '◎', objective: '⚑' };

function lineColour(kind: string): string {
  switch (kind) {
    case 'red':
      return PALETTE.red;
    case 'green':
      return PALETTE.green;
    case 'yellow':
      return PALETTE.yellow;
    case 'blue':
      return PALETTE.blue;
    default:
      return PALETTE.white;
  }
}

/** Registers the table picture; `ui` gives the interface strings in the reader's language. */
export function register(ui?: ComanautsText, packText?: ComanautsPackText): void {
  registerRenderer('comanauts', (view, locale, packHash) => {
    const lang = locale.startsWith('es') ? 'es' : 'en';
    const pin = view as { packId?: string; packVersion?: string };
    return renderComanauts(view, locale, ui, packText ? (key) => packText(pin, key, lang, packHash) : undefined);
  });
}
