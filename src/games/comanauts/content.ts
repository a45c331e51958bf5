import { z } from 'zod';
import { walkPackText } from '../../content/pack-text.ts';
import { checker, expecting } from '../../content/expected.ts';
import { definePackSchema } from '../../content/schema.ts';
import { adventureSchemas, checkAdventure } from './content-adventure.ts';
import { campaignSchemas, checkCampaign } from './content-campaign.ts';
import { bookSchemas, checkBook } from './content-book.ts';

/** Pack text is written in both our locales; rules only pass the id on, the edge picks the language. */
export const textSchema = z.object({ en: z.string().min(1), es: z.string().min(1) }).strict();

/** Attribute dice colours (Rules §Perform Actions); purple stands in for any of the others. */
export const attributeColours = ['red', 'green', 'yellow', 'blue', 'purple'] as const;
export type AttributeColour = (typeof attributeColours)[number];

/** Every die kind in the bag (Rules §Components: 38 dice); counts per kind are pack data. */
export const dieKinds = ['white', 'black', 'suspicious', 'red', 'green', 'yellow', 'blue', 'purple', 'child'] as const;
export type DieKind = (typeof dieKinds)[number];

/** Line kinds on a map page (Rules §Page Setup 5 and §Move). */
export const lineKinds = ['dotted', 'red', 'green', 'yellow', 'blue', 'white'] as const;
export type LineKind = (typeof lineKinds)[number];

/** Map symbols (Rules §Page Setup 1–8). */
export const symbolKinds = ['avatarStart', 'enemyStart', 'search', 'poi', 'insight', 'rabbitHole', 'objective'] as const;
export type SymbolKind = (typeof symbolKinds)[number];

const point = z.tuple([z.number(), z.number()]);
const segment = z.tuple([point, point]);
const id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, expecting('lowerId'));

const bonusSchema = z
  .object({
    red: z.number().int().optional(),
    green: z.number().int().optional(),
    yellow: z.number().int().optional(),
    blue: z.number().int().optional(),
    purple: z.number().int().optional(),
    melee: z.number().int().optional(),
    ranged: z.number().int().optional(),
    defence: z.number().int().optional(),
    /** Multiplies each die face before bonuses (Rules §Bonuses). */
    multiplier: z.number().int().min(1).optional(),
  })
  .strict();
export type Bonus = z.infer<typeof bonusSchema>;

/** The book's shared effect language and page additions live in content-book.ts (docs/comanauts-book.md). */
const book = bookSchemas({ text: textSchema, id, colour: z.enum(attributeColours), symbol: z.enum(symbolKinds) });
export const effectSchema = book.effect;
/** Comazones, I.D.s, clue cards and totems live in content-adventure.ts (docs/comanauts-adventure.md). */
const adventure = adventureSchemas({ text: textSchema, id });
/** Story passages a campaign unlocks live in content-campaign.ts (docs/comanauts-adventure.md, "Campaign"). */
const campaignFile = campaignSchemas({ text: textSchema, id });
export type Effect = z.infer<typeof effectSchema>;

const itemSchema = z
  .object({
    id,
    name: textSchema,
    /** `hand` fits Hand or Hand/Accessory; `accessory` fits Accessory or Hand/Accessory (Rules §Equipment Slots). */
    slot: z.enum(['head', 'body', 'hand', 'accessory', 'twoHands']),
    kind: z.enum(['melee', 'ranged', 'gear']).default('gear'),
    range: z.number().int().min(1).optional(),
    bonus: bonusSchema.default({}),
    ...book.itemFields,
  })
  .strict();

const avatarSchema = z
  .object({
    id,
    name: textSchema,
    lifeBonus: z.number().int().min(0).default(0),
    dieBonus: z.object({ colour: z.enum(attributeColours), amount: z.number().int() }).strict(),
    ability: z
      .object({ kind: z.enum(book.abilityKinds), cost: z.number().int().min(1), text: textSchema, ...book.abilityFields })
      .strict(),
    suspicious: z.array(id).default([]),
    startItems: z.array(id).default([]),
  })
  .strict();

const actionSchema = z
  .object({
    min: z.number().int().min(1).max(6),
    max: z.number().int().min(1).max(6),
    name: textSchema,
    speed: z.number().int().min(0),
    range: z.number().int().min(0),
    strength: z.number().int().min(0),
    /** Status the target gains when the attack is not blocked. */
    status: id.optional(),
  })
  .strict();

const enemySchema = z
  .object({
    id,
    name: textSchema,
    kind: z.enum(['hostile', 'entity']).default('hostile'),
    /** Identification code of an I.D. Entity (Rules §Encountering an I.D. Entity). */
    code: z.string().optional(),
    defence: z.number().int().min(1),
    loot: id.optional(),
    actions: z.array(actionSchema).min(1),
  })
  .strict();

const statusSchema = z
  .object({
    id,
    name: textSchema,
    effect: z.enum(['none', 'noMove', 'burning']).default('none'),
    removal: z.object({ colour: z.enum(attributeColours), target: z.number().int().min(1) }).strict().nullable(),
  })
  .strict();

