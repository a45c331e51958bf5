import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeCustomId, encodeCustomId } from './custom-id.ts';

describe('button custom ids', () => {
  it('GIVEN a prompt button WHEN encoded and decoded THEN the same fields come back within 100 characters', () => {
    const raw = encodeCustomId({ kind: 'prompt', gameId: 'cmabc123xyz', seq: 41, a: 0, b: 2 });
    expect(raw.length).toBeLessThanOrEqual(100);
    expect(decodeCustomId(raw)).toEqual({ kind: 'prompt', gameId: 'cmabc123xyz', seq: 41, a: 0, b: 2 });
  });

  it('property: GIVEN any string WHEN decoded THEN it never throws and is either null or well-formed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (raw) => {
        const r = decodeCustomId(raw);
        return r === null || (r.seq >= 0 && /^[A-Za-z0-9_-]+$/.test(r.gameId));
      }),
    );
    expect(decodeCustomId('tk1|prompt|x|-1|0|0')).toBeNull();
    expect(decodeCustomId('tk1|drop table|x|1|0|0')).toBeNull();
  });
});
