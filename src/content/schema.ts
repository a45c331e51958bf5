import { z } from 'zod';
import { ok, err, type Result } from '../core/result.ts';
import { englishText, expectedOfCustom, expectedPhraseCode, expecting, type Expected, type TextParams } from './expected.ts';

/**
 * Why a pack was refused, pointing at the exact place an author must fix. `code` is a stable id
 * (`content.pack.<reason>`, text in locale namespace `content`); `expected` and `message` are English for
 * the CLI and logs, and `expectedCode`/`expectedParams` say `expected` as a code the edge translates.
 */
export interface PackError {
  /** File relative to the pack folder, with its extension (`entries/chapter1.yaml`); '' for the whole pack. */
  readonly file: string;
  /** JSON pointer inside that file (`/1015/effects/0/card`); '' for the file as a whole. */
  readonly path: string;
  readonly code: string;
  readonly expected: string;
  /** `expected` as a code (`content.expected.*`, `content.check.<game>.*`) for the reader's language. */
  readonly expectedCode?: string;
  readonly expectedParams?: TextParams;
  readonly message: string;
  /** 1-based line in the file, when the parser knows it. */
  readonly line?: number;
  readonly params: Readonly<Record<string, string | number | boolean>>;
}

/** The `pack.yaml` every pack starts with (ARCHITECTURE.md "Content packs"). */
export const packManifestSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, expecting('packId')),
  gameType: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, expecting('gameType')),
  version: z.string().regex(/^\d+\.\d+\.\d+$/, expecting('version')),
  name: z.strictObject({ en: z.string().min(1).max(100), es: z.string().min(1).max(100) }),
  description: z.strictObject({ en: z.string().max(1000), es: z.string().max(1000) }).optional(),
  languages: z.array(z.enum(['en', 'es'])).min(1),
  authors: z.array(z.string().min(1).max(100)).min(1),
  licence: z.string().min(1).max(200),
});

export type PackManifest = z.output<typeof packManifestSchema>;

/** One parsed file of a pack. */
export interface PackFile {
  /** Merge key: relative path without extension, `/`-separated (`entries/chapter1`). */
  readonly key: string;
  /** Relative path with extension, as the author sees it. */
  readonly file: string;
  readonly bytes: number;
}

/**
 * A pack read from disk or an upload, not yet checked by the game's schema. `data` merges every file under
 * its key: `pack.yaml` → `data.pack`, `rooms.yaml` → `data.rooms`, `entries/chapter1.yml` →
 * `data['entries/chapter1']` (flat keys, never nested).
 */
export interface LoadedPack {
  readonly manifest: PackManifest;
  readonly data: Readonly<Record<string, unknown>>;
  readonly files: readonly PackFile[];
  /** `stateHash` of `data`: stable across key order, file order and YAML vs JSON spelling. */
  readonly hash: string;
}

/** A pack that passed its game's schema. */
export interface ValidPack<T> extends LoadedPack {
  readonly content: T;
}

/**
 * The usual shape of a game's pack schema: `pack` (the manifest) plus one schema per file key, all strict,
 * so an unexpected file or key is refused. Optional files: give `schema.optional()`.
 */
export function definePackSchema<F extends z.ZodRawShape>(files: F) {
  return z.strictObject({ pack: packManifestSchema, ...files });
}

/**
 * Paths of object schemas that accept unknown keys (not `.strict()`), for a game's test to assert `[]`:
 * packs must refuse keys nobody reads, or a typo silently loses content.
 */
