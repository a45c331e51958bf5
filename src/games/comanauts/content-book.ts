import { z } from 'zod';
import { expecting, type Need } from '../../content/expected.ts';

/**
 * The adventure book's part of the Comanauts pack format (docs/comanauts-book.md): the effect language of
 * a page's entries, the page's optional book fields (introduction, doors, tokens, environment cards…),
 * environment cards, keywords, item and clarity-ability additions, and their cross-reference checks.
 * content.ts passes its primitives in (`bookSchemas`), so this file imports nothing from it.
 */
export interface BookPrimitives {
  readonly text: z.ZodType<{ en: string; es: string }>;
  readonly id: z.ZodString;
  readonly colour: z.ZodEnum<{ red: 'red'; green: 'green'; yellow: 'yellow'; blue: 'blue'; purple: 'purple' }>;
  readonly symbol: z.ZodType<string>;
}

/** Token kinds a book effect may place or remove (Rules §Page Setup, §Tokens). */
export const bookTokens = ['search', 'insight', 'objective', 'fire'] as const;
export type BookToken = (typeof bookTokens)[number];

/** Whose avatar an effect touches: the current player, every avatar on the map, or one the current player picks. */
export const whoKinds = ['active', 'all', 'choose'] as const;

export function bookSchemas(p: BookPrimitives) {
  const { text, id } = p;
  const who = z.enum(whoKinds);
  const simple = [
    z.object({ do: z.literal('narrate'), text }).strict(),
    z.object({ do: z.literal('encounter'), hostiles: z.array(id).default([]), entity: z.string().optional(), code: z.string().regex(/^\d{7}$/, expecting('comanauts.idCode')).optional() }).strict(),
    z.object({ do: z.literal('gainInsight'), n: z.number().int().min(1) }).strict(),
    z.object({ do: z.literal('revealClue') }).strict(),
    z.object({ do: z.literal('gainItem'), item: id, who: who.optional() }).strict(),
    z.object({ do: z.literal('attack'), strength: z.number().int().min(0), who }).strict(),
    z.object({ do: z.literal('status'), status: id, who }).strict(),
    z.object({ do: z.literal('activateDefaultStatus'), who }).strict(),
    z.object({ do: z.literal('heal'), n: z.number().int().min(1), who: who.optional() }).strict(),
    z.object({ do: z.literal('gainClarity'), n: z.number().int().min(1), who: who.optional() }).strict(),
    z.object({ do: z.literal('revealVital') }).strict(),
    z.object({ do: z.literal('turnToPage'), page: z.union([id, z.number().int().min(1)]) }).strict(),
    z.object({ do: z.literal('goToNexus') }).strict(),
    /** Rules §Insight Spot: an insight token on a space of this page with the insight symbol; stepping there reads its entry. */
    z.object({ do: z.literal('placeInsight'), space: id }).strict(),
    z.object({ do: z.literal('placeTokens'), token: z.enum(bookTokens), space: id, n: z.number().int().min(1).optional() }).strict(),
    z.object({ do: z.literal('removeTokens'), token: z.enum(bookTokens), space: id, n: z.number().int().min(1).optional() }).strict(),
    z.object({ do: z.literal('skillTest'), test: id }).strict(),
    z.object({ do: z.literal('groupTask') }).strict(),
    z.object({ do: z.literal('openDoor'), door: id }).strict(),
    z.object({ do: z.literal('unlockDoor'), door: id }).strict(),
    z.object({ do: z.literal('lockDoor'), door: id }).strict(),
    z.object({ do: z.literal('placeDoor'), door: id }).strict(),
    z.object({ do: z.literal('environment'), card: id }).strict(),
    z.object({ do: z.literal('removeEnvironment'), card: id }).strict(),
  ] as const;
  // Named so the published JSON Schema holds each union once (`$defs`) instead of at every entry.
  const simpleEffect = z.discriminatedUnion('do', [...simple]);
  const choice = z
    .object({
      do: z.literal('choice'),
      who: z.enum(['active', 'bookkeeper']).optional(),
      text,
      options: z.array(z.object({ label: text, effects: z.array(simpleEffect) }).strict()).min(2).max(5),
    })
    .strict();
  const effect = z.discriminatedUnion('do', [...simple, choice]).meta({ id: 'comanautsEffect' });
  const effects = z.array(effect);
  const branchTest = z.object({ colour: p.colour, target: z.number().int().min(1), success: effects.default([]), fail: effects.default([]) }).strict();
  const environment = z
    .object({
      id,
      name: text,
      text,
      where: z.union([z.object({ space: id }).strict(), z.object({ symbol: p.symbol }).strict()]).optional(),
      test: branchTest.optional(),
      use: effects.optional(),
      endOfTurn: z.boolean().optional(),
      once: z.boolean().optional(),
    })
    .strict();
  const door = z.object({ id, between: z.tuple([id, id]), locked: z.boolean().optional(), text: text.optional() }).strict();
  return {
    effect,
    simpleEffect,
    /** Optional page fields (docs/comanauts-book.md, "A page"); never defaulted, so older pages parse unchanged. */
    pageFields: {
      number: z.number().int().min(1).optional(),
      introduction: effects.optional(),
      doors: z.array(door).optional(),
    },
    setupFields: {
      code: z.string().regex(/^\d{7}$/, expecting('comanauts.idCode')).optional(),
      doors: z.array(id).optional(),
      objectives: z.array(id).optional(),
      insight: z.array(id).optional(),
      fire: z.array(id).optional(),
      environment: z.array(id).optional(),
    },
    entryFields: {
      objective: z.record(z.string(), effects).optional(),
      fire: effects.optional(),
    },
    testFields: { repeatable: z.boolean().optional(), offered: z.boolean().optional() },
    groupTaskFields: { space: id.optional(), closed: z.boolean().optional() },
    itemFields: {
      keywords: z.array(id).optional(),
      consumable: z.boolean().optional(),
      use: effects.optional(),
      ammo: z.boolean().optional(),
      text: text.optional(),
    },
    abilityKinds: ['heal', 'fetchDie', 'removeStatus', 'effects', 'passTest'] as const,
    abilityFields: { effects: effects.optional() },
    files: {
      environment: z.array(environment).optional(),
      keywords: z.record(z.string(), text).optional(),
    },
  };
}

