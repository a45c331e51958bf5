import { textKeys as K } from '../content.ts';
import { clearSight, distancesFrom, moveEnds } from '../geometry.ts';
import { type ComanautsState, type Work } from '../state.ts';
import { type Env, addStatus, avatarsOnMap, dieKind, enemyCard, freeSpots, prompt, pub, rollTotal, rulesOf, spotPoint } from './basics.ts';
import { mapOf } from './doors.ts';
import { type DeepMutable, type Draft, type Player, type Whole } from './draft.ts';

export type Activation = Extract<Work, { k: 'activate' }>;

export function activate(d: Draft, env: Env, w: Activation): void {
  const e = d.enemies.find((x) => x.uid === w.enemy);
  if (!e) return;
  const card = enemyCard(d, e.card);
  if (!card) return;
  let face = w.face;
  if (face === undefined) {
    const top = d.dice.threat.find((t) => t.face === null);
    if (!top) return;
    face = env.rng.die(6);
    top.face = face;
  }
  const action = card.actions.find((a) => a.min <= face && face <= a.max) ?? card.actions[0];
  if (!action) return;
  if (w.face === undefined) {
    pub(env, 'enemy.rolled', { enemyKey: K.enemy(e.card), face, actionKey: K.action(e.card, card.actions.indexOf(action)), speed: action.speed, range: action.range, strength: action.strength, context: action.range === 0 ? 'melee' : 'ranged' });
  }
  const cur: DeepMutable<Activation> = { k: 'activate', enemy: w.enemy, face, goal: w.goal, end: w.end, moved: w.moved, spot: w.spot, target: w.target } satisfies Whole<Activation>;
  if (!cur.moved) {
    const avatars = avatarsOnMap(d);
    const sharing = avatars.some((a) => a.place.space === e.place.space);
    if (!sharing && action.speed > 0 && avatars.length > 0) {
      const dist = distancesFrom(mapOf(d), e.place.space);
      const reach = avatars.filter((a) => dist.has(a.place.space));
      const best = Math.min(...reach.map((a) => dist.get(a.place.space) as number));
      const nearest = [...new Set(reach.filter((a) => dist.get(a.place.space) === best).map((a) => a.place.space))].sort();
      if (nearest.length > 0) {
        if (cur.goal === undefined && nearest.length > 1) return prompt(d, cur, d.bookkeeper, 'enemyGoal', nearest, { enemy: e.card });
        const goalSpace = cur.goal ?? (nearest[0] as string);
        const ends = moveEnds(mapOf(d), e.place.space, goalSpace, action.speed);
        if (cur.end === undefined && ends.length > 1) return prompt(d, { ...cur, goal: goalSpace }, d.bookkeeper, 'enemyEnd', ends, { enemy: e.card });
        const end = cur.end ?? (ends[0] as string);
        if (end !== e.place.space) {
          const spots = freeSpots(d, end, e.uid).map(String);
          if (cur.spot === undefined && spots.length > 1) {
            return prompt(d, { ...cur, goal: goalSpace, end }, d.bookkeeper, 'enemySpot', spots, { enemy: e.card, space: end });
          }
          e.place = { space: end, spot: cur.spot ?? Number(spots[0] ?? 0) };
          pub(env, 'enemy.moved', { enemyKey: K.enemy(e.card), spaceKey: K.space(d.page.id, end), speed: action.speed });
        }
      }
    }
    cur.moved = true;
  }
  const targets = enemyTargets(d, e.uid, action.range);
  if (targets.length === 0) {
    discardThreatDie(d);
    pub(env, 'enemy.noTarget', { enemyKey: K.enemy(e.card) });
    return;
  }
  const options = targets.map(String);
  if (cur.target === undefined && options.length > 1) return prompt(d, cur, d.bookkeeper, 'enemyTarget', options, { enemy: e.card });
  const target = cur.target ?? (targets[0] as number);
  discardThreatDie(d);
  pub(env, 'enemy.attacks', { enemyKey: K.enemy(e.card), actionKey: K.action(e.card, card.actions.indexOf(action)), seat: target, strength: action.strength });
  d.work.unshift(action.status ? { k: 'attack', seat: target, strength: action.strength, status: action.status } : { k: 'attack', seat: target, strength: action.strength });
}

function discardThreatDie(d: Draft): void {
  const at = d.dice.threat.findIndex((t) => t.face !== null);
  if (at < 0) return;
  const [t] = d.dice.threat.splice(at, 1);
  if (t) d.dice.discard.push(t.die);
}

/** Rules §Enemy Turn, Target: the closest avatars within range and clear sight. */
export function enemyTargets(s: Draft | ComanautsState, uid: string, range: number): number[] {
  const e = s.enemies.find((x) => x.uid === uid);
  if (!e) return [];
  const dist = distancesFrom(mapOf(s), e.place.space);
  const from = spotPoint(s, e.place);
  const inRange = avatarsOnMap(s).filter((a) => {
    const dd = dist.get(a.place.space);
    return dd !== undefined && dd <= range && clearSight(mapOf(s), from, spotPoint(s, a.place));
  });
  if (inRange.length === 0) return [];
  const best = Math.min(...inRange.map((a) => dist.get(a.place.space) as number));
  return inRange.filter((a) => dist.get(a.place.space) === best).map((a) => a.seat);
}

/**
 * Rules §Enemy Turn, Attack: defend with the stored die or take the hit. From rules 2 a failed defence
 * roll may be re-rolled for one clarity each (Rules §Re-rolling: any attribute die the player rolls).
 */
export function attack(d: Draft, env: Env, w: Extract<Work, { k: 'attack' }>): void {
  const p = d.players[w.seat] as Player;
  if (p.avatar.place === null) return;
  if (p.stored !== null && w.defend === undefined) {
    return prompt(d, w, w.seat, 'defend', ['defend', 'take'], { strength: w.strength });
  }
  let hit = true;
  if (w.defend && p.stored !== null) {
    const die = p.stored;
    let face = w.face ?? env.rng.die(6);
    if (w.answer === 'reroll:0') {
      p.clarity -= 1;
      face = env.rng.die(6);
      pub(env, 'roll.rerolled', { seat: w.seat, die: 0, face, clarity: p.clarity });
    }
    const total = rollTotal(d, w.seat, [die], [face], 'defence');
    if (total < w.strength && rulesOf(d) >= 2 && p.clarity > 0 && w.answer !== 'keep') {
      const again = { k: 'attack', seat: w.seat, strength: w.strength, status: w.status, defend: true, face, answer: undefined } satisfies Whole<typeof w>;
      return prompt(d, again, w.seat, 'reroll', ['keep', 'reroll:0'], { total, target: w.strength, die: dieKind(d, die), face });
    }
    if (total >= w.strength) {
      hit = false;
      pub(env, 'defend.blocked', { seat: w.seat, total, strength: w.strength });
    } else {
      p.stored = null;
      delete p.storedAt;
      d.dice.discard.push(die);
      pub(env, 'defend.failed', { seat: w.seat, total, strength: w.strength });
    }
  }
  if (!hit) return;
  p.avatar.life -= 1;
  pub(env, 'life.lost', { seat: w.seat, life: p.avatar.life });
  if (w.status) addStatus(d, env, w.seat, w.status);
  if (p.avatar.life <= 0) d.work.unshift({ k: 'morass', seat: w.seat });
}
