import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPackDir } from '../../content/load-dir.ts';
import { looseObjectPaths, validatePack } from '../../content/schema.ts';
import { effects, packText } from './content.ts';
import { walkCondition, walkEffects } from './content-refs.ts';
import { FIXTURE_DIR, loadComaWardPack, pack } from './fixture.test-helper.ts';
import { comaWardPackSchema } from './pack-schema.ts';
import { boardOf } from './engine/board.ts';
import { comaWardText } from './place-names.ts';
import type { Condition, Effect } from './content.ts';

async function withEdited(file: string, edit: (text: string) => string): Promise<Awaited<ReturnType<typeof loadComaWardPack>>> {
  const dir = mkdtempSync(join(tmpdir(), 'comaward-pack-'));
  try {
    cpSync(FIXTURE_DIR, dir, { recursive: true });
    writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
    return await loadComaWardPack(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every op and condition the fixture pack uses, collected from every place effects and conditions live. */
function usedOpsAndConditions(): { ops: Set<string>; conditions: Set<string> } {
  const ops = new Set<string>();
  const conditions = new Set<string>();
  const cond = (c: Condition | undefined): void => {
    if (c) walkCondition(c, [], (x) => conditions.add(Object.keys(x)[0] as string));
  };
  const eff = (list: readonly Effect[] | undefined): void =>
    walkEffects(list ?? [], [], (e) => {
      ops.add(e.op);
      if (e.op === 'if') cond(e['cond'] as Condition);
    });
  for (const r of [...pack.rooms, ...pack.hallucinationRooms]) [r.onReveal, r.onEndMove, r.firstTime, r.endOfTurn].forEach(eff);
  for (const h of pack.hallucinations) for (const v of h.versions) for (const r of Object.values(v.results)) eff(r.effects);
  for (const i of pack.items) eff(i.use);
  for (const n of pack.neuroses) {
    for (const st of [...n.stages, n.hidden]) {
      cond(st.trigger);
      eff(st.effects);
      eff(st.ability?.effects);
    }
  }
  for (const q of pack.quirks) {
    if (!('declared' in q.counter)) cond(q.counter as Condition);
    q.resolve.forEach((r) => eff(r.effects));
  }
  for (const p of Object.values(pack.phenomena)) {
    eff(p.setup);
    p.roles.forEach((r) => cond(r.goal));
    p.enemies.forEach((e) => eff(e.onEnter));
    p.events.forEach((e) => {
      eff(e.effects);
      const w = e.when as Record<string, unknown>;
      if (!('entersRoom' in w) && !('leavesRoom' in w) && !('roundEnd' in w) && !('playerDies' in w)) cond(e.when as Condition);
    });
    p.entities.forEach((e) => eff(e.effects));
    p.endings.forEach((e) => cond(e.when));
  }
  return { ops, conditions };
}

describe('comaward pack format (docs/comaward-pack.md)', () => {
  it('GIVEN the test pack WHEN validated THEN it passes, with six clues, a chart row for each of the 20 sets of three, and three phenomena', async () => {
    const r = await loadComaWardPack(FIXTURE_DIR);
    expect(r.ok).toBe(true);
    expect(pack.items.filter((i) => i.type === 'clue')).toHaveLength(6);
    expect(pack.chart).toHaveLength(20);
    expect(Object.keys(pack.phenomena).sort()).toEqual(['fx-coop', 'fx-solo', 'fx-traitor']);
  });

  it('GIVEN the test pack WHEN its effects and conditions are collected THEN every op and every condition of the contract is used', () => {
    const { ops, conditions } = usedOpsAndConditions();
    expect([...effects.ops].filter((op) => !ops.has(op))).toEqual([]);
    const all = ['flag', 'not', 'all', 'any', 'alone', 'inSight', 'carriedAtLeast', 'carriedAtMost', 'carries', 'carriesItem', 'didThisTurn', 'onFloor', 'at', 'withPlayers', 'healthAtMost', 'terrorAtLeast', 'round', 'livingAtMost', 'enemyDefeated', 'enemiesLeft', 'allLivingAt', 'someoneAt', 'someoneCarries', 'roleAlive', 'alive'];
    expect(all.filter((c) => !conditions.has(c))).toEqual([]);
  });

  it('GIVEN the pack schema WHEN inspected THEN no object accepts unknown keys except the root, which takes hallucinations/ and phenomena/ files by name', () => {
    expect(looseObjectPaths(comaWardPackSchema)).toEqual(['/']);
  });

  it('GIVEN an unknown key in a room WHEN validated THEN it is refused with the file and its path', async () => {
    const r = await withEdited('rooms.yaml', (t) => t.replace('- id: chapel', '- id: chapel\n  colour: red'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ file: 'rooms.yaml', path: '/1/colour', code: 'content.pack.unknownKey' });
  });

  it('GIVEN a chart missing a set of three WHEN validated THEN the chart is refused and names the missing clues', async () => {
    const r = await withEdited('chart.yaml', (t) => t.split('\n').slice(0, -2).join('\n') + '\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => [e.file, e.path, e.expected])).toContainEqual(['chart.yaml', '/rows', 'a row for the clues torn-wristband, visitor-log, x-ray-film']);
  });

  it('GIVEN a phenomenon that spawns an enemy it does not define, and a reference to a missing space WHEN validated THEN each error names its file and path', async () => {
    const r = await withEdited('phenomena/fx-coop.yaml', (t) => t.replace('{ op: spawn, enemy: shade, at: clue1 }', '{ op: spawn, enemy: ghost, at: basement-99-99 }'));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => [e.file, e.path])).toEqual(
        expect.arrayContaining([
          ['phenomena/fx-coop.yaml', '/setup/0/at'],
          ['phenomena/fx-coop.yaml', '/setup/0/enemy'],
        ]),
      );
    }
  });

  it('GIVEN five clue items WHEN validated THEN refused: exactly six clues', async () => {
    const r = await withEdited('items.yaml', (t) => t.replace('{ id: cassette-tape, type: clue,', '{ id: cassette-tape, type: food, use: [{ op: health, amount: 1 }],'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.expected)).toContain('exactly six clue items (found 5)');
  });

  it('GIVEN a hallucination version without a result for an option WHEN validated THEN refused at that version', async () => {
    const r = await withEdited('hallucinations/basic.yaml', (t) => t.replace('        ignore: { text: { en: "The crying follows you."', '        walk: { text: { en: "The crying follows you."'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => [e.file, e.path])).toContainEqual(['hallucinations/basic.yaml', '/0/versions/0/results']);
  });

  it('GIVEN an unknown file WHEN validated THEN refused as a file this game does not read', async () => {
    const loaded = await loadPackDir(FIXTURE_DIR);
    if (!loaded.ok) throw new Error('fixture');
    const bad = validatePack({ ...loaded.value, data: { ...loaded.value.data, 'notes/x': [] } }, comaWardPackSchema);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.map((e) => [e.file, e.code])).toContainEqual(['notes/x.yaml', 'content.pack.invalidValue']);
  });

  it('GIVEN the shipped mercy-vale pack WHEN validated THEN it has no problem, at least the counts the issue asks for, every card, room, role and phenomenon item has its name in both languages, and no two spaces of the board read alike (§Movement)', async () => {
    const loaded = await loadPackDir(join(import.meta.dirname, '../../../assets/packs/comaward/mercy-vale'));
    if (!loaded.ok) throw new Error(loaded.error.map((e) => e.message).join('\n'));
    const r = validatePack(loaded.value, comaWardPackSchema);
    expect(r.ok ? [] : r.error.slice(0, 5)).toEqual([]);
    if (!r.ok) return;
    const mv = r.value.content;
    const board = mv.board.floors;
    expect(board.map((f) => [...f.map].filter((c) => c === '?').length).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(20);
    expect(mv.rooms.length).toBeGreaterThanOrEqual(20);
    expect(mv.hallucinationRooms.length).toBeGreaterThanOrEqual(6);
    expect(mv.hallucinations.length).toBeGreaterThanOrEqual(30);
    expect(mv.hallucinations.every((h) => h.versions.length >= 2 && h.versions.length <= 3)).toBe(true);
    expect(mv.items.filter((i) => i.type !== 'clue').length).toBeGreaterThanOrEqual(36);
    expect(new Set(mv.items.filter((i) => i.type !== 'clue').map((i) => i.type))).toEqual(new Set(['weapon', 'clothing', 'food', 'medicine']));
    expect(mv.items.filter((i) => i.type === 'clue')).toHaveLength(6);
    expect(mv.neuroses.length).toBeGreaterThanOrEqual(6);
    expect(mv.quirks.length).toBeGreaterThanOrEqual(8);
    const phenomena = Object.values(mv.phenomena);
    expect(phenomena.map((p) => p.mode).sort()).toEqual(['cooperative', 'individual', 'traitor']);
    const keys = [
      ...mv.items.map((i) => `item.${i.id}.name`),
      ...phenomena.flatMap((p) => p.items.map((i) => `item.${i.id}.name`)),
      ...mv.rooms.map((x) => `room.${x.id}.name`),
      ...mv.hallucinationRooms.map((x) => `hallucinationRoom.${x.id}.name`),
      ...phenomena.flatMap((p) => [...p.roles.map((x) => `phenomenon.${p.id}.role.${x.id}.name`), ...p.endings.map((x) => `phenomenon.${p.id}.ending.${x.id}.epilogue`)]),
    ];
    for (const lang of ['en', 'es']) expect(keys.filter((k) => !packText(mv, k, lang))).toEqual([]);
    const spaces = [...boardOf(mv).spaces.values()].filter((sp) => sp.kind !== 'room');
    for (const lang of ['en', 'es']) {
      const names = spaces.map((sp) => comaWardText(mv, `space.${sp.id}.name`, lang));
      expect(names.filter((n) => !n || /\{\{/.test(n))).toEqual([]);
      expect(new Set(names).size, `${lang}: two spaces read alike`).toBe(names.length);
    }
  });

  it('GIVEN pack text keys WHEN looked up THEN they walk the pack in either language', () => {
    expect(packText(pack, 'room.chapel.name', 'es')).toBe('Capilla');
    expect(packText(pack, 'hallucination.crying-child.version.b.results.ignore.text', 'en')).toBe('Something drops where it stood.');
    expect(packText(pack, 'board.floor.floor2.room.nurses-station-2.name', 'en')).toBe("2nd Floor Nurses' Station");
    expect(packText(pack, 'phenomenon.fx-coop.ending.dawn.epilogue', 'es')).toContain('COOP-EPILOGUE-DAWN');
    expect(packText(pack, 'quirk.night-owl.resolve.1.text', 'en')).toBe('Draw an item.');
    expect(packText(pack, 'nothing.here', 'en')).toBeUndefined();
  });
});
