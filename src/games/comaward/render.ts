import { FONT_SIZE, PALETTE, createSurface, drawLayer, drawPanel, drawRoundRect, drawText, encodePng, font, registerRenderer, textWidth, yieldToEventLoop, type CanvasRenderingContext2D, type Rect, wrapText } from '../../render/index.ts';
import { packText, type ComaWardPack, type FloorData } from './content.ts';
import { floorCells } from './pack-helpers.ts';

/** Interface strings of the picture in the reader's language (the `cw.render.*` codes); undefined when absent. */
export type ComaWardUi = (code: string, lang: string, params?: Record<string, unknown>) => string | undefined;

/** The slice of the public view (view.ts `publicView`) the picture reads, plus the table's pack and seat names. */
interface TableView {
  packId?: string;
  packVersion?: string;
  seatNames?: string[];
  phase: 'prologue' | 'phenomenon' | 'over';
  active: number;
  turnNo: number;
  players: {
    seat: number;
    alive: boolean;
    at: string | null;
    health: number;
    terror: number;
    strength: number;
    dexterity: number;
    focus: number;
    neurosis: string;
    neurosisStage: number;
    hiddenNeurosis: boolean;
    items: string[];
    carried: number;
    carryLimit: number;
    entity: { id: string; uses: number } | null;
  }[];
  board: {
    slots: Record<string, { card: string; kind: 'room' | 'hallucinationRoom' }>;
    floor: Record<string, string[]>;
    rummaged: Record<string, number[]>;
    portals: { in: string; out: string }[];
    clues: { marker: number; at: string }[];
    actors: { uid: string; card: string; kind: 'enemy' | 'ally'; at: string; health: number }[];
  };
  phenomenon: { id: string | null; round: number } | null;
}

/** The picture is drawn 1000 px wide: shown 550 px wide, 18 px text reads as about 10 px, as Discord's own small print. */
export const WIDTH = 1000;
/** The smallest text the picture draws (see {@link WIDTH}). */
export const MIN_TEXT = 18;
const M = 16;
const HEADER = 64;
const FLOOR_BAR = 34;
const ROOM_ROW = 140;
const HALL_ROW = 44;
const FLOOR_GAP = 10;
const MAT_H = 218;
const LEGEND_H = 44;
const PILL_H = 24;
const BADGE = 22;

/** Seat colours, distinct on a phone screen; ink chosen for contrast. */
const SEAT_COLOURS: readonly { fill: string; ink: string }[] = [
  { fill: PALETTE.red, ink: PALETTE.white },
  { fill: PALETTE.blue, ink: PALETTE.white },
  { fill: PALETTE.green, ink: PALETTE.white },
  { fill: PALETTE.yellow, ink: PALETTE.black },
  { fill: PALETTE.purple, ink: PALETTE.white },
  { fill: PALETTE.orange, ink: PALETTE.black },
];
const ENEMY = { fill: '#5a1414', ink: PALETTE.white };
const ALLY = { fill: '#14524a', ink: PALETTE.white };
const CELL = { hall: '#343b4d', slot: '#262a33', fixed: '#3e4a5c', room: '#55493a', hallucinationRoom: '#4c3f63', stairs: '#46523f', elevator: '#4b5563' };
const BADGES = { clue: { fill: PALETTE.red, ink: PALETTE.white }, items: { fill: PALETTE.yellow, ink: PALETTE.black }, rummage: { fill: PALETTE.green, ink: PALETTE.white }, portalIn: { fill: PALETTE.purple, ink: PALETTE.white }, portalOut: { fill: '#c9a8ef', ink: PALETTE.black } };

/** Floors as a building: the top floor first. */
const FLOOR_ORDER = ['floor3', 'floor2', 'floor1', 'basement'];

interface Cell {
  readonly id: string;
  readonly ch: string;
  readonly rect: Rect;
  readonly hallRow: boolean;
}

interface FloorLayout {
  readonly floor: FloorData;
  readonly bar: Rect;
  readonly cells: readonly Cell[];
}

