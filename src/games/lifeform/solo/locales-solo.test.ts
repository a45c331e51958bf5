import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lifeformGame } from '../index.ts';
import { playRandom } from '../play.test-helper.ts';
import { pack } from './solo.test-helper.ts';

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
});
