import type { GameCommand } from '../../../core/index.ts';
import type { LifeformState } from '../state.ts';
import { hand } from './flow.ts';

/**
 * Rules 3 reading of §RESOLVING A CRISIS CARD: a cost is paid by throwing away what bears the icons it asks
 * for, whether tokens or cards. A discarded card pays every icon still needed that it carries, each as many times as it
 * shows it (its action rows and its reaction); a trait still pays one icon together with any one card.
 */

/** How many times a crew card shows an icon (every action row, and its reaction). */
export function iconCount(s: LifeformState, card: string, icon: string): number {
  const def = s.board.crew[card.slice(0, card.lastIndexOf('.'))];
  if (!def) return 0;
  return (def.reaction === icon ? 1 : 0) + def.rows.reduce((n, r) => n + (r as readonly string[]).filter((x) => x === icon).length, 0);
}

/** The icons of `left` a card pays, and those still needed after it. */
export function coveredBy(s: LifeformState, card: string, left: readonly string[]): { readonly paid: number; readonly rest: string[] } {
  const shown = new Map<string, number>();
  const rest: string[] = [];
  let paid = 0;
  for (const icon of left) {
    const used = shown.get(icon) ?? 0;
    if (used < iconCount(s, card, icon)) {
      shown.set(icon, used + 1);
      paid++;
    } else rest.push(icon);
  }
  return { paid, rest };
}

/** Whether the icons can be paid from these cards (each paying all it carries) and traits (one icon with any card). */
export function canPayAll(s: LifeformState, cards: readonly string[], icons: readonly string[], traits: number): boolean {
  if (icons.length === 0) return true;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i] as string;
    const others = [...cards.slice(0, i), ...cards.slice(i + 1)];
    const c = coveredBy(s, card, icons);
    if (c.paid > 0 && canPayAll(s, others, c.rest, traits)) return true;
    if (traits > 0 && canPayAll(s, others, icons.slice(1), traits - 1)) return true;
  }
  return false;
}

/** The `pay` commands now: a card carrying a needed icon, or a trait (by area) with any card paying the first icon, keeping the rest payable. */
export function payAllCommands(s: LifeformState, left: readonly string[], traits: readonly string[]): GameCommand[] {
  const cards = hand(s);
  const out: GameCommand[] = [];
  const seen = new Set<string>();
  cards.forEach((card, i) => {
    const id = card.slice(0, card.lastIndexOf('.'));
    if (seen.has(id)) return;
    seen.add(id);
    const others = [...cards.slice(0, i), ...cards.slice(i + 1)];
    const c = coveredBy(s, card, left);
    if (c.paid > 0 && canPayAll(s, others, c.rest, traits.length)) out.push({ type: 'pay', args: { card } });
    if (traits.length > 0 && canPayAll(s, others, left.slice(1), traits.length - 1)) for (const trait of traits) out.push({ type: 'pay', args: { card, trait } });
  });
  return out;
}
