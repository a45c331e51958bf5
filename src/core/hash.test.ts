import fc from 'fast-check';
import { configure } from 'safe-stable-stringify';
import { describe, expect, it } from 'vitest';
import { canonicalJson, stateHash } from './hash.ts';
import { seal, sealedCopy } from './sealed.ts';

/** The serializer every stored hash was computed with; ours must write exactly the same text. */
const reference = configure({ deterministic: true, bigint: false, circularValue: TypeError });

const awkwardChar = fc.oneof(
  fc.constantFrom('"', '\\', '\u0000', '\u0008', '\u001f', '\u007f', '\u2028', '\u2029', '\ufeff', '/', 'é'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: awkwardChar, maxLength: 12 }));
const key = fc.oneof(text, fc.constantFrom('1', '2', '10', '-1', '01', 'a', 'A', 'toJSON', '__proto__', 'constructor', ''));
const leaf = fc.oneof(
  fc.constantFrom(null, true, false, 0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE, Number.MIN_VALUE, 1e21, 1e-7),
  fc.integer(),
  fc.double(),
  text,
);
const { value: jsonish } = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(fc.oneof(tie('value'), fc.constant(undefined)), { maxLength: 6 }),
  object: fc.dictionary(key, fc.oneof(tie('value'), fc.constant(undefined), fc.date()), { maxKeys: 6 }),
}));

/** Seals the objects of `value` whose position in a depth-first walk has its bit set. */
function sealSome(value: unknown, bits: readonly boolean[]): void {
  let i = 0;
  const walk = (v: unknown): void => {
    if (typeof v !== 'object' || v === null || v instanceof Date) return;
    for (const child of Object.values(v)) walk(child);
    if (bits[i++ % bits.length]) seal(v);
  };
  walk(value);
}

describe('canonical JSON', () => {
  it('property: GIVEN any JSON-like value (unicode and control characters, -0, huge and tiny numbers, undefined members, dates) WHEN serialized THEN the text is exactly safe-stable-stringify\'s', () => {
    fc.assert(
      fc.property(jsonish, (value) => {
        const expected = reference(value);
        if (expected === undefined) expect(() => canonicalJson(value)).toThrow(TypeError);
        else expect(canonicalJson(value)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: GIVEN a value with sealed parts WHEN serialized twice (the second time from memory) THEN both texts are safe-stable-stringify\'s', () => {
    fc.assert(
      fc.property(fc.oneof(jsonish, fc.dictionary(key, jsonish, { maxKeys: 5 })), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), (value, bits) => {
        const expected = reference(value);
        sealSome(value, bits);
        if (expected === undefined) return;
        expect(canonicalJson(value)).toBe(expected);
        expect(canonicalJson(value)).toBe(expected);
        expect(canonicalJson({ again: value, twice: [value, value] })).toBe(reference({ again: value, twice: [value, value] }));
      }),
      { numRuns: 1000 },
    );
  });

  it('GIVEN a fixed snapshot WHEN hashed THEN the hash is the one stored logs were written with', () => {
    const snapshot = { rng: [1, -2, 3, 4], state: { b: 'é\u0000"\\\ud800x', a: [1, -0, 1e21, 1.5e-7, null, true, undefined], 10: 'ten', 9: { z: undefined, y: [] }, ä: {} } };
    expect(canonicalJson(snapshot)).toBe('{"rng":[1,-2,3,4],"state":{"10":"ten","9":{"y":[]},"a":[1,0,1e+21,1.5e-7,null,true,null],"b":"é\\u0000\\"\\\\\\ud800x","ä":{}}}');
    expect(stateHash(snapshot)).toBe('8d7d3d62669ffcbb86142639e56bd157');
    expect(stateHash(sealedCopy(snapshot))).toBe('8d7d3d62669ffcbb86142639e56bd157');
  });

  it('GIVEN a circular structure or a lone undefined WHEN serialized THEN it throws a TypeError', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = { back: loop };
    expect(() => canonicalJson(loop)).toThrow(TypeError);
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });
});
