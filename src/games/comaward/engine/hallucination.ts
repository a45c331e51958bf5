import { reject, ok, type Result, type Rejection } from '../../../core/result.ts';
import type { ComaWardPack, Hallucination } from '../content.ts';
import { addDeed, leftOf, player, pub, tell, type CwState, type Env } from '../state.ts';
import { pushFrame } from './vitals.ts';

/** A hallucination card in the deck: one version of one situation (`situation/version`). */
export const cardOf = (pack: ComaWardPack, card: string): { h: Hallucination; version: string } => {
  const [hid, version] = card.split('/') as [string, string];
  const h = pack.hallucinations.find((x) => x.id === hid);
  if (!h) throw new RangeError(`no hallucination ${hid}`);
  return { h, version };
};

/**
 * §Hallucination Cards: the player to the active player's left narrates. An eliminated player is out of the
 * game (Glossary "Eliminate": removed from the game), so the next living player to the left narrates; an
 * Entity card (§Entity Cards) gives influence, not a seat at the table's readings. With nobody else alive
 * the subject is returned: the bot reads then, since the subject may not see a result before choosing.
 * Games set up by rules 1 keep that version's reading (the seat to the left, alive or not) so they replay.
 */
export function narratorFor(s: CwState, subject: number): number {
  if ((s.rules ?? 1) < 2) return leftOf(s, subject);
  for (let n = leftOf(s, subject); n !== subject; n = leftOf(s, n)) {
    if (player(s, n).alive) return n;
  }
  return subject;
}

/** The narrator's private copy: the situation, every option and every result of this version. */
export function tellNarratorCard(s: CwState, env: Env, narrator: number, card: string): void {
  const { h, version } = cardOf(env.pack, card);
  tell(env, narrator, 'comaward.hallucination.private', { textKey: `hallucination.${h.id}.situation` });
  for (const o of h.options) {
    tell(env, narrator, 'comaward.hallucination.privateOption', {
      optionKey: `hallucination.${h.id}.option.${o.id}.title`,
      textKey: `hallucination.${h.id}.version.${version}.results.${o.id}.text`,
    });
  }
}

/** `hallucination`: draws a card; the narrator receives it privately and reads the situation with a button. */
export function drawHallucination(s: CwState, env: Env, subject: number): void {
  if (s.decks.hallucinations.length === 0 && s.discards.hallucinations.length > 0) {
    s.decks.hallucinations = env.rng.shuffle(s.discards.hallucinations);
    s.discards.hallucinations = [];
  }
  const card = s.decks.hallucinations.shift();
  if (card === undefined) {
    pub(env, 'comaward.hallucination.none');
    return;
  }
  env.revealed = true;
  addDeed(player(s, subject), 'hallucinated');
  const narrator = narratorFor(s, subject);
  const { version } = cardOf(env.pack, card);
  s.pending = { kind: 'narrateSituation', seat: narrator, subject, card, version };
  if (narrator === subject) {
    pub(env, 'comaward.hallucination.drawnNoNarrator', { seat: subject });
    narrate(s, env, null, true);
    return;
  }
  pub(env, 'comaward.hallucination.drawn', { seat: subject, narratorSeat: narrator });
  tellNarratorCard(s, env, narrator, card);
}

/**
 * The narrator's button: first the situation and the option titles go to the table, then (after the
 * active player's choice) the chosen result, which resolves at once. `byBot` when the bot reads for an
 * absent narrator; `line` is the narrator's own line of narration.
 */
export function narrate(s: CwState, env: Env, line: string | null, byBot: boolean): Result<null, Rejection> {
  const pend = s.pending;
  if (pend?.kind === 'narrateSituation' || pend?.kind === 'narrateResult') env.revealed = true;
  if (pend?.kind === 'narrateSituation') {
    const { h } = cardOf(env.pack, pend.card);
    pub(env, pend.seat === pend.subject ? 'comaward.hallucination.situationAlone' : byBot ? 'comaward.hallucination.situationByBot' : 'comaward.hallucination.situation', { seat: pend.seat, subjectSeat: pend.subject, textKey: `hallucination.${h.id}.situation` });
    if (line) pub(env, 'comaward.narrator.line', { seat: pend.seat, line });
    h.options.forEach((o, i) => pub(env, 'comaward.hallucination.option', { n: i + 1, optionKey: `hallucination.${h.id}.option.${o.id}.title` }));
    if (h.options.length === 1) {
      s.pending = { kind: 'narrateResult', seat: pend.seat, subject: pend.subject, card: pend.card, version: pend.version, option: (h.options[0] as { id: string }).id };
      if (pend.seat === pend.subject) return narrate(s, env, null, true);
    } else s.pending = { kind: 'hallucinationChoice', seat: pend.subject, narrator: pend.seat, card: pend.card, version: pend.version };
    return ok(null);
  }
  if (pend?.kind === 'narrateResult') {
    const { h, version } = cardOf(env.pack, pend.card);
    const result = h.versions.find((v) => v.id === version)?.results[pend.option];
    s.pending = null;
    s.discards.hallucinations.push(pend.card);
    pub(env, pend.seat === pend.subject ? 'comaward.hallucination.resultAlone' : byBot ? 'comaward.hallucination.resultByBot' : 'comaward.hallucination.result', {
      seat: pend.seat,
      subjectSeat: pend.subject,
      optionKey: `hallucination.${h.id}.option.${pend.option}.title`,
      textKey: `hallucination.${h.id}.version.${version}.results.${pend.option}.text`,
    });
    if (line) pub(env, 'comaward.narrator.line', { seat: pend.seat, line });
    pushFrame(s, pend.subject, result?.effects ?? []);
    return ok(null);
  }
  return reject('comaward.narrate.nothingToRead');
}

/** The active player's choice among the option titles read; the narrator then reads its result. */
export function chooseOption(s: CwState, env: Env, option: string): Result<null, Rejection> {
  const pend = s.pending;
  if (pend?.kind !== 'hallucinationChoice') return reject('comaward.prompt.none');
  const { h } = cardOf(env.pack, pend.card);
  if (!h.options.some((o) => o.id === option)) return reject('comaward.hallucination.noSuchOption', { option });
  s.pending = { kind: 'narrateResult', seat: pend.narrator, subject: pend.seat, card: pend.card, version: pend.version, option };
  pub(env, pend.narrator === pend.seat ? 'comaward.hallucination.choseAlone' : 'comaward.hallucination.chose', { seat: pend.seat, optionKey: `hallucination.${h.id}.option.${option}.title`, narratorSeat: pend.narrator });
  return pend.narrator === pend.seat ? narrate(s, env, null, true) : ok(null);
}
