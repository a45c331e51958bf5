import {
  FONT_SIZE,
  PALETTE,
  createSurface,
  drawCard,
  drawPanel,
  drawRoundRect,
  drawStandee,
  drawText,
  drawToken,
  drawLayer,
  font,
  panelContent,
  textWidth,
  wrapText,
  encodePng,
  registerRenderer,
  registerSheets,
  type CanvasRenderingContext2D,
  type Rect,
  yieldToEventLoop,
} from '../../render/index.ts';
import { packText, type AdventurePack } from './content.ts';
import { HEALTH_BY_CHARACTERS } from './state.ts';
import type { AdventureView, CharacterView } from './view.ts';

type Ctx = CanvasRenderingContext2D;
type Params = Readonly<Record<string, string | number>>;

/**
 * Resolves text for the pictures: pack text keys (`room.A`, `character.brisa`, `card.10`, `chapter.1`,
 * `rating.2`) and locale codes (`adventure.render.*`, with `{{param}}` interpolation). `undefined` makes
 * the picture show the key itself, so a missing string is visible but never crashes.
 */
export type AdventureText = (key: string, lang: string, params?: Params) => string | undefined;

/** A lookup over one pack's texts, with locale codes (`adventure.…`) handed to `ui` (the edge's `t`). */
export function adventureText(pack: AdventurePack, ui: (code: string, lang: string, params?: Params) => string | undefined): AdventureText {
  return (key, lang, params) => (key.startsWith('adventure.') ? ui(key, lang, params) : packText(pack, key, lang));
}

/** Table image width: the shared kit's type sizes are tuned for 1600 px (FONT_SIZE). */
export const TABLE_WIDTH = 1600;
/** Inventory image width: one player's cards, small enough to upload as a reply attachment. */
export const INVENTORY_WIDTH = 1000;

const MARGIN = 24;
const GAP = 16;
const SIDE_W = 380;
const ROOM_COLUMNS = 3;
const SPOT_COLUMNS = 3;
const STANDEE_R = 18;
const FIGURE_H = STANDEE_R * 2 + 4 + FONT_SIZE.small + 10 + 14;
const SPOT_LABEL_H = FONT_SIZE.label + 12;
const ROOM_TITLE_H = FONT_SIZE.label + 24;

/** Figure colours by character index; the view carries no pack colours, these match the box's four figures. */
const FIGURE_COLOURS = [PALETTE.blue, PALETTE.red, PALETTE.green, '#b8860b'] as const;

function figureColour(index: number): string {
  return FIGURE_COLOURS[index % FIGURE_COLOURS.length] ?? PALETTE.purple;
}

function lookup(text: AdventureText | undefined, lang: string): (key: string, params?: Params) => string {
  return (key, params) => {
    const found = text?.(key, lang, params);
    if (found !== undefined) return found;
    const values = params === undefined ? [] : Object.values(params);
    return values.length === 0 ? key : `${key} ${values.join(' ')}`;
  };
}

function shortName(name: string): string {
  const head = name.split(',')[0]?.trim() ?? '';
  return head.length > 0 ? head : name;
}

interface RoomLayout {
  readonly room: AdventureView['rooms'][number];
  readonly title: string;
  readonly titleSize: number;
  readonly titleH: number;
  readonly spotRows: readonly number[];
  readonly waiting: readonly CharacterView[];
  readonly height: number;
}

function figuresAt(view: AdventureView, location: number): CharacterView[] {
  return view.characters.filter((c) => c.location === location);
}

let measuring: Ctx | undefined;

/** A context to measure text on before the picture's height is known. */
function measuringContext(): Ctx {
  measuring ??= createSurface(1, 1).ctx;
  return measuring;
}

