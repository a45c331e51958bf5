import type { Awaiting, GameCommand, GameEvent, GameStatus, Json, Prompt } from '../../core/index.ts';
import { sdMinute } from './board.ts';
import { labelLifeformCommand } from './labels.ts';
import { legalCommands, taskSeats } from './legal.ts';
import { cardOf, type LifeformState, type Task } from './state.ts';
import { passengerView } from './mods.ts';
import { soloAwaiting, soloPrompts, soloPublic, soloSecrets, soloStatus, soloTimeout } from './solo/view.ts';

/** The top task as everyone may see it: its kind and who is asked, plus public details. */
function taskView(t: Task | undefined): Json {
  if (!t) return null;
  switch (t.k) {
    case 'attack':
      return { k: 'attack', chamber: t.a.chamber, how: t.a.how, waiting: [...t.a.waiting], pending: t.a.pending ? { seat: t.a.pending.seat, reaction: t.a.pending.reaction, character: t.a.pending.character } : null };
    case 'row':
      return { k: 'row', seat: t.seat, side: t.side, icons: [...t.icons], done: [...t.done] };
    case 'panic':
      return { k: 'panic', left: [...t.left] };
    case 'turn':
    case 'decide':
    case 'discard':
    case 'control':
      return { k: t.k, seat: t.seat };
    default:
      return { k: t.k };
  }
}

/**
 * What everyone may see (issue 17 "Hidden information"): images are identical, so no real lifeform; no
 * stowaway choice; hands and decks by count only; character picks only once revealed; no crew objective
 * unless a "decide immediately" card was revealed.
 */
export function publicView(s: LifeformState): Json {
  const picking = s.stack.some((t) => t.k === 'pick');
  return {
    game: 'lifeform',
    seats: s.seats,
    lifeformSeat: s.lifeformSeat,
    crewSeats: [...s.crewSeats],
    round: s.round,
    phase: s.phase,
    task: taskView(s.stack[s.stack.length - 1]),
    picked: picking ? s.crewSeats.filter((x) => s.picks[String(x)] !== null) : [...s.crewSeats],
    characters: s.characters.map((c) => ({ id: c.id, owner: c.owner, at: c.at, hidden: c.hidden, skill: c.skill, survival: c.survival, heat: c.heat })),
    dead: [...s.dead],
    roles: { ...s.roles },
    images: s.images.map((at, id) => ({ id, at })),
    android: { state: s.android.state, at: s.android.at, deviation: s.android.deviation },
    mission: { ...s.mission },
    outages: [...s.outages],
    terrors: [...s.terrors],
    door: s.door ? { link: [...s.door.link], half: s.door.half } : null,
    hullBreach: s.hullBreach,
    loadout: { ...s.loadout },
    overheating: s.overheating,
    flamethrowerTaken: s.flamethrowerTaken,
    laser: s.laser,
    tracks: { selfDestruct: s.sd, minute: sdMinute(s), malfunction: s.malfunction, androidStatus: s.androidStatus, cocoon: s.cocoon, hostility: s.hostility },
    vents: s.vents,
    lifeformSurvival: s.lifeformSurvival,
    stowawayChosen: s.stowaway !== null,
    hands: Object.fromEntries(s.crewSeats.map((x) => [String(x), (s.hands[String(x)] ?? []).length])),
    lifeformHand: s.lfHand.length,
    decks: { crew: s.crewDeck.length, crewDiscard: s.crewDiscard.map(cardOf), lifeform: s.lfDeck.length, lifeformDiscard: s.lfDiscard.map(cardOf), terror: s.terrorDeck.length, terrorDiscard: [...s.terrorDiscard] },
    objectivesRevealed: s.crewSeats.map((x) => s.objectives[String(x)] ?? null).filter((o): o is string => o !== null && (s.board.objectives[o]?.decide.length ?? 0) > 0 && s.phase !== 'setup'),
    objectivesDone: s.objectivesDone.filter((o) => s.phase !== 'setup' || (s.board.objectives[o]?.decide.length ?? 0) > 0),
    objectivesOpen: Object.values(s.objectives).filter((o) => o !== null && !s.objectivesDone.includes(o)).length,
    lastManAboard: s.lastManAboard,
    showdown: showdownView(s),
    cat: s.cat ? { at: s.cat.at, moved: s.cat.moved, played: s.cat.played } : null,
    roleCards: { cat: [...s.roleCards.cat], sister: [...s.roleCards.sister] },
    roleBoards: Object.fromEntries(Object.entries(s.roleBoards).map(([k, v]) => [k, [...(v ?? [])]])),
    outcome: s.outcome as unknown as Json,
    // Rules 2: face-up tokens (the stowaway token, data tokens by icon, evolution tokens). Dragon's Domain has
    // no lifeform player nor hostility tracker, so no stowaway token to show.
    ...(s.rules !== undefined && !s.solo ? { stowawayToken: s.stowawayToken } : {}),
    ...(s.dataTokens ? { dataTokens: Object.fromEntries(Object.entries(s.dataTokens).map(([k, v]) => [k, [...v]])) } : {}),
    ...(s.evolution ? { evolution: { pairs: s.evolution.pairs.map((p) => [...p]), held: [...s.evolution.held] } } : {}),
    ...(s.passenger ? { passenger: passengerView(s) } : {}),
    ...(s.solo ? { solo: soloPublic(s) } : {}),
  };
}

