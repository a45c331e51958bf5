import { isNode, LineCounter, parseDocument, visit } from 'yaml';
import { stateHash } from '../core/hash.ts';
import { err, ok, type Result } from '../core/result.ts';
import { packError, packErrorsFromIssues, packManifestSchema, safeParseForPack, type LoadedPack, type PackError, type PackFile } from './schema.ts';

/** Bounds a pack must respect; uploads are untrusted input (alias bombs, huge files, deep nesting). */
export interface PackLimits {
  readonly maxFileBytes: number;
  readonly maxTotalBytes: number;
  readonly maxFiles: number;
  /** Deepest nesting of lists/objects inside one file. */
  readonly maxDepth: number;
  /** yaml's `maxAliasCount`: how far aliases may expand before it is called an attack. */
  readonly maxAliasCount: number;
}

export const DEFAULT_PACK_LIMITS: PackLimits = {
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 8 * 1024 * 1024,
  maxFiles: 256,
  maxDepth: 64,
  maxAliasCount: 100,
};

/** A file of an uploaded pack: its path relative to the pack root (`/`-separated) and its text. */
export interface PackSourceFile {
  readonly name: string;
  readonly text: string;
}

export interface LoadOptions {
  readonly limits?: Partial<PackLimits>;
}

const EXTENSIONS = /\.(ya?ml|json)$/i;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Checks a relative file name: no absolute path, no `..`, no backslash, only safe characters. */
export function checkPackFileName(name: string): PackError | null {
  const segments = name.split('/');
  if (name.startsWith('/') || name.includes('\\') || segments.some((s) => s === '..' || s === '.' || s === '')) {
    return packError(name, '', 'content.pack.outsideFolder', 'a path inside the pack folder');
  }
  if (!segments.every((s) => SEGMENT.test(s))) {
    return packError(name, '', 'content.pack.badName', 'names of letters, digits, _ . and - only');
  }
  if (!EXTENSIONS.test(name)) return packError(name, '', 'content.pack.badExtension', 'a .yaml, .yml or .json file');
  return null;
}

function checkDepthAndKeys(value: unknown, file: string, maxDepth: number): PackError | null {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop() as { v: unknown; depth: number; path: string };
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return packError(file, path, 'content.pack.tooDeep', `at most ${maxDepth} levels of nesting`, { params: { limit: maxDepth } });
    for (const [k, child] of Object.entries(v)) {
      if (k === '__proto__') return packError(file, `${path}/${k}`, 'content.pack.forbiddenKey', 'a key other than __proto__');
      stack.push({ v: child, depth: depth + 1, path: `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}` });
    }
  }
  return null;
}

/**
 * Whether `[`/`{` nest deeper than `limit` outside quotes and comments: checked before parsing, since the
 * YAML parser spends seconds on a few hundred kilobytes of nested brackets. Brackets inside plain text
 * count too, so a text with more than `limit` unclosed brackets is refused with the same reason.
 */
export function flowTooDeep(text: string, limit: number): boolean {
  let depth = 0;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === '"') {
      if (c === '\\') i++;
      else if (c === '"') quote = null;
      continue;
    }
    if (quote === "'") {
      if (c === "'") quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === '[' || c === '{') {
      if (++depth > limit) return true;
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return false;
}

function parseYaml(text: string, file: string, limits: PackLimits): Result<unknown, PackError> {
  if (flowTooDeep(text, limits.maxDepth)) return err(packError(file, '', 'content.pack.tooDeep', `at most ${limits.maxDepth} levels of nesting`, { params: { limit: limits.maxDepth } }));
  const lines = new LineCounter();
  const doc = parseDocument(text, { schema: 'core', uniqueKeys: true, strict: true, prettyErrors: true, lineCounter: lines, merge: false });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const line = problem.linePos?.[0].line;
    const code = problem.code === 'DUPLICATE_KEY' ? 'content.pack.duplicateKey' : problem.code === 'TAG_RESOLVE_FAILED' ? 'content.pack.customTag' : 'content.pack.syntax';
    const expected = code === 'content.pack.duplicateKey' ? 'each key once' : code === 'content.pack.customTag' ? 'no YAML tags' : 'valid YAML';
    return err(packError(file, '', code, expected, { got: problem.message.split('\n')[0] ?? '', ...(line === undefined ? {} : { line }) }));
  }
  let tagged: { tag: string; line?: number } | null = null;
  visit(doc, (_key, node) => {
    if (isNode(node) && node.tag !== undefined && tagged === null) {
      const at = node.range ? lines.linePos(node.range[0]).line : undefined;
      tagged = at === undefined ? { tag: node.tag } : { tag: node.tag, line: at };
      return visit.BREAK;
    }
    return undefined;
  });
  if (tagged !== null) {
    const t = tagged as { tag: string; line?: number };
    return err(packError(file, '', 'content.pack.customTag', 'no YAML tags', { got: t.tag, ...(t.line === undefined ? {} : { line: t.line }), params: { tag: t.tag } }));
  }
  try {
    return ok(doc.toJS({ maxAliasCount: limits.maxAliasCount }));
  } catch (e) {
    if (e instanceof ReferenceError && /alias/i.test(e.message)) {
      return err(packError(file, '', 'content.pack.aliasLimit', `at most ${limits.maxAliasCount} alias expansions`, { params: { limit: limits.maxAliasCount } }));
    }
    if (e instanceof RangeError) return err(packError(file, '', 'content.pack.tooDeep', `at most ${limits.maxDepth} levels of nesting`, { params: { limit: limits.maxDepth } }));
    return err(packError(file, '', 'content.pack.syntax', 'valid YAML', { got: e instanceof Error ? e.message : String(e) }));
  }
}

