import { z } from 'zod';
import type { CampaignPart, Json } from '../../core/index.ts';
import type { CwState } from './state.ts';

/** What a night at the hospital hands on (issue "Campaigns"): the phenomena this group has lived through. */
export const comawardCarriedSchema = z.strictObject({
  phenomena: z.array(z.string().min(1).max(64)).max(1000),
});

function received(value: Json | null): string[] {
  const parsed = comawardCarriedSchema.safeParse(value);
  return parsed.success ? parsed.data.phenomena : [];
}

/**
 * Coma Ward in a campaign: the phenomena the group already faced are remembered (§Revealing the Phenomenon:
 * the chart decides which one comes; the campaign tells whether it is new to this group). Per seat, a
 * player won when the ending named them among its winners (§Phenomenon win conditions).
 */
export const comawardCampaign: CampaignPart<CwState> = {
  carriedSchema: comawardCarriedSchema,
  carry(state, before) {
    const seen = received(before);
    const id = state.phenomenon?.id;
    return { phenomena: id && !seen.includes(id) ? [...seen, id] : seen };
  },
  results(state) {
    if (!state.ending) return [];
    const winners = new Set(state.ending.winners);
    return state.players.map((_, seat) => ({ seat, side: 'campaign.side.patient', won: winners.has(seat) }));
  },
  describeCarried(carried) {
    return [{ code: 'campaign.carried.comaward', params: { count: received(carried).length } }];
  },
};
