import {
  FONT_SIZE,
  PALETTE,
  createSurface,
  drawLayer,
  drawPanel,
  drawRoundRect,
  drawText,
  encodePng,
  font,
  registerRenderer,
  wrapText,
  yieldToEventLoop,
  type CanvasRenderingContext2D,
  type Rect,
} from '../../render/index.ts';
import { crewHeight, crewRows, drawCrew, drawCrewBase, drawFigure, FIGURE_R } from './render-crew.ts';
import { GAP, MARGIN, PICTURE_DENSITY, TABLE_WIDTH, lookup, type AdventureText, type Params } from './render-kit.ts';
import type { AdventureView, CharacterView } from './view.ts';

export { adventureText, PICTURE_DENSITY, TABLE_WIDTH, type AdventureText } from './render-kit.ts';

type Ctx = CanvasRenderingContext2D;
type Say = (key: string, params?: Params) => string;
type Room = AdventureView['rooms'][number];

const CONTENT_W = TABLE_WIDTH - 2 * MARGIN;
const LINE = (size: number): number => size * 1.25;
const FIGURE_STEP = 2 * FIGURE_R + 8;
const TILE_PAD = 8;
const ROOM_PAD = 12;

let measuring: Ctx | undefined;

/** A context to measure text on before the picture's height is known. */
function measuringContext(): Ctx {
  measuring ??= createSurface(1, 1).ctx;
  return measuring;
}

function linesOf(text: string, size: number, bold: boolean, width: number, max: number): number {
  const ctx = measuringContext();
  ctx.font = font(size, bold);
  return Math.min(wrapText(ctx, text, width).length, max);
}

function figuresAt(view: AdventureView, location: number): CharacterView[] {
  return view.characters.filter((c) => c.location === location);
}

/** A revealed room laid out: its title, its location tiles (a few to a row) and the entrance strip. */
interface RoomLayout {
  readonly room: Room;
  readonly title: string;
  readonly titleLines: number;
  readonly columns: number;
  readonly tileW: number;
  /** Per location: its name on the room card, when the pack gives one. */
  readonly names: readonly (string | undefined)[];
  readonly rowHeights: readonly number[];
  readonly waiting: readonly CharacterView[];
  readonly height: number;
}

function tileHeight(nameLines: number, figures: number, perRow: number): number {
  const figureRows = figures === 0 ? 0 : Math.ceil(figures / perRow);
  return TILE_PAD + LINE(FONT_SIZE.body) + nameLines * LINE(FONT_SIZE.small) + (figureRows === 0 ? 0 : 6 + figureRows * FIGURE_STEP - 8) + TILE_PAD;
}

function layoutRoom(view: AdventureView, room: Room, width: number, say: Say, maybe: (key: string) => string | undefined): RoomLayout {
  const title = `${room.room} · ${say(room.nameKey)}`;
  const titleLines = linesOf(title, FONT_SIZE.label, true, width - 2 * ROOM_PAD, 2);
  const columns = width > CONTENT_W / 2 ? 3 : 2;
  const tileW = (width - 2 * ROOM_PAD - GAP * (columns - 1)) / columns;
  const perRow = Math.max(1, Math.floor((tileW - 2 * TILE_PAD + 8) / FIGURE_STEP));
  const names = room.locations.map((l) => maybe(`location.${l}`));
  const rowHeights: number[] = [];
  for (let i = 0; i < room.locations.length; i += columns) {
    const row = room.locations.slice(i, i + columns);
    const nameLines = Math.max(0, ...row.map((_, k) => (names[i + k] === undefined ? 0 : linesOf(names[i + k] as string, FONT_SIZE.small, false, tileW - 2 * TILE_PAD, 2))));
    rowHeights.push(Math.max(...row.map((l) => tileHeight(nameLines, figuresAt(view, l).length, perRow))));
  }
  const waiting = view.characters.filter((c) => c.location === null && c.room === room.room);
  const titleH = titleLines * LINE(FONT_SIZE.label) + 2 * ROOM_PAD;
  const tiles = rowHeights.reduce((h, r) => h + r + GAP, 0) - GAP;
  const waitingH = waiting.length === 0 ? 0 : GAP + Math.max(LINE(FONT_SIZE.small), FIGURE_STEP) + 2 * TILE_PAD;
  return { room, title, titleLines, columns, tileW, names, rowHeights, waiting, height: titleH + ROOM_PAD + tiles + waitingH + ROOM_PAD };
}

interface Tile {
  readonly location: number;
  readonly name: string | undefined;
  readonly rect: Rect;
}

