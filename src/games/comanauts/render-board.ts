import { FONT_SIZE, PALETTE, createSurface, font, textWidth, wrapText, drawDie, drawLayer, drawLink, drawPanel, drawRoundRect, drawText, drawToken, type DieColour, type LinkStyle, type Rect } from '../../render/index.ts';
import { COLUMN_W, CONTENT_W, DIE_OF, GAP, LINE, MARGIN, SEATS, mark, type Ctx, type Labels, type TableView, type Tx } from './render-view.ts';

const PAD = 12;
const TITLE_H = FONT_SIZE.label + 24;
const DIE = 30;
const DIE_STEP = DIE + 6;
/** Beyond a panel's or card's edge, what its outline and anti-aliasing may paint (half a 4 px stroke and a pixel). */
export const FRAME_BLEED = 3;

function diceRow(ctx: Ctx, x: number, y: number, list: readonly { kind: string; face: number | null }[], maxW: number, size = DIE): number {
  const step = size + 6;
  const perRow = Math.max(1, Math.floor((maxW + 6) / step));
  list.forEach((d, i) => drawDie(ctx, { x: x + (i % perRow) * step, y: y + Math.floor(i / perRow) * step, size, colour: DIE_OF[d.kind] ?? 'white', value: d.face }));
  return list.length === 0 ? 0 : Math.ceil(list.length / perRow) * step - 6;
}

const STATUS_H = TITLE_H + 24 + LINE(FONT_SIZE.body) + 4 + 40 + 6 + DIE + 4;

/** Height of {@link drawStatus}. */
export function statusHeight(): number {
  return STATUS_H;
}

/**
 * The sideboard's state in two panels: the threat track with the situation (Rules §Threat) and the
 * group task with its running total against the target (Rules §Group Task) and the inner child die.
 */
export function drawStatus(ctx: Ctx, view: TableView, y: number, L: Labels, colourName: (c: string) => string): void {
  const left = drawPanel(ctx, { x: MARGIN, y, w: COLUMN_W, h: STATUS_H }, { title: L.threat });
  const hostile = view.situation === 'hostile';
  drawRoundRect(ctx, { x: left.x, y: left.y, w: left.w, h: LINE(FONT_SIZE.body) + 4 }, { fill: hostile ? PALETTE.red : PALETTE.green, radius: 8 });
  drawText(ctx, hostile ? L.hostile : L.safe, { x: left.x + left.w / 2, y: left.y + 3, size: FONT_SIZE.body, bold: true, align: 'center' });
  const slotsY = left.y + LINE(FONT_SIZE.body) + 10;
  const slot = (left.w - 7 * 4) / 8;
  for (let i = 0; i < 8; i++) {
    const r = { x: left.x + i * (slot + 4), y: slotsY, w: slot, h: 40 };
    const die = view.dice.threat[i];
    if (die) drawDie(ctx, { x: r.x + (slot - Math.min(slot, 40)) / 2, y: r.y, size: Math.min(slot, 40), colour: DIE_OF[die.kind] ?? 'black', value: die.face, face: 'number' });
    else {
      drawRoundRect(ctx, r, { fill: PALETTE.dark, stroke: PALETTE.panelBorder, radius: 6 });
      drawText(ctx, String(i + 1), { x: r.x + slot / 2, y: r.y + 20 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, colour: PALETTE.muted, align: 'center' });
    }
  }
  drawText(ctx, `${L.bag}: ${view.dice.bag} · ${L.insight}: ${view.insight}`, { x: left.x, y: slotsY + 46, size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: left.w, maxLines: 1 });

  const task = view.groupTask;
  const total = view.dice.group.reduce((s, d) => s + (d.face ?? 0), 0);
  const title = task ? `${L.group}: ${colourName(task.colour)}` : L.group;
  const right = drawPanel(ctx, { x: MARGIN + COLUMN_W + GAP, y, w: COLUMN_W, h: STATUS_H }, { title });
  const line = task ? (task.done ? `${L.total} ${total}/${task.target} ✓` : `${L.total} ${total}/${task.target}`) : L.noGroupTask;
  drawText(ctx, line, { x: right.x, y: right.y, size: FONT_SIZE.body, bold: true, colour: task?.done ? PALETTE.green : task ? PALETTE.ink : PALETTE.muted, maxWidth: right.w, maxLines: task ? 1 : 2 });
  if (task) diceRow(ctx, right.x, right.y + LINE(FONT_SIZE.body) + 10, view.dice.group.map((d) => ({ kind: d.kind, face: d.face })), right.w);
  const childY = right.y + right.h - 34;
  drawText(ctx, `${L.child}:`, { x: right.x, y: childY + 17 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: right.w - 44, maxLines: 1 });
  ctx.font = font(FONT_SIZE.small);
  drawDie(ctx, { x: right.x + Math.min(right.w - 34, textWidth(ctx, `${L.child}:`) + 12), y: childY, size: 34, colour: 'translucentBlue', value: view.dice.child, face: 'number' });
}

