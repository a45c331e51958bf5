import type { Awaiting, GameCommand, GameEvent, GameStatus, Json, Prompt } from '../../core/index.ts';
import type { ComaWardPack } from './content.ts';
import { boardOf } from './engine/board.ts';
import { dodgeSpaces } from './engine/combat.ts';
import { cardOf } from './engine/hallucination.ts';
import { tradeFits } from './engine/items.ts';
import { movesLeft, reachable, roomCardAt, spaceKey } from './engine/movement.ts';
import { carriedCount, carryLimit, derived, itemCard, neurosisStage } from './engine/stats.ts';
import { labelComaWardCommand } from './labels.ts';
import { overLimitSeat } from './rules.ts';
import { player, type CwState, type Env } from './state.ts';

/**
 * What everyone may see (ARCHITECTURE.md "Views and secrets"): never a quirk or its counters, a role,
 * an unread hallucination (its version or results), an unread phenomenon, or an epilogue before it fires.
 */
export function publicView(s: CwState, pack: ComaWardPack): Json {
  const ph = s.phenomenon;
  const showPhenomenon = ph !== null && ph.introRead;
  const pend = s.pending;
  let pending: Json = null;
  if (pend) {
    const base: Record<string, Json> = { kind: pend.kind, seat: pend.seat };
    if (pend.kind === 'hallucinationChoice' || pend.kind === 'narrateResult') {
      const { h } = cardOf(pack, pend.card);
      base['situation'] = h.id;
      base['options'] = h.options.map((o) => o.id);
      base['subject'] = pend.kind === 'narrateResult' ? pend.subject : pend.seat;
      if (pend.kind === 'narrateResult') base['option'] = pend.option;
    }
    if (pend.kind === 'narrateSituation') base['subject'] = pend.subject;
    if (pend.kind === 'defend' || pend.kind === 'dodgeMove') base['attacker'] = pend.attacker;
    if (pend.kind === 'defend') base['mode'] = pend.mode;
    if (pend.kind === 'elevator') base['floors'] = pend.floors;
    if (pend.kind === 'trade') Object.assign(base, { from: pend.from, give: pend.give, take: pend.take });
    if (pend.kind === 'choice') base['options'] = pend.options.map((o) => o.label);
    if (pend.kind === 'stealPick') base['from'] = pend.from;
    pending = base;
  }
  return {
    game: 'comaward',
    phase: s.phase,
    active: s.active,
    turnNo: s.turnNo,
    turn: { moved: s.turn.moved, movesLeft: s.phase === 'over' ? 0 : movesLeft(s, pack), mainDone: s.turn.mainDone, revealed: s.turn.revealed, mustReveal: s.turn.mustReveal },
    players: s.players.map((p) => {
      const d = derived(pack, p);
      return {
        seat: p.seat,
        alive: p.alive,
        at: p.at,
        atKey: p.at === null ? null : spaceKey(pack, p.at, s),
        diedAt: p.diedAt,
        health: p.health,
        terror: p.terror,
        strength: d.strength,
        dexterity: d.dexterity,
        focus: d.focus,
        neurosis: p.neurosis,
        neurosisStage: p.alive ? neurosisStage(pack, p).index + 1 : 0,
        hiddenNeurosis: p.hidden,
        hasQuirk: p.quirk !== null,
        items: p.items,
        carried: carriedCount(pack, p),
        carryLimit: carryLimit(pack, p),
        entity: p.entity ? { id: p.entity.id, uses: p.entity.uses } : null,
        skipNext: p.skipNext,
      };
    }),
    /** The board as data (floors, maps, fixed rooms, walls, stairs, elevators, printed portals) for the picture; names by key `board.floor.<id>.name` and so on. */
    layout: pack.board as unknown as Json,
    board: {
      slots: Object.fromEntries(Object.entries(s.slots).map(([k, v]) => [k, { card: v.card, kind: v.kind }])),
      floor: s.floor,
      rummaged: s.rummaged,
      portals: s.portals,
      clues: s.clues.map((c, i) => ({ marker: i + 1, item: c.item, at: c.at, by: c.by })),
      actors: ph ? ph.actors.map((a) => ({ uid: a.uid, card: a.card, kind: a.kind, at: a.at, health: a.health })) : [],
    },
    decks: { rooms: s.decks.rooms.length, hallucinationRooms: s.decks.hallucinationRooms.length, hallucinations: s.decks.hallucinations.length, items: s.decks.items.length, itemDiscards: s.discards.items.length },
    pending,
    phenomenon: ph
      ? { id: showPhenomenon ? ph.id : null, narrator: ph.narrator, introRead: ph.introRead, round: ph.round, toPlay: ph.toPlay, defeated: ph.defeated }
      : null,
    ending: s.ending ? { id: s.ending.id, winners: s.ending.winners, phenomenon: ph?.id ?? null } : null,
    wiped: s.wiped,
    queued: s.queue.length,
  };
}