function layoutRoom(ctx: Ctx, view: AdventureView, room: AdventureView['rooms'][number], width: number, say: (key: string) => string): RoomLayout {
  const spotRows: number[] = [];
  for (let i = 0; i < room.locations.length; i += SPOT_COLUMNS) {
    const row = room.locations.slice(i, i + SPOT_COLUMNS);
    spotRows.push(Math.max(1, ...row.map((l) => figuresAt(view, l).length)));
  }
  const waiting = view.characters.filter((c) => c.location === null && c.room === room.room);
  const spots = spotRows.reduce((h, n) => h + SPOT_LABEL_H + n * FIGURE_H + GAP, 0);
  const waitingH = waiting.length === 0 ? 0 : SPOT_LABEL_H + FIGURE_H + GAP;
  const title = `${room.room} · ${say(room.nameKey)}`;
  ctx.font = font(FONT_SIZE.label, true);
  const fits = textWidth(ctx, title) <= width - 24;
  const titleSize = fits ? FONT_SIZE.label : FONT_SIZE.body;
  const titleH = fits ? ROOM_TITLE_H : Math.ceil(2 * FONT_SIZE.body * 1.25 + 20);
  return { room, title, titleSize, titleH, spotRows, waiting, height: titleH + 12 + spots + waitingH + 4 };
}

function drawActiveRing(ctx: Ctx, view: AdventureView, c: CharacterView, x: number, y: number, radius: number): void {
  if (c.index !== view.turn || view.finished) return;
  ctx.beginPath();
  ctx.arc(x, y, radius + 6, 0, Math.PI * 2);
  ctx.lineWidth = 4;
  ctx.strokeStyle = PALETTE.yellow;
  ctx.stroke();
}

function initial(name: string): string {
  return shortName(name).slice(0, 1).toUpperCase();
}

function drawFigure(ctx: Ctx, view: AdventureView, c: CharacterView, x: number, y: number, name: string): void {
  drawActiveRing(ctx, view, c, x, y, STANDEE_R);
  drawStandee(ctx, { x, y, radius: STANDEE_R, colour: figureColour(c.index), name: shortName(name), mark: initial(name) });
}

function drawFigures(ctx: Ctx, view: AdventureView, figures: readonly CharacterView[], area: Rect, perRow: number, say: (key: string) => string): void {
  const slotW = area.w / perRow;
  figures.forEach((c, i) => {
    const col = i % perRow;
    const row = Math.floor(i / perRow);
    drawFigure(ctx, view, c, area.x + slotW * (col + 0.5), area.y + STANDEE_R + 10 + row * FIGURE_H, say(c.nameKey));
  });
}

interface RoomSpots {
  readonly spots: readonly { readonly location: number; readonly rect: Rect }[];
  /** The entrance strip, for figures not on a location yet. */
  readonly strip: Rect | null;
}

function roomSpots(layout: RoomLayout, r: Rect): RoomSpots {
  const inner: Rect = { x: r.x + 12, y: r.y + layout.titleH + 12, w: r.w - 24, h: layout.height - layout.titleH - 24 };
  const spotW = (inner.w - GAP * (SPOT_COLUMNS - 1)) / SPOT_COLUMNS;
  const spots: { location: number; rect: Rect }[] = [];
  let y = inner.y;
  layout.spotRows.forEach((rows, rowIndex) => {
    const h = SPOT_LABEL_H + rows * FIGURE_H;
    layout.room.locations.slice(rowIndex * SPOT_COLUMNS, (rowIndex + 1) * SPOT_COLUMNS).forEach((location, col) => {
      spots.push({ location, rect: { x: inner.x + col * (spotW + GAP), y, w: spotW, h } });
    });
    y += h + GAP;
  });
  return { spots, strip: layout.waiting.length === 0 ? null : { x: inner.x, y, w: inner.w, h: SPOT_LABEL_H + FIGURE_H } };
}

/** What stays put while figures move: the room's frame, title, numbered locations and entrance strip. */
function drawRoomBase(ctx: Ctx, layout: RoomLayout, r: Rect, lastEntry: string | null, entrance: string): void {
  drawPanel(ctx, { ...r, h: layout.height });
  ctx.font = font(layout.titleSize, true);
  const titleLines = Math.min(wrapText(ctx, layout.title, r.w - 24).length, 2);
  drawText(ctx, layout.title, { x: r.x + 12, y: r.y + (layout.titleH - titleLines * layout.titleSize * 1.25) / 2 + 2, size: layout.titleSize, bold: true, maxWidth: r.w - 24, maxLines: 2 });
  ctx.strokeStyle = PALETTE.panelBorder;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(r.x, r.y + layout.titleH);
  ctx.lineTo(r.x + r.w, r.y + layout.titleH);
  ctx.stroke();
  const { spots, strip } = roomSpots(layout, r);
  for (const { location, rect: spot } of spots) {
    const last = lastEntry === String(location);
    drawRoundRect(ctx, spot, { fill: PALETTE.dark, stroke: last ? PALETTE.orange : PALETTE.panelBorder, lineWidth: last ? 4 : 2, radius: 10 });
    drawText(ctx, String(location), { x: spot.x + spot.w / 2, y: spot.y + 6, size: FONT_SIZE.label, bold: true, align: 'center', colour: last ? PALETTE.orange : PALETTE.ink });
  }
  if (!strip) return;
  drawRoundRect(ctx, strip, { stroke: PALETTE.panelBorder, radius: 10 });
  drawText(ctx, entrance, { x: strip.x + 10, y: strip.y + 8, size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: strip.w - 20, maxLines: 1 });
}

