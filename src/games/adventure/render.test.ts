import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { applyCommand, genesisSnapshot, type Snapshot } from '../../core/index.ts';
import { t, type Language } from '../../i18n/index.ts';
import { clearLayerCache, hasRenderer, layerCacheStats, LAYER_CACHE_BYTES, renderTable, setLayerCacheBytes } from '../../render/index.ts';
import { adventureGame, type AdventurePack, type AdventureState, type AdventureView } from './index.ts';
import { saltLantern } from './pack-fixture.test.ts';
import { measure } from '../../render/legibility.test-helper.ts';
import { adventureText, register, renderAdventureTable, PICTURE_DENSITY, TABLE_WIDTH, type AdventureText } from './render.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pack = saltLantern();
const seats = (n: number) => Array.from({ length: n }, (_, index) => ({ index, name: `p${index}` }));
const ui = (code: string, lang: string, params?: Readonly<Record<string, string | number>>) => t(lang as Language, code, params);
const text = adventureText(pack, ui);

function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function must(snap: Snapshot<AdventureState>, seat: number, type: string, args: Record<string, unknown> = {}): Snapshot<AdventureState> {
  const r = applyCommand(adventureGame, snap, { type, args }, { seat, asHost: false, now: '2026-01-01T00:00:00Z' }, pack);
  if (!r.ok) throw new Error(`${type} refused: ${JSON.stringify(r.error)}`);
  return r.value.snapshot;
}

/** A four-player game a few turns in: rooms B and C revealed, cards found and boxed, one figure still at the entrance. */
function played(): Snapshot<AdventureState> {
  let s = genesisSnapshot(adventureGame, { gameType: 'adventure', rulesVersion: '1', options: {}, seats: seats(4), seed: 7 }, pack);
  const turns: [number, string, Record<string, unknown>][] = [
    [0, 'explore', { location: 106 }],
    [1, 'explore', { location: 102 }],
    [2, 'explore', { location: 104 }],
    [3, 'endTurn', {}],
    [0, 'explore', { location: 101 }],
    [1, 'explore', { location: 103 }],
    [2, 'move', { location: 103 }],
    [3, 'endTurn', {}],
    [0, 'endTurn', {}],
    [1, 'combine', { cards: [15], location: 103 }],
    [2, 'explore', { location: 203 }],
    [3, 'endTurn', {}],
  ];
  for (const [seat, type, args] of turns) {
    s = must(s, seat, type, args);
    if (type !== 'endTurn') s = must(s, seat, 'endTurn');
  }
  return must(s, 0, 'explore', { location: 302 });
}

function viewOf(state: AdventureState): AdventureView {
  return adventureGame.publicView(state) as unknown as AdventureView;
}