/** One seat's view: the public view plus its own quirk, role, and the cards it narrates. */
export function viewFor(s: CwState, pack: ComaWardPack, seat: number): Json {
  const me = s.players[seat];
  const pend = s.pending;
  let narrating: Json = null;
  if (pend && pend.seat === seat && (pend.kind === 'narrateSituation' || pend.kind === 'narrateResult')) {
    const { h, version } = cardOf(pack, pend.card);
    narrating = { situation: h.id, version, options: h.options.map((o) => o.id), reading: pend.kind === 'narrateSituation' ? 'situation' : 'result', ...(pend.kind === 'narrateResult' ? { option: pend.option } : {}) };
  }
  if (pend && pend.seat === seat && pend.kind === 'readIntro') narrating = { phenomenon: pend.phenomenon, reading: 'intro' };
  return {
    ...(publicView(s, pack) as Record<string, Json>),
    me: seat,
    mine: me ? { quirk: me.quirk, quirkCount: me.quirkCount, role: me.role } : null,
    narrating,
  };
}

/** `/secrets` and DMs: the seat's quirk, its role, and the card or introduction it must read. */
export function secretsFor(s: CwState, pack: ComaWardPack, seat: number): GameEvent[] {
  const me = s.players[seat];
  if (!me) return [];
  const out: GameEvent[] = [];
  if (me.quirk) out.push({ code: 'comaward.secret.quirk', params: { quirkKey: `quirk.${me.quirk}.name`, textKey: `quirk.${me.quirk}.text`, count: me.quirkCount }, to: seat });
  const ph = s.phenomenon;
  if (me.role && ph) out.push({ code: 'comaward.secret.role', params: { roleKey: `phenomenon.${ph.id}.role.${me.role}.name`, textKey: `phenomenon.${ph.id}.role.${me.role}.text` }, to: seat });
  const pend = s.pending;
  if (pend && pend.seat === seat && (pend.kind === 'narrateSituation' || pend.kind === 'narrateResult')) {
    const env: Env = { pack, rng: null as never, events: out, revealed: false };
    const { h, version } = cardOf(pack, pend.card);
    env.events.push({ code: 'comaward.hallucination.private', params: { textKey: `hallucination.${h.id}.situation` }, to: seat });
    for (const o of h.options) {
      env.events.push({ code: 'comaward.hallucination.privateOption', params: { optionKey: `hallucination.${h.id}.option.${o.id}.title`, textKey: `hallucination.${h.id}.version.${version}.results.${o.id}.text` }, to: seat });
    }
  }
  if (pend && pend.seat === seat && pend.kind === 'readIntro') {
    out.push({ code: 'comaward.phenomenon.introPrivate', params: { phenomenonKey: `phenomenon.${pend.phenomenon}.name`, textKey: `phenomenon.${pend.phenomenon}.intro` }, to: seat });
  }
  return out;
}

export function status(s: CwState): GameStatus {
  if (s.phase !== 'over') return { phase: 'playing' };
  if (s.wiped) return { phase: 'lost', reason: 'comaward.ending.wiped' };
  if (s.ending && s.ending.winners.length > 0) return { phase: 'won', reason: s.ending.id };
  return { phase: 'lost', reason: s.ending?.id ?? 'comaward.ending.wiped' };
}

export function awaiting(s: CwState, pack: ComaWardPack): Awaiting {
  if (s.phase === 'over') return { seats: [], kind: 'over' };
  if (s.pending) return { seats: [s.pending.seat], kind: s.pending.kind, turn: s.turnNo };
  const over = overLimitSeat(s, pack);
  if (over !== null) return { seats: [over], kind: 'overLimit', turn: s.turnNo };
  return { seats: [s.active], kind: 'turn', turn: s.turnNo };
}

const cmd = (type: string, args: Record<string, unknown> = {}): GameCommand => ({ type, args });

/** The commands answering the pending prompt (the prompt's buttons). */
function pendingCommands(s: CwState, pack: ComaWardPack): GameCommand[] {
  const pend = s.pending;
  if (!pend) return [];
  switch (pend.kind) {
    case 'narrateSituation':
    case 'narrateResult':
    case 'readIntro':
      return [cmd('narrate'), cmd('botRead')];
    case 'hallucinationChoice':
      return cardOf(pack, pend.card).h.options.map((o) => cmd('choose', { option: o.id }));
    case 'choice':
      return pend.options.map((_, i) => cmd('answer', { index: i }));
    case 'discard':
      return player(s, pend.seat).items.filter((u) => pend.type === null || itemCard(pack, u).type === pend.type).map((u) => cmd('discard', { item: u }));
    case 'defend':
      return [cmd('defend', { how: 'dodge' }), cmd('defend', { how: 'counter' })];
    case 'dodgeMove':
      return dodgeSpaces(s, { pack } as Env, pend.seat).map((to) => cmd('dodge', { to }));
    case 'stealPick':
      return player(s, pend.from).items.map((u) => cmd('takeItem', { item: u }));
    case 'elevator':
      return [...pend.floors.map((f) => cmd('ride', { floor: f })), cmd('ride', {})];
    case 'trade':
      return [cmd('tradeAnswer', { accept: true }), cmd('tradeAnswer', { accept: false })];
  }
}