function drawRoomFigures(ctx: Ctx, view: AdventureView, layout: RoomLayout, r: Rect, say: (key: string, params?: Params) => string): void {
  const { spots, strip } = roomSpots(layout, r);
  for (const { location, rect: spot } of spots) {
    drawFigures(ctx, view, figuresAt(view, location), { x: spot.x, y: spot.y + SPOT_LABEL_H, w: spot.w, h: spot.h - SPOT_LABEL_H }, 1, say);
  }
  if (strip) drawFigures(ctx, view, layout.waiting, { x: strip.x, y: strip.y + SPOT_LABEL_H, w: strip.w, h: FIGURE_H }, Math.max(layout.waiting.length, 3), say);
}

const HEALTH_CARD_W = 30;
const HEALTH_CARD_H = 42;

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
  if (kind === 'up') drawText(ctx, '♥', { x: x + HEALTH_CARD_W / 2, y: y + HEALTH_CARD_H / 2 - 11, size: FONT_SIZE.body, align: 'center', colour: PALETTE.red });
}

const CHAPTER_H = 118;
const TURN_H = ROOM_TITLE_H + 24 + 2 * STANDEE_R + 24 + FONT_SIZE.small * 1.25 * 2;
const HEALTH_ROW_H = FONT_SIZE.body + 8 + HEALTH_CARD_H + 12;
const HEALTH_LEGEND_ROW = HEALTH_CARD_H + 8;
const STATS_LINE_H = FONT_SIZE.body * 1.25 + 6;

function statsLines(view: AdventureView, say: (key: string, params?: Params) => string): string[] {
  return [
    say('adventure.render.points', { total: view.total }),
    say('adventure.render.hints', { count: view.hints }),
    say('adventure.render.stack', { count: view.stackCount }),
    say('adventure.render.box', { count: view.box.length }),
    ...(view.lastEntry === null ? [] : [say('adventure.render.lastEntry', { entry: view.lastEntry })]),
  ];
}

/** The side strip's panels, top to bottom: chapter, turn, health (rows and legend), statistics. */
function sidePanels(view: AdventureView, x: number, top: number): { chapter: Rect; turn: Rect; health: Rect; stats: Rect } {
  const w = SIDE_W;
  const chapter: Rect = { x, y: top, w, h: CHAPTER_H };
  const turn: Rect = { x, y: chapter.y + chapter.h + GAP, w, h: TURN_H };
  const health: Rect = { x, y: turn.y + turn.h + GAP, w, h: ROOM_TITLE_H + 12 + view.characters.length * HEALTH_ROW_H + 8 + 3 * HEALTH_LEGEND_ROW + 4 };
  const lines = 4 + (view.lastEntry === null ? 0 : 1);
  const stats: Rect = { x, y: health.y + health.h + GAP, w, h: 24 + lines * STATS_LINE_H + (view.ratingKey === null ? 0 : FONT_SIZE.body * 1.25 * 4 + 8) };
  return { chapter, turn, health, stats };
}

