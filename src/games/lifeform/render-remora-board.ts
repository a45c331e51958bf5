import { FONT_SIZE, PALETTE, createSurface, drawRoundRect, drawText, font, wrapText, type CanvasRenderingContext2D } from '../../render/index.ts';
import type { Figure } from './render-view.ts';

/*
 * The Remora drawn as a small board (issue 20 "in mod C/D, the Remora board"): its shuttlecraft locations
 * (expansions.yaml `passenger.shuttlecraft.locations`, in pack order) as boxes inside a shuttle's hull,
 * nose to the right. With the pack's five: the first is the nose, the second and third sit one over the
 * other amidships, the fourth aft, the last at the tail. Any other count lies in one row. Each box shows
 * only what its caller read from the public view.
 */

type Ctx = CanvasRenderingContext2D;

/** How a location's box is marked: a tick (cleared, searched, found), a cross (not there) or nothing. */
export type ShuttleMark = 'none' | 'tick' | 'cross';

/** One location as the board shows it. */
export interface ShuttleBox {
  readonly name: string;
  readonly mark: ShuttleMark;
  /** Short lines under the name; a coloured one gets a disc of its colour before it (a token). */
  readonly notes: readonly { readonly text: string; readonly colour?: string; readonly token?: boolean }[];
  /** The box's fill colour (the board's dark by default). */
  readonly fill?: string;
  /** A thicker border of this colour (where the lifeform was found or stayed hidden). */
  readonly ring?: string;
}

const PAD = 8;
const LINE = 1.2;
const SIZE = FONT_SIZE.small;
const MARK = 22;
const GAP = 6;
/** The hull's margin around the boxes and the nose's length past the last column. */
const HULL = 10;
const NOSE = 44;
const DOT = 14;

let scratch: Ctx | undefined;
const measuring = (): Ctx => (scratch ??= createSurface(1, 1).ctx);

