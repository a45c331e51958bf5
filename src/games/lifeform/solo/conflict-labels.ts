import type { CommandLabel } from '../../../core/index.ts';
import { cardIdOf, type PaymentProblem } from './conflict-payment.ts';
import type { ConflictCommand, ConflictEvent, ConflictPack, ConflictPublicView, ConflictState, Payment } from './conflict-types.ts';

/**
 * The shuttle conflict's commands and refusals in words (issue 15 conventions: names, never ids). Pure:
 * the edge passes `say`, its translator for one language (`(code, params) => t(lang, code, params)`),
 * and the language for the pack's own names. Strings live in `src/i18n/locales/<lang>/lifeform-conflict.json`.
 */

export type Say = (code: string, params?: Readonly<Record<string, string | number | boolean>>) => string;
export type ConflictLang = 'en' | 'es';

const NS = 'lifeform-conflict';

/** A list in the language's own way ("a, b and c" / "a, b y c"). */
export const listWords = (items: readonly string[], lang: ConflictLang): string => new Intl.ListFormat(lang === 'en' ? 'en-GB' : lang, { style: 'long', type: 'conjunction' }).format(items);

export const iconWord = (icon: string, say: Say): string => say(`${NS}.icon.${icon}`);

/** Fight icons as counted words: "2 claws and 1 bite". */
export function iconsWords(icons: readonly string[], lang: ConflictLang, say: Say): string {
  const counts = new Map<string, number>();
  for (const i of icons) counts.set(i, (counts.get(i) ?? 0) + 1);
  return listWords([...counts].map(([icon, count]) => say(`${NS}.icons.${icon}`, { count })), lang);
}

export const cardName = (pack: ConflictPack, instance: string, lang: ConflictLang): string => pack.crew.find((c) => c.id === cardIdOf(instance))?.name[lang] ?? cardIdOf(instance);

const traitName = (pack: ConflictPack, id: string, lang: ConflictLang): string => pack.solo.traits.find((t) => t.id === id)?.name[lang] ?? id;

/** The zone's name from the pack ("Primary zone"), or its number when the pack names fewer zones. */
export const zoneName = (pack: ConflictPack, zone: number, lang: ConflictLang, say: Say): string => pack.solo.conflict.zones[zone]?.[lang] ?? say(`${NS}.zone`, { n: zone + 1 });

/** What a payment spends, in words: "Bolt, Shock-prod, 1 welding torch and the claw data token". */
export function paymentWords(pack: ConflictPack, pay: Payment, lang: ConflictLang, say: Say): string {
  const parts: string[] = [];
  for (const c of pay.cards ?? []) parts.push(cardName(pack, c, lang));
  if (pay.extinguisher) parts.push(say(`${NS}.part.extinguisher`, { icon: iconWord(pay.extinguisher, say) }));
  for (const id of pay.traits ?? []) parts.push(say(`${NS}.part.trait`, { name: traitName(pack, id, lang) }));
  if ((pay.torches ?? 0) > 0) parts.push(say(`${NS}.part.torch`, { count: pay.torches ?? 0 }));
  if ((pay.harpoons ?? 0) > 0) parts.push(say(`${NS}.part.harpoon`, { count: pay.harpoons ?? 0 }));
  for (const d of pay.data ?? []) parts.push(d === null ? say(`${NS}.part.dataPlain`) : say(`${NS}.part.data`, { icon: iconWord(d, say) }));
  return parts.length > 0 ? listWords(parts, lang) : say(`${NS}.part.nothing`);
}

const RANK: Readonly<Record<ConflictCommand['type'], number>> = { conflictDiscard: 0, conflictAttack: 1, conflictHalon: 2, conflictAirlock: 3, conflictLocker: 4, conflictGiveUp: 9 };

/**
 * How a conflict command reads as a button or a `/play` choice, already in words (`zone`, `pay`, `icons`,
 * `card` are text, not keys). Attacks and halon blasts are the common moves; giving up never is.
 */
export function labelConflict(state: ConflictState, command: ConflictCommand, pack: ConflictPack, lang: ConflictLang, say: Say): CommandLabel {
  const rank = RANK[command.type] ?? 5;
  const zoneParams = (zone: number) => ({ zone: zoneName(pack, zone, lang, say), icons: iconsWords((state.zones[zone] ?? []).flatMap((t) => [...t.icons]), lang, say) });
  switch (command.type) {
    case 'conflictAttack':
      return { code: `${NS}.label.attack`, params: { ...zoneParams(command.args.zone), pay: paymentWords(pack, command.args.pay, lang, say) }, rank, common: true };
    case 'conflictHalon':
      return { code: `${NS}.label.halon`, params: zoneParams(command.args.zone), rank, common: true };
    case 'conflictAirlock':
      return { code: state.airlock.survival ? `${NS}.label.airlockRisky` : `${NS}.label.airlock`, params: zoneParams(command.args.zone), rank };
    case 'conflictLocker':
      return { code: `${NS}.label.locker`, params: { count: command.args.survival, alive: state.container.alive + command.args.survival, killed: state.container.killed }, rank };
    case 'conflictDiscard':
      return { code: `${NS}.label.discard`, params: { card: cardName(pack, command.args.card, lang) }, rank, common: true };
    case 'conflictGiveUp':
      return { code: `${NS}.label.giveUp`, rank };
  }
}