/** Where each floor and space goes: row heights follow the map (hallway rows are thin). */
function layout(pack: ComaWardPack): { floors: FloorLayout[]; bottom: number } {
  const cols = Math.max(...pack.board.floors.map((f) => f.width));
  const cw = (WIDTH - 2 * M) / cols;
  const floors: FloorLayout[] = [];
  let y = HEADER;
  const ordered = [...pack.board.floors].sort((a, b) => FLOOR_ORDER.indexOf(a.id) - FLOOR_ORDER.indexOf(b.id));
  for (const floor of ordered) {
    const bar: Rect = { x: M, y, w: WIDTH - 2 * M, h: FLOOR_BAR };
    y += FLOOR_BAR;
    const cells = floorCells(floor);
    const rows = floor.map.replace(/\n$/, '').split('\n');
    const hallRows = rows.map((row) => [...row].every((ch) => ch === 'h' || ch === '.' || ch === ' '));
    const top: number[] = [];
    for (const hall of hallRows) {
      top.push(y);
      y += hall ? HALL_ROW : ROOM_ROW;
    }
    const spans = widen(rows);
    floors.push({
      floor,
      bar,
      cells: cells.map((c) => {
        const [from, span] = spans.get(`${c.x},${c.y}`) ?? [c.x, 1];
        return { id: c.id, ch: c.ch, hallRow: hallRows[c.y] ?? false, rect: { x: M + from * cw, y: top[c.y] ?? y, w: cw * span, h: hallRows[c.y] ? HALL_ROW : ROOM_ROW } };
      }),
    });
    y += FLOOR_GAP;
  }
  return { floors, bottom: y };
}

/**
 * Rooms, stairs and elevators drawn over one empty neighbour cell (`.` on the map), to the right when it is
 * free, else to the left: their names then fit in two or three lines. Display only; the rules' geometry
 * (sight lines, moves) is the map's.
 */
function widen(rows: readonly string[]): Map<string, [from: number, span: number]> {
  const out = new Map<string, [number, number]>();
  rows.forEach((row, y) => {
    const taken = new Set<number>();
    const empty = (x: number): boolean => (row[x] === '.' || row[x] === ' ') && !taken.has(x);
    [...row].forEach((ch, x) => {
      if (ch === '.' || ch === ' ' || ch === 'h') return;
      if (empty(x + 1) && x + 1 < row.length) {
        taken.add(x + 1);
        out.set(`${x},${y}`, [x, 2]);
      } else if (x > 0 && empty(x - 1)) {
        taken.add(x - 1);
        out.set(`${x},${y}`, [x - 1, 2]);
      }
    });
  });
  return out;
}

type Lang = 'en' | 'es';

interface Words {
  readonly lang: Lang;
  readonly ui: (code: string, params?: Record<string, unknown>) => string;
  readonly pack: (key: string) => string | undefined;
  readonly seat: (seat: number) => string;
}

const inset = (r: Rect, d: number): Rect => ({ x: r.x + d, y: r.y + d, w: r.w - 2 * d, h: r.h - 2 * d });

/** The static board: floors, fixed rooms, stairs, elevators and empty room slots (cached per pack and language). */
function drawBoard(ctx: CanvasRenderingContext2D, floors: readonly FloorLayout[], pack: ComaWardPack, w: Words): void {
  for (const f of floors) {
    drawText(ctx, packText(pack, `board.floor.${f.floor.id}.name`, w.lang) ?? f.floor.id, { x: f.bar.x + 4, y: f.bar.y + 6, size: 22, bold: true, maxWidth: f.bar.w - 8, maxLines: 1 });
    for (const c of f.cells) {
      const fill = c.ch === 'h' ? CELL.hall : c.ch === '?' ? CELL.slot : c.ch === 'S' ? CELL.stairs : c.ch === 'E' ? CELL.elevator : CELL.fixed;
      drawRoundRect(ctx, inset(c.rect, 2), { fill, radius: 6, ...(c.ch === '?' ? { stroke: PALETTE.panelBorder, lineWidth: 1 } : {}) });
      const name = fixedName(f.floor, c, pack, w);
      if (name) cellTitle(ctx, c, name, c.ch === '?' ? PALETTE.muted : PALETTE.ink);
    }
  }
}

