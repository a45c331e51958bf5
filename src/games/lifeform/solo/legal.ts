import type { GameCommand } from '../../../core/index.ts';
import { neighbours } from '../board.ts';
import type { LifeformState } from '../state.ts';
import { here, iconOptions, laserReady, openColumns, terrorNextDoor } from './actions.ts';
import { crisisCommands, payCommands } from './crisis.ts';
import { closeRange, hand, hasIcon, soloOf, topTask } from './flow.ts';
import { launchReady } from './launch.ts';
import { proximityCommands } from './motion.ts';
import type { SoloTask } from './state.ts';
import { conflictLegal, conflictRefusal } from './conflict.ts';
import type { ConflictCommand } from './conflict-types.ts';
import { canUnclamp, keptIcon, spareCommands } from './remora.ts';
import { shuttleCommands } from './shuttlecraft.ts';
import { hystericalSteps, outageBonusOptions } from './variants.ts';

const cmd = (type: string, args: Record<string, unknown> = {}): GameCommand => {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(args).sort()) if (args[k] !== undefined) out[k] = args[k];
  return { type, args: out };
};

const cardId = (instance: string): string => instance.slice(0, instance.lastIndexOf('.'));

/** One card instance per card id in hand (copies are the same choice). */
function distinct(cards: readonly string[]): string[] {
  const seen = new Set<string>();
  return cards.filter((c) => (seen.has(cardId(c)) ? false : (seen.add(cardId(c)), true)));
}

/** The crew icons of a card row the solo game can execute now (a row is playable when one of them is). */
export function rowPlayable(s: LifeformState, icons: readonly string[]): boolean {
  return icons.some((i) => iconOptions(s, i).length > 0);
}

/** Free actions on the player's turn: a trait's draw-4-keep-1, a survival token's draw and discard, a harpoon on a terror next door. */
function freeActions(s: LifeformState): GameCommand[] {
  const so = soloOf(s);
  const out: GameCommand[] = [];
  if (s.crewDeck.length + s.crewDiscard.length > 0) for (const t of so.traits) if (t.state === 'ready') out.push(cmd('trait', { area: t.area, use: 'draw' }));
  if (so.tokens.survival > 0) out.push(cmd('survive'));
  for (const chamber of terrorNextDoor(s)) {
    for (const card of distinct(hand(s)).filter((c) => (s.board.showdown[cardId(c)] ?? []).includes('harpoon'))) out.push(cmd('harpoon', { chamber, card }));
    if (so.tokens.harpoon > 0) out.push(cmd('harpoon', { chamber }));
  }
  if (launchReady(s)) out.push(cmd('launch'));
  return out;
}

/** The shuttle conflict's own check of a command (a free-form DEFEAT LIFEFORM ATTACK payment included): null when accepted. */
export function conflictCheck(s: LifeformState, seat: number, c: GameCommand): { code: string; params?: Readonly<Record<string, string | number | boolean>> } | null {
  const conflict = s.solo?.conflict;
  if (!conflict || seat !== 0 || s.outcome || topTask(s)?.k !== 'conflict' || !c.type.startsWith('conflict')) return { code: 'lifeform.notNow', params: { type: c.type, kind: topTask(s)?.k ?? 'none' } };
  return conflictRefusal(conflict, c as ConflictCommand);
}

export const conflictAccepts = (s: LifeformState, seat: number, c: GameCommand): boolean => s.solo?.conflict !== undefined && c.type.startsWith('conflict') && conflictCheck(s, seat, c) === null;

/** Every legal command of the solo seat now (legality is membership in this list, or the conflict's own check for a payment). */
export function soloLegal(s: LifeformState, seat: number): GameCommand[] {
  if (seat !== 0 || s.outcome) return [];
  const t = topTask(s);
  return t ? taskCommands(s, t) : [];
}

