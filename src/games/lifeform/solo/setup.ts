import { sealedCopy, type Rng } from '../../../core/index.ts';
import type { SoloToken } from '../content-solo.ts';
import type { LifeformPack } from '../content.ts';
import type { LifeformState } from '../state.ts';
import type { Chit, SoloDef, SoloState, SoloVariants } from './state.ts';
import { searchDef, searchOn, searchSetup } from './remora.ts';
import { placeHazard } from './variants.ts';

/** The solo options a game may set (setup.ts `lifeformOptionsSchema`, §VARIANTS). */
export interface SoloOptions {
  readonly start?: 'normal' | 'shaken' | 'tough';
  readonly isolation?: boolean;
  readonly murderous?: boolean;
  readonly withstand?: boolean;
  readonly incinerator?: boolean;
  readonly everyday?: number;
  readonly bell?: number;
  /** The 13th Passenger mods chosen; `search` (Mod C) is the solo one. */
  readonly mods?: readonly string[];
  readonly hazard?: 'a' | 'b' | 'c' | 'random';
  readonly hysterical?: boolean;
}

export type SoloSection = NonNullable<LifeformPack['solo']>['solo'];

/** Compiles the pack's `solo.yaml` into what the rules read (sealed). */
export function compileSolo(pack: LifeformPack, solo: SoloSection): SoloDef {
  return sealedCopy({
    start: solo.setup.start,
    supplies: solo.setup.supplies ?? null,
    handLimit: solo.setup.handLimit,
    launch: solo.launch,
    fearSpaces: solo.fear.spaces,
    areas: solo.traitAreas.map((a) => ({ id: a.id, decks: a.decks })),
    traitFight: Object.fromEntries(solo.traits.map((t) => [t.id, t.fight])),
    attack1: solo.attackTokens.attack1,
    attack5: solo.attackTokens.attack5,
    secondaryZones: solo.conflict.secondaryZones,
    motion: Object.fromEntries(solo.motion.spaces.map((x) => [x.id, { effect: x.effect, close: x.close, next: x.next, back: x.back, at: x.at }])),
    motionOrder: solo.motion.spaces.map((x) => x.id),
    crisis: Object.fromEntries(solo.crisis.map((c) => [c.id, { deck: c.deck, options: c.options.map((o) => ({ cost: o.cost, effects: o.effects })) }])),
    dataIcons: pack.game.dataTokens ?? [],
    aliveChits: solo.setup.container.alive,
    ...searchDef(pack, solo),
  } satisfies SoloDef);
}

const noTokens = (): Record<SoloToken, number> => ({ survival: 0, fireExtinguisher: 0, weldingTorch: 0, harpoon: 0, data: 0, thirtySecond: 0 });

/**
 * Dragon's Domain §SETUP on top of a base state built for the 2-player components (cocoon 2P track, duo
 * character sides): removes what solo does not use (lifeform cards, images, objectives, the cat,
 * hostility), places the book's tokens from `solo.yaml`, and waits for the character choice.
 */
