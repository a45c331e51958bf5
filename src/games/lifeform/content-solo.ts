import { z } from 'zod';
import type { Need } from '../../content/expected.ts';

/**
 * Dragon's Domain (solo), the pack's `solo.yaml` (docs/lifeform-pack.md "solo.yaml", the lead's contract
 * in prompts/solo-format.md). A factory built from the base pack's own pieces, like content-mods.ts, so
 * this file imports nothing from content.ts.
 */

/** Tokens of the solo player's personal supply (§TOKEN REFERENCE). */
export const soloTokens = ['survival', 'fireExtinguisher', 'weldingTorch', 'harpoon', 'data', 'thirtySecond'] as const;
export type SoloToken = (typeof soloTokens)[number];

/** The two objectives a crisis option may grant (§LAUNCHING THE REMORA, conditions 3 and 4). */
export const soloObjectives = ['cat', 'umbilicus'] as const;
export type SoloObjective = (typeof soloObjectives)[number];

/** What a motion track space does when the lifeform reaches or passes it (§MOTION TRACKER BOARD). */
export const motionEffects = ['none', 'loseNerve', 'draw2', 'selfDestruct', 'draw2Stowaway', 'alert'] as const;
export type MotionEffect = (typeof motionEffects)[number];

/** The lifeform's start spaces: the book's, and the SHAKEN / TOUGH variants. */
export const motionStarts = ['normal', 'shaken', 'tough'] as const;
export type MotionStart = (typeof motionStarts)[number];

const n = (max: number) => z.number().int().min(1).max(max);

/** A crisis option's effects, resolved in order (§RESOLVING A CRISIS CARD). */
export const crisisEffectSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('alien'), n: n(4) }),
  z.strictObject({ op: z.literal('loseNerve'), n: n(3) }),
  z.strictObject({ op: z.literal('proceed') }),
  z.strictObject({ op: z.literal('objective'), objective: z.enum(soloObjectives) }),
  z.strictObject({ op: z.literal('gain'), token: z.enum(soloTokens), n: n(3) }),
  z.strictObject({ op: z.literal('cocoon') }),
  z.strictObject({ op: z.literal('stowaway') }),
  z.strictObject({ op: z.literal('selfDestruct'), n: n(3) }),
  z.strictObject({ op: z.literal('draw'), n: n(4) }),
  z.strictObject({ op: z.literal('discard'), n: n(4) }),
  z.strictObject({ op: z.literal('airlock') }),
  z.strictObject({ op: z.literal('impervious') }),
  z.strictObject({ op: z.literal('terror') }),
  z.strictObject({ op: z.literal('powerOutage') }),
  /** Engine addition: advance the malfunction tracker n spaces (its tasks as in §MALFUNCTION TRACK, solo). */
  z.strictObject({ op: z.literal('malfunction'), n: n(2) }),
  /** Mod C (`mods=search`): a token on a Remora chamber (a shuttlecraft location); one already there advances life support. */
  z.strictObject({ op: z.literal('remora'), chamber: z.string().min(1).max(60) }),
  /** Mod C: one docking clamp unlocked (the third gains the umbilicus objective). */
  z.strictObject({ op: z.literal('clamp') }),
  /** Mod C: the card is kept, rotated into the hand as an action card with this crew icon (`stamina`: RENEWED STAMINA). */
  z.strictObject({ op: z.literal('keepCard'), icon: z.string().min(1).max(40) }),
  /** Mod C: a survival token from the pool onto the Remora's hidden-lifeform combat zone. */
  z.strictObject({ op: z.literal('remoraSurvival') }),
]);

/** The solo-only 13th Passenger mods a crisis card may belong to (Mod C, option `mods=search`). */
export const soloMods = ['search'] as const;
export type SoloMod = (typeof soloMods)[number];

/** Mod C effects: only on the cards of that mod (they need its Remora board). */
export const searchOps: ReadonlySet<string> = new Set(['remora', 'clamp', 'keepCard', 'remoraSurvival']);

/** RENEWED STAMINA: the kept card's own icon, a RUN! free of the other movement conditions. */
export const staminaIcon = 'stamina';

/** What a life support zone gives when the tracker reaches it (Mod C). */
export const lifeSupportBonuses = ['mission', 'halon'] as const;
export type CrisisEffect = z.infer<typeof crisisEffectSchema>;

/** The fight icons a combat token or trait shows (the shuttle conflict; never the harpoon). */
const fightIcon = z.enum(['claw', 'bite', 'tail', 'acid']);

export interface SoloParts<T extends z.ZodType, I extends z.ZodType, C extends z.ZodType, K extends z.ZodType, L extends z.ZodType, D extends z.ZodType> {
  readonly text: T;
  readonly id: I;
  /** Crew action icons and reactions a cost may name. */
  readonly icon: C;
  /** Deck ids a, b, c. */
  readonly deck: K;
  /** Loadout column ids. */
  readonly column: L;
  /** A chamber id (checked against ship.yaml by `checkSolo`). */
  readonly chamber: D;
}