/** The showdown as everyone sees it: the fight card only once it is revealed. */
function showdownView(s: LifeformState): Json {
  const sd = s.showdown;
  if (!sd) return null;
  const f = sd.fight;
  const shown = f !== null && (f.stage === 'trim' || f.stage === 'match');
  return {
    ending: sd.ending,
    pool: { remora: sd.pool.remora, halon: sd.pool.halon },
    tokens: sd.tokens,
    stowawayKept: sd.keep !== null,
    last: sd.last,
    out: [...sd.out],
    fight: f === null ? null : { target: f.target, stage: f.stage, tokens: f.tokens, stowaway: f.stowaway, card: shown && f.card ? cardOf(f.card) : null, cardDown: f.card !== null && !shown, remaining: [...f.remaining], spare: f.spare },
  };
}

/** A seat's view: the public view plus its own secrets (issue 17: crew hands only to their owner). */
export function viewFor(s: LifeformState, seat: number): Json {
  const base = publicView(s) as Record<string, Json>;
  if (s.solo) return seat === 0 ? { ...base, me: 0, role: 'crew', hand: [...(s.hands['0'] ?? [])], offers: [...(s.offers['0'] ?? [])] } : { ...base, me: seat };
  if (seat === s.lifeformSeat) {
    const top = s.stack[s.stack.length - 1];
    const hunt: Record<string, Json> = s.passenger?.hunt?.at !== undefined && s.passenger.hunt.at !== null ? { huntAt: s.passenger.hunt.at } : {};
    return { ...base, me: seat, role: 'lifeform', real: s.real, stowaway: s.stowaway, hand: [...s.lfHand], fightCard: s.showdown?.fight?.card ?? null, seen: top?.k === 'lfPick' ? [...top.cards] : [], keptStowaway: s.showdown?.keep ?? null, ...hunt };
  }
  if (!s.crewSeats.includes(seat)) return { ...base, me: seat };
  return {
    ...base,
    me: seat,
    role: 'crew',
    hand: [...(s.hands[String(seat)] ?? [])],
    offers: [...(s.offers[String(seat)] ?? [])],
    pick: s.picks[String(seat)] ? [...(s.picks[String(seat)] as string[])] : null,
    objectives: s.crewSeats.map((x) => s.objectives[String(x)] ?? null).filter((o): o is string => o !== null),
    data: s.data[String(seat)] ?? 0,
  };
}

