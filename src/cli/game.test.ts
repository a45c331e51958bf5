import { describe, expect, it } from 'vitest';
import { jsonError, segmentLines } from './game.ts';

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

describe('segmentLines (issue 21 "Durable across upgrades and months")', () => {
  it('GIVEN a log played under one rules version WHEN verified THEN no segment lines are printed', () => {
    expect(segmentLines([{ from: 0, to: 12, rulesVersion: '2', checked: 'replayed' }])).toEqual([]);
  });

  it('GIVEN a log that moved on to newer rules WHEN verified THEN each segment says its commands, rules and whether it was replayed or anchored', () => {
    expect(
      segmentLines([
        { from: 0, to: 5, rulesVersion: '1', checked: 'anchored' },
        { from: 5, to: 7, rulesVersion: '2', checked: 'replayed' },
        { from: 7, to: 7, rulesVersion: '3', checked: 'replayed' },
      ]),
    ).toEqual([
      'segment rules 1, commands 1-5: not replayable here (those rules are gone); anchored: checkpoint 5 matches its logged hash',
      'segment rules 2, commands 6-7: replayed',
      'segment rules 3, no commands: replayed',
    ]);
  });
});
