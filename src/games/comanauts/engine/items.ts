import { textKeys as K } from '../content.ts';
import { slotNames, type ComanautsState, type PlayerState, type SlotName } from '../state.ts';
import { BASE_LIFE, type Env, INVENTORY_LIMIT, avatarCard, itemCard, pub } from './basics.ts';
import { type Draft, type Player } from './draft.ts';

export function newAvatar(d: Draft, card: string): Player['avatar'] {
  const av = avatarCard(d, card);
  return { card, life: BASE_LIFE + (av?.lifeBonus ?? 0), statuses: [], suspicious: false, place: null };
}

export function holderOf(d: Draft, item: string): { seat: number; where: SlotName | 'inventory' } | null {
  for (const p of d.players) {
    if (p.inventory.includes(item)) return { seat: p.seat, where: 'inventory' };
    for (const n of slotNames) if (p.equipment[n] === item) return { seat: p.seat, where: n };
  }
  return null;
}

export function removeItem(d: Draft, item: string): void {
  for (const p of d.players) {
    p.inventory = p.inventory.filter((x) => x !== item);
    for (const n of slotNames) if (p.equipment[n] === item) p.equipment[n] = null;
  }
}

/** Slots an item would fill (Rules §Equipment Slots): two-handed items take Hand and Hand/Accessory. */
export function slotsFor(kind: string, slot: SlotName): SlotName[] | null {
  if (kind === 'twoHands') return slot === 'hand' || slot === 'handAccessory' ? ['hand', 'handAccessory'] : null;
  if (kind === 'hand') return slot === 'hand' || slot === 'handAccessory' ? [slot] : null;
  if (kind === 'accessory') return slot === 'accessory' || slot === 'handAccessory' ? [slot] : null;
  return kind === slot ? [slot] : null;
}

/** Free slots where an item can be equipped at once (for free, Rules §Melee Attack on gaining items). */
export function freeSlotsFor(d: Draft | ComanautsState, seat: number, item: string): SlotName[] {
  const card = itemCard(d, item);
  const p = d.players[seat];
  if (!card || !p) return [];
  return slotNames.filter((n) => {
    const need = slotsFor(card.slot, n);
    return need !== null && need.every((x) => p.equipment[x] === null) && (card.slot !== 'twoHands' || n === 'hand');
  });
}

/** Equips an item, pushing whatever it displaces to the inventory and discarding beyond two (Rules §The Morass 6). */
function equipForcing(d: Draft, seat: number, item: string): void {
  const card = itemCard(d, item);
  const p = d.players[seat] as Player;
  if (!card) return;
  const candidates = slotNames.filter((n) => slotsFor(card.slot, n) !== null && (card.slot !== 'twoHands' || n === 'hand'));
  const slot = candidates.find((n) => (slotsFor(card.slot, n) as SlotName[]).every((x) => p.equipment[x] === null)) ?? candidates[0];
  if (!slot) return;
  for (const x of slotsFor(card.slot, slot) as SlotName[]) {
    const old = p.equipment[x];
    if (old !== null) {
      for (const n of slotNames) if (p.equipment[n] === old) p.equipment[n] = null;
      p.inventory.push(old);
    }
    p.equipment[x] = item;
  }
  while (p.inventory.length > INVENTORY_LIMIT) {
    const dropped = p.inventory.shift() as string;
    d.itemsOut = d.itemsOut.filter((x) => x !== dropped);
  }
  if (!d.itemsOut.includes(item)) d.itemsOut.push(item);
}

export function equipStartingItems(d: Draft, seat: number): void {
  const p = d.players[seat] as Player;
  const av = avatarCard(d, p.avatar.card);
  for (const item of av?.startItems ?? []) {
    if (d.itemsOut.includes(item) && holderOf(d, item) !== null) continue;
    equipForcing(d, seat, item);
  }
}

export function markSuspicious(d: Draft, seat: number): void {
  const p = d.players[seat] as Player;
  const av = avatarCard(d, p.avatar.card);
  p.avatar.suspicious = av?.suspicious.includes(d.page.comazone) ?? false;
}

/** Options for placing a gained item (Rules §Melee Attack: equip free, inventory, or give in the same space). */
export function gainOptions(d: Draft | ComanautsState, seat: number, item: string): string[] {
  const p = d.players[seat];
  if (!p) return ['discard'];
  const out: string[] = [];
  const here = p.avatar.place?.space;
  const seats = d.players.filter((q) => q.seat === seat || (here !== undefined && q.avatar.place?.space === here)).map((q) => q.seat);
  for (const s of seats) {
    for (const slot of freeSlotsFor(d, s, item)) out.push(`${s}:${slot}`);
    if ((d.players[s] as PlayerState).inventory.length < INVENTORY_LIMIT) out.push(`${s}:inventory`);
  }
  out.push('discard');
  return out;
}

export function applyGain(d: Draft, env: Env, item: string, answer: string): void {
  if (answer === 'discard') {
    pub(env, 'item.discarded', { itemKey: K.item(item) });
    return;
  }
  const [seatText, where] = answer.split(':');
  const seat = Number(seatText);
  const p = d.players[seat] as Player;
  if (where === 'inventory') p.inventory.push(item);
  else {
    const card = itemCard(d, item);
    for (const x of slotsFor(card?.slot ?? '', where as SlotName) ?? []) p.equipment[x] = item;
  }
  d.itemsOut.push(item);
  pub(env, 'item.gained', { seat, itemKey: K.item(item), where: where ?? 'inventory' });
}

export { holderOf as itemHolder };
