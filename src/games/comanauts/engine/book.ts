import { textKeys as K, type Effect } from '../content.ts';
import { type RollPurpose, type Work } from '../state.ts';
import { type Env, INSIGHT_PER_CLUE, rulesOf, SEARCH_TARGET, addStatus, discardDice, effectWork, enemyCard, prompt, pub, rollTotal, statusCard, targets } from './basics.ts';
import { type Draft, type Player } from './draft.ts';
import { defeatEnemy, encounter } from './page.ts';

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
  }
}

export function runEffect(d: Draft, env: Env, effect: Effect, key?: string): void {
  switch (effect.do) {
    case 'narrate':
      pub(env, 'book.narrate', { textKey: `${key ?? ''}.text` });
      return;
    case 'encounter':
      encounter(d, env, effect.hostiles, effect.entity);
      return;
    case 'gainInsight':
      d.insight += effect.n;
      pub(env, 'insight.gained', { n: effect.n });
      while (d.insight >= INSIGHT_PER_CLUE) {
        d.insight -= INSIGHT_PER_CLUE;
        d.cluesRevealed += 1;
        pub(env, 'insight.clue', { clues: d.cluesRevealed });
      }
      return;
    case 'attack':
      d.work.unshift(...targets(d, effect.who).map((seat) => ({ k: 'attack' as const, seat, strength: effect.strength })));
      return;
    case 'status':
      for (const seat of targets(d, effect.who)) addStatus(d, env, seat, effect.status);
      return;
    case 'activateDefaultStatus':
      for (const seat of targets(d, effect.who)) {
        const p = d.players[seat] as Player;
        // Rules §Status/Suspicious: the same card twice is not allowed; the one already there stays (rules 2).
        if (rulesOf(d) >= 2 && (p.defaultActive || p.avatar.statuses.includes(p.defaultStatus))) continue;
        p.defaultActive = true;
        pub(env, 'status.defaultActive', { seat, statusKey: K.status(p.defaultStatus) });
      }
      return;
    case 'placeInsight': {
      const held = d.insightTokens ?? [];
      if (!held.includes(effect.space)) d.insightTokens = [...held, effect.space];
      pub(env, 'insight.placed', { spaceKey: K.space(d.page.id, effect.space) });
      return;
    }
    case 'turnToPage':
      d.turnToPage = effect.page;
      pub(env, 'page.leaving', { pageKey: K.page(effect.page) });
      return;
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
