import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adventurePackSchema } from '../games/adventure/content.ts';
import { comanautsPackSchema } from '../games/comanauts/content.ts';
import { comaWardPackSchema } from '../games/comaward/pack-schema.ts';
import { lifeformPackSchema } from '../games/lifeform/content.ts';
import { t } from '../i18n/index.ts';
import { fromRoot } from '../ops/paths.ts';
import { packErrorText } from './error-text.ts';
import { loadPackDir } from './load-dir.ts';
import { validatePack, type PackError } from './schema.ts';

type Data = Record<string, any>;

interface Case {
  readonly game: string;
  readonly dir: string;
  readonly schema: z.ZodType;
  /** One change the format itself refuses (zod), and one only a cross-reference check catches. */
  readonly shape: (d: Data) => void;
  readonly reference: (d: Data) => void;
  /** A code each change must produce. */
  readonly codes: readonly [string, string];
}

const cases: Case[] = [
  {
    game: 'adventure',
    dir: 'assets/packs/adventure/salt-lantern',
    schema: adventurePackSchema,
    shape: (d) => (d['adventure'].ratings[0].min = -1),
    reference: (d) => (d['adventure'].start.room = 'Z'),
    codes: ['content.expected.numberAtLeast', 'content.check.adventure.roomMissing'],
  },
  {
    game: 'comanauts',
    dir: 'assets/packs/comanauts/training',
    schema: comanautsPackSchema,
    shape: (d) => (d['avatars'] = d['avatars'].slice(0, 1)),
    reference: (d) => (d['game'].startPage = 'nowhere'),
    codes: ['content.expected.itemsAtLeast', 'content.check.comanauts.unknownPage'],
  },
  {
    game: 'comaward',
    dir: 'assets/packs/comaward/mercy-vale',
    schema: comaWardPackSchema,
    shape: (d) => (d['mat'].maxTerror = 99),
    reference: (d) => (d['board'].start.room = 'nowhere'),
    codes: ['content.expected.numberAtMost', 'content.check.comaward.startRoom'],
  },
  {
    game: 'lifeform',
    dir: 'assets/packs/lifeform/valley-forge',
    schema: lifeformPackSchema,
    shape: (d) => (d['characters'] = d['characters'].slice(0, 2)),
    reference: (d) => (d['ship'].androidPath[0] = 'nowhere'),
    codes: ['content.expected.itemsAtLeast', 'content.check.lifeform.chamberId'],
  },
];

async function errorsOf(c: Case, change: (d: Data) => void): Promise<PackError[]> {
  const loaded = await loadPackDir(fromRoot(c.dir));
  if (!loaded.ok) throw new Error(`${c.dir} does not load`);
  const data = structuredClone(loaded.value.data) as Data;
  change(data);
  const valid = validatePack({ ...loaded.value, data }, c.schema);
  return valid.ok ? [] : valid.error;
}

/** Words of a text, leaving out file names and format keys (`rooms.yaml`, `adventure.chapters`, `maxTerror`, `` `use` ``). */
const words = (text: string): string[] => text.replace(/`[^`]*`|\S+\.\S+|\b[a-z]+[A-Z]\w*/g, ' ').toLowerCase().match(/[a-záéíóúñü]+/g) ?? [];

/** Words spelt alike in both languages (Coma Ward's Terror track). */
const SAME_IN_BOTH = new Set(['terror']);

/** English words (3 letters or more) of a text, leaving out those that come from its parameters (ids, numbers). */
function englishWords(text: string, params: Readonly<Record<string, unknown>>): string[] {
  const fromParams = new Set(Object.values(params).flatMap((v) => words(String(v))));
  return [...new Set(words(text).filter((w) => w.length >= 3 && !SAME_IN_BOTH.has(w)))].filter((w) => !fromParams.has(w));
}

describe('a bad pack read in Spanish', () => {
  it.each(cases)('GIVEN a $game pack with one shape error and one cross-reference error WHEN a Spanish reader sees the refusal THEN what was expected reads in Spanish, without English words, while the CLI message stays English', async (c) => {
    for (const [change, code] of [[c.shape, c.codes[0]], [c.reference, c.codes[1]]] as const) {
      const errors = await errorsOf(c, change);
      expect(errors.map((e) => e.expectedCode), code).toContain(code);
      for (const e of errors) {
        expect(e.expectedCode, e.message).toBeDefined();
        const english = t('en', e.expectedCode as string, e.expectedParams ?? {});
        const spanish = t('es', e.expectedCode as string, e.expectedParams ?? {});
        expect(english, e.message).toBe(e.expected);
        expect(e.message, 'the CLI says it in English').toContain(e.expected);
        const line = packErrorText('es', e);
        expect(line, 'the frame names the file in Spanish').toContain(e.file);
        expect(line, line).not.toMatch(/, at |expected|this value/);
        expect(line, line).toContain(spanish);
        expect(line, line).not.toContain(english);
        const spanishWords = new Set(words(spanish));
        expect(englishWords(english, e.expectedParams ?? {}).filter((w) => spanishWords.has(w)), `${english} → ${spanish}`).toEqual([]);
        expect(packErrorText('en', e), 'the English reader gets the same words as the CLI').toContain(e.expected);
      }
    }
  });
});
