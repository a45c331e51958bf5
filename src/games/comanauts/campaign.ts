import { z } from 'zod';
import type { CampaignPart, Json } from '../../core/index.ts';
import type { ComanautsState } from './state.ts';

/**
 * What a Comanauts game hands on (Rules §Game Setup 6, campaign note): the I.D.s defeated so far, which
 * carry a sticker and are left out of later setups.
 */
export const comanautsCarriedSchema = z.strictObject({
  defeated: z.array(z.string().min(1).max(64)).max(1000),
});
export type Carried = z.infer<typeof comanautsCarriedSchema>;

export function receivedCarry(value: Json | null | undefined): Carried | null {
  const parsed = comanautsCarriedSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Comanauts in a campaign: every I.D. defeated is stickered; the group wins or loses together. */
export const comanautsCampaign: CampaignPart<ComanautsState> = {
  carriedSchema: comanautsCarriedSchema,
  carry(state, before) {
    const seen = receivedCarry(before)?.defeated ?? [];
    const now = state.adventure?.defeatedIds ?? [];
    return { defeated: [...seen, ...now.filter((x) => !seen.includes(x))] };
  },
  results(state) {
    if (!state.outcome) return [];
    return state.players.map((_, seat) => ({ seat, side: 'campaign.side.comanaut', won: state.outcome?.phase === 'won' }));
  },
  describeCarried(carried) {
    return [{ code: 'campaign.carried.comanauts', params: { count: receivedCarry(carried)?.defeated.length ?? 0 } }];
  },
};
