import { describe, expect, it } from 'vitest';
import { filterChoices } from './choices.ts';

describe('autocomplete choices shared by /c and /cw', () => {
  it('GIVEN choices with a repeated value WHEN filtered by what was typed THEN each value is offered once, matched by name or value without case or surrounding spaces', () => {
    const choices = [
      { name: 'Move to the Boiler Room (1)', value: 'boiler-room' },
      { name: 'Move to the boiler room again', value: 'boiler-room' },
      { name: 'Use the elevator', value: 'elevator' },
      { name: 'Attack Bob', value: '1' },
    ];
    expect(filterChoices(choices, '  BOILER ')).toEqual([{ name: 'Move to the Boiler Room (1)', value: 'boiler-room' }]);
    expect(filterChoices(choices, 'elev').map((c) => c.value)).toEqual(['elevator']);
    expect(filterChoices(choices, '').map((c) => c.value)).toEqual(['boiler-room', 'elevator', '1']);
  });

  it("GIVEN more matching choices than Discord shows WHEN filtered THEN the first 25 are kept (Discord's limit on autocomplete choices)", () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ name: `Space ${i}`, value: `s${i}` }));
    const kept = filterChoices(many, 'space');
    expect(kept).toHaveLength(25);
    expect(kept.at(-1)?.value).toBe('s24');
  });
});