export function looseObjectPaths(schema: z.ZodType): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const walk = (s: unknown, at: string): void => {
    if (s === null || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    const def = (s as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    if (def['type'] === 'object') {
      const catchall = def['catchall'] as { _zod?: { def?: { type?: string } } } | undefined;
      if (catchall?._zod?.def?.type !== 'never') found.push(at || '/');
      for (const [k, v] of Object.entries(def['shape'] as Record<string, unknown>)) walk(v, `${at}/${k}`);
      return;
    }
    if (def['type'] === 'lazy') {
      const getter = def['getter'] as (() => unknown) | undefined;
      walk(getter?.(), at);
      return;
    }
    for (const key of ['innerType', 'element', 'valueType', 'in', 'out', 'left', 'right', 'schema']) {
      if (key in def) walk(def[key], key === 'element' || key === 'valueType' ? `${at}/*` : at);
    }
    if (Array.isArray(def['options'])) for (const o of def['options']) walk(o, at);
    if (Array.isArray(def['items'])) (def['items'] as unknown[]).forEach((o, i) => walk(o, `${at}/${i}`));
  };
  walk(schema, '');
  return found;
}

const typeKeys = new Set(['array', 'object', 'number', 'int', 'string', 'boolean']);

const phrase = (key: string, params: TextParams = {}): Expected => ({ code: `content.expected.${key}`, params });

/** What a zod issue expected, as a code and parameters (text: locale `content.expected`). */
export function expectedOf(iss: z.core.$ZodRawIssue | z.core.$ZodIssue): Expected {
  switch (iss.code) {
    case 'invalid_type':
      return typeKeys.has(iss.expected) ? phrase(`type.${iss.expected}`) : phrase('type.other', { type: iss.expected });
    case 'too_small': {
      const min = Number(iss.minimum);
      if (iss.origin === 'string') return phrase('textAtLeast', { count: min });
      if (iss.origin === 'array' || iss.origin === 'set') return phrase('itemsAtLeast', { count: min });
      return phrase(iss.inclusive === false ? 'numberAbove' : 'numberAtLeast', { min: String(iss.minimum) });
    }
    case 'too_big': {
      const max = Number(iss.maximum);
      if (iss.origin === 'string') return phrase('textAtMost', { count: max });
      if (iss.origin === 'array' || iss.origin === 'set') return phrase('itemsAtMost', { count: max });
      return phrase(iss.inclusive === false ? 'numberBelow' : 'numberAtMost', { max: String(iss.maximum) });
    }
    case 'invalid_value':
      return phrase('oneOf', { values: iss.values.map((v) => JSON.stringify(v)).join(', ') });
    case 'invalid_format':
      return iss.format === 'regex' && 'pattern' in iss ? phrase('matching', { pattern: String(iss.pattern) }) : phrase('format', { format: iss.format });
    case 'unrecognized_keys':
      return phrase('knownKeys');
    case 'invalid_union': {
      const options = (iss as { options?: unknown[] }).options;
      return Array.isArray(options) ? phrase('oneOf', { values: options.map((v) => JSON.stringify(v)).join(', ') }) : phrase('oneOfForms');
    }
    case 'not_multiple_of':
      return phrase('multipleOf', { divisor: String(iss.divisor) });
    default:
      return phrase('valid');
  }
}

/**
 * The code of what an issue expected: a check's own (custom issue from `checker`), zod's kind of issue when
 * its message is that phrase's English, or a schema's own phrase (`expecting`). Undefined for a message a
 * schema wrote in words of its own (shown as it is; a test keeps the games free of them).
 */
function expectedOfIssue(issue: z.core.$ZodIssue): Expected | undefined {
  if (issue.code === 'custom') {
    const own = expectedOfCustom(issue.params);
    if (own) return own;
  }
  const generic = expectedOf(issue);
  if (englishText(generic.code, generic.params) === issue.message) return generic;
  const phrase = expectedPhraseCode(issue.message);
  return phrase === undefined ? undefined : { code: phrase, params: {} };
}

/** Escapes one JSON-pointer segment (RFC 6901). */
export function pointerSegment(segment: PropertyKey): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

const toPointer = (path: readonly PropertyKey[]): string => path.map((s) => `/${pointerSegment(s)}`).join('');

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return value.length > 40 ? 'a text' : JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function lookup(root: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const seg of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, seg)) return { found: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[seg];
  }
  return { found: true, value: current };
}

/**
 * Builds a PackError; `message` is `file: path: expected …` (the CLI's format). `expected` is English words, or
 * a code and parameters (then `expected` holds its English text and `expectedCode`/`expectedParams` the code).
 */
export function packError(
  file: string,
  path: string,
  code: string,
  expected: string | Expected,
  extra: { got?: string; line?: number; params?: Record<string, string | number | boolean>; problem?: boolean } = {},
): PackError {
  const coded = typeof expected === 'string' ? undefined : expected;
  const text = coded ? englishText(coded.code, coded.params) : (expected as string);
  const where = `${file || '(pack)'}: ${path || '(root)'}`;
  // A cross-reference check states the problem itself ("unknown item x"); a schema check says what it expected.
  const message = extra.problem ? `${where}: ${text}` : `${where}: expected ${text}${extra.got === undefined ? '' : `, got ${extra.got}`}`;
  const params = { file, path, expected: text, ...(extra.got === undefined ? {} : { got: extra.got }), ...extra.params };
  return {
    file,
    path,
    code,
    expected: text,
    ...(coded ? { expectedCode: coded.code, expectedParams: coded.params } : {}),
    message,
    ...(extra.line === undefined ? {} : { line: extra.line }),
    params,
  };
}

