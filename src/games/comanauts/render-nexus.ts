import { FONT_SIZE, PALETTE, createSurface, drawPanel, drawRoundRect, drawText, font, wrapText, type Rect } from '../../render/index.ts';
import { CONTENT_W, GAP, LINE, MARGIN, SEATS, type Ctx, type Labels, type TableView } from './render-view.ts';

/** The adventure as the public view gives it (view-adventure.ts `adventureView`): keys, never the Prime. */
export interface NexusView {
  nexus: { id: string; nameKey: string; memoryKey: string; visited: boolean; ruledOut: boolean }[];
  comazone: string;
  offered?: string[];
  votes?: { seat: number; comazone: string }[];
  cluesHeld: number[];
  notebook: { clues: { seat: number; clueKey: string }[]; encountered: string[] };
}

/** A pack text by key in the reader's language (names of comazones, memories, clue texts, I.D.s). */
export type KeyText = (key: string) => string | undefined;

const PAD = 12;
const TITLE_BAR = FONT_SIZE.label + 24;
const CARD_H = PAD + LINE(FONT_SIZE.body) + 2 * LINE(FONT_SIZE.small) + PAD;
const CLUE_LINES = 3;

/** True when the party stands in the Nexus: the picture shows it instead of the last page. */
export function nexusOf(view: TableView): NexusView | null {
  const a = (view as { adventure?: NexusView }).adventure;
  return a && a.comazone === '' ? a : null;
}

let measuring: Ctx | undefined;

function notebookLines(a: NexusView, L: Labels, text: KeyText, names: readonly string[]): string[] {
  const lines = [
    ...a.notebook.clues.map((c) => `${L.clue} (${names[c.seat] ?? c.seat + 1}): ${text(c.clueKey) ?? '…'}`),
    ...a.notebook.encountered.map((e) => `${L.met}: ${text(e) ?? '…'}`),
    ...a.cluesHeld.map((seat) => `${names[seat] ?? seat + 1}: ${L.cluesHeld}`),
  ];
  return lines.length > 0 ? lines : [L.notebookEmpty];
}

/** Height of {@link drawNexus}: the comazone cards two by two, then the notebook with each entry wrapped. */
export function nexusHeight(a: NexusView, L: Labels, text: KeyText, names: readonly string[]): number {
  measuring ??= createSurface(1, 1).ctx;
  measuring.font = font(FONT_SIZE.small, false);
  const rows = Math.ceil(a.nexus.length / 2);
  const notes = notebookLines(a, L, text, names).reduce((h, line) => h + Math.min(CLUE_LINES, wrapText(measuring as Ctx, line, CONTENT_W - 2 * PAD).length) * LINE(FONT_SIZE.small) + 4, 0);
  return TITLE_BAR + PAD + rows * (CARD_H + GAP) + GAP + TITLE_BAR + PAD + notes + PAD;
}

/**
 * Rules §The Nexus (issue 18): where the map page stands while the party chooses, the comazones of the
 * Nexus (name, memory, visited, crossed off in the notebook, open to the vote, votes so far by player),
 * then the shared notebook (clues read to the table, I.D.s met, who holds an unread clue).
 */
export function drawNexus(ctx: Ctx, a: NexusView, y: number, L: Labels, text: KeyText, names: readonly string[]): void {
  const h = nexusHeight(a, L, text, names);
  const cardsH = TITLE_BAR + PAD + Math.ceil(a.nexus.length / 2) * (CARD_H + GAP);
  const inner = drawPanel(ctx, { x: MARGIN, y, w: CONTENT_W, h: cardsH }, { title: L.nexus });
  a.nexus.forEach((z, i) => {
    const w = (inner.w - GAP) / 2;
    const r: Rect = { x: inner.x + (i % 2) * (w + GAP), y: inner.y + Math.floor(i / 2) * (CARD_H + GAP), w, h: CARD_H };
    const open = a.offered?.includes(z.id) ?? false;
    drawRoundRect(ctx, r, { fill: open ? '#2b3a4f' : PALETTE.background, stroke: open ? PALETTE.blue : PALETTE.panelBorder, radius: 8 });
    drawText(ctx, text(z.nameKey) ?? z.id, { x: r.x + PAD, y: r.y + PAD, size: FONT_SIZE.body, bold: true, maxWidth: r.w - 2 * PAD, maxLines: 1, colour: z.ruledOut && !z.visited ? PALETTE.muted : PALETTE.ink });
    drawText(ctx, text(z.memoryKey) ?? '', { x: r.x + PAD, y: r.y + PAD + LINE(FONT_SIZE.body), size: FONT_SIZE.small, maxWidth: r.w - 2 * PAD, maxLines: 1, colour: PALETTE.muted });
    const voters = (a.votes ?? []).filter((v) => v.comazone === z.id).map((v) => names[v.seat] ?? String(v.seat + 1));
    const state = [z.visited ? L.visited : null, z.ruledOut && !z.visited ? L.crossedOff : null, open ? L.offered : null, voters.length > 0 ? `${L.votes} ${voters.length}: ${voters.join(', ')}` : null].filter((x) => x !== null).join(' · ');
    const firstVoter = (a.votes ?? []).find((v) => v.comazone === z.id);
    drawText(ctx, state, { x: r.x + PAD, y: r.y + PAD + LINE(FONT_SIZE.body) + LINE(FONT_SIZE.small), size: FONT_SIZE.small, bold: voters.length > 0, maxWidth: r.w - 2 * PAD, maxLines: 1, colour: firstVoter ? (SEATS[firstVoter.seat % SEATS.length] as string) : PALETTE.ink });
  });
  const notebookY = y + cardsH + GAP;
  const notes = drawPanel(ctx, { x: MARGIN, y: notebookY, w: CONTENT_W, h: h - cardsH - GAP }, { title: L.notebook });
  let at = notes.y;
  for (const line of notebookLines(a, L, text, names)) {
    at += drawText(ctx, line, { x: notes.x, y: at, size: FONT_SIZE.small, maxWidth: notes.w, maxLines: CLUE_LINES }).height + 4;
  }
}