const TITLE_LINE = MIN_TEXT * 1.15;
const titleLines = (c: Cell): number => (c.hallRow ? 1 : 3);

/** What the printed board says on a space: a fixed room's name, Stairs, an elevator's name, `?` on a room slot. */
function fixedName(floor: FloorData, c: Cell, pack: ComaWardPack, w: Words): string | undefined {
  const room = floor.rooms.find((r) => r.letter === c.ch);
  if (room) return packText(pack, `board.floor.${floor.id}.room.${room.id}.name`, w.lang);
  if (c.ch === 'S') return w.ui('cw.render.stairs');
  if (c.ch === '?') return '?';
  if (c.ch !== 'E') return undefined;
  const elevator = pack.board.elevators.find((e) => Object.entries(e.spaces).some(([fl, xy]) => fl === floor.id && xy && `${floor.id}-${xy[0]}-${xy[1]}` === c.id));
  return elevator ? packText(pack, `board.elevator.${elevator.id}.name`, w.lang) : undefined;
}

function cellTitle(ctx: CanvasRenderingContext2D, c: Cell, name: string, colour: string = PALETTE.ink): number {
  const r = inset(c.rect, 6);
  return drawText(ctx, name, { x: r.x, y: r.y, size: MIN_TEXT, colour, maxWidth: r.w, maxLines: titleLines(c), lineHeight: 1.15 }).height;
}

/** The height a cell's title takes (as {@link cellTitle} draws it), without drawing. */
function titleHeight(ctx: CanvasRenderingContext2D, c: Cell, name: string | undefined): number {
  if (!name) return 0;
  ctx.font = font(MIN_TEXT);
  return Math.min(wrapText(ctx, name, c.rect.w - 12).length, titleLines(c)) * TITLE_LINE;
}

interface Occupant {
  readonly name: string;
  readonly colour: { fill: string; ink: string };
  readonly active: boolean;
}

const initials = (name: string): string =>
  (name.trim().split(/\s+/).length > 1 ? name.trim().split(/\s+/).map((x) => x[0] ?? '').join('') : name.trim().slice(0, 2)).slice(0, 2).toUpperCase();

function pill(ctx: CanvasRenderingContext2D, r: Rect, text: string, colour: { fill: string; ink: string }, outline: boolean): void {
  drawRoundRect(ctx, r, { fill: colour.fill, radius: r.h / 2, ...(outline ? { stroke: PALETTE.white, lineWidth: 3 } : {}) });
  drawText(ctx, text, { x: r.x + r.w / 2, y: r.y + (r.h - MIN_TEXT) / 2, size: MIN_TEXT, bold: true, colour: colour.ink, align: 'center', maxWidth: r.w - 8, maxLines: 1 });
}

/** Standees with names when each gets a row, else with initials three to a row (the mats name them). */
function drawOccupants(ctx: CanvasRenderingContext2D, area: Rect, who: readonly Occupant[]): void {
  if (who.length === 0) return;
  const rows = Math.max(1, Math.floor((area.h + 2) / (PILL_H + 2)));
  if (who.length <= rows) {
    who.forEach((o, i) => pill(ctx, { x: area.x, y: area.y + i * (PILL_H + 2), w: area.w, h: PILL_H }, o.name, o.colour, o.active));
    return;
  }
  const perRow = Math.max(1, Math.ceil(who.length / rows));
  const pw = (area.w - (perRow - 1) * 3) / perRow;
  who.forEach((o, i) => pill(ctx, { x: area.x + (i % perRow) * (pw + 3), y: area.y + Math.floor(i / perRow) * (PILL_H + 2), w: pw, h: PILL_H }, initials(o.name), o.colour, o.active));
}

