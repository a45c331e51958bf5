import { describe, expect, it } from 'vitest';
import { jsonError } from './game.ts';

describe('jsonError', () => {
  it('GIVEN JSON text with a mistake WHEN scanned THEN the offset of the first mistake and what was expected there are given', () => {
    expect(jsonError('{"a": [1, 2,]}')).toEqual({ offset: 12, reason: 'expected a value, found "]"' });
    expect(jsonError('{"a" 1}')).toEqual({ offset: 5, reason: 'expected ":", found "1"' });
    expect(jsonError("{'a': 1}")).toEqual({ offset: 1, reason: 'expected a key in double quotes, found "\'"' });
    expect(jsonError('[1 2]')).toEqual({ offset: 3, reason: 'expected "," or "]", found "2"' });
    expect(jsonError('{"a": {"b": 1}')).toEqual({ offset: 14, reason: 'the file ends too early' });
    expect(jsonError('{} x')).toEqual({ offset: 3, reason: 'expected the end of the file, found "x"' });
  });

  it('GIVEN a mistake under 100,000 levels of nesting WHEN scanned THEN it is found without exhausting the stack', () => {
    const deep = `${'['.repeat(100_000)}x${']'.repeat(100_000)}`;
    expect(jsonError(deep)).toEqual({ offset: 100_000, reason: 'expected a value, found "x"' });
  });
});
