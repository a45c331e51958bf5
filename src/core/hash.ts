import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** Canonical JSON (RFC 8785): the same value always gives the same text, whatever the key order. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('value cannot be expressed as JSON');
  return text;
}

/** Stable hash of a game snapshot: hex SHA-256 of its canonical JSON, truncated to 32 hex digits. */
export function stateHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 32);
}