/** Secrets of one seat, for `/secrets` and DMs. */
export function secretsFor(s: LifeformState, seat: number): GameEvent[] {
  if (s.solo) return soloSecrets(s, seat);
  const out: GameEvent[] = [];
  if (seat === s.lifeformSeat) {
    if (s.real !== null) out.push({ code: 'lifeform.secret.real', params: { image: s.real }, to: seat });
    if (s.stowaway !== null) out.push({ code: 'lifeform.secret.stowaway', params: { stowawayKey: `stowaway.${s.stowaway}.name` }, to: seat });
    if (s.passenger?.hunt?.at) out.push({ code: 'lifeform.secret.huntAt', params: { locationKey: `location.${s.passenger.hunt.at}.name` }, to: seat });
    for (const c of s.lfHand) out.push({ code: 'lifeform.secret.lifeformCard', params: { cardKey: `lifeform.card.${cardOf(c)}.name` }, to: seat });
    return out;
  }
  if (!s.crewSeats.includes(seat)) return out;
  if (s.stack.some((t) => t.k === 'pick')) for (const c of s.offers[String(seat)] ?? []) out.push({ code: 'lifeform.secret.offer', params: { characterKey: `character.${c}.name` }, to: seat });
  for (const c of s.hands[String(seat)] ?? []) out.push({ code: 'lifeform.secret.crewCard', params: { cardKey: `crew.${cardOf(c)}.name` }, to: seat });
  for (const x of s.crewSeats) {
    const o = s.objectives[String(x)];
    if (o) out.push({ code: 'lifeform.secret.objective', params: { objectiveKey: `objective.${o}.name`, done: s.objectivesDone.includes(o) }, to: seat });
  }
  return out;
}

/** Task kinds whose legal answers reveal nothing hidden, so they may become buttons. */
const PUBLIC_PROMPTS: ReadonlySet<string> = new Set(['calibrate', 'noise', 'stowaway', 'panic', 'control', 'decide', 'agree', 'evolution', 'noReaction', 'allow', 'stop', 'noHelp', 'noSearch']);

/**
 * Showdown answers that reveal nothing (issue 17 "Commands": buttons for the showdown choices): who gets
 * a hibernation card, whom the lifeform fights, a cancel from the crew pool, facing the fight, the icon
 * the lifeform drops from its revealed card, a sacrifice, giving up, the cat removed or no help (rules 2). The face-down fight card, the kept
 * energy card, matching cards or a data token, and a Mining Laser cancel come from what a seat holds, so
 * they are offered to their holder alone (private.ts).
 */
const SHOWDOWN_PROMPTS: ReadonlySet<string> = new Set(['share', 'target', 'cancel', 'face', 'drop', 'sacrifice', 'yield', 'catMatch', 'noHelp']);

/** A showdown answer that may be a button on the public turn message (a data token or a Mining Laser in a hand is a secret). */
const publicShowdown = (c: GameCommand): boolean => SHOWDOWN_PROMPTS.has(c.type) && !(c.type === 'cancel' && (c.args as { item?: string }).item === 'laser');

/**
 * Pending choices as prompts. Only answers that reveal nothing become options (a crew reaction card, a
 * lifeform cancel or where a ghost goes are chosen through the seat's own legal commands, offered by DM
 * buttons to that seat alone: private.ts).
 */
export function prompts(s: LifeformState): Prompt[] {
  if (s.solo) return soloPrompts(s);
  const t = s.stack[s.stack.length - 1];
  if (!t || t.k === 'turn' || t.k === 'lifeformTurn' || t.k === 'row') return [];
  const out: Prompt[] = [];
  for (const seat of taskSeats(s, t)) {
    const legal = legalCommands(s, seat);
    const options =
      t.k === 'share' || t.k === 'fight'
        ? legal.filter(publicShowdown).map((command) => ({ label: showdownLabel(s, command), command }))
        : legal
            .filter((c) => (PUBLIC_PROMPTS.has(t.k) ? ['calibrate', 'noise', 'stowaway', 'panic', 'control', 'decide', 'agree', 'keepEvolution'].includes(c.type) : PUBLIC_PROMPTS.has(c.type)))
            .map((command) => ({ label: { code: optionCode(command), params: optionParams(command) }, command }));
    if (options.length > 0) out.push({ seat, kind: t.k, options });
  }
  return out;
}

/** A showdown option reads as its command label (`lf.label.*`, seats become names at the edge). */
function showdownLabel(s: LifeformState, c: GameCommand): Prompt['options'][number]['label'] {
  const l = labelLifeformCommand(s, c);
  return l.params ? { code: l.code, params: l.params } : { code: l.code };
}

/** The label code of a prompt option: yes/no answers and roles get a code of their own. */
function optionCode(c: GameCommand): string {
  const a = c.args as Record<string, unknown>;
  if (c.type === 'noise') return `lifeform.option.noise.${a.noisy === true ? 'noisy' : 'silent'}`;
  if (c.type === 'agree') return `lifeform.option.agree.${a.yes === true ? 'yes' : 'no'}`;
  if (c.type === 'control') return `lifeform.option.control.${typeof a.role === 'string' ? a.role : 'character'}`;
  if (c.type === 'panic') return `lifeform.option.panic.${a.to === undefined ? 'stay' : 'move'}`;
  return `lifeform.option.${c.type}`;
}

