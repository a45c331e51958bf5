import { z } from 'zod';
import type { CampaignEnding, CampaignPart, Json } from '../../core/index.ts';
import type { AdventurePack } from './content-adventure.ts';
import { passageUnlocked, type CampaignFile } from './content-campaign.ts';
import { textKeys as K } from './content.ts';
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

/**
 * Whether a Comanauts campaign is won (issue "Campaigns"; the rulebook's introduction: a campaign is won by
 * defeating I.D.s session after session): once every I.D. of the pack that setup may reveal (all but the Fear I.D.s, which Rules
 * §Game Setup 6 always removes) carries a sticker. A pack without I.D.s (a single adventure) never ends.
 * docs/comanauts-adventure.md, "Campaign", says why not earlier (fewer than five left to reveal).
 */
export function comanautsOver(carried: Json, pack?: unknown): CampaignEnding | null {
  const ids = ((pack as Partial<AdventurePack> | undefined)?.ids ?? []).filter((x) => !x.fear);
  if (ids.length === 0) return null;
  const defeated = new Set(receivedCarry(carried)?.defeated ?? []);
  if (!ids.every((x) => defeated.has(x.id))) return null;
  return { kind: 'won', code: 'campaign.ending.comanautsWon', params: { count: ids.length } };
}

/**
 * The story passages of the pack's `campaign.yaml` a game unlocked (the rulebook's introduction: each I.D.
 * defeated reveals more of the story): unlocked by the stickers after it and not before, in file order, as pack text keys.
 */
export function comanautsUnlocked(carried: Json, before: Json | null, pack?: unknown): { code: string; params: { textKey: string } }[] {
  const passages = (pack as { campaign?: CampaignFile } | undefined)?.campaign?.passages ?? [];
  const now = new Set(receivedCarry(carried)?.defeated ?? []);
  const was = new Set(receivedCarry(before)?.defeated ?? []);
  return passages
    .filter((p) => passageUnlocked(p, now) && !passageUnlocked(p, was))
    .map((p) => ({ code: 'campaign.story.passage', params: { textKey: K.passage(p.id) } }));
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
  over: comanautsOver,
  unlocked: comanautsUnlocked,
  /** How many I.D.s carry a sticker, then each by name and comazone (pack keys, named at the edge). */
  describeCarried(carried) {
    const defeated = receivedCarry(carried)?.defeated ?? [];
    return [
      { code: 'campaign.carried.comanauts', params: { count: defeated.length } },
      ...defeated.map((id) => ({ code: 'campaign.carried.comanautsId', params: { idKey: K.idName(id), comazoneKey: K.idComazone(id) } })),
    ];
  },
};
