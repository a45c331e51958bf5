import type { DecideContext, GameCommand, Outcome, SeatInfo } from '../../core/index.ts';
import { ok, reject, type Rejection, type Result } from '../../core/result.ts';
import type { Rng } from '../../core/rng.ts';
import { draftCopy, seal } from '../../core/sealed.ts';
import { rulesPackOf } from './pack-helpers.ts';
import { comaWardCommandSchemas, comaWardOptionsSchema } from './commands.ts';
import type { ComaWardPack } from './content.ts';
import { callElevator, move, rideElevator } from './engine/movement.ts';
import { answerDodge, answerSteal, declareAttack, defend } from './engine/combat.ts';
import { settle } from './engine/effects.ts';
import { chooseOption, narrate } from './engine/hallucination.ts';
import { answerDiscard, answerTrade, dropItem, offerTrade, pickUp, useItem } from './engine/items.ts';
import { readIntro } from './engine/phenomenon.ts';
import { reveal, rummage } from './engine/reveal.ts';
import { neurosisStage, overLimit } from './engine/stats.ts';
import { declareQuirk, endTurn, freshTurn } from './engine/turn.ts';
import { player, pub, type CwOptions, type CwState, type Env } from './state.ts';

export function toOptions(raw: unknown, seats: number): CwOptions {
  const o = comaWardOptionsSchema.parse(raw ?? {});
  return { quirks: o.quirks, firstSeat: Math.min(seats, o.first) - 1, damage: o.damage, moves: o.moves };
}

/** Item card uids: the first copy is the id, later copies `id~2`, `id~3` … */
export function itemUids(pack: ComaWardPack): string[] {
  return pack.items.flatMap((i) => Array.from({ length: i.copies }, (_, k) => (k === 0 ? i.id : `${i.id}~${k + 1}`)));
}

/**
 * §Prologue Setup: the room, hallucination-room, hallucination and item decks shuffled; each player a
 * neurosis (dealt at random), Health and Terror from the mat, a secret quirk unless left out; everyone on
 * the start room (the 2nd Floor Nurses' Station); the host's chosen first player starts.
 */
/** The newest rules version (the module's `rulesVersion`); see `CwState.rules`. */
export const RULES = 2;

export function setupGame(rawOptions: unknown, seats: readonly SeatInfo[], rng: Rng, pack: ComaWardPack, rulesVersion: string = String(RULES)): CwState {
  const options = toOptions(rawOptions, seats.length);
  const neuroses = rng.shuffle(pack.neuroses.map((n) => n.id));
  const quirks = options.quirks ? rng.shuffle(pack.quirks.map((q) => q.id)) : [];
  const start = pack.board.start.room;
  const players = seats.map((_, i) => ({
    seat: i,
    health: pack.mat.startHealth,
    terror: pack.mat.startTerror,
    neurosis: neuroses[i % neuroses.length] as string,
    hidden: false,
    quirk: quirks[i] ?? null,
    quirkCount: 0,
    declaredTurn: -1,
    role: null,
    at: start,
    diedAt: null,
    alive: true,
    items: [],
    deeds: [],
    firstTime: [],
    skipNext: false,
    entity: null,
  }));
  const rules = Number(rulesVersion);
  return {
    v: 1,
    ...(rules >= 2 ? { rules } : {}),
    pack: seal(rulesPackOf(pack)),
    options,
    seatCount: seats.length,
    phase: 'prologue',
    players,
    active: options.firstSeat,
    turnNo: 1,
    turn: freshTurn(start),
    decks: {
      rooms: rng.shuffle(pack.rooms.map((r) => r.id)),
      hallucinationRooms: rng.shuffle(pack.hallucinationRooms.map((r) => r.id)),
      hallucinations: rng.shuffle(pack.hallucinations.flatMap((h) => h.versions.map((v) => `${h.id}/${v.id}`))),
      items: rng.shuffle(itemUids(pack)),
    },
    discards: { items: [], hallucinations: [], rooms: [] },
    slots: {},
    floor: {},
    rummaged: {},
    portals: [],
    clues: [],
    flags: [],
    stack: [],
    pending: null,
    queue: [],
    phenomenon: null,
    ending: null,
    wiped: false,
  };
}

