import { ApplicationCommandOptionType, type CommandInteractionOption } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { checkText, cleanName, displayName, normalizeOptions } from './text.ts';

describe('text from Discord', () => {
  it('GIVEN text with NUL, another control character or an unpaired surrogate WHEN checked THEN it is refused with the problem', () => {
    expect(checkText('a\u0000b')).toEqual({ ok: false, problem: 'control' });
    expect(checkText('bell\u0007')).toEqual({ ok: false, problem: 'control' });
    expect(checkText('x\ud800y')).toEqual({ ok: false, problem: 'surrogate' });
    expect(checkText('\udc00')).toEqual({ ok: false, problem: 'surrogate' });
  });

  it('GIVEN decomposed accents, an emoji and line breaks WHEN checked THEN the text is kept in NFC', () => {
    expect(checkText('Jose\u0301 🎲\nline')).toEqual({ ok: true, value: 'José 🎲\nline' });
  });

  it('GIVEN display names with controls, broken characters or nothing left WHEN cleaned THEN they are stripped, trimmed and fall back', () => {
    expect(cleanName(' Zed\u0000\ud800 ')).toBe('Zed');
    expect(cleanName('\u0001\u009f')).toBeNull();
    expect(cleanName('x'.repeat(40))).toHaveLength(32);
    expect(displayName({ globalName: '\u0000', username: 'zed' }, 'Unnamed')).toBe('zed');
    expect(displayName({ globalName: null, username: '\u0002' }, 'Unnamed')).toBe('Unnamed');
  });

  it('GIVEN a subcommand with string options WHEN normalized THEN values become NFC in place and the first bad option is named', () => {
    const options = [{ name: 'new', type: ApplicationCommandOptionType.Subcommand, options: [{ name: 'pack', type: ApplicationCommandOptionType.String, value: 'Cafe\u0301' }] }] as CommandInteractionOption[];
    expect(normalizeOptions(options)).toBeNull();
    expect(options[0]?.options?.[0]?.value).toBe('Café');
    const bad = [{ name: 'text', type: ApplicationCommandOptionType.String, value: 'a\u0000' }] as CommandInteractionOption[];
    expect(normalizeOptions(bad)).toEqual({ option: 'text', problem: 'control' });
  });
});
