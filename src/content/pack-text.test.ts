import { describe, expect, it } from 'vitest';
import { walkPackText } from './pack-text.ts';

const pack = {
  items: [{ id: 'rope', name: { en: 'Rope', es: 'Cuerda' } }],
  board: { floors: [{ id: 'f1', name: { en: 'Ground floor' } }] },
  notText: { en: 3 },
};
const plurals = { item: 'items', floor: 'floors' };

describe('pack texts written inline (walkPackText)', () => {
  it('GIVEN keys that walk the pack by property, plural and id WHEN read in a language THEN that language, English when it is missing, undefined for anything that is not a text', () => {
    expect(walkPackText(pack, 'item.rope.name', 'es-ES', plurals)).toBe('Cuerda');
    expect(walkPackText(pack, 'items.0.name', 'en', plurals)).toBe('Rope');
    expect(walkPackText(pack, 'board.floor.f1.name', 'es', plurals)).toBe('Ground floor');
    expect(walkPackText(pack, 'item.rope', 'en', plurals)).toBeUndefined();
    expect(walkPackText(pack, 'notText', 'en', plurals)).toBeUndefined();
    expect(walkPackText(pack, 'items', 'en', plurals)).toBeUndefined();
    expect(walkPackText(pack, 'constructor.name', 'en', plurals)).toBeUndefined();
    expect(walkPackText(pack, 'item.nothing.name', 'en', plurals)).toBeUndefined();
  });
});
