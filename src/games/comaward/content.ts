import { z } from 'zod';
import { walkPackText } from '../../content/pack-text.ts';
import { defineEffects, type Effect } from '../../content/effects.ts';
import { expecting } from '../../content/expected.ts';
import { packManifestSchema } from '../../content/schema.ts';

/**
 * The Coma Ward pack format (docs/comaward-pack.md is the contract). Every object is strict; texts are
 * `{ en, es }`; the whole pack is validated by `comaWardPackSchema` (pack-schema.ts), which adds the cross
 * references JSON Schema cannot express (content-refs.ts).
 */

/** Pack text in both our locales. */
export const textSchema = z.strictObject({ en: z.string().min(1), es: z.string().min(1) });
export type Text = z.infer<typeof textSchema>;

const id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, expecting('anId'));

/** The four floors of the board (§Prologue Setup). */
export const floorIds = ['basement', 'floor1', 'floor2', 'floor3'] as const;
export type FloorId = (typeof floorIds)[number];
const floorId = z.enum(floorIds);

/** Statistics a check may read (§Your Character Statistics). */
export const checkStats = ['focus', 'strength', 'dexterity'] as const;
export type CheckStat = (typeof checkStats)[number];

export const itemTypes = ['weapon', 'clothing', 'food', 'medicine', 'clue'] as const;
export type ItemType = (typeof itemTypes)[number];

/** Things a player may have done since their last turn (condition `didThisTurn`). */
export const deeds = ['moved', 'revealed', 'rummaged', 'attacked', 'traded', 'hallucinated', 'usedItem', 'tookDamage', 'wasAttacked'] as const;
export type Deed = (typeof deeds)[number];

/** Who an `each` effect runs for. */
export const eachWho = ['room', 'floor', 'others', 'all', 'others-in-room'] as const;

/**
 * A space ref: a space id (a fixed room's id or `<floor>-<x>-<y>`), or one of the named refs: `here`,
 * `start`, `clue1`..`clue3` (the room of that clue), `entrance`.
 */
const spaceRef = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, expecting('comaward.spaceRef'));
export const namedRefs = ['here', 'start', 'clue1', 'clue2', 'clue3', 'entrance'] as const;

/** A condition of this game (docs/comaward-pack.md "Conditions"). */
export type Condition =
  | { readonly flag: string }
  | { readonly not: Condition }
  | { readonly all: readonly Condition[] }
  | { readonly any: readonly Condition[] }
  | { readonly alone: boolean }
  | { readonly inSight: boolean }
  | { readonly carriedAtLeast: number }
  | { readonly carriedAtMost: number }
  | { readonly carries: 'weapon' | 'clothing' | 'food' | 'medicine' }
  | { readonly carriesItem: string }
  | { readonly didThisTurn: Deed }
  | { readonly onFloor: FloorId }
  | { readonly at: string }
  | { readonly withPlayers: number }
  | { readonly healthAtMost: number }
  | { readonly terrorAtLeast: number }
  | { readonly round: number }
  | { readonly livingAtMost: number }
  | { readonly enemyDefeated: string }
  | { readonly enemiesLeft: number }
  | { readonly allLivingAt: string }
  | { readonly someoneAt: string }
  | { readonly someoneCarries: string }
  | { readonly roleAlive: string }
  | { readonly alive: boolean };

const flagName = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, expecting('flagName'));
const small = z.number().int().min(0).max(99);

