import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function codesUsed(): string[] {
  const codes = new Set<string>();
  for (const name of readdirSync(join(ROOT, 'src/content'))) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    for (const m of readFileSync(join(ROOT, 'src/content', name), 'utf8').matchAll(/'(content\.[A-Za-z]+\.[A-Za-z]+)'/g)) codes.add(m[1] as string);
  }
  return [...codes].sort();
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string).sort();

describe('content locale strings', () => {
  const en = JSON.parse(readFileSync(join(ROOT, 'src/i18n/locales/en/content.json'), 'utf8')) as unknown;
  const es = JSON.parse(readFileSync(join(ROOT, 'src/i18n/locales/es/content.json'), 'utf8')) as unknown;

  it('GIVEN every content.* code the loader and interpreter return WHEN looked up THEN English and Spanish text exist with the same placeholders', () => {
    const codes = codesUsed();
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes) {
      const key = code.slice('content.'.length);
      const textEn = lookup(en, key);
      const textEs = lookup(es, key);
      expect(typeof textEn, `en ${key}`).toBe('string');
      expect(typeof textEs, `es ${key}`).toBe('string');
      expect(placeholders(textEs as string), key).toEqual(placeholders(textEn as string));
    }
  });
});