function roomTiles(layout: RoomLayout, r: Rect): { tiles: Tile[]; strip: Rect | null } {
  const top = r.y + layout.titleLines * LINE(FONT_SIZE.label) + 2 * ROOM_PAD + ROOM_PAD;
  const tiles: Tile[] = [];
  let y = top;
  layout.rowHeights.forEach((h, row) => {
    layout.room.locations.slice(row * layout.columns, (row + 1) * layout.columns).forEach((location, col) => {
      tiles.push({ location, name: layout.names[row * layout.columns + col], rect: { x: r.x + ROOM_PAD + col * (layout.tileW + GAP), y, w: layout.tileW, h } });
    });
    y += h + GAP;
  });
  const strip = layout.waiting.length === 0 ? null : { x: r.x + ROOM_PAD, y, w: r.w - 2 * ROOM_PAD, h: Math.max(LINE(FONT_SIZE.small), FIGURE_STEP) + 2 * TILE_PAD };
  return { tiles, strip };
}

/**
 * What stays put while figures move: the room's frame and name, and each location tile with its number,
 * its name on the room card and whether its entry has been read (explored, Rules §Explore a location).
 */
function drawRoomBase(ctx: Ctx, view: AdventureView, layout: RoomLayout, r: Rect, say: Say): void {
  drawPanel(ctx, r);
  drawText(ctx, layout.title, { x: r.x + ROOM_PAD, y: r.y + ROOM_PAD, size: FONT_SIZE.label, bold: true, maxWidth: r.w - 2 * ROOM_PAD, maxLines: 2 });
  const { tiles, strip } = roomTiles(layout, r);
  for (const { location, name, rect } of tiles) {
    const explored = view.read.includes(String(location));
    const last = view.lastEntry === String(location);
    drawRoundRect(ctx, rect, { fill: explored ? '#33405a' : PALETTE.dark, stroke: last ? PALETTE.orange : explored ? PALETTE.green : PALETTE.panelBorder, lineWidth: last ? 4 : 2, radius: 10 });
    drawText(ctx, String(location), { x: rect.x + TILE_PAD, y: rect.y + TILE_PAD, size: FONT_SIZE.body, bold: true, colour: last ? PALETTE.orange : PALETTE.ink });
    const mark = explored ? '✓' : '?';
    drawText(ctx, mark, { x: rect.x + rect.w - TILE_PAD, y: rect.y + TILE_PAD, size: FONT_SIZE.body, bold: true, align: 'right', colour: explored ? PALETTE.green : PALETTE.muted });
    if (name !== undefined) {
      drawText(ctx, name, { x: rect.x + TILE_PAD, y: rect.y + TILE_PAD + LINE(FONT_SIZE.body), size: FONT_SIZE.small, colour: explored ? PALETTE.ink : PALETTE.muted, maxWidth: rect.w - 2 * TILE_PAD, maxLines: 2 });
    }
  }
  if (!strip) return;
  drawRoundRect(ctx, strip, { stroke: PALETTE.panelBorder, radius: 10 });
  const figuresW = layout.waiting.length * FIGURE_STEP;
  drawText(ctx, say('adventure.render.entrance'), { x: strip.x + TILE_PAD, y: strip.y + strip.h / 2 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: strip.w - 2 * TILE_PAD - figuresW - 8, maxLines: 1 });
}

/** Figures on the room's tiles (Rules §Move character figure) and at its entrance, over {@link drawRoomBase}. */
function drawRoomFigures(ctx: Ctx, view: AdventureView, layout: RoomLayout, r: Rect, say: Say): void {
  const { tiles, strip } = roomTiles(layout, r);
  for (const { location, name, rect } of tiles) {
    const nameLines = name === undefined ? 0 : linesOf(name, FONT_SIZE.small, false, rect.w - 2 * TILE_PAD, 2);
    const top = rect.y + TILE_PAD + LINE(FONT_SIZE.body) + nameLines * LINE(FONT_SIZE.small) + 6;
    const perRow = Math.max(1, Math.floor((rect.w - 2 * TILE_PAD + 8) / FIGURE_STEP));
    figuresAt(view, location).forEach((c, i) => {
      drawFigure(ctx, view, c, rect.x + TILE_PAD + FIGURE_R + (i % perRow) * FIGURE_STEP, top + FIGURE_R + Math.floor(i / perRow) * FIGURE_STEP, say);
    });
  }
  if (strip) layout.waiting.forEach((c, i) => drawFigure(ctx, view, c, strip.x + strip.w - TILE_PAD - FIGURE_R - i * FIGURE_STEP, strip.y + strip.h / 2, say));
}

const HEADER_PAD = 12;