export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ flag: flagName }),
    z.strictObject({ not: conditionSchema }),
    z.strictObject({ all: z.array(conditionSchema).min(1) }),
    z.strictObject({ any: z.array(conditionSchema).min(1) }),
    z.strictObject({ alone: z.boolean() }),
    z.strictObject({ inSight: z.boolean() }),
    z.strictObject({ carriedAtLeast: small }),
    z.strictObject({ carriedAtMost: small }),
    z.strictObject({ carries: z.enum(['weapon', 'clothing', 'food', 'medicine']) }),
    z.strictObject({ carriesItem: id }),
    z.strictObject({ didThisTurn: z.enum(deeds) }),
    z.strictObject({ onFloor: floorId }),
    z.strictObject({ at: spaceRef }),
    z.strictObject({ withPlayers: small }),
    z.strictObject({ healthAtMost: small }),
    z.strictObject({ terrorAtLeast: small }),
    z.strictObject({ round: small }),
    z.strictObject({ livingAtMost: small }),
    z.strictObject({ enemyDefeated: id }),
    z.strictObject({ enemiesLeft: small }),
    z.strictObject({ allLivingAt: spaceRef }),
    z.strictObject({ someoneAt: spaceRef }),
    z.strictObject({ someoneCarries: id }),
    z.strictObject({ roleAlive: id }),
    z.strictObject({ alive: z.boolean() }),
  ]),
);

/** The game's own ops on top of the shared language (docs/comaward-pack.md "Effects"). */
export const effects = defineEffects((list) => ({
  health: z.object({ amount: z.number().int().min(-9).max(9) }),
  terror: z.object({ amount: z.number().int().min(-9).max(9) }),
  drawItems: z.object({ count: z.number().int().min(1).max(6) }),
  hallucination: z.object({}),
  check: z.object({ stat: z.enum(checkStats), need: z.number().int().min(1).max(12), pass: list, fail: list }),
  moveTo: z.object({ space: spaceRef }),
  moves: z.object({ amount: z.number().int().min(1).max(9) }),
  discard: z.object({ which: z.enum(['random', 'choose']), type: z.enum(itemTypes).optional() }),
  replaceRoom: z.object({}),
  portal: z.object({ to: spaceRef }),
  skipTurn: z.object({}),
  each: z.object({ who: z.enum(eachWho), effects: list }),
  say: z.object({ text: textSchema }),
  spawn: z.object({ enemy: id.optional(), ally: id.optional(), at: spaceRef }),
  placeItem: z.object({ item: id, at: spaceRef }),
  dealRoles: z.object({}),
  hurtEnemy: z.object({ amount: z.number().int().min(1).max(9), enemy: id.optional() }),
  end: z.object({ ending: id }),
}));
const effectList = effects.schema;
export type { Effect };

const matSchema = z.strictObject({
  health: z
    .array(z.strictObject({ strength: z.number().int().min(0).max(12), dexterity: z.number().int().min(0).max(12) }))
    .length(6, expecting('comaward.sixRows')),
  terror: z.array(z.strictObject({ focus: z.number().int().min(0).max(12) })).min(2),
  maxTerror: z.number().int().min(1).max(20),
  startHealth: z.number().int().min(1).max(5),
  startTerror: z.number().int().min(0).max(20),
});

const cell = z.tuple([z.number().int().min(0).max(63), z.number().int().min(0).max(63)]);
const floorMap = z.partialRecord(floorId, cell);

const fixedRoomSchema = z.strictObject({
  id,
  letter: z.string().regex(/^[A-DF-RT-Z]$/, expecting('comaward.letter')),
  name: textSchema,
  rummage: z.boolean().default(true),
});

const floorSchema = z.strictObject({
  id: floorId,
  name: textSchema,
  width: z.number().int().min(1).max(40),
  height: z.number().int().min(1).max(40),
  map: z.string().min(1),
  rooms: z.array(fixedRoomSchema).default([]),
  walls: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])).default([]),
});

const dieFace = z.enum(['1', '2', '3', '4', '5', '6']);

const compass = z.enum(['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw']);

/**
 * How spaces without a room of their own are named, so two hallway spaces never read alike: the floor, the
 * nearest landmark (a fixed room, stairs or an elevator) and where the space lies from it
 * (`{{floor}}`, `{{landmark}}`, `{{where}}`, `{{name}}`, `{{n}}`, `{{dir}}` are filled in).
 */
const placesSchema = z.strictObject({
  hallway: textSchema,
  slot: textSchema,
  fixture: textSchema,
  step: textSchema,
  steps: textSchema,
  directions: z.record(compass, textSchema),
});

