import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVENTURE_DIR, loadComanautsPack } from './fixture.test-helper.ts';

async function withEdited(edits: Record<string, ((text: string) => string) | null>): Promise<Awaited<ReturnType<typeof loadComanautsPack>>> {
  const dir = mkdtempSync(join(tmpdir(), 'comanauts-adventure-'));
  try {
    cpSync(ADVENTURE_DIR, dir, { recursive: true });
    for (const [file, edit] of Object.entries(edits)) {
      if (edit === null) rmSync(join(dir, file));
      else writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
    }
    return await loadComanautsPack(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function messages(edits: Record<string, ((text: string) => string) | null>): Promise<string[]> {
  const r = await withEdited(edits);
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.errors.map((e) => `${e.file} ${e.path}: ${e.expected}`);
}

describe('comanauts adventure format (docs/comanauts-adventure.md)', () => {
  it('GIVEN training 1.2.0 WHEN validated THEN six comazones, six I.D.s and two Fear copies, thirty clue cards and six totems pass', async () => {
    const r = await withEdited({});
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.pack.comazones).toHaveLength(6);
    expect(r.pack.ids?.filter((x) => !x.fear)).toHaveLength(6);
    expect(r.pack.ids?.filter((x) => x.fear)).toHaveLength(2);
    expect(r.pack.clues).toHaveLength(30);
    expect(r.pack.totems).toHaveLength(6);
  });

  it('Rules §GAME SETUP 10: GIVEN a code with four clue cards, or a clue id that names its I.D. WHEN validated THEN each is refused with its file and path', async () => {
    const out = await messages({
      'clues.yaml': (t) => t.replace(/^- \{"id": "k01".*\n/m, '').replace('"id": "k02"', '"id": "lamplighter-2"'),
    });
    expect(out.some((m) => /^clues\.yaml .*: code 4401772 has 4 clue cards, needs 5/.test(m))).toBe(true);
    expect(out.some((m) => /^clues\.yaml \/0\/id: clue id lamplighter-2 names lamplighter/.test(m))).toBe(true);
  });

  it('Rules §THE NEXUS: GIVEN a comazone whose start page belongs to another comazone, or an I.D. of an unknown comazone WHEN validated THEN refused', async () => {
    const out = await messages({
      'comazones.yaml': (t) => t.replace('"start": "hall-gate"', '"start": "orchard-gate"'),
      'ids.yaml': (t) => t.replace('"comazone": "market"', '"comazone": "moon"'),
    });
    expect(out).toContain('comazones.yaml /1/start: page orchard-gate belongs to comazone orchard, not hall');
    expect(out).toContain('ids.yaml /3/comazone: unknown comazone moon');
  });

  it('GIVEN a clue that rules out its own comazone, or an avatar suspicious of no comazone WHEN validated THEN refused', async () => {
    const out = await messages({
      'clues.yaml': (t) => t.replace('"rulesOut": {"comazones": ["station"]}', '"rulesOut": {"comazones": ["orchard"]}'),
      'avatars.yaml': (t) => t.replace('suspicious: [hall]', 'suspicious: [attic]'),
    });
    expect(out.some((m) => /a clue never rules out its own comazone/.test(m))).toBe(true);
    expect(out.some((m) => /^avatars\.yaml .*unknown comazone attic/.test(m))).toBe(true);
  });

  it('GIVEN only some of the four adventure files WHEN validated THEN refused: they come together', async () => {
    const out = await messages({ 'totems.yaml': null });
    expect(out.some((m) => /comazones, ids, clues and totems come together/.test(m))).toBe(true);
  });
});
