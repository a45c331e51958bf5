import type { GameCommand } from '../../../core/index.ts';
import type { CrisisEffect } from '../content-solo.ts';
import type { Cx } from '../flow.ts';
import { rulesOf, type LifeformState } from '../state.ts';
import { gainData, here } from './actions.ts';
import { canPayAll, coveredBy, payAllCommands } from './crisis-pay.ts';
import { alien, cocoon, deckHere, discardCard, draw, hand, hasIcon, lose, loseNerve, malfunction, outage, push, say, sdAdvance, soloOf, stowaway, terrorNear } from './flow.ts';
import type { CrisisCost, SoloTask } from './state.ts';
import { searchEffect } from './remora.ts';

const iconsOf = (cost: readonly CrisisCost[]): string[] => cost.flatMap((c) => ('icon' in c ? [c.icon] : []));

/** Whether the icons can be paid from these cards, a trait standing in for one icon together with any one card. */
export function canPayIcons(s: LifeformState, cards: readonly string[], icons: readonly string[], traits: number): boolean {
  if (icons.length === 0) return true;
  const [icon, ...rest] = icons as [string, ...string[]];
  for (let i = 0; i < cards.length; i++) {
    const others = [...cards.slice(0, i), ...cards.slice(i + 1)];
    if (hasIcon(s, cards[i] as string, icon) && canPayIcons(s, others, rest, traits)) return true;
    if (traits > 0 && canPayIcons(s, others, rest, traits - 1)) return true;
  }
  return false;
}

const readyTraits = (s: LifeformState): string[] => soloOf(s).traits.filter((t) => t.state === 'ready').map((t) => t.area);

/** Whether an option's whole cost can be paid now (§RESOLVING A CRISIS CARD). */
export function payable(s: LifeformState, cost: readonly CrisisCost[]): boolean {
  const so = soloOf(s);
  const need: Record<string, number> = {};
  for (const c of cost) {
    const key = 'token' in c ? `t:${c.token}` : 'loadout' in c ? `l:${c.loadout}` : null;
    if (key) need[key] = (need[key] ?? 0) + 1;
  }
  for (const [k, n] of Object.entries(need)) {
    const have = k.startsWith('t:') ? so.tokens[k.slice(2) as keyof typeof so.tokens] : (s.loadout[k.slice(2)] ?? 0);
    if (have < n) return false;
  }
  return rulesOf(s) >= 3 ? canPayAll(s, hand(s), iconsOf(cost), readyTraits(s).length) : canPayIcons(s, hand(s), iconsOf(cost), readyTraits(s).length);
}

/** The crisis card on top: one command per option that can be paid. */
export function crisisCommands(s: LifeformState, t: Extract<SoloTask, { k: 'crisis' }>): GameCommand[] {
  const card = soloOf(s).def.crisis[t.card];
  return (card?.options ?? []).flatMap((o, option) => (payable(s, o.cost) ? [{ type: 'crisis', args: { option } }] : []));
}

/** Paying the next icon: a card carrying it, or a trait (by area) with any card, keeping the rest payable. */
export function payCommands(s: LifeformState, t: Extract<SoloTask, { k: 'pay' }>): GameCommand[] {
  if (rulesOf(s) >= 3) return payAllCommands(s, t.left, readyTraits(s));
  const [icon, ...rest] = t.left as [string, ...string[]];
  const cards = hand(s);
  const traits = readyTraits(s);
  const out: GameCommand[] = [];
  const seen = new Set<string>();
  cards.forEach((card, i) => {
    const others = [...cards.slice(0, i), ...cards.slice(i + 1)];
    const id = card.slice(0, card.lastIndexOf('.'));
    if (seen.has(id)) return;
    seen.add(id);
    if (hasIcon(s, card, icon) && canPayIcons(s, others, rest, traits.length)) out.push({ type: 'pay', args: { card } });
    if (traits.length > 0 && canPayIcons(s, others, rest, traits.length - 1)) for (const trait of traits) out.push({ type: 'pay', args: { card, trait } });
  });
  return out;
}

/** The drawn crisis card, or the loss when the deck of the player's ship deck is empty. */
export function drawCrisis(cx: Cx): void {
  const so = soloOf(cx.s);
  const deck = so.crisisDecks[deckHere(cx.s)];
  const card = deck.shift();
  if (card === undefined) {
    lose(cx, 'crisisDeck');
    return;
  }
  say(cx, 'crisis', { cardKey: `solo.solo.crisis.${card}.name` });
  push(cx, { k: 'crisis', card });
}