const boardSchema = z.strictObject({
  floors: z.array(floorSchema).length(4, expecting('comaward.fourFloors')),
  stairs: z.array(z.strictObject({ id, name: textSchema.optional(), spaces: floorMap })).min(1),
  elevators: z.array(z.strictObject({ id, name: textSchema, spaces: floorMap, table: z.record(dieFace, z.array(floorId)) })).default([]),
  portals: z.array(z.strictObject({ in: z.strictObject({ floor: floorId, at: cell }), out: z.strictObject({ floor: floorId, at: cell }) })).default([]),
  start: z.strictObject({ floor: floorId, room: id }),
  places: placesSchema.optional(),
});

const roomCardSchema = z.strictObject({
  id,
  name: textSchema,
  text: textSchema,
  rummage: z.boolean().default(true),
  onReveal: effectList.default([]),
  onEndMove: effectList.default([]),
  firstTime: effectList.default([]),
  endOfTurn: effectList.default([]),
});

const resultSchema = z.strictObject({ text: textSchema, effects: effectList.default([]) });

const hallucinationSchema = z.strictObject({
  id,
  situation: textSchema,
  options: z.array(z.strictObject({ id, title: textSchema })).min(1).max(3),
  versions: z.array(z.strictObject({ id, results: z.record(id, resultSchema) })).min(1),
});
const hallucinationFileSchema = z.array(hallucinationSchema);

const bonusSchema = z.strictObject({
  focus: z.number().int().min(-5).max(9).optional(),
  strength: z.number().int().min(-5).max(9).optional(),
  dexterity: z.number().int().min(-5).max(9).optional(),
  dodge: z.number().int().min(-5).max(9).optional(),
});

const itemSchema = z.strictObject({
  id,
  type: z.enum(itemTypes),
  name: textSchema,
  text: textSchema,
  copies: z.number().int().min(1).max(10).default(1),
  hands: z.union([z.literal(1), z.literal(2)]).optional(),
  attack: z.number().int().min(0).max(9).optional(),
  damage: z.number().int().min(0).max(9).optional(),
  armor: z.number().int().min(0).max(9).optional(),
  carryBonus: z.number().int().min(-5).max(9).optional(),
  counts: z.boolean().optional(),
  bonus: bonusSchema.optional(),
  use: effectList.optional(),
  keep: z.boolean().default(false),
  unwilling: z.boolean().default(false),
});

const adrenalineSchema = z.strictObject({
  focus: z.number().int().min(0).max(9).optional(),
  strength: z.number().int().min(0).max(9).optional(),
  dexterity: z.number().int().min(0).max(9).optional(),
});
const abilitySchema = z.strictObject({ text: textSchema, effects: effectList });
const stageSchema = z.strictObject({
  minTerror: z.number().int().min(0).max(20),
  text: textSchema,
  trigger: conditionSchema.optional(),
  effects: effectList.default([]),
  ability: abilitySchema.optional(),
  adrenaline: adrenalineSchema.optional(),
});
const neurosisSchema = z.strictObject({
  id,
  name: textSchema,
  stages: z.array(stageSchema).min(1),
  hidden: z.strictObject({
    name: textSchema,
    text: textSchema,
    trigger: conditionSchema.optional(),
    effects: effectList.default([]),
    ability: abilitySchema.optional(),
    adrenaline: adrenalineSchema.optional(),
  }),
});

/** A quirk counter is a condition the bot checks, or one the owner declares (about the person at the table). */
export type QuirkCounter = Condition | { readonly declared: Text };
const quirkSchema = z.strictObject({
  id,
  name: textSchema,
  text: textSchema,
  counter: z.union([z.strictObject({ declared: textSchema }), conditionSchema]) as z.ZodType<QuirkCounter>,
  resolve: z.array(z.strictObject({ atLeast: z.number().int().min(1).max(20), text: textSchema, effects: effectList.default([]) })).min(1),
});

const chartSchema = z.strictObject({
  rows: z.array(
    z.strictObject({
      clues: z.tuple([id, id, id]),
      byFirst: z.record(id, id).optional(),
      any: id.optional(),
    }),
  ),
});

