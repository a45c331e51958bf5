import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseGameOptions } from './game-options.ts';

describe('/game new options', () => {
  it('GIVEN key=value pairs WHEN parsed THEN numbers, booleans and lists keep their type', () => {
    expect(parseGameOptions('characters=3 page=orchard fast=true startAvatars=ling,marcia')).toEqual({
      ok: true,
      value: { characters: 3, page: 'orchard', fast: true, startAvatars: ['ling', 'marcia'] },
    });
    expect(parseGameOptions(null)).toEqual({ ok: true, value: {} });
  });

  it('GIVEN a pair without "=" or a repeated key WHEN parsed THEN the refusal names the pair', () => {
    expect(parseGameOptions('characters 3')).toEqual({ ok: false, error: { code: 'core.game.badOptionSyntax', params: { pair: 'characters' } } });
    expect(parseGameOptions('a=1 a=2')).toEqual({ ok: false, error: { code: 'core.game.badOptionSyntax', params: { pair: 'a=2' } } });
  });

  it('property: GIVEN any text WHEN parsed THEN it never throws', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => typeof parseGameOptions(text).ok === 'boolean'));
  });
});
