import type { CampaignRecap } from '../app/index.ts';
import { t, type Language } from '../i18n/index.ts';
import { formatEvents, lineText, type PackText } from './present.ts';

/** A `journal` outbox row: one finished game of a campaign, told in its journal (src/app/campaigns.ts). */
export interface JournalPayload {
  readonly gameId: string;
  readonly gameType: string;
  readonly seq: number;
  readonly locale?: string;
  readonly campaign: string;
  readonly recap: CampaignRecap;
}

/** How a game ended, in words (the game's own ending events, told before it, say why). */
function endingText(lang: Language, recap: CampaignRecap): string {
  return t(lang, `campaign.journal.${recap.phase === 'won' ? 'won' : recap.phase === 'lost' ? 'lost' : 'ended'}`);
}

/**
 * The journal's recap of one game, built only from what the table saw: who played, the last public events
 * of the story, how it ended, what the campaign carries on, and where it was played.
 */
export function journalText(lang: Language, p: JournalPayload, seatNames: readonly string[], packText: PackText | undefined): string {
  const r = p.recap;
  const lines = [
    t(lang, 'campaign.journal.heading', { campaign: p.campaign, index: r.index, game: t(lang, `commands.games.${p.gameType}`) }),
    t(lang, 'campaign.journal.players', { names: r.players.join(', ') }),
  ];
  const story = formatEvents(r.events, lang, seatNames, packText);
  if (story) lines.push(story);
  lines.push(endingText(lang, r));
  for (const line of r.carried) lines.push(lineText(lang, line, { seatNames, packText }));
  lines.push(...storyLines(lang, r, packText));
  if (r.threadId) lines.push(t(lang, 'campaign.journal.thread', { threadId: r.threadId }));
  return lines.join('\n');
}

/** "Previously …": the last recap in short, posted when the campaign's next game opens (card names from `packText`). */
export function previouslyText(lang: Language, campaign: string, r: CampaignRecap, packText?: PackText): string {
  const lines = [t(lang, 'campaign.previously', { campaign, index: r.index, names: r.players.join(', ') }), endingText(lang, r)];
  for (const line of r.carried) lines.push(lineText(lang, line, { seatNames: [], packText }));
  lines.push(...storyLines(lang, r, packText));
  return lines.join('\n');
}

/** The story the pack unlocked with this game (passages, by pack text key), under a heading; none when absent. */
function storyLines(lang: Language, r: CampaignRecap, packText: PackText | undefined): string[] {
  const story = r.story ?? [];
  if (story.length === 0) return [];
  return [t(lang, 'campaign.journal.story'), ...story.map((line) => lineText(lang, line, { seatNames: [], packText }))];
}
