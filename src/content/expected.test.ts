import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { readLocaleResources } from '../i18n/index.ts';
import { fromRoot } from '../ops/paths.ts';
import { adventurePackSchema } from '../games/adventure/content.ts';
import { comanautsPackSchema } from '../games/comanauts/content.ts';
import { comaWardPackSchema } from '../games/comaward/pack-schema.ts';
import { lifeformPackSchema } from '../games/lifeform/content.ts';
import { englishText, expectedPhraseCode } from './expected.ts';
import { expectedOf, packManifestSchema } from './schema.ts';

const resources = readLocaleResources();
const content = { en: resources.en?.['content'], es: resources.es?.['content'] } as Record<'en' | 'es', Record<string, unknown>>;

/** The text of a `content.*` code in one language (a plural code by its `_other` form). */
function textOf(lang: 'en' | 'es', code: string): string | undefined {
  const key = code.slice('content.'.length);
  const get = (k: string) => k.split('.').reduce<unknown>((o, s) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[s] : undefined), content[lang]);
  const text = get(key) ?? get(`${key}_other`);
  return typeof text === 'string' ? text : undefined;
}

const placeholders = (text: string): string[] => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? ''))].sort();

function leaves(node: unknown, code: string): string[] {
  if (typeof node === 'string') return [code.replace(/_(one|other)$/, '')];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leaves(v, `${code}.${k}`));
}

/** The games' check files, by game (the folder names the `content.check.<game>` group). */
const CHECK_FILES = [
  'src/games/adventure/content.ts',
  'src/games/comanauts/content.ts',
  'src/games/comanauts/content-book.ts',
  'src/games/comanauts/content-adventure.ts',
  'src/games/comanauts/content-campaign.ts',
  'src/games/comaward/content-refs.ts',
  'src/games/comaward/pack-schema.ts',
  'src/games/lifeform/content.ts',
  'src/games/lifeform/content-mods.ts',
  'src/games/lifeform/content-solo.ts',
];

interface CallSite {
  readonly where: string;
  readonly code: string;
  /** Parameter names given, or null when the parameters are not an object literal. */
  readonly params: string[] | null;
}

const literalKeys = (node: ts.Expression): string[] | null => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isConditionalExpression(node)) {
    const a = literalKeys(node.whenTrue);
    const b = literalKeys(node.whenFalse);
    return a && b ? [...a, ...b] : null;
  }
  return null;
};

const paramNames = (node: ts.Expression | undefined): string[] | null => {
  if (node === undefined) return [];
  if (!ts.isObjectLiteralExpression(node)) return null;
  return node.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '?')).sort();
};

/**
 * Every check a game can fail, read from its source: `need(ok, path, 'key', {params})`, `issue(path, 'key',
 * {params})`, and Coma Ward's `unique(list, path, 'key')` (parameter `id`). A key that is no literal is reported.
 */