/** Small labelled badges along a cell's bottom edge (clue markers, dropped items, rummage tokens, portals). */
function drawBadges(ctx: CanvasRenderingContext2D, c: Cell, badges: readonly { text: string; colour: { fill: string; ink: string } }[]): number {
  if (badges.length === 0) return 0;
  const right = c.rect.x + c.rect.w - 6;
  ctx.font = font(MIN_TEXT, true);
  let x = c.rect.x + c.rect.w - 6;
  const y = c.rect.y + c.rect.h - 6 - BADGE;
  for (const b of badges) {
    const bw = Math.max(BADGE, textWidth(ctx, b.text) + 8);
    x -= bw;
    drawRoundRect(ctx, { x, y, w: bw, h: BADGE }, { fill: b.colour.fill, radius: 5 });
    drawText(ctx, b.text, { x: x + bw / 2, y: y + (BADGE - MIN_TEXT) / 2 + 1, size: MIN_TEXT, bold: true, colour: b.colour.ink, align: 'center' });
    x -= 3;
  }
  return right - x;
}

/** Letters that pair each portal's In with its Out. */
const portalLetter = (i: number): string => String.fromCharCode(65 + (i % 26));

function drawMat(ctx: CanvasRenderingContext2D, r: Rect, p: TableView['players'][number], view: TableView, pack: ComaWardPack, w: Words): void {
  const colour = SEAT_COLOURS[p.seat % SEAT_COLOURS.length] ?? SEAT_COLOURS[0];
  const title = p.alive ? w.seat(p.seat) : w.ui('cw.render.eliminated', { name: w.seat(p.seat) });
  const inner = drawPanel(ctx, r, { title, border: p.seat === view.active && view.phase !== 'over' ? PALETTE.yellow : (colour?.fill ?? PALETTE.panelBorder) });
  drawRoundRect(ctx, { x: r.x + r.w - 40, y: r.y + 12, w: 28, h: 26 }, { fill: colour?.fill ?? PALETTE.red, radius: 6 });
  let y = inner.y;
  const track = (label: string, value: number, max: number, fill: string): void => {
    drawText(ctx, label, { x: inner.x, y: y + 3, size: MIN_TEXT, bold: true, maxWidth: 90, maxLines: 1 });
    for (let i = 0; i <= max; i++) {
      const box: Rect = { x: inner.x + 96 + i * 34, y, w: 30, h: 26 };
      drawRoundRect(ctx, box, i === value ? { fill, radius: 5 } : { stroke: PALETTE.panelBorder, lineWidth: 1, radius: 5 });
      drawText(ctx, String(i), { x: box.x + box.w / 2, y: box.y + 4, size: MIN_TEXT, bold: i === value, align: 'center', colour: i === value ? PALETTE.white : PALETTE.muted });
    }
    y += 30;
  };
  track(w.ui('cw.render.health'), p.health, 5, PALETTE.red);
  track(w.ui('cw.render.terror'), p.terror, Math.max(pack.mat.maxTerror, p.terror), PALETTE.purple);
  y += 2;
  const line = (text: string, o: { colour?: string; lines?: number; bold?: boolean } = {}): void => {
    y += drawText(ctx, text, { x: inner.x, y, size: 20, maxWidth: inner.w, maxLines: o.lines ?? 1, colour: o.colour ?? PALETTE.ink, bold: o.bold ?? false, lineHeight: 1.2 }).height + 2;
  };
  line(w.ui('cw.render.stats', { strength: p.strength, dexterity: p.dexterity, focus: p.focus }), { bold: true });
  const neurosis = packText(pack, `neurosis.${p.neurosis}.name`, w.lang) ?? p.neurosis;
  line(p.hiddenNeurosis ? w.ui('cw.render.neurosisHidden', { neurosis }) : w.ui('cw.render.neurosis', { neurosis, stage: p.neurosisStage }));
  const items = p.items.map((u) => itemName(pack, u, w.lang));
  line(w.ui('cw.render.items', { carried: p.carried, limit: p.carryLimit, items: items.join(', ') || '—' }), { lines: 2, colour: PALETTE.muted });
  if (p.entity && view.phenomenon?.id) line(w.ui('cw.render.entity', { entity: packText(pack, `phenomenon.${view.phenomenon.id}.entity.${p.entity.id}.name`, w.lang) ?? p.entity.id, uses: p.entity.uses }));
}