/** Height of {@link drawPieces}. */
export function piecesHeight(view: TableView): number {
  const discardRows = Math.max(1, Math.ceil(view.dice.discard.length / Math.floor((COLUMN_W - 2 * PAD + 6) / DIE_STEP)));
  return TITLE_H + 24 + Math.max(2 * LINE(FONT_SIZE.body) + 4 + LINE(FONT_SIZE.small), LINE(FONT_SIZE.body) + 8 + discardRows * DIE_STEP);
}

/** Vital signs shown so far (Rules §Vital Signs), the Morass and the discard pool, side by side. */
export function drawPieces(ctx: Ctx, view: TableView, y: number, h: number, L: Labels, tx: Tx): void {
  const vital = view.vitalSigns ?? { left: 0, shown: [] };
  const left = drawPanel(ctx, { x: MARGIN, y, w: COLUMN_W, h }, { title: L.vital });
  const shown = vital.shown.map((c) => (c === 'critical' ? L.critical : c === 'flatline' ? L.flatline : L.stable));
  drawText(ctx, shown.join(', ') || L.empty, { x: left.x, y: left.y, size: FONT_SIZE.body, bold: true, colour: vital.shown.includes('critical') ? PALETTE.orange : PALETTE.ink, maxWidth: left.w, maxLines: 2 });
  drawText(ctx, `${L.vitalLeft}: ${vital.left}`, { x: left.x, y: left.y + 2 * LINE(FONT_SIZE.body) + 4, size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: left.w, maxLines: 1 });
  const right = drawPanel(ctx, { x: MARGIN + COLUMN_W + GAP, y, w: COLUMN_W, h }, { title: L.discard });
  const morass = view.morass.map((s) => view.players[s]).filter((p) => p !== undefined).map((p) => tx(p.avatar.name, p.avatar.card));
  drawText(ctx, `${L.morass}: ${morass.join(', ') || L.empty}`, { x: right.x, y: right.y, size: FONT_SIZE.body, colour: morass.length > 0 ? PALETTE.purple : PALETTE.muted, bold: morass.length > 0, maxWidth: right.w, maxLines: 1 });
  diceRow(ctx, right.x, right.y + LINE(FONT_SIZE.body) + 8, view.dice.discard.map((k) => ({ kind: k, face: null })), right.w);
}

const ACTION_H = LINE(FONT_SIZE.small) * 2 + 6;
const CARD_HEAD = LINE(FONT_SIZE.body) + 14;

function enemyCardHeight(e: NonNullable<TableView['enemies'][number]>): number {
  return CARD_HEAD + 8 + e.actions.length * ACTION_H + 6;
}

/** Height of {@link drawEnemies}. */
export function enemiesHeight(view: TableView): number {
  const present = view.enemies.filter((e) => e !== null);
  let h = LINE(FONT_SIZE.body) + 6;
  for (let i = 0; i < present.length; i += 2) h += Math.max(...present.slice(i, i + 2).map(enemyCardHeight)) + GAP;
  return h;
}

/** The enemies in their slots, two cards to a row, each action with its roll range and words for its numbers (Rules §Enemy Cards). */
export function drawEnemies(ctx: Ctx, view: TableView, y: number, L: Labels, tx: Tx): void {
  const present = view.enemies.filter((e) => e !== null);
  const heading = present.length === 0 ? `${L.enemies}: ${L.noEnemies}` : `${L.enemies}: ${L.slotsUsed.replace('{{used}}', String(present.length)).replace('{{count}}', String(view.enemies.length))}`;
  drawText(ctx, heading, { x: MARGIN, y, size: FONT_SIZE.body, bold: true, maxWidth: CONTENT_W, maxLines: 1 });
  let top = y + LINE(FONT_SIZE.body) + 6;
  for (let i = 0; i < present.length; i += 2) {
    const row = present.slice(i, i + 2);
    const h = Math.max(...row.map(enemyCardHeight));
    row.forEach((e, k) => {
      const r: Rect = { x: MARGIN + k * (COLUMN_W + GAP), y: top, w: row.length === 1 ? CONTENT_W : COLUMN_W, h };
      const card = {
        r,
        accent: e.kind === 'entity' ? PALETTE.purple : PALETTE.red,
        title: tx(e.name, e.uid),
        stats: `${L.def} ${e.defence}${e.life !== null ? ` · ♥ ${e.life}` : ''}`,
        actions: e.actions.map((a) => ({ head: `${a.min}–${a.max} · ${tx(a.name)}`, numbers: `${L.speed} ${a.speed} · ${L.range} ${a.range} · ${L.strength} ${a.strength}` })),
      };
      const area: Rect = { x: r.x - FRAME_BLEED, y: r.y - FRAME_BLEED, w: r.w + 2 * FRAME_BLEED, h: r.h + 2 * FRAME_BLEED };
      drawLayer(ctx, 'comanauts.enemy', card, area, (g) => drawEnemyCard(g, card));
    });
    top += h + GAP;
  }
}

