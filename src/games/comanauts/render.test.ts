import { describe, expect, it } from 'vitest';
import { clearLayerCache, hasRenderer, layerCacheStats, LAYER_CACHE_BYTES, renderTable, setLayerCacheBytes } from '../../render/index.ts';
import { comanautsGame } from './index.ts';
import { register, renderComanauts } from './render.ts';
import { setupGame } from './rules.ts';
import { giveHand, mutate, newGame, pack, putEnemy, takeDie } from './scenario.test-helper.ts';
import { createRng, seedRng } from '../../core/index.ts';

describe('comanauts table picture', () => {
  it('GIVEN a hostile table WHEN the public view is rendered in English and Spanish THEN each is a PNG well under Discord upload limits', async () => {
    const s = mutate(newGame(3, 4), (d) => {
      giveHand(d, ['red', 'purple', 'green']);
      putEnemy(d, 'rust-hound', 'well', 0);
      putEnemy(d, 'static-crow', 'shed', 2);
      d.dice.threat.push({ die: takeDie(d, 'black'), face: null }, { die: takeDie(d, 'suspicious'), face: 4 });
      d.dice.discard.push(takeDie(d, 'yellow'), takeDie(d, 'white'));
      (d.players[1] as { stored: string | null }).stored = takeDie(d, 'blue');
      (d.players[2] as { avatar: { place: unknown } }).avatar.place = null;
      (d.players[0] as { avatar: { statuses: string[]; suspicious: boolean } }).avatar.statuses.push('snared');
      (d.players[0] as { avatar: { suspicious: boolean } }).avatar.suspicious = true;
      d.childStandee = 'pond';
      d.dice.child = { die: takeDie(d, 'child'), face: 3 };
    });
    const labels: Record<string, string> = { 'comanauts.render.threat': 'Threat track', 'comanauts.colour.purple': 'purple' };
    register((code) => labels[code]);
    const en = await renderTable('comanauts', comanautsGame.publicView(s), 'en');
    const es = await renderComanauts(comanautsGame.publicView(s), 'es-ES');
    expect(en.subarray(1, 4).toString()).toBe('PNG');
    expect(es.length).toBeLessThan(8 * 1024 * 1024);
    expect(hasRenderer('comanauts')).toBe(true);
    if (process.env.COMANAUTS_PNG) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.COMANAUTS_PNG, en);
    }
  });

  describe('cached layers (map page, sideboard, sheets, enemy cards)', () => {
    type View = { page: { spaces: { name: { en: string } }[] }; players: { clarity: number }[]; active: number; searchTokens: Record<string, number> };
    /** A variant of the table: its view, locale and the word the interface strings give for "legend". */
    type Variant = readonly [name: string, view: unknown, locale: string, legend: string];
    let legend = 'Legend';
    const ui = (code: string): string | undefined => (code === 'comanauts.render.legend' ? legend : code === 'comanauts.render.morass' ? 'The Morass' : undefined);
    const table = () =>
      comanautsGame.publicView(
        mutate(newGame(3, 4), (d) => {
          putEnemy(d, 'rust-hound', 'well', 0);
          giveHand(d, ['red', 'green']);
        }),
      ) as unknown as View;
    const draw = async ([, view, locale, word]: Variant): Promise<Buffer> => {
      legend = word;
      try {
        return await renderComanauts(view, locale, ui);
      } finally {
        legend = 'Legend';
      }
    };

    /** Each picture drawn with every layer fresh: a cache that keeps nothing (this empties the cache). */
    async function uncached(variants: readonly Variant[]): Promise<Buffer[]> {
      setLayerCacheBytes(0);
      try {
        const pictures: Buffer[] = [];
        for (const variant of variants) pictures.push(await draw(variant));
        return pictures;
      } finally {
        setLayerCacheBytes(LAYER_CACHE_BYTES);
      }
    }

    it('GIVEN the same table twice WHEN rendered THEN every layer is drawn once and the second picture reuses them all', async () => {
      clearLayerCache();
      const view = table();
      const first = await renderComanauts(view, 'en', ui);
      const drawn = layerCacheStats();
      expect(drawn.misses).toBeGreaterThanOrEqual(1 + 3 + 1);
      const second = await renderComanauts(view, 'en', ui);
      expect(layerCacheStats()).toMatchObject({ misses: drawn.misses, hits: drawn.hits + drawn.misses });
      expect(second.equals(first)).toBe(true);
    });

    it('GIVEN a warm cache WHEN the page, the language, the interface strings, a player or the turn change THEN new layers are drawn and each PNG equals the one drawn without cache', async () => {
      const view = table();
      const renamed = structuredClone(view);
      renamed.page.spaces[0]!.name.en = 'Renamed Space';
      const calmer = structuredClone(view);
      calmer.players[1]!.clarity += 1;
      const variants: Variant[] = [
        ['same', view, 'en', 'Legend'],
        ['space renamed', renamed, 'en', 'Legend'],
        ['language', view, 'es', 'Legend'],
        ['player', calmer, 'en', 'Legend'],
        ['turn', { ...view, active: 1 }, 'en', 'Legend'],
        ['search tokens only', { ...view, searchTokens: { well: 2 } }, 'en', 'Legend'],
        ['interface strings', view, 'en', 'Key'],
      ];
      const expected = await uncached(variants);
      clearLayerCache();
      await draw(variants[0]!);
      for (const [i, variant] of variants.entries()) {
        const [name] = variant;
        const misses = layerCacheStats().misses;
        const warm = await draw(variant);
        if (name === 'same' || name === 'search tokens only') expect(layerCacheStats().misses, name).toBe(misses);
        else expect(layerCacheStats().misses, name).toBeGreaterThan(misses);
        expect(warm.equals(expected[i]!), name).toBe(true);
      }
    });
  });

  it('Rules §Doors and §Page Setup (rules 3): GIVEN the cottage with a locked hatch, a gate, an objective and fire WHEN rendered THEN the picture differs from the same table without them', async () => {
    const s = mutate(setupGame({ avatarsPerPlayer: 3, startAvatars: ['wren', 'okafor'], page: 'cottage' } as never, [0, 1].map((i) => ({ index: i, name: `p${i}` })), createRng(seedRng(3)), pack), (d) => {
      (d.pageBook as NonNullable<typeof d.pageBook>).fire = ['yard', 'yard'];
    });
    const bare = mutate(s, (d) => {
      (d.pageBook as NonNullable<typeof d.pageBook>).doors = [];
      (d.pageBook as NonNullable<typeof d.pageBook>).objectives = [];
      (d.pageBook as NonNullable<typeof d.pageBook>).fire = [];
    });
    const drawn = await renderComanauts(comanautsGame.publicView(s), 'en');
    expect(drawn.equals(await renderComanauts(comanautsGame.publicView(bare), 'en'))).toBe(false);
    if (process.env.COMANAUTS_BOOK_PNG) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.COMANAUTS_BOOK_PNG, drawn);
    }
  });
});
