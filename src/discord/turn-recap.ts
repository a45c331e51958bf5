import type { RecapView } from '../app/index.ts';
import { formatEvents, type PackText } from './present.ts';
import { t, type Language } from '../i18n/index.ts';

/** Room the turn message gives its recap, so the whole message stays far below Discord's 2,000 characters. */
export const TURN_RECAP_BUDGET = 700;
/** Moves the turn message retells at most; `/game recap` has the rest. */
export const TURN_RECAP_STEPS = 3;
/** One retold move's longest line. */
const LINE_MAX = 160;

function shorten(line: string): string {
  const flat = line.replace(/\n> /g, ' ').replace(/\s*\n\s*/g, ' · ');
  return flat.length <= LINE_MAX ? flat : `${flat.slice(0, LINE_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * What happened since the awaited player's last move, for the top of their turn message: the last few
 * public moves by others in a line each, how many there were, and a link to the first post about them.
 * Null when there is nothing to tell: the player has not moved yet, or only one move came between (the
 * "what just happened" line already says it). Public events only, names never pings.
 */
export function turnRecap(view: RecapView, seat: number, lang: Language, packText: PackText | undefined): string | null {
  if (view.sinceSeq === null) return null;
  const others = view.steps.filter((s) => s.seat !== seat);
  const count = others.length + view.omitted;
  if (count < 2) return null;
  const lines = [t(lang, 'overview.recap.turnHeading', { count })];
  let used = lines[0]!.length;
  const told = others.slice(-TURN_RECAP_STEPS);
  for (const step of told) {
    const who = step.seat === null ? t(lang, 'overview.recap.theGame') : (view.seatNames[step.seat] ?? t(lang, 'overview.recap.theHost'));
    const line = `• ${who}: ${shorten(formatEvents(step.events, lang, view.seatNames, packText))}`;
    if (used + line.length + 1 > TURN_RECAP_BUDGET) break;
    lines.push(line);
    used += line.length + 1;
  }
  const link = view.startedAt && view.guildId ? `https://discord.com/channels/${view.guildId}/${view.startedAt.channelId}/${view.startedAt.messageId}` : null;
  lines.push(link ? t(lang, 'overview.recap.turnMore', { link }) : t(lang, 'overview.recap.turnMoreNoLink'));
  return lines.join('\n');
}