export function prompts(s: CwState, pack: ComaWardPack): Prompt[] {
  const pend = s.pending;
  if (!pend || s.phase === 'over') return [];
  return [{ seat: pend.seat, kind: pend.kind, options: pendingCommands(s, pack).map((command) => {
    const { code, params } = labelComaWardCommand(s, pack, command);
    return { label: params === undefined ? { code } : { code, params }, command };
  }) }];
}

/** Every legal command for a seat now (autocomplete, fuzzing, random players). */
export function legalCommands(s: CwState, pack: ComaWardPack, seat: number): GameCommand[] {
  if (s.phase === 'over') return [];
  const me = s.players[seat];
  if (!me) return [];
  const extra: GameCommand[] = [];
  if (!me.alive && me.entity && me.entity.uses > 0 && !s.queue.some((q) => q.seat === seat)) {
    for (const p of s.players) if (p.alive) extra.push(cmd('entity', { target: p.seat }));
  }
  // `declare` (a quirk about the person at the table) is never listed: the legal moves are counted and
  // labelled in public (the turn message, /help), so listing it would tell the table that this player's
  // quirk is a declared one. Its owner uses `/cw declare`, which the rules check on their own.
  if (s.pending) return s.pending.seat === seat ? [...pendingCommands(s, pack), ...extra] : extra;
  const over = overLimitSeat(s, pack);
  if (over !== null) {
    if (over !== seat) return extra;
    return [...me.items.map((u) => cmd('drop', { item: u })), ...me.items.filter((u) => (itemCard(pack, u).use ?? []).length > 0).map((u) => cmd('use', { item: u })), ...extra];
  }
  if (seat !== s.active || !me.alive) return extra;
  const out: GameCommand[] = [];
  if (s.turn.mustReveal) return [cmd('reveal'), ...extra];
  out.push(cmd('endturn'));
  for (const [to] of [...reachable(s, pack)].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))) out.push(cmd('move', { to }));
  const board = boardOf(pack);
  if (me.at !== null && board.elevators.has(me.at) && movesLeft(s, pack) > 0) out.push(cmd('elevator'));
  if (!s.turn.mainDone && me.at !== null) {
    const card = roomCardAt(s, pack, me.at);
    const sp = board.spaces.get(me.at);
    const canRummage = card ? card.rummage : sp?.kind === 'room' && sp.rummage;
    if (canRummage && !(s.rummaged[me.at] ?? []).includes(seat)) out.push(cmd('rummage'));
    if ((s.floor[me.at] ?? []).length > 0) out.push(cmd('pickup'));
    for (const o of s.players) {
      if (!o.alive || o.seat === seat || o.at !== me.at) continue;
      if (!s.turn.traded.includes(o.seat)) {
        out.push(cmd('attack', { target: String(o.seat) }));
        if (o.items.length > 0) out.push(cmd('steal', { target: String(o.seat) }));
        for (const u of me.items) if (itemCard(pack, u).type === 'medicine' && itemCard(pack, u).unwilling) out.push(cmd('medicine', { target: String(o.seat), item: u }));
      }
    }
    for (const a of s.phenomenon?.actors ?? []) if (a.kind === 'enemy' && a.at === me.at) out.push(cmd('attack', { target: a.uid }));
  }
  for (const u of me.items) {
    if ((itemCard(pack, u).use ?? []).length > 0) out.push(cmd('use', { item: u }));
    out.push(cmd('drop', { item: u }));
  }
  for (const o of s.players) {
    if (!o.alive || o.seat === seat || o.at !== me.at || s.turn.attacked.includes(o.seat)) continue;
    const env = { pack } as Env;
    for (const u of me.items) if (tradeFits(s, env, seat, o.seat, [u], [])) out.push(cmd('trade', { with: o.seat, give: [u], take: [] }));
    for (const u of o.items) if (tradeFits(s, env, seat, o.seat, [], [u])) out.push(cmd('trade', { with: o.seat, give: [], take: [u] }));
  }
  if (!s.turn.neurosisUsed && neurosisStage(pack, me).stage.ability) out.push(cmd('neurosis'));
  return [...out, ...extra];
}
