import { pack } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

/**
 * Every secret of a state as strings that must not show in public: the Prime I.D. (until it has shown),
 * the face-down avatars and the dice ids in the bag, as ids and as names in both languages.
 */
export function secretValues(s: ComanautsState, primeShown: boolean): string[] {
  const out: string[] = [];
  const named = (list: readonly { id: string; name: { en: string; es: string } }[], id: string): void => {
    const card = list.find((x) => x.id === id);
    out.push(`"${id}"`, `.${id}.`);
    if (card) out.push(card.name.en, card.name.es);
  };
  if (!primeShown && s.primeEntity) named(pack.enemies, s.primeEntity);
  for (const p of s.players) for (const card of p.avatarCards.slice(p.current + 1)) named(pack.avatars, card);
  for (const die of s.dice.bag) out.push(die);
  return out;
}

/** True once the Prime I.D. has stood on the map (or the game was won): from then on it is public. */
export function primeShownIn(s: ComanautsState): boolean {
  return s.enemies.some((e) => e.card === s.primeEntity) || s.outcome?.phase === 'won';
}
