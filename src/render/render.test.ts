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
  drawLayer,
  drawLegend,
  drawLink,
  drawPanel,
  drawPanelFrame,
  drawPanelTitle,
  drawRoundRect,
  drawSpace,
  drawStandee,
  drawText,
  drawToken,
  drawTrack,
  encodePng,
  layerCacheStats,
  layerKey,
  LAYER_CACHE_BYTES,
  registerRenderer,
  setLayerCacheBytes,
  renderTable,
  textWidth,
  wrapText,
  type DieColour,
  type Rect,
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

  it('GIVEN any text WHEN its width is asked twice THEN the remembered width is the one measureText gives, per font', () => {
    const { ctx } = createSurface(10, 10);
    for (const size of [16, 24]) {
      ctx.font = `${size}px "Turnkeeper Sans"`;
      for (const text of ['Cards left in the stack: 37', 'Cards left in the stack: 37', '♥♥♥', '']) expect(textWidth(ctx, text)).toBe(ctx.measureText(text).width);
    }
  });

  it('GIVEN an opaque surface WHEN a table is drawn on it THEN its pixels equal those of the usual surface and its PNG has no alpha channel', async () => {
    const plain = createSurface(1600, 1000);
    const opaque = createSurface(1600, 1000, { opaque: true });
    clearLayerCache();
    drawDemo(plain);
    drawDemo(opaque);
    expect(Buffer.from(opaque.ctx.getImageData(0, 0, 1600, 1000).data).equals(Buffer.from(plain.ctx.getImageData(0, 0, 1600, 1000).data))).toBe(true);
    const [a, b] = [await encodePng(plain.canvas), await encodePng(opaque.canvas)];
    expect([a.readUInt8(25), b.readUInt8(25)]).toEqual([6, 2]);
    expect(b.length).toBeLessThan(a.length);
  });

  it('GIVEN a panel drawn as frame then title WHEN compared with drawPanel THEN the pixels are the same', () => {
    const r: Rect = { x: 20.5, y: 30, w: 300, h: 120 };
    const one = createSurface(400, 200, { opaque: true });
    const two = createSurface(400, 200, { opaque: true });
    drawPanel(one.ctx, r, { title: 'The Morass', border: PALETTE.yellow });
    drawPanelFrame(two.ctx, r, { titled: true, border: PALETTE.yellow });
    drawPanelTitle(two.ctx, r, 'The Morass');
    expect(Buffer.from(two.ctx.getImageData(0, 0, 400, 200).data).equals(Buffer.from(one.ctx.getImageData(0, 0, 400, 200).data))).toBe(true);
  });

  describe('static layers', () => {
    const area: Rect = { x: 96.5, y: 40.25, w: 330, h: 220 };
    const scene = (ctx: Surface['ctx'], title: string): void => {
      drawPanel(ctx, { x: 100.5, y: 44.25, w: 320, h: 210 }, { title });
      drawLink(ctx, { x: 110, y: 200 }, { x: 400, y: 230 }, 'dottedWhite');
      drawSpace(ctx, { points: [{ x: 130, y: 110 }, { x: 230.7, y: 120 }, { x: 180, y: 190.3 }], fill: PALETTE.green, label: 'Orchard' });
    };
    const picture = (through: 'layer' | 'direct', title: string, draws?: { n: number }): Buffer => {
      const s = createSurface(520, 320, { opaque: true });
      s.ctx.fillStyle = PALETTE.background;
      s.ctx.fillRect(0, 0, s.width, s.height);
      if (through === 'direct') scene(s.ctx, title);
      else
        drawLayer(s.ctx, 'test.scene', { title }, area, (g) => {
          if (draws) draws.n++;
          scene(g, title);
        });
      drawToken(s.ctx, { x: 200, y: 150, radius: 20, fill: PALETTE.red, label: '1' });
      return Buffer.from(s.ctx.getImageData(0, 0, s.width, s.height).data);
    };

    it('GIVEN a static part drawn through drawLayer WHEN compared with drawing it directly THEN the pixels are the same, at fractional coordinates too', () => {
      clearLayerCache();
      expect(picture('layer', 'Sideboard').equals(picture('direct', 'Sideboard'))).toBe(true);
      expect(picture('layer', 'Sideboard').equals(picture('direct', 'Sideboard'))).toBe(true);
    });

    it('GIVEN the same inputs WHEN drawn again THEN the layer is reused; GIVEN other inputs THEN a new layer is drawn, never a stale one', () => {
      clearLayerCache();
      const draws = { n: 0 };
      const first = picture('layer', 'Sideboard', draws);
      expect(picture('layer', 'Sideboard', draws).equals(first)).toBe(true);
      expect(draws.n).toBe(1);
      const other = picture('layer', 'Tablero', draws);
      expect(draws.n).toBe(2);
      expect(other.equals(first)).toBe(false);
      expect(other.equals(picture('direct', 'Tablero'))).toBe(true);
      expect(layerCacheStats()).toMatchObject({ layers: 2, hits: 1, misses: 2 });
    });

    it('GIVEN layer keys WHEN built from inputs THEN equal inputs give equal keys and any changed input another key', () => {
      const inputs = { pack: ['salt-lantern', '1.0.0'], lang: 'en', titles: ['Health'] };
      expect(layerKey('side', inputs)).toBe(layerKey('side', structuredClone(inputs)));
      expect(layerKey('side', { ...inputs, lang: 'es' })).not.toBe(layerKey('side', inputs));
      expect(layerKey('side', { ...inputs, pack: ['salt-lantern', '1.0.1'] })).not.toBe(layerKey('side', inputs));
      expect(layerKey('rooms', inputs)).not.toBe(layerKey('side', inputs));
    });
  });
});