const spaceSchema = z
  .object({
    id,
    name: textSchema,
    polygon: z.array(point).min(3),
    /** Standee positions inside the space, in page pixels. */
    spots: z.array(point).min(1),
    symbols: z.array(z.enum(symbolKinds)).default([]),
    /** Rules §Point of Interest: a point of interest whose symbol carries the repeat mark, explored every time an avatar enters. */
    repeatable: z.boolean().optional(),
  })
  .strict();

const testSchema = z
  .object({
    id,
    colour: z.enum(attributeColours),
    target: z.number().int().min(1),
    space: id.optional(),
    text: textSchema,
    success: z.array(effectSchema).default([]),
    fail: z.array(effectSchema).default([]),
    ...book.testFields,
  })
  .strict();

const pageSchema = z
  .object({
    id,
    name: textSchema,
    comazone: id,
    size: z.object({ w: z.number().int().min(100), h: z.number().int().min(100) }).strict(),
    spaces: z.array(spaceSchema).min(1),
    lines: z.array(z.object({ between: z.tuple([id, id]), kind: z.enum(lineKinds), path: segment }).strict()),
    /** Extra solid white segments that block clear sight without separating two spaces. */
    walls: z.array(segment).default([]),
    setup: z
      .object({ searchTokens: z.record(z.string(), z.number().int().min(1)).default({}), encounter: z.array(id).default([]), ...book.setupFields })
      .strict()
      .default({ searchTokens: {}, encounter: [] }),
    searchItems: z.array(id).default([]),
    entries: z
      .object({
        threat: z.array(effectSchema).default([]),
        critical: z.array(effectSchema).default([]),
        rabbitHole: z.array(effectSchema).default([]),
        poi: z.record(z.string(), z.array(effectSchema)).default({}),
        /** Rules §Insight Spot: read when an avatar reaches a space holding an insight token (which is then taken). */
        insight: z.record(z.string(), z.array(effectSchema)).optional(),
        ...book.entryFields,
      })
      .strict(),
    tests: z.array(testSchema).default([]),
    ...book.pageFields,
    groupTask: z
      .object({ colour: z.enum(attributeColours), target: z.number().int().min(1), text: textSchema, success: z.array(effectSchema).default([]), ...book.groupTaskFields })
      .strict()
      .optional(),
  })
  .strict();

/** `game.yaml`: the table settings of a pack (Rules §Components and §Game Setup). */
const gameSettingsSchema = z
  .object({
    dice: z.record(z.enum(dieKinds), z.number().int().min(0)),
    vitalSigns: z.object({ stable: z.number().int().min(2), critical: z.number().int().min(0) }).strict(),
    defaultStatuses: z.array(id).min(1),
    startPage: id,
  })
  .strict();

/**
 * A Comanauts content pack as src/content merges it: `pack.yaml` (manifest), `game.yaml`, `items.yaml`,
 * `avatars.yaml`, `enemies.yaml`, `statuses.yaml`, `pages.yaml`; every cross reference is checked.
 */
export const comanautsPackSchema = definePackSchema({
  game: gameSettingsSchema,
  items: z.array(itemSchema),
  avatars: z.array(avatarSchema).min(2),
  enemies: z.array(enemySchema).min(1),
  statuses: z.array(statusSchema),
  pages: z.array(pageSchema).min(1),
  ...book.files,
  ...adventure.files,
  ...campaignFile.files,
})
  .superRefine((pack, ctx) => {
    const items = new Set(pack.items.map((i) => i.id));
    const enemies = new Set(pack.enemies.map((e) => e.id));
    const statuses = new Set(pack.statuses.map((s) => s.id));
    const pages = new Set(pack.pages.map((p) => p.id));
    const need = checker(ctx, 'comanauts');
    need(pages.has(pack.game.startPage), ['game', 'startPage'], 'unknownPage', { id: pack.game.startPage });
    pack.game.defaultStatuses.forEach((s, i) => need(statuses.has(s), ['game', 'defaultStatuses', i], 'unknownStatus', { id: s }));
    pack.avatars.forEach((a, i) => a.startItems.forEach((it, j) => need(items.has(it), ['avatars', i, 'startItems', j], 'unknownItem', { id: it })));
    pack.enemies.forEach((e, i) => {
      if (e.loot) need(items.has(e.loot), ['enemies', i, 'loot'], 'unknownItem', { id: e.loot });
      for (let face = 1; face <= 6; face++) {
        need(e.actions.some((a) => a.min <= face && face <= a.max), ['enemies', i, 'actions'], 'noActionForRoll', { face });
      }
      e.actions.forEach((a, j) => {
        if (a.status) need(statuses.has(a.status), ['enemies', i, 'actions', j, 'status'], 'unknownStatus', { id: a.status });
      });
    });
    pack.pages.forEach((p, i) => {
      const spaces = new Set(p.spaces.map((s) => s.id));
      p.lines.forEach((l, j) => l.between.forEach((s, k) => need(spaces.has(s), ['pages', i, 'lines', j, 'between', k], 'unknownSpace', { id: s })));
      Object.keys(p.setup.searchTokens).forEach((s) => need(spaces.has(s), ['pages', i, 'setup', 'searchTokens', s], 'unknownSpace', { id: s }));
      Object.keys(p.entries.poi).forEach((s) => need(spaces.has(s), ['pages', i, 'entries', 'poi', s], 'unknownSpace', { id: s }));
      p.setup.encounter.forEach((h, j) => need(enemies.has(h), ['pages', i, 'setup', 'encounter', j], 'unknownEnemy', { id: h }));
      p.searchItems.forEach((it, j) => need(items.has(it), ['pages', i, 'searchItems', j], 'unknownItem', { id: it }));
      p.spaces.forEach((s, j) => need(!s.repeatable || s.symbols.includes('poi'), ['pages', i, 'spaces', j, 'repeatable'], 'repeatableNoPoi', { id: s.id }));
      need(p.spaces.some((s) => s.symbols.includes('avatarStart')), ['pages', i, 'spaces'], 'noAvatarStart');
      need(p.spaces.some((s) => s.symbols.includes('enemyStart')), ['pages', i, 'spaces'], 'noEnemyStart');
      const insightSpots = new Set(p.spaces.filter((s) => s.symbols.includes('insight')).map((s) => s.id));
      Object.keys(p.entries.insight ?? {}).forEach((s) => need(insightSpots.has(s), ['pages', i, 'entries', 'insight', s], 'noInsightSymbol', { id: s }));
    });
    checkBook(pack, need);
    checkAdventure(pack, need);
    checkCampaign(pack, need);
  });