function drawEnemyCard(ctx: Ctx, c: { r: Rect; accent: string; title: string; stats: string; actions: { head: string; numbers: string }[] }): void {
  const { r } = c;
  drawRoundRect(ctx, r, { fill: PALETTE.panel, stroke: c.accent, lineWidth: 3, radius: 10 });
  drawRoundRect(ctx, { x: r.x, y: r.y, w: r.w, h: CARD_HEAD }, { fill: c.accent, radius: 10 });
  drawToken(ctx, { x: r.x + 8 + 16, y: r.y + CARD_HEAD / 2, radius: 16, fill: c.accent, label: mark(c.title), stroke: PALETTE.white });
  ctx.font = font(FONT_SIZE.small, true);
  const statsW = textWidth(ctx, c.stats) + 8;
  drawText(ctx, c.title, { x: r.x + 48, y: r.y + 7, size: FONT_SIZE.body, bold: true, maxWidth: r.w - 56 - statsW, maxLines: 1 });
  drawText(ctx, c.stats, { x: r.x + r.w - 8, y: r.y + 7 + (FONT_SIZE.body - FONT_SIZE.small) / 2, size: FONT_SIZE.small, bold: true, align: 'right' });
  c.actions.forEach((a, i) => {
    const y = r.y + CARD_HEAD + 8 + i * ACTION_H;
    drawText(ctx, a.head, { x: r.x + 10, y, size: FONT_SIZE.small, bold: true, maxWidth: r.w - 20, maxLines: 1 });
    drawText(ctx, a.numbers, { x: r.x + 10, y: y + LINE(FONT_SIZE.small), size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: r.w - 20, maxLines: 1 });
  });
}

type Player = TableView['players'][number];

let measuring: Ctx | undefined;

function linesOf(text: string, size: number, bold: boolean, width: number, max: number): number {
  measuring ??= createSurface(1, 1).ctx;
  measuring.font = font(size, bold);
  return Math.min(max, wrapText(measuring, text, width).length);
}

/** What a sheet lists under the avatar: equipment, inventory and statuses, each at most two lines. */
function sheetItems(p: Player, L: Labels, tx: Tx): [string, string][] {
  const equipped = [...new Set(Object.values(p.equipment).filter((v) => v !== null).map((v) => tx(v?.name, v?.id)))];
  const statuses = [...p.statuses.map((s) => tx(s.name, s.id)), ...(p.defaultStatus.active ? [tx(p.defaultStatus.name, p.defaultStatus.id)] : [])];
  return [
    [`${L.equipped}: ${equipped.join(', ') || L.empty}`, PALETTE.ink],
    [`${L.inventory}: ${p.inventory.map((it) => tx(it.name, it.id)).join(', ') || L.empty}`, PALETTE.muted],
    [`${L.statuses}: ${statuses.join(', ') || L.empty}`, statuses.length > 0 ? PALETTE.orange : PALETTE.muted],
  ];
}

function sheetFlags(p: Player, L: Labels): string {
  return [p.suspicious ? L.suspicious : '', p.place === 'morass' ? L.morass : ''].filter((f) => f !== '').join(' · ');
}

const SHEET_PAD = 12;
const AVATAR_H = 48;

/** A sheet's height for its content: the player's name (one or two lines), avatar, life, dice, items, flags. */
function sheetHeight(p: Player, w: number, active: boolean, L: Labels, tx: Tx): number {
  const inner = w - 2 * SHEET_PAD;
  const name = linesOf(`${active ? '▶ ' : ''}${p.name}`, FONT_SIZE.body, true, inner, 2) * LINE(FONT_SIZE.body) + 8;
  const items = sheetItems(p, L, tx).reduce((h, [text]) => h + linesOf(text, FONT_SIZE.small, false, inner, 2) * LINE(FONT_SIZE.small) + 4, 0);
  const flags = sheetFlags(p, L) === '' ? 0 : LINE(FONT_SIZE.small);
  return 2 * SHEET_PAD + name + AVATAR_H + LINE(FONT_SIZE.body) + 6 + DIE + 8 + items + flags;
}

