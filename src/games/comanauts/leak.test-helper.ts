import { loadAdventurePack } from './fixture.test-helper.ts';
import type { ComanautsState } from './state.ts';

/** The newest training pack: a superset of 1.1.0's cards with the same names, so every game's names are known. */
const pack = await loadAdventurePack();

/**
 * Every secret of a state as strings that must not show in public: the Prime I.D. (until it has shown),
 * the face-down avatars and the dice ids in the bag, as ids and as names in both languages, and in an
 * adventure the Prime's I.D. id and the clue deck.
 */
export function secretValues(s: ComanautsState, primeShown: boolean): string[] {
  const out: string[] = [];
  const named = (list: readonly { id: string; name: { en: string; es: string } }[], id: string): void => {
    const card = list.find((x) => x.id === id);
    out.push(`"${id}"`, `.${id}.`);
    if (card) out.push(card.name.en, card.name.es);
  };
  if (!primeShown && s.primeEntity) named(pack.enemies, s.primeEntity);
  // Rules 4: the Prime's I.D. id, and the clue cards still face down on it (their ids are opaque).
  if (!primeShown && s.adventure) out.push(`"${s.adventure.prime}"`);
  for (const id of s.adventure?.clueDeck ?? []) out.push(`clue.${id}.`);
  for (const p of s.players) for (const card of p.avatarCards.slice(p.current + 1)) named(pack.avatars, card);
  for (const die of s.dice.bag) out.push(die);
  return out;
}

/** True once the Prime I.D. has stood on the map (or the game was won; an adventure names it at any ending): from then on it is public. */
export function primeShownIn(s: ComanautsState): boolean {
  return s.enemies.some((e) => e.card === s.primeEntity) || s.outcome?.phase === 'won' || (s.adventure !== undefined && s.outcome !== null);
}