export function taskCommands(s: LifeformState, t: SoloTask): GameCommand[] {
  const so = soloOf(s);
  const at = here(s);
  switch (t.k) {
    case 'character':
      return (s.offers['0'] ?? []).map((character) => cmd('soloPick', { character }));
    case 'collect':
      return [...openColumns(s).map((column) => cmd('collect', { who: so.character ?? '', column })), ...(launchReady(s) ? [cmd('launch')] : [])];
    case 'activity': {
      const out: GameCommand[] = [cmd('equip', { n: 2 }), cmd('wait')];
      for (const card of distinct(hand(s))) {
        const def = s.board.crew[cardId(card)];
        def?.rows.forEach((row, i) => {
          if (rowPlayable(s, row)) out.push(cmd('play', { card, row: i }));
        });
      }
      // Mod C: a kept crisis card plays its one icon; MANUALLY UNLOCKING A DOCKING CLAMP in the Shuttle Bay.
      for (const card of hand(s)) {
        const icon = keptIcon(s, card);
        if (icon !== null && rowPlayable(s, [icon])) out.push(cmd('play', { card, row: 0 }));
      }
      if (canUnclamp(s)) out.push(cmd('unclamp'));
      if (so.heat > 0 && closeRange(s)) out.push(cmd('heat'));
      if (laserReady(s)) out.push(cmd('laser', { who: so.character ?? '', android: true }));
      return [...out, ...freeActions(s)];
    }
    case 'row':
      return t.icons.flatMap((icon, i) => (t.done[i] ? [] : iconOptions(s, icon).map((c) => cmd('act', { i, ...c }))));
    case 'discard':
      return distinct(hand(s)).map((card) => cmd('discard', { card }));
    case 'crisis': {
      const options = crisisCommands(s, t);
      return options.length > 0 ? options : [cmd('skip')];
    }
    case 'pay':
      return payCommands(s, t);
    case 'reduce': {
      if (t.what === 'sd') return [cmd('reduce', { token: 'thirtySecond' }), cmd('allow')];
      const out: GameCommand[] = [];
      if (so.tokens.survival > 0) out.push(cmd('reduce', { token: 'survival' }));
      for (const card of distinct(hand(s)).filter((c) => hasIcon(s, c, 'securityDoor'))) out.push(cmd('reduce', { card }));
      return [...out, cmd('allow')];
    }
    case 'path':
      return (so.def.motion[so.motion]?.next ?? []).map((to) => cmd('path', { to }));
    case 'proximity':
      return proximityCommands({ s }).map((c) => cmd(c.type, c.args as Record<string, unknown>));
    case 'terrorMeet': {
      const deck = s.board.chambers[t.chamber]?.deck ?? 'c';
      const traits = so.traits.filter((x) => x.state === 'ready' && (so.def.areas.find((a) => a.id === x.area)?.decks ?? []).includes(deck));
      return [...traits.map((x) => cmd('trait', { area: x.area, use: 'terror' })), cmd('fear')];
    }
    case 'vent': {
      const supplies = so.def.supplies ?? '';
      const out = [cmd('ventAt', { chamber: supplies })];
      if ((s.mission[supplies] ?? 0) > 0) for (const c of neighbours(s, supplies, { tunnels: false, ignoreDoor: true })) if (c !== 'remora') out.push(cmd('ventAt', { chamber: c }));
      return out;
    }
    case 'stowawayOrEnergy':
      return [cmd('sdStowaway', { energy: false }), ...((s.loadout.energy ?? 0) > 0 ? [cmd('sdStowaway', { energy: true })] : [])];
    case 'strip':
      return s.board.loadout.filter((c) => (s.loadout[c.id] ?? 0) > 0).map((c) => cmd('strip', { column: c.id }));
    case 'keep':
      return distinct(t.cards).map((card) => cmd('keep', { card }));
    case 'side':
      return [cmd('side', { top: true }), cmd('side', { top: false })];
    case 'spare':
      return spareCommands(s).map((c) => cmd(c.type, c.args as Record<string, unknown>));
    case 'shuttle':
    case 'guess':
      return shuttleCommands(s, t).map((c) => cmd(c.type, c.args as Record<string, unknown>));
    case 'outageBonus':
      return outageBonusOptions(s, t.what).map((o) => (o.to === undefined ? cmd('unpower', o) : cmd('shiftOutage', o)));
    case 'androidMove':
      return hystericalSteps(s).map((to) => cmd('android', { to }));
    case 'conflict':
      return so.conflict ? conflictLegal(so.conflict).map((c) => cmd(c.type, c.args as Record<string, unknown>)) : [];
    default:
      void at;
      return [];
  }
}