/** The side strip's parts that change only with the chapter: chapter panel, turn and health frames, health legend. */
function drawSideBase(ctx: Ctx, view: AdventureView, x: number, top: number, say: (key: string, params?: Params) => string): void {
  const panels = sidePanels(view, x, top);
  const chapterBox = drawPanel(ctx, panels.chapter, { title: say('adventure.render.chapter', { chapter: view.chapter, count: view.chapterCount }) });
  drawText(ctx, say(`chapter.${view.chapter}`), { x: chapterBox.x, y: chapterBox.y, size: FONT_SIZE.body, bold: true, maxWidth: chapterBox.w, maxLines: 2 });
  drawPanel(ctx, panels.turn, { title: say('adventure.render.turn') });
  const healthBox = drawPanel(ctx, panels.health, { title: say('adventure.render.health') });
  const legendTop = healthBox.y + view.characters.length * HEALTH_ROW_H + 8;
  ctx.strokeStyle = PALETTE.panelBorder;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(healthBox.x, legendTop - 8);
  ctx.lineTo(healthBox.x + healthBox.w, legendTop - 8);
  ctx.stroke();
  (['up', 'flipped', 'boxed'] as const).forEach((kind, i) => {
    const ly = legendTop + i * HEALTH_LEGEND_ROW;
    drawHealthCard(ctx, healthBox.x, ly, kind, PALETTE.muted);
    const label = say(kind === 'up' ? 'adventure.render.healthUp' : kind === 'flipped' ? 'adventure.render.healthFlipped' : 'adventure.render.healthBoxed');
    drawText(ctx, label, { x: healthBox.x + HEALTH_CARD_W + 14, y: ly + HEALTH_CARD_H / 2 - FONT_SIZE.small * 0.65, size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: healthBox.w - HEALTH_CARD_W - 14, maxLines: 1 });
  });
}

/** The side strip's parts that change every turn, drawn over {@link drawSideBase}. */
function drawSideTurn(ctx: Ctx, view: AdventureView, x: number, top: number, say: (key: string, params?: Params) => string): void {
  const panels = sidePanels(view, x, top);
  const active = view.characters[view.turn];
  const status = view.finished
    ? say('adventure.render.finished')
    : view.pending
      ? say('adventure.render.choice', { entry: view.pending.entry })
      : say(view.acted ? 'adventure.render.acted' : 'adventure.render.toAct');
  const turnBox = panelContent(panels.turn, true);
  if (active) {
    const name = say(active.nameKey);
    const cx = turnBox.x + STANDEE_R + 6;
    const cy = turnBox.y + STANDEE_R + 6;
    drawActiveRing(ctx, view, active, cx, cy, STANDEE_R);
    drawToken(ctx, { x: cx, y: cy, radius: STANDEE_R, fill: figureColour(active.index), label: initial(name), stroke: PALETTE.white });
    drawText(ctx, name, { x: turnBox.x + 2 * STANDEE_R + 24, y: cy - FONT_SIZE.body * 0.6, size: FONT_SIZE.body, bold: true, maxWidth: turnBox.w - 2 * STANDEE_R - 24, maxLines: 1 });
  }
  drawText(ctx, status, { x: turnBox.x, y: turnBox.y + 2 * STANDEE_R + 24, size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: turnBox.w, maxLines: 2 });

  const total = HEALTH_BY_CHARACTERS[view.characters.length] ?? 6;
  const healthBox = panelContent(panels.health, true);
  view.characters.forEach((c, i) => {
    const ry = healthBox.y + i * HEALTH_ROW_H;
    const colour = figureColour(c.index);
    drawRoundRect(ctx, { x: healthBox.x, y: ry + 4, w: 14, h: 14 }, { fill: colour, radius: 7 });
    drawText(ctx, say(c.nameKey), { x: healthBox.x + 22, y: ry, size: FONT_SIZE.body, bold: c.index === view.turn, maxWidth: healthBox.w - 22, maxLines: 1 });
    const cy = ry + FONT_SIZE.body + 8;
    const step = Math.min(HEALTH_CARD_W + 8, (healthBox.w - HEALTH_CARD_W) / Math.max(total - 1, 1));
    for (let k = 0; k < Math.max(total, c.health.cards); k++) {
      const kind = k >= c.health.cards ? 'boxed' : k >= c.health.cards - c.health.flipped ? 'flipped' : 'up';
      drawHealthCard(ctx, healthBox.x + k * step, cy, kind, colour);
    }
    const held = say('adventure.render.holds', { count: c.inventory.length });
    drawText(ctx, held, { x: healthBox.x + healthBox.w, y: cy + 10, size: FONT_SIZE.small, colour: PALETTE.muted, align: 'right' });
  });

  const lines = statsLines(view, say);
  const stats = drawPanel(ctx, panels.stats);
  lines.forEach((line, i) => drawText(ctx, line, { x: stats.x, y: stats.y + i * STATS_LINE_H, size: FONT_SIZE.body, bold: i < 2, maxWidth: stats.w, maxLines: 1 }));
  if (view.ratingKey !== null) {
    drawText(ctx, say(view.ratingKey), { x: stats.x, y: stats.y + lines.length * STATS_LINE_H + 8, size: FONT_SIZE.body, colour: PALETTE.yellow, maxWidth: stats.w, maxLines: 4 });
  }
}

