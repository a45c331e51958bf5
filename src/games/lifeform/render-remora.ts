import { FONT_SIZE, PALETTE, drawRoundRect, drawText, drawTrack } from '../../render/index.ts';
import { shuttleFigure, type ShuttleBox } from './render-remora-board.ts';
import type { Figure, Row, Say } from './render-view.ts';

/** Mod C's Remora board in the public view (solo/remora-view.ts `searchPublic`). */
export interface RemoraPicture {
  readonly rooms: readonly string[];
  readonly chambers: readonly string[];
  readonly clamps: number;
  readonly clampSpaces: number;
  readonly lifeSupport: number;
  readonly lifeSupportZones: readonly string[];
  readonly halon: number;
  readonly manual: number;
  readonly survival: boolean;
  readonly cards: readonly string[] | null;
  readonly choice: string | null;
  readonly guess: string | null;
  readonly hidden: string | null;
  readonly zone: readonly string[];
}

const SLOT = 40;
const SLOT_GAP = 8;
const LABEL = FONT_SIZE.small + 6;
const LIFE_W = 140;

/** Mod C's boxes: a token clears a room (tick); after the guess, the guessed room and the one it hid in. */
function rooms(search: RemoraPicture, say: Say, room: (id: string) => string): ShuttleBox[] {
  return search.rooms.map((id) => {
    const cleared = search.chambers.includes(id);
    const notes: { text: string; colour?: string }[] = [];
    if (cleared) notes.push({ text: say('lifeform-solo.render.board.cleared'), colour: PALETTE.green });
    if (search.guess === id) notes.push({ text: say('lifeform-solo.render.board.guessed'), colour: PALETTE.yellow });
    if (search.hidden === id) notes.push({ text: say('lifeform-solo.render.board.hidden'), colour: PALETTE.red });
    return { name: room(id), mark: cleared ? 'tick' : 'none', notes, ...(cleared ? { ring: PALETTE.green } : {}), ...(search.hidden === id ? { ring: PALETTE.red } : {}) };
  });
}

/**
 * The docking clamps track (one space per clamp, a green token on each unlocked) beside the life support
 * track (each space with its bonus zone, the spaces reached filled green). Rulebook 13th Passenger Mod C.
 */
function tracksFigure(search: RemoraPicture, say: Say): Figure {
  return {
    height: LABEL + SLOT,
    draw: (ctx, at) => {
      const clampSlots = Math.max(search.clampSpaces, 1);
      drawText(ctx, say('lifeform-solo.render.board.clamps'), { x: at.x, y: at.y, size: FONT_SIZE.small, bold: true, colour: PALETTE.muted, maxWidth: at.w * 0.4, maxLines: 1 });
      const markers = Array.from({ length: Math.min(search.clamps, clampSlots) }, (_, i) => ({ slot: i, fill: PALETTE.green }));
      drawTrack(ctx, { x: at.x, y: at.y + LABEL, slotSize: SLOT, gap: SLOT_GAP, slots: Array.from({ length: clampSlots }, (_, i) => String(i + 1)), markers });
      const left = at.x + Math.max(at.w * 0.4, clampSlots * (SLOT + SLOT_GAP) + 16);
      drawText(ctx, say('lifeform-solo.render.board.lifeSupport'), { x: left, y: at.y, size: FONT_SIZE.small, bold: true, colour: PALETTE.muted, maxWidth: at.x + at.w - left, maxLines: 1 });
      const w = Math.min(LIFE_W, (at.x + at.w - left) / Math.max(search.lifeSupportZones.length, 1) - SLOT_GAP);
      search.lifeSupportZones.forEach((bonus, i) => {
        const r = { x: left + i * (w + SLOT_GAP), y: at.y + LABEL, w, h: SLOT };
        const reached = i < search.lifeSupport;
        drawRoundRect(ctx, r, { fill: reached ? PALETTE.green : PALETTE.dark, stroke: PALETTE.panelBorder, radius: 6 });
        drawText(ctx, say('lifeform-solo.render.board.lifeSpace', { n: i + 1, bonus: say(`lifeform-solo.render.board.bonus.${bonus}`) }), { x: r.x + r.w / 2, y: r.y + SLOT / 2 - FONT_SIZE.small * 0.6, size: FONT_SIZE.small, bold: reached, align: 'center', colour: reached ? PALETTE.white : PALETTE.muted, maxWidth: r.w - 8, maxLines: 1 });
      });
    },
  };
}

/**
 * The Remora panel of the Dragon's Domain picture in a game with Mod C (issue 20 "in mod C/D, the Remora
 * board"), from the public view only: the shuttle's rooms as a board (a tick where a token lies), the
 * docking clamps and life support tracks, then short lines for what the board cannot say: halon gas and
 * manual unlocks, the hidden-lifeform zone's survival token, the chamber cards left after the launch and,
 * until the guess, that the hunt's card lies face down (after it the board names the two rooms).
 */
export function remoraRows(search: RemoraPicture | undefined | null, say: Say, text: (key: string) => string): Row[] {
  if (!search) return [];
  const room = (id: string): string => text(`location.${id}.name`);
  const cleared = search.rooms.filter((r) => search.chambers.includes(r)).length;
  const out: Row[] = [
    { text: say('lifeform-solo.render.remora', { n: cleared, of: search.rooms.length }), size: 18, bold: true, colour: PALETTE.muted, figure: shuttleFigure(rooms(search, say, room)) },
    {
      text: say('lifeform-solo.render.remoraTracks', { clamps: search.clamps, of: search.clampSpaces, life: search.lifeSupport, zones: search.lifeSupportZones.length, halon: search.halon, manual: search.manual }),
      size: 18,
      figure: () => tracksFigure(search, say),
    },
  ];
  if (search.survival) out.push({ text: say('lifeform-solo.render.remoraZone', { icons: search.zone.join(' '), survival: say('lifeform-solo.render.remoraSurvival') }), size: 18, colour: PALETTE.yellow });
  if (search.cards !== null) out.push({ text: say('lifeform-solo.render.remoraCards', { cards: search.cards.map(room).join(', ') || '—' }), size: 18 });
  // After the guess the board names both rooms ("your guess", "it hid here"); before it, one line says a card waits.
  if (search.choice === 'hunt' && (search.guess === null || search.hidden === null)) out.push({ text: say('lifeform-solo.render.remoraHunting'), size: 18, colour: PALETTE.yellow });
  return out;
}
