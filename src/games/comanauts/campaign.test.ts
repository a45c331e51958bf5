import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, seedRng } from '../../core/index.ts';
import { t } from '../../i18n/index.ts';
import { comanautsCampaign } from './campaign.ts';
import { comanautsGame } from './index.ts';
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

  it('Rules §GAME SETUP steps 6 and 10 (campaign, issue 18): GIVEN a record that stickered all but one I.D. (or all of them) WHEN the host starts the next game THEN /game start is refused with the counts, the reason in English and Spanish', () => {
    const seats = [0, 1].map((index) => ({ index, name: `p${index}` }));
    const start = (defeated: string[]) => comanautsGame.startRefusal?.({}, seats, pack, { defeated });
    expect(start(ids.slice(1))).toEqual({ code: 'comanauts.start.campaignSpent', params: { stickered: ids.length - 1, left: 1 } });
    expect(start(ids)).toEqual({ code: 'comanauts.start.campaignSpent', params: { stickered: ids.length, left: 0 } });
    for (const lang of ['en', 'es'] as const) expect(t(lang, 'comanauts.start.campaignSpent', { stickered: 5, left: 1 })).toMatch(/5 .*1 /);
  });

  it('Rules §GAME SETUP step 6 (campaign): GIVEN only two unstickered I.D.s of two comazones WHEN the game starts THEN it is not refused and setup reveals both (fewer than five is what the box holds): a Nexus of two, the Prime in the one that is not the start', () => {
    const seats = [0, 1].map((index) => ({ index, name: `p${index}` }));
    const defeated = ids.slice(2);
    expect(comanautsGame.startRefusal?.({}, seats, pack, { defeated })).toBeNull();
    expect(comanautsGame.startRefusal?.({}, seats, pack, undefined)).toBeNull();
    for (const seed of [1, 2, 3, 4]) {
      const a = game(seed, defeated).adventure;
      expect(a?.nexus).toHaveLength(2);
      expect(a?.prime).toBeDefined();
      expect(pack.ids?.find((x) => x.id === a?.prime)?.comazone).not.toBe(a?.start);
    }
  });

  it('GIVEN a pack without an adventure (no comazones) WHEN started with any record THEN nothing is refused: it plays its start page', () => {
    const { comazones: _c, ids: _i, ...bare } = pack;
    expect(comanautsGame.startRefusal?.({}, [{ index: 0, name: 'p0' }], bare as typeof pack, { defeated: ids })).toBeNull();
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

describe('comanauts campaign: the story the pack unlocks', () => {
  it('Rules (introduction, campaign: each defeated I.D. reveals more of the story), issue 21: GIVEN training 1.3.0\'s campaign.yaml WHEN a game stickers the Broker as the group\'s first I.D. THEN the passages by count 1 and by the Broker are told, in file order, as pack text in English and Spanish; WHEN the next game stickers two more THEN only the count-3 passage is new', () => {
    const first = comanautsCampaign.unlocked?.({ defeated: ['market-id'] }, null, pack) ?? [];
    expect(first).toEqual([
      { code: 'campaign.story.passage', params: { textKey: 'campaign.passages.first-light.text' } },
      { code: 'campaign.story.passage', params: { textKey: 'campaign.passages.quiet-market.text' } },
    ]);
    expect(packText(pack, 'campaign.passages.quiet-market.text', 'en')).toMatch(/Broker/);
    expect(packText(pack, 'campaign.passages.quiet-market.text', 'es-ES')).toMatch(/Corredor/);
    const next = comanautsCampaign.unlocked?.({ defeated: ['market-id', 'hall-id', 'orchard-id'] }, { defeated: ['market-id'] }, pack) ?? [];
    expect(next.map((l) => l.params)).toEqual([{ textKey: 'campaign.passages.halfway.text' }]);
    expect(comanautsCampaign.unlocked?.({ defeated: ['market-id'] }, { defeated: ['market-id'] }, pack)).toEqual([]);
    expect(comanautsCampaign.unlocked?.({ defeated: ['market-id'] }, null, { ...pack, campaign: undefined })).toEqual([]);
  });

  it('Issue 21 (property): GIVEN any growing stickered record WHEN each game\'s unlocked passages are gathered THEN every passage is told at most once, and all of them once every I.D. is stickered', () => {
    const all = (pack.campaign?.passages ?? []).length;
    expect(all).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.shuffledSubarray(ids, { minLength: ids.length, maxLength: ids.length }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 6 }), (order, steps) => {
        const told: string[] = [];
        let at = 0;
        let before: { defeated: string[] } | null = null;
        for (const step of [...steps, ids.length]) {
          at = Math.min(ids.length, at + step);
          const now = { defeated: order.slice(0, at) };
          told.push(...(comanautsCampaign.unlocked?.(now, before, pack) ?? []).map((l) => String(l.params?.textKey)));
          before = now;
        }
        expect(new Set(told).size).toBe(told.length);
        expect(told.length).toBe(all);
      }),
    );
  });
});
