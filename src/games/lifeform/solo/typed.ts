import { ok, reject, type GameCommand, type Rejection, type Result, type TextLine, type TypedWords } from '../../../core/index.ts';
import type { LifeformPack } from '../content.ts';
import type { LifeformState } from '../state.ts';
import { conflictCommand } from './conflict.ts';
import { zoneName, type ConflictLang, type Say } from './conflict-labels.ts';
import { edgeParams } from './conflict-edge.ts';
import { conflictVocab, parsePayment } from './conflict-parse.ts';
import type { ConflictPack, ConflictState } from './conflict-types.ts';
import { topTask } from './flow.ts';
import { conflictPack } from './launch.ts';
import { conflictCheck } from './legal.ts';

const NS = 'lifeform-conflict';

const norm = (x: string): string => x.trim().toLowerCase().replace(/\s+/g, ' ');

/** The zone a player typed: its number as the labels show it (1 first, "zone 2" too) or its pack name in either language. */
function zoneOf(typed: string, conflict: ConflictState, pack: ConflictPack, says: readonly Say[]): number | null {
  const words = says.flatMap((say) => say(`${NS}.words.zone`).split('|')).map(norm).filter((w) => w !== '');
  let bare = norm(typed);
  for (const w of words.sort((a, b) => b.length - a.length)) if (bare.startsWith(`${w} `)) bare = bare.slice(w.length).trim();
  const n = /^\d{1,2}$/.test(bare) ? Number(bare) - 1 : conflict.zones.findIndex((_, z) => [pack.solo.conflict.zones[z]?.en, pack.solo.conflict.zones[z]?.es].some((name) => name !== undefined && norm(name) === bare));
  return n >= 0 && n < conflict.zones.length ? n : null;
}

/** While the shuttle conflict waits for a round's action: its DM of choices adds that any other matching payment can be typed. */
export function typedPaymentNote(s: LifeformState, seat: number): TextLine | null {
  const conflict = s.solo?.conflict;
  if (!conflict || seat !== 0 || s.outcome || topTask(s)?.k !== 'conflict' || conflict.outcome || conflict.mustDiscard > 0) return null;
  return { code: 'lifeform-solo.conflictTyped' };
}

/**
 * §DEFEAT LIFEFORM ATTACK typed in words (issue 20): `<zone>: <payment>`, e.g. `2: Bolt, 2 torches` or
 * `Cryo berths: Bolt, torch`; the payment as {@link parsePayment} reads it. Refused with its reason in the
 * reader's language (a payment that does not match names what it misses); null outside the shuttle conflict.
 */
export function readTypedPayment(s: LifeformState, seat: number, text: string, pack: LifeformPack, words: TypedWords): Result<GameCommand, Rejection> | null {
  const conflict = s.solo?.conflict;
  if (!conflict || seat !== 0 || s.outcome || topTask(s)?.k !== 'conflict' || conflict.outcome) return null;
  const says: Say[] = words.langs.map((l) => (code, params) => words.t(l, code, params));
  const lang: ConflictLang = words.lang === 'es' ? 'es' : 'en';
  const say: Say = (code, params) => words.t(lang, code, params);
  const cp = conflictPack(pack);
  const colon = text.indexOf(':');
  if (colon < 0) return reject(`${NS}.typed.shape`);
  const zone = zoneOf(text.slice(0, colon), conflict, cp, says);
  if (zone === null) return reject(`${NS}.typed.zone`, { zone: text.slice(0, colon).trim(), zones: conflict.zones.map((_, z) => `${z + 1} (${zoneName(cp, z, lang, say)})`).join(', ') });
  const parsed = parsePayment(text.slice(colon + 1), conflict, cp, conflictVocab(says));
  if (!parsed.ok) return reject(parsed.error.code, parsed.error.params);
  const command = conflictCommand.attack(zone, parsed.pay) as GameCommand;
  const problem = conflictCheck(s, seat, command);
  if (problem) return reject(problem.code, edgeParams(problem.params, conflict));
  return ok(command);
}
