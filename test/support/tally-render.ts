import { registerRenderer, createSurface, drawPanel, drawText, drawToken, encodePng, PALETTE } from '../../src/render/index.ts';

/** The tally game's table picture; the render host loads this module in the thread that draws. */
export function registerRenderers(): void {
  registerRenderer('tally', async (view: unknown) => {
    const v = view as { scores: number[]; turn: number };
    const surface = createSurface(640, 240);
    drawPanel(surface.ctx, { x: 10, y: 10, w: 620, h: 220 }, { title: 'Tally' });
    v.scores.forEach((score, i) => drawToken(surface.ctx, { x: 80 + i * 140, y: 130, radius: 40, label: String(score), fill: i === v.turn ? PALETTE.orange : PALETTE.muted }));
    drawText(surface.ctx, `turn ${v.turn + 1}`, { x: 30, y: 200 });
    return encodePng(surface.canvas);
  });
}
