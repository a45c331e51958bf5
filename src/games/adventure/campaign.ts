import { z } from 'zod';
import type { CampaignPart, Json } from '../../core/index.ts';
import type { AdventureState } from './state.ts';

/** What an adventure hands on (issue "Campaigns"): the running score and the adventures played so far. */
export const adventureCarriedSchema = z.strictObject({
  adventures: z.number().int().min(0),
  score: z.number().int(),
  packs: z.array(z.string().min(1).max(64)).max(1000),
});
export type AdventureCarried = z.infer<typeof adventureCarriedSchema>;

function received(value: Json | null): AdventureCarried {
  const parsed = adventureCarriedSchema.safeParse(value);
  return parsed.success ? parsed.data : { adventures: 0, score: 0, packs: [] };
}

/**
 * Adventure Games in a campaign: each game is the next adventure (or chapter book) the group plays, and the
 * campaign keeps the running score (§Scoring: the points of every chapter added up) and which packs were played.
 * The whole group wins or loses together, so there are no per-seat results.
 */
export const adventureCampaign: CampaignPart<AdventureState> = {
  carriedSchema: adventureCarriedSchema,
  carry(state, before) {
    const was = received(before);
    const total = state.scores.reduce((a, b) => a + b, 0);
    return { adventures: was.adventures + 1, score: was.score + total, packs: [...was.packs, state.packId] };
  },
  describeCarried(carried) {
    const c = received(carried);
    return [{ code: 'campaign.carried.adventure', params: { adventures: c.adventures, score: c.score } }];
  },
};
