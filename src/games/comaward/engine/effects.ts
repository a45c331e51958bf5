import type { Condition as FlagCondition } from '../../../content/effects.ts';
import { evaluateCondition } from '../../../content/effects.ts';
import type { Effect } from '../content.ts';
import { living, player, pub, type CwState, type Env } from '../state.ts';
import { boardOf, isRoom } from './board.ts';
import { hurtActor } from './combat.ts';
import { resolveRef, roomMates } from './conditions.ts';
import { spawn } from './enemies.ts';
import { drawHallucination } from './hallucination.ts';
import { discardEffect } from './items.ts';
import { endMoveEffects, placePlayer, roomCardAt, spaceKey } from './movement.ts';
import { askIntro, beginPhenomenonTurns, checkEndings, dealRoles, finish, fireConditionEvents, revealQuirk } from './phenomenon.ts';
import { drawItems, focusCheck, makeCheck } from './reveal.ts';
import { neurosisCheck, passIfActiveDead, passTurn, quirkCounter, sightCheck, startTurn } from './turn.ts';
import { changeHealth, changeTerror, pushFrame } from './vitals.ts';

/** Guards against content that keeps adding effects forever. */
const MAX_STEPS = 5_000;

const flagAccess = {
  has: (s: CwState, flag: string) => s.flags.includes(flag),
  set: (s: CwState, flag: string, on: boolean) => {
    s.flags = on ? [...new Set([...s.flags, flag])] : s.flags.filter((f) => f !== flag);
    return s;
  },
};

/** Ops that only make sense about a living player. */
const NEEDS_LIVING = new Set(['health', 'terror', 'drawItems', 'hallucination', 'check', 'moveTo', 'moves', 'discard', 'replaceRoom', 'portal', 'skipTurn', '_focusCheck', '_firstTime', '_ifAt', '_neurosis', '_sight', '_quirkCounter']);

function each(s: CwState, env: Env, subject: number, who: string): number[] {
  const me = player(s, subject);
  const floorOf = (at: string | null): string | undefined => (at === null ? undefined : boardOf(env.pack).spaces.get(at)?.floor);
  switch (who) {
    case 'floor': {
      const mine = floorOf(me.at ?? me.diedAt);
      return living(s).filter((p) => mine !== undefined && floorOf(p.at) === mine).map((p) => p.seat);
    }
    case 'room':
      return living(s).filter((p) => p.at !== null && p.at === me.at).map((p) => p.seat);
    case 'others-in-room':
      return roomMates(s, subject);
    case 'others':
      return living(s).filter((p) => p.seat !== subject).map((p) => p.seat);
    default:
      return living(s).map((p) => p.seat);
  }
}

