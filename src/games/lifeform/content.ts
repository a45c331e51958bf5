import { z } from 'zod';
import { walkPackText } from '../../content/pack-text.ts';
import { checker, expecting } from '../../content/expected.ts';
import { definePackSchema } from '../../content/schema.ts';
import { checkPassenger, passengerSchema } from './content-mods.ts';
import { checkSolo, soloFileSchema } from './content-solo.ts';

/** Pack text is written in both our locales; rules pass keys on, the edge picks the language. */
export const textSchema = z.strictObject({ en: z.string().min(1), es: z.string().min(1) });
export type PackText = z.infer<typeof textSchema>;

const id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, expecting('lowerId'));

/** The three decks of the Valley Forge (§SETUP: power outages are placed one per deck). */
export const deckIds = ['a', 'b', 'c'] as const;
export type DeckId = (typeof deckIds)[number];

/** Crew action icons (§CREW ACTION REFERENCE). `move` is one character one move; `move2` one or two characters one move each. */
export const crewIcons = [
  'circuit',
  'draw2',
  'explore',
  'flamethrower',
  'flamethrowerAndroid',
  'flamethrowerCocoon',
  'missionMaintenance',
  'missionSister',
  'move',
  'move2',
  'run',
  'securityDoor',
  'selfDestruct',
  'shockProdAndroid',
  'survival',
  'swapImages',
] as const;
export type CrewIcon = (typeof crewIcons)[number];

/** Crew reactions (§CREW REACTIONS): always their own row, never played as actions. */
export const crewReactions = ['hide', 'run', 'shockProd'] as const;
export type CrewReaction = (typeof crewReactions)[number];

/**
 * Lifeform action icons (§LIFEFORM ACTION REFERENCE). Moves: `move1` one image one move, `move2` one or
 * two images one move each, `moveTwice` one image one or two moves, `move3` one to three images one move each.
 */
export const lifeformIcons = [
  'androidDeviation',
  'attack',
  'cocoon',
  'forceMove',
  'killHidden',
  'malfunction',
  'missionRemoval',
  'move1',
  'move2',
  'moveTwice',
  'move3',
  'powerOutage',
  'scannerMalfunction',
  'securityDoorRemoval',
  'selfDestruct',
  'survival',
  'swapIdentities',
  'terror',
  'vent',
] as const;
export type LifeformIcon = (typeof lifeformIcons)[number];

/** Lifeform reactions (§LIFEFORM REACTIONS). */
export const lifeformReactions = ['runCancel', 'shockProdCancel'] as const;
export type LifeformReaction = (typeof lifeformReactions)[number];

/** Showdown icons (§SHOWDOWN STAGE): five kinds; lifeform cards never carry the harpoon. */
export const showdownIcons = ['claw', 'bite', 'tail', 'acid', 'harpoon'] as const;
export type ShowdownIcon = (typeof showdownIcons)[number];

/** The lifeform's survival abilities (§SURVIVAL ABILITIES), fixed by the rules; the pack only names them. */
export const lifeformSurvivals = ['androidKill', 'moveAlien3', 'hullBreach'] as const;

/** Shuttle loadout columns (§LIFEFORM ENDGAME, §SHUTTLE LOADOUT). */
export const loadoutColumns = ['weaponry', 'coolant', 'energy', 'spacesuits', 'halon'] as const;
export type LoadoutColumn = (typeof loadoutColumns)[number];

/** Bonuses printed on loadout spaces (§SHUTTLE LOADOUT). */
export const loadoutBonuses = ['flamethrower', 'removeOutage', 'moveOutage', 'draw'] as const;

/** What a character ability does, in a closed language the rules interpret. */
export const abilityEffectSchema = z.discriminatedUnion('op', [
  /** One use: execute these crew action icons now, as a row of a crew card played by this character. */
  z.strictObject({ op: z.literal('actions'), icons: z.array(z.enum(crewIcons)).min(1).max(3) }),
  /** One use: the owner draws crew cards (hand limit applies). */
  z.strictObject({ op: z.literal('draw'), n: z.number().int().min(1).max(4) }),
  /** Ongoing: this character may ignore panic moves (§PANIC MOVE: Motoko). */
  z.strictObject({ op: z.literal('ignorePanic') }),
  /** Ongoing: a terror token met by this character is returned without drawing a terror card. */
  z.strictObject({ op: z.literal('fearless') }),
]);
export type AbilityEffect = z.infer<typeof abilityEffectSchema>;

