import type { GameCommand } from '../../../core/index.ts';
import type { Cx } from '../flow.ts';
import { back } from './actions.ts';
import { discardCard, draw, drawChits, hand, lose, loseNerve, say, sdAdvance, soloOf, stowaway } from './flow.ts';
import type { SoloTask } from './state.ts';

/**
 * §MOTION TRACKER BOARD: moves the lifeform along `next` (the `advance` task on top), applying each space
 * reached or passed; a fork waits for the player's `path`; PROXIMITY ALERT! stops it and the rest is surplus.
 * Returns after anything that pushed a task, with the advance left below to resume.
 */
export function advanceLifeform(cx: Cx, t: Extract<SoloTask, { k: 'advance' | 'path' }>, to?: string): void {
  const so = soloOf(cx.s);
  const st = so.stack;
  while (t.n > 0 && !cx.s.outcome) {
    const sp = so.def.motion[so.motion];
    if (!sp || sp.effect === 'alert') break;
    let next = sp.next[0] as string;
    if (sp.next.length > 1) {
      if (to === undefined) {
        if (t.k === 'advance') st[st.length - 1] = { k: 'path', n: t.n };
        return;
      }
      next = to;
      to = undefined;
    }
    so.motion = next;
    t.n--;
    const depth = st.length;
    reached(cx, next);
    if (so.def.motion[next]?.effect === 'alert') break;
    if (st.length !== depth) {
      // A space pushed a task (a discard, a self-destruct step): the rest of the advance waits below it.
      st.splice(depth - 1, 1, { k: 'advance', n: t.n });
      if (t.n === 0) st.splice(depth - 1, 1);
      return;
    }
  }
  const i = st.lastIndexOf(t);
  if (i >= 0) st.splice(i, 1);
  if (so.def.motion[so.motion]?.effect === 'alert' && !cx.s.outcome) alert(cx, t.n);
}

/** What a motion space does when the lifeform reaches or passes it. */
function reached(cx: Cx, space: string): void {
  const so = soloOf(cx.s);
  switch (so.def.motion[space]?.effect) {
    case 'loseNerve':
      loseNerve(cx, 1);
      return;
    case 'draw2':
      draw(cx, 2);
      return;
    case 'selfDestruct':
      sdAdvance(cx, 1);
      return;
    case 'draw2Stowaway':
      stowaway(cx);
      draw(cx, 2);
      return;
    default:
  }
}

/**
 * PROXIMITY ALERT!: a proximity conflict with `surplus` unused movement; while a crisis option is being
 * resolved it waits below that option's effects, and a second alert in the same option adds its surplus.
 */
export function alert(cx: Cx, surplus: number): void {
  const st = soloOf(cx.s).stack;
  const pending = st.find((x) => x.k === 'proximity');
  say(cx, 'alert');
  if (pending && pending.k === 'proximity') {
    pending.surplus += surplus;
    return;
  }
  const effects = st.findLastIndex((x) => x.k === 'effects');
  const task: SoloTask = { k: 'proximity', surplus };
  if (effects >= 0) st.splice(effects, 0, task);
  else st.push(task);
}

const REACTIONS: Readonly<Record<string, number>> = { hide: 1, shockProd: 1, run: 2 };

/**
 * The ways out of a proximity conflict (step 1): a reaction card, a card with the harpoon icon, a fire extinguisher or harpoon token; or eluding first.
 * A reaction is a card's lightning-bolt reaction only: a RUN! action row is no RUN! reaction, nor is a Mod C kept crisis card, whose icon plays as a crew action card's.
 */
export function proximityCommands(cx: { s: Cx['s'] }): GameCommand[] {
  const s = cx.s;
  const so = soloOf(s);
  const out: GameCommand[] = [];
  const seen = new Set<string>();
  for (const card of hand(s)) {
    const id = card.slice(0, card.lastIndexOf('.'));
    if (seen.has(id)) continue;
    const def = s.board.crew[id];
    if ((def?.reaction && REACTIONS[def.reaction]) || (s.board.showdown[id] ?? []).includes('harpoon')) {
      seen.add(id);
      out.push({ type: 'proximity', args: { card } });
    }
  }
  if (so.tokens.fireExtinguisher > 0) out.push({ type: 'proximity', args: { token: 'fireExtinguisher' } });
  if (so.tokens.harpoon > 0) out.push({ type: 'proximity', args: { token: 'harpoon' } });
  const cost = so.variants.isolation ? 2 : 3;
  const h = [...hand(s)].sort();
  for (const cards of combinations(h, cost)) out.push({ type: 'elude', args: { cards } });
  return out;
}

/** Distinct sorted k-card combinations of a hand (copies of one card are the same choice). */
function combinations(h: readonly string[], k: number): string[][] {
  const out: string[][] = [];
  const keys = new Set<string>();
  const rec = (start: number, acc: string[]): void => {
    if (acc.length === k) {
      const key = acc.map((c) => c.slice(0, c.lastIndexOf('.'))).join(',');
      if (!keys.has(key)) {
        keys.add(key);
        out.push([...acc]);
      }
      return;
    }
    for (let i = start; i < h.length; i++) rec(i + 1, [...acc, h[i] as string]);
  };
  if (h.length >= k) rec(0, []);
  return out.slice(0, 20);
}

/** Resolves the proximity conflict with one way out; chits are drawn unless it was a HIDE or a fire extinguisher token. */
export function resolveProximity(cx: Cx, t: Extract<SoloTask, { k: 'proximity' }>, a: { card?: string; token?: string }): void {
  const s = cx.s;
  const so = soloOf(s);
  const st = so.stack;
  st.splice(st.lastIndexOf(t), 1);
  let steps = 1;
  let chits = true;
  if (a.card !== undefined) {
    const def = s.board.crew[a.card.slice(0, a.card.lastIndexOf('.'))];
    const reaction = def?.reaction && REACTIONS[def.reaction] ? def.reaction : null;
    if (reaction !== null) steps = REACTIONS[reaction] as number;
    if (reaction === 'hide') chits = false;
    discardCard(cx, a.card);
  } else if (a.token === 'fireExtinguisher' || a.token === 'harpoon') {
    so.tokens[a.token]--;
    if (a.token === 'fireExtinguisher') chits = false;
  }
  say(cx, 'proximity.survived');
  back(cx, steps);
  if (chits) drawChits(cx, 1 + t.surplus);
}

/** ELUDING THE STAR-BEAST: discard the cards, pull out a still-alive chit (none: the game ends), the lifeform back one. */
export function elude(cx: Cx, t: Extract<SoloTask, { k: 'proximity' }>, cards: readonly string[]): void {
  const so = soloOf(cx.s);
  const st = so.stack;
  st.splice(st.lastIndexOf(t), 1);
  for (const c of cards) discardCard(cx, c);
  if (so.container.alive <= 0) {
    lose(cx, 'proximity');
    return;
  }
  so.container.alive--;
  say(cx, 'eluded');
  back(cx, 1);
}
