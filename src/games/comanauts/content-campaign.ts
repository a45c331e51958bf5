import { z } from 'zod';
import { expecting, type Need } from '../../content/expected.ts';

/**
 * `campaign.yaml` (optional, docs/comanauts-adventure.md "Campaign"): story passages a campaign unlocks as its
 * I.D.s fall (the rulebook's introduction: each I.D. defeated reveals more of the story). A passage is unlocked once the
 * group has defeated `defeated` I.D.s in all, or every I.D. of `ids`, or both when both are given.
 */
export function campaignSchemas(parts: { text: z.ZodType; id: z.ZodType<string> }) {
  const passage = z
    .object({
      id: parts.id,
      /** Unlocked once this many I.D.s carry a sticker. */
      defeated: z.number().int().min(1).optional(),
      /** Unlocked once every one of these I.D.s (ids.yaml) carries a sticker. */
      ids: z.array(parts.id).min(1).optional(),
      text: parts.text,
    })
    .strict()
    .refine((p) => p.defeated !== undefined || p.ids !== undefined, expecting('comanauts.passage'));
  return { files: { campaign: z.object({ passages: z.array(passage).min(1) }).strict().optional() } };
}

export interface CampaignPassage {
  readonly id: string;
  readonly defeated?: number | undefined;
  readonly ids?: readonly string[] | undefined;
}

export interface CampaignFile {
  readonly passages: readonly CampaignPassage[];
}

/** Whether a passage is unlocked by these stickered I.D.s. */
export function passageUnlocked(p: CampaignPassage, defeated: ReadonlySet<string>): boolean {
  return (p.defeated === undefined || defeated.size >= p.defeated) && (p.ids ?? []).every((x) => defeated.has(x));
}

/** Cross references of `campaign.yaml`: unique passage ids, known I.D.s, counts the pack can reach. */
export function checkCampaign(pack: { campaign?: CampaignFile | undefined; ids?: readonly { id: string; fear?: boolean | undefined }[] | undefined }, need: Need<'comanauts'>): void {
  if (!pack.campaign) return;
  const playable = new Set((pack.ids ?? []).filter((x) => !x.fear).map((x) => x.id));
  need(playable.size > 0, ['campaign'], 'campaignNeedsIds');
  const seen = new Set<string>();
  pack.campaign.passages.forEach((p, i) => {
    need(!seen.has(p.id), ['campaign', 'passages', i, 'id'], 'passageTwice', { id: p.id });
    seen.add(p.id);
    if (p.defeated !== undefined) need(p.defeated <= playable.size, ['campaign', 'passages', i, 'defeated'], 'idsToDefeat', { ids: playable.size });
    (p.ids ?? []).forEach((x, j) => need(playable.has(x), ['campaign', 'passages', i, 'ids', j], 'unknownPlayableId', { id: x }));
  });
}
