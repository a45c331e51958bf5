import { PALETTE, createSurface, drawRoundRect, drawText, font, wrapText, type CanvasRenderingContext2D } from '../../render/index.ts';
import type { LifeformPack } from './content.ts';
import { tokenRows } from './render-tokens.ts';
import { soloRows } from './render-solo.ts';
import { SEAT_COLOURS, isLifeformView, type Figure, type PublicLf, type Row, type Say } from './render-view.ts';

/**
 * The panels under the decks of the Lifeform picture: tracks, the Remora's loadout columns, who is aboard,
 * the security door, the ship's cat and the role boards, the rules 2 and 13th Passenger tokens (render-tokens.ts), the players' colours, a legend, and (in the
 * lifeform player's own picture only) what only it knows. Rows are laid out first so the picture's
 * height fits them; nothing is cut.
 */

export type { Say } from './render-view.ts';
type Ctx = CanvasRenderingContext2D;

const LINE = 1.25;
const LOADOUT_H = 64;

const cardBase = (instance: string): string => instance.replace(/\.\d+$/, '');

/** The rows of the panels, in reading order. */
function rows(v: PublicLf, pack: LifeformPack, text: (k: string) => string, say: Say): Row[] {
  const out: Row[] = [];
  const tr = v.tracks;
  out.push({ text: say('lf.render.heading.tracks'), size: 18, bold: true, colour: PALETTE.muted, gap: 6 });
  out.push({ text: say('lf.render.track.selfDestruct', { sd: tr.selfDestruct, minute: tr.minute ?? '—' }), size: 18 });
  out.push({ text: say('lf.render.track.others', { malfunction: tr.malfunction, android: tr.androidStatus, cocoon: tr.cocoon, hostility: tr.hostility }), size: 18 });
  const aboard = v.characters.filter((c) => c.at === 'remora').map((c) => text(`character.${c.id}.name`));
  if (v.cat?.at === 'remora') aboard.push(say('lf.render.theCat'));
  out.push({ text: say('lf.render.heading.loadout'), size: 18, bold: true, colour: PALETTE.muted, gap: 6 });
  out.push({ text: say('lf.render.aboard', { names: aboard.length > 0 ? aboard.join(', ') : say('lf.render.nobody') }), size: 18, gap: LOADOUT_H, loadoutAbove: true });
  if (v.door) out.push({ text: say(v.door.half ? 'lf.render.doorHalf' : 'lf.render.door', { from: text(`ship.chamber.${v.door.link[0]}.name`), to: text(`ship.chamber.${v.door.link[1]}.name`) }), size: 18, colour: PALETTE.orange });
  if (v.cat) {
    const where = v.cat.at === null ? say('lf.render.catGone') : v.cat.at === 'remora' ? say('lf.render.catAboard') : say('lf.render.catAt', { chamber: text(`ship.chamber.${v.cat.at}.name`) });
    out.push({ text: where, size: 18 });
  }
  for (const role of ['cat', 'sister'] as const) {
    const tokens = v.roleBoards?.[role];
    if (!tokens || tokens.length === 0) continue;
    const seat = Object.entries(v.roles ?? {}).find(([, r]) => r === role)?.[0];
    const player = seat === undefined ? '' : (v.seatNames?.[Number(seat)] ?? say('lf.render.seat', { n: Number(seat) + 1 }));
    const tracks = tokens.map((at, i) => say('lf.render.roleTrack', { n: i + 1, at, of: pack.roles[role].board.tracks[i]?.length ?? at })).join(' · ');
    out.push({ text: say('lf.render.roleBoard', { role: text(`roles.${role}.name`), player, tracks }), size: 18 });
  }
  out.push(...tokenRows(v, text, say, (pack.expansions?.passenger?.shuttlecraft?.locations ?? []).map((l) => l.id)));
  out.push(...soloRows(v, pack.solo?.solo.motion.spaces ?? [], text, say));
  out.push({ text: say('lf.render.heading.players'), size: 18, bold: true, colour: PALETTE.muted, gap: 6 });
  // Dragon's Domain's lifeform has no seat (-1): only the player is listed.
  const seats = [...(v.lifeformSeat === undefined || v.lifeformSeat < 0 ? [] : [v.lifeformSeat]), ...(v.crewSeats ?? [])].sort((a, b) => a - b);
  for (const seat of seats) {
    const name = v.seatNames?.[seat] ?? say('lf.render.seat', { n: seat + 1 });
    out.push({ text: say(seat === v.lifeformSeat ? 'lf.render.playerLifeform' : 'lf.render.playerCrew', { name }), size: 18, dot: SEAT_COLOURS[seat % SEAT_COLOURS.length] ?? PALETTE.white });
  }
  out.push({ text: say('lf.render.heading.legend'), size: 18, bold: true, colour: PALETTE.muted, gap: 6 });
  for (const k of ['links', 'marks', 'pieces']) out.push({ text: say(`lf.render.legend.${k}`), size: 16 });
  if (isLifeformView(v)) {
    out.push({ text: say('lf.render.private.heading'), size: 20, bold: true, colour: PALETTE.yellow, gap: 10 });
    out.push({ text: say('lf.render.private.real', { image: v.real ?? 0 }), size: 18 });
    out.push({ text: say('lf.render.private.stowaway', { card: v.stowaway ? text(`stowaway.${v.stowaway}.name`) : say('lf.render.private.notYet') }), size: 18 });
    const hand = (v.hand ?? []).map((c) => text(`lifeform.card.${cardBase(c)}.name`));
    out.push({ text: say('lf.render.private.hand', { cards: hand.length > 0 ? hand.join(', ') : say('lf.render.private.empty') }), size: 18 });
  }
  return out;
}

