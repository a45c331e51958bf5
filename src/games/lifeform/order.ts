import { characterById, visibleAt } from './board.ts';
import { meetImages, settleAttack } from './attack.ts';
import { chamberKey } from './crew-actions.ts';
import { checkTerror, destroyAndroid, lifeformHandSize, queue, tell, top, type Cx } from './flow.ts';
import { collectors, legalCommands, rowOptions, taskSeats } from './legal.ts';
import { setupOutages } from './setup.ts';
import { showdownStep } from './showdown.ts';
import { resolveAsteroid } from './mods.ts';
import { REMORA, type LifeformState, type Task } from './state.ts';

/*
 * The order of play (§ORDER OF PLAY): what resolves by itself between two choices, and which phase,
 * turn or task comes next.
 */

/** §MOVEMENT: consequences once all movement of an action is complete (meetings, then terror). */
export function consequences(cx: Cx, moved: readonly string[]): void {
  meetImages(cx, moved);
  if (top(cx.s)?.k !== 'attack') checkTerror(cx);
}

/** Moves the android one chamber, or works on the door; entering the Remora strips the loadout (§2 ANDROID PHASE). */
export function moveAndroid(cx: Cx, to: string | undefined, link: readonly string[] | undefined): void {
  const s = cx.s;
  if (link !== undefined && s.door) {
    if (s.door.half) {
      s.door = null;
      tell(cx, 'android.doorGone');
    } else {
      s.door.half = true;
      tell(cx, 'android.doorHalf');
    }
    return;
  }
  if (to === undefined) return;
  s.android.at = to;
  tell(cx, 'android.moved', { chamberKey: chamberKey(to) });
  if (to === REMORA) {
    const n = s.board.androidRemove[s.androidStatus] ?? 0;
    tell(cx, 'android.boarded', { n });
    queue(cx, { k: 'strip', left: n });
  }
}

function androidPhase(cx: Cx): void {
  const s = cx.s;
  const at = s.android.at;
  if (s.android.state !== 'active' || at === null) return;
  if (visibleAt(s, at).length > 0) {
    tell(cx, 'android.held');
    return;
  }
  if (s.android.deviation) {
    queue(cx, { k: 'androidMove' });
    return;
  }
  const next = s.board.androidPath[s.board.androidPath.indexOf(at) + 1];
  if (next === undefined) return;
  const door = s.door;
  if (door && ((door.link[0] === at && door.link[1] === next) || (door.link[1] === at && door.link[0] === next))) moveAndroid(cx, undefined, door.link);
  else moveAndroid(cx, next, undefined);
}

function startTurn(cx: Cx): void {
  const s = cx.s;
  const seat = s.crewSeats[s.turnIndex] as number;
  if (s.bulkheadBy === seat) {
    s.door = null;
    s.bulkheadBy = null;
    tell(cx, 'crew.bulkheadOpened');
  }
  s.reacted = [];
  if (s.cat) {
    s.cat.moved = false;
    s.cat.played = false;
  }
  const aboardOnly = s.characters.filter((c) => c.owner === seat).every((c) => c.at === REMORA);
  queue(cx, { k: 'turn', seat, stage: aboardOnly ? 'activity' : 'collect', collected: [] });
  tell(cx, 'turn.crew', { seat, round: s.round });
}

/** Resolves whatever needs nobody's choice, until someone must choose or the game is over. */
export function advance(cx: Cx): void {
  const s = cx.s;
  for (let guard = 0; guard < 500; guard++) {
    if (s.outcome || s.phase === 'over') return;
    const t = top(s);
    if (t === undefined) {
      nextStep(cx);
      continue;
    }
    if (!settle(cx, t)) return;
  }
  throw new Error('lifeform: the game did not settle');
}