export function soloSetup(base: LifeformState, pack: LifeformPack, solo: SoloSection, options: SoloOptions, rng: Rng): void {
  const s = base;
  const setup = solo.setup;
  const variants: SoloVariants = {
    start: options.start ?? 'normal',
    isolation: options.isolation ?? false,
    murderous: options.murderous ?? false,
    withstand: options.withstand ?? false,
    incinerator: options.incinerator ?? false,
    everyday: Math.max(0, Math.min(2, options.everyday ?? 0)),
    bell: Math.max(0, options.bell ?? 0),
    ...(options.hysterical ? { hysterical: true as const } : {}),
  };
  Object.assign(s, {
    seats: 1,
    lifeformSeat: -1,
    crewSeats: [0],
    phase: 'setup',
    stack: [],
    offers: { '0': pack.characters.map((c) => c.id) },
    picks: { '0': null },
    lfHand: [],
    lfDeck: [],
    terrorDeck: [],
    images: [null, null, null],
    objectives: {},
    data: { '0': 0 },
    cat: null,
    roleCards: { cat: [], sister: [], catDiscard: [], sisterDiscard: [] },
    hostility: 0,
    vents: 0,
  });
  delete s.dataPool;
  delete s.dataTokens;
  delete s.evolution;
  // Decks: the whole crew deck again (the base setup dealt hands to two seats), the flamethrower face up.
  const deck = rng.shuffle(pack.crew.filter((c) => c.special === null).flatMap((c) => Array.from({ length: c.copies }, (_, i) => `${c.id}.${i + 1}`)));
  const hand: string[] = [];
  if (variants.incinerator) {
    hand.push(`${s.board.flamethrower}.1`);
    s.flamethrowerTaken = true;
  }
  hand.push(...deck.splice(0, setup.hand - hand.length));
  s.hands = { '0': hand };
  s.crewDeck = deck;
  s.crewDiscard = [];
  // Mission tokens: the chamber numbers, plus the extra ones.
  for (const [c, n] of Object.entries(setup.extraMission)) s.mission[c] = (s.mission[c] ?? 0) + n;
  const onBoard = Object.values(s.mission).reduce((a, b) => a + b, 0);
  s.missionPool = Math.max(0, pack.game.missionTokens - onBoard);
  s.outages = [...setup.powerOutages];
  s.outagePool = pack.game.powerOutageTokens - s.outages.length;
  s.terrors = [...setup.terror];
  s.terrorPool = pack.game.terrorTokens - s.terrors.length;
  // Tracks: malfunction and android at START, cocoon 2P at START, self-destruct at START (FOR WHOM THE BELL TOLLS: later).
  s.malfunction = 0;
  s.androidStatus = 0;
  s.cocoon = 0;
  s.sd = Math.min(variants.bell, s.board.minutes.length - 2);
  const cocoonChits: Record<string, Chit> = Object.fromEntries(setup.cocoonChits.map((i) => [String(i), 'killed' as Chit]));
  const container = { alive: setup.container.alive, killed: setup.container.killed };
  if (variants.murderous && container.alive > 0) {
    // MURDEROUS STAR-BEAST: one still-alive chit leaves the container for the first free cocoon space.
    const free = Array.from({ length: s.board.cocoon.length }, (_, i) => i).find((i) => i > 0 && cocoonChits[String(i)] === undefined);
    if (free !== undefined) {
      container.alive--;
      cocoonChits[String(free)] = 'alive';
    }
  }
  const energySpaces = s.board.loadout.find((c) => c.id === 'energy')?.spaces.length ?? 0;
  const attack = rng.shuffle(solo.attackTokens.attack1.map((_, i) => i)).slice(0, setup.energyAttack1);
  const energyAttack: (number | null)[] = Array.from({ length: energySpaces }, () => null);
  attack.forEach((t, i) => (energyAttack[energySpaces - setup.energyAttack1 + i] = t));
  const traits = rng.shuffle(solo.traits.map((t) => t.id));
  const startSpace = solo.motion.spaces.find((x) => x.start === variants.start) ?? solo.motion.spaces.find((x) => x.start === 'normal');
  const crisisDecks = { a: [] as string[], b: [] as string[], c: [] as string[] };
  const search = searchOn(pack, options.mods);
  // Mod C: its nine cards shuffled into the C deck crisis cards; without it they stay out.
  for (const d of ['a', 'b', 'c'] as const) crisisDecks[d] = rng.shuffle(solo.crisis.filter((c) => c.deck === d && (c.mod === undefined || search)).map((c) => c.id));
  const tokens = noTokens();
  tokens.survival = variants.everyday;
  const state: SoloState = {
    def: compileSolo(pack, solo),
    variants,
    stack: [{ k: 'character' }],
    character: null,
    motion: startSpace?.id ?? '',
    nerve: solo.fear.nerveStart,
    fear: 0,
    traits: solo.traitAreas.map((a, i) => ({ area: a.id, id: traits[i] ?? '', state: 'ready' as const })),
    tokens,
    data: [],
    objectives: { cat: false, umbilicus: false, data: false },
    container,
    killedChits: [...setup.killedChits],
    cocoonChits,
    cocoonAttack5: setup.cocoonAttack5,
    energyAttack,
    remora: { stowaways: [], attack5: false, traits: [] },
    stowawaySupply: rng.shuffle([...setup.stowawayTokens]),
    crisisDecks,
    harpoons: [...setup.harpoons],
    vents: [],
    heat: 1,
    impervious: false,
    airlock: false,
    startedIn: setup.start,
    lost: null,
    ...(search ? { search: searchSetup() } : {}),
    ...(variants.hysterical ? { hysteria: { turns: 0 } } : {}),
  };
  s.solo = state;
  // HAZARDOUS ENVIRONMENT last, so that games without it draw the same chances as before.
  if (options.hazard !== undefined && solo.hazardousEnvironment) placeHazard(s, solo.hazardousEnvironment, options.hazard === 'random' ? rng.pick(['a', 'b', 'c'] as const) : options.hazard);
}
