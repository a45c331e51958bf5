import type { GameEvent, Json, TextLine } from '../../core/index.ts';
import { textKeys as K } from './content.ts';
import type { AdventureState, ComanautsState, PromptState, Work } from './state.ts';

/**
 * Rules 4, the adventure as everyone may see it: the Nexus, where the party is, the totem deck, who holds
 * which clue (unread ones by holder only), and the shared notebook (Rules §The Nexus: clues read to the
 * table, I.D.s encountered, what is crossed off). Never the Prime, the I.D. stack or the clue deck's order.
 */
export function adventureView(a: AdventureState, work: readonly Work[] = [], prompt: PromptState | null = null): Json {
  const read = a.clues.filter((c) => c.read);
  return {
    // At the Nexus (issue 18): the comazones offered now and the votes cast so far (each told publicly as cast).
    ...(a.comazone === '' ? nexusNow(work, prompt) : {}),
    nexus: a.nexus.map((z) => ({ id: z, nameKey: K.comazone(z), memoryKey: K.memory(z), visited: a.visited.includes(z), ruledOut: a.ruledOut.comazones.includes(z) })),
    start: a.start,
    comazone: a.comazone,
    totems: a.totemDeck.map((t) => K.item(t)),
    cluesLeft: a.clueDeck.length,
    cluesHeld: a.clues.filter((c) => !c.read).map((c) => c.seat),
    notebook: {
      clues: read.map((c) => ({ seat: c.seat, clueKey: K.clue(c.id) })),
      encountered: a.encountered.map((e) => K.enemy(e)),
      ruledOutComazones: a.ruledOut.comazones.map((z) => K.comazone(z)),
      ruledOutIds: a.ruledOut.enemies.map((e) => K.enemy(e)),
    },
  };
}

function nexusNow(work: readonly Work[], prompt: PromptState | null): { offered: string[]; votes: { seat: number; comazone: string }[] } {
  const item = work.find((w) => w.k === 'nexus');
  const votes = item && item.k === 'nexus' ? item.votes.map((comazone, seat) => ({ seat, comazone })) : [];
  const offered = prompt && (prompt.kind === 'nexusVote' || prompt.kind === 'nexusTie') ? [...prompt.options] : [];
  return { offered, votes };
}

interface PublicAdventure {
  readonly nexus: readonly { readonly id: string; readonly visited: boolean }[];
  readonly comazone: string;
  readonly offered?: readonly string[];
  readonly votes?: readonly { readonly seat: number; readonly comazone: string }[];
  readonly cluesHeld: readonly number[];
  readonly notebook: { readonly clues: readonly { readonly clueKey: string }[]; readonly encountered: readonly string[]; readonly ruledOutComazones: readonly string[] };
}

/** The adventure in words (alt text and the status): where the party is, the Nexus, the shared notebook. */
/** True when the party stands in the Nexus (no page is played then). */
export function inNexus(raw: Json | undefined): boolean {
  return !!raw && (raw as unknown as PublicAdventure).comazone === '';
}

export function describeAdventure(raw: Json | undefined): TextLine[] {
  if (!raw) return [];
  const a = raw as unknown as PublicAdventure;
  const lines: TextLine[] = [a.comazone === '' ? { code: 'comanauts.alt.atNexus' } : { code: 'comanauts.alt.comazone', params: { comazoneKey: K.comazone(a.comazone) } }];
  for (const z of a.nexus) {
    const code = z.visited ? 'comanauts.alt.nexusVisited' : a.offered?.includes(z.id) ? 'comanauts.alt.nexusOffered' : 'comanauts.alt.nexus';
    lines.push({ code, params: { comazoneKey: K.comazone(z.id), memoryKey: K.memory(z.id) } });
  }
  for (const v of a.votes ?? []) lines.push({ code: 'comanauts.alt.nexusVote', params: { seat: v.seat, comazoneKey: K.comazone(v.comazone) } });
  for (const c of a.notebook.clues) lines.push({ code: 'comanauts.alt.notebookClue', params: { clueKey: c.clueKey } });
  for (const enemyKey of a.notebook.encountered) lines.push({ code: 'comanauts.alt.notebookMet', params: { enemyKey } });
  for (const comazoneKey of a.notebook.ruledOutComazones) lines.push({ code: 'comanauts.alt.notebookNot', params: { comazoneKey } });
  for (const seat of a.cluesHeld) lines.push({ code: 'comanauts.alt.cluesHeld', params: { seat } });
  return lines;
}

/**
 * Rules §GAME SETUP 16, told when an adventure starts: the start comazone, the Nexus, the I.D.s a campaign
 * stickered (§Game Setup 6), and the narration of the start page's introduction (its effects ran at setup, when no event is published).
 */
export function adventureIntroduction(s: ComanautsState): GameEvent[] {
  const a = s.adventure;
  if (!a) return [];
  const out: GameEvent[] = [{ to: 'public', code: 'comanauts.adventure.begins', params: { comazoneKey: K.comazone(a.start), memoryKey: K.memory(a.start), count: a.nexus.length } }];
  // Rules §Game Setup 6 (campaign): the stickered I.D.s, named as left out (never a hint at the Prime: it is not among them).
  for (const id of a.stickered) out.push({ to: 'public', code: 'comanauts.adventure.stickered', params: { idKey: K.idName(id) } });
  (s.page.introduction ?? []).forEach((e, i) => {
    if (e.do === 'narrate') out.push({ to: 'public', code: 'comanauts.book.narrate', params: { textKey: `page.${s.page.id}.introduction.${i}.text` } });
  });
  return out;
}