/** `solo.yaml`: one top key, `solo`. */
export function soloFileSchema<T extends z.ZodType, I extends z.ZodType, C extends z.ZodType, K extends z.ZodType, L extends z.ZodType, D extends z.ZodType>(p: SoloParts<T, I, C, K, L, D>) {
  const cost = z.union([z.strictObject({ icon: p.icon }), z.strictObject({ token: z.enum(soloTokens) }), z.strictObject({ loadout: p.column })]);
  const option = z.strictObject({ text: p.text, cost: z.array(cost).max(4).default([]), effects: z.array(crisisEffectSchema).min(1).max(8) });
  const space = z.strictObject({
    id: p.id,
    at: z.tuple([z.number().int().min(0).max(20), z.number().int().min(0).max(10)]),
    start: z.enum(motionStarts).optional(),
    effect: z.enum(motionEffects).default('none'),
    close: z.boolean().default(false),
    next: z.array(p.id).max(4).default([]),
    back: p.id.nullable().default(null),
  });
  const solo = z.strictObject({
    name: p.text,
    intro: p.text,
    miningLaser: z.strictObject({ name: p.text, text: p.text }),
    setup: z.strictObject({
      start: p.chamber,
      /** Engine addition: the book's Supplies chamber, where the self-destruct track's vent token goes (absent: no vent task). */
      supplies: p.chamber.optional(),
      extraMission: z.record(z.string(), z.number().int().min(1).max(5)).default({}),
      powerOutages: z.array(p.chamber).max(6).default([]),
      terror: z.array(p.chamber).max(6).default([]),
      harpoons: z.array(p.chamber).max(6).default([]),
      killedChits: z.array(p.chamber).max(6).default([]),
      cocoonChits: z.array(z.number().int().min(0).max(10)).max(4).default([]),
      cocoonAttack5: z.boolean().default(true),
      energyAttack1: z.number().int().min(0).max(4).default(4),
      container: z.strictObject({ alive: z.number().int().min(1).max(10), killed: z.number().int().min(0).max(5) }),
      stowawayTokens: z.array(z.enum(['safe', 'danger'])).min(1).max(10),
      hand: z.number().int().min(1).max(7),
      handLimit: z.number().int().min(1).max(10),
    }),
    launch: z.strictObject({
      weaponry: z.number().int().min(0).max(12),
      energy: z.number().int().min(0).max(12),
      spacesuits: z.number().int().min(0).max(12),
      coolantBelowOverheating: z.boolean().default(true),
    }),
    fear: z.strictObject({ spaces: z.number().int().min(2).max(16), nerveStart: z.number().int().min(1).max(15) }),
    traitAreas: z.array(z.strictObject({ id: p.id, name: p.text, decks: z.array(p.deck).min(1).max(3) })).min(1).max(4),
    traits: z.array(z.strictObject({ id: p.id, name: p.text, text: p.text, fight: z.array(fightIcon).min(1).max(3) })).min(1).max(4),
    attackTokens: z.strictObject({ attack1: z.array(z.array(fightIcon).min(1).max(3)).min(1).max(4), attack5: z.array(fightIcon).min(1).max(6) }),
    conflict: z.strictObject({ secondaryZones: z.number().int().min(1).max(4), name: p.text, zones: z.array(p.text).min(2).max(5) }),
    motion: z.strictObject({ spaces: z.array(space).min(3).max(40) }),
    /** HAZARDOUS ENVIRONMENT: the hull breach chamber of each ship deck (absent: the variant cannot be played). */
    hazardousEnvironment: z.strictObject({ a: p.chamber, b: p.chamber, c: p.chamber }).optional(),
    crisis: z.array(z.strictObject({ id: p.id, deck: p.deck, mod: z.enum(soloMods).optional(), name: p.text, text: p.text, options: z.array(option).min(1).max(3) })).min(3),
    /**
     * Mod C (`mods=search`): the Remora board. Its chambers are expansions.yaml's five shuttlecraft locations
     * (the same board as Mod D). `lifeSupport`: the supplemental zone under each life support space.
     */
    remora: z
      .strictObject({
        clamps: z.number().int().min(1).max(5).default(3),
        manual: z.strictObject({ minutes: z.number().int().min(1).max(5), alien: z.number().int().min(1).max(3), times: z.number().int().min(1).max(5) }),
        lifeSupport: z.array(z.enum(lifeSupportBonuses)).min(1).max(6),
        zone: z.array(fightIcon).length(2),
        searchTokens: z.array(z.array(fightIcon).min(1).max(3)).min(4).max(8),
      })
      .optional(),
  });
  return z.strictObject({ solo });
}

