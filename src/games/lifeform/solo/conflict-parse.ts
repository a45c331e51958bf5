import { cardIdOf } from './conflict-payment.ts';
import { fightIcons, type ConflictPack, type ConflictState, type FightIcon, type Payment } from './conflict-types.ts';
import type { Say } from './conflict-labels.ts';

/**
 * A payment as a player types it in one Discord option: items separated by commas, e.g.
 * `Bolt, Shock-prod, 2 torches, data claw, extinguisher bite, Steady hands`. Cards and traits go by their
 * pack name (either language) or id; tokens by the words of `lifeform-conflict.words` (both languages).
 * The result is a {@link Payment} to check like any other; an item that names nothing is refused by name.
 * A name shared by a card and a token word ("Soplete") is the card when one is in hand, else the token.
 */

/** The words a payment may use, per kind, lower case; built from the locale files by {@link conflictVocab}. */
export interface ConflictVocab {
  readonly torch: readonly string[];
  readonly harpoon: readonly string[];
  readonly data: readonly string[];
  readonly extinguisher: readonly string[];
  readonly icons: Readonly<Record<FightIcon, readonly string[]>>;
}

const NS = 'lifeform-conflict';

/** The vocabulary of every language given (one `say` per language): `words.*` are `|`-separated lists. */
export function conflictVocab(says: readonly Say[]): ConflictVocab {
  const words = (key: string): string[] => says.flatMap((say) => say(`${NS}.words.${key}`).split('|')).map((w) => w.trim().toLowerCase()).filter((w) => w.length > 0);
  const icons = {} as Record<FightIcon, string[]>;
  for (const i of fightIcons) icons[i] = [i, ...words(`icon.${i}`)];
  return { torch: words('torch'), harpoon: words('harpoon'), data: words('data'), extinguisher: words('extinguisher'), icons };
}

export type ParsedPayment = { readonly ok: true; readonly pay: Payment } | { readonly ok: false; readonly error: { readonly code: string; readonly params: Record<string, string> } };

const norm = (x: string): string => x.trim().toLowerCase().replace(/\s+/g, ' ');

/** Splits `word rest` when the item starts with one of the words (longest first). */
function leading(item: string, words: readonly string[]): string | null {
  for (const w of [...words].sort((a, b) => b.length - a.length)) if (item === w || item.startsWith(`${w} `)) return item.slice(w.length).trim();
  return null;
}

function iconOf(word: string, vocab: ConflictVocab): FightIcon | null {
  const bare = word.replace(/^(de|of)\s+/, '');
  for (const i of fightIcons) if (vocab.icons[i].includes(bare)) return i;
  return null;
}

/** Reads a typed payment against the player's hand and supply (which copy of a card is taken is ours to pick). */
export function parsePayment(text: string, state: ConflictState, pack: ConflictPack, vocab: ConflictVocab): ParsedPayment {
  const cards: string[] = [];
  const traits: string[] = [];
  const data: (FightIcon | null)[] = [];
  let torches = 0;
  let harpoons = 0;
  let extinguisher: FightIcon | undefined;
  const unknown = (item: string): ParsedPayment => ({ ok: false, error: { code: `${NS}.parse.unknown`, params: { item } } });
  for (const raw of text.split(/[,;+]/)) {
    const whole = norm(raw);
    if (whole === '') continue;
    const m = /^(\d+)\s*x?\s+(.*)$/.exec(whole);
    const count = m ? Number(m[1]) : 1;
    const item = m ? (m[2] as string) : whole;
    const card = pack.crew.find((c) => norm(c.name.en) === item || norm(c.name.es) === item || c.id === item);
    const free = card ? state.hand.filter((h) => cardIdOf(h) === card.id && !cards.includes(h)) : [];
    const tokenWord = [...vocab.torch, ...vocab.harpoon].includes(item);
    if (card && (free.length > 0 || !tokenWord)) {
      if (free.length < count) return { ok: false, error: { code: `${NS}.parse.noCard`, params: { item } } };
      cards.push(...free.slice(0, count));
      continue;
    }
    const trait = pack.solo.traits.find((t) => norm(t.name.en) === item || norm(t.name.es) === item || t.id === item);
    if (trait) {
      traits.push(...Array<string>(count).fill(trait.id));
      continue;
    }
    const ext = leading(item, vocab.extinguisher);
    if (ext !== null) {
      const icon = iconOf(ext, vocab);
      if (icon === null) return { ok: false, error: { code: `${NS}.parse.needIcon`, params: { item } } };
      extinguisher = icon;
      continue;
    }
    const d = leading(item, vocab.data);
    if (d !== null) {
      if (d === '' && !state.data.includes(null)) return { ok: false, error: { code: `${NS}.parse.needIcon`, params: { item } } };
      const icon = d === '' ? null : iconOf(d, vocab);
      if (d !== '' && icon === null) return unknown(whole);
      data.push(...Array<FightIcon | null>(count).fill(icon));
      continue;
    }
    if (vocab.torch.includes(item)) torches += count;
    else if (vocab.harpoon.includes(item)) harpoons += count;
    else return unknown(whole);
  }
  const pay: Record<string, unknown> = {};
  if (cards.length > 0) pay.cards = cards;
  if (extinguisher) pay.extinguisher = extinguisher;
  if (traits.length > 0) pay.traits = traits;
  if (torches > 0) pay.torches = torches;
  if (harpoons > 0) pay.harpoons = harpoons;
  if (data.length > 0) pay.data = data;
  return { ok: true, pay: pay as Payment };
}
