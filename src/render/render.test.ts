import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import {
  DIE_COLOURS,
  FONT_SIZE,
  PALETTE,
  cachedLayer,
  clearLayerCache,
  createSurface,
  drawCard,
  drawDie,
  drawLegend,
  drawLink,
  drawPanel,
  drawRoundRect,
  drawSpace,
  drawStandee,
  drawText,
  drawToken,
  drawTrack,
  encodePng,
  layerCacheStats,
  LAYER_CACHE_BYTES,
  registerRenderer,
  setLayerCacheBytes,
  renderTable,
  wrapText,
  type DieColour,
  type Surface,
} from './index.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function drawDemo(s: Surface): void {
  const { ctx } = s;
  const background = cachedLayer('demo:background', s.width, s.height, (g) => {
    g.fillStyle = PALETTE.background;
    g.fillRect(0, 0, s.width, s.height);
  });
  ctx.drawImage(background, 0, 0);
  const spaces = [
    { x: 200, y: 160, fill: PALETTE.green, label: 'Dock' },
    { x: 420, y: 160, fill: PALETTE.blue, label: 'Lab' },
    { x: 420, y: 380, fill: PALETTE.purple, label: 'Vault' },
    { x: 200, y: 380, fill: PALETTE.orange, label: 'Hall' },
  ];
  drawLink(ctx, spaces[0] as typeof spaces[0], spaces[1] as typeof spaces[0], 'dottedWhite');
  drawLink(ctx, spaces[1] as typeof spaces[0], spaces[2] as typeof spaces[0], 'solidColour', PALETTE.red);
  drawLink(ctx, spaces[2] as typeof spaces[0], spaces[3] as typeof spaces[0], 'solidWhite');
  for (const sp of spaces) {
    const hex = [0, 1, 2, 3, 4, 5].map((i) => ({ x: sp.x + 70 * Math.cos((Math.PI / 3) * i), y: sp.y + 70 * Math.sin((Math.PI / 3) * i) }));
    drawSpace(ctx, { points: hex, fill: sp.fill, label: sp.label });
  }
  drawStandee(ctx, { x: 200, y: 205, radius: 26, colour: PALETTE.red, name: 'Ada Lovelace' });
  drawStandee(ctx, { x: 420, y: 425, radius: 26, colour: PALETTE.yellow, name: 'Rex the Unreasonably Long Named' });
  const inner = drawPanel(ctx, { x: 620, y: 40, w: 520, h: 300 }, { title: 'Dice pool' });
  (Object.keys(DIE_COLOURS) as DieColour[]).forEach((colour, i) => {
    drawDie(ctx, { x: inner.x + (i % 5) * 96, y: inner.y + Math.floor(i / 5) * 96, size: 80, colour, value: (i % 6) + 1 });
  });
  drawDie(ctx, { x: inner.x + 4 * 96, y: inner.y + 96, size: 80, colour: 'white', value: 12, face: 'number', highlight: PALETTE.yellow });
  drawToken(ctx, { x: 1220, y: 90, radius: 34, fill: PALETTE.purple, label: '3' });
  drawToken(ctx, { x: 1310, y: 90, radius: 34, fill: PALETTE.green, label: 'AB' });
  drawRoundRect(ctx, { x: 1380, y: 56, w: 180, h: 68 }, { fill: PALETTE.panel, stroke: PALETTE.yellow, radius: 16 });
  drawText(ctx, 'Rounded', { x: 1470, y: 78, align: 'center', bold: true });
  drawCard(ctx, { x: 620, y: 380, w: 240, h: 300, title: 'Rusty key', number: 15, lines: ['Combine with a door number to open it.', 'Discard after use.'], accent: PALETTE.orange });
  drawCard(ctx, { x: 880, y: 380, w: 240, h: 300, title: 'Hidden', faceDown: true, accent: PALETTE.purple });
  drawCard(ctx, { x: 1140, y: 380, w: 240, h: 300, title: 'A very long card title that must be cut', number: 1015, lines: ['Line one is quite long and must wrap over several lines to test wrapping and the ellipsis at the bottom of the card when there is more text than room.', 'Line two.', 'Line three.', 'Line four.', 'Line five.', 'Line six.'] });
  drawTrack(ctx, { x: 60, y: 720, slotSize: 56, slots: Array.from({ length: 14 }, (_, i) => String(i + 1)), title: 'Time track', marked: [11, 12, 13], markers: [{ slot: 3, fill: PALETTE.blue, label: 'T' }, { slot: 3, fill: PALETTE.red }] });
  drawLegend(ctx, 1180, 700, [
    { label: 'Open path', swatch: { link: 'dottedWhite' } },
    { label: 'Locked by colour', swatch: { link: 'solidColour', colour: PALETTE.red } },
    { label: 'Wall', swatch: { link: 'solidWhite' } },
    { label: 'Enemy die', swatch: { die: 'blackRed' } },
    { label: 'Danger', swatch: { fill: PALETTE.red } },
  ], 'Legend', 360);
  drawText(ctx, 'Wrapped text with an ellipsis when it runs past the last allowed line, so long strings never spill out of their box on a phone.', { x: 60, y: 880, maxWidth: 700, maxLines: 2, size: FONT_SIZE.body });
  drawText(ctx, 'Tiny sizes are raised to the phone floor', { x: 60, y: 950, size: 8, colour: PALETTE.muted });
}

