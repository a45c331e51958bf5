import { describe, expect, it } from 'vitest';
import type { CampaignRecap } from '../app/index.ts';
import { comanautsCampaign } from '../games/comanauts/campaign.ts';
import { journalText, previouslyText } from './journal.ts';

const names: Record<string, Record<string, string>> = {
  en: { 'id.market-id.name': 'The Broker', 'id.market-id.comazone': 'The Night Market', 'campaign.passages.quiet-market.text': 'The market is quiet.' },
  es: { 'id.market-id.name': 'El Corredor', 'id.market-id.comazone': 'El mercado nocturno', 'campaign.passages.quiet-market.text': 'El mercado calla.' },
};
const packText = (key: string, lang: string): string | undefined => names[lang]?.[key];

const recap: CampaignRecap = {
  index: 1,
  gameId: 'g1',
  threadId: 't1',
  players: ['Alice', 'Bob'],
  phase: 'won',
  reason: 'primeDefeated',
  events: [],
  carried: comanautsCampaign.describeCarried?.({ defeated: ['market-id'] }) ?? [],
};

describe('"Previously …" (issue "Campaigns")', () => {
  it('Rules §GAME SETUP step 6 (campaign): GIVEN a Comanauts recap carrying a stickered I.D. WHEN the next game opens THEN "Previously" names it and its comazone from the pinned pack, in English and Spanish', () => {
    expect(previouslyText('en', 'Strobal', recap, packText)).toBe(
      '**Previously in Strobal** (game 1, played by Alice, Bob):\n**Won.**\nI.D. Entities this group has defeated (stickered, left out of later setups): 1.\n– The Broker, of The Night Market: stickered.',
    );
    expect(previouslyText('es', 'Strobal', recap, packText)).toContain('– El Corredor, de El mercado nocturno: con pegatina.');
  });
});

describe('the story a campaign unlocks (issue 21)', () => {
  const told: CampaignRecap = { ...recap, story: [{ code: 'campaign.story.passage', params: { textKey: 'campaign.passages.quiet-market.text' } }] };

  it('Issue 21 (Rules, campaign: defeating I.D.s "unlocks more of the story"): GIVEN a recap with an unlocked passage WHEN the journal and the next "Previously" tell it THEN the passage follows the carried record under its heading, from the pinned pack, in English and Spanish; a recap without one has no heading', () => {
    const payload = { gameId: 'g1', gameType: 'comanauts', seq: 9, campaign: 'Strobal', recap: told };
    expect(journalText('en', payload, ['Alice', 'Bob'], packText)).toContain('– The Broker, of The Night Market: stickered.\n📜 The story so far:\n> The market is quiet.\nPlayed in <#t1>.');
    expect(previouslyText('es', 'Strobal', told, packText)).toMatch(/con pegatina\.\n📜 La historia hasta ahora:\n> El mercado calla\.$/);
    expect(previouslyText('en', 'Strobal', recap, packText)).not.toContain('📜');
  });
});
