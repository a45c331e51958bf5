import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { promptKinds } from './state.ts';

const here = import.meta.dirname;
const load = (lang: string): Record<string, unknown> => JSON.parse(readFileSync(join(here, '../../i18n/locales', lang, 'comanauts.json'), 'utf8')) as Record<string, unknown>;

function has(tree: Record<string, unknown>, key: string): boolean {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

/** Every code the rules can emit: literal codes in the sources plus the expansions of the templated ones. */
function emittedKeys(): string[] {
  const keys = new Set<string>();
  for (const file of readdirSync(here, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.includes('.test'))) {
    const text = readFileSync(join(here, file), 'utf8');
    for (const m of text.matchAll(/(?:pub\(env, |fail\(|code: |return |\? |: )'([a-z]+\.[a-zA-Z.]+)'/g)) keys.add(m[1] as string);
    for (const m of text.matchAll(/'comanauts\.([a-z]+\.[a-zA-Z.]+)'/g)) keys.add(m[1] as string);
  }
  for (const r of ['flatline', 'lastAvatar', 'allInMorass']) keys.add(`lost.${r}`);
  for (const v of ['stable', 'critical', 'flatline']) keys.add(`vital.${v}`);
  for (const k of ['melee', 'ranged', 'search', 'skill', 'status']) keys.add(`roll.${k}`);
  for (const k of ['morassReturn', 'avatarSpot', 'returnHostile', 'enemyGoal', 'enemyEnd', 'enemySpot', 'enemyTarget', 'defend', 'reroll', 'gainItem']) keys.add(`option.${k}`);
  // Issue 18: every question a prompt may put (the turn message's line and the own-prompt refusal).
  for (const k of promptKinds) keys.add(`question.${k}`);
  keys.add('won');
  return [...keys].filter((k) => !/^(comanauts|node|core|campaign)\./.test(k)).sort();
}

describe('comanauts locale texts', () => {
  it('GIVEN every code the rules emit WHEN looked up in en and es THEN each has a text in both languages', () => {
    const keys = emittedKeys();
    expect(keys.length).toBeGreaterThan(80);
    for (const lang of ['en', 'es']) {
      const tree = load(lang);
      expect(keys.filter((k) => !has(tree, k)), lang).toEqual([]);
    }
  });
});