/** One effect about `subject`; may push frames or set a pending prompt. */
function step(s: CwState, env: Env, subject: number, e: Effect): void {
  const p = player(s, subject);
  if (NEEDS_LIVING.has(e.op) && !p.alive) return;
  const board = boardOf(env.pack);
  switch (e.op) {
    case 'text':
      pub(env, 'comaward.text', { textKey: e['key'] as string });
      return;
    case 'setFlag':
    case 'clearFlag':
      flagAccess.set(s, e['flag'] as string, e.op === 'setFlag');
      return;
    case 'if': {
      const branch = (evaluateCondition(e['cond'] as FlagCondition, s, flagAccess) ? e['then'] : e['else']) as Effect[] | undefined;
      pushFrame(s, subject, branch ?? []);
      return;
    }
    case 'choice': {
      const options = (e['options'] as { label: string; when?: FlagCondition; effects: Effect[] }[])
        .filter((o) => o.when === undefined || evaluateCondition(o.when, s, flagAccess))
        .map((o) => ({ label: o.label, effects: o.effects }));
      if (options.length > 0) s.pending = { kind: 'choice', seat: subject, options };
      return;
    }
    case 'health':
      changeHealth(s, env, subject, e['amount'] as number);
      return;
    case 'terror':
      changeTerror(s, env, subject, e['amount'] as number);
      return;
    case 'drawItems':
      if (drawItems(s, env, subject, e['count'] as number) === 'stop') return;
      return;
    case 'hallucination':
      drawHallucination(s, env, subject);
      return;
    case 'check': {
      const passed = makeCheck(s, env, subject, e['stat'] as 'focus', e['need'] as number);
      pushFrame(s, subject, (passed ? e['pass'] : e['fail']) as Effect[]);
      return;
    }
    case 'moveTo': {
      const to = resolveRef(s, env.pack, subject, e['space'] as string);
      if (to === null || !board.spaces.has(to)) return;
      placePlayer(s, env, subject, to);
      pub(env, 'comaward.move.placed', { seat: subject, spaceKey: spaceKey(env.pack, to, s) });
      return;
    }
    case 'moves':
      if (subject === s.active) s.turn.extraMoves += e['amount'] as number;
      pub(env, 'comaward.move.extra', { seat: subject, amount: e['amount'] as number });
      return;
    case 'discard':
      discardEffect(s, env, subject, e['which'] as 'random', (e['type'] as string | undefined) ?? null);
      return;
    case 'replaceRoom': {
      const at = p.at;
      if (at === null || !s.slots[at]) return;
      const card = s.decks.hallucinationRooms.shift();
      if (card === undefined) return;
      const old = s.slots[at];
      if (old.kind === 'room') s.discards.rooms.push(old.card);
      else s.decks.hallucinationRooms.push(old.card);
      s.slots[at] = { card, kind: 'hallucinationRoom' };
      env.revealed = true;
      pub(env, 'comaward.reveal.replaced', { seat: subject, roomKey: `hallucinationRoom.${card}.name`, textKey: `hallucinationRoom.${card}.text` });
      pushFrame(s, subject, env.pack.hallucinationRooms.find((r) => r.id === card)?.onReveal ?? []);
      return;
    }
    case 'portal': {
      const here = p.at;
      if (here === null) return;
      const to = e['to'] === 'random-room' ? randomRoom(s, env, here) : resolveRef(s, env.pack, subject, e['to'] as string);
      if (to === null || to === here) return;
      s.portals.push({ in: here, out: to });
      pub(env, 'comaward.portal.placed', { seat: subject, fromKey: spaceKey(env.pack, here, s), spaceKey: spaceKey(env.pack, to, s) });
      return;
    }
    case 'skipTurn':
      p.skipNext = true;
      pub(env, 'comaward.turn.willSkip', { seat: subject });
      return;
    case 'each': {
      const seats = each(s, env, subject, e['who'] as string);
      for (const seat of [...seats].reverse()) pushFrame(s, seat, e['effects'] as Effect[]);
      return;
    }
    case 'say':
      pub(env, 'comaward.say', { en: (e['text'] as { en: string }).en, es: (e['text'] as { es: string }).es });
      return;
    case 'spawn':
      if (e['enemy'] !== undefined) spawn(s, env, subject, 'enemy', e['enemy'] as string, e['at'] as string);
      else if (e['ally'] !== undefined) spawn(s, env, subject, 'ally', e['ally'] as string, e['at'] as string);
      return;
    case 'placeItem': {
      const at = resolveRef(s, env.pack, subject, e['at'] as string);
      if (at === null) return;
      const ph = s.phenomenon;
      const uid = `${e['item'] as string}~p${ph ? ph.nextUid++ : s.turnNo}`;
      s.floor[at] = [...(s.floor[at] ?? []), uid];
      pub(env, 'comaward.item.placed', { itemKey: `item.${e['item'] as string}.name`, spaceKey: spaceKey(env.pack, at, s) });
      return;
    }
    case 'dealRoles':
      dealRoles(s, env);
      return;
    case 'hurtEnemy': {
      const ph = s.phenomenon;
      if (!ph) return;
      const targets = ph.actors.filter((a) => a.kind === 'enemy' && (e['enemy'] === undefined ? a.at === p.at || p.at === null : a.card === e['enemy']));
      for (const a of targets) hurtActor(s, env, a.uid, e['amount'] as number);
      return;
    }
    case 'end':
      finish(s, env, e['ending'] as string);
      return;
    case '_focusCheck':
      focusCheck(s, env, subject, e['rummage'] === true);
      return;
    case '_ifAt':
      if (p.at === e['space']) pushFrame(s, subject, e['effects'] as Effect[]);
      return;
    case '_firstTime': {
      const at = e['space'] as string;
      const card = roomCardAt(s, env.pack, at);
      if (!card || p.at !== at || p.firstTime.includes(at) || card.firstTime.length === 0) return;
      p.firstTime.push(at);
      pub(env, 'comaward.room.firstTime', { seat: subject, roomKey: spaceKey(env.pack, at, s) });
      pushFrame(s, subject, card.firstTime);
      return;
    }
    case '_quirkReveal':
      revealQuirk(s, env, subject, e['row'] as number);
      return;
    case '_intro':
      askIntro(s, env);
      return;
    case '_phenomenonStart':
      beginPhenomenonTurns(s, env, startTurn);
      return;
    case '_neurosis':
      neurosisCheck(s, env, subject);
      return;
    case '_sight':
      sightCheck(s, env, subject);
      return;
    case '_quirkCounter':
      quirkCounter(s, env, subject);
      return;
    case '_passTurn':
      passTurn(s, env);
      return;
    case '_endMove':
      endMoveEffects(s, env.pack, subject);
      return;
    case '_entity': {
      const ph = s.phenomenon;
      const def = env.pack.phenomena[ph?.id ?? ''];
      const entity = def?.entities.find((x) => x.id === e['entity']);
      const target = e['target'] as number;
      if (!entity || !player(s, target).alive) return;
      pub(env, 'comaward.entity.resolves', { seat: subject, targetSeat: target, entityKey: `phenomenon.${def?.id}.entity.${entity.id}.name`, textKey: `phenomenon.${def?.id}.entity.${entity.id}.text` });
      pushFrame(s, target, entity.effects);
      return;
    }
    default:
      return;
  }
}

