import { describe, expect, it } from 'vitest';
import type { CampaignRecap } from '../app/index.ts';
import { comanautsCampaign } from '../games/comanauts/campaign.ts';
import { previouslyText } from './journal.ts';

const names: Record<string, Record<string, string>> = {
  en: { 'id.market-id.name': 'The Broker', 'id.market-id.comazone': 'The Night Market' },
  es: { 'id.market-id.name': 'El Corredor', 'id.market-id.comazone': 'El mercado nocturno' },
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