/** Where a phenomenon event fires. */
export type EventWhen = Condition | { readonly entersRoom: string } | { readonly leavesRoom: string } | { readonly roundEnd: true } | { readonly playerDies: true };

const actorFields = {
  id,
  name: textSchema,
  text: textSchema,
  health: z.number().int().min(1).max(20),
  attack: z.number().int().min(0).max(12),
  damage: z.number().int().min(0).max(9),
  dodge: z.number().int().min(0).max(12),
  moves: z.number().int().min(0).max(9),
  onEnter: effectList.default([]),
};
const enemySchema = z.strictObject({
  ...actorFields,
  behaviour: z.string().regex(/^(hunt|guard|wander|hunt-role:[a-z0-9][a-z0-9-]*)$/, expecting('comaward.behaviour')),
});
const allySchema = z.strictObject({ ...actorFields, behaviour: z.enum(['follow', 'guard', 'wander']) });

const phenomenonSchema = z.strictObject({
  id,
  name: textSchema,
  mode: z.enum(['cooperative', 'traitor', 'individual']),
  intro: textSchema,
  summary: textSchema,
  setup: effectList.default([]),
  roles: z
    .array(
      z.strictObject({ id, name: textSchema, text: textSchema, count: z.union([z.number().int().min(1).max(6), z.literal('rest')]), goal: conditionSchema.optional() }),
    )
    .default([]),
  enemies: z.array(enemySchema).default([]),
  allies: z.array(allySchema).default([]),
  items: z.array(itemSchema).default([]),
  events: z
    .array(
      z.strictObject({
        when: z.union([
          z.strictObject({ entersRoom: spaceRef }),
          z.strictObject({ leavesRoom: spaceRef }),
          z.strictObject({ roundEnd: z.literal(true) }),
          z.strictObject({ playerDies: z.literal(true) }),
          conditionSchema,
        ]) as z.ZodType<EventWhen>,
        effects: effectList,
        once: z.boolean().default(false),
      }),
    )
    .default([]),
  entities: z.array(z.strictObject({ id, name: textSchema, text: textSchema, uses: z.number().int().min(1).max(9).default(1), effects: effectList })).default([]),
  endings: z
    .array(
      z.strictObject({
        id,
        when: conditionSchema,
        winners: z.string().regex(/^(all|none|survivors|goals|role:[a-z0-9][a-z0-9-]*)$/, expecting('comaward.winners')),
        epilogue: textSchema,
      }),
    )
    .min(1),
});

export type MatData = z.output<typeof matSchema>;
export type BoardData = z.output<typeof boardSchema>;
export type FloorData = z.output<typeof floorSchema>;
export type RoomCard = z.output<typeof roomCardSchema>;
export type Hallucination = z.output<typeof hallucinationSchema>;
export type ItemCard = z.output<typeof itemSchema>;
export type Neurosis = z.output<typeof neurosisSchema>;
export type NeurosisStage = z.output<typeof stageSchema>;
export type Quirk = z.output<typeof quirkSchema>;
export type ChartRow = z.output<typeof chartSchema>['rows'][number];
export type Phenomenon = z.output<typeof phenomenonSchema>;
export type EnemyCard = z.output<typeof enemySchema>;
export type AllyCard = z.output<typeof allySchema>;

/** The files of a pack as src/content merges them; hallucination and phenomenon files are checked by name. */
export const filesSchema = z
  .strictObject({
    pack: packManifestSchema,
    mat: matSchema,
    board: boardSchema,
    rooms: z.array(roomCardSchema).min(1),
    'hallucination-rooms': z.array(roomCardSchema).min(1),
    items: z.array(itemSchema).min(1),
    neuroses: z.array(neurosisSchema).min(1),
    quirks: z.array(quirkSchema).default([]),
    chart: chartSchema,
  })
  .catchall(z.union([hallucinationFileSchema, phenomenonSchema]));

export type Files = z.output<typeof filesSchema>;

