import type { z } from 'zod';
import { checker, type CheckKey, type TextParams } from '../../content/expected.ts';
import type { ComaWardPack, Condition, Effect, EventWhen, Files, Phenomenon } from './content.ts';
import { clueTriples, floorCells } from './pack-helpers.ts';

type Path = (string | number)[];

const NAMED_REFS = new Set(['here', 'start', 'clue1', 'clue2', 'clue3', 'entrance']);
const PHENOMENON_OPS = new Set(['spawn', 'dealRoles', 'hurtEnemy', 'end']);

/** Walks effects depth first (nested `check`, `each`, `if`, `choice`) with their paths. */
export function walkEffects(list: readonly Effect[], path: Path, visit: (e: Effect, path: Path) => void): void {
  list.forEach((e, i) => {
    const here = [...path, i];
    visit(e, here);
    for (const key of ['pass', 'fail', 'effects', 'then', 'else'] as const) {
      const nested = e[key];
      if (Array.isArray(nested)) walkEffects(nested as Effect[], [...here, key], visit);
    }
    if (e.op === 'choice') (e['options'] as { effects: Effect[] }[]).forEach((o, j) => walkEffects(o.effects, [...here, 'options', j, 'effects'], visit));
  });
}

/** Walks a condition tree with paths. */
export function walkCondition(c: Condition, path: Path, visit: (c: Condition, path: Path) => void): void {
  visit(c, path);
  if ('not' in c) walkCondition(c.not, [...path, 'not'], visit);
  if ('all' in c) c.all.forEach((x, i) => walkCondition(x, [...path, 'all', i], visit));
  if ('any' in c) c.any.forEach((x, i) => walkCondition(x, [...path, 'any', i], visit));
}

/**
 * The checks JSON Schema cannot say (docs/comaward-pack.md): every referenced id exists, the board is
 * consistent, exactly six clue items, and the chart covers every set of three clues exactly once.
 */
