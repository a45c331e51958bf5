import { type PackPage } from '../content.ts';
import { type Env, INSIGHT_PER_CLUE, pub } from './basics.ts';
import { drawClue } from './clues.ts';
import { type Draft } from './draft.ts';

/**
 * The points where the book hands over to the Nexus, the I.D. stack and the clue deck
 * (docs/comanauts-adventure.md): one function each, so every effect follows the adventure's rules.
 */

/** `turnToPage` value meaning "the Nexus" (page ids never start with `@`). */
export const NEXUS = '@nexus';

/**
 * Rules §Encountering an I.D. Entity: the card of the I.D. stack whose identification code matches, or the
 * Prime I.D. when none does. The Prime's own code never matches: it is not in the stack.
 */
export function entityForCode(d: Draft, env: Env, code: string): string {
  const a = d.adventure;
  if (a) {
    // Rules 4: the I.D. stack is the revealed I.D.s but the Prime; any other code meets the Prime.
    const inStack = env.pack?.ids?.find((x) => x.code === code && a.stack.includes(x.id));
    return inStack ? inStack.enemy : d.primeEntity;
  }
  const match = d.catalogue.enemies.find((e) => e.kind === 'entity' && e.code === code && e.id !== d.primeEntity);
  return match ? match.id : d.primeEntity;
}

/** Rules §Insight and §Clue Cards: three insight reveal a clue; the book may also reveal one directly. */
export function gainInsight(d: Draft, env: Env, n: number): void {
  d.insight += n;
  pub(env, 'insight.gained', { n });
  while (d.insight >= INSIGHT_PER_CLUE) {
    d.insight -= INSIGHT_PER_CLUE;
    revealClue(d, env);
  }
}

export function revealClue(d: Draft, env: Env): void {
  d.cluesRevealed += 1;
  pub(env, 'insight.clue', { clues: d.cluesRevealed });
  if (d.adventure) drawClue(d, env);
}

/** The page a `turnToPage` names, by id or by the book's page number. */
export function pageByRef(env: Env, ref: string | number): PackPage | undefined {
  return env.pack?.pages.find((p) => (typeof ref === 'number' ? p.number === ref : p.id === ref));
}

/**
 * THE NEXUS for a game without an adventure (rules 3, or a pack with no comazones): the party is sent back
 * to the pack's start page; returns that page. Rules 4 adventures vote instead (`nexus.ts`).
 */
export function enterNexus(d: Draft, env: Env): PackPage | undefined {
  pub(env, 'nexus.reached');
  return env.pack?.pages.find((p) => p.id === env.pack?.game.startPage);
}
