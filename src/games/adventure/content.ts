import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { checker, expecting } from '../../content/expected.ts';

/** Languages every adventure pack must carry in full (issue "Adventure Games": bilingual packs). */
export const PACK_LANGUAGES = ['en', 'es'] as const;
export type PackLanguage = (typeof PACK_LANGUAGES)[number];

/** A condition an `if` effect or a choice option tests against the table. */
export type Condition =
  | { readonly flag: string }
  | { readonly room: string }
  | { readonly card: number; readonly at: 'held' | 'stack' | 'box' }
  | { readonly not: Condition }
  | { readonly all: readonly Condition[] }
  | { readonly any: readonly Condition[] };

/**
 * One option of a `choice`: a label (pack text key), an optional condition, and what it does. `default`
 * marks the option taken when the player lets the prompt time out (at most one per choice; without it the
 * first option that does nothing, such as keeping a coin, is the safe default).
 */
export interface ChoiceOption {
  readonly label: string;
  readonly if?: Condition;
  readonly default?: true;
  readonly effects: readonly Effect[];
}

/**
 * The effect language of adventure entries, written as `{ op, ...params }` like the shared language of
 * `src/content/effects.ts`. Card instructions follow Rules §Rules for Cards; health follows Rules §Health.
 */
export type Effect =
  | { readonly op: 'text'; readonly key: string }
  | { readonly op: 'revealRoom'; readonly room: string }
  | { readonly op: 'takeCard'; readonly cards: readonly number[] }
  | { readonly op: 'returnToStack'; readonly cards: readonly number[] }
  | { readonly op: 'returnToBox'; readonly cards: readonly number[] }
  | { readonly op: 'loseHealth'; readonly amount?: number; readonly who?: 'active' | 'all' }
  | { readonly op: 'heal'; readonly amount?: number; readonly who?: 'active' | 'all' }
  | { readonly op: 'score'; readonly points: number }
  | { readonly op: 'setFlag'; readonly flag: string }
  | { readonly op: 'clearFlag'; readonly flag: string }
  | { readonly op: 'endChapter'; readonly chapter?: number }
  | { readonly op: 'if'; readonly cond: Condition; readonly then: readonly Effect[]; readonly else?: readonly Effect[] }
  | { readonly op: 'choice'; readonly options: readonly ChoiceOption[] };

/** An entry of the adventure book: its text is pack key `entry.<number>`, its effects run in order. */
export interface Entry {
  readonly effects: readonly Effect[];
}

const cardNumber = z.number().int().min(10).max(99);
const locationNumber = z.number().int().min(100).max(999);
const roomLetter = z.string().regex(/^[A-Z]$/, expecting('adventure.roomLetter'));
const flagName = z.string().regex(/^[a-z][a-zA-Z0-9_-]*$/, expecting('adventure.flagName'));
const textKey = z.string().regex(/^[a-z][a-zA-Z0-9_.-]*$/, expecting('adventure.textKey'));

export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.object({ flag: flagName }).strict(),
    z.object({ room: roomLetter }).strict(),
    z.object({ card: cardNumber, at: z.enum(['held', 'stack', 'box']) }).strict(),
    z.object({ not: conditionSchema }).strict(),
    z.object({ all: z.array(conditionSchema).min(1) }).strict(),
    z.object({ any: z.array(conditionSchema).min(1) }).strict(),
  ]),
);

export const effectSchema: z.ZodType<Effect> = z.lazy(() =>
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('text'), key: textKey }).strict(),
    z.object({ op: z.literal('revealRoom'), room: roomLetter }).strict(),
    z.object({ op: z.literal('takeCard'), cards: z.array(cardNumber).min(1) }).strict(),
    z.object({ op: z.literal('returnToStack'), cards: z.array(cardNumber).min(1) }).strict(),
    z.object({ op: z.literal('returnToBox'), cards: z.array(cardNumber).min(1) }).strict(),
    z.object({ op: z.literal('loseHealth'), amount: z.number().int().min(1).max(6).optional(), who: z.enum(['active', 'all']).optional() }).strict(),
    z.object({ op: z.literal('heal'), amount: z.number().int().min(1).max(6).optional(), who: z.enum(['active', 'all']).optional() }).strict(),
    z.object({ op: z.literal('score'), points: z.number().int().min(-20).max(20) }).strict(),
    z.object({ op: z.literal('setFlag'), flag: flagName }).strict(),
    z.object({ op: z.literal('clearFlag'), flag: flagName }).strict(),
    z.object({ op: z.literal('endChapter'), chapter: z.number().int().min(1).max(9).optional() }).strict(),
    z.object({ op: z.literal('if'), cond: conditionSchema, then: z.array(effectSchema), else: z.array(effectSchema).optional() }).strict(),
    z.object({
      op: z.literal('choice'),
      options: z.array(z.object({ label: textKey, if: conditionSchema.optional(), default: z.literal(true).optional(), effects: z.array(effectSchema) }).strict()).min(2).max(5),
    }).strict(),
  ]),
);

