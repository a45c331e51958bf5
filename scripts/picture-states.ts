/*
 * Seeded table states for the picture screenshots (docs/pictures/) and the legibility tests: the same
 * views in both, so what the tests measure is what the screenshots show.
 */
import { join } from 'node:path';
import { applyCommand, genesisSnapshot, type Snapshot } from '../src/core/index.ts';
import { loadPackDir } from '../src/content/load-dir.ts';
import { validatePack } from '../src/content/schema.ts';
import { adventureGame, adventurePackSchema, type AdventurePack, type AdventureState } from '../src/games/adventure/index.ts';
import { comanautsGame, comanautsPackSchema, type ComanautsPack } from '../src/games/comanauts/index.ts';
import { setupGame } from '../src/games/comanauts/rules.ts';
import { dieKind, type Draft } from '../src/games/comanauts/engine.ts';
import type { ComanautsState } from '../src/games/comanauts/state.ts';
import { createRng, seedRng } from '../src/core/index.ts';

const ROOT = join(import.meta.dirname, '..');

async function loadPack<T>(dir: string, schema: Parameters<typeof validatePack>[1]): Promise<T> {
  const loaded = await loadPackDir(join(ROOT, dir));
  if (!loaded.ok) throw new Error(loaded.error.map((e) => e.message).join('\n'));
  const valid = validatePack(loaded.value, schema);
  if (!valid.ok) throw new Error(valid.error.map((e) => e.message).join('\n'));
  return valid.value.content as T;
}

export const adventurePack = await loadPack<AdventurePack>('assets/packs/adventure/salt-lantern', adventurePackSchema);
export const comanautsPack = await loadPack<ComanautsPack>('assets/packs/comanauts/training@1.1.0', comanautsPackSchema);

/** Long player names, Spanish ones among them: what a real server's display names look like. */
export const LONG_NAMES = ['María Fernanda de los Ángeles', 'Guillermo Hernández-Villanueva', 'Xiomara Inmaculada Castellanos', 'José Ignacio Fuentesaúco'] as const;

/** A picture to draw: a game's public view and the reader's language. */
export interface PictureState {
  readonly name: string;
  readonly gameType: 'adventure' | 'comanauts';
  readonly locale: 'en' | 'es';
  readonly view: unknown;
  readonly note: string;
}

type Step = readonly [type: string, args?: Record<string, unknown>];

/** Plays `steps` for whoever's turn it is (each action followed by an end of turn); refused steps are skipped. */
function playAdventure(seats: number, options: Record<string, unknown>, steps: readonly Step[], seed = 7): Snapshot<AdventureState> {
  let s = genesisSnapshot(adventureGame, { gameType: 'adventure', rulesVersion: '2', options, seats: Array.from({ length: seats }, (_, index) => ({ index, name: LONG_NAMES[index] ?? `p${index}` })), seed }, adventurePack);
  for (const [type, args = {}] of steps) {
    const seat = s.state.characters[s.state.turn]?.seat ?? 0;
    for (const command of type === 'endTurn' ? [{ type, args }] : [{ type, args }, { type: 'endTurn', args: {} }]) {
      const r = applyCommand(adventureGame, s, command, { seat, asHost: false, now: '2026-01-01T00:00:00Z' }, adventurePack);
      if (r.ok) s = r.value.snapshot;
    }
  }
  return s;
}

const ADVENTURE_STEPS: readonly Step[] = [
  ['explore', { location: 106 }],
  ['explore', { location: 102 }],
  ['explore', { location: 104 }],
  ['endTurn'],
  ['explore', { location: 101 }],
  ['explore', { location: 103 }],
  ['move', { location: 103 }],
  ['endTurn'],
  ['endTurn'],
  ['combine', { cards: [15], location: 103 }],
  ['explore', { location: 203 }],
  ['endTurn'],
  ['explore', { location: 302 }],
];

function adventureView(s: Snapshot<AdventureState>): unknown {
  return adventureGame.publicView(s.state);
}

function comanautsGameState(seats: number, seed: number): ComanautsState {
  return setupGame({ avatarsPerPlayer: 3, startAvatars: ['wren', 'okafor', 'pim', 'dusk'] }, Array.from({ length: seats }, (_, i) => ({ index: i, name: LONG_NAMES[i] ?? `p${i}` })), createRng(seedRng(seed)), comanautsPack);
}

function mutate(state: ComanautsState, fn: (d: Draft) => void): ComanautsState {
  const d = structuredClone(state) as unknown as Draft;
  fn(d);
  return d as unknown as ComanautsState;
}

