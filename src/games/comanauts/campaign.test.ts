import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, seedRng } from '../../core/index.ts';
import { comanautsCampaign } from './campaign.ts';
import { packText, textKeys as K } from './content.ts';
import { loadAdventurePack } from './fixture.test-helper.ts';
import { setupGame } from './rules.ts';
import type { ComanautsState } from './state.ts';
import { adventureIntroduction } from './view-adventure.ts';

/** A Comanauts campaign's carry-over in words and at the next setup (issues "Campaigns" and "Comanauts II"), on training 1.2.0. */

const pack = await loadAdventurePack();
const ids = (pack.ids ?? []).filter((x) => !x.fear).map((x) => x.id);

function game(seed: number, defeated: string[]): ComanautsState {
  const seats = [0, 1].map((index) => ({ index, name: `p${index}` }));
  return setupGame({ avatarsPerPlayer: 3, startAvatars: ['wren', 'okafor'] } as never, seats, createRng(seedRng(seed)), pack, 4, { defeated });
}

describe('comanauts campaign: the stickered I.D.s', () => {
  it('Rules §GAME SETUP step 6 (campaign): GIVEN I.D.s defeated in earlier games WHEN the carried record is described THEN it counts them and names each with its comazone, as pack keys the table reads in English and Spanish', () => {
    const lines = comanautsCampaign.describeCarried?.({ defeated: ['market-id', 'hall-id'] }) ?? [];
    expect(lines).toEqual([
      { code: 'campaign.carried.comanauts', params: { count: 2 } },
      { code: 'campaign.carried.comanautsId', params: { idKey: 'id.market-id.name', comazoneKey: 'id.market-id.comazone' } },
      { code: 'campaign.carried.comanautsId', params: { idKey: 'id.hall-id.name', comazoneKey: 'id.hall-id.comazone' } },
    ]);
    expect(packText(pack, K.idName('market-id'), 'en')).toBe('The Broker');
    expect(packText(pack, K.idComazone('market-id'), 'en')).toBe('The Night Market');
    expect(packText(pack, K.idName('market-id'), 'es-ES')).toBe('El Corredor');
    expect(packText(pack, K.idComazone('market-id'), 'es-ES')).toBe('El mercado nocturno');
    expect(packText(pack, K.idName('nobody-id'), 'en')).toBeUndefined();
    expect(comanautsCampaign.describeCarried?.({ defeated: [] })).toEqual([{ code: 'campaign.carried.comanauts', params: { count: 0 } }]);
  });

  it('Rules §GAME SETUP steps 6–8 and 16 (campaign, property): GIVEN any seed and any stickered I.D.s WHEN the next adventure begins THEN its opening names each stickered I.D. as left out and no other I.D., and (one I.D. per comazone in this pack) the Nexus never holds a stickered I.D.\'s comazone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.subarray(ids, { minLength: 1, maxLength: 3 }), (seed, stickered) => {
        const s = game(seed, stickered);
        const a = s.adventure;
        expect(a).not.toBeNull();
        const said = adventureIntroduction(s).flatMap((e) => Object.values(e.params ?? {}));
        const named = said.filter((v) => typeof v === 'string' && (v.startsWith('id.') || v.startsWith('enemy.')));
        expect(named).toEqual(stickered.map((x) => K.idName(x)));
        expect(adventureIntroduction(s).filter((e) => e.code === 'comanauts.adventure.stickered')).toHaveLength(stickered.length);
        expect(said).not.toContain(K.idName(a?.prime ?? ''));
        const homes = stickered.map((x) => pack.ids?.find((y) => y.id === x)?.comazone);
        for (const z of homes) expect(a?.nexus).not.toContain(z);
        expect(a?.nexus).toHaveLength(ids.length - stickered.length);
      }),
      { numRuns: 60 },
    );
  });

  it('Rules §GAME SETUP step 16: GIVEN a game outside a campaign WHEN the adventure begins THEN the opening tells of no sticker', () => {
    const s = setupGame({ avatarsPerPlayer: 3, startAvatars: ['wren', 'okafor'] } as never, [0, 1].map((index) => ({ index, name: `p${index}` })), createRng(seedRng(3)), pack, 4, null);
    expect(adventureIntroduction(s).map((e) => e.code)).not.toContain('comanauts.adventure.stickered');
  });
});

describe('comanauts campaign: its end', () => {
  it('Issue 21 and Rules §Game Setup 6 (campaign): GIVEN all but one non-Fear I.D. of the pack stickered WHEN the campaign asks whether it is over THEN it goes on; GIVEN every one stickered (Fear I.D.s never are) THEN it is won, counting them', () => {
    expect(ids.length).toBeGreaterThan(1);
    expect(comanautsCampaign.over?.({ defeated: ids.slice(1) }, pack)).toBeNull();
    expect(comanautsCampaign.over?.({ defeated: [] }, pack)).toBeNull();
    expect(comanautsCampaign.over?.({ defeated: [...ids].reverse() }, pack)).toEqual({ kind: 'won', code: 'campaign.ending.comanautsWon', params: { count: ids.length } });
  });

  it('Issue 21: GIVEN a pack without I.D.s (a single adventure) or no pack WHEN the campaign asks whether it is over THEN it never ends by itself', () => {
    expect(comanautsCampaign.over?.({ defeated: ids }, { ...pack, ids: undefined })).toBeNull();
    expect(comanautsCampaign.over?.({ defeated: ids })).toBeNull();
  });

  it('Issue 21 (property): GIVEN any stickered subset of the pack\'s I.D.s WHEN asked THEN the campaign is won exactly when the subset holds every non-Fear I.D.', () => {
    fc.assert(
      fc.property(fc.subarray(ids), (stickered) => {
        const over = comanautsCampaign.over?.({ defeated: stickered }, pack) ?? null;
        expect(over !== null).toBe(stickered.length === ids.length);
      }),
    );
  });
});
