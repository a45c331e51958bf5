import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasText, t, type Language } from '../../i18n/index.ts';
import { lineText } from '../../discord/present.ts';
import type { Json } from '../../core/index.ts';
import { comanautsPack } from '../../../scripts/picture-states.ts';
import { packText } from './content.ts';
import { comanautsGame } from './index.ts';
import { MIN_PREVIEW_PX, measure } from '../../render/legibility.test-helper.ts';
import { LONG_NAMES, pictureStates } from '../../../scripts/picture-states.ts';
import { renderComanauts, TABLE_WIDTH } from './render.ts';
import type { TableView } from './render-view.ts';
import { loadComanautsPack } from './fixture.test-helper.ts';

const ui = (code: string, lang: string) => (hasText(code) ? t(lang as Language, code) : undefined);
const states = pictureStates().filter((s) => s.gameType === 'comanauts');

describe('comanauts pictures at Discord preview size (issue 15 "One good picture per turn")', () => {
  it.each(states.map((s) => [s.name, s] as const))('GIVEN %s WHEN drawn THEN its smallest text is legible at 550 px, no two labels overlap, none leaves its box and no player name is cut', async (_name, s) => {
    const view = s.view as TableView;
    const m = await measure(() => renderComanauts(view, s.locale, ui), TABLE_WIDTH);
    expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
    expect(m.overlaps).toEqual([]);
    expect(m.overflows).toEqual([]);
    expect(m.truncated).toEqual([]);
    for (const p of view.players) expect(m.texts.some((x) => x.text.replace(/\n/g, ' ').includes(p.name)), p.name).toBe(true);
    expect(view.players.map((p) => p.name)).toEqual(LONG_NAMES.slice(0, view.players.length));
  });

  it('Rules §Movement: GIVEN a table WHEN drawn THEN every free spot on the map carries its number, 1 first', async () => {
    const s = states.find((x) => x.name === 'comanauts-2p-start-en')!;
    const view = s.view as TableView;
    const m = await measure(() => renderComanauts(view, 'en', ui), TABLE_WIDTH);
    const spots = view.page.spaces.reduce((n, sp) => n + sp.spots.length, 0);
    const standing = view.players.filter((p) => p.place !== 'morass').length + view.enemies.filter((e) => e !== null).length + (view.childStandee ? 1 : 0);
    const numbers = m.texts.filter((x) => /^\d$/.test(x.text) && x.size === 16 && x.rect.y < 80 + 512);
    expect(numbers.length).toBeGreaterThanOrEqual(spots - standing);
    expect(new Set(numbers.map((x) => x.text))).toEqual(new Set(['1', '2', '3', '4', '5', '6']));
  });

  it('Rules §Enemy Cards: GIVEN enemies in their slots WHEN drawn THEN each action reads its roll range, name and its speed, range and strength in words, never "2/0/3"', async () => {
    const s = states.find((x) => x.name === 'comanauts-3p-hostile-en')!;
    const m = await measure(() => renderComanauts(s.view, 'en', ui), TABLE_WIDTH);
    const drawn = m.texts.map((x) => x.text);
    expect(drawn).toContain('1–3 · Snapping Lunge');
    expect(drawn).toContain('Speed 2 · Range 0 · Strength 3');
    expect(drawn.some((x) => /\d\/\d\/\d/.test(x))).toBe(false);
    const es = await measure(() => renderComanauts(s.view, 'es', ui), TABLE_WIDTH);
    expect(es.texts.map((x) => x.text)).toContain('Velocidad 2 · Alcance 0 · Fuerza 3');
  });

  it('Rules §Vital Signs, §Group Task, §Defend: GIVEN revealed vital signs, group dice and a stored die WHEN drawn THEN the cards shown, the group total against its target and the stored-die legend are on the picture', async () => {
    const s = states.find((x) => x.name === 'comanauts-3p-hostile-en')!;
    const view = { ...(s.view as TableView), groupTask: { colour: 'green', target: 7, done: false } };
    const m = await measure(() => renderComanauts(view, 'en', ui), TABLE_WIDTH);
    const drawn = m.texts.map((x) => x.text);
    expect(drawn).toContain('Stable, Critical');
    expect(drawn).toContain(`Cards still face down: ${view.vitalSigns?.left}`);
    expect(drawn).toContain('Total 5/7');
    expect(drawn).toContain('Group task: green');
    expect(drawn).toContain('Yellow outline: a stored die');
    expect(m.overlaps).toEqual([]);
  });

  it('GIVEN the hostile table WHEN its alt text is written THEN it says in words what the picture shows: situation and threat dice, the group total, vital signs shown', () => {
    const s = states.find((x) => x.name === 'comanauts-3p-hostile-en')!;
    const view = { ...(s.view as TableView), groupTask: { colour: 'green', target: 7, done: false } };
    const naming = { seatNames: [...LONG_NAMES], packText: (key: string, lang: string) => packText(comanautsPack, key, lang) };
    const words = (lang: Language) => (comanautsGame.describeView?.(view as unknown as Json) ?? []).map((l) => lineText(lang, l, naming));
    expect(words('en')).toEqual(expect.arrayContaining(['The situation is HOSTILE, with 2 of 8 dice on the threat track.', 'Group task: 5 of 7 on green dice, not done yet.', 'Vital signs shown: 1 stable and 1 critical; 8 cards still face down.']));
    expect(words('es')).toEqual(expect.arrayContaining(['La situación es HOSTIL, con 2 de 8 dados en el marcador de amenaza.', 'Tarea de grupo: 5 de 7 con dados verde, aún sin hacer.']));
  });
});

