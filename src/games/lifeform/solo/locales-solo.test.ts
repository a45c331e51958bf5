import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineText } from '../../../discord/present.ts';
import { t } from '../../../i18n/index.ts';
import { packText } from '../content.ts';
import { lifeformGame } from '../index.ts';
import { playRandom } from '../play.test-helper.ts';
import { pack, soloStarted } from './solo.test-helper.ts';

const load = (lang: string, ns: string): Record<string, unknown> => JSON.parse(readFileSync(join(import.meta.dirname, '../../../i18n/locales', lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;

function has(lang: string, code: string): boolean {
  const dot = code.indexOf('.');
  let node: unknown = load(lang, code.slice(0, dot));
  for (const part of code.slice(dot + 1).split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

describe("Dragon's Domain texts", () => {
  it('GIVEN every code random solo games emit (events, labels of legal commands, prompt options, end states) WHEN looked up THEN each has an English and a Spanish text', () => {
    const codes = new Set<string>(['lifeform-solo.intro', 'lifeform.options.soloSeats', 'lifeform.options.noSolo', 'lifeform.options.tooFewSeats', 'lifeform.options.soloOnly', 'lifeform.options.noHazard']);
    // The variants' and rules 3 texts, whether or not random play meets them.
    for (const c of ['hazard', 'hysterical', 'chit.back', 'end.hysterical', 'status.lost.hysterical', 'outageRemoved', 'outageMoved', 'label.unpower', 'label.shiftOutage', 'label.android']) codes.add(`lifeform-solo.${c}`);
    for (const c of ['badOptionValue', 'unknownOption', 'badOptionType', 'badOptionRange']) codes.add(`core.game.${c}`);
    for (let seed = 1; seed <= 30; seed++) {
      const { steps } = playRandom(pack, seed, 1, [seed * 31, 7, 1234, seed, 99, 5000], 600, undefined, { options: { mode: 'solo', ...(seed % 3 === 0 ? { hysterical: true } : {}) } });
      for (const { state, events } of steps) {
        for (const e of events) codes.add(e.code);
        for (const c of lifeformGame.legalCommands(state, 0)) codes.add(lifeformGame.labelCommand?.(state, c, 0).code ?? '');
        for (const p of lifeformGame.prompts(state)) for (const o of p.options) codes.add(o.label.code);
        const st = lifeformGame.status(state);
        if (st.phase !== 'playing') codes.add(st.reason);
      }
    }
    expect(codes.size).toBeGreaterThan(40);
    for (const lang of ['en', 'es']) expect([...codes].filter((c) => c !== '' && !has(lang, c)).sort(), lang).toEqual([]);
  }, 120_000);

  it('§MOD C HUNT THE LIFEFORM (the player names a chamber): GIVEN the room the player guessed WHEN the Remora board notes it THEN it reads "your guess" in English and "la buscaste aquí" in Spanish (the player searched there, no bet); the alt text hunt line and the guessed room read the same way', () => {
    expect(t('en', 'lifeform-solo.render.board.guessed')).toBe('your guess');
    expect(t('es', 'lifeform-solo.render.board.guessed')).toBe('la buscaste aquí');
    expect(t('es', 'lifeform-solo.alt.remoraHunt', { guessKey: 'Cabina de mando', hiddenKey: 'Bodega' })).toBe('La caza: la buscaste en Cabina de mando; se escondía en Bodega.');
    expect(t('en', 'lifeform-solo.alt.remoraHunt', { guessKey: 'Cockpit', hiddenKey: 'Cargo hold' })).toBe('The hunt: you guessed Cockpit; it hid in Cargo hold.');
  });

  it("Dragon's Domain §SELF-DESTRUCT TRACK (stowaway) and the trait's draw (top or bottom of the deck): GIVEN their yes/no choices WHEN labelled in English and Spanish THEN each reads as words (never true or false), and a kept card reads as keeping it (\"Quedarse con …\")", () => {
    const s = soloStarted(7);
    const naming = { seatNames: [], packText: (k: string, l: string) => packText(pack, k, l) };
    const read = (type: string, args: Record<string, unknown>, lang: 'en' | 'es'): string => lineText(lang, lifeformGame.labelCommand?.(s, { type, args }, 0) as never, naming);
    expect(read('side', { top: true }, 'en')).toBe('Put the rest back on top of the crew deck');
    expect(read('side', { top: false }, 'es')).toBe('Devolver el resto debajo del mazo de tripulación');
    expect(read('sdStowaway', { energy: false }, 'en')).toBe('Stowaway: a stowaway token onto the Remora');
    expect(read('sdStowaway', { energy: true }, 'es')).toBe('Polizón: quitar en su lugar la ficha de misión de arriba de la columna de células de energía');
    for (const lang of ['en', 'es'] as const) {
      for (const [type, args] of [['side', { top: true }], ['side', { top: false }], ['sdStowaway', { energy: true }], ['sdStowaway', { energy: false }]] as const) expect(read(type, args, lang)).not.toMatch(/true|false/);
    }
    expect(read('keep', { card: 'bolt.1' }, 'es')).toBe(`Quedarse con ${packText(pack, 'crew.bolt.name', 'es')}`);
  });
});
