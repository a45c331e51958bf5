import { describe, expect, it } from 'vitest';
import type { CommandModule } from '../../src/discord/command.ts';
import { command as choose } from '../choose.ts';
import { command as code } from '../code.ts';
import { command as combine } from '../combine.ts';
import { command as endturn } from '../endturn.ts';
import { command as explore } from '../explore.ts';
import { command as give } from '../give.ts';
import { command as hint } from '../hint.ts';
import { command as move } from '../move.ts';
import { command as notes } from '../notes.ts';
import { parseCards } from './adventure.ts';

const commands: CommandModule[] = [explore, move, combine, code, give, hint, notes, choose, endturn];

interface OptionJson {
  name: string;
  description: string;
  description_localizations?: Record<string, string> | null;
  options?: OptionJson[];
}

function described(json: OptionJson): OptionJson[] {
  return [json, ...(json.options ?? []).flatMap(described)];
}

describe('adventure slash commands', () => {
  it('GIVEN the adventure commands WHEN registered THEN every name and option has English and Spanish text within 100 characters', () => {
    for (const c of commands) {
      for (const part of described(c.data.toJSON() as unknown as OptionJson)) {
        expect(part.description, part.name).not.toMatch(/^adventure\./);
        expect(part.description.length).toBeLessThanOrEqual(100);
        const es = part.description_localizations?.['es-ES'] ?? '';
        expect(es, part.name).not.toMatch(/^adventure\./);
        expect(es).not.toBe(part.description);
      }
    }
  });

  it('GIVEN location options WHEN registered THEN Discord limits them to three-digit numbers with autocomplete', () => {
    const json = explore.data.toJSON() as unknown as { options: { name: string; min_value: number; max_value: number; autocomplete: boolean }[] };
    expect(json.options[0]).toMatchObject({ name: 'location', min_value: 100, max_value: 999, autocomplete: true });
  });
});

describe('parseCards', () => {
  it('Rules §About Combining: GIVEN "11 12", "11,12" or "11+12" WHEN read THEN both cards are named', () => {
    expect(parseCards('11 12')).toEqual([11, 12]);
    expect(parseCards(' 11,12 ')).toEqual([11, 12]);
    expect(parseCards('27+33+34')).toEqual([27, 33, 34]);
    expect(parseCards('15')).toEqual([15]);
  });

  it('GIVEN words, three-digit numbers, nothing or four cards WHEN read THEN null', () => {
    expect(parseCards('rope')).toBeNull();
    expect(parseCards('101 11')).toBeNull();
    expect(parseCards('  ')).toBeNull();
    expect(parseCards('10 11 12 13')).toBeNull();
  });
});
