import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, draftCopy, type GameCommand } from '../../core/index.ts';
import { promptButtons } from '../../discord/present.ts';
import { hasText, pickLanguage, t } from '../../i18n/index.ts';
import { packText } from './content.ts';
import { lifeformGame } from './index.ts';
import { playRandom } from './play.test-helper.ts';
import { renderLifeform } from './render.ts';
import { act, endingC, pack } from './scenario.test-helper.ts';
import type { LifeformState } from './state.ts';

const names = ['Ana', 'Bea', 'Cid', 'Dot'];

/** What a seat (or everyone, for `null`) can observe of a state: views, buttons, who is awaited, autocomplete. */
function surface(s: LifeformState, seat: number | null): string {
  const prompts = lifeformGame.prompts(s);
  return canonicalJson({
    view: seat === null ? lifeformGame.publicView(s) : lifeformGame.viewFor(s, seat),
    secrets: seat === null ? [] : lifeformGame.secretsFor(s, seat),
    awaiting: lifeformGame.awaiting(s),
    buttons: promptButtons('g1', 1, prompts, 'en', names, (k, l) => packText(pack, k, l)) as unknown as never,
    legal: seat === null ? [] : lifeformGame.legalCommands(s, seat),
    status: lifeformGame.status(s),
  } as never);
}

/** The same state with one secret changed: whoever may not know it must not be able to tell the two apart. */
function counterfactuals(s: LifeformState): { what: string; may: number[]; other: LifeformState }[] {
  const out: { what: string; may: number[]; other: LifeformState }[] = [];
  const on = s.images.map((at, i) => (at === null ? -1 : i)).filter((i) => i >= 0);
  const revealingReal = s.stack.some((t) => t.k === 'attack');
  if (s.real !== null && on.length > 1 && !revealingReal) {
    const other = on.find((i) => i !== s.real) as number;
    out.push({ what: 'real lifeform', may: [s.lifeformSeat], other: Object.assign(draftCopy(s), { real: other }) });
  }
  if (s.stowaway !== null && !s.outcome) {
    const other = Object.keys(s.board.stowaways).find((c) => c !== s.stowaway) as string;
    out.push({ what: 'stowaway card', may: [s.lifeformSeat], other: Object.assign(draftCopy(s), { stowaway: other }) });
  }
  const spare = [...s.crewDeck, ...s.crewDiscard];
  for (const seat of s.crewSeats) {
    const hand = s.hands[String(seat)] ?? [];
    if (hand.length === 0 || spare.length < hand.length) continue;
    const d = draftCopy(s);
    d.hands[String(seat)] = spare.slice(0, hand.length);
    if (canonicalJson(d.hands[String(seat)] as never) !== canonicalJson(hand as never)) out.push({ what: `hand of seat ${seat}`, may: [seat], other: d });
    if (s.picks[String(seat)] && s.stack.some((t) => t.k === 'pick')) {
      const p = draftCopy(s);
      const offer = s.offers[String(seat)] as string[];
      p.picks[String(seat)] = [offer[1] as string, offer[2] as string];
      out.push({ what: `character pick of seat ${seat}`, may: [seat], other: p });
    }
  }
  const f = s.showdown?.fight ?? null;
  const fightSpare = [...s.lfDeck, ...s.lfDiscard].find((c) => c.split('.')[0] !== f?.card?.split('.')[0]);
  if (f !== null && f.card !== null && (f.stage === 'card' || f.stage === 'cancel') && fightSpare !== undefined) {
    const d = draftCopy(s);
    (d.showdown as NonNullable<LifeformState['showdown']>).fight = { ...f, card: fightSpare };
    out.push({ what: 'face-down fight card', may: [s.lifeformSeat], other: d });
  }
  const t = s.stack[s.stack.length - 1];
  if (t?.k === 'lfPick' && fightSpare !== undefined) {
    const d = draftCopy(s);
    d.stack[d.stack.length - 1] = { k: 'lfPick', cards: t.cards.map(() => fightSpare) };
    out.push({ what: 'energy cards seen by the lifeform', may: [s.lifeformSeat], other: d });
  }
  // 13th Passenger, Mod D: the lifeform's hiding place, while the hunt is on, against any other place still open.
  const h = s.passenger?.hunt;
  if (h && h.stage === 'search' && h.at !== null) {
    const open = (s.board.passenger?.locations ?? []).filter((l) => l !== h.at && !h.revealed.includes(l) && !h.searched.some((x) => x.location === l));
    for (const other of open) {
      const d = draftCopy(s);
      (d.passenger?.hunt as NonNullable<typeof h>).at = other;
      out.push({ what: `hunt location ${other}`, may: [s.lifeformSeat], other: d });
    }
  }
  const lfSpare = [...s.lfDeck, ...s.lfDiscard];
  if (s.lfHand.length > 0 && lfSpare.length >= s.lfHand.length) {
    out.push({ what: 'lifeform hand', may: [s.lifeformSeat], other: Object.assign(draftCopy(s), { lfHand: lfSpare.slice(0, s.lfHand.length) }) });
  }
  return out;
}