function optionParams(c: GameCommand): Record<string, string | number | boolean> {
  const a = c.args as Record<string, unknown>;
  const p: Record<string, string | number | boolean> = {};
  if (typeof a.image === 'number') p.image = a.image;
  if (typeof a.noisy === 'boolean') p.noisy = a.noisy;
  if (typeof a.yes === 'boolean') p.yes = a.yes;
  if (typeof a.option === 'number') p.option = a.option;
  if (typeof a.who === 'string') p.characterKey = `character.${a.who}.name`;
  if (typeof a.to === 'string') p.chamberKey = a.to === 'remora' ? 'ship.remora.name' : `ship.chamber.${a.to}.name`;
  if (typeof a.card === 'string') p.stowawayKey = `stowaway.${a.card}.name`;
  if (typeof a.character === 'string') p.characterKey = `character.${a.character}.name`;
  if (typeof a.role === 'string') p.role = a.role;
  if (typeof a.icon === 'string') p.icon = a.icon;
  return p;
}

export function awaiting(s: LifeformState): Awaiting {
  if (s.solo) return soloAwaiting(s);
  const t = s.stack[s.stack.length - 1];
  const kind = !t ? 'none' : t.k === 'turn' || t.k === 'lifeformTurn' ? 'turn' : t.k;
  return { seats: taskSeats(s, t), kind, turn: s.round * 10 + (s.phase === 'lifeform' ? 9 : Math.max(0, s.turnIndex)) };
}

export function status(s: LifeformState): GameStatus {
  if (s.solo) return soloStatus(s);
  if (s.outcome) return { phase: 'ended', reason: `lifeform.winner.${s.outcome.winner}.${s.outcome.reason}` };
  return { phase: 'playing' };
}

/**
 * The least harmful legal answer when a hard deadline falls (issue 17): no reaction, no cancel, a
 * silent kill, stopping a move, declining an optional token, refusing a launch, lurking, a two-card
 * equip; in the showdown the weakest fight, a cancel (and agreeing to it) or a match before giving up,
 * and a helper's "no help" (nothing of theirs spent);
 * otherwise the first legal answer (setup placements, forced moves).
 */
export function timeoutAction(s: LifeformState, seat: number): GameCommand | null {
  if (s.solo) return soloTimeout(s, seat);
  const legal = legalCommands(s, seat);
  if (legal.length === 0) return null;
  const prefer = (type: string, args?: Record<string, unknown>): GameCommand | undefined =>
    legal.find((c) => c.type === type && (args === undefined || Object.entries(args).every(([k, v]) => JSON.stringify((c.args as Record<string, unknown>)[k]) === JSON.stringify(v))));
  const t = s.stack[s.stack.length - 1];
  if (t?.k === 'calibrate' && s.real !== null && s.images[s.real] !== null) return prefer('calibrate', { image: s.real }) ?? legal[0] ?? null;
  if (t?.k === 'discard') {
    const keep = [s.board.miningLaser, s.board.flamethrower];
    return legal.find((c) => !keep.includes(cardOf(String((c.args as { card: string }).card)))) ?? legal[0] ?? null;
  }
  if (t?.k === 'fight' && prefer('noHelp')) return prefer('noHelp') ?? null;
  if (t?.k === 'fight') return prefer('fight', { tokens: 0, stowaway: false }) ?? prefer('cancel') ?? prefer('match') ?? prefer('data') ?? prefer('sacrifice') ?? legal[0] ?? null;
  if (t?.k === 'agree' && t.purpose === 'cancel') return prefer('agree', { yes: true }) ?? null;
  if (t?.k === 'huntSearch' && t.halon) return prefer('noSearch') ?? null;
  return (
    prefer('noReaction') ??
    prefer('allow') ??
    prefer('noise', { noisy: false }) ??
    prefer('stop') ??
    prefer('skip') ??
    prefer('agree', { yes: false }) ??
    prefer('lurk', { discard: [] }) ??
    prefer('equip', { n: 2 }) ??
    prefer('pass') ??
    legal[0] ??
    null
  );
}