/** Pops or completes a task that needs no input; false when it waits for someone. */
function settle(cx: Cx, t: Task): boolean {
  const s = cx.s;
  const pop = (): true => {
    s.stack.pop();
    return true;
  };
  switch (t.k) {
    case 'pick':
      if (s.crewSeats.some((seat) => s.picks[String(seat)] === null)) return false;
      for (const seat of s.crewSeats) {
        for (const id of s.picks[String(seat)] ?? []) s.characters.push({ id, owner: seat, at: s.board.places.galley, hidden: false, skill: false, survival: false, heat: true });
      }
      cx.revealed = true;
      tell(cx, 'setup.revealed', { characters: s.characters.map((c) => c.id).join(',') });
      return pop();
    case 'outage':
      return t.placed.length >= setupOutages(s) || legalCommands(s, s.lifeformSeat).length === 0 ? pop() : false;
    case 'image':
      return t.left <= 0 ? pop() : false;
    case 'turn':
      if (t.stage === 'collect' && collectors(s, t.seat, t).length === 0) {
        t.stage = 'activity';
        return true;
      }
      return false;
    case 'row':
      t.icons.forEach((_, i) => {
        if (!t.done[i] && rowOptions(s, t, i).length === 0) t.done[i] = true;
      });
      return t.done.every(Boolean) ? pop() : false;
    case 'more':
      if (legalCommands(s, t.side === 'crew' ? t.seat : s.lifeformSeat).length <= 1) {
        s.stack.pop();
        if (t.side === 'crew') consequences(cx, t.used);
        return true;
      }
      return false;
    case 'discard':
      return (s.hands[String(t.seat)] ?? []).length <= s.board.handLimit ? pop() : false;
    case 'lfDiscard':
      return s.lfHand.length <= lifeformHandSize(s) ? pop() : false;
    case 'panic':
      t.left = t.left.filter((id) => characterById(s, id) && (cxPanicOptions(s, id) > 0));
      return t.left.length === 0 ? pop() : false;
    case 'ghosts':
      t.left = t.left.filter((i) => s.images[i] !== null && i !== s.real);
      return t.left.length === 0 || legalCommands(s, s.lifeformSeat).length === 0 ? pop() : false;
    case 'calibrate': {
      const on = s.images.map((at, i) => (at === null ? -1 : i)).filter((i) => i >= 0);
      if (on.length > 1) return false;
      if (on.length === 1) s.real = on[0] as number;
      return pop();
    }
    case 'strip':
      if (t.left <= 0 || s.board.loadout.every((c) => (s.loadout[c.id] ?? 0) === 0)) {
        s.stack.pop();
        destroyAndroid(cx);
        return true;
      }
      return false;
    case 'asteroid':
      return resolveAsteroid(cx);
    case 'attack':
      if (t.a.waiting.length > 0 || t.a.pending !== null) return false;
      settleAttack(cx);
      return true;
    case 'noise':
    case 'decide':
    case 'lifeformTurn':
    case 'agree':
    case 'stowaway':
    case 'refill':
    case 'catPlace':
    case 'share':
    case 'lfPick':
    case 'fight':
    case 'huntHide':
    case 'huntReveal':
    case 'huntSearch':
    case 'huntKill':
      return false;
    default:
      return legalCommands(s, taskSeats(s, t)[0] ?? s.lifeformSeat).length === 0 ? pop() : false;
  }
}

function cxPanicOptions(s: LifeformState, id: string): number {
  return legalCommands(s, characterById(s, id)?.owner ?? -1).filter((c) => (c.args as { who?: string }).who === id).length;
}

/** The order of play when nothing is pending: setup's objectives, crew turns, the android, the lifeform. */
function nextStep(cx: Cx): void {
  const s = cx.s;
  if (s.phase === 'setup') {
    const deciders = s.crewSeats.filter((seat) => (s.board.objectives[s.objectives[String(seat)] ?? '']?.decide.length ?? 0) > 0 && !s.objectivesDone.includes(s.objectives[String(seat)] ?? ''));
    if (deciders.length > 0 && !s.stack.some((t) => t.k === 'decide')) {
      cx.revealed = true;
      for (const seat of deciders) tell(cx, 'objective.revealed', { seat, objectiveKey: `objective.${s.objectives[String(seat)] ?? ''}.name` });
      queue(cx, ...deciders.map((seat) => ({ k: 'decide', seat }) as Task));
      s.phase = 'crew';
      s.turnIndex = -1;
      return;
    }
    s.phase = 'crew';
    s.turnIndex = -1;
  }
  if (s.phase === 'crew') {
    s.turnIndex++;
    if (s.turnIndex < s.crewSeats.length) {
      startTurn(cx);
      return;
    }
    s.phase = 'android';
    tell(cx, 'phase.android');
    androidPhase(cx);
    return;
  }
  if (s.phase === 'android') {
    s.phase = 'lifeform';
    s.reacted = [];
    tell(cx, 'phase.lifeform', { minute: s.board.minutes[s.sd] ?? 0 });
    queue(cx, { k: 'lifeformTurn' });
    return;
  }
  if (s.phase === 'showdown') {
    showdownStep(cx);
    return;
  }
  s.round++;
  s.phase = 'crew';
  s.turnIndex = -1;
}