function takeDie(d: Draft, kind: string): string {
  const at = d.dice.bag.findIndex((x) => dieKind(d, x) === kind);
  if (at < 0) throw new Error(`no ${kind} die left in the bag`);
  return d.dice.bag.splice(at, 1)[0] as string;
}

function putEnemy(d: Draft, card: string, space: string, spot: number): void {
  const uid = `e${d.nextEnemy++}`;
  d.enemies.push({ uid, card, place: { space, spot }, life: card === d.primeEntity ? d.seats : null });
  d.slots[d.slots.indexOf(null)] = uid;
  d.situation = 'hostile';
}

/** A hostile table three players into a page: enemies, threat dice, a stored die, one avatar in the Morass. */
function hostile(seats: number): ComanautsState {
  return mutate(comanautsGameState(seats, 4), (d) => {
    d.dice.bag.push(...d.dice.hand, ...d.dice.discard);
    d.dice.hand = [];
    for (const k of ['red', 'purple', 'green']) d.dice.hand.push(takeDie(d, k));
    d.phase = 'actions';
    putEnemy(d, 'rust-hound', 'well', 0);
    putEnemy(d, 'static-crow', 'shed', 2);
    d.dice.threat.push({ die: takeDie(d, 'black'), face: null }, { die: takeDie(d, 'suspicious'), face: 4 });
    d.dice.discard.push(takeDie(d, 'yellow'), takeDie(d, 'white'));
    d.dice.group.push({ die: takeDie(d, 'green'), face: 3 }, { die: takeDie(d, 'green'), face: 2 });
    (d.players[1] as { stored: string | null }).stored = takeDie(d, 'blue');
    if (seats > 2) (d.players[2] as { avatar: { place: unknown } }).avatar.place = null;
    (d.players[0] as { avatar: { statuses: string[] } }).avatar.statuses.push('snared');
    (d.players[0] as { avatar: { suspicious: boolean } }).avatar.suspicious = true;
    d.childStandee = 'pond';
    d.dice.child = { die: takeDie(d, 'child'), face: 3 };
    (d as { vitalShown: string[] }).vitalShown.push('stable', 'critical');
    (d as { vitalDeck: string[] }).vitalDeck.splice(0, 2);
    d.searchTokens = { ...d.searchTokens, shed: 2 };
  });
}

/** Every state the screenshots and the legibility tests draw. */
export function pictureStates(): PictureState[] {
  const solo = playAdventure(1, { characters: 2 }, []);
  const three = playAdventure(3, {}, ADVENTURE_STEPS);
  const four = playAdventure(4, {}, ADVENTURE_STEPS);
  const fourView = adventureView(four) as { rooms: unknown[]; characters: { health: unknown }[] };
  const finished = {
    ...fourView,
    rooms: Object.entries(adventurePack.rooms).map(([room, r]) => ({ room, nameKey: `room.${room}`, locations: r.locations })),
    characters: fourView.characters.map((c, i) => ({ ...c, location: 103, health: i === 1 ? { cards: 2, flipped: 1 } : c.health })),
    finished: true,
    ratingKey: 'rating.4',
  };
  return [
    { name: 'adventure-solo-start-en', gameType: 'adventure', locale: 'en', view: adventureView(solo), note: 'solo, two characters, first room' },
    { name: 'adventure-3p-played-es', gameType: 'adventure', locale: 'es', view: adventureView(three), note: 'three players a few turns in, each with the cards it holds' },
    { name: 'adventure-4p-played-en', gameType: 'adventure', locale: 'en', view: adventureView(four), note: 'four players, three rooms revealed' },
    { name: 'adventure-finished-es', gameType: 'adventure', locale: 'es', view: finished, note: 'every room revealed, four figures on one location, game over' },
    { name: 'comanauts-2p-start-en', gameType: 'comanauts', locale: 'en', view: comanautsGame.publicView(comanautsGameState(2, 1)), note: 'two players at the start of the page' },
    { name: 'comanauts-3p-hostile-en', gameType: 'comanauts', locale: 'en', view: comanautsGame.publicView(hostile(3)), note: 'three players, hostile, enemies on the map, one avatar in the Morass' },
    { name: 'comanauts-4p-hostile-es', gameType: 'comanauts', locale: 'es', view: comanautsGame.publicView(hostile(4)), note: 'four players with long Spanish names, hostile' },
  ];
}
