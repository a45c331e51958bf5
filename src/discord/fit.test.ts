import { describe, expect, it } from 'vitest';
import { fitChoices, fitLabel } from './fit.ts';

describe('fitLabel', () => {
  it('GIVEN a label that fits WHEN fitted THEN it is unchanged', () => {
    expect(fitLabel('Move to the Salt Hall', 80)).toBe('Move to the Salt Hall');
  });

  it('GIVEN a label past the limit WHEN fitted THEN it ends at a word boundary with an ellipsis, within the limit', () => {
    const label = 'Combine the rusty lantern with the salt-crusted key found under the collapsed bridge of the eastern mine';
    const fitted = fitLabel(label, 80);
    expect([...fitted].length).toBeLessThanOrEqual(80);
    expect(fitted.endsWith('…')).toBe(true);
    expect(label.startsWith(fitted.slice(0, -1))).toBe(true);
    expect(label[fitted.length - 1]).toBe(' ');
  });

  it('GIVEN one long word WHEN fitted THEN it is cut with an ellipsis (no boundary to use) and emoji are not split', () => {
    expect(fitLabel('🎲'.repeat(120), 100)).toBe(`${'🎲'.repeat(99)}…`);
  });
});

describe('fitChoices', () => {
  it('GIVEN 30 choices with long names WHEN fitted THEN 25 remain, names within 100 characters, values untouched', () => {
    const choices = Array.from({ length: 30 }, (_, i) => ({ name: `Option ${i} ${'with a rather long description '.repeat(5)}`, value: `12.${i}` }));
    const fitted = fitChoices(choices);
    expect(fitted.length).toBe(25);
    for (const [i, c] of fitted.entries()) {
      expect([...c.name].length).toBeLessThanOrEqual(100);
      expect(c.value).toBe(`12.${i}`);
    }
  });

  it('GIVEN a choice whose value is over 100 characters WHEN fitted THEN it is left out and reported, never cut into another value', () => {
    const long = `move:${'x'.repeat(120)}`;
    const dropped: unknown[] = [];
    const fitted = fitChoices([{ name: 'too long', value: long }, { name: 'fine', value: 'shed' }], (c) => dropped.push(c.value));
    expect(fitted).toEqual([{ name: 'fine', value: 'shed' }]);
    expect(dropped).toEqual([long]);
  });
});