/** Every page of the shipped Comanauts packs, with its players off the map so only the page is judged. */
async function shippedPages(): Promise<{ pack: string; page: TableView['page'] }[]> {
  const out: { pack: string; page: TableView['page'] }[] = [];
  for (const dir of ['training', 'waking-strobal']) {
    const loaded = await loadComanautsPack(join(import.meta.dirname, '../../../assets/packs/comanauts', dir));
    if (!loaded.ok) throw new Error(`${dir}: ${JSON.stringify(loaded.errors)}`);
    for (const page of loaded.pack.pages) out.push({ pack: dir, page: page as unknown as TableView['page'] });
  }
  return out;
}

function onPage(base: TableView, page: TableView['page']): TableView {
  return { ...base, page, players: base.players.map((p) => ({ ...p, place: 'morass' })), enemies: [], childStandee: null, searchTokens: {}, pageBook: undefined } as unknown as TableView;
}

const longest = (pages: readonly { page: TableView['page'] }[], lang: 'en' | 'es'): string =>
  pages.flatMap((p) => p.page.spaces.map((sp) => sp.name[lang])).reduce((a, b) => (b.length > a.length ? b : a), '');

describe('comanauts map page: space names stay inside their space (issue 15 "One good picture per turn")', () => {
  const base = states.find((x) => x.name === 'comanauts-2p-start-en')!.view as TableView;

  it.each(['en', 'es'] as const)('GIVEN every page of the shipped packs with every space given the packs\' longest %s name WHEN drawn THEN each name reads whole on at most two lines, inside its space, at or above the legibility floor', async (lang) => {
    const pages = await shippedPages();
    const name = longest(pages, lang);
    expect(name.length).toBeGreaterThan(lang === 'es' ? 20 : 15);
    for (const { pack, page } of pages) {
      const renamed = { ...page, spaces: page.spaces.map((sp) => ({ ...sp, name: { ...sp.name, [lang]: name } })) };
      const m = await measure(() => renderComanauts(onPage(base, renamed), lang, ui), TABLE_WIDTH);
      const labels = m.texts.filter((x) => x.text.replace(/\n/g, ' ') === name);
      expect(labels, `${pack}/${page.id}`).toHaveLength(page.spaces.length);
      for (const l of labels) expect(l.text.split('\n').length).toBeLessThanOrEqual(2);
      expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
      expect(m.overflows, `${pack}/${page.id}`).toEqual([]);
      expect(m.truncated, `${pack}/${page.id}`).toEqual([]);
    }
  });

  it('GIVEN a space name too long for two lines WHEN drawn THEN it wraps to two lines inside the space and ends in an ellipsis, never smaller than the floor nor spilling over its outline', async () => {
    const pages = await shippedPages();
    const name = `${longest(pages, 'es')} y ${longest(pages, 'es')} y ${longest(pages, 'es')}`;
    const { pack, page } = pages.find((p) => p.pack === 'waking-strobal' && p.page.id === 'ward-nine')!;
    const renamed = { ...page, spaces: page.spaces.map((sp) => ({ ...sp, name: { ...sp.name, es: name } })) };
    const m = await measure(() => renderComanauts(onPage(base, renamed), 'es', ui), TABLE_WIDTH);
    const labels = m.texts.filter((x) => x.text.endsWith('…') && name.startsWith(x.text.split('\n')[0]!));
    expect(labels, `${pack}/${page.id}`).toHaveLength(page.spaces.length);
    for (const l of labels) expect(l.text.split('\n')).toHaveLength(2);
    expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
    expect(m.overflows).toEqual([]);
  });
});
