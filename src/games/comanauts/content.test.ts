import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looseObjectPaths } from '../../content/schema.ts';
import { comanautsPackSchema } from './content.ts';
import { loadComanautsPack, TRAINING_DIR } from './fixture.test-helper.ts';

async function withEdited(file: string, edit: (text: string) => string): Promise<Awaited<ReturnType<typeof loadComanautsPack>>> {
  const dir = mkdtempSync(join(tmpdir(), 'comanauts-pack-'));
  try {
    cpSync(TRAINING_DIR, dir, { recursive: true });
    writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
    return await loadComanautsPack(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('comanauts pack format', () => {
  it('Rules §Components: GIVEN the training pack WHEN validated THEN it passes with 38 dice, three pages and both enemy start and avatar start symbols', async () => {
    const r = await loadComanautsPack(TRAINING_DIR);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.values(r.pack.game.dice).reduce((a, b) => a + (b ?? 0), 0)).toBe(38);
    expect(r.pack.pages.map((p) => p.id)).toEqual(['orchard', 'hall', 'cottage']);
  });

  it('GIVEN the pack schema WHEN inspected THEN no object accepts unknown keys', () => {
    expect(looseObjectPaths(comanautsPackSchema)).toEqual([]);
  });

  it('GIVEN a line naming a space that does not exist WHEN validated THEN the error names pages.yaml and the path to the line', async () => {
    const r = await withEdited('pages.yaml', (t) => t.replace(/(between:\s+- gate\s+- )shed/, '$1nowhere'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ file: 'pages.yaml', path: '/0/lines/0/between/1' });
  });

  it('GIVEN an enemy with no action for a roll of 6 WHEN validated THEN the error points at its actions in enemies.yaml', async () => {
    const r = await withEdited('enemies.yaml', (t) => t.replace('{ min: 4, max: 6, name: { en: "Pinning Bite"', '{ min: 4, max: 5, name: { en: "Pinning Bite"'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ file: 'enemies.yaml', path: '/0/actions' });
  });

  it('Rules §Point of Interest: GIVEN repeatable: true on a space without the poi symbol WHEN validated THEN the error points at that space in pages.yaml', async () => {
    const r = await withEdited('pages.yaml', (t) => t.replace('    - id: well\n', '    - id: well\n      repeatable: true\n'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ file: 'pages.yaml', path: '/0/spaces/2/repeatable' });
  });

  it('Rules §Insight Spot: GIVEN an entry placing an insight token on a space without the insight symbol WHEN validated THEN the error points at the effect', async () => {
    const r = await withEdited('pages.yaml', (t) => t.replace('      - do: turnToPage\n        page: hall\n', '      - do: turnToPage\n        page: hall\n      - do: placeInsight\n        space: well\n'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ file: 'pages.yaml', path: '/0/entries/rabbitHole/3/space' });
  });
});

describe('comanauts pack format: campaign.yaml', () => {
  it('Issue 21 (docs/comanauts-adventure.md "Campaign"): GIVEN shipped packs with story passages WHEN validated THEN they pass; GIVEN a passage naming an unknown I.D., a count past the pack\'s I.D.s, or a passage id twice THEN each error points at campaign.yaml', async () => {
    const dir = join(import.meta.dirname, '../../../assets/packs/comanauts');
    for (const name of ['training', 'waking-strobal']) expect((await loadComanautsPack(join(dir, name))).ok).toBe(true);
    const edited = mkdtempSync(join(tmpdir(), 'comanauts-campaign-'));
    try {
      cpSync(join(dir, 'training'), edited, { recursive: true });
      const text = readFileSync(join(edited, 'campaign.yaml'), 'utf8');
      writeFileSync(join(edited, 'campaign.yaml'), text.replace('ids: [market-id]', 'ids: [nobody-id]').replace('defeated: 6', 'defeated: 7').replace('id: halfway', 'id: first-light'));
      const r = await loadComanautsPack(edited);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.errors.map((e) => [e.file, e.path])).toEqual(
        expect.arrayContaining([
          ['campaign.yaml', '/passages/1/ids/0'],
          ['campaign.yaml', '/passages/3/defeated'],
          ['campaign.yaml', '/passages/2/id'],
        ]),
      );
    } finally {
      rmSync(edited, { recursive: true, force: true });
    }
  });
});
