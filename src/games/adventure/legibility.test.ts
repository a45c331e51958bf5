import { describe, expect, it } from 'vitest';
import { t, type Language } from '../../i18n/index.ts';
import { MIN_PREVIEW_PX, measure } from '../../render/legibility.test-helper.ts';
import { adventurePack, pictureStates } from '../../../scripts/picture-states.ts';
import { adventureText, renderAdventureTable, TABLE_WIDTH } from './render.ts';
import type { AdventureView } from './view.ts';

const text = adventureText(adventurePack, (code, lang, params) => t(lang as Language, code, params));
const states = pictureStates().filter((s) => s.gameType === 'adventure');

describe('adventure pictures at Discord preview size (issue 15 "One good picture per turn")', () => {
  it.each(states.map((s) => [s.name, s] as const))('GIVEN %s WHEN the table is drawn THEN its smallest text is legible at 550 px, no two labels overlap, none leaves its box and no name is cut', async (_name, s) => {
    const view = s.view as AdventureView;
    const m = await measure(() => renderAdventureTable(view, s.locale, text), TABLE_WIDTH);
    expect(m.texts.length).toBeGreaterThan(20);
    expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
    expect(m.overlaps).toEqual([]);
    expect(m.overflows).toEqual([]);
    expect(m.truncated).toEqual([]);
    const names = view.characters.map((c) => text(c.nameKey, s.locale) as string);
    for (const name of names) expect(m.texts.some((x) => x.text === name), name).toBe(true);
  });

  it.each(states.map((s) => [s.name, s] as const))('Rules §Rules for Cards: GIVEN %s WHEN drawn THEN every card a character holds is on the table with its number and name, beside that character', async (_name, s) => {
    const view = s.view as AdventureView;
    const m = await measure(() => renderAdventureTable(view, s.locale, text), TABLE_WIDTH);
    for (const c of view.characters) {
      const row = [...m.texts].reverse().find((x) => x.text === text(c.nameKey, s.locale))!;
      for (const card of c.inventory) {
        const number = m.texts.find((x) => x.text === String(card) && x.rect.y > row.rect.y && x.rect.y < row.rect.y + 120);
        expect(number, `card ${card} under ${c.nameKey}`).toBeDefined();
        expect(m.texts.some((x) => x.text === text(`card.${card}`, s.locale) && Math.abs(x.rect.y - number!.rect.y) < 1)).toBe(true);
      }
    }
  });

  it('Rules §Explore a location: GIVEN a played game WHEN drawn THEN every revealed room shows its name and every location its number, explored ones marked ✓ and the others ?', async () => {
    const s = states.find((x) => x.name === 'adventure-4p-played-en')!;
    const view = s.view as AdventureView;
    const m = await measure(() => renderAdventureTable(view, 'en', text), TABLE_WIDTH);
    const drawn = m.texts.map((x) => x.text);
    for (const room of view.rooms) {
      expect(drawn).toContain(`${room.room} · ${text(room.nameKey, 'en')}`);
      for (const l of room.locations) expect(drawn).toContain(String(l));
    }
    const explored = view.rooms.flatMap((r) => r.locations).filter((l) => view.read.includes(String(l)));
    const total = view.rooms.reduce((n, r) => n + r.locations.length, 0);
    expect(explored.length).toBeGreaterThan(0);
    expect(drawn.filter((x) => x === '✓')).toHaveLength(explored.length);
    expect(drawn.filter((x) => x === '?')).toHaveLength(total - explored.length);
  });

  it('GIVEN a pack that names its locations (location.<n>) WHEN drawn THEN each tile shows the name, wrapped rather than cut', async () => {
    const s = states.find((x) => x.name === 'adventure-3p-played-es')!;
    const named = (key: string, lang: string, params?: Readonly<Record<string, string | number>>) =>
      key.startsWith('location.') ? `Un lugar bastante largo junto al muelle ${key.slice(9)}` : text(key, lang, params);
    const m = await measure(() => renderAdventureTable(s.view as AdventureView, 'es', named), TABLE_WIDTH);
    expect(m.texts.some((x) => x.text.startsWith('Un lugar') && x.text.includes('\n'))).toBe(true);
    expect(m.overlaps).toEqual([]);
    expect(m.overflows).toEqual([]);
  });
});