interface SoloShape {
  readonly setup: {
    readonly start: string;
    readonly supplies?: string;
    readonly extraMission: Readonly<Record<string, number>>;
    readonly powerOutages: readonly string[];
    readonly terror: readonly string[];
    readonly harpoons: readonly string[];
    readonly killedChits: readonly string[];
    readonly cocoonChits: readonly number[];
    readonly energyAttack1: number;
    readonly stowawayTokens: readonly string[];
    readonly hand: number;
    readonly handLimit: number;
  };
  readonly launch: Readonly<Record<string, number | boolean>>;
  readonly fear: { readonly spaces: number; readonly nerveStart: number };
  readonly traitAreas: readonly { readonly id: string; readonly decks: readonly string[] }[];
  readonly traits: readonly { readonly id: string }[];
  readonly attackTokens: { readonly attack1: readonly unknown[] };
  readonly conflict: { readonly secondaryZones: number; readonly zones: readonly unknown[] };
  readonly motion: { readonly spaces: readonly { readonly id: string; readonly start?: string; readonly effect: string; readonly next: readonly string[]; readonly back: string | null }[] };
  readonly crisis: readonly { readonly id: string; readonly deck: string; readonly mod?: string; readonly options: readonly { readonly effects: readonly CrisisEffect[] }[] }[];
  readonly remora?: unknown;
  readonly hazardousEnvironment?: Readonly<Record<'a' | 'b' | 'c', string>>;
}

export interface SoloBase {
  readonly chambers: readonly { readonly id: string; readonly deck: string; readonly vent: boolean; readonly objective?: boolean }[];
  /** The android's AI path and the corridors (a hull breach keeps off the path, the Shuttle Bay's neighbours and objective chambers). */
  readonly androidPath?: readonly string[];
  readonly corridors?: readonly (readonly [string, string])[];
  readonly cocoonSpaces: number;
  readonly columns: Readonly<Record<string, number>>;
  /** Mod C: the shuttlecraft locations (expansions.yaml), the Remora's chambers; crew icons a kept card may show. */
  readonly shuttle?: readonly string[];
  readonly icons?: readonly string[];
}

/**
 * Cross checks of `solo.yaml`: chambers exist, ids unique in the whole pack, the motion track a graph with
 * one start space of each kind it names, exactly one PROXIMITY ALERT! with no way on, every space reaching
 * it, one trait per area, a crisis deck for each ship deck.
 */