function statsLines(view: AdventureView, say: Say): string[] {
  return [
    say('adventure.render.points', { total: view.total }),
    say('adventure.render.hints', { count: view.hints }),
    say('adventure.render.stack', { count: view.stackCount }),
    say('adventure.render.box', { count: view.box.length }),
    ...(view.lastEntry === null ? [] : [say('adventure.render.lastEntry', { entry: view.lastEntry })]),
  ];
}

/** The heading: chapter title, whose turn it is and what they may still do (or the final rating). */
function headerLayout(view: AdventureView, say: Say): { title: string; titleLines: number; status: string; statusLines: number; h: number } {
  const title = `${say('adventure.render.chapter', { chapter: view.chapter, count: view.chapterCount })} · ${say(`chapter.${view.chapter}`)}`;
  const titleLines = linesOf(title, FONT_SIZE.label, true, CONTENT_W, 2);
  const status = view.finished
    ? `${say('adventure.render.finished')}. ${view.ratingKey === null ? '' : say(view.ratingKey)}`
    : view.pending
      ? say('adventure.render.choice', { entry: view.pending.entry })
      : say(view.acted ? 'adventure.render.acted' : 'adventure.render.toAct');
  const statusLines = linesOf(status, FONT_SIZE.body, false, CONTENT_W - 2 * HEADER_PAD - 2 * FIGURE_R - 16, 3);
  const h = titleLines * LINE(FONT_SIZE.label) + 8 + Math.max(2 * FIGURE_R, LINE(FONT_SIZE.body) + statusLines * LINE(FONT_SIZE.body)) + 2 * HEADER_PAD;
  return { title, titleLines, status, statusLines, h };
}

function drawHeader(ctx: Ctx, view: AdventureView, y: number, say: Say): number {
  const head = headerLayout(view, say);
  drawText(ctx, head.title, { x: MARGIN, y, size: FONT_SIZE.label, bold: true, maxWidth: CONTENT_W, maxLines: 2 });
  const box: Rect = { x: MARGIN, y: y + head.titleLines * LINE(FONT_SIZE.label) + 8, w: CONTENT_W, h: head.h - head.titleLines * LINE(FONT_SIZE.label) - 8 };
  drawRoundRect(ctx, box, { fill: PALETTE.panel, stroke: view.finished ? PALETTE.yellow : PALETTE.panelBorder, radius: 12 });
  const active = view.characters[view.turn];
  const textX = box.x + HEADER_PAD + 2 * FIGURE_R + 16;
  if (active && !view.finished) {
    drawFigure(ctx, view, active, box.x + HEADER_PAD + FIGURE_R + 4, box.y + HEADER_PAD + FIGURE_R + 2, say);
    drawText(ctx, say(active.nameKey), { x: textX, y: box.y + HEADER_PAD, size: FONT_SIZE.body, bold: true, maxWidth: box.x + box.w - HEADER_PAD - textX, maxLines: 1 });
  }
  const statusY = box.y + HEADER_PAD + (view.finished ? 0 : LINE(FONT_SIZE.body));
  drawText(ctx, head.status, { x: view.finished ? box.x + HEADER_PAD : textX, y: statusY, size: FONT_SIZE.body, colour: view.finished ? PALETTE.yellow : PALETTE.muted, maxWidth: box.x + box.w - HEADER_PAD - textX, maxLines: 3 });
  return head.h;
}

function statsHeight(view: AdventureView): number {
  return 24 + Math.ceil(statsLines(view, (k) => k).length / 2) * LINE(FONT_SIZE.body);
}

function drawStats(ctx: Ctx, view: AdventureView, r: Rect, say: Say): void {
  const box = drawPanel(ctx, r);
  const colW = box.w / 2;
  statsLines(view, say).forEach((line, i) => {
    drawText(ctx, line, { x: box.x + (i % 2) * colW, y: box.y + Math.floor(i / 2) * LINE(FONT_SIZE.body), size: FONT_SIZE.body, bold: i < 2, maxWidth: colW - 12, maxLines: 1 });
  });
}

/** Room for strokes and anti-aliasing around a cached layer's panels: half the widest line and a pixel. */
const LAYER_BLEED = 4;

/** Rooms two to a row; a room alone in its row takes the whole width, so no half of the table stays empty. */
function placeRooms(layouts: (width: number) => RoomLayout[]): { layout: RoomLayout; x: number; w: number; row: number }[] {
  const half = (CONTENT_W - GAP) / 2;
  const narrow = layouts(half);
  const wide = layouts(CONTENT_W);
  return narrow.map((layout, i) => {
    const alone = i === narrow.length - 1 && i % 2 === 0;
    return alone ? { layout: wide[i] as RoomLayout, x: MARGIN, w: CONTENT_W, row: Math.floor(i / 2) } : { layout, x: MARGIN + (i % 2) * (half + GAP), w: half, row: Math.floor(i / 2) };
  });
}

