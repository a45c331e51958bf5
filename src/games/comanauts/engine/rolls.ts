import { textKeys as K } from '../content.ts';
import { type RollPurpose, type Work } from '../state.ts';
import { type Env, SEARCH_TARGET, discardDice, effectWork, enemyCard, equippedItems, itemCard, prompt, pub, rollTotal, statusCard } from './basics.ts';
import { type Draft, type Player } from './draft.ts';
import { retireOnce } from './book-page.ts';
import { removeItem } from './items.ts';
import { defeatEnemy } from './page.ts';

export function rollPurposeKind(purpose: RollPurpose): 'melee' | 'ranged' | 'plain' {
  return purpose.kind === 'melee' || purpose.kind === 'ranged' ? purpose.kind : 'plain';
}

function rollTarget(d: Draft, purpose: RollPurpose): number {
  switch (purpose.kind) {
    case 'melee':
    case 'ranged': {
      const e = d.enemies.find((x) => x.uid === purpose.enemy);
      return e ? (enemyCard(d, e.card)?.defence ?? 99) : 99;
    }
    case 'search':
      return SEARCH_TARGET;
    case 'skill':
      return d.page.tests.find((t) => t.id === purpose.test)?.target ?? 99;
    case 'status':
      return statusCard(d, purpose.status)?.removal?.target ?? 99;
    case 'environment':
      return d.pageBook?.environment.find((c) => c.id === purpose.card)?.test?.target ?? 99;
  }
}

function rollSubject(d: Draft, purpose: RollPurpose): Record<string, string> {
  switch (purpose.kind) {
    case 'melee':
    case 'ranged': {
      const e = d.enemies.find((x) => x.uid === purpose.enemy);
      return e ? { enemyKey: K.enemy(e.card) } : {};
    }
    case 'search':
      return { itemKey: K.item(purpose.item) };
    case 'skill':
      return { testKey: K.test(d.page.id, purpose.test) };
    case 'status':
      return { statusKey: K.status(purpose.status) };
    case 'environment':
      return { cardKey: K.environment(purpose.card) };
  }
}

/**
 * Item effect "out of ammo" (the rulebook's Pistol): an equipped weapon of the attack's kind with `ammo`
 * is discarded, back to the item deck, when two of the attack's dice show the same face.
 */
function spendAmmo(d: Draft, env: Env, seat: number, kind: 'melee' | 'ranged', faces: readonly number[]): void {
  if (new Set(faces).size === faces.length) return;
  const p = d.players[seat] as Player;
  for (const item of equippedItems(d, p)) {
    const card = itemCard(d, item);
    if (card?.ammo !== true || card.kind !== kind) continue;
    removeItem(d, item);
    d.itemsOut = d.itemsOut.filter((x) => x !== item);
    pub(env, 'item.outOfAmmo', { seat, itemKey: K.item(item) });
  }
}

export function resolveRoll(d: Draft, env: Env, w: Extract<Work, { k: 'roll' }>): void {
  const p = d.players[w.seat] as Player;
  const faces = [...w.faces];
  if (w.answer?.startsWith('reroll:')) {
    const i = Number(w.answer.slice(7));
    p.clarity -= 1;
    faces[i] = env.rng.die(6);
    pub(env, 'roll.rerolled', { seat: w.seat, die: i, face: faces[i] as number, clarity: p.clarity });
  }
  const total = rollTotal(d, w.seat, w.dice, faces, rollPurposeKind(w.purpose));
  const target = rollTarget(d, w.purpose);
  const success = total >= target;
  if (!success && p.clarity > 0 && w.answer !== 'keep') {
    const options = ['keep', ...w.dice.map((_, i) => `reroll:${i}`)];
    return prompt(d, { ...w, faces, answer: undefined } as Work, w.seat, 'reroll', options, { total, target });
  }
  discardDice(d, w.dice);
  pub(env, `roll.${w.purpose.kind}`, { seat: w.seat, total, target, success, faces: faces.join(' + '), ...rollSubject(d, w.purpose) });
  const purpose = w.purpose;
  switch (purpose.kind) {
    case 'melee':
    case 'ranged': {
      if (d.pageBook) spendAmmo(d, env, w.seat, purpose.kind, faces);
      if (!success) return;
      const loot = defeatEnemy(d, env, purpose.enemy);
      if (loot) d.work.unshift({ k: 'gainItem', seat: w.seat, item: loot });
      return;
    }
    case 'search': {
      if (!success) return;
      const at = p.avatar.place?.space ?? '';
      d.searchTokens[at] = Math.max(0, (d.searchTokens[at] ?? 0) - 1);
      d.work.unshift({ k: 'gainItem', seat: w.seat, item: purpose.item });
      return;
    }
    case 'skill': {
      const test = d.page.tests.find((t) => t.id === purpose.test);
      const effects = success ? test?.success : test?.fail;
      d.work.unshift(...effectWork(d.page.id, `test.${purpose.test}.${success ? 'success' : 'fail'}`, effects ?? []));
      return;
    }
    case 'environment': {
      const card = d.pageBook?.environment.find((c) => c.id === purpose.card);
      const branch = success ? 'success' : 'fail';
      const effects = card?.test?.[branch] ?? [];
      d.work.unshift(...effects.map((effect, i) => ({ k: 'effect' as const, effect, key: `environment.${purpose.card}.test.${branch}.${i}`, seat: w.seat })));
      retireOnce(d, env, purpose.card);
      return;
    }
    case 'status': {
      if (!success) return;
      const q = d.players[purpose.seat] as Player;
      if (purpose.status === q.defaultStatus && q.defaultActive) q.defaultActive = false;
      else q.avatar.statuses = q.avatar.statuses.filter((x) => x !== purpose.status);
      pub(env, 'status.removed', { seat: purpose.seat, statusKey: K.status(purpose.status) });
      return;
    }
  }
}
