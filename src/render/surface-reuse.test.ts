import { describe, expect, it } from 'vitest';
import { PALETTE, SPARE_SURFACE_BYTES, createSurface, drawText, encodePng, spareSurfaceStats, type Surface } from './index.ts';

const pixels = (s: Surface): Buffer => Buffer.from(s.ctx.getImageData(0, 0, s.canvas.width, s.canvas.height).data);

/** A small table: background, a panel and a label, at density 1.5. */
function table(s: Surface, title: string): void {
  s.ctx.fillStyle = PALETTE.background;
  s.ctx.fillRect(0, 0, s.width, s.height);
  s.ctx.fillStyle = PALETTE.panel;
  s.ctx.fillRect(10, 10, 200, 60);
  drawText(s.ctx, title, { x: 16, y: 20, size: 18, bold: true });
}

describe('surfaces reused between pictures', () => {
  it('GIVEN a reusable surface WHEN its PNG is made and another of its size is asked THEN the same canvas comes back, and a picture drawn on it is the PNG a new surface gives', async () => {
    const first = createSurface(300, 120, { opaque: true, density: 1.5, reuse: true });
    first.ctx.setTransform(1, 0, 0, 1, 40, 40);
    first.ctx.globalAlpha = 0.3;
    table(first, 'Galley');
    const busy = createSurface(300, 120, { opaque: true, density: 1.5, reuse: true });
    expect(busy.canvas).not.toBe(first.canvas);
    await encodePng(first.canvas);
    const again = createSurface(300, 120, { opaque: true, density: 1.5, reuse: true });
    expect(again.canvas).toBe(first.canvas);
    expect(again.ctx.getTransform()).toMatchObject({ a: 1.5, d: 1.5, e: 0, f: 0 });
    expect(again.ctx.globalAlpha).toBe(1);
    table(again, 'Medbay');
    const fresh = createSurface(300, 120, { opaque: true, density: 1.5 });
    table(fresh, 'Medbay');
    expect(pixels(again).equals(pixels(fresh))).toBe(true);
    expect((await encodePng(again.canvas)).equals(await encodePng(fresh.canvas))).toBe(true);
  });

  it('GIVEN a private picture encoded on a reusable surface WHEN the next picture leaves part of it unpainted THEN that part is black, nothing of the private one shows', async () => {
    const secret = createSurface(200, 100, { opaque: true, reuse: true });
    secret.ctx.fillStyle = PALETTE.red;
    secret.ctx.fillRect(0, 0, 200, 100);
    await encodePng(secret.canvas);
    const next = createSurface(200, 100, { opaque: true, reuse: true });
    expect(next.canvas).toBe(secret.canvas);
    const data = pixels(next);
    for (let i = 0; i < data.length; i += 4) expect([data[i], data[i + 1], data[i + 2]]).toEqual([0, 0, 0]);
  });

  it('GIVEN surfaces created without reuse, or of another size or kind WHEN asked THEN never a kept one; and the kept ones stay within their byte budget', async () => {
    const kept = createSurface(64, 64, { opaque: true, reuse: true });
    await encodePng(kept.canvas);
    expect(createSurface(64, 64, { opaque: true }).canvas).not.toBe(kept.canvas);
    expect(createSurface(64, 64, { reuse: true }).canvas).not.toBe(kept.canvas);
    expect(createSurface(64, 65, { opaque: true, reuse: true }).canvas).not.toBe(kept.canvas);
    const plain = createSurface(64, 64, { opaque: true });
    await encodePng(plain.canvas);
    expect(createSurface(64, 64, { opaque: true, reuse: true }).canvas).toBe(kept.canvas);
    for (const h of [2000, 2100, 2200, 2300, 2400]) await encodePng(createSurface(1600, h, { opaque: true, reuse: true }).canvas);
    expect(spareSurfaceStats().bytes).toBeLessThanOrEqual(SPARE_SURFACE_BYTES);
    expect(spareSurfaceStats().surfaces).toBeGreaterThan(0);
  });
});