export function checkSolo(solo: SoloShape, base: SoloBase, ids: Set<string>, need: Need<'lifeform'>): void {
  const at = ['solo', 'solo'];
  const chamber = new Map(base.chambers.map((c) => [c.id, c]));
  const isChamber = (c: string, path: (string | number)[]): void => need(chamber.has(c), [...at, ...path], 'soloChamber', { id: c });
  const unique = (list: readonly { id: string }[], path: string[]): void =>
    list.forEach((x, i) => {
      need(!ids.has(x.id), [...at, ...path, i, 'id'], 'uniqueId', { id: x.id });
      ids.add(x.id);
    });
  const s = solo.setup;
  isChamber(s.start, ['setup', 'start']);
  if (s.supplies !== undefined) isChamber(s.supplies, ['setup', 'supplies']);
  for (const c of Object.keys(s.extraMission)) isChamber(c, ['setup', 'extraMission', c]);
  for (const key of ['powerOutages', 'terror', 'harpoons', 'killedChits'] as const) s[key].forEach((c, i) => isChamber(c, ['setup', key, i]));
  s.killedChits.forEach((c, i) => need(chamber.get(c)?.vent !== false, [...at, 'setup', 'killedChits', i], 'ventChamber', { id: c }));
  s.cocoonChits.forEach((x, i) => need(x > 0 && x < base.cocoonSpaces, [...at, 'setup', 'cocoonChits', i], 'cocoonChit', { below: base.cocoonSpaces }));
  need(s.energyAttack1 <= solo.attackTokens.attack1.length, [...at, 'setup', 'energyAttack1'], 'attackTokens', { tokens: solo.attackTokens.attack1.length });
  need(s.energyAttack1 <= (base.columns.energy ?? 0), [...at, 'setup', 'energyAttack1'], 'energySpaces');
  need(s.hand <= s.handLimit, [...at, 'setup', 'hand'], 'handLimit', { limit: s.handLimit });
  for (const col of ['weaponry', 'energy', 'spacesuits'] as const) {
    need(Number(solo.launch[col]) <= (base.columns[col] ?? 0), [...at, 'launch', col], 'columnSpaces', { spaces: base.columns[col] ?? 0 });
  }
  need(solo.fear.nerveStart < solo.fear.spaces, [...at, 'fear', 'nerveStart'], 'fearSpace', { spaces: solo.fear.spaces });
  unique(solo.traitAreas, ['traitAreas']);
  unique(solo.traits, ['traits']);
  need(solo.traits.length === solo.traitAreas.length, [...at, 'traits'], 'traitPerArea', { areas: solo.traitAreas.length });
  need(solo.conflict.zones.length === solo.conflict.secondaryZones + 1, [...at, 'conflict', 'zones'], 'conflictZones', { zones: solo.conflict.secondaryZones });
  const spaces = solo.motion.spaces;
  unique(spaces, ['motion', 'spaces']);
  const byId = new Map(spaces.map((x) => [x.id, x]));
  spaces.forEach((x, i) => {
    x.next.forEach((y, j) => need(byId.has(y), [...at, 'motion', 'spaces', i, 'next', j], 'motionSpace', { id: y }));
    if (x.back !== null) need(byId.has(x.back), [...at, 'motion', 'spaces', i, 'back'], 'motionSpace', { id: x.back });
    need(x.effect === 'alert' ? x.next.length === 0 : x.next.length > 0, [...at, 'motion', 'spaces', i, 'next'], x.effect === 'alert' ? 'noWayOn' : 'oneForward');
  });
  need(spaces.filter((x) => x.effect === 'alert').length === 1, [...at, 'motion', 'spaces'], 'oneAlert');
  need(spaces.filter((x) => x.start === 'normal').length === 1, [...at, 'motion', 'spaces'], 'oneNormalStart');
  for (const k of ['shaken', 'tough']) need(spaces.filter((x) => x.start === k).length <= 1, [...at, 'motion', 'spaces'], 'oneStart', { kind: k });
  // Every space reaches the alert going forward (so an advance always has somewhere to go).
  const alert = spaces.find((x) => x.effect === 'alert')?.id;
  const reaches = new Set<string>(alert ? [alert] : []);
  for (let changed = true; changed; ) {
    changed = false;
    for (const x of spaces) {
      if (reaches.has(x.id) || !x.next.some((y) => reaches.has(y))) continue;
      reaches.add(x.id);
      changed = true;
    }
  }
  spaces.forEach((x, i) => need(reaches.has(x.id), [...at, 'motion', 'spaces', i], 'alertReachable', { id: x.id }));
  for (const [deck, c] of Object.entries(solo.hazardousEnvironment ?? {})) {
    isChamber(c, ['hazardousEnvironment', deck]);
    need(chamber.get(c)?.deck === deck && c !== s.start, [...at, 'hazardousEnvironment', deck], 'hazardDeck', { deck, id: c });
    const path = base.androidPath ?? [];
    const nearBay = (base.corridors ?? []).some(([x, y]) => (x === c && y === path.at(-1)) || (y === c && x === path.at(-1)));
    need(!path.includes(c) && !nearBay && chamber.get(c)?.objective !== true, [...at, 'hazardousEnvironment', deck], 'hazardPlace', { id: c });
  }
  unique(solo.crisis, ['crisis']);
  for (const d of ['a', 'b', 'c']) need(solo.crisis.some((c) => c.deck === d && c.mod === undefined), [...at, 'crisis'], 'crisisDeck', { deck: d });
  checkSearch(solo, base, need);
}

/** Mod C cross checks: its cards on the C deck with a Remora board and five shuttlecraft locations, its effects on its cards only, chambers and icons that exist. */
function checkSearch(solo: SoloShape, base: SoloBase, need: Need<'lifeform'>): void {
  const at = ['solo', 'solo', 'crisis'];
  const shuttle = new Set(base.shuttle ?? []);
  const icons = new Set([...(base.icons ?? []), staminaIcon]);
  const modCards = solo.crisis.filter((c) => c.mod === 'search').length;
  if (modCards > 0) {
    need(solo.remora !== undefined, ['solo', 'solo', 'remora'], 'searchRemora');
    need(shuttle.size === 5, ['solo', 'solo', 'remora'], 'searchShuttle');
  }
  solo.crisis.forEach((c, i) => {
    if (c.mod !== undefined) need(c.deck === 'c', [...at, i, 'deck'], 'searchDeck');
    c.options.forEach((o, j) =>
      o.effects.forEach((e, k) => {
        const path = [...at, i, 'options', j, 'effects', k];
        if (searchOps.has(e.op)) need(c.mod === 'search', path, 'searchOp', { op: e.op });
        if (e.op === 'remora') need(shuttle.has(e.chamber), [...path, 'chamber'], 'searchChamber', { id: e.chamber });
        if (e.op === 'keepCard') need(icons.has(e.icon), [...path, 'icon'], 'searchIcon', { stamina: staminaIcon, icon: e.icon });
      }),
    );
  });
}