/** Player sheets two to a row, each row as tall as its fuller sheet; a sheet alone in its row takes the whole width. */
function sheetRects(view: TableView, y: number, L: Labels, tx: Tx): Rect[] {
  const rects: Rect[] = [];
  let top = y;
  for (let i = 0; i < view.players.length; i += 2) {
    const row = view.players.slice(i, i + 2);
    const w = row.length === 1 ? CONTENT_W : COLUMN_W;
    const h = Math.max(...row.map((p, k) => sheetHeight(p, w, i + k === view.active, L, tx)));
    row.forEach((_, k) => rects.push({ x: MARGIN + k * (COLUMN_W + GAP), y: top, w, h }));
    top += h + GAP;
  }
  return rects;
}

/** Height of {@link drawSheets}. */
export function sheetsHeight(view: TableView, L: Labels, tx: Tx): number {
  const rects = sheetRects(view, 0, L, tx);
  const last = rects[rects.length - 1];
  return last ? last.y + last.h : 0;
}

/** One sheet per player, two to a row; each comes from the layer cache, keyed by everything it shows. */
export function drawSheets(ctx: Ctx, view: TableView, y: number, L: Labels, lang: string, tx: Tx, colourName: (c: string) => string): void {
  const rects = sheetRects(view, y, L, tx);
  view.players.forEach((p, i) => {
    const r = rects[i] as Rect;
    const active = i === view.active;
    const hand = active ? view.dice.hand : [];
    const bonus = p.avatar.dieBonus ? colourName(p.avatar.dieBonus.colour) : null;
    const area: Rect = { x: r.x - FRAME_BLEED, y: r.y - FRAME_BLEED, w: r.w + 2 * FRAME_BLEED, h: r.h + 2 * FRAME_BLEED };
    drawLayer(ctx, 'comanauts.sheet', { player: p, active, hand, bonus, labels: L, lang, r }, area, (g) => drawSheet(g, p, r, active, hand, L, tx, bonus));
  });
}

function drawSheet(ctx: Ctx, p: Player, r: Rect, active: boolean, hand: readonly string[], L: Labels, tx: Tx, bonus: string | null): void {
  const inner = drawPanel(ctx, r, { fill: active ? '#34405a' : PALETTE.panel, border: active ? PALETTE.yellow : PALETTE.panelBorder });
  let y = inner.y + drawText(ctx, `${active ? '▶ ' : ''}${p.name}`, { x: inner.x, y: inner.y, size: FONT_SIZE.body, bold: true, colour: active ? PALETTE.yellow : PALETTE.ink, maxWidth: inner.w, maxLines: 2 }).height + 8;
  const avatar = tx(p.avatar.name, p.avatar.card);
  drawToken(ctx, { x: inner.x + 18, y: y + 18, radius: 17, fill: SEATS[p.seat % SEATS.length] as string, label: mark(avatar), stroke: PALETTE.white });
  const backsW = p.faceDownAvatars * 14 + (p.faceDownAvatars > 0 ? 14 : 0);
  drawText(ctx, avatar, { x: inner.x + 44, y, size: FONT_SIZE.body, bold: true, maxWidth: inner.w - 44 - backsW, maxLines: 1 });
  if (bonus !== null && p.avatar.dieBonus) drawText(ctx, `+${p.avatar.dieBonus.amount} ${bonus}`, { x: inner.x + 44, y: y + LINE(FONT_SIZE.body), size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: inner.w - 44 - backsW, maxLines: 1 });
  for (let k = 0; k < p.faceDownAvatars; k++) drawRoundRect(ctx, { x: inner.x + inner.w - 26 - k * 14, y, w: 26, h: 36 }, { fill: PALETTE.blue, stroke: PALETTE.white, lineWidth: 2, radius: 5 });
  y += AVATAR_H;
  drawText(ctx, `${L.life} ${'♥'.repeat(Math.max(0, p.life))}${p.life <= 0 ? '0' : ''} · ${L.clarity} ${p.clarity}`, { x: inner.x, y, size: FONT_SIZE.body, bold: true, maxWidth: inner.w, maxLines: 1 });
  y += LINE(FONT_SIZE.body) + 6;
  drawText(ctx, `${L.stored}:`, { x: inner.x, y: y + DIE / 2 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, maxWidth: 120, maxLines: 1 });
  ctx.font = font(FONT_SIZE.small);
  const dieX = inner.x + Math.min(120, textWidth(ctx, `${L.stored}:`) + 12);
  drawDie(ctx, { x: dieX, y, size: DIE, colour: p.stored ? ((DIE_OF[p.stored] ?? 'white') as DieColour) : 'black', value: null, highlight: p.stored ? PALETTE.yellow : PALETTE.panelBorder });
  if (hand.length > 0) {
    drawText(ctx, `${L.hand}:`, { x: dieX + DIE + 16, y: y + DIE / 2 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, maxWidth: 80, maxLines: 1 });
    diceRow(ctx, dieX + DIE + 16 + 70, y, hand.map((k) => ({ kind: k, face: null })), inner.x + inner.w - (dieX + DIE + 16 + 70), 26);
  }
  y += DIE + 8;
  for (const [text, colour] of sheetItems(p, L, tx)) y += drawText(ctx, text, { x: inner.x, y, size: FONT_SIZE.small, colour, maxWidth: inner.w, maxLines: 2 }).height + 4;
  const flags = sheetFlags(p, L);
  if (flags) drawText(ctx, flags, { x: inner.x, y, size: FONT_SIZE.small, bold: true, colour: p.suspicious ? PALETTE.red : PALETTE.purple, maxWidth: inner.w, maxLines: 1 });
}

