import { describe, expect, it } from 'vitest';
import { ownValue, PROTOTYPE_NAMES } from './own.ts';

describe('ownValue', () => {
  it('GIVEN a plain record WHEN read by a name every object inherits THEN nothing is found', () => {
    const record: Record<string, number> = { adventure: 1 };
    for (const name of PROTOTYPE_NAMES) expect(ownValue(record, name)).toBeUndefined();
    expect(ownValue(record, 'adventure')).toBe(1);
  });
});