const abilitySchema = z.strictObject({ name: textSchema, text: textSchema, effect: abilityEffectSchema });
export type PackAbility = z.infer<typeof abilitySchema>;

const sideSchema = z.strictObject({ skill: abilitySchema, survival: abilitySchema });

const characterSchema = z.strictObject({
  id,
  name: textSchema,
  /** `duo` is the side for a 2-player game, `group` for 3 or 4 (§SETUP: "the correct side faceup"). */
  sides: z.strictObject({ duo: sideSchema, group: sideSchema }),
});

const chamberSchema = z.strictObject({
  id,
  deck: z.enum(deckIds),
  name: textSchema,
  /** The number in the bottom right corner: mission tokens placed at setup (§SETUP). */
  mission: z.number().int().min(0).max(5).default(0),
  vent: z.boolean().default(false),
  /** A lifeform start chamber (§SETUP: two images start in two of them). */
  lifeformStart: z.boolean().default(false),
  cocoon: z.boolean().default(false),
  /** Carries the circuit board icon (§CIRCUIT BOARD). */
  circuit: z.boolean().default(false),
  /** An objective chamber: no hull breach here (§SURVIVAL ABILITIES: HULL BREACH). */
  objective: z.boolean().default(false),
  /** Carries the icon that forbids power outage and terror tokens (§SETUP, §POWER OUTAGE). */
  shielded: z.boolean().default(false),
  /** Where the picture draws it: deck-relative grid cell. */
  at: z.tuple([z.number().int().min(0).max(20), z.number().int().min(0).max(20)]),
});

const linkSchema = z.tuple([id, id]);

/** `ship.yaml`: the Valley Forge as data. */
const shipSchema = z.strictObject({
  decks: z.array(z.strictObject({ id: z.enum(deckIds), name: textSchema })).length(3),
  chambers: z.array(chamberSchema).min(6),
  corridors: z.array(linkSchema).min(5),
  tunnels: z.array(linkSchema).default([]),
  /** The Remora shuttle: a chamber for movement only, linked by one corridor to the Shuttle Bay. */
  remora: z.strictObject({ name: textSchema }),
  /** Chambers the rules name. */
  places: z.strictObject({
    galley: id,
    hypersleep: id,
    engineering: id,
    shuttleBay: id,
    dockingHub: id,
    maintenance: id,
    sisterInterface: id,
  }),
  /** The android AI path, Hypersleep first, ending in the Shuttle Bay (the next step is the Remora). */
  androidPath: z.array(id).min(2),
});

const selfDestructSpace = z.strictObject({
  /** Minutes shown on the space; `null` for START and for the explosion space (the last). */
  minute: z.number().int().min(0).max(60).nullable(),
  terror: z.boolean().default(false),
});

const hostilitySpace = z.strictObject({
  draw: z.boolean().default(false),
  terror: z.boolean().default(false),
  /** Red claw number: hostility tokens for the showdown (§HOSTILITY TRACK). */
  claw: z.number().int().min(0).max(9).default(0),
  /**
   * Rules 2: the lifeform collects the stowaway token when the tracker reaches this space (§ENDING B uses
   * it; the summary does not say what gives it, so the pack places it). At most one space.
   */
  stowawayToken: z.literal(true).optional(),
});

const cocoonSpace = z.strictObject({ hand: z.number().int().min(1).max(10), evolution: z.number().int().min(0).max(5).nullable() });

const byPlayers = <T extends z.ZodType>(t: T) => z.strictObject({ '2': t, '3': t, '4': t });

const loadoutSpace = z.strictObject({
  bonus: z.enum(loadoutBonuses).nullable().default(null),
  /** Weaponry: crew cards drawn at hibernation; energy: lifeform cards seen (§SHOWDOWN STAGE). */
  value: z.number().int().min(0).max(9).default(0),
});