/**
 * Maps zod issues on the merged object back to files and JSON pointers inside them. The first path
 * segment is the file key; a key missing at the top is a missing file.
 */
export function packErrorsFromIssues(issues: readonly z.core.$ZodIssue[], loaded: Pick<LoadedPack, 'data' | 'files'>): PackError[] {
  const fileOf = (key: string): string => loaded.files.find((f) => f.key === key)?.file ?? `${key}.yaml`;
  const out: PackError[] = [];
  for (const issue of issues) {
    const [head, ...rest] = issue.path;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        if (head === undefined) out.push(packError(fileOf(key), '', 'content.pack.unknownFile', phrase('knownFiles')));
        else out.push(packError(fileOf(String(head)), toPointer([...rest, key]), 'content.pack.unknownKey', expectedOfIssue(issue) ?? issue.message, { params: { key } }));
      }
      continue;
    }
    const expected = expectedOfIssue(issue) ?? issue.message;
    if (head === undefined) {
      out.push(packError('', '', 'content.pack.invalid', expected));
      continue;
    }
    const parentPath = issue.path.slice(0, -1);
    const here = lookup(loaded.data, issue.path);
    const parent = lookup(loaded.data, parentPath);
    const missing = !here.found && parent.found;
    const file = fileOf(String(head));
    const pointer = toPointer(rest);
    if (missing && rest.length === 0) out.push(packError(file, '', 'content.pack.missingFile', expected, { got: 'nothing' }));
    else if (missing) out.push(packError(file, pointer, 'content.pack.missingKey', expected, { got: 'nothing' }));
    else {
      const code = issue.code === 'invalid_type' ? 'content.pack.wrongType' : 'content.pack.invalidValue';
      out.push(packError(file, pointer, code, expected, issue.code === 'custom' ? { problem: true } : { got: describe(here.value) }));
    }
  }
  return out;
}

/** Parses `value` with English "expected" messages unless the schema gives its own (a code, see `expecting`). */
export function safeParseForPack<T extends z.ZodType>(schema: T, value: unknown) {
  return schema.safeParse(value, {
    error: (iss) => {
      const e = expectedOf(iss);
      return englishText(e.code, e.params);
    },
  });
}

/**
 * Checks a loaded pack with the game's schema (`GameModule.packSchema`, usually from
 * {@link definePackSchema}); every error names the file and the JSON pointer inside it.
 */
export function validatePack<T>(loaded: LoadedPack, schema: z.ZodType<T>): Result<ValidPack<T>, PackError[]> {
  const parsed = safeParseForPack(schema, loaded.data);
  if (!parsed.success) return err(packErrorsFromIssues(parsed.error.issues, loaded));
  return ok({ ...loaded, content: parsed.data as T });
}

/** The JSON Schema of a pack format for editors (merged object: one property per file key). */
export function packJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Record<string, unknown>;
}

/**
 * JSON Schemas per file (`pack`, `rooms`, …) when the pack schema is an object of file keys: what an
 * editor needs for one YAML file; `'*'` is the schema of any other file the format accepts (adventure
 * entries). Falls back to `{ '*': whole }` for other shapes.
 */
export function packFileJsonSchemas(schema: z.ZodType): Record<string, Record<string, unknown>> {
  const whole = packJsonSchema(schema);
  const props = whole['properties'] as Record<string, Record<string, unknown>> | undefined;
  if (!props) return { '*': whole };
  const defs = whole['$defs'];
  const out: Record<string, Record<string, unknown>> = {};
  for (const [key, sub] of Object.entries(props)) {
    out[key] = { $schema: whole['$schema'], ...sub, ...(defs === undefined ? {} : { $defs: defs }) };
  }
  const others = whole['additionalProperties'];
  if (others !== null && typeof others === 'object') out['*'] = { $schema: whole['$schema'], ...(others as Record<string, unknown>), ...(defs === undefined ? {} : { $defs: defs }) };
  return out;
}
