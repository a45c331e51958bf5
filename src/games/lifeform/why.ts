import { conflictCheck } from './solo/legal.ts';
import { edgeParams } from './solo/conflict-edge.ts';
import type { GameCommand, Rejection } from '../../core/index.ts';
import { androidAt, characterById, characterSteps, hasChars, hasImage, sdReached } from './board.ts';
import { reactionBlocked } from './flow.ts';
import { legalCommands, rowPlayable, taskSeats } from './legal.ts';
import { cardOf, REMORA, type LifeformState } from './state.ts';

const r = (code: string, params?: Rejection['params']): Rejection => (params ? { code: `lifeform.${code}`, params } : { code: `lifeform.${code}` });

/**
 * Why a command is not legal now, naming the rule (summary section) that forbids it. Codes are
 * `lifeform.<area>.<reason>`; texts live in the locale files at the edge.
 */
/** Solo: not the solo seat, a command for another moment, or not among the legal answers of this one. */
function soloWhy(s: LifeformState, seat: number, c: GameCommand): Rejection {
  const t = s.solo?.stack.at(-1);
  if (seat !== 0 || !t || s.outcome) return { code: 'lifeform.notYourTurn', params: { kind: t?.k ?? 'none' } };
  if (t.k === 'conflict' && c.type.startsWith('conflict')) {
    // The shuttle conflict names what a payment misses (conflict.ts refusals, `lifeform-conflict.*`).
    const r = conflictCheck(s, seat, c);
    if (r) return r.params ? { code: r.code, params: edgeParams(r.params, s.solo?.conflict) } : { code: r.code };
  }
  if (!legalCommands(s, seat).some((l) => l.type === c.type)) return { code: 'lifeform.notNow', params: { type: c.type, kind: t.k } };
  return { code: 'lifeform-solo.illegal', params: { type: c.type, kind: t.k } };
}

export function why(s: LifeformState, seat: number, c: GameCommand): Rejection {
  if (s.solo) return soloWhy(s, seat, c);
  const t = s.stack[s.stack.length - 1];
  if (!taskSeats(s, t).includes(seat)) return r('notYourTurn', { kind: t?.k ?? 'none' });
  const legal = legalCommands(s, seat);
  const notNow = r('notNow', { type: c.type, kind: t?.k ?? 'none' });
  const sameType = legal.some((l) => l.type === c.type);
  const turnActivity = t?.k === 'turn' && t.stage === 'activity';
  if (!sameType && !(turnActivity && ['laser', 'heat', 'skill', 'play', 'launch'].includes(c.type)) && !(t?.k === 'lifeformTurn' && ['lurk', 'vent', 'play'].includes(c.type))) return notNow;
  const a = c.args as Record<string, unknown>;
  const hand = seat === s.lifeformSeat ? s.lfHand : (s.hands[String(seat)] ?? []);
  const who = typeof a.who === 'string' ? characterById(s, a.who) : undefined;
  if (typeof a.who === 'string' && c.type !== 'pick' && !who) return r('character.unknown', { who: a.who });
  if (who && c.type !== 'panic' && who.owner !== seat && c.type !== 'act') return r('character.notYours', { who: who.id });
  switch (c.type) {
    case 'play': {
      const card = String(a.card);
      if (!hand.includes(card)) return r('card.notInHand', { card });
      const rows = seat === s.lifeformSeat ? s.board.lifeform[cardOf(card)]?.rows : s.board.crew[cardOf(card)]?.rows;
      const row = rows?.[Number(a.row)];
      if (!row) return r('card.noSuchRow', { row: Number(a.row) });
      if (!rowPlayable(s, seat, seat === s.lifeformSeat ? 'lifeform' : 'crew', row)) return r('card.rowChangesNothing');
      break;
    }
    case 'discard':
    case 'counter':
    case 'react':
    case 'cell':
      if (typeof a.card === 'string' && !hand.includes(a.card)) return r('card.notInHand', { card: a.card });
      if (c.type === 'react' && who && reactionBlocked(s, who.at)) {
        const reaction = s.board.crew[cardOf(String(a.card))]?.reaction;
        if (reaction !== 'hide') return r('reaction.blocked');
      }
      if (c.type === 'react' && who?.hidden) return r('reaction.hidden');
      break;
    case 'laser':
      if (!hand.some((x) => cardOf(x) === s.board.miningLaser)) return r('laser.noCard');
      if (who?.hidden) return r('laser.hidden');
      if (who && s.outages.includes(who.at)) return r('laser.powerOutage');
      return r('laser.noTarget');
    case 'heat':
      return sameType ? r('illegal', { type: c.type }) : r('heat.noToken');
    case 'skill':
      return who?.skill ? r('skill.used') : r('illegal', { type: c.type });
    case 'lurk':
      return sameType ? r('lurk.discardTooMany') : r('lurk.handFull');
    case 'vent':
      return s.vents === 0 ? r('vent.noToken') : r('vent.noChamber');
    case 'collect':
      if (who?.hidden) return r('collect.hidden');
      return r('collect.notHere');
    case 'act':
    case 'step':
    case 'panic': {
      const to = Array.isArray(a.to) ? (a.to[0] as string | undefined) : (a.to as string | undefined);
      if (who && to !== undefined) {
        if (who.at === REMORA) return r('move.remoraNoExit');
        if (androidAt(s, who.at)) return r('move.androidHolds');
        if (to === REMORA && !sdReached(s, 20)) return r('move.remoraClosed');
        if (!characterSteps(s, who.at).includes(to)) return r('move.notAdjacent', { to });
      }
      if (typeof a.image === 'number' && to !== undefined && (hasChars(s, to) || hasImage(s, to))) return r('image.occupied', { to });
      break;
    }
    case 'image':
    case 'outage':
    case 'terror':
      return r('token.notThere', { chamber: String(a.chamber) });
    case 'launch':
      return r('launch.notReady');
    // 13th Passenger, Mod D (mods.ts).
    case 'hide':
      return a.tokens === s.board.passenger?.engineering ? r('hunt.engineeringTokens') : r('hunt.noSuchLocation');
    case 'reveal':
      return r('hunt.notOpen', { locationKey: `location.${String(a.location)}.name` });
    case 'search': {
      const halonTask = t?.k === 'huntSearch' && t.halon;
      if ((a.by === 'halon') !== halonTask) return r(halonTask ? 'hunt.halonOnly' : 'hunt.noHalonNow');
      if (a.by !== 'halon' && !s.characters.some((x) => x.id === a.by && x.owner === seat)) return r('hunt.notYourDisk');
      if (s.passenger?.hunt?.searched.some((x) => x.by === a.by && x.by !== 'halon')) return r('hunt.diskUsed');
      return r('hunt.notOpen', { locationKey: `location.${String(a.location)}.name` });
    }
  }
  return sameType ? r('illegal', { type: c.type }) : notNow;
}
