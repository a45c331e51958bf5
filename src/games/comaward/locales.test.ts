import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasText, t } from '../../i18n/index.ts';
import { comaWardCommandSchemas } from './commands.ts';

const here = import.meta.dirname;

/** Every code the rules can emit: literal `comaward.…` codes in the sources plus the label of every command. */
function emittedCodes(): string[] {
  const codes = new Set<string>();
  for (const file of readdirSync(here, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.includes('.test'))) {
    const text = readFileSync(join(here, file), 'utf8');
    // `expecting('comaward.…')` names a pack-format phrase (content.expected.comaward.…), not a rules code.
    for (const m of text.matchAll(/(?<!expecting\()'(comaward\.[a-zA-Z.]+[a-zA-Z])'/g)) codes.add(m[1] as string);
  }
  for (const type of Object.keys(comaWardCommandSchemas)) codes.add(type === 'defend' ? 'comaward.label.defend.dodge' : `comaward.label.${type}`);
  codes.add('comaward.label.defend.counter');
  return [...codes].sort();
}

describe('comaward locale texts', () => {
  it('GIVEN every code the rules emit WHEN looked up in en and es THEN each has a text in both languages', () => {
    const codes = emittedCodes();
    expect(codes.length).toBeGreaterThan(150);
    expect(codes.filter((c) => !hasText(c))).toEqual([]);
    const files = ['en', 'es'].map((lang) => JSON.stringify(JSON.parse(readFileSync(join(here, '../../i18n/locales', lang, 'comaward.json'), 'utf8'))));
    for (const c of codes) for (const f of files) expect(f, c).toContain(`"${c.split('.').at(-1) as string}"`);
  });

  it('GIVEN a check and a combat roll WHEN rendered in Spanish THEN the statistic and the kinds are translated by nesting', () => {
    expect(t('es', 'comaward.check.start', { seatName: 'Ana', stat: 'focus', dice: 4, need: 3 })).toBe('Ana hace una prueba de Concentración: 4 dados, hacen falta 3 éxitos.');
    expect(t('en', 'comaward.combat.defends', { seatName: 'Bea', how: 'counter' })).toBe('Bea answers with a Counter-Attack.');
    expect(t('es', 'comaward.say', { en: 'Hi', es: 'Hola' })).toBe('Hola');
  });
});