const loadoutColumnSchema = z.strictObject({
  id: z.enum(loadoutColumns),
  name: textSchema,
  /** Bottom first. */
  spaces: z.array(loadoutSpace).min(1).max(12),
  /** Spaces below the red bar: how many must be filled to launch (not used for spacesuits). */
  minimum: z.number().int().min(0).max(12).default(0),
  /** Coolant, 2 players: spaces below the overheating token at setup. */
  overheating: z.number().int().min(0).max(12).optional(),
  /** Halon: sizes of the compartments, bottom first (§SHOWDOWN STAGE, crew pool). */
  compartments: z.array(z.number().int().min(1)).optional(),
});

/** `game.yaml`: the tracks and the loadout, with every start space by player count. */
const gameSettingsSchema = z.strictObject({
  selfDestruct: z.strictObject({ spaces: z.array(selfDestructSpace).min(10), start: byPlayers(z.number().int().min(0)) }),
  malfunction: z.strictObject({ spaces: z.array(z.enum(['none', 'powerOutage', 'androidMalfunctions', 'selfDestruct'])).min(2) }),
  /** Mission tokens the android removes on entering the Remora, per space; the space after the last is DESTROYED. */
  androidStatus: z.strictObject({ remove: z.array(z.number().int().min(0).max(9)).min(1) }),
  cocoon: byPlayers(z.array(cocoonSpace).min(2)),
  hostility: z.strictObject({ spaces: z.array(hostilitySpace).min(2), start: byPlayers(z.number().int().min(0)) }),
  loadout: z.array(loadoutColumnSchema).length(5),
  handLimit: z.number().int().min(1).default(6),
  powerOutageTokens: z.number().int().min(6).default(8),
  terrorTokens: z.number().int().min(1).default(8),
  missionTokens: z.number().int().min(1).default(40),
  /**
   * Rules 2: the data token pool, one showdown icon per token (§CIRCUIT BOARD: a data token of your choice;
   * §SHOWDOWN STAGE: it matches two fight icons identical to its own). Absent: data tokens carry no icon.
   */
  dataTokens: z.array(z.enum(['claw', 'bite', 'tail', 'acid'])).min(1).max(20).optional(),
  /**
   * Rules 2, the optional rule §OPTIONAL: EVOLUTION TOKEN (game option `evolution`): the seven evolution
   * tokens, each a lifeform action icon. One is removed at random, the other six go in pairs on the cocoon track.
   */
  evolutionTokens: z.array(z.enum(lifeformIcons)).length(7).optional(),
});

const crewCardSchema = z.strictObject({
  id,
  name: textSchema,
  copies: z.number().int().min(1).max(6).default(1),
  rows: z.array(z.array(z.enum(crewIcons)).min(1).max(3)).max(3),
  reaction: z.enum(crewReactions).nullable().default(null),
  showdown: z.array(z.enum(showdownIcons)).max(3).default([]),
  /** Kept out of the deck: the Mining Laser and the Flamethrower (§SETUP). */
  special: z.enum(['miningLaser', 'flamethrower']).nullable().default(null),
});

const lifeformCardSchema = z.strictObject({
  id,
  name: textSchema,
  copies: z.number().int().min(1).max(6).default(1),
  rows: z.array(z.array(z.enum(lifeformIcons)).min(1).max(3)).max(3),
  reaction: z.enum(lifeformReactions).nullable().default(null),
  showdown: z.array(z.enum(showdownIcons).exclude(['harpoon'])).max(3).default([]),
});

/** What a terror card does (§CHARACTER MEETS TERROR), in a closed language. */
export const terrorEffectSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('selfDestruct'), n: z.number().int().min(1).max(3) }),
  z.strictObject({ op: z.literal('malfunction'), n: z.number().int().min(1).max(2) }),
  z.strictObject({ op: z.literal('lifeformDraws'), n: z.number().int().min(1).max(2) }),
  /** The character's player discards cards at random. */
  z.strictObject({ op: z.literal('crewDiscards'), n: z.number().int().min(1).max(3) }),
  z.strictObject({ op: z.literal('crewDraws'), n: z.number().int().min(1).max(2) }),
  z.strictObject({ op: z.literal('hostility'), n: z.number().int().min(1).max(2) }),
]);
export type TerrorEffect = z.infer<typeof terrorEffectSchema>;