describe('render primitives', () => {
  it('GIVEN every primitive WHEN drawn on one 1600×1000 image and encoded THEN a valid PNG of that size is produced', async () => {
    clearLayerCache();
    const surface = createSurface(1600, 1000);
    const started = performance.now();
    drawDemo(surface);
    const drawn = performance.now();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const png = await encodePng(surface.canvas);
    delay.disable();
    const encoded = performance.now();
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 1600, height: 1000 });
    expect(png.length).toBeLessThan(8 * 1024 * 1024);
    const file = join(tmpdir(), 'turnkeeper-render-demo.png');
    await writeFile(file, png);
    console.log(
      `render demo → ${file}: draw ${(drawn - started).toFixed(1)} ms, encode ${(encoded - drawn).toFixed(1)} ms, ` +
        `${(png.length / 1024).toFixed(0)} KiB, longest event-loop stall during encode ${(delay.max / 1e6).toFixed(1)} ms`,
    );
  });

  it('GIVEN a warm process WHEN a 1600×1000 table is drawn and encoded 10 times THEN timings are reported', async () => {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const s = createSurface(1600, 1000);
      drawDemo(s);
      await encodePng(s.canvas);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`draw+encode 1600×1000: median ${(times[5] ?? 0).toFixed(1)} ms, max ${(times[9] ?? 0).toFixed(1)} ms`);
    expect(times).toHaveLength(10);
  });

  it('GIVEN the same layer key WHEN asked twice THEN drawn once and the same canvas returned', () => {
    clearLayerCache();
    let draws = 0;
    const a = cachedLayer('k', 10, 10, () => void draws++);
    const b = cachedLayer('k', 10, 10, () => void draws++);
    expect(a).toBe(b);
    expect(draws).toBe(1);
  });

  it('GIVEN more layer bytes than the budget WHEN layers are asked again THEN the least recently used are redrawn and the bytes stay within budget', () => {
    clearLayerCache();
    setLayerCacheBytes(3 * 100 * 100 * 4);
    try {
      let draws = 0;
      const draw = () => void draws++;
      for (const key of ['a', 'b', 'c']) cachedLayer(key, 100, 100, draw);
      cachedLayer('a', 100, 100, draw);
      cachedLayer('d', 100, 100, draw);
      expect(layerCacheStats()).toMatchObject({ layers: 3, bytes: 3 * 100 * 100 * 4, hits: 1, misses: 4 });
      cachedLayer('a', 100, 100, draw);
      cachedLayer('b', 100, 100, draw);
      expect(draws).toBe(5);
      cachedLayer('huge', 200, 200, draw);
      expect(layerCacheStats()).toMatchObject({ layers: 3, bytes: 3 * 100 * 100 * 4 });
      cachedLayer('a', 100, 100, draw);
      expect(draws).toBe(6);
      setLayerCacheBytes(100 * 100 * 4);
      expect(layerCacheStats()).toMatchObject({ layers: 1, bytes: 100 * 100 * 4 });
    } finally {
      setLayerCacheBytes(LAYER_CACHE_BYTES);
    }
  });

  it('GIVEN a cached key asked at another size WHEN drawn THEN the old layer is replaced, not counted twice', () => {
    clearLayerCache();
    cachedLayer('k', 10, 10, () => undefined);
    cachedLayer('k', 20, 10, () => undefined);
    expect(layerCacheStats()).toMatchObject({ layers: 1, bytes: 20 * 10 * 4, misses: 2 });
  });

  it('GIVEN long text WHEN wrapped THEN no line is wider than the limit', () => {
    const { ctx } = createSurface(100, 100);
    ctx.font = '20px "Turnkeeper Sans"';
    const lines = wrapText(ctx, 'The quick brown fox jumps over the lazy dog again and again, antidisestablishmentarianism', 150);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(ctx.measureText(line).width).toBeLessThanOrEqual(150);
  });

  it('GIVEN a registered renderer WHEN renderTable is called THEN it is used, and an unknown game is refused', async () => {
    registerRenderer('demo', async (view, locale) => Buffer.from(`${String(view)}:${locale}`));
    expect((await renderTable('demo', 'v', 'es')).toString()).toBe('v:es');
    await expect(renderTable('nope', {}, 'en')).rejects.toThrow(/no renderer/);
  });
});