/** An option chosen: tokens and loadout paid at once, icons one by one (`pay`), then its effects in order. */
export function chooseOption(cx: Cx, t: Extract<SoloTask, { k: 'crisis' }>, option: number): void {
  const s = cx.s;
  const so = soloOf(s);
  so.stack.pop();
  const o = so.def.crisis[t.card]?.options[option];
  if (!o) return;
  for (const c of o.cost) {
    if ('token' in c) {
      so.tokens[c.token]--;
      if (c.token === 'data') so.data.pop();
    } else if ('loadout' in c) s.loadout[c.loadout] = Math.max(0, (s.loadout[c.loadout] ?? 0) - 1);
  }
  say(cx, 'option', { option: ['A', 'B', 'C'][option] ?? String(option + 1) });
  const icons = iconsOf(o.cost);
  push(cx, ...(icons.length > 0 ? [{ k: 'pay' as const, card: t.card, option, left: icons }] : []), { k: 'effects', card: t.card, option, i: 0 });
}

/** One icon paid by a trait moved to the Remora with any card discarded; a card alone pays one icon (rules 2) or every needed icon it carries (rules 3). */
export function pay(cx: Cx, t: Extract<SoloTask, { k: 'pay' }>, card: string, trait?: string): void {
  const so = soloOf(cx.s);
  if (trait === undefined && rulesOf(cx.s) >= 3) {
    t.left = coveredBy(cx.s, card, t.left).rest;
    discardCard(cx, card);
    if (t.left.length === 0) so.stack.pop();
    return;
  }
  discardCard(cx, card);
  if (trait !== undefined) {
    const tr = so.traits.find((x) => x.area === trait && x.state === 'ready');
    if (tr) {
      tr.state = 'remora';
      so.remora.traits.push(tr.id);
      say(cx, 'traitUsed', { areaKey: `solo.solo.traitAreas.${trait}.name` });
    }
  }
  t.left.shift();
  if (t.left.length === 0) so.stack.pop();
}

/** Runs an option's effects from `i`; stops (the task left in place) when one pushed a choice or a step. */
export function runEffects(cx: Cx, t: Extract<SoloTask, { k: 'effects' }>): void {
  const so = soloOf(cx.s);
  const effects = so.def.crisis[t.card]?.options[t.option]?.effects ?? [];
  while (t.i < effects.length && !cx.s.outcome) {
    const depth = so.stack.length;
    effect(cx, effects[t.i] as CrisisEffect, t.card);
    t.i++;
    if (so.stack.length !== depth) return;
  }
  const i = so.stack.lastIndexOf(t);
  if (i >= 0 && t.i >= effects.length) so.stack.splice(i, 1);
}

function effect(cx: Cx, e: CrisisEffect, card: string): void {
  const s = cx.s;
  const so = soloOf(s);
  switch (e.op) {
    case 'alien':
      alien(cx, e.n);
      return;
    case 'loseNerve':
      loseNerve(cx, e.n);
      return;
    case 'proceed':
      return;
    case 'objective':
      if (so.objectives[e.objective]) {
        so.tokens.survival++;
        say(cx, 'gain', { token: 'survival', n: 1 });
      } else {
        so.objectives[e.objective] = true;
        say(cx, 'objective', { objective: e.objective });
      }
      return;
    case 'gain':
      for (let i = 0; i < e.n; i++) {
        if (e.token === 'data') gainData(cx, so.def.dataIcons.length > 0 ? cx.rng.pick(so.def.dataIcons) : '');
        else so.tokens[e.token]++;
      }
      if (e.token !== 'data') say(cx, 'gain', { token: e.token, n: e.n });
      return;
    case 'cocoon':
      cocoon(cx);
      return;
    case 'stowaway':
      stowaway(cx);
      return;
    case 'selfDestruct':
      sdAdvance(cx, e.n);
      return;
    case 'draw':
      draw(cx, e.n);
      return;
    case 'discard': {
      const n = Math.min(e.n, hand(s).length);
      if (n > 0) push(cx, { k: 'discard', n, why: 'crisis' });
      return;
    }
    case 'airlock':
      so.airlock = true;
      say(cx, 'airlock');
      return;
    case 'impervious':
      so.impervious = true;
      say(cx, 'impervious');
      return;
    case 'terror':
      terrorNear(cx);
      return;
    case 'powerOutage':
      outage(cx, here(s));
      return;
    case 'malfunction':
      malfunction(cx, e.n);
      return;
    case 'remora':
    case 'clamp':
    case 'keepCard':
    case 'remoraSurvival':
      searchEffect(cx, e, card);
      return;
  }
}
