import { describe, expect, it } from 'vitest';
import { canonicalJson, type GameCommand, type TypedWords } from '../../../core/index.ts';
import { LANGUAGES, pickLanguage, t, type Language } from '../../../i18n/index.ts';
import { humanParams } from '../../../discord/present.ts';
import { packText } from '../content.ts';
import { lifeformGame } from '../index.ts';
import type { LifeformState } from '../state.ts';
import { act, edited, legal, pack, readyToLaunch, soloStarted } from './solo.test-helper.ts';

const words = (lang: string): TypedWords => ({ lang, langs: LANGUAGES, t: (l, code, params) => t(pickLanguage(l), code, params ?? {}) });

/** A launched solo game in the shuttle conflict, arranged: zone 1 a claw, zone 2 a bite and a tail, zone 3 clear (test-only). */
function inConflict(): LifeformState {
  const ready = readyToLaunch(11);
  return edited(act(ready, 'launch').state, (_d, so) => {
    const c = so.conflict;
    if (!c) throw new Error('no conflict');
    c.zones = [[{ kind: 'attack5', icons: ['claw'] }], [{ kind: 'attack5', icons: ['bite', 'tail'] }], []];
    c.hand = ['bolt.1', 'grit.1', 'prod.1', 'adrenaline.1'];
    c.mustDiscard = 0;
    c.supply = { ...c.supply, weldingTorch: 2 };
  });
}

/** A refusal as the edge shows it (pack names and locale codes resolved). */
const shown = (lang: Language, code: string, params?: Readonly<Record<string, string | number | boolean>>): string => t(lang, code, humanParams(params, [], [], { packText: (k, l) => packText(pack, k, l), lang }));

const read = (s: LifeformState, text: string, lang = 'en') => lifeformGame.readTyped?.(s, 0, text, pack, words(lang)) ?? null;
const listed = (s: LifeformState, c: GameCommand): boolean => legal(s).some((l) => canonicalJson(l) === canonicalJson(c));

describe("Dragon's Domain: a shuttle conflict payment typed in words (issue 20)", () => {
  it('§DEFEAT LIFEFORM ATTACK: GIVEN the shuttle conflict WHEN a matching payment that is not among the listed ones is typed and decided THEN it is accepted, the zone cleared and the cards spent', () => {
    const s = inConflict();
    const r = read(s, '1: Bolt, Grit');
    expect(r).toEqual({ ok: true, value: { type: 'conflictAttack', args: { zone: 0, pay: { cards: ['bolt.1', 'grit.1'] } } } });
    if (!r?.ok) throw new Error('refused');
    expect(listed(s, r.value)).toBe(false);
    const after = act(s, r.value.type, r.value.args as Record<string, unknown>).state;
    expect(after.solo?.conflict?.zones[0]).toEqual([]);
    expect(after.solo?.conflict?.hand).toEqual(['prod.1', 'adrenaline.1']);
  });

  it('GIVEN the zone as the labels show it, by its pack name or in Spanish WHEN typed THEN the same attack is read', () => {
    const s = inConflict();
    const same = { type: 'conflictAttack', args: { zone: 0, pay: { cards: ['bolt.1', 'grit.1'] } } };
    for (const text of ['zone 1: Bolt, Grit', 'Cockpit: bolt, grit', 'zona 1: Huida, Coraje', 'Cabina: Huida; Coraje']) expect(read(s, text, 'es'), text).toEqual({ ok: true, value: same });
    expect(read(s, '2: Shock-prod, 2 torches')).toEqual({ ok: true, value: { type: 'conflictAttack', args: { zone: 1, pay: { cards: ['prod.1'], torches: 2 } } } });
  });

  it('§DEFEAT LIFEFORM ATTACK: GIVEN a payment that leaves icons unmatched WHEN typed THEN it is refused naming the zone and the icons in the reader language, nothing decided', () => {
    const s = inConflict();
    const r = read(s, '2: Bolt');
    expect(r).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.unmatched', params: { zoneKey: 'solo.solo.conflict.zones.1' } } });
    if (r?.ok !== false) throw new Error('accepted');
    expect(shown('en', r.error.code, r.error.params)).toMatch(/Cargo net has 2 fight icons.*1 bite and 1 tail/);
    const es = read(s, '2: Huida', 'es');
    if (es?.ok !== false) throw new Error('accepted');
    expect(shown('es', es.error.code, es.error.params)).toMatch(/Red de carga tiene 2 iconos.*1 mordisco y 1 cola/);
    expect(lifeformGame.decide(s, { type: 'conflictAttack', args: { zone: 1, pay: { cards: ['bolt.1'] } } }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: { int: (x: number) => x, die: () => 1, shuffle: <X>(x: readonly X[]) => [...x], pick: <X>(x: readonly X[]) => x[0] as X, used: false, state: () => ({}) as never }, asHost: false, pack }).ok).toBe(false);
  });

  it('GIVEN text without a zone, an unknown zone, an unknown item or an emptied zone WHEN typed THEN each is refused with its own reason', () => {
    const s = inConflict();
    expect(read(s, 'Bolt, Grit')).toEqual({ ok: false, error: { code: 'lifeform-conflict.typed.shape' } });
    const zone = read(s, '9: Bolt');
    expect(zone).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.typed.zone', params: { zone: '9' } } });
    if (zone?.ok === false) expect(t('en', zone.error.code, zone.error.params)).toContain('1 (Cockpit), 2 (Cargo net), 3 (Engine crawlway)');
    expect(read(s, '1: laser sword')).toEqual({ ok: false, error: { code: 'lifeform-conflict.parse.unknown', params: { item: 'laser sword' } } });
    const empty = read(s, '3: Bolt');
    expect(empty).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.emptyZone', params: { zoneKey: 'solo.solo.conflict.zones.2' } } });
    if (empty?.ok === false) expect(shown('es', empty.error.code, empty.error.params)).toBe('Pasarela del motor no tiene fichas.');
  });

  it('§SHUTTLE CONFLICT (issue 20): GIVEN a round of the conflict WHEN its DM of choices is drawn THEN a line under the buttons says, in English and in Spanish, that any other matching payment can be typed in /lf solo as "<zone>: <payment>"; none before the conflict or while the hand limit is answered', () => {
    const s = inConflict();
    const note = lifeformGame.choicesNote?.(s, 0) ?? null;
    expect(note).toEqual({ code: 'lifeform-solo.conflictTyped' });
    if (!note) throw new Error('no note');
    expect(t('en', note.code)).toBe('Not in the list? Any other payment that matches can be typed: /lf solo action:"<zone>: <cards and tokens>", for example "2: Bolt, 2 torches".');
    expect(t('es', note.code)).toBe('¿No está en la lista? Cualquier otro pago que cubra la zona se puede escribir: /lf solo action:"<zona>: <cartas y fichas>", por ejemplo «2: Huida, 2 sopletes».');
    // The example it gives is read as a payment in each language.
    expect(read(s, '2: Bolt, 2 torches')).toMatchObject({ ok: true });
    expect(read(s, '2: Huida, 2 sopletes', 'es')).toMatchObject({ ok: true });
    expect(lifeformGame.choicesNote?.(soloStarted(11), 0)).toBeNull();
    const discarding = edited(s, (_d, so) => {
      (so.conflict as NonNullable<typeof so.conflict>).mustDiscard = 1;
    });
    expect(lifeformGame.choicesNote?.(discarding, 0)).toBeNull();
  });

  it('GIVEN a solo game before the conflict WHEN something is typed THEN nothing is read (the list stays the only way)', () => {
    expect(read(soloStarted(11), '1: Bolt')).toBeNull();
  });
});
