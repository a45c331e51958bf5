import { textKeys as K } from '../content.ts';
import { type Env, avatarCard, discardDice, lose, pub, revealVitalSign } from './basics.ts';
import { type Draft, type Player } from './draft.ts';
import { equipStartingItems, holderOf, newAvatar, removeItem } from './items.ts';

/** Rules §The Morass, steps 1–6, then the two losses it can cause. */
export function morass(d: Draft, env: Env, seat: number): void {
  const p = d.players[seat] as Player;
  revealVitalSign(d, env);
  if (d.outcome) return;
  p.avatar.place = null;
  if (p.stored !== null) {
    d.dice.discard.push(p.stored);
    p.stored = null;
    delete p.storedAt;
  }
  if (seat === d.active) discardDice(d, [...d.dice.hand]);
  const old = avatarCard(d, p.avatar.card);
  for (const item of old?.startItems ?? []) {
    if (holderOf(d, item)?.seat === seat) {
      removeItem(d, item);
      d.itemsOut = d.itemsOut.filter((x) => x !== item);
    }
  }
  p.defaultActive = false;
  p.sentToMorass += 1;
  pub(env, 'morass.sent', { seat, avatarKey: K.avatar(p.avatar.card) });
  if (p.current + 1 >= p.avatarCards.length) return lose(d, env, 'lastAvatar');
  p.current += 1;
  p.avatar = newAvatar(d, p.avatarCards[p.current] as string);
  equipStartingItems(d, seat);
  pub(env, 'morass.newAvatar', { seat, avatarKey: K.avatar(p.avatar.card) });
  if (d.players.every((q) => q.avatar.place === null)) lose(d, env, 'allInMorass');
}
