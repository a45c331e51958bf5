import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasText, readLocaleResources } from '../../src/i18n/index.ts';

const namespaces = new Set(Object.keys(readLocaleResources().en ?? {}));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' || name === 'web' ? [] : sources(full);
    return /\.ts$/.test(name) && !/\.test\.ts$|test-helper\.ts$/.test(name) ? [full] : [];
  });
}

/** Codes written literally where a rejection or an event is built: `reject('…')`, `code: '…'`. */
function literalCodes(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [
    ...text.matchAll(/reject\(\s*'([a-z]+\.[A-Za-z0-9_.]+)'/g),
    ...text.matchAll(/\bcode:\s*'([a-z]+\.[A-Za-z0-9_.]+)'/g),
    ...text.matchAll(/\bt\((?:ctx\.)?(?:lang,\s*)?'([a-z]+\.[A-Za-z0-9_.]+)'/g),
    ...text.matchAll(/ctx\.t\('([a-z]+\.[A-Za-z0-9_.]+)'/g),
  ];
  return found.map((m) => m[1] ?? '').filter((code) => namespaces.has(code.split('.')[0] ?? ''));
}

describe('every code has words', () => {
  it('GIVEN every literal rejection, event and text code in src/ and commands/ WHEN looked up THEN English and Spanish text exists', () => {
    const missing: string[] = [];
    for (const file of [...sources('src'), ...sources('commands')]) {
      for (const code of literalCodes(file)) if (!hasText(code)) missing.push(`${file}: ${code}`);
    }
    expect(missing).toEqual([]);
  });
});
