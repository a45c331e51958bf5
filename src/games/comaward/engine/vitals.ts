import type { Effect } from '../content.ts';
import { addDeed, player, pub, type CwState, type Env } from '../state.ts';
import { MAX_HEALTH } from './stats.ts';

/** Runs effects next, about one player (pushed on top of the stack). */
export function pushFrame(s: CwState, subject: number, effects: readonly Effect[]): void {
  if (effects.length > 0) s.stack.push({ subject, effects: effects.slice() });
}

/**
 * §Your Character Statistics: Health never above 5; at 0 the player dies (§If a Player Dies).
 */
export function changeHealth(s: CwState, env: Env, seat: number, amount: number): void {
  const p = player(s, seat);
  if (!p.alive || amount === 0) return;
  const before = p.health;
  p.health = Math.max(0, Math.min(MAX_HEALTH, p.health + amount));
  if (p.health < before) addDeed(p, 'tookDamage');
  pub(env, 'comaward.stat.health', { seat, from: before, health: p.health });
  if (p.health === 0) kill(s, env, seat);
}

/**
 * Terror never below 0; Terror that cannot be gained is lost as Health; falling below 1 flips the
 * neurosis to its hidden side for good (§Your Character Statistics, §Neurosis and Adrenaline).
 */
export function changeTerror(s: CwState, env: Env, seat: number, amount: number): void {
  const p = player(s, seat);
  if (!p.alive || amount === 0) return;
  const before = p.terror;
  const max = env.pack.mat.maxTerror;
  const wanted = p.terror + amount;
  p.terror = Math.max(0, Math.min(max, wanted));
  if (p.terror !== before) pub(env, 'comaward.stat.terror', { seat, from: before, terror: p.terror });
  if (p.terror < 1 && !p.hidden) {
    p.hidden = true;
    pub(env, 'comaward.neurosis.flipped', { seat });
  }
  if (wanted > max) {
    pub(env, 'comaward.stat.scared', { seat, amount: wanted - max });
    changeHealth(s, env, seat, -(wanted - max));
  }
}

/**
 * §If a Player Dies: the standee leaves the board, everything carried drops where they died; in a
 * phenomenon with entity cards the player draws one (§Entity Cards); "a player dies" events fire.
 */
export function kill(s: CwState, env: Env, seat: number): void {
  const p = player(s, seat);
  if (!p.alive) return;
  p.alive = false;
  p.health = 0;
  const at = p.at;
  p.diedAt = at;
  p.at = null;
  if (at !== null && p.items.length > 0) s.floor[at] = [...(s.floor[at] ?? []), ...p.items];
  const dropped = p.items.length;
  p.items = [];
  pub(env, 'comaward.death', { seat, dropped });
  if (s.pending && s.pending.seat === seat && s.pending.kind !== 'narrateSituation' && s.pending.kind !== 'narrateResult' && s.pending.kind !== 'readIntro') s.pending = null;
  const ph = s.phenomenon;
  if (ph) {
    ph.toPlay = ph.toPlay.filter((x) => x !== seat);
    const card = ph.entityDeck.shift();
    const def = card === undefined ? undefined : env.pack.phenomena[ph.id]?.entities.find((e) => e.id === card);
    if (def) {
      p.entity = { id: def.id, uses: def.uses };
      pub(env, 'comaward.entity.drawn', { seat, entityKey: `phenomenon.${ph.id}.entity.${def.id}.name` });
    }
    const events = env.pack.phenomena[ph.id]?.events ?? [];
    events.forEach((ev, index) => {
      if (!('playerDies' in ev.when)) return;
      if (ev.once && ph.fired.some((f) => f.index === index)) return;
      ph.fired.push({ index, round: ph.round });
      pushFrame(s, seat, ev.effects);
    });
  }
}
