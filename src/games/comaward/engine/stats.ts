import type { CheckStat, ComaWardPack, ItemCard, NeurosisStage } from '../content.ts';
import { itemId, type CwOptions, type PlayerState } from '../state.ts';

/** Health never above this (§Your Character Statistics). */
export const MAX_HEALTH = 5;

export function itemCard(pack: ComaWardPack, uid: string, phenomenon?: string): ItemCard {
  const id = itemId(uid);
  const card = pack.items.find((i) => i.id === id) ?? Object.values(pack.phenomena).flatMap((p) => p.items).find((i) => i.id === id);
  if (!card) throw new RangeError(`no item ${id}`);
  void phenomenon;
  return card;
}

/** Strength and Dexterity under the current Health, Focus under the current Terror (the mat). */
export function derived(pack: ComaWardPack, p: Pick<PlayerState, 'health' | 'terror'>): { strength: number; dexterity: number; focus: number } {
  const h = pack.mat.health[Math.max(0, Math.min(MAX_HEALTH, p.health))] ?? { strength: 0, dexterity: 0 };
  const t = pack.mat.terror[Math.max(0, Math.min(pack.mat.maxTerror, p.terror))] ?? { focus: 0 };
  return { strength: h.strength, dexterity: h.dexterity, focus: t.focus };
}

/** The neurosis side in force: the hidden side once flipped, else the highest stage reached by Terror. */
export function neurosisStage(pack: ComaWardPack, p: PlayerState): { index: number; stage: Pick<NeurosisStage, 'trigger' | 'effects' | 'ability' | 'adrenaline'> } {
  const n = pack.neuroses.find((x) => x.id === p.neurosis);
  if (!n) throw new RangeError(`no neurosis ${p.neurosis}`);
  if (p.hidden) return { index: -1, stage: n.hidden };
  let index = 0;
  n.stages.forEach((st, i) => {
    if (st.minTerror <= p.terror) index = i;
  });
  return { index, stage: n.stages[index] as NeurosisStage };
}

/** Items that count toward the carry limit (clothing and clues do not unless marked, §Item Cards). */
export function countsToward(card: ItemCard): boolean {
  if (card.counts !== undefined) return card.counts;
  return card.type !== 'clothing' && card.type !== 'clue';
}

export function carriedCount(pack: ComaWardPack, p: PlayerState): number {
  return p.items.filter((u) => countsToward(itemCard(pack, u))).length;
}

/** §Item Cards: as many items as Health, plus clothing's carry bonuses. */
export function carryLimit(pack: ComaWardPack, p: PlayerState): number {
  const bonus = p.items.reduce((sum, u) => sum + (itemCard(pack, u).carryBonus ?? 0), 0);
  return Math.max(0, p.health + bonus);
}

export const overLimit = (pack: ComaWardPack, p: PlayerState): boolean => p.alive && carriedCount(pack, p) > carryLimit(pack, p);

/** Moves a turn: Dexterity by default, or Health when the table plays the Glossary's reading. */
export function moveAllowance(pack: ComaWardPack, options: CwOptions, p: PlayerState): number {
  return options.moves === 'health' ? p.health : derived(pack, p).dexterity;
}

/** Dice for a check of a statistic: the statistic plus item bonuses and adrenaline (never face changes). */
export function checkDice(pack: ComaWardPack, p: PlayerState, stat: CheckStat): { base: number; bonus: number } {
  const base = derived(pack, p)[stat];
  let bonus = 0;
  for (const u of p.items) bonus += itemCard(pack, u).bonus?.[stat] ?? 0;
  bonus += neurosisStage(pack, p).stage.adrenaline?.[stat] ?? 0;
  return { base, bonus: Math.max(-base, bonus) };
}

/** Armor of the clothing carried (damage reduction, §Clothing). */
export const armorOf = (pack: ComaWardPack, p: PlayerState): number => p.items.reduce((sum, u) => sum + (itemCard(pack, u).armor ?? 0), 0);

/**
 * The weapons used in an attack: one two-handed or up to two one-handed (§Weapons), the combination
 * with the most attack dice, then the most damage.
 */
export function bestWeapons(pack: ComaWardPack, p: PlayerState): string[] {
  const weapons = p.items.filter((u) => itemCard(pack, u).type === 'weapon');
  const score = (list: string[]): number => list.reduce((s, u) => s + (itemCard(pack, u).attack ?? 0) * 100 + (itemCard(pack, u).damage ?? 1), 0);
  let best: string[] = [];
  const options: string[][] = [];
  for (const w of weapons) options.push([w]);
  const one = weapons.filter((u) => itemCard(pack, u).hands !== 2);
  for (let i = 0; i < one.length; i++) for (let j = i + 1; j < one.length; j++) options.push([one[i] as string, one[j] as string]);
  for (const o of options) if (score(o) > score(best)) best = o;
  return best;
}

/** Damage Rating of the weapons used; an unarmed attack rates 1 (§Weapons). */
export function damageRating(pack: ComaWardPack, weapons: readonly string[]): number {
  if (weapons.length === 0) return 1;
  return weapons.reduce((s, u) => s + (itemCard(pack, u).damage ?? 1), 0);
}

export function attackDice(pack: ComaWardPack, p: PlayerState, weapons: readonly string[]): number {
  const { base, bonus } = checkDice(pack, p, 'strength');
  return base + bonus + weapons.reduce((s, u) => s + (itemCard(pack, u).attack ?? 0), 0);
}

/** §Dodge Check: two plus Dexterity, plus dodge bonuses. */
export function dodgeDice(pack: ComaWardPack, p: PlayerState): number {
  const { base, bonus } = checkDice(pack, p, 'dexterity');
  return 2 + base + bonus + p.items.reduce((s, u) => s + (itemCard(pack, u).bonus?.dodge ?? 0), 0);
}