interface Placed {
  readonly box: ShuttleBox;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The lines of a box's name and notes at its width; the mark gets a strip of its own under them. */
function lines(ctx: Ctx, box: ShuttleBox, w: number): { name: string[]; notes: string[][] } {
  ctx.font = font(SIZE, true);
  const name = wrapText(ctx, box.name, w - 2 * PAD);
  ctx.font = font(SIZE, false);
  const notes = box.notes.map((n) => wrapText(ctx, n.text, w - 2 * PAD - (n.token ? DOT + 4 : 0)));
  return { name, notes };
}

const contentHeight = (box: ShuttleBox, l: { name: string[]; notes: string[][] }): number =>
  2 * PAD + (l.name.length + l.notes.reduce((s, n) => s + n.length, 0)) * SIZE * LINE + 2 + (box.mark === 'none' ? 0 : MARK);

/** Where each box goes at `width` (relative to the figure's top left corner) and the figure's height. */
export function shuttleLayout(boxes: readonly ShuttleBox[], width: number): { placed: Placed[]; height: number } {
  const ctx = measuring();
  if (boxes.length !== 5) {
    const w = (width - 2 * HULL - NOSE - GAP * (boxes.length - 1)) / Math.max(boxes.length, 1);
    const h = Math.max(40, ...boxes.map((b) => contentHeight(b, lines(ctx, b, w))));
    return { placed: boxes.map((box, i) => ({ box, x: HULL + i * (w + GAP), y: HULL, w, h })), height: h + 2 * HULL };
  }
  const w = (width - 2 * HULL - NOSE - 3 * GAP) / 4;
  const need = boxes.map((b) => contentHeight(b, lines(ctx, b, w)));
  const [nose, top, bottom, aft, tail] = boxes as [ShuttleBox, ShuttleBox, ShuttleBox, ShuttleBox, ShuttleBox];
  const [hNose, hTop, hBottom, hAft, hTail] = need as [number, number, number, number, number];
  const h = Math.max(hNose, hAft, hTail, hTop + GAP + hBottom);
  const col = (i: number): number => HULL + i * (w + GAP);
  const upper = Math.min(Math.max((h - GAP) / 2, hTop), h - GAP - hBottom);
  return {
    placed: [
      { box: tail, x: col(0), y: HULL, w, h },
      { box: aft, x: col(1), y: HULL, w, h },
      { box: top, x: col(2), y: HULL, w, h: upper },
      { box: bottom, x: col(2), y: HULL + upper + GAP, w, h: h - upper - GAP },
      { box: nose, x: col(3), y: HULL, w, h },
    ],
    height: h + 2 * HULL,
  };
}

/** The board as a picture figure (render-panels.ts lays it out under its row's text). */
export function shuttleFigure(boxes: readonly ShuttleBox[]): (width: number) => Figure {
  return (width) => ({ height: shuttleLayout(boxes, width).height, draw: (ctx, at) => drawShuttle(ctx, at, boxes) });
}

/** Draws the hull and the boxes at `at` (`at.w` wide). */
export function drawShuttle(ctx: Ctx, at: { x: number; y: number; w: number }, boxes: readonly ShuttleBox[]): void {
  const { placed, height } = shuttleLayout(boxes, at.w);
  const right = at.x + at.w;
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(at.x + 4, at.y + HULL / 2);
  ctx.lineTo(right - NOSE - HULL / 2, at.y);
  ctx.quadraticCurveTo(right, at.y + height * 0.2, right, at.y + height / 2);
  ctx.quadraticCurveTo(right, at.y + height * 0.8, right - NOSE - HULL / 2, at.y + height);
  ctx.lineTo(at.x + 4, at.y + height - HULL / 2);
  ctx.closePath();
  ctx.fillStyle = PALETTE.panel;
  ctx.fill();
  ctx.strokeStyle = PALETTE.panelBorder;
  ctx.lineWidth = 3;
  ctx.stroke();
  ctx.restore();
  const m = measuring();
  for (const p of placed) {
    const r = { x: at.x + p.x, y: at.y + p.y, w: p.w, h: p.h };
    drawRoundRect(ctx, r, { fill: p.box.fill ?? PALETTE.dark, stroke: p.box.ring ?? PALETTE.panelBorder, lineWidth: p.box.ring ? 4 : 2, radius: 6 });
    const l = lines(m, p.box, p.w);
    let y = r.y + PAD;
    drawText(ctx, l.name.join('\n'), { x: r.x + PAD, y, size: SIZE, bold: true, colour: PALETTE.ink, maxWidth: p.w - 2 * PAD, lineHeight: LINE });
    y += l.name.length * SIZE * LINE;
    p.box.notes.forEach((note, i) => {
      const noteLines = l.notes[i] ?? [];
      let x = r.x + PAD;
      if (note.token) {
        ctx.beginPath();
        ctx.arc(x + DOT / 2, y + SIZE / 2 + 1, DOT / 2, 0, Math.PI * 2);
        ctx.fillStyle = note.colour ?? PALETTE.red;
        ctx.fill();
        x += DOT + 4;
      }
      drawText(ctx, noteLines.join('\n'), { x, y, size: SIZE, colour: note.token ? PALETTE.ink : (note.colour ?? PALETTE.ink), maxWidth: r.x + p.w - PAD - x, lineHeight: LINE });
      y += noteLines.length * SIZE * LINE;
    });
    drawMark(ctx, p.box.mark, { x: r.x + p.w - PAD - MARK / 2, y: r.y + p.h - PAD - MARK / 2 });
  }
}

/** A tick (green) or a cross (red) drawn as strokes, so no font needs the glyph. */
function drawMark(ctx: Ctx, mark: ShuttleMark, c: { x: number; y: number }): void {
  if (mark === 'none') return;
  const s = MARK / 2 - 3;
  ctx.save();
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.beginPath();
  if (mark === 'tick') {
    ctx.strokeStyle = PALETTE.green;
    ctx.moveTo(c.x - s, c.y);
    ctx.lineTo(c.x - s / 3, c.y + s * 0.7);
    ctx.lineTo(c.x + s, c.y - s * 0.8);
  } else {
    ctx.strokeStyle = PALETTE.red;
    ctx.moveTo(c.x - s, c.y - s);
    ctx.lineTo(c.x + s, c.y + s);
    ctx.moveTo(c.x + s, c.y - s);
    ctx.lineTo(c.x - s, c.y + s);
  }
  ctx.stroke();
  ctx.restore();
}
