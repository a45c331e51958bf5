import { describe, expect, it } from 'vitest';
import { createRng, seedRng, type GameEvent } from '../../../core/index.ts';
import { formatEvents, humanParams } from '../../../discord/present.ts';
import { t, type Language } from '../../../i18n/index.ts';
import { packText } from '../content.ts';
import { lifeformGame } from '../index.ts';
import type { LifeformState } from '../state.ts';
import { edgeParams } from './conflict-edge.ts';
import { act, edited, legal, pack, readyToLaunch } from './solo.test-helper.ts';

const text = (key: string, lang: Language): string | undefined => packText(pack, key, lang);
const zones = pack.solo?.solo.conflict.zones ?? [];
const ICON_IDS = /\b(claw|bite|tail|acid)s?\b/;

/** A solo game launched with one DANGER stowaway: the shuttle conflict has begun (test-only). */
function launched(seed: number): { state: LifeformState; events: GameEvent[] } {
  const ready = readyToLaunch(seed, (_d, so) => {
    so.remora.attack5 = true;
  });
  const r = act(ready, 'launch', {}, seed);
  return { state: r.state, events: [...r.events] };
}

/** Plays the first legal conflict command until the conflict ends (test-only). */
function wholeConflict(seed: number): GameEvent[] {
  let { state, events } = launched(seed);
  for (let i = 0; i < 60 && !state.outcome; i++) {
    const c = legal(state).find((x) => x.type.startsWith('conflict') && x.type !== 'conflictGiveUp') ?? legal(state)[0];
    if (!c) break;
    const r = act(state, c.type, c.args as Record<string, unknown>, seed + i);
    state = r.state;
    events = [...events, ...r.events];
  }
  expect(state.outcome).not.toBeNull();
  return events.filter((e) => e.code.startsWith('lifeform-conflict.'));
}

describe("Dragon's Domain: the shuttle conflict told in words, not ids (issue 20)", () => {
  it('§SHUTTLE CONFLICT: GIVEN whole conflicts played to their end WHEN their events are formatted in English and Spanish with the pack text THEN zones are named, icons counted in words, and no code, key or id is left', () => {
    for (const seed of [3, 11, 29]) {
      const events = wholeConflict(seed);
      for (const lang of ['en', 'es'] as const) {
        for (const e of events) {
          const line = formatEvents([e], lang, ['p0'], text);
          expect(line, line).not.toMatch(/lifeform-conflict\.|solo\.solo\.|\{\{|\b[a-z]+,[a-z]+\b/);
          expect(line, line).not.toMatch(/\b(in|on|off|sweeps|as|en|sobre|Rechazas|barre|como) \d\b|^\d+ (is|queda)/);
          const z = e.params?.zoneKey;
          if (typeof z === 'string') expect(line).toContain(zones[Number(z.split('.').at(-1))]?.[lang]);
          if (lang === 'es' && (e.params?.iconsCodes !== undefined || e.params?.iconCode !== undefined)) expect(line, line).not.toMatch(ICON_IDS);
          if (e.code.endsWith('.won') || e.code.endsWith('.lost') || e.code.endsWith('.chit')) expect(line).not.toMatch(/: \.$|: $/);
        }
      }
      expect(events.some((e) => typeof e.params?.iconsCodes === 'string')).toBe(true);
      expect(events.some((e) => e.code.endsWith('.flipped'))).toBe(true);
    }
    const gaveUp = act(launched(3).state, 'conflictGiveUp').events.filter((e) => e.code.startsWith('lifeform-conflict.'));
    expect(formatEvents(gaveUp, 'en', ['p0'], text)).toContain('The shuttle conflict is lost: you gave up.');
    expect(formatEvents(gaveUp, 'es', ['p0'], text)).toMatch(/: \S.*\.$/);
  });

  it("Mod C §SHUTTLE CONFLICT: GIVEN the Remora's extra combat zone (no pack name) WHEN its event is formatted THEN it reads as its number in words", () => {
    const params = edgeParams({ zone: 4, icons: 'claw,acid', survival: true }, { zones: [[], [], [], []], extra: { zone: 3, survival: true } });
    expect(params).toMatchObject({ zoneCode: 'lifeform-conflict.zoneNumber', zoneNumber: 4, iconsCodes: 'lifeform-conflict.icons.claw,lifeform-conflict.icons.acid' });
    const event: GameEvent = { code: 'lifeform-conflict.event.remoraZone', params, to: 'public' };
    expect(formatEvents([event], 'en', [], text)).toBe("The Remora's hidden-lifeform combat zone joins as zone 4: 1 claw and 1 acid.");
    expect(formatEvents([event], 'es', [], text)).toMatch(/como zona 4: 1 \S+ y 1 ácido\.$/);
  });

  it('§DEFEAT LIFEFORM ATTACK: GIVEN a payment naming a card not in hand or a trait not held WHEN refused THEN the edge reads the card and trait by name in English and Spanish', () => {
    const s = launched(11).state;
    const decide = (pay: Record<string, unknown>) => lifeformGame.decide(s, { type: 'conflictAttack', args: { zone: 0, pay } }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: createRng(seedRng(1)), asHost: false, pack });
    const shown = (r: ReturnType<typeof decide>, lang: Language): string => (r.ok ? 'accepted' : t(lang, r.error.code, humanParams(r.error.params, ['p0'], [], { packText: text, lang })));
    const missing = pack.crew.find((c) => !(s.hands['0'] ?? []).some((h) => h.startsWith(`${c.id}.`)) && c.special === null);
    if (!missing) throw new Error('no missing card');
    const card = decide({ cards: [`${missing.id}.1`] });
    expect(card).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.notInHand' } });
    expect(shown(card, 'en')).toBe(`${missing.name.en} is not in your hand (or not that many copies).`);
    expect(shown(card, 'es').startsWith(missing.name.es)).toBe(true);
    const trait = pack.solo?.solo.traits.find((x) => !(s.solo?.conflict?.traits ?? []).includes(x.id)) ?? pack.solo?.solo.traits[0];
    if (!trait) throw new Error('no trait');
    const held = edited(s, (_d, so) => so.conflict && (so.conflict.traits = []));
    const r = lifeformGame.decide(held, { type: 'conflictAttack', args: { zone: 0, pay: { traits: [trait.id] } } }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: createRng(seedRng(1)), asHost: false, pack });
    expect(r).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.noTrait' } });
    expect(shown(r, 'en')).toContain(trait.name.en);
    expect(shown(r, 'es')).toContain(trait.name.es);
  });
});