/** An effect as the interpreter reads it (the shape every variant shares for cross-reference checks). */
interface AnyEffect {
  readonly do: string;
  readonly [k: string]: unknown;
}
type Path = (string | number)[];

interface BookPage {
  readonly id: string;
  readonly number?: number | undefined;
  readonly spaces: readonly { readonly id: string; readonly symbols: readonly string[] }[];
  readonly lines: readonly { readonly between: readonly [string, string] }[];
  readonly introduction?: readonly AnyEffect[] | undefined;
  readonly doors?: readonly { readonly id: string; readonly between: readonly [string, string] }[] | undefined;
  readonly setup: {
    readonly doors?: readonly string[] | undefined;
    readonly objectives?: readonly string[] | undefined;
    readonly insight?: readonly string[] | undefined;
    readonly fire?: readonly string[] | undefined;
    readonly environment?: readonly string[] | undefined;
  };
  readonly entries: {
    readonly threat: readonly AnyEffect[];
    readonly critical: readonly AnyEffect[];
    readonly rabbitHole: readonly AnyEffect[];
    readonly poi: Readonly<Record<string, readonly AnyEffect[]>>;
    readonly insight?: Readonly<Record<string, readonly AnyEffect[]>> | undefined;
    readonly objective?: Readonly<Record<string, readonly AnyEffect[]>> | undefined;
    readonly fire?: readonly AnyEffect[] | undefined;
  };
  readonly tests: readonly { readonly id: string; readonly space?: string | undefined; readonly success: readonly AnyEffect[]; readonly fail: readonly AnyEffect[] }[];
  readonly groupTask?: { readonly space?: string | undefined; readonly success: readonly AnyEffect[] } | undefined;
}

