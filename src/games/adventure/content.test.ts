import { describe, expect, it } from 'vitest';
import { adventurePackSchema, declaredCode } from './content.ts';
import { rawSaltLantern, saltLantern } from './pack-fixture.test.ts';

type Raw = Record<string, unknown> & { adventure: Record<string, unknown> };

/** The Salt Lantern files with one part of adventure.yaml or one entry replaced. */
function altered(change: (raw: Raw) => void): Raw {
  const raw = structuredClone(rawSaltLantern()) as Raw;
  change(raw);
  return raw;
}

function issues(raw: Raw): { path: string; message: string }[] {
  const r = adventurePackSchema.safeParse(raw);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('adventure pack format: codes, chapter ends and safe defaults', () => {
  it('GIVEN the Salt Lantern WHEN loaded THEN its one code, 247 at 505, is declared and nothing else opens there', () => {
    const pack = saltLantern();
    expect(pack.codes).toEqual([{ location: 505, code: '247' }]);
    expect(declaredCode(pack, '247', 505)).toEqual({ location: 505, code: '247' });
    expect(declaredCode(pack, '22', 505)).toBeUndefined();
    expect(declaredCode(pack, '247', 504)).toBeUndefined();
  });

  it('GIVEN a code without its entry, at a location of no room, or declared twice WHEN validated THEN each issue names adventure.codes and the place', () => {
    const raw = altered((r) => {
      r.adventure.codes = [{ location: 505, code: '111' }, { location: 998, code: '247' }, { location: 505, code: '247' }, { location: 505, code: '247' }];
    });
    expect(issues(raw)).toEqual(expect.arrayContaining([
      { path: 'adventure.codes.0', message: 'entry 111505 (code 111 at 505) is not defined' },
      { path: 'adventure.codes.1.location', message: 'location 998 is not in any room' },
      { path: 'adventure.codes.3', message: 'code 247 at 505 is declared twice' },
    ]));
  });

  it('Rules §About Combining: GIVEN a code made of card numbers WHEN validated THEN it is refused, since typing it would stand in for holding the cards', () => {
    const raw = altered((r) => {
      r.adventure.codes = [{ location: 404, code: '22' }];
    });
    expect(issues(raw)).toEqual([{ path: 'adventure.codes.0.code', message: 'code 22 reads like combining cards 22 with 404, so typing it would stand in for holding them' }]);
  });

  it('GIVEN a code written without quotes WHEN validated THEN the issue asks for 1 to 5 digits in quotes', () => {
    const raw = altered((r) => {
      r.adventure.codes = [{ location: 505, code: 247 }];
    });
    expect(issues(raw)).toEqual([{ path: 'adventure.codes.0.code', message: 'a code of 1 to 5 digits, written in quotes' }]);
  });

  it('Rules §The End of the Game: GIVEN an endChapter naming chapter 3 of 2, or a choice with two defaults WHEN validated THEN both are refused with their place', () => {
    const raw = altered((r) => {
      const entries = r['entries/chapter1'] as Record<string, { effects: unknown[] }>;
      entries['103'] = { effects: [{ op: 'endChapter', chapter: 3 }] };
      entries['104'] = { effects: [{ op: 'choice', options: [{ label: 'choice.keepCoin', default: true, effects: [] }, { label: 'choice.buyOil', default: true, effects: [] }] }] };
    });
    expect(issues(raw)).toEqual([
      { path: 'entries/chapter1.103.effects.0.chapter', message: 'chapter 3 is not in adventure.chapters (2)' },
      { path: 'entries/chapter1.104.effects.0', message: 'a choice has at most one default option' },
    ]);
  });
});
