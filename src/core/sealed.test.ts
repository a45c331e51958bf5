import { describe, expect, it } from 'vitest';
import { canonicalJson } from './hash.ts';
import { draftCopy, isSealed, mutableCopy, seal, sealedCopy } from './sealed.ts';

describe('sealed data', () => {
  it('GIVEN plain JSON data WHEN sealed THEN every level is frozen, the root is registered and writes throw', () => {
    const data = seal({ a: [1, { b: 'x' }], c: { d: null } });
    expect(isSealed(data)).toBe(true);
    expect(Object.isFrozen(data.a) && Object.isFrozen(data.a[1]) && Object.isFrozen(data.c)).toBe(true);
    expect(() => {
      (data.a as unknown[]).push(2);
    }).toThrow(TypeError);
  });

  it('GIVEN data holding a class instance or a function WHEN sealed THEN it is not registered, so it is never shared or remembered', () => {
    expect(isSealed(seal({ at: new Date(0) }))).toBe(false);
    expect(isSealed(seal({ f: () => 1 }))).toBe(false);
    expect(isSealed(seal([1, 'two', null]))).toBe(true);
  });

  it('GIVEN a circular structure WHEN sealed THEN it throws', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => seal(loop)).toThrow(TypeError);
  });

  it('GIVEN a state with a sealed part WHEN draft-copied THEN the sealed part is shared and everything else is a fresh mutable copy', () => {
    const shared = seal({ items: [{ id: 'lamp' }] });
    const state = { catalogue: shared, hand: ['red-01'], me: { life: 3 } };
    const draft = draftCopy(state);
    expect(draft.catalogue).toBe(shared);
    expect(draft.hand).not.toBe(state.hand);
    draft.hand.push('blue-02');
    draft.me.life = 2;
    expect(state).toEqual({ catalogue: shared, hand: ['red-01'], me: { life: 3 } });
  });

  it('GIVEN sealed data WHEN mutable-copied THEN every part is a fresh, writable copy', () => {
    const sealed = seal({ list: [{ n: 1 }] });
    const copy = mutableCopy(sealed);
    copy.list[0]!.n = 2;
    expect(sealed.list[0]!.n).toBe(1);
    expect(isSealed(copy)).toBe(false);
  });

  it('GIVEN data owned by someone else (a pack) WHEN a sealed copy is taken THEN the original stays writable and the copy serializes the same', () => {
    const pack = { pages: [{ id: 'orchard', spaces: [1, 2] }] };
    const copy = sealedCopy(pack);
    expect(Object.isFrozen(pack.pages[0])).toBe(false);
    expect(isSealed(copy)).toBe(true);
    expect(canonicalJson(copy)).toBe(canonicalJson(pack));
  });
});