interface BookPack {
  readonly items: readonly { readonly id: string; readonly keywords?: readonly string[] | undefined; readonly use?: readonly AnyEffect[] | undefined }[];
  readonly avatars: readonly { readonly ability: { readonly kind: string; readonly effects?: readonly AnyEffect[] | undefined } }[];
  readonly enemies: readonly { readonly id: string }[];
  readonly statuses: readonly { readonly id: string }[];
  readonly pages: readonly BookPage[];
  readonly environment?: readonly { readonly id: string; readonly where?: { readonly space?: string; readonly symbol?: string } | undefined; readonly test?: { readonly success: readonly AnyEffect[]; readonly fail: readonly AnyEffect[] } | undefined; readonly use?: readonly AnyEffect[] | undefined }[] | undefined;
  readonly keywords?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Cross references of the book (docs/comanauts-book.md): every id an effect, a page's setup or a door
 * names exists where it must, reported with the pack path of the offending field.
 */
export function checkBook(pack: BookPack, need: Need<'comanauts'>): void {
  const items = new Set(pack.items.map((i) => i.id));
  const enemies = new Set(pack.enemies.map((e) => e.id));
  const statuses = new Set(pack.statuses.map((s) => s.id));
  const pageIds = new Set(pack.pages.map((pg) => pg.id));
  const pageNumbers = new Set(pack.pages.flatMap((pg) => (pg.number === undefined ? [] : [pg.number])));
  const cards = new Set((pack.environment ?? []).map((c) => c.id));
  const allDoors = new Set(pack.pages.flatMap((pg) => (pg.doors ?? []).map((x) => x.id)));
  const keywords = new Set(Object.keys(pack.keywords ?? {}));

  /** `page` is the page the effects are read on, or null for items, abilities and environment cards. */
  const walk = (effects: readonly AnyEffect[] | undefined, path: Path, page: BookPage | null): void =>
    (effects ?? []).forEach((e, i) => {
      const at = [...path, i];
      const spaces = page ? new Set(page.spaces.map((s) => s.id)) : null;
      const str = (k: string): string => String(e[k]);
      switch (e.do) {
        case 'encounter':
          (e['hostiles'] as string[]).forEach((h, j) => need(enemies.has(h), [...at, 'hostiles', j], 'unknownEnemy', { id: h }));
          return;
        case 'status':
          return need(statuses.has(str('status')), [...at, 'status'], 'unknownStatus', { id: str('status') });
        case 'gainItem':
          return need(items.has(str('item')), [...at, 'item'], 'unknownItem', { id: str('item') });
        case 'turnToPage': {
          const target = e['page'];
          const ok = typeof target === 'number' ? pageNumbers.has(target) : pageIds.has(String(target));
          return need(ok, [...at, 'page'], 'unknownPage', { id: String(target) });
        }
        case 'placeInsight':
        case 'placeTokens':
        case 'removeTokens': {
          if (!page || !spaces) return need(false, at, 'onlyOnPage', { op: e.do });
          const sp = page.spaces.find((s) => s.id === str('space'));
          if (!sp) return need(false, [...at, 'space'], 'unknownSpace', { id: str('space') });
          const token = e.do === 'placeInsight' ? 'insight' : str('token');
          if (token === 'insight' && e.do !== 'removeTokens') need(sp.symbols.includes('insight'), [...at, 'space'], 'noInsightSymbolHere', { id: sp.id });
          if (token === 'search') need(sp.symbols.includes('search'), [...at, 'space'], 'noSearchSymbol', { id: sp.id });
          return;
        }
        case 'skillTest':
          if (!page) return need(false, at, 'skillTestOnPage');
          return need(page.tests.some((t) => t.id === str('test')), [...at, 'test'], 'unknownTest', { test: str('test'), page: page.id });
        case 'groupTask':
          return need(page?.groupTask !== undefined, at, 'noGroupTask');
        case 'openDoor':
        case 'unlockDoor':
        case 'lockDoor':
        case 'placeDoor': {
          const door = str('door');
          if (door === 'any') return need(page === null && e.do === 'openDoor', [...at, 'door'], 'anyDoorInUse');
          const ok = page ? (page.doors ?? []).some((x) => x.id === door) : allDoors.has(door);
          return page ? need(ok, [...at, 'door'], 'unknownDoorOnPage', { door, page: page.id }) : need(ok, [...at, 'door'], 'unknownDoor', { door });
        }
        case 'environment':
        case 'removeEnvironment':
          return need(cards.has(str('card')), [...at, 'card'], 'unknownEnvironmentCard', { id: str('card') });
        case 'choice':
          (e['options'] as { effects: AnyEffect[] }[]).forEach((o, j) => walk(o.effects, [...at, 'options', j, 'effects'], page));
          return;
      }
    });

  pack.pages.forEach((pg, i) => {
    const at: Path = ['pages', i];
    const spaces = new Set(pg.spaces.map((s) => s.id));
    const symbolled = (symbol: string): Set<string> => new Set(pg.spaces.filter((s) => s.symbols.includes(symbol)).map((s) => s.id));
    walk(pg.introduction, [...at, 'introduction'], pg);
    walk(pg.entries.threat, [...at, 'entries', 'threat'], pg);
    walk(pg.entries.critical, [...at, 'entries', 'critical'], pg);
    walk(pg.entries.rabbitHole, [...at, 'entries', 'rabbitHole'], pg);
    walk(pg.entries.fire, [...at, 'entries', 'fire'], pg);
    for (const [k, list] of Object.entries(pg.entries.poi)) walk(list, [...at, 'entries', 'poi', k], pg);
    for (const [k, list] of Object.entries(pg.entries.insight ?? {})) walk(list, [...at, 'entries', 'insight', k], pg);
    for (const [k, list] of Object.entries(pg.entries.objective ?? {})) {
      need(spaces.has(k), [...at, 'entries', 'objective', k], 'unknownSpace', { id: k });
      walk(list, [...at, 'entries', 'objective', k], pg);
    }
    pg.tests.forEach((t, j) => {
      if (t.space) need(spaces.has(t.space), [...at, 'tests', j, 'space'], 'unknownSpace', { id: t.space });
      walk(t.success, [...at, 'tests', j, 'success'], pg);
      walk(t.fail, [...at, 'tests', j, 'fail'], pg);
    });
    if (pg.groupTask) {
      if (pg.groupTask.space) need(spaces.has(pg.groupTask.space), [...at, 'groupTask', 'space'], 'unknownSpace', { id: pg.groupTask.space });
      walk(pg.groupTask.success, [...at, 'groupTask', 'success'], pg);
    }
    (pg.doors ?? []).forEach((door, j) => {
      const [a, b] = door.between;
      const joined = pg.lines.some((l) => (l.between[0] === a && l.between[1] === b) || (l.between[0] === b && l.between[1] === a));
      need(joined, [...at, 'doors', j, 'between'], 'noLineJoins', { a, b });
    });
    const doorIds = new Set((pg.doors ?? []).map((x) => x.id));
    (pg.setup.doors ?? []).forEach((x, j) => need(doorIds.has(x), [...at, 'setup', 'doors', j], 'unknownDoorHere', { door: x }));
    (pg.setup.objectives ?? []).forEach((x, j) => need(spaces.has(x), [...at, 'setup', 'objectives', j], 'unknownSpace', { id: x }));
    (pg.setup.fire ?? []).forEach((x, j) => need(spaces.has(x), [...at, 'setup', 'fire', j], 'unknownSpace', { id: x }));
    const insightSpots = symbolled('insight');
    (pg.setup.insight ?? []).forEach((x, j) => need(insightSpots.has(x), [...at, 'setup', 'insight', j], 'noInsightSymbol', { id: x }));
    (pg.setup.environment ?? []).forEach((x, j) => need(cards.has(x), [...at, 'setup', 'environment', j], 'unknownEnvironmentCard', { id: x }));
  });
  pack.items.forEach((item, i) => {
    (item.keywords ?? []).forEach((k, j) => need(keywords.has(k), ['items', i, 'keywords', j], 'unknownKeyword', { id: k }));
    walk(item.use, ['items', i, 'use'], null);
  });
  pack.avatars.forEach((a, i) => {
    need(a.ability.kind !== 'effects' || (a.ability.effects ?? []).length > 0, ['avatars', i, 'ability', 'effects'], 'abilityEffects');
    walk(a.ability.effects, ['avatars', i, 'ability', 'effects'], null);
  });
  (pack.environment ?? []).forEach((c, i) => {
    need((c.test === undefined) !== (c.use === undefined), ['environment', i], 'testOrUse');
    const where = c.where;
    if (where?.space !== undefined) need(pack.pages.some((pg) => pg.spaces.some((s) => s.id === where.space)), ['environment', i, 'where', 'space'], 'noPageHasSpace', { id: where.space });
    walk(c.test?.success, ['environment', i, 'test', 'success'], null);
    walk(c.test?.fail, ['environment', i, 'test', 'fail'], null);
    walk(c.use, ['environment', i, 'use'], null);
  });
}