function callSites(file: string): { sites: CallSite[]; dynamic: string[] } {
  const game = file.split('/')[2] as string;
  const source = ts.createSourceFile(file, readFileSync(fromRoot(file), 'utf8'), ts.ScriptTarget.Latest, true);
  const sites: CallSite[] = [];
  const dynamic: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const keyAt = name === 'need' ? 2 : name === 'issue' ? 1 : name === 'unique' && game === 'comaward' ? 2 : -1;
      const keyArg = node.arguments[keyAt];
      if (keyAt >= 0 && keyArg !== undefined) {
        const keys = literalKeys(keyArg);
        if (keys === null) dynamic.push(`${where} ${keyArg.getText()}`);
        else for (const key of keys) sites.push({ where, code: `content.check.${game}.${key}`, params: name === 'unique' ? ['id'] : paramNames(node.arguments[keyAt + 1]) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { sites, dynamic };
}

describe('pack check texts (content.expected, content.check)', () => {
  const codes = [...leaves(content.en['expected'], 'content.expected'), ...leaves(content.en['check'], 'content.check')];

  it('GIVEN every phrase and check code WHEN read in English and Spanish THEN both exist, with the same placeholders, and the Spanish is not the English', () => {
    expect(codes.length).toBeGreaterThan(200);
    for (const code of codes) {
      const en = textOf('en', code);
      const es = textOf('es', code);
      expect(en, code).toBeTypeOf('string');
      expect(es, code).toBeTypeOf('string');
      expect(placeholders(es ?? ''), code).toEqual(placeholders(en ?? ''));
      expect(es, code).not.toBe(en);
    }
  });

  it('GIVEN every check call in the games\' pack checks WHEN read from the source THEN each code has English and Spanish text naming exactly the parameters the call gives, and every check text is used', () => {
    const all = CHECK_FILES.map(callSites);
    expect(all.flatMap((x) => x.dynamic).filter((d) => !/^src\/games\/comaward\/content-refs\.ts:\d+ key$/.test(d))).toEqual([]);
    const sites = all.flatMap((x) => x.sites);
    expect(sites.length).toBeGreaterThan(150);
    for (const s of sites) {
      const en = textOf('en', s.code);
      expect(en, `${s.where}: ${s.code}`).toBeTypeOf('string');
      expect(textOf('es', s.code), `${s.where}: ${s.code}`).toBeTypeOf('string');
      expect(s.params, `${s.where}: ${s.code} parameters`).toEqual(placeholders(en ?? ''));
    }
    const used = new Set(sites.map((s) => s.code));
    expect(codes.filter((c) => c.startsWith('content.check.') && !used.has(c))).toEqual([]);
  });

  it('GIVEN every kind of zod issue a pack can raise WHEN turned into a phrase THEN its code has text in both languages and its parameters fill every placeholder', () => {
    const samples: z.core.$ZodRawIssue[] = [
      { code: 'invalid_type', expected: 'string', input: 3, path: [] },
      { code: 'invalid_type', expected: 'date', input: 3, path: [] },
      { code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: '', path: [] },
      { code: 'too_small', origin: 'array', minimum: 3, inclusive: true, input: [], path: [] },
      { code: 'too_small', origin: 'number', minimum: 0, inclusive: false, input: 0, path: [] },
      { code: 'too_big', origin: 'string', maximum: 1, inclusive: true, input: 'ab', path: [] },
      { code: 'too_big', origin: 'array', maximum: 5, inclusive: true, input: [], path: [] },
      { code: 'too_big', origin: 'number', maximum: 9, inclusive: true, input: 10, path: [] },
      { code: 'invalid_value', values: ['a', 'b'], input: 'c', path: [] },
      { code: 'invalid_format', format: 'regex', pattern: '^x$', input: 'y', path: [] },
      { code: 'unrecognized_keys', keys: ['x'], input: {}, path: [] },
      { code: 'not_multiple_of', divisor: 5, input: 3, path: [] },
    ] as never;
    for (const iss of samples) {
      const e = expectedOf(iss);
      for (const lang of ['en', 'es'] as const) expect(textOf(lang, e.code), e.code).toBeTypeOf('string');
      expect(englishText(e.code, e.params), e.code).not.toMatch(/\{\{|content\./);
    }
    expect(englishText('content.expected.itemsAtLeast', { count: 1 })).toBe('at least 1 item');
    expect(englishText('content.expected.itemsAtLeast', { count: 3 })).toBe('at least 3 items');
  });

  it('GIVEN every game\'s pack schema WHEN its own error phrases are read THEN each is the English text of a content.expected code (none is written in words of its own)', () => {
    const own: string[] = [];
    const seen = new Set<unknown>();
    const walk = (s: unknown): void => {
      if (s === null || typeof s !== 'object' || seen.has(s)) return;
      seen.add(s);
      const def = (s as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
      if (!def) return;
      const error = def['error'] as ((iss: unknown) => unknown) | undefined;
      if (typeof error === 'function') {
        const said = error({ code: 'custom', input: undefined, path: [] });
        if (typeof said === 'string') own.push(said);
      }
      for (const check of (def['checks'] as unknown[] | undefined) ?? []) walk(check);
      if (def['type'] === 'lazy') walk((def['getter'] as () => unknown)());
      if (def['type'] === 'object') for (const v of Object.values(def['shape'] as Record<string, unknown>)) walk(v);
      for (const key of ['innerType', 'element', 'valueType', 'keyType', 'in', 'out', 'left', 'right', 'schema', 'catchall', 'rest']) walk(def[key]);
      for (const list of ['options', 'items']) if (Array.isArray(def[list])) for (const o of def[list] as unknown[]) walk(o);
    };
    for (const schema of [packManifestSchema, adventurePackSchema, comanautsPackSchema, comaWardPackSchema, lifeformPackSchema]) walk(schema);
    expect(own.length).toBeGreaterThan(10);
    expect(own.filter((m) => expectedPhraseCode(m) === undefined)).toEqual([]);
  });

  it('GIVEN src/games WHEN searched for pack checks THEN every file that reports one is among the files read above', () => {
    const reporting = (dir: string): string[] =>
      readdirSync(fromRoot(dir), { withFileTypes: true }).flatMap((d) => {
        const rel = `${dir}/${d.name}`;
        if (d.isDirectory()) return reporting(rel);
        return /\.ts$/.test(d.name) && !/\.test\.ts$|test-helper\.ts$/.test(d.name) && /checker\(ctx|: Need<'/.test(readFileSync(fromRoot(rel), 'utf8')) ? [rel] : [];
      });
    expect(reporting('src/games').sort()).toEqual([...CHECK_FILES].sort());
  });
});