const terrorCardSchema = z.strictObject({ id, name: textSchema, text: textSchema, effects: z.array(terrorEffectSchema).min(1) });

const objectiveSchema = z.strictObject({
  id,
  name: textSchema,
  text: textSchema,
  /** Completed by a circuit board action in this chamber (§CIRCUIT BOARD). Null for "decide immediately" cards. */
  chamber: id.nullable().default(null),
  /** "Decide immediately": revealed at setup and resolved by one of these choices. */
  decide: z.array(z.strictObject({ text: textSchema, effects: z.array(terrorEffectSchema).min(1) })).max(3).default([]),
});

const stowawaySchema = z.strictObject({
  id,
  name: textSchema,
  /** Inclusive minute range for Ending B. */
  min: z.number().int().min(0),
  max: z.number().int().min(0),
  /** Kept for the showdown when guessed right (the 1–2 minute card), with its showdown icons. */
  keep: z.boolean().default(false),
  showdown: z.array(z.enum(showdownIcons).exclude(['harpoon'])).max(3).default([]),
});

/** Role cards of the ship's cat and the SIS-TER mainframe: crew icons that need no character. */
export const roleIcons = ['draw2', 'securityDoor', 'missionMaintenance', 'missionSister', 'swapImages', 'selfDestructBack', 'scare'] as const;
/** Icons a role board space may carry: the role card icons but `scare` (which needs the cat next to an image). */
export const roleBoardIcons = ['draw2', 'securityDoor', 'missionMaintenance', 'missionSister', 'swapImages', 'selfDestructBack'] as const;
const roleCardSchema = z.strictObject({ id, name: textSchema, text: textSchema, icons: z.array(z.enum(roleIcons)).min(1).max(2) });
const roleBoardSchema = z.strictObject({
  /** Two token tracks; reaching a trigger space gives one card back. */
  tracks: z
    .array(
      z.strictObject({
        length: z.number().int().min(2).max(10),
        triggers: z.array(z.number().int().min(1)),
        /** Rules 2: the board's own printed actions, done when a token reaches the space (`at`, from 1). */
        actions: z.array(z.strictObject({ at: z.number().int().min(1), icon: z.enum(roleBoardIcons) })).optional(),
      }),
    )
    .length(2),
});

const rolesSchema = z.strictObject({
  cat: z.strictObject({ name: textSchema, board: roleBoardSchema, cards: z.array(roleCardSchema).min(1) }),
  sister: z.strictObject({ name: textSchema, board: roleBoardSchema, cards: z.array(roleCardSchema).min(1) }),
});

const lifeformBoardSchema = z.strictObject({
  name: textSchema,
  survival: z.strictObject({ androidKill: textSchema, moveAlien3: textSchema, hullBreach: textSchema }),
});

const endingsSchema = z.strictObject({ a: textSchema, b: textSchema, c: textSchema });

/** Hooks for the expansions (a crisis deck, a motion track, mods): validated when present, not played yet. */
const expansionsSchema = z.strictObject({
  crisis: z.array(z.strictObject({ id, deck: z.enum(deckIds), name: textSchema, text: textSchema })).default([]),
  motion: z.strictObject({ spaces: z.number().int().min(2).max(20) }).optional(),
  mods: z.array(z.strictObject({ id, name: textSchema, text: textSchema })).default([]),
  /** 13th Passenger, mods A, B and D (content-mods.ts): played when a game's option `mods` names them. */
  passenger: passengerSchema({ character: characterSchema, terrorEffect: terrorEffectSchema, text: textSchema, id }).optional(),
});

/**
 * A Lifeform content pack (docs/lifeform-pack.md): `pack.yaml`, `game.yaml`, `ship.yaml`, `characters.yaml`,
 * `crew.yaml`, `lifeform.yaml`, `terror.yaml`, `objectives.yaml`, `stowaways.yaml`, `roles.yaml`,
 * `endings.yaml`, and optionally `expansions.yaml` and `solo.yaml`. Every cross reference is checked.
 */
