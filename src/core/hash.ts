import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';
import { sealedJson } from './sealed.ts';

const stable = configure({ deterministic: true, bigint: false, circularValue: TypeError });

/**
 * Canonical JSON: object keys sorted, numbers and strings as JSON.stringify writes them. For the
 * integers, strings and booleans game states hold this is exactly RFC 8785. The text is exactly what
 * safe-stable-stringify (`deterministic: true`) writes, which stored hashes were computed with (a
 * property test holds the two together); this serializer is faster and writes each sealed subtree
 * (see `seal`) once, reusing its text in every later snapshot that shares it.
 */
export function canonicalJson(value: unknown): string {
  const text = valueJson(value, '', []);
  if (text === undefined) throw new TypeError('value cannot be expressed as JSON');
  return text;
}

/** Stable hash of a game snapshot: hex SHA-256 of its canonical JSON, truncated to 32 hex digits. */
export function stateHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 32);
}

// eslint-disable-next-line no-control-regex
const needsEscape = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** Quoted short strings: keys, ids and codes repeat in every snapshot, and a lookup beats the scan. */
const quoted = new Map<string, string>();
const QUOTED_MAX = 4096;

function quote(text: string): string {
  const known = quoted.get(text);
  if (known !== undefined) return known;
  const q = needsEscape.test(text) ? JSON.stringify(text) : `"${text}"`;
  if (text.length <= 32) {
    if (quoted.size >= QUOTED_MAX) quoted.clear();
    quoted.set(text, q);
  }
  return q;
}

function valueJson(value: unknown, key: string | number, stack: object[]): string | undefined {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      const memo = sealedJson.get(value);
      if (memo != null) return memo;
      const toJson = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJson === 'function') {
        const replaced = toJson.call(value, String(key)) as unknown;
        if (typeof replaced !== 'object') return valueJson(replaced, key, stack);
        if (replaced === null) return 'null';
        return objectJson(replaced, stack);
      }
      if (memo === null) {
        const text = objectJson(value, stack);
        text.charCodeAt(0); // V8 flattens the rope in place, so each later snapshot copies one flat string
        sealedJson.set(value, text);
        return text;
      }
      return objectJson(value, stack);
    }
    default:
      return undefined;
  }
}

function objectJson(value: object, stack: object[]): string {
  if (stack.includes(value)) throw new TypeError('Converting circular structure to JSON');
  if (Array.isArray(value)) {
    const n = value.length;
    if (n === 0) return '[]';
    stack.push(value);
    let out = '[';
    for (let i = 0; i < n; i++) {
      if (i > 0) out += ',';
      out += valueJson(value[i], i, stack) ?? 'null';
    }
    stack.pop();
    return `${out}]`;
  }
  if (ArrayBuffer.isView(value)) return stable(value) as string;
  const keys = Object.keys(value);
  const n = keys.length;
  if (n === 0) return '{}';
  sortKeys(keys);
  stack.push(value);
  let out = '{';
  let first = true;
  for (let i = 0; i < n; i++) {
    const k = keys[i] as string;
    const text = valueJson((value as Record<string, unknown>)[k], k, stack);
    if (text === undefined) continue;
    out += first ? `${quote(k)}:${text}` : `,${quote(k)}:${text}`;
    first = false;
  }
  stack.pop();
  return `${out}}`;
}

/** Sorts by UTF-16 code units, like the default sort; insertion sort is faster for the short lists states have. */
function sortKeys(keys: string[]): void {
  if (keys.length > 64) {
    keys.sort();
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const current = keys[i] as string;
    let j = i;
    while (j > 0 && (keys[j - 1] as string) > current) {
      keys[j] = keys[j - 1] as string;
      j--;
    }
    keys[j] = current;
  }
}