function randomRoom(s: CwState, env: Env, here: string): string | null {
  const board = boardOf(env.pack);
  const rooms = [...board.spaces.keys()].filter((id) => id !== here && isRoom(s, board, id));
  return rooms.length === 0 ? null : env.rng.pick(rooms);
}

/** Runs the stack until it is empty, a prompt waits, or the game ends. */
export function runStack(s: CwState, env: Env): void {
  let steps = 0;
  while (s.pending === null && s.phase !== 'over' && s.stack.length > 0 && steps++ < MAX_STEPS) {
    const top = s.stack[s.stack.length - 1];
    if (!top) break;
    const next = top.effects.shift();
    if (top.effects.length === 0) s.stack.pop();
    if (next === undefined) continue;
    step(s, env, top.subject, next);
  }
  if (steps >= MAX_STEPS) s.stack = [];
}

/**
 * After every command: resolve what is stacked, then entity abilities queued during it (§Entity Cards:
 * they resolve after the current action, never inside it), condition events, and the endings.
 */
export function settle(s: CwState, env: Env): void {
  for (let guard = 0; guard < 200; guard++) {
    runStack(s, env);
    if (s.pending !== null || s.phase === 'over') break;
    const queued = s.queue.shift();
    if (queued) {
      const p = player(s, queued.seat);
      if (p.entity && p.entity.uses > 0) {
        p.entity.uses -= 1;
        s.stack.push({ subject: queued.seat, effects: [{ op: '_entity', entity: p.entity.id, target: queued.target }] });
      }
      continue;
    }
    if (fireConditionEvents(s, env)) continue;
    checkEndings(s, env);
    if ((s.phase as CwState['phase']) === 'over') break;
    if (living(s).length === 0) {
      s.phase = 'over';
      s.wiped = true;
      pub(env, 'comaward.ending.wiped');
      break;
    }
    passIfActiveDead(s, env);
    if (s.stack.length === 0) break;
  }
}