/** Room for strokes and anti-aliasing around a cached layer's panels: half the widest line and a pixel. */
const LAYER_BLEED = 4;

/**
 * The table picture posted after every turn (ARCHITECTURE "Rendering"): the revealed rooms with their
 * location numbers and the figures (Rules §Move character figure), and a strip with chapter, turn,
 * health cards (Rules §Health: face up, grey side, boxed) and hints. Drawn from the public view only.
 * Rooms and side frames come from cached layers keyed by everything they show; figures, health and
 * counts are drawn over them.
 */
export async function renderAdventureTable(view: AdventureView, lang: string, text?: AdventureText): Promise<Buffer> {
  const say = lookup(text, lang);
  const boardW = TABLE_WIDTH - 2 * MARGIN - SIDE_W - GAP * 2;
  const roomW = (boardW - GAP * (ROOM_COLUMNS - 1)) / ROOM_COLUMNS;
  const layouts = view.rooms.map((room) => layoutRoom(measuringContext(), view, room, roomW, say));
  const rowHeights: number[] = [];
  for (let i = 0; i < layouts.length; i += ROOM_COLUMNS) rowHeights.push(Math.max(...layouts.slice(i, i + ROOM_COLUMNS).map((l) => l.height)));
  const boardH = rowHeights.reduce((h, r) => h + r + GAP, 0) - GAP;
  const sideX = TABLE_WIDTH - MARGIN - SIDE_W;
  const side = sidePanels(view, sideX, MARGIN);
  const sideH = side.stats.y + side.stats.h - MARGIN;
  const height = Math.ceil(Math.max(boardH, sideH, 600) + 2 * MARGIN);

  const { canvas, ctx } = createSurface(TABLE_WIDTH, height, { opaque: true });
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, TABLE_WIDTH, height);
  let y = MARGIN;
  for (const [row, rowH] of rowHeights.entries()) {
    const placed = layouts.slice(row * ROOM_COLUMNS, (row + 1) * ROOM_COLUMNS).map((layout, col) => ({ layout, r: { x: MARGIN + col * (roomW + GAP), y, w: roomW, h: rowH } }));
    const lastEntry = placed.some(({ layout }) => layout.room.locations.some((l) => String(l) === view.lastEntry)) ? view.lastEntry : null;
    const entrance = say('adventure.render.entrance');
    const inputs = {
      pack: [view.packId, view.packVersion],
      lang,
      rooms: placed.map(({ layout, r }) => ({ r, title: layout.title, titleSize: layout.titleSize, titleH: layout.titleH, locations: layout.room.locations, spotRows: layout.spotRows, height: layout.height, waiting: layout.waiting.length > 0 })),
      lastEntry,
      entrance,
    };
    const area: Rect = { x: 0, y: y - LAYER_BLEED, w: MARGIN + boardW + LAYER_BLEED, h: rowH + 2 * LAYER_BLEED };
    drawLayer(ctx, 'adventure.rooms', inputs, area, (g) => placed.forEach(({ layout, r }) => drawRoomBase(g, layout, r, lastEntry, entrance)));
    for (const { layout, r } of placed) drawRoomFigures(ctx, view, layout, r, say);
    y += rowH + GAP;
    await yieldToEventLoop();
  }
  ctx.strokeStyle = PALETTE.panelBorder;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(TABLE_WIDTH - MARGIN - SIDE_W - GAP, MARGIN);
  ctx.lineTo(TABLE_WIDTH - MARGIN - SIDE_W - GAP, height - MARGIN);
  ctx.stroke();
  const sideInputs = {
    pack: [view.packId, view.packVersion],
    lang,
    chapter: [view.chapter, view.chapterCount, say('adventure.render.chapter', { chapter: view.chapter, count: view.chapterCount }), say(`chapter.${view.chapter}`)],
    titles: [say('adventure.render.turn'), say('adventure.render.health')],
    legend: [say('adventure.render.healthUp'), say('adventure.render.healthFlipped'), say('adventure.render.healthBoxed')],
    characters: view.characters.length,
  };
  const sideArea: Rect = { x: sideX - LAYER_BLEED, y: MARGIN - LAYER_BLEED, w: SIDE_W + 2 * LAYER_BLEED, h: side.health.y + side.health.h - MARGIN + 2 * LAYER_BLEED };
  drawLayer(ctx, 'adventure.side', sideInputs, sideArea, (g) => drawSideBase(g, view, sideX, MARGIN, say));
  drawSideTurn(ctx, view, sideX, MARGIN, say);
  await yieldToEventLoop();
  return encodePng(canvas);
}

