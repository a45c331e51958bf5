import type { CampaignEnding, GameEvent, SeatResult, TextLine } from '../core/index.ts';
import type { PolicyInput } from '../scheduler/index.ts';
import type { OutboxMessage } from '../store/index.ts';

/*
 * What a campaign is, in plain values (issue "Campaigns"): its view, its journal recap, how it ends, and the
 * pure helpers the campaign service (campaigns.ts) builds on.
 */

/** A campaign name: one line, 1–80 characters once cleaned (Discord's thread names allow 100). */
export const CAMPAIGN_NAME_MAX = 80;

/** Public events kept in a journal recap: the story's last steps, before the ending. */
export const RECAP_EVENTS = 8;

/** Standings: per member, per side played (`lifeform.side.crew`, `campaign.side.player`), games played and won. */
export type Standings = Record<string, Record<string, { played: number; won: number }>>;

export interface CampaignView {
  readonly id: string;
  readonly guildId: string;
  readonly name: string;
  readonly gameType: string;
  readonly status: 'active' | 'ended';
  /** How it ended (`CampaignPart.over`, or the organiser's `/campaign end`); null while active. */
  readonly ending: CampaignEnding | null;
  readonly organiserUserId: string;
  readonly channelId: string;
  readonly homeId: string | null;
  /** `forum`: the home is a forum channel (a post per game, and the journal post); `thread`: one thread. */
  readonly homeKind: 'forum' | 'thread' | null;
  /** Where recaps are posted: the forum's journal post, or the home thread. */
  readonly journalId: string | null;
  /** Set while the campaign is dormant (its threads archived). */
  readonly dormant: boolean;
  readonly members: readonly { readonly userId: string; readonly userName: string }[];
  readonly games: readonly { readonly index: number; readonly gameId: string; readonly threadId: string | null; readonly status: string }[];
  readonly pack: { readonly id: string; readonly version: string | null; readonly hash: string | null } | null;
  readonly carried: readonly TextLine[];
  readonly standings: readonly { readonly userId: string; readonly userName: string; readonly sides: readonly { side: string; played: number; won: number }[] }[];
}

/** One journal entry: who played, how it ended, the story's last public events, where it was played. */
export interface CampaignRecap {
  readonly index: number;
  readonly gameId: string;
  readonly threadId: string | null;
  readonly players: readonly string[];
  readonly phase: string;
  readonly reason: string;
  readonly events: readonly GameEvent[];
  readonly carried: readonly TextLine[];
  /** The story the pack unlocked with this game (`CampaignPart.unlocked`); absent in older recaps. */
  readonly story?: readonly TextLine[];
  /** Set on the game that ended the campaign (`CampaignPart.over`). */
  readonly ending?: CampaignEnding;
}

/** The organiser's `/campaign end`: how a campaign without an end of its own is closed. */
export const CLOSED_ENDING: CampaignEnding = { kind: 'done', code: 'campaign.ending.closed' };

/** A forum home has a journal post of its own; a thread home is its own journal. */
export function homeKindOf(c: { homeId: string | null; journalId: string | null }): 'forum' | 'thread' | null {
  if (c.homeId === null) return null;
  return c.journalId !== null && c.journalId !== c.homeId ? 'forum' : 'thread';
}

/** A name on one line, without control characters, trimmed to the limit. */
export function cleanCampaignName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, CAMPAIGN_NAME_MAX);
}

/** A policy patch over a stored policy input, section by section (a section's fields merge, the rest are kept). */
export function mergePolicyInput(base: PolicyInput, patch: PolicyInput): PolicyInput {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [section, value] of Object.entries(patch as Record<string, unknown>)) {
    const prior = out[section];
    const plain = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
    out[section] = plain(value) && plain(prior) ? { ...prior, ...value } : value;
  }
  return out as PolicyInput;
}

/** Adds one finished game's seat results to the standings of the members who sat there. */
export function addResults(standings: Standings, results: readonly SeatResult[], userOfSeat: (seat: number) => string | undefined): Standings {
  const out: Standings = Object.fromEntries(Object.entries(standings).map(([u, sides]) => [u, Object.fromEntries(Object.entries(sides).map(([s, v]) => [s, { ...v }]))]));
  for (const r of results) {
    const userId = userOfSeat(r.seat);
    if (!userId) continue;
    const sides = (out[userId] ??= {});
    const tally = (sides[r.side] ??= { played: 0, won: 0 });
    tally.played += 1;
    if (r.won) tally.won += 1;
  }
  return out;
}

/** The code `/campaign end confirm:` takes: the first characters of the campaign's id (seen only by who asks). */
export function closeCode(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toLowerCase();
}

/** The journal's closing post: the campaign is over, and how (a notice in the campaign's language). */
export function closingRow(journalAt: string, c: { gameType: string; locale: string; name: string }, ending: CampaignEnding, games: number): OutboxMessage {
  return {
    kind: 'notice',
    target: { channelId: journalAt },
    payload: { gameType: c.gameType, locale: c.locale, code: `campaign.closing.${ending.kind}`, params: { campaign: c.name, games, endingCode: ending.code, ...(ending.params ?? {}) } },
  };
}

/** The campaign's game still gathering players or being played, if any (a campaign has at most one open). */
export function openGameOf<G extends { readonly status: string }>(games: readonly G[]): G | undefined {
  return games.find((g) => g.status === 'lobby' || g.status === 'playing');
}