const entryKey = z.string().regex(/^\d{3,8}$/, expecting('adventure.entryNumber'));

const entrySchema = z.object({ effects: z.array(effectSchema).default([]) }).strict();

/** A code as the pack declares it: written in quotes, because leading zeros count. */
const CODE_FORMAT = expecting('adventure.code');
const codeValue = z.string(CODE_FORMAT).regex(/^\d{1,5}$/, CODE_FORMAT);

const manifestSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    gameType: z.literal('adventure'),
    version: z.string().min(1),
    name: z.object({ en: z.string().min(1), es: z.string().min(1) }).strict(),
    languages: z.array(z.string()).min(1),
    authors: z.array(z.string()).optional(),
    licence: z.string().optional(),
  })
  .strict();

const adventureFileSchema = z
  .object({
    start: z.object({ room: roomLetter, entry: entryKey }).strict(),
    characters: z.array(z.object({ id: z.string().regex(/^[a-z][a-z0-9-]*$/), color: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).strict()).min(2).max(4),
    chapters: z.array(z.object({ autoCards: z.array(cardNumber).default([]) }).strict()).min(1).max(9),
    ratings: z.array(z.object({ min: z.number().int().min(0) }).strict()).min(1),
    codes: z.array(z.object({ location: locationNumber, code: codeValue }).strict()).default([]),
  })
  .strict();

const roomsFileSchema = z.record(roomLetter, z.object({ locations: z.array(locationNumber).min(1).max(12) }).strict());
const cardsFileSchema = z.record(z.string().regex(/^\d{2}$/, expecting('adventure.cardNumber')), z.object({ color: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional() }).strict());
const textFileSchema = z.record(textKey, z.string().min(1).max(1800));
const entriesFileSchema = z.record(entryKey, entrySchema);

/** A code the pack declares at a location (see {@link AdventurePack.codes}). */
export interface AdventureCode {
  readonly location: number;
  readonly code: string;
}

/** The normalized pack the rules read from `ctx.pack` (output of {@link adventurePackSchema}). */
export interface AdventurePack {
  readonly id: string;
  readonly version: string;
  readonly start: { readonly room: string; readonly entry: string };
  readonly characters: readonly { readonly id: string; readonly color: string }[];
  readonly chapters: readonly { readonly autoCards: readonly number[] }[];
  readonly ratings: readonly { readonly min: number }[];
  /**
   * The answers of the adventure's riddles: a code is accepted only at its location, and reads entry
   * code-then-location (the rulebook's hints: 485 at 214 reads 485214). Anywhere else `/code` has no lock.
   */
  readonly codes: readonly AdventureCode[];
  /** Rooms by letter, in alphabetical order, each with its location numbers. */
  readonly rooms: Readonly<Record<string, { readonly locations: readonly number[] }>>;
  readonly cards: Readonly<Record<string, { readonly color?: string }>>;
  readonly entries: Readonly<Record<string, Entry>>;
  readonly texts: Readonly<Record<PackLanguage, Readonly<Record<string, string>>>>;
}

type RawFiles = Record<string, unknown> & {
  pack: z.infer<typeof manifestSchema>;
  adventure: z.infer<typeof adventureFileSchema>;
  rooms: z.infer<typeof roomsFileSchema>;
  cards: z.infer<typeof cardsFileSchema>;
  'text/en': z.infer<typeof textFileSchema>;
  'text/es': z.infer<typeof textFileSchema>;
};

const filesSchema = z
  .object({
    pack: manifestSchema,
    adventure: adventureFileSchema,
    rooms: roomsFileSchema,
    cards: cardsFileSchema,
    'text/en': textFileSchema,
    'text/es': textFileSchema,
  })
  .catchall(entriesFileSchema);

/** Files of a pack that hold entries: every file under `entries/`. */
export function entryFileNames(files: Record<string, unknown>): string[] {
  return Object.keys(files)
    .filter((name) => name.startsWith('entries/'))
    .sort();
}

/** Walks every effect (depth first) with its path inside the file, for cross-reference checks. */
export function walkEffects(
  effects: readonly Effect[],
  path: (string | number)[],
  visit: (effect: Effect, path: (string | number)[]) => void,
): void {
  effects.forEach((effect, i) => {
    const here = [...path, i];
    visit(effect, here);
    if (effect.op === 'if') {
      walkEffects(effect.then, [...here, 'then'], visit);
      if (effect.else) walkEffects(effect.else, [...here, 'else'], visit);
    } else if (effect.op === 'choice') {
      effect.options.forEach((option, j) => walkEffects(option.effects, [...here, 'options', j, 'effects'], visit));
    }
  });
}

function conditionRefs(cond: Condition, rooms: string[], cards: number[]): void {
  if ('room' in cond) rooms.push(cond.room);
  else if ('card' in cond) cards.push(cond.card);
  else if ('not' in cond) conditionRefs(cond.not, rooms, cards);
  else if ('all' in cond) cond.all.forEach((c) => conditionRefs(c, rooms, cards));
  else if ('any' in cond) cond.any.forEach((c) => conditionRefs(c, rooms, cards));
}

/** Text keys a normalized pack must define in every language. */
export function requiredTextKeys(pack: AdventurePack): string[] {
  const keys: string[] = [];
  for (const id of Object.keys(pack.entries)) keys.push(`entry.${id}`);
  for (const n of Object.keys(pack.cards)) keys.push(`card.${n}`, `hint.card.${n}`);
  for (const [letter, room] of Object.entries(pack.rooms)) {
    keys.push(`room.${letter}`);
    for (const loc of room.locations) keys.push(`hint.location.${loc}`);
  }
  for (const c of pack.characters) keys.push(`character.${c.id}`);
  pack.chapters.forEach((_, i) => keys.push(`chapter.${i + 1}`));
  pack.ratings.forEach((_, i) => keys.push(`rating.${i}`));
  for (const entry of Object.values(pack.entries)) {
    walkEffects(entry.effects, [], (effect) => {
      if (effect.op === 'text') keys.push(effect.key);
      if (effect.op === 'choice') for (const option of effect.options) keys.push(option.label);
    });
  }
  return [...new Set(keys)];
}

function normalize(files: RawFiles): AdventurePack {
  const entries: Record<string, Entry> = {};
  for (const name of entryFileNames(files)) {
    for (const [id, entry] of Object.entries(files[name] as Record<string, Entry>)) entries[id] = entry;
  }
  const rooms: Record<string, { locations: number[] }> = {};
  for (const letter of Object.keys(files.rooms).sort()) rooms[letter] = files.rooms[letter] as { locations: number[] };
  return {
    id: files.pack.id,
    version: files.pack.version,
    start: files.adventure.start,
    characters: files.adventure.characters,
    chapters: files.adventure.chapters,
    ratings: files.adventure.ratings,
    codes: files.adventure.codes,
    rooms,
    cards: files.cards,
    entries,
    texts: { en: files['text/en'], es: files['text/es'] },
  };
}

function checkReferences(files: RawFiles, ctx: z.RefinementCtx): void {
  const need = checker(ctx, 'adventure');
  const cards = new Set(Object.keys(files.cards).map(Number));
  const rooms = new Set(Object.keys(files.rooms));
  const locationOwner = new Map<number, string>();
  for (const [letter, room] of Object.entries(files.rooms)) {
    room.locations.forEach((loc, i) => {
      need(!locationOwner.has(loc), ['rooms', letter, 'locations', i], 'locationTaken', { location: loc, room: locationOwner.get(loc) ?? '' });
      locationOwner.set(loc, letter);
    });
  }
  const seen = new Map<string, string>();
  for (const name of entryFileNames(files)) {
    if (!name.startsWith('entries/')) continue;
    for (const [id, entry] of Object.entries(files[name] as Record<string, Entry>)) {
      need(!seen.has(id), [name, id], 'entryTwice', { id, file: seen.get(id) ?? '' });
      seen.set(id, name);
      walkEffects(entry.effects, [name, id, 'effects'], (effect, path) => {
        const refRooms: string[] = [];
        const refCards: number[] = [];
        if (effect.op === 'revealRoom') refRooms.push(effect.room);
        if (effect.op === 'takeCard' || effect.op === 'returnToStack' || effect.op === 'returnToBox') refCards.push(...effect.cards);
        if (effect.op === 'if') conditionRefs(effect.cond, refRooms, refCards);
        if (effect.op === 'choice') for (const o of effect.options) if (o.if) conditionRefs(o.if, refRooms, refCards);
        if (effect.op === 'choice') need(effect.options.filter((o) => o.default).length <= 1, path, 'oneDefault');
        if (effect.op === 'endChapter' && effect.chapter !== undefined && effect.chapter > files.adventure.chapters.length) {
          need(false, [...path, 'chapter'], 'chapterMissing', { chapter: effect.chapter, chapters: files.adventure.chapters.length });
        }
        for (const r of refRooms) need(rooms.has(r), path, 'roomMissing', { room: r });
        for (const c of refCards) need(cards.has(c), path, 'cardMissing', { card: c });
      });
    }
  }
  for (const [i, chapter] of files.adventure.chapters.entries()) {
    chapter.autoCards.forEach((c, j) => {
      need(cards.has(c), ['adventure', 'chapters', i, 'autoCards', j], 'cardMissing', { card: c });
    });
  }
  need(rooms.has(files.adventure.start.room), ['adventure', 'start', 'room'], 'roomMissing', { room: files.adventure.start.room });
  need(seen.has(files.adventure.start.entry), ['adventure', 'start', 'entry'], 'entryMissing', { entry: files.adventure.start.entry });
  for (const loc of locationOwner.keys()) {
    need(seen.has(String(loc)), ['rooms', locationOwner.get(loc) as string], 'locationNoEntry', { location: loc });
  }
  const declared = new Set<string>();
  files.adventure.codes.forEach(({ location, code }, i) => {
    const here: (string | number)[] = ['adventure', 'codes', i];
    const entry = codeEntry(code, location);
    need(locationOwner.has(location), [...here, 'location'], 'locationNoRoom', { location });
    need(seen.has(entry), here, 'codeEntryMissing', { entry, code, location });
    need(!declared.has(entry), here, 'codeTwice', { code, location });
    need(!readsAsCards(code, cards), [...here, 'code'], 'codeReadsAsCards', { code, cards: code.match(/\d\d/g)?.join(', ') ?? '', location });
    declared.add(entry);
  });
  const normalized = normalize(files);
  for (const lang of PACK_LANGUAGES) {
    const texts = files[`text/${lang}`];
    for (const key of requiredTextKeys(normalized)) {
      need(texts[key] !== undefined, [`text/${lang}`, key], 'textMissing', { key, lang });
    }
  }
}

/**
 * Validates an adventure pack as loaded by `src/content` (files merged by relative path without extension:
 * `pack`, `adventure`, `rooms`, `cards`, `text/en`, `text/es`, and any `entries/*`) and normalizes it into
 * an {@link AdventurePack}. Issue paths start with the file name, so errors name file and place.
 */
export const adventurePackSchema = filesSchema
  .superRefine((files, ctx) => checkReferences(files as RawFiles, ctx))
  .transform((files) => normalize(files as RawFiles)) as unknown as z.ZodType<AdventurePack>;

/** `place.<n>`: a location as words, derived, never read from a pack (see {@link packText}). */
const PLACE_KEY = /^place\.(\d+)$/;

/**
 * A pack text in one language, falling back to English; `undefined` when the key does not exist. The
 * derived key `place.<n>` is location n's name (`location.<n>`) or, where the pack names none, its number:
 * what the alt text says for a place.
 */
export function packText(pack: AdventurePack, key: string, language: string): string | undefined {
  const place = PLACE_KEY.exec(key);
  if (place) return packText(pack, `location.${place[1]}`, language) ?? place[1];
  const texts = (pack.texts as Record<string, Record<string, string>>)[language] ?? pack.texts.en;
  return texts[key] ?? pack.texts.en[key];
}

/** The room that holds a location, or undefined. */
export function roomOfLocation(pack: AdventurePack, location: number): string | undefined {
  for (const [letter, room] of Object.entries(pack.rooms)) if (room.locations.includes(location)) return letter;
  return undefined;
}

/** Rules §About Combining: the numbers are joined smallest first (10 and 15 → 1015, 12 at 601 → 12601). */
export function combinedEntry(numbers: readonly number[]): string {
  return [...numbers].sort((a, b) => a - b).join('');
}

/** True when digits split into two-digit card numbers of the pack, smallest first (the way combinations are written). */
function readsAsCards(code: string, cards: ReadonlySet<number>): boolean {
  if (code.length % 2 !== 0 || code.startsWith('0')) return false;
  const parts = (code.match(/\d\d/g) ?? []).map(Number);
  return parts.every((n, i) => cards.has(n) && (i === 0 || n > (parts[i - 1] as number)));
}

/** The declared code at a location that matches what was typed, if any. */
export function declaredCode(pack: AdventurePack, code: string, location: number): AdventureCode | undefined {
  return pack.codes.find((c) => c.location === location && c.code === code);
}

/** A code is typed in front of the location number (code 485 at 214 → 485214). */
export function codeEntry(code: string, location: number): string {
  return `${code}${location}`;
}

/**
 * Merges YAML texts by relative path without extension (`entries/chapter1.yaml` → `entries/chapter1`), the
 * convention of `src/content`'s `loadPackDir`; for tests and tools until the shared loader is wired in.
 */
export function mergeYamlFiles(files: readonly { readonly name: string; readonly text: string }[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const file of [...files].sort((a, b) => a.name.localeCompare(b.name))) {
    merged[file.name.replace(/\.(ya?ml|json)$/, '')] = parseYaml(file.text, { maxAliasCount: 0 });
  }
  return merged;
}