export function checkReferences(files: Files, pack: ComaWardPack, ctx: z.RefinementCtx): void {
  const need = checker(ctx, 'comaward');
  const issue = (path: Path, key: CheckKey<'comaward'>, params?: TextParams): void => need(false, path, key, params);
  const raw = files as unknown as Record<string, unknown>;

  const spaces = new Set<string>();
  const roomIds = new Set<string>();
  const boardFloors = new Map<string, ReturnType<typeof floorCells>>();
  pack.board.floors.forEach((floor, fi) => {
    const at: Path = ['board', 'floors', fi];
    if (boardFloors.has(floor.id)) issue([...at, 'id'], 'floorTwice', { id: floor.id });
    const rows = floor.map.replace(/\n$/, '').split('\n');
    if (rows.length !== floor.height) issue([...at, 'map'], 'mapRows', { height: floor.height, found: rows.length });
    rows.forEach((row, y) => {
      if (row.length !== floor.width) issue([...at, 'map'], 'rowWidth', { row: y, width: floor.width, found: row.length });
      [...row].forEach((ch, x) => {
        if (!/^[.h?SEA-Z]$/.test(ch)) issue([...at, 'map'], 'mapChar', { row: y, column: x });
        else if (/^[A-Z]$/.test(ch) && ch !== 'S' && ch !== 'E' && !floor.rooms.some((r) => r.letter === ch)) issue([...at, 'map'], 'letterNotInRooms', { row: y, column: x, letter: ch });
      });
    });
    floor.rooms.forEach((room, ri) => {
      const count = [...floor.map].filter((ch) => ch === room.letter).length;
      if (count !== 1) issue([...at, 'rooms', ri, 'letter'], 'letterOnce', { letter: room.letter, found: count });
      if (roomIds.has(room.id)) issue([...at, 'rooms', ri, 'id'], 'roomIdTwice', { id: room.id });
      roomIds.add(room.id);
    });
    const cells = floorCells(floor);
    boardFloors.set(floor.id, cells);
    for (const c of cells) spaces.add(c.id);
    if (!cells.some((c) => c.ch === '?') && fi === 0 && pack.board.floors.every((f) => !f.map.includes('?'))) issue(['board', 'floors'], 'roomSlot');
  });
  const cellAt = (floor: string, x: number, y: number) => boardFloors.get(floor)?.find((c) => c.x === x && c.y === y);
  const stairCells = new Set<string>();
  pack.board.stairs.forEach((s, i) => {
    const entries = Object.entries(s.spaces);
    if (entries.length < 2) issue(['board', 'stairs', i, 'spaces'], 'stairsTwoFloors');
    for (const [floor, xy] of entries) {
      const c = cellAt(floor, xy[0], xy[1]);
      if (c?.ch !== 'S') issue(['board', 'stairs', i, 'spaces', floor], 'stairsSpace', { floor, at: xy.join(', ') });
      else stairCells.add(c.id);
    }
  });
  pack.board.elevators.forEach((e, i) => {
    for (const [floor, xy] of Object.entries(e.spaces)) {
      if (cellAt(floor, xy[0], xy[1])?.ch !== 'E') issue(['board', 'elevators', i, 'spaces', floor], 'elevatorSpace', { floor, at: xy.join(', ') });
    }
    for (const face of ['1', '2', '3', '4', '5', '6']) {
      const row = (e.table as Record<string, string[] | undefined>)[face];
      if (row === undefined) issue(['board', 'elevators', i, 'table'], 'elevatorRow', { face });
      else row.forEach((f, j) => { if (!(f in e.spaces)) issue(['board', 'elevators', i, 'table', face, j], 'elevatorFloor'); });
    }
  });
  for (const [floorId, cells] of boardFloors) {
    for (const c of cells) if (c.ch === 'S' && !stairCells.has(c.id)) issue(['board', 'stairs'], 'orphanStairs', { id: c.id });
    void floorId;
  }
  pack.board.portals.forEach((p, i) => {
    for (const end of ['in', 'out'] as const) {
      const c = cellAt(p[end].floor, p[end].at[0], p[end].at[1]);
      if (!c) issue(['board', 'portals', i, end], 'portalSpace', { floor: p[end].floor, at: p[end].at.join(', ') });
    }
  });
  const startFloor = pack.board.floors.find((f) => f.id === pack.board.start.floor);
  if (!startFloor?.rooms.some((r) => r.id === pack.board.start.room)) issue(['board', 'start', 'room'], 'startRoom', { floor: pack.board.start.floor });

  const mat = pack.mat;
  if (mat.terror.length !== mat.maxTerror + 1) issue(['mat', 'terror'], 'terrorRows', { rows: mat.maxTerror + 1, found: mat.terror.length });
  if (mat.startTerror > mat.maxTerror) issue(['mat', 'startTerror'], 'startTerror', { max: mat.maxTerror });

  const unique = (list: readonly { id: string }[], path: Path, key: CheckKey<'comaward'>): void => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.id)) issue([...path, i, 'id'], key, { id: x.id });
      seen.add(x.id);
    });
  };
  unique(pack.rooms, ['rooms'], 'uniqueRoom');
  unique(pack.hallucinationRooms, ['hallucination-rooms'], 'uniqueHallucinationRoom');
  unique(pack.items, ['items'], 'uniqueItem');
  unique(pack.neuroses, ['neuroses'], 'uniqueNeurosis');
  unique(pack.quirks, ['quirks'], 'uniqueQuirk');

  const items = new Set(pack.items.map((i) => i.id));
  const clues = pack.items.filter((i) => i.type === 'clue');
  if (clues.length !== 6) issue(['items'], 'sixClues', { found: clues.length });
  pack.items.forEach((it, i) => {
    if (it.type === 'clue' && it.copies !== 1) issue(['items', i, 'copies'], 'clueCopy');
    if (it.type === 'weapon' && it.hands === undefined) issue(['items', i, 'hands'], 'weaponHands');
    if (it.type !== 'weapon' && (it.hands !== undefined || it.attack !== undefined || it.damage !== undefined)) issue(['items', i], 'weaponOnly');
    if (it.unwilling && it.type !== 'medicine') issue(['items', i, 'unwilling'], 'unwillingMedicine');
    if ((it.type === 'food' || it.type === 'medicine') && (it.use === undefined || it.use.length === 0)) issue(['items', i, 'use'], 'useEffects');
  });

  const hallSeen = new Map<string, string>();
  for (const key of Object.keys(raw).filter((k) => k.startsWith('hallucinations/')).sort()) {
    const list = raw[key];
    if (!Array.isArray(list)) continue;
    (list as ComaWardPack['hallucinations']).forEach((h, i) => {
      const at: Path = [key, i];
      if (hallSeen.has(h.id)) issue([...at, 'id'], 'uniqueHallucination', { id: h.id, file: hallSeen.get(h.id) ?? '' });
      hallSeen.set(h.id, key);
      const options = h.options.map((o) => o.id);
      if (new Set(options).size !== options.length) issue([...at, 'options'], 'optionIds');
      if (h.versions.length < 2 || h.versions.length > 3) issue([...at, 'versions'], 'versions', { found: h.versions.length });
      const versionIds = new Set<string>();
      h.versions.forEach((v, j) => {
        if (versionIds.has(v.id)) issue([...at, 'versions', j, 'id'], 'uniqueVersion', { id: v.id });
        versionIds.add(v.id);
        for (const o of options) if (!(o in v.results)) issue([...at, 'versions', j, 'results'], 'resultFor', { option: o });
        for (const r of Object.keys(v.results)) if (!options.includes(r)) issue([...at, 'versions', j, 'results', r], 'oneOfOptions', { options: options.join(', ') });
      });
    });
  }

  pack.neuroses.forEach((n, i) => {
    if (n.stages[0]?.minTerror !== 0) issue(['neuroses', i, 'stages', 0, 'minTerror'], 'firstStage');
    n.stages.forEach((s, j) => {
      if (j > 0 && s.minTerror <= (n.stages[j - 1]?.minTerror ?? 0)) issue(['neuroses', i, 'stages', j, 'minTerror'], 'risingStages');
    });
  });
  pack.quirks.forEach((q, i) => {
    q.resolve.forEach((r, j) => {
      if (j > 0 && r.atLeast <= (q.resolve[j - 1]?.atLeast ?? 0)) issue(['quirks', i, 'resolve', j, 'atLeast'], 'risingRows');
    });
  });

  const phenomena = new Set<string>();
  for (const key of Object.keys(raw).filter((k) => k.startsWith('phenomena/'))) {
    const p = raw[key] as Phenomenon;
    if (Array.isArray(p)) continue;
    if (key !== `phenomena/${p.id}`) issue([key, 'id'], 'fileId', { id: key.slice('phenomena/'.length) });
    phenomena.add(p.id);
  }

  const clueIds = new Set(clues.map((c) => c.id));
  const covered = new Map<string, number>();
  pack.chart.forEach((row, i) => {
    const at: Path = ['chart', 'rows', i];
    row.clues.forEach((c, j) => { if (!clueIds.has(c)) issue([...at, 'clues', j], 'clueItem'); });
    if (new Set(row.clues).size !== 3) issue([...at, 'clues'], 'threeClues');
    if ((row.byFirst === undefined) === (row.any === undefined)) issue(at, 'byFirstOrAny');
    if (row.any !== undefined && !phenomena.has(row.any)) issue([...at, 'any'], 'phenomenon');
    if (row.byFirst) {
      for (const c of row.clues) if (!(c in row.byFirst)) issue([...at, 'byFirst'], 'phenomenonFor', { clue: c });
      for (const [c, p] of Object.entries(row.byFirst)) {
        if (!row.clues.includes(c)) issue([...at, 'byFirst', c], 'rowClue', { clues: row.clues.join(', ') });
        if (!phenomena.has(p)) issue([...at, 'byFirst', c], 'phenomenon');
      }
    }
    const k = [...row.clues].sort().join('+');
    covered.set(k, (covered.get(k) ?? 0) + 1);
    if ((covered.get(k) ?? 0) > 1) issue([...at, 'clues'], 'clueSetOnce', { set: k });
  });
  if (clueIds.size === 6) {
    for (const t of clueTriples([...clueIds])) if (!covered.has(t.join('+'))) issue(['chart', 'rows'], 'rowFor', { clues: t.join(', ') });
  }

  const spaceOk = (ref: string): boolean => NAMED_REFS.has(ref) || spaces.has(ref);
  const checkCondition = (c: Condition, path: Path, ph?: Phenomenon): void =>
    walkCondition(c, path, (x, p) => {
      if ('carriesItem' in x && !items.has(x.carriesItem) && !ph?.items.some((i) => i.id === x.carriesItem)) issue([...p, 'carriesItem'], 'itemId');
      if ('someoneCarries' in x && !items.has(x.someoneCarries) && !ph?.items.some((i) => i.id === x.someoneCarries)) issue([...p, 'someoneCarries'], 'itemId');
      for (const k of ['at', 'allLivingAt', 'someoneAt'] as const) {
        const ref = (x as Record<string, unknown>)[k];
        if (typeof ref === 'string' && !spaceOk(ref)) issue([...p, k], 'spaceRef');
      }
      if ('enemyDefeated' in x && !ph?.enemies.some((e) => e.id === x.enemyDefeated)) issue([...p, 'enemyDefeated'], 'enemyOfPhenomenon');
      if ('roleAlive' in x && !ph?.roles.some((r) => r.id === x.roleAlive)) issue([...p, 'roleAlive'], 'roleOfPhenomenon');
    });
  const checkEffects = (list: readonly Effect[], path: Path, ph?: Phenomenon): void =>
    walkEffects(list, path, (e, p) => {
      if (!ph && PHENOMENON_OPS.has(e.op)) issue([...p, 'op'], 'onlyInPhenomenon', { op: e.op });
      for (const k of ['space', 'to', 'at'] as const) {
        const ref = e[k];
        if (typeof ref === 'string' && !spaceOk(ref) && !(k === 'to' && ref === 'random-room')) issue([...p, k], 'spaceRef');
      }
      if (e.op === 'placeItem' && !items.has(e['item'] as string) && !ph?.items.some((i) => i.id === e['item'])) issue([...p, 'item'], 'itemId');
      if (e.op === 'spawn' && ph) {
        const enemy = e['enemy'] as string | undefined;
        const ally = e['ally'] as string | undefined;
        if ((enemy === undefined) === (ally === undefined)) issue(p, 'enemyOrAlly');
        if (enemy !== undefined && !ph.enemies.some((x) => x.id === enemy)) issue([...p, 'enemy'], 'enemyOfPhenomenon');
        if (ally !== undefined && !ph.allies.some((x) => x.id === ally)) issue([...p, 'ally'], 'allyOfPhenomenon');
      }
      if (e.op === 'hurtEnemy' && ph && e['enemy'] !== undefined && !ph.enemies.some((x) => x.id === e['enemy'])) issue([...p, 'enemy'], 'enemyOfPhenomenon');
      if (e.op === 'end' && ph && !ph.endings.some((x) => x.id === e['ending'])) issue([...p, 'ending'], 'endingOfPhenomenon');
      if (e.op === 'dealRoles' && ph && ph.roles.length === 0) issue(p, 'rolesToDeal');
      if (e.op === 'if') checkCondition(e['cond'] as Condition, [...p, 'cond'], ph);
    });

  const roomLists = [['rooms', pack.rooms], ['hallucination-rooms', pack.hallucinationRooms]] as const;
  for (const [file, list] of roomLists) {
    list.forEach((r, i) => {
      for (const k of ['onReveal', 'onEndMove', 'firstTime', 'endOfTurn'] as const) checkEffects(r[k], [file, i, k]);
    });
  }
  for (const key of Object.keys(raw).filter((k) => k.startsWith('hallucinations/'))) {
    const list = raw[key];
    if (!Array.isArray(list)) continue;
    (list as ComaWardPack['hallucinations']).forEach((h, i) =>
      h.versions.forEach((v, j) => Object.entries(v.results).forEach(([o, r]) => checkEffects(r.effects, [key, i, 'versions', j, 'results', o, 'effects']))),
    );
  }
  pack.items.forEach((it, i) => { if (it.use) checkEffects(it.use, ['items', i, 'use']); });
  pack.neuroses.forEach((n, i) => {
    n.stages.forEach((s, j) => {
      const at: Path = ['neuroses', i, 'stages', j];
      if (s.trigger) checkCondition(s.trigger, [...at, 'trigger']);
      checkEffects(s.effects, [...at, 'effects']);
      if (s.ability) checkEffects(s.ability.effects, [...at, 'ability', 'effects']);
    });
    if (n.hidden.trigger) checkCondition(n.hidden.trigger, ['neuroses', i, 'hidden', 'trigger']);
    checkEffects(n.hidden.effects, ['neuroses', i, 'hidden', 'effects']);
    if (n.hidden.ability) checkEffects(n.hidden.ability.effects, ['neuroses', i, 'hidden', 'ability', 'effects']);
  });
  pack.quirks.forEach((q, i) => {
    if (!('declared' in q.counter)) checkCondition(q.counter as Condition, ['quirks', i, 'counter']);
    q.resolve.forEach((r, j) => checkEffects(r.effects, ['quirks', i, 'resolve', j, 'effects']));
  });

  for (const key of Object.keys(raw).filter((k) => k.startsWith('phenomena/'))) {
    const ph = raw[key] as Phenomenon;
    if (Array.isArray(ph)) continue;
    unique(ph.roles, [key, 'roles'], 'uniqueRole');
    unique(ph.enemies, [key, 'enemies'], 'uniqueEnemy');
    unique(ph.allies, [key, 'allies'], 'uniqueAlly');
    unique(ph.entities, [key, 'entities'], 'uniqueEntity');
    unique(ph.endings, [key, 'endings'], 'uniqueEnding');
    ph.items.forEach((it, i) => { if (items.has(it.id)) issue([key, 'items', i, 'id'], 'newItemId'); });
    if (ph.mode !== 'cooperative' && ph.roles.length === 0) issue([key, 'roles'], 'rolesFor', { mode: ph.mode });
    if (ph.roles.filter((r) => r.count === 'rest').length > 1) issue([key, 'roles'], 'oneRest');
    checkEffects(ph.setup, [key, 'setup'], ph);
    ph.roles.forEach((r, i) => { if (r.goal) checkCondition(r.goal, [key, 'roles', i, 'goal'], ph); });
    ph.enemies.forEach((e, i) => {
      checkEffects(e.onEnter, [key, 'enemies', i, 'onEnter'], ph);
      const m = /^hunt-role:(.+)$/.exec(e.behaviour);
      if (m && !ph.roles.some((r) => r.id === m[1])) issue([key, 'enemies', i, 'behaviour'], 'roleOfPhenomenon');
    });
    ph.allies.forEach((a, i) => checkEffects(a.onEnter, [key, 'allies', i, 'onEnter'], ph));
    ph.items.forEach((it, i) => { if (it.use) checkEffects(it.use, [key, 'items', i, 'use'], ph); });
    ph.events.forEach((ev, i) => {
      const w = ev.when as EventWhen;
      if ('entersRoom' in w && !spaceOk(w.entersRoom)) issue([key, 'events', i, 'when', 'entersRoom'], 'spaceRef');
      else if ('leavesRoom' in w && !spaceOk(w.leavesRoom)) issue([key, 'events', i, 'when', 'leavesRoom'], 'spaceRef');
      else if (!('entersRoom' in w) && !('leavesRoom' in w) && !('roundEnd' in w) && !('playerDies' in w)) checkCondition(w, [key, 'events', i, 'when'], ph);
      checkEffects(ev.effects, [key, 'events', i, 'effects'], ph);
    });
    ph.entities.forEach((en, i) => checkEffects(en.effects, [key, 'entities', i, 'effects'], ph));
    ph.endings.forEach((en, i) => {
      checkCondition(en.when, [key, 'endings', i, 'when'], ph);
      const m = /^role:(.+)$/.exec(en.winners);
      if (m && !ph.roles.some((r) => r.id === m[1])) issue([key, 'endings', i, 'winners'], 'roleOfPhenomenon');
    });
  }
}