export const lifeformPackSchema = definePackSchema({
  game: gameSettingsSchema,
  ship: shipSchema,
  /** Three disks per crew player, so nine at least for four players (§SETUP). */
  characters: z.array(characterSchema).min(9),
  crew: z.array(crewCardSchema).min(1),
  lifeform: z.strictObject({ board: lifeformBoardSchema, cards: z.array(lifeformCardSchema).min(1) }),
  terror: z.array(terrorCardSchema).min(1),
  objectives: z.array(objectiveSchema).min(3),
  stowaways: z.array(stowawaySchema).length(3),
  roles: rolesSchema,
  endings: endingsSchema,
  expansions: expansionsSchema.optional(),
  /** Dragon's Domain (content-solo.ts, docs/lifeform-pack.md "solo.yaml"): without it a pack cannot start `mode=solo`. */
  solo: soloFileSchema({ text: textSchema, id, icon: z.enum([...crewIcons, ...crewReactions]), deck: z.enum(deckIds), column: z.enum(loadoutColumns), chamber: id }).optional(),
}).superRefine((pack, ctx) => {
  const need = checker(ctx, 'lifeform');
  const chambers = new Set<string>();
  pack.ship.chambers.forEach((c, i) => {
    need(!chambers.has(c.id) && c.id !== 'remora', ['ship', 'chambers', i, 'id'], 'uniqueChamber', { id: c.id });
    chambers.add(c.id);
  });
  const known = (c: string): boolean => chambers.has(c);
  const linkKeys = new Set<string>();
  const checkLinks = (list: readonly (readonly [string, string])[], key: 'corridors' | 'tunnels'): void =>
    list.forEach(([x, y], i) => {
      need(known(x), ['ship', key, i, 0], 'chamberId', { id: x });
      need(known(y) || (key === 'corridors' && y === 'remora' && x === pack.ship.places.shuttleBay), ['ship', key, i, 1], 'chamberOrRemora', { id: y });
      need(x !== y, ['ship', key, i], 'twoChambers');
      const k = [x, y].sort().join('|');
      need(!linkKeys.has(k), ['ship', key, i], 'oneLink', { a: x, b: y });
      linkKeys.add(k);
    });
  checkLinks(pack.ship.corridors, 'corridors');
  checkLinks(pack.ship.tunnels, 'tunnels');
  need(
    pack.ship.corridors.some(([x, y]) => x === pack.ship.places.shuttleBay && y === 'remora'),
    ['ship', 'corridors'],
    'remoraCorridor',
  );
  for (const [k, v] of Object.entries(pack.ship.places)) need(known(v), ['ship', 'places', k], 'chamberId', { id: v });
  const adjacent = (x: string, y: string): boolean => linkKeys.has([x, y].sort().join('|')) && pack.ship.corridors.some((l) => [l[0], l[1]].sort().join('|') === [x, y].sort().join('|'));
  pack.ship.androidPath.forEach((c, i) => {
    need(known(c), ['ship', 'androidPath', i], 'chamberId', { id: c });
    if (i > 0) need(adjacent(pack.ship.androidPath[i - 1] as string, c), ['ship', 'androidPath', i], 'corridorTo', { id: String(pack.ship.androidPath[i - 1]) });
  });
  need(pack.ship.androidPath[0] === pack.ship.places.hypersleep, ['ship', 'androidPath', 0], 'hypersleepFirst');
  need(pack.ship.androidPath.at(-1) === pack.ship.places.shuttleBay, ['ship', 'androidPath', pack.ship.androidPath.length - 1], 'shuttleBayLast');
  need(pack.ship.chambers.filter((c) => c.lifeformStart).length >= 2, ['ship', 'chambers'], 'twoLifeformStarts');
  need(pack.ship.chambers.filter((c) => c.vent).length >= 2, ['ship', 'chambers'], 'twoVents');
  for (const deck of deckIds) need(pack.ship.chambers.filter((c) => c.deck === deck && !c.shielded).length >= 2, ['ship', 'chambers'], 'twoOutageChambers', { deck });

  const sd = pack.game.selfDestruct.spaces;
  need(sd.at(-1)?.minute === null, ['game', 'selfDestruct', 'spaces', sd.length - 1, 'minute'], 'explosionLast');
  for (const m of [20, 10, 9]) need(sd.some((s) => s.minute === m), ['game', 'selfDestruct', 'spaces'], 'minuteSpace', { minute: m });
  for (const p of ['2', '3', '4'] as const) {
    need(pack.game.selfDestruct.start[p] < sd.length - 1, ['game', 'selfDestruct', 'start', p], 'beforeExplosion');
    need(pack.game.hostility.start[p] < pack.game.hostility.spaces.length, ['game', 'hostility', 'start', p], 'hostilitySpace');
    const track = pack.game.cocoon[p];
    need(track.at(-1)?.evolution === null, ['game', 'cocoon', p, track.length - 1, 'evolution'], 'cocoonEnd');
  }
  need(pack.game.malfunction.spaces.includes('androidMalfunctions'), ['game', 'malfunction', 'spaces'], 'malfunctionSpace');
  const columns = pack.game.loadout.map((c) => c.id);
  loadoutColumns.forEach((c) => need(columns.includes(c), ['game', 'loadout'], 'loadoutColumn', { column: c }));
  pack.game.loadout.forEach((col, i) => {
    need(col.minimum <= col.spaces.length, ['game', 'loadout', i, 'minimum'], 'minimumAtMost', { max: col.spaces.length });
    if (col.id === 'coolant') need(col.overheating !== undefined && col.overheating < col.spaces.length, ['game', 'loadout', i, 'overheating'], 'overheating');
    if (col.id === 'halon') need((col.compartments ?? []).reduce((a, b) => a + b, 0) === col.spaces.length, ['game', 'loadout', i, 'compartments'], 'compartments', { total: col.spaces.length });
  });
  need(pack.game.loadout.flatMap((c) => c.spaces).filter((s) => s.bonus === 'flamethrower').length === 1, ['game', 'loadout'], 'oneFlamethrower');
  const missionAtStart = pack.ship.chambers.reduce((a, c) => a + c.mission, 0);
  need(missionAtStart <= pack.game.missionTokens, ['game', 'missionTokens'], 'missionTokens', { tokens: missionAtStart });

  const ids = new Set<string>();
  const unique = (list: readonly { id: string }[], path: string[]): void =>
    list.forEach((x, i) => {
      need(!ids.has(x.id), [...path, i, 'id'], 'uniqueId', { id: x.id });
      ids.add(x.id);
    });
  unique(pack.characters, ['characters']);
  unique(pack.crew, ['crew']);
  unique(pack.lifeform.cards, ['lifeform', 'cards']);
  unique(pack.terror, ['terror']);
  unique(pack.objectives, ['objectives']);
  unique(pack.stowaways, ['stowaways']);
  unique(pack.roles.cat.cards, ['roles', 'cat', 'cards']);
  unique(pack.roles.sister.cards, ['roles', 'sister', 'cards']);
  for (const special of ['miningLaser', 'flamethrower'] as const) {
    need(pack.crew.filter((c) => c.special === special).length === 1, ['crew'], 'oneSpecial', { card: special });
  }
  pack.crew.forEach((c, i) => {
    need(c.rows.length > 0 || c.reaction !== null || c.special === 'miningLaser', ['crew', i, 'rows'], 'rowOrReaction');
    need(c.special === null || c.copies === 1, ['crew', i, 'copies'], 'specialCopies');
  });
  const deckSize = pack.crew.filter((c) => c.special === null).reduce((a, c) => a + c.copies, 0);
  need(deckSize >= 20, ['crew'], 'crewDeck', { size: deckSize });
  pack.lifeform.cards.forEach((c, i) => need(c.rows.length > 0 || c.reaction !== null, ['lifeform', 'cards', i, 'rows'], 'rowOrReaction'));
  pack.objectives.forEach((o, i) => {
    need((o.chamber === null) !== (o.decide.length === 0), ['objectives', i], 'chamberOrDecide');
    if (o.chamber !== null) need(pack.ship.chambers.some((c) => c.id === o.chamber && c.circuit), ['objectives', i, 'chamber'], 'circuitChamber', { id: o.chamber });
  });
  pack.stowaways.forEach((s, i) => need(s.min <= s.max, ['stowaways', i, 'max'], 'stowawayMax', { min: s.min }));
  need(pack.stowaways.filter((s) => s.keep).length === 1, ['stowaways'], 'oneKept');
  if (pack.expansions?.passenger) checkPassenger(pack.expansions.passenger, ids, pack.game.selfDestruct.spaces.map((x) => x.minute), need);
  if (pack.solo) {
    const columns = Object.fromEntries(pack.game.loadout.map((c) => [c.id, c.spaces.length]));
    const shuttle = (pack.expansions?.passenger?.shuttlecraft?.locations ?? []).map((l) => l.id);
    checkSolo(pack.solo.solo, { chambers: pack.ship.chambers, cocoonSpaces: pack.game.cocoon['2'].length, columns, shuttle, icons: crewIcons, androidPath: pack.ship.androidPath, corridors: pack.ship.corridors }, ids, need);
  }
  need(pack.game.hostility.spaces.filter((x) => x.stowawayToken).length <= 1, ['game', 'hostility', 'spaces'], 'oneStowawayToken');
  for (const role of ['cat', 'sister'] as const) {
    pack.roles[role].board.tracks.forEach((t, i) => {
      (t.actions ?? []).forEach((a, j) => need(a.at < t.length, ['roles', role, 'board', 'tracks', i, 'actions', j, 'at'], 'spaceBelow', { length: t.length }));
    });
    pack.roles[role].board.tracks.forEach((t, i) =>
      t.triggers.forEach((tr, j) => need(tr < t.length, ['roles', role, 'board', 'tracks', i, 'triggers', j], 'spaceBelow', { length: t.length })),
    );
  }
});