export type ComanautsPack = z.infer<typeof comanautsPackSchema>;
export type PackItem = ComanautsPack['items'][number];
export type PackAvatar = ComanautsPack['avatars'][number];
export type PackEnemy = ComanautsPack['enemies'][number];
export type PackStatus = ComanautsPack['statuses'][number];
export type PackPage = ComanautsPack['pages'][number];
export type PackSpace = PackPage['spaces'][number];
export type PackAction = PackEnemy['actions'][number];
export type PackComazone = NonNullable<ComanautsPack['comazones']>[number];
export type PackId = NonNullable<ComanautsPack['ids']>[number];
export type PackClue = NonNullable<ComanautsPack['clues']>[number];

const PLURALS: Readonly<Record<string, string>> = { comazone: 'comazones', clue: 'clues', enemy: 'enemies', item: 'items', avatar: 'avatars', status: 'statuses', page: 'pages', space: 'spaces', test: 'tests', door: 'doors', action: 'actions', entry: 'entries' };

/**
 * A pack text by key, in a language with English as fallback. Keys walk the pack: a singular segment
 * names its list (`enemy`, `page`, `space`, `test`, `action`, `entry`…), list elements are found by id or
 * index, and the key ends at a `{en, es}` text: `enemy.shade.name`, `page.orchard.space.well.name`,
 * `page.orchard.entry.threat.0.text`. Undefined for anything else.
 */
export function packText(pack: ComanautsPack, key: string, lang: string): string | undefined {
  const id = /^id\.([a-z0-9-]+)\.(name|comazone)$/.exec(key);
  if (id) {
    // An I.D. is named by its enemy card and belongs to a comazone (ids.yaml holds ids, not texts).
    const card = pack.ids?.find((x) => x.id === id[1]);
    if (!card) return undefined;
    return walkPackText(pack, id[2] === 'name' ? textKeys.enemy(card.enemy) : textKeys.comazone(card.comazone), lang, PLURALS);
  }
  return walkPackText(pack, key, lang, PLURALS);
}

/** The pack text keys events and rejections carry (params named `…Key`, replaced at the edge). */
export const textKeys = {
  enemy: (card: string): string => `enemy.${card}.name`,
  action: (card: string, index: number): string => `enemy.${card}.action.${index}.name`,
  item: (id: string): string => `item.${id}.name`,
  avatar: (id: string): string => `avatar.${id}.name`,
  status: (id: string): string => `status.${id}.name`,
  page: (id: string): string => `page.${id}.name`,
  space: (page: string, id: string): string => `page.${page}.space.${id}.name`,
  test: (page: string, id: string): string => `page.${page}.test.${id}.text`,
  environment: (id: string): string => `environment.${id}.name`,
  door: (page: string, id: string): string => `page.${page}.door.${id}.text`,
  keyword: (id: string): string => `keywords.${id}`,
  comazone: (id: string): string => `comazone.${id}.name`,
  memory: (id: string): string => `comazone.${id}.memory`,
  clue: (id: string): string => `clue.${id}.text`,
  /** An I.D. Entity by its ids.yaml id (a campaign's stickered I.D.s): its enemy card's name, its comazone's. */
  idName: (id: string): string => `id.${id}.name`,
  idComazone: (id: string): string => `id.${id}.comazone`,
  /** A story passage of campaign.yaml, told in a campaign's journal once unlocked. */
  passage: (id: string): string => `campaign.passages.${id}.text`,
};
