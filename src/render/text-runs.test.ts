import { describe, expect, it } from 'vitest';
import { PALETTE, TEXT_RUN_CACHE_BYTES, clearTextRunCache, createSurface, drawText, drawToken, font, setTextRunCacheBytes, textRunCacheStats, type Surface } from './index.ts';

/** A few labels the way tables draw them: wrapped, centred, right-aligned, bold, coloured, at fractional units, at density 1.5. */
function labels(density: number): Buffer {
  const s = createSurface(400, 220, { opaque: true, density });
  s.ctx.fillStyle = PALETTE.background;
  s.ctx.fillRect(0, 0, s.width, s.height);
  drawText(s.ctx, 'Round 4 — the lifeform is hunting', { x: 10, y: 8, size: 24, bold: true, maxWidth: 380 });
  drawText(s.ctx, 'Hypersleep · Medbay · Galley · Bridge · Engineering', { x: 10.3, y: 50.7, size: 16, colour: PALETTE.yellow, maxWidth: 190, lineHeight: 1.15 });
  drawText(s.ctx, 'Cubierta B', { x: 390, y: 120.25, size: 18, align: 'right', colour: PALETTE.muted });
  drawText(s.ctx, 'Señal ×2', { x: 200, y: 160, size: 20, align: 'center' });
  drawToken(s.ctx, { x: 40.5, y: 180, radius: 18, fill: PALETTE.red, label: '3' });
  return Buffer.from(s.ctx.getImageData(0, 0, s.canvas.width, s.canvas.height).data);
}

function ink(s: Surface): Buffer {
  return Buffer.from(s.ctx.getImageData(0, 0, s.canvas.width, s.canvas.height).data);
}

describe('text runs', () => {
  it('GIVEN labels WHEN drawn with an empty cache, a warm one and no cache at all THEN the pixels are the same, at density 1 and 1.5', () => {
    try {
      for (const density of [1, 1.5]) {
        clearTextRunCache();
        const cold = labels(density);
        const misses = textRunCacheStats().misses;
        const warm = labels(density);
        expect(textRunCacheStats()).toMatchObject({ misses, hits: misses, direct: 0 });
        setTextRunCacheBytes(0);
        const none = labels(density);
        expect(textRunCacheStats()).toMatchObject({ runs: 0, bytes: 0 });
        setTextRunCacheBytes(TEXT_RUN_CACHE_BYTES);
        expect(warm.equals(cold)).toBe(true);
        expect(none.equals(cold)).toBe(true);
      }
    } finally {
      setTextRunCacheBytes(TEXT_RUN_CACHE_BYTES);
    }
  });

  it('GIVEN a label WHEN drawn through the cache and straight with fillText THEN the same ink lands in the same place (edge pixels differ by a blend rounding step only)', () => {
    const via = createSurface(300, 60, { opaque: true, density: 1.5 });
    const plain = createSurface(300, 60, { opaque: true, density: 1.5 });
    for (const s of [via, plain]) {
      s.ctx.fillStyle = PALETTE.panel;
      s.ctx.fillRect(0, 0, 300, 60);
    }
    drawText(via.ctx, 'Docking Hub 1 · terror ×2', { x: 12, y: 20, size: 16, colour: PALETTE.yellow });
    plain.ctx.font = font(16);
    plain.ctx.fillStyle = PALETTE.yellow;
    plain.ctx.textAlign = 'left';
    plain.ctx.textBaseline = 'top';
    plain.ctx.fillText('Docking Hub 1 · terror ×2', 12, 20);
    const [a, b] = [ink(via), ink(plain)];
    let inked = 0;
    let differing = 0;
    let worst = 0;
    const background = [0x2b, 0x32, 0x42];
    for (let i = 0; i < a.length; i += 4) {
      const delta = Math.max(...[0, 1, 2].map((k) => Math.abs((a[i + k] ?? 0) - (b[i + k] ?? 0))));
      if ([0, 1, 2].some((k) => b[i + k] !== background[k])) inked++;
      if (delta > 0) differing++;
      worst = Math.max(worst, delta);
    }
    expect(inked).toBeGreaterThan(500);
    expect(worst).toBeLessThanOrEqual(48);
    expect(differing / inked).toBeLessThan(0.5);
  });

  it('GIVEN more runs than the byte budget WHEN labels are drawn THEN the least recently used are dropped and the bytes stay within budget', () => {
    clearTextRunCache();
    const { ctx } = createSurface(200, 40, { opaque: true });
    try {
      drawText(ctx, 'first', { x: 2, y: 2 });
      const one = textRunCacheStats().bytes;
      setTextRunCacheBytes(one * 2.5);
      for (const t of ['second', 'third', 'fourth', 'fifth']) drawText(ctx, t, { x: 2, y: 2 });
      const stats = textRunCacheStats();
      expect(stats.bytes).toBeLessThanOrEqual(one * 2.5);
      expect(stats.runs).toBe(2);
      drawText(ctx, 'fifth', { x: 2, y: 2 });
      expect(textRunCacheStats().hits).toBe(1);
      drawText(ctx, 'first', { x: 2, y: 2 });
      expect(textRunCacheStats().misses).toBe(stats.misses + 1);
    } finally {
      setTextRunCacheBytes(TEXT_RUN_CACHE_BYTES);
    }
  });

  it('GIVEN the same text in another colour, size or quarter-pixel position WHEN drawn THEN it is another run, never a stale one', () => {
    clearTextRunCache();
    const { ctx } = createSurface(200, 60, { opaque: true, density: 1.5 });
    drawText(ctx, 'Bridge', { x: 2, y: 2 });
    drawText(ctx, 'Bridge', { x: 2, y: 2, colour: PALETTE.red });
    drawText(ctx, 'Bridge', { x: 2, y: 2, size: 18 });
    drawText(ctx, 'Bridge', { x: 2.25, y: 2 });
    drawText(ctx, 'Bridge', { x: 40, y: 30 });
    expect(textRunCacheStats()).toMatchObject({ runs: 4, misses: 4, hits: 1 });
  });

  it('GIVEN a rotated context WHEN text is drawn THEN it is drawn straight, exactly as fillText draws it', () => {
    clearTextRunCache();
    const rotated = (through: boolean): Buffer => {
      const s = createSurface(120, 120, { opaque: true });
      s.ctx.translate(60, 60);
      s.ctx.rotate(Math.PI / 5);
      if (through) drawText(s.ctx, 'Shuttle', { x: -30, y: -10 });
      else {
        s.ctx.font = font();
        s.ctx.fillStyle = PALETTE.ink;
        s.ctx.textBaseline = 'top';
        s.ctx.fillText('Shuttle', -30, -10);
      }
      return ink(s);
    };
    expect(rotated(true).equals(rotated(false))).toBe(true);
    expect(textRunCacheStats()).toMatchObject({ runs: 0, direct: 1 });
  });
});