type Handler = (s: CwState, env: Env, args: Record<string, unknown>, seat: number) => Result<null, Rejection>;

const turnOnly = new Set(['move', 'elevator', 'reveal', 'rummage', 'attack', 'steal', 'medicine', 'trade', 'use', 'drop', 'pickup', 'neurosis', 'endturn']);
const mainActions = new Set(['reveal', 'rummage', 'attack', 'steal', 'medicine', 'pickup']);

const handlers: Record<string, Handler> = {
  move: (s, env, a) => move(s, env, a['to'] as string),
  elevator: (s, env) => callElevator(s, env),
  ride: (s, env, a) => rideElevator(s, env, (a['floor'] as string | undefined) ?? null),
  reveal: (s, env) => reveal(s, env),
  rummage: (s, env) => rummage(s, env),
  attack: (s, env, a) => declareAttack(s, env, a['target'] as string, 'attack', null),
  steal: (s, env, a) => declareAttack(s, env, a['target'] as string, 'steal', null),
  medicine: (s, env, a) => declareAttack(s, env, a['target'] as string, 'medicine', a['item'] as string),
  defend: (s, env, a) => defend(s, env, a['how'] as 'dodge'),
  dodge: (s, env, a) => answerDodge(s, env, a['to'] as string),
  takeItem: (s, env, a) => answerSteal(s, env, a['item'] as string),
  trade: (s, env, a) => offerTrade(s, env, a['with'] as number, (a['give'] as string[] | undefined) ?? [], (a['take'] as string[] | undefined) ?? []),
  tradeAnswer: (s, env, a) => answerTrade(s, env, a['accept'] === true),
  use: (s, env, a, seat) => useItem(s, env, seat, a['item'] as string),
  drop: (s, env, a, seat) => dropItem(s, env, seat, a['item'] as string),
  pickup: (s, env, _a, seat) => pickUp(s, env, seat),
  neurosis: (s, env, _a, seat) => {
    if (s.turn.neurosisUsed) return reject('comaward.neurosis.oncePerTurn');
    const p = player(s, seat);
    const { stage } = neurosisStage(env.pack, p);
    if (!stage.ability) return reject('comaward.neurosis.noAbility');
    s.turn.neurosisUsed = true;
    pub(env, 'comaward.neurosis.ability', { seat, neurosisKey: `neurosis.${p.neurosis}.name` });
    s.stack.push({ subject: seat, effects: stage.ability.effects.slice() });
    return ok(null);
  },
  declare: (s, env, _a, seat) => declareQuirk(s, env, seat),
  endturn: (s, env) => endTurn(s, env),
  narrate: (s, env, a) => {
    const line = (a['line'] as string | undefined)?.trim() || null;
    if (s.pending?.kind === 'readIntro') {
      readIntro(s, env, line, false);
      return ok(null);
    }
    return narrate(s, env, line, false);
  },
  botRead: (s, env) => {
    if (s.pending?.kind === 'readIntro') {
      readIntro(s, env, null, true);
      return ok(null);
    }
    return narrate(s, env, null, true);
  },
  choose: (s, env, a) => chooseOption(s, env, a['option'] as string),
  answer: (s, env, a) => {
    const pend = s.pending;
    if (pend?.kind !== 'choice') return reject('comaward.prompt.none');
    const chosen = pend.options[a['index'] as number];
    if (!chosen) return reject('comaward.prompt.noSuchOption');
    s.pending = null;
    pub(env, 'comaward.choice.chose', { seat: pend.seat, labelKey: chosen.label });
    s.stack.push({ subject: pend.seat, effects: chosen.effects.slice() });
    return ok(null);
  },
  discard: (s, env, a) => answerDiscard(s, env, a['item'] as string),
  entity: (s, env, a, seat) => {
    const p = player(s, seat);
    const target = s.players[a['target'] as number];
    if (p.alive || !p.entity || p.entity.uses <= 0) return reject('comaward.entity.none');
    if (!target?.alive) return reject('comaward.entity.targetDead');
    if (s.queue.some((q) => q.seat === seat)) return reject('comaward.entity.alreadyQueued');
    s.queue.push({ seat, target: target.seat });
    pub(env, 'comaward.entity.queued', { seat, targetSeat: target.seat });
    return ok(null);
  },
};