/**
 * Parameters as words, under the names the `event.*` and `pay.*` strings use (the edge's names, see
 * conflict-edge.ts): zone numbers (1 first) to names, icon lists to counted words, codes of chits, tokens, reasons.
 */
function wordsOf(params: Readonly<Record<string, string | number | boolean>> | undefined, pack: ConflictPack, lang: ConflictLang, say: Say): Record<string, string | number | boolean> {
  const p = { ...(params ?? {}) };
  if (typeof p.zone === 'number') p.zoneCode = zoneName(pack, p.zone - 1, lang, say);
  if (typeof p.cardKey === 'string') p.cardKey = cardName(pack, p.cardKey.replace(/^crew\./, '').replace(/\.name$/, ''), lang);
  for (const k of ['left', 'icons'] as const) if (typeof p[k] === 'string') p[`${k}Codes`] = p[k] === '' ? say(`${NS}.part.nothing`) : iconsWords(p[k].split(','), lang, say);
  if (typeof p.icon === 'string') p.iconCode = p.icon === 'plain' ? say(`${NS}.part.dataPlain`) : iconWord(p.icon, say);
  if (typeof p.token === 'string') p.tokenCode = say(`${NS}.token.${p.token}`);
  if (typeof p.trait === 'string') p.traitKey = traitName(pack, p.trait, lang);
  if (typeof p.chit === 'string') p.chitCode = say(`${NS}.chit.${p.chit}`);
  if (typeof p.reason === 'string') p.reasonCode = say(`${NS}.reason.${p.reason}`);
  if (p.count === undefined && typeof p.n === 'number') p.count = p.n;
  if (p.count === undefined && typeof p.survival === 'number') p.count = p.survival;
  return p;
}

/**
 * A refusal in words. For an attack that does not match, it names the fight icons no same-kind icon or data
 * token covers, how many auto-matches the payment brings, and how many icons stay unmatched.
 */
export function explainProblem(problem: PaymentProblem, pack: ConflictPack, lang: ConflictLang, say: Say): string {
  return say(problem.code, wordsOf(problem.params, pack, lang, say));
}

/** An event of the conflict in words (zone names, icons and chits spelt out). */
export function eventWords(event: ConflictEvent, pack: ConflictPack, lang: ConflictLang, say: Say): string {
  return say(event.code, wordsOf(event.params, pack, lang, say));
}

/** The conflict table in words, one line each (the picture's alt text, or the whole of a text-only view). */
export function describeConflict(view: ConflictPublicView, pack: ConflictPack, lang: ConflictLang, say: Say): string[] {
  const lines = [say(`${NS}.view.title`, { round: view.round + 1 })];
  view.zones.forEach((tokens, zone) => {
    const icons = tokens.flatMap((t) => [...t.icons]);
    lines.push(icons.length === 0 ? say(`${NS}.view.zoneClear`, { zone: zoneName(pack, zone, lang, say) }) : say(`${NS}.view.zone`, { zone: zoneName(pack, zone, lang, say), icons: iconsWords(icons, lang, say), count: tokens.length }));
  });
  const supply: string[] = [];
  for (const [token, n] of Object.entries(view.supply)) if (n > 0) supply.push(say(`${NS}.view.count`, { count: n, token: say(`${NS}.token.${token}`) }));
  if (view.traits > 0) supply.push(say(`${NS}.view.traits`, { count: view.traits }));
  for (const d of view.data) supply.push(d === null ? say(`${NS}.part.dataPlain`) : say(`${NS}.part.data`, { icon: iconWord(d, say) }));
  lines.push(say(`${NS}.view.supply`, { items: supply.length > 0 ? listWords(supply, lang) : say(`${NS}.part.nothing`), count: view.handSize }));
  lines.push(say(view.airlock.used ? `${NS}.view.airlockUsed` : view.airlock.survival ? `${NS}.view.airlockRisky` : `${NS}.view.airlock`));
  lines.push(say(view.locker.used ? `${NS}.view.lockerUsed` : `${NS}.view.locker`, { alive: view.container.alive, killed: view.container.killed }));
  if (view.outcome) lines.push(say(`${NS}.event.${view.outcome.result}`, { reasonCode: say(`${NS}.reason.${view.outcome.reason}`) }));
  return lines;
}
