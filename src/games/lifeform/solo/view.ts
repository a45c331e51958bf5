import type { Awaiting, GameCommand, GameEvent, GameStatus, Json, Prompt } from '../../../core/index.ts';
import type { LifeformState } from '../state.ts';
import { soloOf, topTask } from './flow.ts';
import { conflictPublicView } from './conflict.ts';
import { launchConditions } from './launch.ts';
import { soloLegal } from './legal.ts';
import { soloLabel } from './labels.ts';
import { outageBonusTimeout } from './variants.ts';
import type { SoloTask } from './state.ts';
import { handCardKey } from './remora.ts';
import { searchPublic } from './remora-view.ts';

/** The task as everyone may see it (a row's icons, a crisis card's id: both face up on the table). */
function taskView(t: SoloTask | undefined): Json {
  if (!t) return null;
  switch (t.k) {
    case 'row':
      return { k: t.k, icons: [...t.icons], done: [...t.done] };
    case 'crisis':
    case 'pay':
      return { k: t.k, card: t.card };
    case 'proximity':
      return { k: t.k, surplus: t.surplus };
    case 'conflict':
      return { k: t.k, halon: t.input.halonCompartments, energyAttack1: t.input.energyAttack1.length, attack5: t.input.remoraAttack5, traits: [...t.input.remoraTraits] };
    case 'reduce':
    case 'advance':
    case 'path':
    case 'sd':
      return { k: t.k, n: t.n };
    default:
      return { k: t.k };
  }
}

/**
 * The solo part of the public view (issue 20 "Dragon's Domain"): the motion track, fear track, objectives,
 * tokens and container counts. Face-down things stay face down: which trait lies in which area until it
 * is flipped on the Remora, the stowaway tokens' faces, the energy column's combat tokens, the decks' order.
 */
export function soloPublic(s: LifeformState): Json {
  const so = soloOf(s);
  return {
    mode: 'solo',
    task: taskView(topTask(s)),
    character: so.character,
    motion: so.motion,
    close: so.def.motion[so.motion]?.close === true,
    nerve: so.nerve,
    fear: so.fear,
    fearSpaces: so.def.fearSpaces,
    traits: so.traits.map((t) => ({ area: t.area, state: t.state, id: t.state === 'remora' ? t.id : null })),
    tokens: { ...so.tokens },
    data: [...so.data],
    objectives: { ...so.objectives },
    launch: { ...launchConditions(s) },
    container: { ...so.container },
    killedChits: [...so.killedChits],
    cocoonChits: Object.keys(so.cocoonChits).map(Number),
    cocoonAttack5: so.cocoonAttack5,
    energyAttack: so.energyAttack.map((x) => x !== null),
    remora: { stowaways: so.remora.stowaways.length, attack5: so.remora.attack5, traits: [...so.remora.traits] },
    revealed: s.outcome !== null || topTask(s)?.k === 'conflict' ? [...so.remora.stowaways] : null,
    stowawaySupply: so.stowawaySupply.length,
    crisisDecks: { a: so.crisisDecks.a.length, b: so.crisisDecks.b.length, c: so.crisisDecks.c.length },
    harpoons: [...so.harpoons],
    vents: [...so.vents],
    heat: so.heat,
    impervious: so.impervious,
    airlock: so.airlock,
    lost: so.lost,
    conflict: so.conflict ? (conflictPublicView(so.conflict) as unknown as Json) : null,
    ...(so.search ? { search: searchPublic(so) } : {}),
  };
}

export function soloSecrets(s: LifeformState, seat: number): GameEvent[] {
  if (seat !== 0) return [];
  return (s.hands['0'] ?? []).map((c) => ({ code: 'lifeform.secret.crewCard', params: { cardKey: handCardKey(s, c) }, to: 0 }));
}

export function soloAwaiting(s: LifeformState): Awaiting {
  const t = topTask(s);
  const kind = !t || s.outcome ? 'none' : t.k === 'activity' ? 'turn' : t.k;
  return { seats: t && !s.outcome && (t.k !== 'conflict' || soloOf(s).conflict) ? [0] : [], kind, turn: s.round * 10 + (soloOf(s).conflict?.round ?? 0) };
}

export function soloStatus(s: LifeformState): GameStatus {
  if (s.outcome) return { phase: 'ended', reason: `lifeform-solo.status.${s.outcome.winner === 'crew' ? 'won' : 'lost'}.${s.outcome.reason}` };
  return { phase: 'playing' };
}

/** Commands naming a card of the hand never become public buttons. */
const namesCard = (c: GameCommand): boolean => typeof (c.args as { card?: unknown }).card === 'string' || Array.isArray((c.args as { cards?: unknown }).cards);

/** Buttons on the turn message: the common answers that name no card in hand (WAIT, EQUIP, a fork, a crisis option, not reducing, the fear track, where a vent goes …). */
export function soloPrompts(s: LifeformState): Prompt[] {
  const t = topTask(s);
  if (!t || s.outcome) return [];
  const options = soloLegal(s, 0)
    .filter((c) => !namesCard(c) && c.type !== 'act' && c.type !== 'collect')
    .slice(0, 20)
    .map((command) => {
      const l = soloLabel(s, command);
      return { label: l.params ? { code: l.code, params: l.params } : { code: l.code }, command };
    });
  return options.length > 0 ? [{ seat: 0, kind: t.k, options }] : [];
}

/**
 * The least harmful answer when a hard deadline falls: WAIT (one lifeform step) rather than a card,
 * letting an advance happen rather than spending a token, a trait rather than a terror token on the fear
 * track, the first crisis option that can be paid, the first way out of a proximity conflict; a loadout
 * bonus removes the power outage nearest the player or moves one as far from the player as it goes; the
 * hysterical android pushes at the security door when a step offered crosses it, else takes the first step
 * offered (every step offered brings it one point closer alike).
 */
export function soloTimeout(s: LifeformState, seat: number): GameCommand | null {
  const legal = soloLegal(s, seat);
  const t = topTask(s);
  const find = (type: string): GameCommand | undefined => legal.find((c) => c.type === type);
  if (t?.k === 'activity') return find('wait') ?? legal[0] ?? null;
  if (t?.k === 'reduce') return find('allow') ?? null;
  if (t?.k === 'terrorMeet') return find('trait') ?? find('fear') ?? null;
  if (t?.k === 'stowawayOrEnergy') return legal.find((c) => (c.args as { energy?: boolean }).energy === false) ?? legal[0] ?? null;
  if (t?.k === 'proximity') return find('proximity') ?? legal[0] ?? null;
  // Mod C: CONFRONT (a known extra zone) rather than gamble on a HUNT.
  if (t?.k === 'shuttle') return find('confront') ?? null;
  if (t?.k === 'androidMove') {
    const d = s.door;
    const at = s.android.at;
    return legal.find((c) => d !== null && at !== null && d.link.includes(at) && d.link.includes((c.args as { to?: string }).to ?? '')) ?? legal[0] ?? null;
  }
  if (t?.k === 'outageBonus') {
    const o = outageBonusTimeout(s, t.what);
    return legal.find((c) => (c.args as { chamber?: string }).chamber === o?.chamber && (c.args as { to?: string }).to === o?.to) ?? legal[0] ?? null;
  }
  return legal[0] ?? null;
}