/** Which pending prompt a command answers (only its seat may answer). */
const answers: Record<string, readonly string[]> = {
  narrateSituation: ['narrate', 'botRead'],
  narrateResult: ['narrate', 'botRead'],
  readIntro: ['narrate', 'botRead'],
  hallucinationChoice: ['choose'],
  choice: ['answer'],
  discard: ['discard'],
  defend: ['defend'],
  dodgeMove: ['dodge'],
  stealPick: ['takeItem'],
  elevator: ['ride'],
  trade: ['tradeAnswer'],
};

/** The seat that must drop or use before anything else happens (§Item Cards: over the carry limit). */
export function overLimitSeat(s: CwState, pack: ComaWardPack): number | null {
  if (s.pending !== null || s.phase === 'over') return null;
  return s.players.find((p) => overLimit(pack, p))?.seat ?? null;
}

/** Decides one command: who may act now, then the rules, then everything that follows from it. */
export function decideCommand(state: CwState, command: GameCommand, ctx: DecideContext): Result<Outcome<CwState>, Rejection> {
  const pack = state.pack;
  void ctx.pack;
  if (state.phase === 'over') return reject('comaward.game.over');
  const schema = (comaWardCommandSchemas as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>)[command.type];
  const handler = handlers[command.type];
  if (!schema || !handler) return reject('comaward.command.unknown', { type: command.type });
  const parsed = schema.safeParse(command.args ?? {});
  if (!parsed.success) return reject('comaward.command.badArgs', { type: command.type });
  const args = parsed.data as Record<string, unknown>;
  const host = ctx.seat === null;
  const seat = ctx.seat ?? state.pending?.seat ?? state.active;
  const pend = state.pending;
  if (host && command.type !== 'botRead') return reject('comaward.command.notYours');
  if (command.type === 'entity' || command.type === 'declare') {
    // any seat, at any time: checked by the handler
  } else if (command.type === 'botRead') {
    if (!pend || !(answers[pend.kind] ?? []).includes('botRead')) return reject('comaward.narrate.nothingToRead');
    if (!host && !ctx.asHost && seat !== pend.seat) return reject('comaward.prompt.notYours', { seat: pend.seat });
  } else if (pend) {
    if (!(answers[pend.kind] ?? []).includes(command.type)) return reject('comaward.prompt.waiting', { kind: pend.kind, seat: pend.seat });
    if (seat !== pend.seat) return reject('comaward.prompt.notYours', { seat: pend.seat });
  } else {
    const over = overLimitSeat(state, pack);
    if (over !== null) {
      if (seat !== over || (command.type !== 'drop' && command.type !== 'use')) return reject('comaward.item.overLimit', { seat: over });
    } else if (!turnOnly.has(command.type)) return reject('comaward.prompt.none');
    else if (seat !== state.active) return reject('comaward.turn.notYours', { seat: state.active });
    if (!player(state, seat).alive) return reject('comaward.turn.dead');
    if (mainActions.has(command.type) && state.turn.mainDone) return reject('comaward.turn.mainDone');
    if (state.turn.mustReveal && command.type !== 'reveal' && command.type !== 'use' && command.type !== 'drop') return reject('comaward.move.mustReveal');
  }
  const s = draftCopy(state);
  const env: Env = { pack, rng: ctx.rng, events: [], revealed: false };
  const done = handler(s, env, args, seat);
  if (!done.ok) return done;
  settle(s, env);
  return ok({ state: s, events: env.events, revealed: env.revealed });
}