describe('lifeform leak test (issue 17 "Hidden information")', () => {
  it('§REALITY CALIBRATION and §SETUP: GIVEN seeded random games WHEN any step is observed THEN the real lifeform, the stowaway choice, character picks and every hand are indistinguishable to every seat not allowed to know them: public view, seat views, secrets, buttons, who is awaited and autocomplete', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 4 }), fc.array(fc.nat(100_000), { minLength: 5, maxLength: 40 }), (seed, seats, choices) => {
        const { steps } = playRandom(pack, seed, seats, choices, 150);
        let checked = 0;
        for (const { state, events } of steps) {
          for (const e of events) {
            if (e.code.includes('secret')) expect(e.to, e.code).toBe(state.lifeformSeat);
          }
          for (const cf of counterfactuals(state)) {
            for (const seat of [null, ...Array.from({ length: seats }, (_, i) => i)]) {
              if (seat !== null && cf.may.includes(seat)) continue;
              expect(surface(cf.other, seat), `${cf.what} seen by ${seat === null ? 'everyone' : `seat ${seat}`}`).toBe(surface(state, seat));
              checked++;
            }
          }
        }
        expect(checked).toBeGreaterThan(0);
      }),
      { numRuns: 15 },
    );
  }, 180_000);

  it('§SHOWDOWN STAGE: GIVEN random legal showdowns WHEN observed THEN the face-down fight card, the cards the lifeform saw and every hand stay with their owner', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.array(fc.nat(10_000), { minLength: 3, maxLength: 20 }), (seed, choices) => {
        let s = endingC();
        let checked = 0;
        for (let i = 0; i < 120 && !s.outcome; i++) {
          const awaited = lifeformGame.awaiting(s).seats;
          const seat = awaited[(choices[i % choices.length] as number) % Math.max(1, awaited.length)] as number;
          const legal = lifeformGame.legalCommands(s, seat);
          const command = legal[((choices[(i + 1) % choices.length] as number) + seed) % legal.length] as GameCommand;
          s = act(s, seat, command.type, command.args as Record<string, unknown>, seed + i).state;
          for (const cf of counterfactuals(s)) {
            for (const viewer of [null, 0, 1, 2]) {
              if (viewer !== null && cf.may.includes(viewer)) continue;
              expect(surface(cf.other, viewer), `${cf.what} seen by ${String(viewer)}`).toBe(surface(s, viewer));
              checked++;
            }
          }
        }
        expect(checked).toBeGreaterThan(0);
      }),
      { numRuns: 15 },
    );
  }, 180_000);

  it('§REALITY CALIBRATION: GIVEN a calibration WHEN the lifeform names the real image THEN the public events and every crew view are the same whichever image it named', async () => {
    const { fresh } = await import('./scenario.test-helper.ts');
    let s = fresh(3);
    for (const seat of s.crewSeats) s = act(s, seat, 'pick', { characters: (s.offers[String(seat)] as string[]).slice(0, 2) }).state;
    for (const c of ['medbay', 'armoury', 'stores']) s = act(s, 0, 'outage', { chamber: c }).state;
    s = act(s, 0, 'image', { chamber: 'observation' }).state;
    s = act(s, 0, 'image', { chamber: 'reactor' }).state;
    const a = act(s, 0, 'calibrate', { image: 0 });
    const b = act(s, 0, 'calibrate', { image: 1 });
    expect(canonicalJson(a.events.filter((e) => e.to !== 0) as never)).toBe(canonicalJson(b.events.filter((e) => e.to !== 0) as never));
    for (const seat of [1, 2]) expect(surface(a.state, seat)).toBe(surface(b.state, seat));
    expect(surface(a.state, 0)).not.toBe(surface(b.state, 0));
  });

  it('Rules §13TH PASSENGER, Mod D (leak): GIVEN random hunts before the showdown WHEN observed THEN the hiding place is known to the lifeform seat only (its view and /secrets): the public view, the other seats\' views, buttons, autocomplete, the alt text and the picture never depend on it', async () => {
    // Real words with their parameters, so a place the picture names would tell two hiding places apart.
    const ui = (code: string, lang: string, params?: Record<string, unknown>): string => (hasText(code) ? t(pickLanguage(lang), code, params) : code);
    let pictures = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100_000 }), fc.array(fc.nat(10_000), { minLength: 3, maxLength: 20 }), fc.integer({ min: 1, max: 3 }), async (seed, choices, disks) => {
        let s = endingC(undefined, { mods: ['hunt'] });
        s = Object.assign(draftCopy(s), {});
        s.characters = s.characters.slice(0, disks);
        let checked = 0;
        for (let i = 0; i < 60 && !s.outcome && s.passenger?.hunt?.stage !== 'done'; i++) {
          const awaited = lifeformGame.awaiting(s).seats;
          const seat = awaited[(choices[i % choices.length] as number) % Math.max(1, awaited.length)] as number;
          const legal = lifeformGame.legalCommands(s, seat);
          const command = legal[((choices[(i + 1) % choices.length] as number) + seed) % legal.length] as GameCommand;
          const step = act(s, seat, command.type, command.args as Record<string, unknown>, seed + i);
          for (const e of step.events) if (e.code === 'lifeform.hunt.hiddenAt') expect(e.to).toBe(s.lifeformSeat);
          s = step.state;
          for (const cf of counterfactuals(s).filter((c) => c.what.startsWith('hunt location'))) {
            for (const viewer of [null, 1, 2]) {
              expect(surface(cf.other, viewer), `${cf.what} seen by ${String(viewer)}`).toBe(surface(s, viewer));
              expect(canonicalJson(lifeformGame.describeView?.(lifeformGame.publicView(cf.other)) as never)).toBe(canonicalJson(lifeformGame.describeView?.(lifeformGame.publicView(s)) as never));
              checked++;
            }
            expect(surface(cf.other, s.lifeformSeat)).not.toBe(surface(s, s.lifeformSeat));
            if (pictures < 3) {
              pictures++;
              const a = await renderLifeform(lifeformGame.publicView(s) as never, pack, 'en', ui);
              const b = await renderLifeform(lifeformGame.publicView(cf.other) as never, pack, 'en', ui);
              expect(a.equals(b)).toBe(true);
            }
          }
        }
        expect(checked).toBeGreaterThan(0);
      }),
      { numRuns: 12 },
    );
  }, 180_000);
});