export type LifeformPack = z.infer<typeof lifeformPackSchema>;
export type PackChamber = LifeformPack['ship']['chambers'][number];
export type PackCharacter = LifeformPack['characters'][number];
export type PackCrewCard = LifeformPack['crew'][number];
export type PackLifeformCard = LifeformPack['lifeform']['cards'][number];

const PLURALS: Readonly<Record<string, string>> = {
  chamber: 'chambers',
  character: 'characters',
  objective: 'objectives',
  stowaway: 'stowaways',
  card: 'cards',
  deck: 'decks',
  column: 'loadout',
};

/**
 * A pack text by key, in a language with English as fallback. Keys walk the pack; list elements are found
 * by id or index: `ship.chamber.galley.name`, `crew.flare.name`, `lifeform.card.lunge.name`,
 * `characters.motoko.sides.group.skill.text`, `endings.a`. Undefined for anything else.
 */
export function packText(pack: LifeformPack, key: string, lang: string): string | undefined {
  const text = walkPackText(pack, key, lang, PLURALS);
  if (text !== undefined || !pack.expansions?.passenger) return text;
  // 13th Passenger: the Mod A characters answer to `character.<id>…`, the other cards to `asteroid.<id>…` and `location.<id>…`.
  const p = pack.expansions.passenger;
  return walkPackText({ characters: p.survivors ?? [], asteroids: p.asteroids?.cards ?? [], locations: p.shuttlecraft?.locations ?? [] } as never, key, lang, { character: 'characters', asteroid: 'asteroids', location: 'locations' });
}

/** The pack text keys events carry (params named `…Key`, replaced at the edge). */
export const textKeys = {
  chamber: (id: string): string => (id === 'remora' ? 'ship.remora.name' : `ship.chamber.${id}.name`),
  character: (id: string): string => `character.${id}.name`,
  crew: (id: string): string => `crew.${id}.name`,
  lifeform: (id: string): string => `lifeform.card.${id}.name`,
  terror: (id: string): string => `terror.${id}.text`,
  objective: (id: string): string => `objective.${id}.name`,
  stowaway: (id: string): string => `stowaway.${id}.name`,
  ending: (e: 'a' | 'b' | 'c'): string => `endings.${e}`,
};
