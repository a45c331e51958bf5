import type { Cx } from '../flow.ts';
import { REMORA, rulesOf, type LifeformState } from '../state.ts';
import { here } from './actions.ts';
import { fightIcons, type ConflictInput, type FightIcon } from './conflict-types.ts';
import { lose, say, soloOf, win } from './flow.ts';
import { startConflict } from './conflict.ts';
import { edgeParams } from './conflict-edge.ts';
import type { ConflictEvent, ConflictPack, ExtraZoneInput } from './conflict-types.ts';
import { keptIcon, shuttleCards } from './remora.ts';
import type { LifeformPack } from '../content.ts';

/** The five launch conditions (§LAUNCHING THE REMORA, solo), each true or false, in the book's order. */
export function launchConditions(s: LifeformState): { aboard: boolean; loadout: boolean; cat: boolean; umbilicus: boolean; data: boolean } {
  const so = soloOf(s);
  const l = so.def.launch;
  const coolant = l.coolantBelowOverheating ? s.overheating : 0;
  const loadout = (s.loadout.weaponry ?? 0) >= l.weaponry && (s.loadout.energy ?? 0) >= l.energy && (s.loadout.spacesuits ?? 0) >= l.spacesuits && (s.loadout.coolant ?? 0) >= coolant;
  return { aboard: here(s) === REMORA, loadout, cat: so.objectives.cat, umbilicus: so.objectives.umbilicus, data: so.objectives.data };
}

export const launchReady = (s: LifeformState): boolean => Object.values(launchConditions(s)).every(Boolean);

/**
 * LAUNCH: the stowaway tokens on the Remora are revealed; all SAFE wins. Any DANGER: the shuttle
 * conflict replaces the showdown, from the input built here (its hibernation sequence runs in conflict.ts).
 */
export function launchRemora(cx: Cx, pack?: LifeformPack): void {
  const s = cx.s;
  const so = soloOf(s);
  const danger = so.remora.stowaways.filter((x) => x === 'danger').length;
  say(cx, 'launch', { safe: so.remora.stowaways.length - danger, danger });
  s.phase = 'showdown';
  if (danger === 0) {
    win(cx, 'safe');
    return;
  }
  if (so.search) {
    // Mod C, POST-LAUNCH SHUTTLECRAFT PHASE: the rooms holding a token are cleared; more than one card left: CONFRONT or HUNT (shuttlecraft.ts).
    const cards = shuttleCards(so);
    so.search.cards = cards;
    say(cx, 'search.cleared', { n: so.search.chambers.length, left: cards.length });
    if (cards.length > 1) {
      so.stack = [{ k: 'shuttle' }];
      return;
    }
  }
  beginConflict(cx, pack);
}

/** The shuttle conflict begins from the starship stage's input (Mod C: with the Remora's extra combat zone when given). */
export function beginConflict(cx: Cx, pack?: LifeformPack, extraZone?: ExtraZoneInput): void {
  const so = soloOf(cx.s);
  const input = conflictInput(cx.s, extraZone);
  so.stack = [{ k: 'conflict', input }];
  say(cx, 'conflict');
  if (pack?.solo === undefined) return;
  // The shuttle conflict module runs hibernation 1–5 and the rounds (conflict.ts, solo-conflict's work).
  const r = startConflict(input, conflictPack(pack), cx.rng);
  if (!r.ok) {
    say(cx, 'conflictRefused', { code: r.error.code });
    return;
  }
  so.conflict = r.state;
  syncConflict(cx, r.events, r.revealed);
}

/** The slice of the pack the shuttle conflict reads. */
export const conflictPack = (pack: LifeformPack): ConflictPack => ({ crew: pack.crew, solo: pack.solo?.solo as unknown as ConflictPack['solo'] });

/** After a conflict step: its events told, the hand and decks mirrored in the Lifeform state, its end the game's end. */
export function syncConflict(cx: Cx, events: readonly ConflictEvent[], revealed: boolean): void {
  const s = cx.s;
  const c = soloOf(s).conflict;
  if (!c) return;
  // Issue 20: params the edge spells out (zone names, icons, chits), never bare ids; conflict.ts keeps its own.
  for (const e of events) cx.events.push({ code: e.code, params: edgeParams(e.params, c), to: 'public' });
  if (revealed) cx.revealed = true;
  s.hands['0'] = [...c.hand];
  s.crewDeck = [...c.deck];
  s.crewDiscard = [...c.discard];
  if (c.outcome?.result === 'won') win(cx, 'conflict');
  else if (c.outcome?.result === 'lost') lose(cx, 'conflict');
}

/**
 * What the shuttle conflict (conflict.ts) needs from the starship stage (§SHUTTLE CONFLICT, hibernation
 * 1–5 run there): halon compartments fully covered, the weaponry number, combat tokens left on the energy
 * column, the Remora's attack-5 token and used traits, the unused traits, the cards, the supply, data
 * tokens (the first one satisfied the objective), the airlock's survival token and the container.
 */
export function conflictInput(s: LifeformState, extraZone?: ExtraZoneInput): ConflictInput {
  const so = soloOf(s);
  const halonCol = s.board.loadout.find((c) => c.id === 'halon');
  let filled = s.loadout.halon ?? 0;
  let halonCompartments = 0;
  for (const size of halonCol?.compartments ?? []) {
    if (filled < size) break;
    halonCompartments++;
    filled -= size;
  }
  const weaponry = s.board.loadout.find((c) => c.id === 'weaponry');
  const top = (s.loadout.weaponry ?? 0) - 1;
  const onCocoon = Object.values(so.cocoonChits).filter((c) => c === 'alive').length;
  const icon = (x: string): FightIcon | null => ((fightIcons as readonly string[]).includes(x) ? (x as FightIcon) : null);
  const kept = (s.hands['0'] ?? []).filter((c) => keptIcon(s, c) !== null);
  return {
    // Mod C: the life support zones' halon gas tokens join the blasts.
    halonCompartments: halonCompartments + (so.search?.halon ?? 0),
    weaponryDraw: top >= 0 ? (weaponry?.spaces[top]?.value ?? 0) : 0,
    energyAttack1: so.energyAttack.filter((x): x is number => x !== null),
    remoraAttack5: so.remora.attack5,
    remoraTraits: [...so.remora.traits],
    unusedTraits: so.traits.filter((t) => t.state === 'ready').map((t) => t.id),
    hand: (s.hands['0'] ?? []).filter((c) => keptIcon(s, c) === null),
    deck: [...s.crewDeck],
    discard: [...s.crewDiscard],
    supply: { survival: so.tokens.survival, fireExtinguisher: so.tokens.fireExtinguisher, weldingTorch: so.tokens.weldingTorch, harpoon: so.tokens.harpoon },
    data: so.data.map((d) => ({ icon: icon(d) })),
    objectiveData: so.objectives.data && so.data.length > 0 ? 0 : null,
    airlockSurvival: so.airlock,
    container: { ...so.container },
    spareAlive: Math.max(0, so.def.aliveChits - so.container.alive - onCocoon),
    ...(extraZone ? { extraZone } : {}),
    // Mod C: a kept crisis card stays in the hand (no rule takes it out; it still counts toward the hand limit). Rules 3 dropped it.
    ...(rulesOf(s) >= 4 && kept.length > 0 ? { kept } : {}),
  };
}
