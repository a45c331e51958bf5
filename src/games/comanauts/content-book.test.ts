import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadComanautsPack, TRAINING_DIR } from './fixture.test-helper.ts';

async function withEdited(edits: Record<string, (text: string) => string>): Promise<Awaited<ReturnType<typeof loadComanautsPack>>> {
  const dir = mkdtempSync(join(tmpdir(), 'comanauts-book-'));
  try {
    cpSync(TRAINING_DIR, dir, { recursive: true });
    for (const [file, edit] of Object.entries(edits)) {
      let text = '';
      try {
        text = readFileSync(join(dir, file), 'utf8');
      } catch {
        text = '';
      }
      writeFileSync(join(dir, file), edit(text));
    }
    return await loadComanautsPack(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function errorsOf(edits: Record<string, (text: string) => string>): Promise<{ file: string; path: string; message: string }[]> {
  const r = await withEdited(edits);
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.errors.map((e) => ({ file: e.file, path: e.path, message: e.expected }));
}

describe('comanauts book format (docs/comanauts-book.md)', () => {
  it('GIVEN the training pack WHEN validated THEN its book page (doors, objective, environment card, choice, forced test) passes', async () => {
    const r = await withEdited({});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const cottage = r.pack.pages.find((p) => p.id === 'cottage');
    expect(cottage?.doors?.map((d) => d.id)).toEqual(['cellar-door', 'yard-gate']);
    expect(r.pack.environment?.map((c) => c.id)).toEqual(['rain-barrel']);
  });

  it('Rules §Doors: GIVEN an effect opening a door the page does not have WHEN validated THEN the error names pages.yaml and the effect path', async () => {
    const errors = await errorsOf({ 'pages.yaml': (t) => t.replace('{ do: unlockDoor, door: cellar-door }', '{ do: unlockDoor, door: trapdoor }') });
    expect(errors).toContainEqual(expect.objectContaining({ file: 'pages.yaml', path: '/2/tests/0/success/1/door', message: expect.stringMatching(/unknown door trapdoor/) }));
  });

  it('Rules §Doors: GIVEN a door between two spaces no line joins WHEN validated THEN the error points at its between', async () => {
    const errors = await errorsOf({ 'pages.yaml': (t) => t.replace('between: [yard, cellar]\n      text', 'between: [yard, pantry]\n      text') });
    expect(errors).toContainEqual(expect.objectContaining({ file: 'pages.yaml', path: '/2/doors/1/between', message: 'no line joins yard and pantry' }));
  });

  it('Rules §Leaving a Page: GIVEN turnToPage naming a page number no page has WHEN validated THEN the error points at the effect', async () => {
    const errors = await errorsOf({ 'pages.yaml': (t) => t.replace('{ do: turnToPage, page: hall }', '{ do: turnToPage, page: 99 }') });
    expect(errors).toContainEqual(expect.objectContaining({ file: 'pages.yaml', path: '/2/entries/objective/cellar/2/page' }));
  });

  it('Rules §Leaving a Page: GIVEN turnToPage by the page number the cottage carries WHEN validated THEN it passes', async () => {
    const r = await withEdited({ 'pages.yaml': (t) => t.replace('        - { do: turnToPage, page: hall }', '        - { do: turnToPage, page: 3 }') });
    expect(r.ok).toBe(true);
  });

  it('Rules §Skill Test: GIVEN a skillTest effect naming a test of another page WHEN validated THEN the error names the page', async () => {
    const errors = await errorsOf({ 'pages.yaml': (t) => t.replace('{ do: skillTest, test: slick-steps }', '{ do: skillTest, test: shed-lock }') });
    expect(errors).toContainEqual(expect.objectContaining({ path: '/2/entries/objective/cellar/1/test', message: 'unknown test shed-lock on page cottage' }));
  });

  it('Rules §Skill Test, Environment Cards: GIVEN a card with both a test and a use WHEN validated THEN environment.yaml is named', async () => {
    const errors = await errorsOf({ 'environment.yaml': (t) => t.replace('  once: true', '  use: [{ do: revealVital }]\n  once: true') });
    expect(errors).toContainEqual(expect.objectContaining({ file: 'environment.yaml', path: '/0', message: 'exactly one of `test` and `use`' }));
  });

  it('Rules §Skill Test, Environment Cards: GIVEN a page setup naming an unknown environment card WHEN validated THEN the error points at it', async () => {
    const errors = await errorsOf({ 'pages.yaml': (t) => t.replace('environment: [rain-barrel]', 'environment: [sundial]') });
    expect(errors).toContainEqual(expect.objectContaining({ file: 'pages.yaml', path: '/2/setup/environment/0', message: 'unknown environment card sundial' }));
  });

  it('GIVEN a choice with one option WHEN validated THEN it is refused (two to five options)', async () => {
    const errors = await errorsOf({
      'pages.yaml': (t) => t.replace(/ {12}- label: \{ en: Leave it be, es: Dejarla estar \}\n {14}effects: \[\]\n/, ''),
    });
    expect(errors[0]?.path).toMatch(/^\/2\/entries\/poi\/kitchen\/0\/options/);
  });

  it('Rules §Item Card: GIVEN an item naming a keyword that keywords.yaml lacks, and a skillTest in its use WHEN validated THEN both errors point into items.yaml', async () => {
    const errors = await errorsOf({
      'items.yaml': (t) => `${t}- { id: crowbar, name: { en: Crowbar, es: Palanca }, slot: hand, kind: melee, keywords: [tool], consumable: true, use: [{ do: skillTest, test: shed-lock }] }\n`,
    });
    expect(errors).toContainEqual(expect.objectContaining({ file: 'items.yaml', path: '/8/keywords/0', message: 'unknown keyword tool (keywords.yaml)' }));
    expect(errors).toContainEqual(expect.objectContaining({ file: 'items.yaml', path: '/8/use/0' }));
  });

  it('Rules §Item Card: GIVEN keywords.yaml naming the keyword and an item opening any door WHEN validated THEN it passes', async () => {
    const r = await withEdited({
      'keywords.yaml': () => 'tool: { en: Tool, es: Herramienta }\n',
      'items.yaml': (t) => `${t}- { id: crowbar, name: { en: Crowbar, es: Palanca }, slot: hand, keywords: [tool], consumable: true, use: [{ do: openDoor, door: any }] }\n`,
    });
    expect(r.ok).toBe(true);
  });

  it('Rules §Clarity: GIVEN an effects ability without effects WHEN validated THEN avatars.yaml is named', async () => {
    const errors = await errorsOf({ 'avatars.yaml': (t) => t.replace(/kind: (heal|fetchDie|removeStatus)/, 'kind: effects') });
    expect(errors).toContainEqual(expect.objectContaining({ file: 'avatars.yaml', message: 'an `effects` ability needs its effects' }));
  });
});
