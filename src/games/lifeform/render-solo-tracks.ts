import { FONT_SIZE, PALETTE, drawText, drawToken, drawTrack, font, textWidth, type CanvasRenderingContext2D } from '../../render/index.ts';
import { SEAT_COLOURS, type Figure, type Row, type Say } from './render-view.ts';

/*
 * Dragon's Domain boards of the solo picture (issue 20 "The picture"): the motion tracker drawn as the
 * pack lays it out (`solo.yaml` motion spaces, `at: [column, row]`), and the fear track as a row of
 * spaces. Rulebook §MOTION TRACKER BOARD: START and the SHAKEN / TOUGH start spaces, the paths and their
 * forks, the red-ringed close range, PROXIMITY ALERT! at the end; the lifeform image figure on its space.
 */

type Ctx = CanvasRenderingContext2D;

/** A motion space as the pack gives it. */
export interface MotionSpace {
  readonly id: string;
  readonly at: readonly [number, number];
  readonly start?: string;
  readonly effect: string;
  readonly close: boolean;
  readonly next: readonly string[];
}

/** What the boards read of the solo public view (solo/view.ts `soloPublic`). */
export interface SoloTracks {
  readonly motion: string;
  readonly close: boolean;
  readonly nerve: number;
  readonly fear: number;
  readonly fearSpaces: number;
  readonly character?: string | null;
}

/** A space's radius, the row pitch and the room above the first row, in layout units. */
export const SPACE_R = 20;
const ROW = 60;
const TOP = 4;
/** Under a space, its caption (START, PROXIMITY ALERT!): 16-unit type, clear of the next row's spaces. */
const CAPTION = SPACE_R + 2;
/** The lifeform image figure: a purple disc this much wider than the space it stands on. */
const FIGURE = 7;
const SLOT = 40;
const SLOT_GAP = 8;

export interface MotionLayout {
  /** Column pitch: the board's width over the pack's columns plus one for the character. */
  readonly pitch: number;
  readonly height: number;
  /** A space's centre, relative to the board's top left corner. */
  centre(at: readonly [number, number]): { x: number; y: number };
  /** Where the character stands: one column past PROXIMITY ALERT!, on its row. */
  readonly character: { x: number; y: number };
}

/** The board's geometry at `width`: the pack's grid, one column more for the character. */
export function motionLayout(spaces: readonly MotionSpace[], width: number): MotionLayout {
  const columns = Math.max(0, ...spaces.map((s) => s.at[0])) + 2;
  const rows = Math.max(0, ...spaces.map((s) => s.at[1])) + 1;
  const pitch = width / columns;
  const alert = spaces.find((s) => s.effect === 'alert') ?? spaces.at(-1);
  // The character's name goes over it: on the first row that needs room above the board's spaces.
  const top = alert?.at[1] === 0 ? CAPTION + FONT_SIZE.small - SPACE_R + TOP : TOP;
  const centre = (at: readonly [number, number]) => ({ x: (at[0] + 0.5) * pitch, y: top + SPACE_R + at[1] * ROW });
  const character = { x: (columns - 0.5) * pitch, y: centre(alert?.at ?? [0, 0]).y };
  return { pitch, height: top + SPACE_R + (rows - 1) * ROW + CAPTION + FONT_SIZE.small + TOP, centre, character };
}

/** Steps from `from` to PROXIMITY ALERT! by the shortest path (the player chooses the path at each fork). */
export function stepsToAlert(spaces: readonly MotionSpace[], from: string): number | null {
  const byId = new Map(spaces.map((s) => [s.id, s]));
  const seen = new Map([[from, 0]]);
  const queue = [from];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    const here = byId.get(id);
    const d = seen.get(id) ?? 0;
    if (here?.effect === 'alert') return d;
    for (const n of here?.next ?? []) {
      if (seen.has(n)) continue;
      seen.set(n, d + 1);
      queue.push(n);
    }
  }
  return null;
}

/**
 * The motion tracker rows: a line with how far the lifeform is from PROXIMITY ALERT!, the board, and a
 * key to its marks. Nothing here is secret: the track and the figure are on the table.
 */
export function motionRows(so: SoloTracks, spaces: readonly MotionSpace[], characterName: string | null, say: Say): Row[] {
  if (spaces.length === 0) return [];
  const steps = stepsToAlert(spaces, so.motion);
  const where = steps === 0 ? say('lifeform-solo.render.motionAtAlert') : say('lifeform-solo.render.motionAway', { count: steps ?? 0 });
  const close = so.close ? ` ${say('lifeform-solo.render.close')}` : '';
  const board = (width: number): Figure => ({ height: motionLayout(spaces, width).height, draw: (ctx, at) => drawMotionBoard(ctx, at, spaces, so.motion, characterName, say) });
  return [
    { text: `${say('lifeform-solo.render.motion', { where })}${close}`, size: 18, colour: so.close ? PALETTE.red : undefined, figure: board },
    { text: say('lifeform-solo.render.motionKey'), size: 16, colour: PALETTE.muted },
  ];
}