function parseJson(text: string, file: string, limits: PackLimits): Result<unknown, PackError> {
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    if (e instanceof RangeError) return err(packError(file, '', 'content.pack.tooDeep', `at most ${limits.maxDepth} levels of nesting`, { params: { limit: limits.maxDepth } }));
    return err(packError(file, '', 'content.pack.syntax', 'valid JSON', { got: e instanceof Error ? e.message : String(e) }));
  }
}

/** Parses one file's text with every safety rule applied (size, aliases, tags, depth). */
export function parsePackFile(name: string, text: string, limits: PackLimits = DEFAULT_PACK_LIMITS): Result<unknown, PackError> {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > limits.maxFileBytes) {
    return err(packError(name, '', 'content.pack.fileTooLarge', `at most ${limits.maxFileBytes} bytes`, { got: `${bytes} bytes`, params: { limit: limits.maxFileBytes } }));
  }
  const parsed = /\.json$/i.test(name) ? parseJson(text, name, limits) : parseYaml(text, name, limits);
  if (!parsed.ok) return parsed;
  const deep = checkDepthAndKeys(parsed.value, name, limits.maxDepth);
  return deep ? err(deep) : parsed;
}

/**
 * Builds a pack from files already in memory (guild uploads, and `loadPackDir` after reading): same rules
 * as a folder. Files are taken in name order; each lands under its merge key (see {@link LoadedPack}).
 * All problems are reported, not just the first.
 */
export function loadPackFromFiles(files: readonly PackSourceFile[], options: LoadOptions = {}): Result<LoadedPack, PackError[]> {
  const limits: PackLimits = { ...DEFAULT_PACK_LIMITS, ...options.limits };
  const errors: PackError[] = [];
  if (files.length > limits.maxFiles) {
    return err([packError('', '', 'content.pack.tooManyFiles', `at most ${limits.maxFiles} files`, { got: `${files.length} files`, params: { limit: limits.maxFiles } })]);
  }
  const total = files.reduce((n, f) => n + Buffer.byteLength(f.text, 'utf8'), 0);
  if (total > limits.maxTotalBytes) {
    return err([packError('', '', 'content.pack.packTooLarge', `at most ${limits.maxTotalBytes} bytes in all`, { got: `${total} bytes`, params: { limit: limits.maxTotalBytes } })]);
  }
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const data: Record<string, unknown> = {};
  const meta: PackFile[] = [];
  for (const f of sorted) {
    const bad = checkPackFileName(f.name);
    if (bad) {
      errors.push(bad);
      continue;
    }
    const key = f.name.replace(EXTENSIONS, '');
    const clash = meta.find((m) => m.key === key);
    if (clash) {
      errors.push(packError(f.name, '', 'content.pack.duplicateFile', `one file for ${key}`, { got: `${clash.file} and ${f.name}` }));
      continue;
    }
    const parsed = parsePackFile(f.name, f.text, limits);
    if (!parsed.ok) {
      errors.push(parsed.error);
      continue;
    }
    data[key] = parsed.value;
    meta.push({ key, file: f.name, bytes: Buffer.byteLength(f.text, 'utf8') });
  }
  if (errors.length > 0) return err(errors);
  if (!('pack' in data)) return err([packError('pack.yaml', '', 'content.pack.missingManifest', 'a pack.yaml with id, gameType, version, name, languages, authors and licence')]);
  const manifest = safeParseForPack(packManifestSchema, data['pack']);
  if (!manifest.success) return err(packErrorsFromIssues(manifest.error.issues.map((i) => ({ ...i, path: ['pack', ...i.path] })), { data, files: meta }));
  return ok({ manifest: manifest.data, data, files: meta, hash: stateHash(data) });
}

/**
 * Per file key, the hash of each top-level entry (a list's index or an object's key): what tells two
 * versions of a pack apart entry by entry, for the summary a host reads before upgrading a game.
 */
export function packDigest(data: Readonly<Record<string, unknown>>): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [key, value] of Object.entries(data)) {
    const entries: Record<string, string> = {};
    if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) entries[k] = stateHash(v ?? null);
    else entries[''] = stateHash(value ?? null);
    out[key] = entries;
  }
  return out;
}
