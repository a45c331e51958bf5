import { type Rng } from '../../../core/index.ts';
import { REVEALED_IDS } from '../content-adventure.ts';
import { type ComanautsPack } from '../content.ts';
import { type AdventureState } from '../state.ts';

/** What setup needs of the game options for dealing avatars. */
interface DealOptions {
  readonly avatarsPerPlayer: number;
  readonly startAvatars: readonly string[];
}
export type Dealt = { avatarCards: string[][]; choosing: number[] };

/** Rules 1: starting avatars from the options, the rest dealt at random, face-down ones after each. */
export function dealAvatars1(options: DealOptions, seats: number, rng: Rng, pack: ComanautsPack): Dealt {
  const pool = rng.shuffle(pack.avatars.map((a) => a.id));
  const starters = Array.from({ length: seats }, (_, i) => {
    const wanted = options.startAvatars[i];
    return wanted && pool.includes(wanted) ? wanted : undefined;
  });
  const remaining = pool.filter((a) => !starters.includes(a));
  const perPlayer = Math.max(1, Math.min(options.avatarsPerPlayer, Math.floor(pack.avatars.length / Math.max(1, seats))));
  const avatarCards = starters.map((wanted) => {
    const first = wanted ?? (remaining.shift() as string);
    const faceDown = remaining.splice(0, perPlayer - 1);
    return [first, ...faceDown];
  });
  return { avatarCards, choosing: [] };
}

/**
 * Rules 2, Rules §Game Setup 12: the face-down avatars are dealt first; a seat without a starting avatar
 * in the options then holds the first one left provisionally and chooses at setup (`chooseAvatar`).
 */
export function dealAvatars2(options: DealOptions, seats: number, rng: Rng, pack: ComanautsPack): Dealt {
  const pool = rng.shuffle(pack.avatars.map((a) => a.id));
  const starters: (string | undefined)[] = [];
  for (let i = 0; i < seats; i++) {
    const wanted = options.startAvatars[i];
    starters.push(wanted && pool.includes(wanted) && !starters.includes(wanted) ? wanted : undefined);
  }
  const remaining = pool.filter((a) => !starters.includes(a));
  const perPlayer = Math.max(1, Math.min(options.avatarsPerPlayer, Math.floor(pack.avatars.length / Math.max(1, seats))));
  const faceDown = starters.map(() => remaining.splice(0, perPlayer - 1));
  const avatarCards = starters.map((wanted, i) => [wanted ?? (remaining.shift() as string), ...(faceDown[i] as string[])]);
  return { avatarCards, choosing: starters.flatMap((wanted, i) => (wanted === undefined ? [i] : [])) };
}

/**
 * Rules §Game Setup 6 (campaign): the I.D.s setup may reveal, Fear copies and stickered ones out, and the
 * comazones they come from. Fewer than five left: all of them are revealed (the book's "reveal 5" with what
 * the box still holds); fewer than two comazones: no adventure can be dealt (step 10 draws the Prime from
 * an I.D. of another comazone than the start), and `/game start` is refused (`adventureRefusal`).
 */
export function adventurePool(pack: ComanautsPack, stickered: readonly string[]): { ids: string[]; comazones: string[] } {
  const pool = (pack.ids ?? []).filter((x) => !x.fear && !stickered.includes(x.id));
  return { ids: pool.map((x) => x.id), comazones: [...new Set(pool.map((x) => x.comazone))] };
}

/** Why a rules-4 adventure cannot start with this campaign record (null: it can, or the pack has no adventure). */
export function adventureRefusal(pack: ComanautsPack | undefined, stickered: readonly string[]): { code: string; params: Record<string, number> } | null {
  if (!pack?.comazones || (pack.ids ?? []).length === 0) return null;
  const { ids, comazones } = adventurePool(pack, stickered);
  if (comazones.length >= 2) return null;
  return { code: 'comanauts.start.campaignSpent', params: { stickered: stickered.length, left: ids.length } };
}

/**
 * Rules 4, Rules §Game Setup 6–11: the I.D.s (Fear copies and stickered ones out) shuffled and five
 * revealed; their comazones form the Nexus; one is the random start; the totem deck from the Nexus; the
 * Prime drawn from the revealed I.D.s of the other comazones, its five clue cards shuffled; the rest form
 * the I.D. stack. Null when the pack has no adventure or too few I.D.s are left to play one.
 */
export function setupAdventure(pack: ComanautsPack, rng: Rng, stickered: readonly string[], cluesPublic: boolean): AdventureState | null {
  const ids = pack.ids ?? [];
  if (!pack.comazones || ids.length === 0) return null;
  const revealed = rng.shuffle(adventurePool(pack, stickered).ids).slice(0, REVEALED_IDS);
  const home = (id: string): string => ids.find((x) => x.id === id)?.comazone ?? '';
  const nexus = [...new Set(revealed.map(home))];
  if (nexus.length < 2) return null;
  const start = rng.pick(nexus);
  const candidates = revealed.filter((x) => home(x) !== start);
  const prime = rng.pick(rng.shuffle(candidates));
  const code = ids.find((x) => x.id === prime)?.code;
  const clueDeck = rng.shuffle((pack.clues ?? []).filter((c) => c.code === code).map((c) => c.id));
  return {
    nexus,
    start,
    comazone: start,
    visited: [start],
    stack: revealed.filter((x) => x !== prime),
    prime,
    clueDeck,
    clues: [],
    totemDeck: (pack.totems ?? []).filter((t) => nexus.includes(t.comazone)).map((t) => t.item),
    encountered: [],
    ruledOut: { comazones: [start], enemies: [] },
    defeatedIds: [],
    stickered: [...stickered],
    cluesPublic,
  };
}

/** The enemy card an I.D. fights as. */
export function idEnemy(pack: ComanautsPack | undefined, id: string): string {
  return pack?.ids?.find((x) => x.id === id)?.enemy ?? '';
}
