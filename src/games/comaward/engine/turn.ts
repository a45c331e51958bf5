import { reject, ok, type Result, type Rejection } from '../../../core/result.ts';
import { leftOf, living, player, pub, type CwState, type Env, type TurnState } from '../state.ts';
import { holds, inSightPlayers } from './conditions.ts';
import { actorsAct } from './enemies.ts';
import { roomCardAt } from './movement.ts';
import { fireRoundEnd } from './phenomenon.ts';
import { neurosisStage } from './stats.ts';
import { changeTerror, pushFrame } from './vitals.ts';

export const freshTurn = (startAt: string | null): TurnState => ({
  moved: 0,
  extraMoves: 0,
  mainDone: false,
  revealed: false,
  neurosisUsed: false,
  mustReveal: false,
  attacked: [],
  traded: [],
  startAt,
});

/** A seat's turn begins: its "since your last turn" memory starts afresh. */
export function startTurn(s: CwState, env: Env, seat: number): void {
  const p = player(s, seat);
  s.active = seat;
  s.turnNo += 1;
  s.turn = freshTurn(p.at);
  p.deeds = [];
  pub(env, 'comaward.turn.start', { seat, turn: s.turnNo });
}

/**
 * `endturn` (§What You Can Do on Your Turn): the room's end-of-turn effects, then the neurosis check,
 * then in the Prologue the stay-in-sight Terror and the quirk counter, then play passes left.
 */
export function endTurn(s: CwState, env: Env): Result<null, Rejection> {
  if (s.turn.mustReveal) return reject('comaward.turn.mustRevealFirst');
  const p = player(s, s.active);
  pub(env, 'comaward.turn.ending', { seat: s.active });
  s.stack.push({ subject: s.active, effects: [{ op: '_neurosis' }, { op: '_sight' }, { op: '_quirkCounter' }, { op: '_passTurn' }] });
  const card = p.at === null ? undefined : roomCardAt(s, env.pack, p.at);
  if (card) pushFrame(s, s.active, card.endOfTurn);
  return ok(null);
}

/** `_neurosis`: §Neurosis and Adrenaline, the trigger of the side in force, checked at the end of each turn. */
export function neurosisCheck(s: CwState, env: Env, seat: number): void {
  const p = player(s, seat);
  if (!p.alive) return;
  const { index, stage } = neurosisStage(env.pack, p);
  if (stage.trigger && holds(s, env.pack, seat, stage.trigger)) {
    pub(env, 'comaward.neurosis.triggered', { seat, stage: index + 1, neurosisKey: `neurosis.${p.neurosis}.name` });
    pushFrame(s, seat, stage.effects);
  }
}

/** `_sight`: Glossary "In Sight": ending a Prologue turn with nobody In Sight costs one Terror. */
export function sightCheck(s: CwState, env: Env, seat: number): void {
  const p = player(s, seat);
  if (s.phase !== 'prologue' || !p.alive || living(s).length < 2) return;
  if (inSightPlayers(s, env.pack, seat).length > 0) return;
  pub(env, 'comaward.sight.alone', { seat });
  changeTerror(s, env, seat, 1);
}

/** `_quirkCounter`: a quirk the bot can observe earns its counter at the end of the owner's Prologue turn (secretly). */
export function quirkCounter(s: CwState, env: Env, seat: number): void {
  const p = player(s, seat);
  if (s.phase !== 'prologue' || !p.alive || !p.quirk) return;
  const quirk = env.pack.quirks.find((q) => q.id === p.quirk);
  if (!quirk || 'declared' in quirk.counter) return;
  if (holds(s, env.pack, seat, quirk.counter)) {
    p.quirkCount += 1;
    env.events.push({ code: 'comaward.quirk.counter', params: { count: p.quirkCount }, to: seat });
  }
}

/** `declare`: the owner of a quirk about the person at the table marks a counter (once a turn, secretly). */
export function declareQuirk(s: CwState, env: Env, seat: number): Result<null, Rejection> {
  const p = player(s, seat);
  if (s.phase !== 'prologue') return reject('comaward.quirk.prologueOnly');
  const quirk = env.pack.quirks.find((q) => q.id === p.quirk);
  if (!quirk || !('declared' in quirk.counter)) return reject('comaward.quirk.notDeclarable');
  if (p.declaredTurn === s.turnNo) return reject('comaward.quirk.oncePerTurn');
  p.declaredTurn = s.turnNo;
  p.quirkCount += 1;
  env.events.push({ code: 'comaward.quirk.counter', params: { count: p.quirkCount }, to: seat });
  return ok(null);
}

/**
 * `_passTurn`: play passes to the next living player on the left; a skipped turn is spent. In the
 * Phenomenon, when every living player has played, the enemies and allies act and the round ends.
 */
export function passTurn(s: CwState, env: Env): void {
  if (s.phase === 'over') return;
  if (living(s).length === 0) return;
  const ph = s.phenomenon;
  if (ph && s.phase === 'phenomenon') {
    ph.toPlay = ph.toPlay.filter((x) => x !== s.active && player(s, x).alive);
    if (ph.toPlay.length === 0) {
      pub(env, 'comaward.round.end', { round: ph.round });
      actorsAct(s, env);
      fireRoundEnd(s, env);
      ph.round += 1;
      ph.toPlay = living(s).map((p) => p.seat);
      pub(env, 'comaward.round.start', { round: ph.round });
    }
  }
  let next = leftOf(s, s.active);
  for (let guard = 0; guard < s.seatCount * 3; guard++) {
    const p = player(s, next);
    if (p.alive && !p.skipNext) break;
    if (p.alive && p.skipNext) {
      p.skipNext = false;
      pub(env, 'comaward.turn.skipped', { seat: next });
      if (ph) ph.toPlay = ph.toPlay.filter((x) => x !== next);
    }
    next = leftOf(s, next);
  }
  if (!player(s, next).alive) return;
  startTurn(s, env, next);
}

/** Moves the turn on when the active player died during it (their turn simply ends, no end-of-turn effects). */
export function passIfActiveDead(s: CwState, env: Env): void {
  if (s.phase !== 'over' && !player(s, s.active).alive && s.pending === null && s.stack.length === 0 && living(s).length > 0) passTurn(s, env);
}
