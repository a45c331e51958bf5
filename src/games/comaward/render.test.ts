import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../cli/compose.ts';
import { hasText, pickLanguage, t } from '../../i18n/index.ts';
import { hasRenderer, renderTable } from '../../render/index.ts';
import type { ComaWardPack } from './content.ts';
import { comaWardGame } from './index.ts';
import { randomGame } from './random-play.ts';
import { MIN_TEXT, register, WIDTH } from './render.ts';
import { drawnTexts, type Drawn } from './render.test-helper.ts';

const catalog = await loadCatalog();
const pack = catalog.packs('comaward')?.data as ComaWardPack;
const ui = (code: string, lang: string, params?: Record<string, unknown>): string | undefined => (hasText(code) ? t(pickLanguage(lang), code, params) : undefined);
const NAMES = ['Ana', 'Bruno', 'Carmen', 'Dario', 'Elena', 'Fede'];

const overlap = (a: Drawn['box'], b: Drawn['box']): boolean => a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1;

function tableAfter(seed: number, players: number, steps: number) {
  const snap = randomGame(pack, seed, players, steps);
  return { state: snap.state, view: { seatNames: NAMES.slice(0, players), ...(comaWardGame.publicView(snap.state) as object) } as Record<string, unknown> };
}

describe('Coma Ward table picture', () => {
  it('issue 16 "The picture": GIVEN a game under way WHEN its public view is rendered in English and Spanish through the registered renderer THEN each is a PNG 1000 px wide, well under Discord upload limits', async () => {
    register(() => pack, ui);
    expect(hasRenderer('comaward')).toBe(true);
    const { view } = tableAfter(8, 6, 120);
    const en = await renderTable('comaward', view, 'en');
    const es = await renderTable('comaward', view, 'es-ES');
    expect(en.subarray(1, 4).toString()).toBe('PNG');
    expect(en.readUInt32BE(16)).toBe(WIDTH);
    expect(es.length).toBeLessThan(8 * 1024 * 1024);
    expect(es.equals(en)).toBe(false);
  });

  it('issue 15 "legible at 550 px": GIVEN tables of 2 to 6 players WHEN drawn THEN every text is at least 18 px (about 10 px shown 550 px wide) and no two texts overlap', async () => {
    for (const [seed, players, steps] of [[3, 2, 40], [8, 6, 12], [5, 4, 200], [11, 3, 90]] as const) {
      const { view } = tableAfter(seed, players, steps);
      for (const locale of ['en', 'es']) {
        const { texts } = await drawnTexts(view, locale, pack, ui);
        for (const d of texts) expect(d.size * (550 / WIDTH), `${d.text} at ${d.size}px`).toBeGreaterThanOrEqual(MIN_TEXT * (550 / WIDTH));
        const shown = texts.filter((d) => d.text !== '?');
        for (let i = 0; i < shown.length; i++) {
          for (let j = i + 1; j < shown.length; j++) {
            const a = shown[i] as Drawn;
            const b = shown[j] as Drawn;
            expect(overlap(a.box, b.box), `"${a.text}" overlaps "${b.text}" (seed ${seed}, ${locale})`).toBe(false);
          }
        }
      }
    }
  });

  it('issue 16 "The picture": GIVEN a table WHEN drawn THEN it shows every revealed room and fixed room by its whole name, each living player by name (or initials in a crowd), clue markers, and one mat per player', async () => {
    const { state, view } = tableAfter(5, 4, 200);
    const { texts } = await drawnTexts(view, 'en', pack, ui);
    const all = texts.map((d) => d.text).join('\n');
    const words = (s: string) => s.split(/\s+/);
    for (const slot of Object.values(state.slots)) {
      const name = pack[slot.kind === 'room' ? 'rooms' : 'hallucinationRooms'].find((r) => r.id === slot.card)?.name.en as string;
      for (const word of words(name)) expect(all, name).toContain(word);
    }
    for (const floor of pack.board.floors) for (const room of floor.rooms) for (const word of words(room.name.en)) expect(all, room.name.en).toContain(word);
    for (const p of state.players) {
      const name = NAMES[p.seat] as string;
      expect(texts.filter((d) => d.text === name || d.text === `${name} (eliminated)`).length, name).toBeGreaterThanOrEqual(1);
    }
    state.clues.forEach((_, i) => expect(texts.some((d) => d.text === String(i + 1))).toBe(true));
    expect(texts.filter((d) => d.text.startsWith('Strength ')).length).toBe(state.players.length);
    expect(texts.filter((d) => d.text.endsWith('…') && !d.text.startsWith('Items')), 'cut texts').toEqual([]);
  });

  it('issue 16 "never a quirk or a role": GIVEN players holding quirks WHEN the table is drawn THEN no quirk name or text appears in it', async () => {
    const { state, view } = tableAfter(3, 4, 60);
    const { texts } = await drawnTexts(view, 'en', pack, ui);
    const all = texts.map((d) => d.text).join('\n');
    for (const p of state.players) {
      const quirk = pack.quirks.find((q) => q.id === p.quirk);
      if (quirk) expect(all).not.toContain(quirk.name.en);
    }
  });
});
