import type { z } from 'zod';
import en from '../i18n/locales/en/content.json' with { type: 'json' };

/** Parameters of a pack-check text: ids, numbers and lists of ids, never words of a language. */
export type TextParams = Readonly<Record<string, string | number | boolean>>;

/**
 * What a pack check expected (or found wrong), as a stable code and its parameters: `content.expected.<key>`
 * for the phrases of the format itself, `content.check.<game>.<key>` for a game's cross-reference checks.
 * Text lives in locale namespace `content`; the edge shows it in the reader's language, the CLI in English.
 */
export interface Expected {
  readonly code: string;
  readonly params: TextParams;
}

type Strip<K extends string> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? Strip<K> : `${K}.${Leaves<T[K]>}` }[keyof T & string];

/** A game with checks of its own in `content.check.<game>`. */
export type CheckGame = keyof typeof en.check;
/** A check of a game: the key under `content.check.<game>` (the compiler refuses one without English text). */
export type CheckKey<G extends CheckGame> = Leaves<(typeof en.check)[G]>;
/** A phrase of the format: the key under `content.expected`. */
export type ExpectedKey = Leaves<typeof en.expected>;

export type CheckPath = (string | number)[];
/** Reports a failed check (`ok` false) at `path` with its code and parameters. */
export type Need<G extends CheckGame> = (ok: boolean, path: CheckPath, key: CheckKey<G>, params?: TextParams) => void;

const bundle = en as unknown as Record<string, unknown>;

function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((at, k) => (at !== null && typeof at === 'object' && Object.hasOwn(at, k) ? (at as Record<string, unknown>)[k] : undefined), bundle);
}

function template(code: string, params: TextParams): string | undefined {
  if (!code.startsWith('content.')) return undefined;
  const key = code.slice('content.'.length);
  if (typeof params['count'] === 'number') {
    const plural = lookup(`${key}_${params['count'] === 1 ? 'one' : 'other'}`);
    if (typeof plural === 'string') return plural;
  }
  const text = lookup(key);
  return typeof text === 'string' ? text : undefined;
}

/**
 * The English text of a `content.*` code, read from the English locale file (one place for strings) so pure
 * code and the CLI can say it without the i18n runtime; `{{name}}` and `_one`/`_other` by `count` as i18next.
 */
export function englishText(code: string, params: TextParams = {}): string {
  const text = template(code, params);
  if (text === undefined) return code;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * A schema's own "expected" phrase (`z.string().regex(re, expecting('packId'))`): the issue's message is its
 * English text, which {@link expectedPhraseCode} maps back to the code.
 */
export function expecting(key: ExpectedKey): { error: string } {
  return { error: englishText(`content.expected.${key}`) };
}

const phraseCodes = new Map<string, string>();
(function collect(node: unknown, code: string): void {
  if (typeof node === 'string') {
    if (!node.includes('{{') && !phraseCodes.has(node)) phraseCodes.set(node, code);
  } else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) collect(v, `${code}.${k}`);
  }
})(en.expected, 'content.expected');

/** The `content.expected.*` code whose English text (without parameters) is `message`, if any. */
export function expectedPhraseCode(message: string): string | undefined {
  return phraseCodes.get(message);
}

/**
 * The `need(ok, path, key, params)` of a game's cross-reference checks: a failed check becomes a custom zod
 * issue whose message is the English text and whose `params.expected` carries the code and parameters.
 */
export function checker<G extends CheckGame>(ctx: z.RefinementCtx, game: G): Need<G> {
  return (ok, path, key, params = {}) => {
    if (ok) return;
    const code = `content.check.${game}.${key}`;
    ctx.addIssue({ code: 'custom', path, message: englishText(code, params), params: { expected: { code, params } } });
  };
}

/** The code a custom issue from {@link checker} carries, if it is one. */
export function expectedOfCustom(params: unknown): Expected | undefined {
  const e = (params as { expected?: unknown } | undefined)?.expected as { code?: unknown; params?: unknown } | undefined;
  if (typeof e?.code !== 'string' || e.params === null || typeof e.params !== 'object') return undefined;
  return { code: e.code, params: e.params as TextParams };
}
