import { type GameEvent, type Json } from '../../../core/index.ts';
import { textKeys as K } from '../content.ts';
import { type ComanautsState, type Work } from '../state.ts';
import { type Env, prompt, pub } from './basics.ts';
import { type Draft } from './draft.ts';

/**
 * Rules 4, §Clue Cards and §Totems: the current player draws the top clue card of the Prime I.D. It goes to
 * her alone (a DM, and `/secrets` while unread) unless the game reads clues to the table at once; she then
 * reads it aloud or keeps her own counsel, and chooses a totem from the totem deck.
 */
export function drawClue(d: Draft, env: Env): void {
  const a = d.adventure;
  if (!a) return;
  const seat = d.active;
  const id = a.clueDeck.shift();
  if (id === undefined) {
    pub(env, 'clue.none');
  } else if (a.cluesPublic) {
    a.clues.push({ id, seat, read: true });
    readAloud(d, env, seat, id);
  } else {
    a.clues.push({ id, seat, read: false });
    pub(env, 'clue.drawn', { seat });
    env.events.push({ to: seat, code: 'comanauts.clue.private', params: { clueKey: K.clue(id) } });
    d.work.unshift({ k: 'clueShare', seat, clue: id }, { k: 'chooseTotem', seat });
    return;
  }
  d.work.unshift({ k: 'chooseTotem', seat });
}

/** A clue read to the table: the notebook crosses off what it rules out. */
function readAloud(d: Draft, env: Env, seat: number, id: string): void {
  const a = d.adventure as NonNullable<Draft['adventure']>;
  pub(env, 'clue.read', { seat, clueKey: K.clue(id) });
  const out = env.pack?.clues?.find((c) => c.id === id)?.rulesOut;
  if (out) ruleOut(a, out.comazones, out.ids.map((x) => env.pack?.ids?.find((i) => i.id === x)?.enemy ?? x));
}

/** The holder of an unread clue reads it to the table (`read`) or keeps it (`keep`, the timeout answer). */
export function clueShare(d: Draft, env: Env, w: Extract<Work, { k: 'clueShare' }>): void {
  const c = d.adventure?.clues.find((x) => x.id === w.clue);
  if (!c || c.read) return;
  if (w.answer === undefined) return prompt(d, w, w.seat, 'clueShare', ['read', 'keep']);
  if (w.answer === 'read') {
    c.read = true;
    readAloud(d, env, w.seat, c.id);
  } else pub(env, 'clue.kept', { seat: w.seat });
}

/** Rules §Totems: a choice of the totem deck (none left: nothing); the totem is gained like any item. */
export function chooseTotem(d: Draft, env: Env, w: Extract<Work, { k: 'chooseTotem' }>): void {
  const a = d.adventure;
  if (!a || a.totemDeck.length === 0) return;
  if (w.answer === undefined && a.totemDeck.length > 1) return prompt(d, w, w.seat, 'chooseTotem', [...a.totemDeck]);
  const item = w.answer ?? (a.totemDeck[0] as string);
  a.totemDeck = a.totemDeck.filter((x) => x !== item);
  pub(env, 'totem.chosen', { seat: w.seat, itemKey: K.item(item) });
  d.work.unshift({ k: 'gainItem', seat: w.seat, item });
}

/** A player's own view of the clue cards she drew (read or not). */
export function heldClues(s: ComanautsState, seat: number): Json {
  return (s.adventure?.clues ?? []).filter((c) => c.seat === seat).map((c) => ({ clueKey: K.clue(c.id), read: c.read }));
}

/** `/secrets`: every clue card the seat drew and has not read to the table. */
export function clueSecrets(s: ComanautsState, seat: number): GameEvent[] {
  return (s.adventure?.clues ?? []).filter((c) => c.seat === seat && !c.read).map((c) => ({ to: seat, code: 'comanauts.secret.clue', params: { clueKey: K.clue(c.id) } }));
}

/** Adds to the notebook's crossed-off comazones and I.D.s (enemy cards), each once. */
export function ruleOut(a: NonNullable<Draft['adventure']>, comazones: readonly string[], enemies: readonly string[]): void {
  for (const z of comazones) if (!a.ruledOut.comazones.includes(z)) a.ruledOut.comazones.push(z);
  for (const e of enemies) if (!a.ruledOut.enemies.includes(e)) a.ruledOut.enemies.push(e);
}
