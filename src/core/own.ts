/**
 * Reads `record[key]` only when `key` is the record's own property. Every lookup keyed by a user's
 * string goes through here: on a plain object, `valueOf`, `constructor`, `toString` or `__proto__`
 * would otherwise find `Object.prototype`'s members.
 */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Names that find something on every plain object: fuzz arbitraries always include them. */
export const PROTOTYPE_NAMES: readonly string[] = ['valueOf', 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'isPrototypeOf', 'toLocaleString', 'prototype'];