/**
 * The table picture posted after every turn (ARCHITECTURE "Rendering"), laid out for a phone: the chapter
 * and whose turn it is; the revealed rooms with each location's number, name and whether it has been
 * explored, and the figures on them (Rules §Move character figure); each character's health cards
 * (Rules §Health) and load; the score. Drawn from the public view only. Rooms, the heading and the
 * crew frame come from cached layers keyed by everything they show; figures and health are drawn over.
 */
export async function renderAdventureTable(view: AdventureView, lang: string, text?: AdventureText): Promise<Buffer> {
  const { say, maybe } = lookup(text, lang);
  const placed = placeRooms((w) => view.rooms.map((room) => layoutRoom(view, room, w, say, maybe)));
  const rowHeights: number[] = [];
  for (const p of placed) rowHeights[p.row] = Math.max(rowHeights[p.row] ?? 0, p.layout.height);
  const headerH = headerLayout(view, say).h;
  const roomsH = rowHeights.reduce((h, r) => h + r + GAP, 0);
  const rows = crewRows(view, say, CONTENT_W);
  const crewH = crewHeight(rows);
  const height = Math.ceil(MARGIN + headerH + GAP + roomsH + crewH + GAP + statsHeight(view) + MARGIN);

  const { canvas, ctx } = createSurface(TABLE_WIDTH, height, { opaque: true, density: PICTURE_DENSITY, reuse: true });
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, TABLE_WIDTH, height);
  const headerInputs = { pack: [view.packId, view.packVersion], lang, header: headerLayout(view, say), turn: view.finished ? null : view.turn, colours: view.characters.map((c) => say(c.nameKey)) };
  drawLayer(ctx, 'adventure.header', headerInputs, { x: 0, y: 0, w: TABLE_WIDTH, h: MARGIN + headerH + LAYER_BLEED }, (g) => drawHeader(g, view, MARGIN, say));
  let y = MARGIN + headerH + GAP;
  for (const [row, rowH] of rowHeights.entries()) {
    const inRow = placed.filter((p) => p.row === row).map((p) => ({ ...p, r: { x: p.x, y, w: p.w, h: rowH } }));
    const inputs = {
      pack: [view.packId, view.packVersion],
      lang,
      rooms: inRow.map(({ layout, r }) => ({ r, title: layout.title, names: layout.names, locations: layout.room.locations, rows: layout.rowHeights, waiting: layout.waiting.length, entrance: say('adventure.render.entrance') })),
      explored: inRow.flatMap(({ layout }) => layout.room.locations.filter((l) => view.read.includes(String(l)) || view.lastEntry === String(l)).map((l) => [l, view.lastEntry === String(l)])),
    };
    drawLayer(ctx, 'adventure.rooms', inputs, { x: 0, y: y - LAYER_BLEED, w: TABLE_WIDTH, h: rowH + 2 * LAYER_BLEED }, (g) => inRow.forEach(({ layout, r }) => drawRoomBase(g, view, layout, r, say)));
    for (const { layout, r } of inRow) drawRoomFigures(ctx, view, layout, r, say);
    y += rowH + GAP;
    await yieldToEventLoop();
  }
  const crew: Rect = { x: MARGIN, y, w: CONTENT_W, h: crewH };
  const crewInputs = {
    pack: [view.packId, view.packVersion],
    lang,
    title: say('adventure.render.crew'),
    legend: [say('adventure.render.healthUp'), say('adventure.render.healthFlipped'), say('adventure.render.healthBoxed')],
    rows: rows.map((r) => r.h),
    y,
  };
  drawLayer(ctx, 'adventure.crew', crewInputs, { x: 0, y: y - LAYER_BLEED, w: TABLE_WIDTH, h: crewH + 2 * LAYER_BLEED }, (g) => drawCrewBase(g, rows, crew, say));
  drawCrew(ctx, view, rows, crew, say);
  drawStats(ctx, view, { x: MARGIN, y: y + crewH + GAP, w: CONTENT_W, h: statsHeight(view) }, say);
  await yieldToEventLoop();
  return encodePng(canvas);
}

/**
 * Registers the table renderer with the shared registry (ARCHITECTURE "Rendering"); the composition root
 * calls it once. `textFor` picks the text lookup of the view's pack; without it the picture shows keys.
 * No sheets: every character's cards are on the table itself (the crew panel), so a turn's picture is
 * one image without folding.
 */
export function register(textFor?: (view: AdventureView, packHash?: string) => AdventureText | undefined): void {
  registerRenderer('adventure', (view, locale, packHash) => renderAdventureTable(view as AdventureView, locale, textFor?.(view as AdventureView, packHash)));
}