const CARD_W = 220;
const CARD_H = 180;

/**
 * One player's inventory: the face-up cards of every character the seat plays (Rules §Solo game setup:
 * one seat may play several). Public like the table, since the format has no hidden hands.
 */
export async function renderInventory(view: AdventureView, seat: number, lang: string, text?: AdventureText): Promise<Buffer> {
  const say = lookup(text, lang);
  const mine = view.characters.filter((c) => c.seat === seat);
  const perRow = Math.floor((INVENTORY_WIDTH - 2 * MARGIN - 24 + GAP) / (CARD_W + GAP));
  const sections = mine.map((c) => {
    const rows = Math.max(1, Math.ceil(c.inventory.length / perRow));
    return { c, h: ROOM_TITLE_H + 24 + (c.inventory.length === 0 ? FONT_SIZE.body * 1.5 : rows * (CARD_H + GAP) - GAP) };
  });
  const height = Math.ceil(Math.max(200, sections.reduce((h, s) => h + s.h + GAP, 0) - GAP + 2 * MARGIN));
  const { canvas, ctx } = createSurface(INVENTORY_WIDTH, height, { opaque: true });
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, INVENTORY_WIDTH, height);
  let y = MARGIN;
  if (mine.length === 0) {
    drawText(ctx, say('adventure.render.noCards'), { x: MARGIN, y, size: FONT_SIZE.label, colour: PALETTE.muted, maxWidth: INVENTORY_WIDTH - 2 * MARGIN });
  }
  for (const { c, h } of sections) {
    const colour = figureColour(c.index);
    const inner = drawPanel(ctx, { x: MARGIN, y, w: INVENTORY_WIDTH - 2 * MARGIN, h }, { title: say('adventure.render.inventory', { name: say(c.nameKey) }), border: colour });
    if (c.inventory.length === 0) {
      drawText(ctx, say('adventure.render.noCards'), { x: inner.x, y: inner.y, size: FONT_SIZE.body, colour: PALETTE.muted, maxWidth: inner.w });
    }
    c.inventory.forEach((card, i) => {
      const cx = inner.x + (i % perRow) * (CARD_W + GAP);
      const cy = inner.y + Math.floor(i / perRow) * (CARD_H + GAP);
      drawCard(ctx, { x: cx, y: cy, w: CARD_W, h: CARD_H, title: '', accent: colour });
      const bodyTop = cy + FONT_SIZE.label + 22;
      drawText(ctx, String(card), { x: cx + CARD_W / 2, y: bodyTop, size: FONT_SIZE.heading, bold: true, colour: colour, align: 'center' });
      drawText(ctx, say(`card.${card}`), { x: cx + CARD_W / 2, y: bodyTop + FONT_SIZE.heading + 12, size: FONT_SIZE.body, bold: true, colour: PALETTE.black, align: 'center', maxWidth: CARD_W - 20, maxLines: 2 });
    });
    y += h + GAP;
  }
  return encodePng(canvas);
}

/**
 * Registers the table renderer with the shared registry (ARCHITECTURE "Rendering"); the composition root
 * calls it once. `textFor` picks the text lookup of the view's pack; without it the picture shows keys.
 */
export function register(textFor?: (view: AdventureView, packHash?: string) => AdventureText | undefined): void {
  registerRenderer('adventure', (view, locale, packHash) => renderAdventureTable(view as AdventureView, locale, textFor?.(view as AdventureView, packHash)));
  registerSheets('adventure', async (raw, locale, packHash) => {
    const view = raw as AdventureView;
    const text = textFor?.(view, packHash);
    const seats = [...new Set(view.characters.map((c) => c.seat))].sort((a, b) => a - b);
    return Promise.all(seats.map(async (seat) => ({ name: `inventory-${seat + 1}.png`, data: await renderInventory(view, seat, locale, text) })));
  });
}