function itemName(pack: ComaWardPack, uid: string, lang: Lang): string {
  const id = uid.split('~')[0] ?? uid;
  const own = packText(pack, `item.${id}.name`, lang);
  if (own) return own;
  for (const ph of Object.keys(pack.phenomena)) {
    const found = packText(pack, `phenomenon.${ph}.item.${id}.name`, lang);
    if (found) return found;
  }
  return id;
}

/** Draws a Coma Ward table from its public view: the four floors, then one mat per player, then a legend. */
export async function renderComaWard(viewJson: unknown, locale: string, pack: ComaWardPack, ui?: ComaWardUi): Promise<Buffer> {
  const view = viewJson as TableView;
  const lang: Lang = locale.toLowerCase().startsWith('es') ? 'es' : 'en';
  const w: Words = {
    lang,
    ui: (code, params) => ui?.(code, lang, params) ?? code.split('.').pop() ?? code,
    pack: (key) => packText(pack, key, lang),
    seat: (seat) => view.seatNames?.[seat] ?? (ui?.('cw.render.player', lang, { n: seat + 1 }) ?? `#${seat + 1}`),
  };
  const { floors, bottom } = layout(pack);
  const matRows = Math.ceil(view.players.length / 2);
  const height = bottom + matRows * (MAT_H + M) + LEGEND_H + M;
  const { canvas, ctx } = createSurface(WIDTH, height, { opaque: true, reuse: true });
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, WIDTH, height);
  drawLayer(ctx, 'comaward:board', { pack: view.packId ?? '', version: view.packVersion ?? '', floors: pack.board.floors.map((f) => f.id), lang, stairs: w.ui('cw.render.stairs') }, { x: 0, y: HEADER, w: WIDTH, h: bottom - HEADER }, (g) =>
    drawBoard(g, floors, pack, w),
  );
  const phenomenonName = view.phenomenon?.id ? (packText(pack, `phenomenon.${view.phenomenon.id}.name`, lang) ?? view.phenomenon.id) : null;
  const header = w.ui(`cw.render.header.${view.phase}`, { turn: view.turnNo, name: w.seat(view.active), clues: view.board.clues.length, phenomenon: phenomenonName ?? '', round: view.phenomenon?.round ?? 0 });
  drawText(ctx, header, { x: M, y: 16, size: 28, bold: true, maxWidth: WIDTH - 2 * M, maxLines: 1 });

  const portals = [...printedPortals(pack), ...view.board.portals];
  for (const f of floors) {
    for (const c of f.cells) {
      const slot = view.board.slots[c.id];
      if (slot) {
        drawRoundRect(ctx, inset(c.rect, 2), { fill: slot.kind === 'room' ? CELL.room : CELL.hallucinationRoom, radius: 6 });
        cellTitle(ctx, c, w.pack(`${slot.kind}.${slot.card}.name`) ?? slot.card);
      }
      const badges: { text: string; colour: { fill: string; ink: string } }[] = [];
      for (const clue of view.board.clues) if (clue.at === c.id) badges.push({ text: String(clue.marker), colour: BADGES.clue });
      const dropped = view.board.floor[c.id]?.length ?? 0;
      if (dropped > 0) badges.push({ text: String(dropped), colour: BADGES.items });
      const tokens = view.board.rummaged[c.id]?.length ?? 0;
      if (tokens > 0) badges.push({ text: String(tokens), colour: BADGES.rummage });
      portals.forEach((p, i) => {
        if (p.in === c.id) badges.push({ text: portalLetter(i), colour: BADGES.portalIn });
        if (p.out === c.id) badges.push({ text: portalLetter(i), colour: BADGES.portalOut });
      });
      const who: Occupant[] = [
        ...view.players.filter((p) => p.alive && p.at === c.id).map((p) => ({ name: w.seat(p.seat), colour: SEAT_COLOURS[p.seat % SEAT_COLOURS.length] ?? ENEMY, active: p.seat === view.active && view.phase !== 'over' })),
        ...view.board.actors
          .filter((a) => a.at === c.id)
          .map((a) => ({ name: (view.phenomenon?.id ? w.pack(`phenomenon.${view.phenomenon.id}.${a.kind}.${a.card}.name`) : undefined) ?? a.card, colour: a.kind === 'enemy' ? ENEMY : ALLY, active: false })),
      ];
      const title = slot ? (w.pack(`${slot.kind}.${slot.card}.name`) ?? slot.card) : fixedName(f.floor, c, pack, w);
      const badgeWidth = drawBadges(ctx, c, badges);
      if (c.hallRow) {
        drawOccupants(ctx, { x: c.rect.x + 6, y: c.rect.y + (c.rect.h - PILL_H) / 2, w: c.rect.w - 12 - badgeWidth, h: PILL_H }, who);
        continue;
      }
      const top = c.rect.y + 6 + titleHeight(ctx, c, title) + 4;
      const area: Rect = { x: c.rect.x + 6, y: top, w: c.rect.w - 12, h: c.rect.y + c.rect.h - 6 - (badgeWidth > 0 ? BADGE + 2 : 0) - top };
      drawOccupants(ctx, area, who);
    }
  }
  await yieldToEventLoop();
  view.players.forEach((p, i) => {
    const col = i % 2;
    const row = Math.floor(i / 2);
    const mw = (WIDTH - 3 * M) / 2;
    drawMat(ctx, { x: M + col * (mw + M), y: bottom + row * (MAT_H + M), w: mw, h: MAT_H }, p, view, pack, w);
  });
  drawLegend(ctx, height - LEGEND_H - M / 2, w);
  return encodePng(canvas);
}

