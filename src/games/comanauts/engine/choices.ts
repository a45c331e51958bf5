import { textKeys as K } from '../content.ts';
import { type ComanautsState, type Work } from '../state.ts';
import { type Env, avatarCard, effectWork, prompt, pub, rollTotal, rulesOf, takeFromHand } from './basics.ts';
import { type Draft, type Player } from './draft.ts';
import { equipStartingItems, markSuspicious, newAvatar } from './items.ts';

/**
 * Rules §Group Task: the rolled dice go to the group task track. From rules 2 a player whose dice leave
 * the track short of its target may re-roll any of them for one clarity each (Rules §Re-rolling).
 */
export function resolveGroup(d: Draft, env: Env, w: Extract<Work, { k: 'group' }>): void {
  const task = d.page.groupTask;
  const p = d.players[w.seat] as Player;
  const faces = [...w.faces];
  if (w.answer?.startsWith('reroll:')) {
    const i = Number(w.answer.slice('reroll:'.length));
    p.clarity -= 1;
    faces[i] = env.rng.die(6);
    pub(env, 'roll.rerolled', { seat: w.seat, die: i, face: faces[i] as number, clarity: p.clarity });
  }
  const dice = [...d.dice.group.map((g) => g.die), ...w.dice];
  const total = rollTotal(d, w.seat, dice, [...d.dice.group.map((g) => g.face ?? 0), ...faces], 'group');
  const target = task?.target ?? 0;
  if (task && total < target && rulesOf(d) >= 2 && p.clarity > 0 && w.answer !== 'keep') {
    const options = ['keep', ...w.dice.map((_, i) => `reroll:${i}`)];
    return prompt(d, { k: 'group', seat: w.seat, dice: w.dice, faces, answer: undefined }, w.seat, 'reroll', options, { total, target });
  }
  w.dice.forEach((die, i) => {
    takeFromHand(d, die);
    d.dice.group.push({ die, face: faces[i] ?? 0 });
  });
  pub(env, 'group.added', { seat: w.seat, total, target });
  if (task && total >= target) {
    d.groupTaskDone = true;
    d.dice.discard.push(...d.dice.group.map((g) => g.die));
    d.dice.group = [];
    pub(env, 'group.done');
    d.work.unshift(...effectWork(d.page.id, 'groupTask.success', task.success));
  }
}

/**
 * Rules §Game Setup 12 and 13 (rules 2): a player without a starting avatar in the options chooses one
 * from the avatars nobody holds (face-down ones are never offered), then takes its life force, starting
 * items and, when the start comazone is on its list, a suspicious token.
 */
export function chooseAvatar(d: Draft, env: Env, w: Extract<Work, { k: 'chooseAvatar' }>): void {
  const options = avatarChoices(d, w.seat);
  if (w.answer === undefined && options.length > 1) return prompt(d, w, w.seat, 'chooseAvatar', options);
  const card = w.answer ?? options[0];
  const p = d.players[w.seat] as Player;
  if (card === undefined) return;
  const place = p.avatar.place;
  p.avatarCards[0] = card;
  p.avatar = { ...newAvatar(d, card), place };
  equipStartingItems(d, w.seat);
  markSuspicious(d, w.seat);
  pub(env, 'setup.avatarChosen', { seat: w.seat, avatarKey: K.avatar(card), suspicious: p.avatar.suspicious });
}

/**
 * The avatars a seat may still choose: none dealt face down and none already chosen. A seat still to
 * choose holds its first option provisionally, which does not keep anyone else from choosing it.
 */
export function avatarChoices(d: Draft | ComanautsState, seat: number): string[] {
  const pending = new Set(d.work.filter((x) => x.k === 'chooseAvatar').map((x) => (x as { seat: number }).seat));
  pending.add(seat);
  const taken = new Set(d.players.flatMap((q) => (pending.has(q.seat) ? q.avatarCards.slice(1) : q.avatarCards)));
  return d.catalogue.avatars.map((a) => a.id).filter((id) => !taken.has(id) && avatarCard(d, id) !== undefined);
}