/** The pack the rules read (`ctx.pack`): files as written, hallucinations flattened, phenomena by id. */
export interface ComaWardPack {
  readonly id: string;
  readonly version: string;
  readonly mat: MatData;
  readonly board: BoardData;
  readonly rooms: readonly RoomCard[];
  readonly hallucinationRooms: readonly RoomCard[];
  readonly hallucinations: readonly Hallucination[];
  readonly items: readonly ItemCard[];
  readonly neuroses: readonly Neurosis[];
  readonly quirks: readonly Quirk[];
  readonly chart: readonly ChartRow[];
  readonly phenomena: Readonly<Record<string, Phenomenon>>;
}

const PLURALS: Readonly<Record<string, string>> = {
  room: 'rooms',
  hallucinationRoom: 'hallucinationRooms',
  hallucination: 'hallucinations',
  item: 'items',
  neurosis: 'neuroses',
  quirk: 'quirks',
  phenomenon: 'phenomena',
  floor: 'floors',
  elevator: 'elevators',
  option: 'options',
  version: 'versions',
  role: 'roles',
  enemy: 'enemies',
  ally: 'allies',
  entity: 'entities',
  ending: 'endings',
  stage: 'stages',
};

/**
 * A pack text by key in a language, English as fallback. Keys walk the pack: a singular segment names its
 * list, list elements are found by id or index, and the key ends at a `{en, es}` text: `room.boiler-room.name`,
 * `hallucination.waiting-room.version.a.results.sit.text`, `phenomenon.the-long-night.intro`,
 * `board.floor.floor2.room.nurses-station-2.name`. Undefined for anything else.
 */
export function packText(pack: ComaWardPack, key: string, lang: string): string | undefined {
  const segs = key.split('.');
  // A phenomenon's own items (never in the deck) are named like the deck's: `item.<id>.name`.
  if (segs[0] === 'item' && !pack.items.some((i) => i.id === segs[1])) {
    const owner = Object.values(pack.phenomena).find((p) => p.items.some((i) => i.id === segs[1]));
    if (owner) return walkPackText({ item: owner.items }, key, lang, PLURALS);
  }
  return walkPackText(pack, key, lang, PLURALS);
}

/** The pack text keys events carry (params named `…Key`, replaced at the edge). */
export const textKeys = {
  room: (cardId: string): string => `room.${cardId}.name`,
  hallucinationRoom: (cardId: string): string => `hallucinationRoom.${cardId}.name`,
  fixedRoom: (floor: string, roomId: string): string => `board.floor.${floor}.room.${roomId}.name`,
  floor: (floor: string): string => `board.floor.${floor}.name`,
  elevator: (elevatorId: string): string => `board.elevator.${elevatorId}.name`,
  item: (itemId: string): string => `item.${itemId}.name`,
  neurosis: (neurosisId: string): string => `neurosis.${neurosisId}.name`,
  quirk: (quirkId: string): string => `quirk.${quirkId}.name`,
  quirkText: (quirkId: string): string => `quirk.${quirkId}.text`,
  situation: (hallId: string): string => `hallucination.${hallId}.situation`,
  optionTitle: (hallId: string, optionId: string): string => `hallucination.${hallId}.option.${optionId}.title`,
  result: (hallId: string, version: string, optionId: string): string => `hallucination.${hallId}.version.${version}.results.${optionId}.text`,
  phenomenon: (p: string): string => `phenomenon.${p}.name`,
  intro: (p: string): string => `phenomenon.${p}.intro`,
  summary: (p: string): string => `phenomenon.${p}.summary`,
  role: (p: string, role: string): string => `phenomenon.${p}.role.${role}.name`,
  roleText: (p: string, role: string): string => `phenomenon.${p}.role.${role}.text`,
  enemy: (p: string, e: string): string => `phenomenon.${p}.enemy.${e}.name`,
  ally: (p: string, a: string): string => `phenomenon.${p}.ally.${a}.name`,
  entity: (p: string, e: string): string => `phenomenon.${p}.entity.${e}.name`,
  entityText: (p: string, e: string): string => `phenomenon.${p}.entity.${e}.text`,
  epilogue: (p: string, ending: string): string => `phenomenon.${p}.ending.${ending}.epilogue`,
};