/** Printed portals as space ids (board.yaml `portals`: floor and cell). */
function printedPortals(pack: ComaWardPack): { in: string; out: string }[] {
  const idAt = (floor: string, at: readonly number[]): string => {
    const f = pack.board.floors.find((x) => x.id === floor);
    const cell = f ? floorCells(f).find((c) => c.x === at[0] && c.y === at[1]) : undefined;
    return cell?.id ?? `${floor}-${at[0]}-${at[1]}`;
  };
  return pack.board.portals.map((p) => ({ in: idAt(p.in.floor, p.in.at), out: idAt(p.out.floor, p.out.at) }));
}

function drawLegend(ctx: CanvasRenderingContext2D, y: number, w: Words): void {
  const items: [string, { fill: string; ink: string }, string][] = [
    ['1', BADGES.clue, w.ui('cw.render.legend.clue')],
    ['2', BADGES.items, w.ui('cw.render.legend.items')],
    ['1', BADGES.rummage, w.ui('cw.render.legend.rummage')],
    ['A', BADGES.portalIn, w.ui('cw.render.legend.portalIn')],
    ['A', BADGES.portalOut, w.ui('cw.render.legend.portalOut')],
  ];
  ctx.font = font(MIN_TEXT);
  const widths = items.map(([, , label]) => BADGE + 6 + textWidth(ctx, label) + 18);
  const scale = Math.min(1, (WIDTH - 2 * M) / widths.reduce((a, b) => a + b, 0));
  let x = M;
  items.forEach(([mark, colour, label], i) => {
    drawRoundRect(ctx, { x, y, w: BADGE, h: BADGE }, { fill: colour.fill, radius: 5 });
    drawText(ctx, mark, { x: x + BADGE / 2, y: y + 2, size: MIN_TEXT, bold: true, colour: colour.ink, align: 'center' });
    const room = (widths[i] ?? 0) * scale - BADGE - 6 - 10;
    drawText(ctx, label, { x: x + BADGE + 6, y: y + 2, size: MIN_TEXT, colour: PALETTE.muted, maxWidth: room, maxLines: 1 });
    x += (widths[i] ?? 0) * scale;
  });
  void FONT_SIZE;
}

/** Registers the table picture: `packOf` finds the pack a view was played with, `ui` the interface strings. */
export function register(packOf: (view: { packId?: string; packVersion?: string }, packHash?: string) => ComaWardPack | undefined, ui?: ComaWardUi): void {
  registerRenderer('comaward', async (view, locale, packHash) => {
    const pack = packOf(view as { packId?: string; packVersion?: string }, packHash);
    if (!pack) throw new Error('comaward picture: the pack of this game is not loaded');
    return renderComaWard(view, locale, pack, ui);
  });
}