const LEGEND_ROW = 34;

/** Height of {@link drawLegendPanel}. */
export function legendHeight(L: Labels): number {
  return TITLE_H + 24 + 6 * LEGEND_ROW + 4 + linesOf(L.marks, FONT_SIZE.small, false, CONTENT_W - 2 * PAD, 3) * LINE(FONT_SIZE.small);
}

/** The legend: the three kinds of line (Rules §Movement), every die colour by name, the stored die, spot numbers and the map's marks. */
export function drawLegendPanel(ctx: Ctx, y: number, L: Labels, colourName: (c: string) => string): void {
  const box = drawPanel(ctx, { x: MARGIN, y, w: CONTENT_W, h: legendHeight(L) }, { title: L.legend });
  drawText(ctx, L.marks, { x: box.x, y: box.y + 6 * LEGEND_ROW + 4, size: FONT_SIZE.small, colour: PALETTE.muted, maxWidth: box.w, maxLines: 3 });
  const lines: [string, LinkStyle, string?][] = [
    [L.dotted, 'dottedWhite'],
    [L.solidWhite, 'solidWhite'],
    [L.coloured, 'solidColour', PALETTE.red],
  ];
  lines.forEach(([label, style, colour], i) => {
    const ly = box.y + i * LEGEND_ROW + LEGEND_ROW / 2 - 4;
    drawLink(ctx, { x: box.x + 4, y: ly }, { x: box.x + 44, y: ly }, style, colour);
    drawText(ctx, label, { x: box.x + 56, y: ly - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, maxWidth: box.w / 2 - 64, maxLines: 1 });
  });
  const rx = box.x + box.w / 2;
  drawDie(ctx, { x: rx, y: box.y, size: 26, colour: 'blue', value: null, highlight: PALETTE.yellow });
  drawText(ctx, L.storedLegend, { x: rx + 36, y: box.y + 13 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, maxWidth: box.w / 2 - 36, maxLines: 1 });
  drawToken(ctx, { x: rx + 13, y: box.y + LEGEND_ROW + 13, radius: 12, fill: PALETTE.dark, label: '1', stroke: PALETTE.muted, ink: PALETTE.muted });
  drawText(ctx, L.spotLegend, { x: rx + 36, y: box.y + LEGEND_ROW + 13 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, maxWidth: box.w / 2 - 36, maxLines: 1 });
  drawText(ctx, L.dice, { x: rx, y: box.y + 2 * LEGEND_ROW + 4, size: FONT_SIZE.small, bold: true, maxWidth: box.w / 2, maxLines: 1 });
  const kinds = Object.keys(DIE_OF);
  const colW = box.w / 3;
  kinds.forEach((k, i) => {
    const x = box.x + (i % 3) * colW;
    const ky = box.y + 3 * LEGEND_ROW + Math.floor(i / 3) * LEGEND_ROW;
    drawDie(ctx, { x, y: ky, size: 26, colour: DIE_OF[k] as DieColour, value: null });
    drawText(ctx, k === 'child' ? L.child : colourName(k), { x: x + 36, y: ky + 13 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, maxWidth: colW - 44, maxLines: 1 });
  });
}