interface Laid {
  readonly row: Row;
  readonly lines: string[];
  readonly y: number;
  /** The row's drawing and its top, under the text. */
  readonly figure: { readonly at: number; readonly drawing: Figure } | null;
}

function layout(ctx: Ctx, all: readonly Row[], width: number): { laid: Laid[]; height: number } {
  let y = 0;
  const laid: Laid[] = [];
  for (const row of all) {
    y += row.gap ?? 0;
    ctx.font = font(row.size, row.bold ?? false);
    const lines = wrapText(ctx, row.text, width - (row.dot ? 22 : 0));
    const top = y;
    y += lines.length * row.size * LINE + 2;
    const drawing = row.figure?.(width);
    laid.push({ row, lines, y: top, figure: drawing ? { at: y, drawing } : null });
    if (drawing) y += drawing.height + 6;
  }
  return { laid, height: y };
}

let scratch: Ctx | undefined;
function measuring(): Ctx {
  scratch ??= createSurface(1, 1).ctx;
  return scratch;
}

/** The panels' height at this width (the picture is sized with it before drawing). */
export function footerHeight(v: PublicLf, pack: LifeformPack, width: number, text: (k: string) => string, say: Say): number {
  return layout(measuring(), rows(v, pack, text, say), width).height;
}

/** Draws the panels from `at` down. */
export function drawFooter(ctx: Ctx, v: PublicLf, pack: LifeformPack, at: { x: number; y: number; w: number }, text: (k: string) => string, say: Say): void {
  const { laid } = layout(measuring(), rows(v, pack, text, say), at.w);
  for (const { row, lines, y, figure } of laid) {
    figure?.drawing.draw(ctx, { x: at.x, y: at.y + figure.at, w: at.w });
    let x = at.x;
    if (row.dot) {
      ctx.fillStyle = row.dot;
      ctx.beginPath();
      ctx.arc(x + 8, at.y + y + row.size / 2 + 1, 7, 0, Math.PI * 2);
      ctx.fill();
      x += 22;
    }
    drawText(ctx, lines.join('\n'), { x, y: at.y + y, size: row.size, bold: row.bold ?? false, colour: row.colour ?? PALETTE.ink, maxWidth: at.w - (x - at.x), lineHeight: LINE });
  }
  const aboard = laid.find((l) => l.row.loadoutAbove === true);
  if (aboard) drawLoadout(ctx, v, { x: at.x, y: at.y + aboard.y - LOADOUT_H, w: at.w }, say);
}

/** The Remora's loadout columns: each column's name and count, and one square per mission token. */
function drawLoadout(ctx: Ctx, v: PublicLf, at: { x: number; y: number; w: number }, say: Say): void {
  const columns = Object.entries(v.loadout);
  if (columns.length === 0) return;
  const w = at.w / columns.length;
  columns.forEach(([id, n], i) => {
    const r = { x: at.x + i * w + 2, y: at.y, w: w - 4, h: LOADOUT_H - 6 };
    drawRoundRect(ctx, r, { fill: PALETTE.panel, stroke: PALETTE.panelBorder, lineWidth: 2 });
    drawText(ctx, say('lf.render.columnCount', { column: say(`lf.render.column.${id}`), n }), { x: r.x + 6, y: r.y + 5, size: 16, bold: true, maxWidth: r.w - 12, maxLines: 1 });
    ctx.fillStyle = PALETTE.green;
    const shown = Math.min(n, Math.floor((r.w - 12) / 14));
    for (let k = 0; k < shown; k++) ctx.fillRect(r.x + 6 + k * 14, r.y + 32, 10, 10);
  });
}