/** The glyph drawn in a space for its effect (`lifeform-solo.render.space.<effect>`); none for a plain space. */
const glyph = (effect: string, say: Say): string => (effect === 'none' ? '' : say(`lifeform-solo.render.space.${effect}`));

/** Draws the motion tracker board at `at` (its width is the board's); the lifeform figure on `lifeformAt`. */
export function drawMotionBoard(ctx: Ctx, at: { x: number; y: number; w: number }, spaces: readonly MotionSpace[], lifeformAt: string, characterName: string | null, say: Say): void {
  const lay = motionLayout(spaces, at.w);
  const pos = (s: MotionSpace) => {
    const c = lay.centre(s.at);
    return { x: at.x + c.x, y: at.y + c.y };
  };
  const byId = new Map(spaces.map((s) => [s.id, s]));
  ctx.save();
  ctx.strokeStyle = PALETTE.panelBorder;
  ctx.lineWidth = 4;
  for (const s of spaces) {
    for (const n of s.next) {
      const to = byId.get(n);
      if (!to) continue;
      const a = pos(s);
      const b = pos(to);
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    }
  }
  ctx.restore();
  const here = byId.get(lifeformAt);
  if (here) disc(ctx, pos(here), SPACE_R + FIGURE, PALETTE.purple);
  for (const s of spaces) {
    const p = pos(s);
    const alert = s.effect === 'alert';
    disc(ctx, p, SPACE_R, s === here ? PALETTE.purple : alert ? PALETTE.red : PALETTE.dark, s.close ? { colour: PALETTE.red, width: 4 } : s.start !== undefined ? { colour: PALETTE.green, width: 4 } : { colour: PALETTE.panelBorder, width: 2 });
    const mark = glyph(s.effect, say);
    if (mark !== '') drawText(ctx, mark, { x: p.x, y: p.y - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, bold: true, align: 'center', colour: alert || s === here ? PALETTE.white : PALETTE.ink, maxWidth: 2 * SPACE_R - 2, maxLines: 1 });
    if (s.start !== undefined) caption(ctx, at, p, say(`lifeform-solo.render.start.${s.start}`), PALETTE.green, 'below');
    if (alert) caption(ctx, at, p, say('lifeform-solo.render.alert'), PALETTE.red, 'below');
  }
  const you = { x: at.x + lay.character.x, y: at.y + lay.character.y };
  if (characterName !== null) {
    drawToken(ctx, { x: you.x, y: you.y, radius: SPACE_R, fill: SEAT_COLOURS[0] ?? PALETTE.red, label: [...characterName][0]?.toUpperCase() ?? '?', stroke: PALETTE.white });
    caption(ctx, at, you, characterName, PALETTE.ink, 'above');
  }
}

function disc(ctx: Ctx, p: { x: number; y: number }, r: number, fill: string, ring?: { colour: string; width: number }): void {
  ctx.beginPath();
  ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  if (!ring) return;
  ctx.strokeStyle = ring.colour;
  ctx.lineWidth = ring.width;
  ctx.stroke();
}

/** A caption centred under (or over) a space, pushed inside the board at its edges. */
function caption(ctx: Ctx, board: { x: number; w: number }, p: { x: number; y: number }, text: string, colour: string, side: 'below' | 'above'): void {
  ctx.font = font(FONT_SIZE.small, true);
  const w = Math.min(textWidth(ctx, text), board.w);
  const left = Math.min(Math.max(p.x - w / 2, board.x), board.x + board.w - w);
  const y = side === 'below' ? p.y + CAPTION : p.y - CAPTION - FONT_SIZE.small;
  drawText(ctx, text, { x: left, y, size: FONT_SIZE.small, bold: true, colour, maxWidth: board.w, maxLines: 1 });
}

/**
 * The fear track rows (rulebook §LOSE NERVE, §TERROR TOKENS): a line saying where the nerve token is and
 * how many terror tokens lie on the track, then the track itself, spaces numbered from 1, terror tokens
 * (purple) from the left and the nerve token (yellow).
 */
export function fearRows(so: SoloTracks, say: Say): Row[] {
  const spaces = Math.max(so.fearSpaces, 1);
  const track: Figure = {
    height: SLOT,
    draw: (ctx, at) => {
      const markers = [...Array.from({ length: Math.min(so.fear, spaces) }, (_, i) => ({ slot: i, fill: PALETTE.purple })), { slot: Math.min(Math.max(so.nerve, 0), spaces - 1), fill: PALETTE.yellow }];
      drawTrack(ctx, { x: at.x, y: at.y, slotSize: SLOT, gap: SLOT_GAP, slots: Array.from({ length: spaces }, (_, i) => String(i + 1)), markers });
    },
  };
  return [{ text: say('lifeform-solo.render.fear', { space: so.nerve + 1, of: spaces, fear: so.fear }), size: 18, figure: () => track }];
}
