import { z } from 'zod';
import type { CampaignPart, Json } from '../../core/index.ts';
import type { LifeformState } from './state.ts';

/** What a Lifeform game hands on (issue "Campaigns"): how many games each side has won so far. */
export const lifeformCarriedSchema = z.strictObject({
  games: z.number().int().min(0),
  crew: z.number().int().min(0),
  lifeform: z.number().int().min(0),
});

function received(value: Json | null): z.infer<typeof lifeformCarriedSchema> {
  const parsed = lifeformCarriedSchema.safeParse(value);
  return parsed.success ? parsed.data : { games: 0, crew: 0, lifeform: 0 };
}

/**
 * Lifeform in a campaign: the running tally of crew and lifeform wins, and per player the side they played
 * and whether it won (§SETUP: one player is the lifeform, the others the crew; §LIFEFORM ENDGAME decides).
 */
export const lifeformCampaign: CampaignPart<LifeformState> = {
  carriedSchema: lifeformCarriedSchema,
  carry(state, before) {
    const was = received(before);
    const winner = state.outcome?.winner;
    return { games: was.games + 1, crew: was.crew + (winner === 'crew' ? 1 : 0), lifeform: was.lifeform + (winner === 'lifeform' ? 1 : 0) };
  },
  results(state) {
    const winner = state.outcome?.winner;
    if (!winner) return [];
    return Array.from({ length: state.seats }, (_, seat) => {
      const side = seat === state.lifeformSeat ? 'lifeform' : 'crew';
      return { seat, side: `campaign.side.${side}`, won: side === winner };
    });
  },
  describeCarried(carried) {
    const c = received(carried);
    return [{ code: 'campaign.carried.lifeform', params: { games: c.games, crew: c.crew, lifeform: c.lifeform } }];
  },
};
