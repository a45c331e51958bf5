import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lifeformGame } from './index.ts';
import { playRandom } from './play.test-helper.ts';
import { pack } from './scenario.test-helper.ts';

const here = import.meta.dirname;
const load = (lang: string): Record<string, unknown> => JSON.parse(readFileSync(join(here, '../../i18n/locales', lang, 'lifeform.json'), 'utf8')) as Record<string, unknown>;

function has(tree: Record<string, unknown>, code: string): boolean {
  let node: unknown = tree;
  for (const part of code.replace(/^lifeform\./, '').split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

/** Rejection codes written in why.ts and index.ts (`r('…')` and `code: 'lifeform.…'`). */
function writtenCodes(): string[] {
  const out = new Set<string>();
  for (const file of ['why.ts', 'index.ts', 'rules.ts', 'view.ts']) {
    const text = readFileSync(join(here, file), 'utf8');
    for (const m of text.matchAll(/\br\('([a-zA-Z.]+)'/g)) out.add(`lifeform.${m[1] as string}`);
    for (const m of text.matchAll(/(?:reject\(|code: )'(lifeform\.[a-zA-Z.]+[a-zA-Z])'/g)) out.add(m[1] as string);
  }
  return [...out].filter((c) => !c.endsWith('.') && c !== 'lifeform.option' && c !== 'lifeform.winner' && c !== 'lifeform.secret');
}

describe('lifeform locale texts', () => {
  it('GIVEN every code random games emit (events, prompt options, secrets, end states) and every rejection code WHEN looked up THEN each has an English and a Spanish text', () => {
    const codes = new Set<string>(writtenCodes());
    for (let seed = 1; seed <= 40; seed++) {
      const setting = seed % 4 === 0 ? { rulesVersion: '1' } : { options: { evolution: seed % 2 === 1 } };
      const { steps } = playRandom(pack, seed, 2 + (seed % 3), [seed * 31, 7, 1234, seed, 99, 5000], 400, undefined, setting);
      for (const { state, events } of steps) {
        for (const e of events) codes.add(e.code);
        for (const p of lifeformGame.prompts(state)) for (const o of p.options) codes.add(o.label.code);
        for (let seat = 0; seat < state.seats; seat++) for (const e of lifeformGame.secretsFor(state, seat)) codes.add(e.code);
        const st = lifeformGame.status(state);
        if (st.phase !== 'playing') codes.add(st.reason);
      }
    }
    expect(codes.size).toBeGreaterThan(100);
    for (const lang of ['en', 'es']) {
      const tree = load(lang);
      expect([...codes].filter((c) => !has(tree, c)).sort(), lang).toEqual([]);
    }
  }, 180_000);
});
