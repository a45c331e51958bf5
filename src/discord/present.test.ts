import { describe, expect, it } from 'vitest';
import type { Prompt } from '../core/index.ts';
import { MAX_BUTTONS, promptButtons } from './present.ts';

const prompt = (options: number): Prompt => ({
  seat: 0,
  kind: 'pick',
  options: Array.from({ length: options }, (_, i) => ({ label: { code: 'core.unknownCommand', params: { type: `dish ${i + 1}` } }, command: { type: 'pick', args: { n: i + 1 } } })),
});

describe('promptButtons (Discord: at most 5 rows of 5 buttons)', () => {
  it('GIVEN as many options as there is room for WHEN drawn THEN every option has its button and no note is added', () => {
    const drawn = promptButtons('g1', 3, [prompt(MAX_BUTTONS - 1)], 'en', [], undefined, MAX_BUTTONS - 1);
    expect(drawn.buttons).toHaveLength(MAX_BUTTONS - 1);
    expect(drawn.note).toBeNull();
  });

  it('GIVEN 30 options and room for 24 (a turn notice keeps one for "My secrets") WHEN drawn THEN the first 24 get buttons and the note sends the rest to /play, in English and Spanish', () => {
    const en = promptButtons('g1', 3, [prompt(30)], 'en', [], undefined, MAX_BUTTONS - 1);
    expect(en.buttons.map((b) => b.customId).at(-1)).toBe('tk1|prompt|g1|3|0|23');
    expect(en.buttons).toHaveLength(24);
    expect(en.note).toBe('6 more choices have no button here: use /play and type to find them.');
    expect(promptButtons('g1', 3, [prompt(30)], 'es', [], undefined, MAX_BUTTONS - 1).note).toBe('Quedan 6 opciones más sin botón aquí: usa /play y escribe para encontrarlas.');
  });

  it('GIVEN one option more than fits WHEN drawn THEN the note speaks of one choice', () => {
    expect(promptButtons('g1', 0, [prompt(MAX_BUTTONS + 1)], 'en', []).note).toBe('1 more choice has no button here: use /play and type to find it.');
    expect(promptButtons('g1', 0, [prompt(MAX_BUTTONS + 1)], 'es', []).note).toBe('Queda 1 opción más sin botón aquí: usa /play y escribe para encontrarla.');
  });
});
