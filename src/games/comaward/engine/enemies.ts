import type { AllyCard, EnemyCard } from '../content.ts';
import { living, pub, type ActorState, type CwState, type Env } from '../state.ts';
import { boardOf, pathTo, steps } from './board.ts';
import { rollCheck } from './checks.ts';
import { hurtActor } from './combat.ts';
import { resolveRef } from './conditions.ts';
import { spaceKey } from './movement.ts';
import { armorOf, dodgeDice } from './stats.ts';
import { changeHealth, pushFrame } from './vitals.ts';

function cardOf(s: CwState, env: Env, a: ActorState): EnemyCard | AllyCard | undefined {
  const def = env.pack.phenomena[s.phenomenon?.id ?? ''];
  return a.kind === 'enemy' ? def?.enemies.find((e) => e.id === a.card) : def?.allies.find((e) => e.id === a.card);
}

const actorKey = (s: CwState, a: ActorState): string => `phenomenon.${s.phenomenon?.id}.${a.kind}.${a.card}.name`;

/** `spawn`: an enemy or an ally enters the board (phenomena). */
export function spawn(s: CwState, env: Env, subject: number, kind: 'enemy' | 'ally', card: string, at: string): void {
  const ph = s.phenomenon;
  const where = resolveRef(s, env.pack, subject, at);
  const def = env.pack.phenomena[ph?.id ?? ''];
  const c = kind === 'enemy' ? def?.enemies.find((e) => e.id === card) : def?.allies.find((e) => e.id === card);
  if (!ph || !where || !c) return;
  const actor: ActorState = { uid: `${kind[0]}${ph.nextUid}`, card, kind, at: where, health: c.health };
  ph.nextUid += 1;
  ph.actors.push(actor);
  pub(env, 'comaward.actor.spawned', { actorKey: actorKey(s, actor), spaceKey: spaceKey(env.pack, where, s) });
}

/** The nearest living player (by legal path), optionally only those with a role. */
function nearestPlayer(s: CwState, env: Env, from: string, role: string | null): { seat: number; path: string[] } | null {
  const board = boardOf(env.pack);
  let best: { seat: number; path: string[] } | null = null;
  for (const p of living(s)) {
    if (p.at === null || (role !== null && p.role !== role)) continue;
    const path = p.at === from ? [] : pathTo(s, board, from, p.at);
    if (p.at !== from && path.length === 0) continue;
    if (!best || path.length < best.path.length) best = { seat: p.seat, path };
  }
  return best;
}

function moveActor(s: CwState, env: Env, a: ActorState, card: EnemyCard | AllyCard): void {
  const board = boardOf(env.pack);
  let route: string[] = [];
  const b = card.behaviour;
  if (b === 'guard') return;
  if (b === 'wander') {
    let at = a.at;
    for (let i = 0; i < card.moves; i++) {
      const opts = steps(s, board, at).map((x) => x.to).filter((to) => !(board.spaces.get(to)?.kind === 'slot' && !s.slots[to]));
      if (opts.length === 0) break;
      at = env.rng.pick(opts);
      route.push(at);
    }
  } else {
    const role = b.startsWith('hunt-role:') ? b.slice('hunt-role:'.length) : null;
    const target = nearestPlayer(s, env, a.at, role) ?? (role ? nearestPlayer(s, env, a.at, null) : null);
    route = target ? target.path.slice(0, card.moves) : [];
  }
  for (const to of route) {
    const hadPlayers = living(s).some((p) => p.at === to);
    a.at = to;
    if (hadPlayers) {
      pub(env, 'comaward.actor.entered', { actorKey: actorKey(s, a), spaceKey: spaceKey(env.pack, to, s) });
      for (const p of living(s).filter((x) => x.at === to).reverse()) pushFrame(s, p.seat, card.onEnter);
      break;
    }
  }
  if (route.length > 0) pub(env, 'comaward.actor.moved', { actorKey: actorKey(s, a), spaceKey: spaceKey(env.pack, a.at, s) });
}

/** An enemy in a player's room attacks the weakest one there; the player dodges (2 + Dexterity). */
function enemyAttack(s: CwState, env: Env, a: ActorState, card: EnemyCard): void {
  const victims = living(s).filter((p) => p.at === a.at).sort((x, y) => x.health - y.health || x.seat - y.seat);
  const victim = victims[0];
  if (!victim) return;
  const att = rollCheck(env.rng, card.attack).successes;
  const dod = rollCheck(env.rng, dodgeDice(env.pack, victim)).successes;
  pub(env, 'comaward.actor.attacks', { actorKey: actorKey(s, a), seat: victim.seat, a: att, d: dod });
  if (att > dod) {
    const dmg = Math.max(0, card.damage - armorOf(env.pack, victim));
    if (dmg > 0) changeHealth(s, env, victim.seat, -dmg);
  }
}

/** An ally in a room with an enemy attacks it. */
function allyAttack(s: CwState, env: Env, a: ActorState, card: AllyCard): void {
  const ph = s.phenomenon;
  const foe = ph?.actors.find((x) => x.kind === 'enemy' && x.at === a.at);
  if (!ph || !foe) return;
  const foeCard = cardOf(s, env, foe);
  const att = rollCheck(env.rng, card.attack).successes;
  const dod = rollCheck(env.rng, foeCard?.dodge ?? 0).successes;
  pub(env, 'comaward.actor.allyAttacks', { actorKey: actorKey(s, a), foeKey: actorKey(s, foe), a: att, d: dod });
  if (att > dod) hurtActor(s, env, foe.uid, card.damage);
}

/** At the end of each phenomenon round, every enemy then every ally acts by its behaviour. */
export function actorsAct(s: CwState, env: Env): void {
  const ph = s.phenomenon;
  if (!ph) return;
  for (const kind of ['enemy', 'ally'] as const) {
    for (const a of ph.actors.filter((x) => x.kind === kind)) {
      if (!ph.actors.includes(a)) continue;
      const card = cardOf(s, env, a);
      if (!card) continue;
      moveActor(s, env, a, card);
      if (kind === 'enemy') enemyAttack(s, env, a, card as EnemyCard);
      else allyAttack(s, env, a, card as AllyCard);
    }
  }
}