describe('adventure pictures', () => {
  it('GIVEN a seeded game a few moves in WHEN the table is rendered THEN it is a PNG of the planned size', async () => {
    const view = viewOf(played().state);
    const table = await renderAdventureTable(view, 'en', text);
    const tableEs = await renderAdventureTable(view, 'es', text);
    await writeFile(join(tmpdir(), 'adventure-table.png'), table);
    await writeFile(join(tmpdir(), 'adventure-table-es.png'), tableEs);
    for (const png of [table, tableEs]) expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(table).width).toBe(TABLE_WIDTH * PICTURE_DENSITY);
    expect(pngSize(table).height).toBeGreaterThanOrEqual(600);
    expect(pngSize(table).height).toBeLessThan(2400 * PICTURE_DENSITY);
    expect(table.length).toBeLessThan(8 * 1024 * 1024);
  });

  it('Rules §Solo game setup: GIVEN one seat playing three characters WHEN the table is rendered THEN it shows each of them with the cards it holds', async () => {
    const s = genesisSnapshot(adventureGame, { gameType: 'adventure', rulesVersion: '1', options: { characters: 3 }, seats: seats(1), seed: 3 }, pack);
    const view = viewOf(s.state);
    const m = await measure(() => renderAdventureTable(view, 'es', text), TABLE_WIDTH);
    const drawn = m.texts.map((x) => x.text);
    expect(view.characters).toHaveLength(3);
    for (const c of view.characters) {
      expect(drawn).toContain(text(c.nameKey, 'es'));
      for (const card of c.inventory) expect(drawn).toContain(text(`card.${card}`, 'es'));
    }
  });

  it('Rules §Health: GIVEN every room revealed, four figures on one location, a boxed health card and a finished game WHEN rendered THEN the picture stays within bounds', async () => {
    const view = viewOf(played().state);
    const crowded: AdventureView = {
      ...view,
      rooms: Object.entries(pack.rooms).map(([room, r]) => ({ room, nameKey: `room.${room}`, locations: r.locations })),
      characters: view.characters.map((c, i) => ({ ...c, location: 103, health: i === 1 ? { cards: 2, flipped: 1 } : c.health })),
      finished: true,
      ratingKey: 'rating.4',
    };
    const png = await renderAdventureTable(crowded, 'es', text);
    await writeFile(join(tmpdir(), 'adventure-table-crowded.png'), png);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(png).width).toBe(TABLE_WIDTH * PICTURE_DENSITY);
    expect(pngSize(png).height).toBeLessThan(3000 * PICTURE_DENSITY);
  });

  it('GIVEN the render functions WHEN typed THEN they take the public view type, never the state', () => {
    expectTypeOf(renderAdventureTable).parameter(0).toEqualTypeOf<AdventureView>();
    expectTypeOf(renderAdventureTable).parameter(0).not.toEqualTypeOf<AdventureState>();
  });

  it('GIVEN two tables differing only in hidden data (flags, stack order, unread entry texts) WHEN rendered THEN the PNGs are byte-identical and no entry text is asked for', async () => {
    const base = played().state;
    const stackFirst = Object.fromEntries(Object.entries(base.cards).reverse());
    const hidden: AdventureState = { ...base, flags: [...base.flags, 'secretDoorFound', 'maren-knows'], cards: stackFirst };
    const spoiled: AdventurePack = {
      ...pack,
      texts: {
        en: Object.fromEntries(Object.entries(pack.texts.en).map(([k, v]) => [k, k.startsWith('entry.') || k.startsWith('hint.') ? `SPOILER ${v}` : v])),
        es: pack.texts.es,
      },
    };
    const asked: string[] = [];
    const spying: AdventureText = (key, lang, params) => {
      asked.push(key);
      return adventureText(spoiled, ui)(key, lang, params);
    };
    const a = await renderAdventureTable(viewOf(base), 'en', text);
    const b = await renderAdventureTable(viewOf(hidden), 'en', spying);
    expect(b.equals(a)).toBe(true);
    expect(asked.filter((k) => k.startsWith('entry.') || k.startsWith('hint.'))).toEqual([]);
  });

  it('GIVEN register() WHEN the shared registry renders an adventure view THEN it answers with the table PNG', async () => {
    register(() => text);
    expect(hasRenderer('adventure')).toBe(true);
    const png = await renderTable('adventure', adventureGame.publicView(played().state), 'en');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });

  it('Rules §Health: GIVEN the health panel WHEN it counts what a character holds THEN it says they carry items, in words, never a bare "N cards" beside the health cards', () => {
    const words = (lang: Language, count: number) => ui('adventure.render.holds', lang, { count });
    expect([0, 1, 3].map((n) => words('en', n))).toEqual(['Carries nothing', 'Carries 1 item', 'Carries 3 items']);
    expect([0, 1, 3].map((n) => words('es', n))).toEqual(['No lleva nada', 'Lleva 1 objeto', 'Lleva 3 objetos']);
  });

  it('GIVEN no text lookup WHEN rendered THEN keys are shown instead and nothing throws', async () => {
    const png = await renderAdventureTable(viewOf(played().state), 'en');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });

  it('GIVEN the table of a played game WHEN drawn and encoded 20 times THEN the median time is printed', async () => {
    const view = viewOf(played().state);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await renderAdventureTable(view, 'en', text);
      times.push(performance.now() - t0);
    }
    times.sort((x, y) => x - y);
    const median = ((times[9] ?? 0) + (times[10] ?? 0)) / 2;
    console.log(`adventure table draw+encode median over 20: ${median.toFixed(1)} ms`);
    expect(times).toHaveLength(20);
  });

  describe('cached layers (rooms, side frames)', () => {
    type Variant = readonly [name: string, view: AdventureView, lang: string];

    /** Each picture drawn with every layer fresh: a cache that keeps nothing (this empties the cache). */
    async function uncached(variants: readonly Variant[]): Promise<Buffer[]> {
      setLayerCacheBytes(0);
      try {
        const pictures: Buffer[] = [];
        for (const [, view, lang] of variants) pictures.push(await renderAdventureTable(view, lang, text));
        return pictures;
      } finally {
        setLayerCacheBytes(LAYER_CACHE_BYTES);
      }
    }

    it('GIVEN the same table twice WHEN rendered THEN the room and side layers are drawn once and the second picture reuses them', async () => {
      clearLayerCache();
      const view = viewOf(played().state);
      const first = await renderAdventureTable(view, 'en', text);
      const drawn = layerCacheStats();
      expect(drawn.misses).toBeGreaterThanOrEqual(2);
      const second = await renderAdventureTable(view, 'en', text);
      expect(layerCacheStats()).toMatchObject({ misses: drawn.misses, hits: drawn.hits + drawn.misses });
      expect(second.equals(first)).toBe(true);
    });

    it('GIVEN a warm cache WHEN the language, chapter, last entry, figures or revealed rooms change THEN new layers are drawn and each PNG equals the one drawn without cache', async () => {
      const view = viewOf(played().state);
      const stacked = view.characters.map((c) => ({ ...c, location: view.rooms[0]?.locations[0] ?? null }));
      const variants: Variant[] = [
        ['same', view, 'en'],
        ['health only', { ...view, characters: view.characters.map((c) => ({ ...c, health: { cards: 2, flipped: 1 } })) }, 'en'],
        ['language', view, 'es'],
        ['chapter', { ...view, chapter: 2 }, 'en'],
        ['last entry', { ...view, lastEntry: String(view.rooms[0]?.locations[1]) }, 'en'],
        ['figures stacked', { ...view, characters: stacked }, 'en'],
        ['all rooms', { ...view, rooms: Object.entries(pack.rooms).map(([room, r]) => ({ room, nameKey: `room.${room}`, locations: r.locations })) }, 'en'],
        ['finished', { ...view, finished: true, ratingKey: 'rating.4' }, 'es'],
      ];
      const expected = await uncached(variants);
      clearLayerCache();
      await renderAdventureTable(view, 'en', text);
      for (const [i, [name, variant, lang]] of variants.entries()) {
        const misses = layerCacheStats().misses;
        const warm = await renderAdventureTable(variant, lang, text);
        if (name === 'same' || name === 'health only') expect(layerCacheStats().misses, name).toBe(misses);
        if (['language', 'chapter', 'last entry', 'figures stacked', 'all rooms'].includes(name)) expect(layerCacheStats().misses, name).toBeGreaterThan(misses);
        expect(warm.equals(expected[i]!), name).toBe(true);
      }
    });
  });
});
