import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { t, type Language } from '../../../i18n/index.ts';
import { applyConflict, conflictCommand as C, conflictLegal, conflictPublicView, startConflict } from './conflict.ts';
import { checkPayment } from './conflict-payment.ts';
import { conflictVocab, parsePayment } from './conflict-parse.ts';
import { describeConflict, eventWords, explainProblem, labelConflict, paymentWords, type Say } from './conflict-labels.ts';
import type { ConflictState } from './conflict-types.ts';
import { allCards, arranged, conflictPack, input, rngOf } from './conflict.test-helper.ts';

const sayIn = (lang: Language): Say => (code, params) => t(lang, code, params ?? {});
const tree = (lang: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../i18n/locales', lang, 'lifeform-conflict.json'), 'utf8')) as Record<string, unknown>;

/** Every `lifeform-conflict.…` code written in the conflict's sources. */
function writtenCodes(): string[] {
  const out = new Set<string>();
  for (const file of ['conflict.ts', 'conflict-payment.ts', 'conflict-labels.ts', 'conflict-parse.ts', 'typed.ts']) {
    const text = readFileSync(join(import.meta.dirname, file), 'utf8');
    for (const m of text.matchAll(/`\$\{NS\}\.([a-zA-Z.]+[a-zA-Z])`/g)) out.add(m[1] as string);
    for (const m of text.matchAll(/'lifeform-conflict\.([a-zA-Z.]+[a-zA-Z])'/g)) out.add(m[1] as string);
    for (const m of text.matchAll(/log\.tell\('([a-zA-Z]+)'/g)) out.add(`event.${m[1] as string}`);
  }
  return [...out];
}

function has(node: unknown, key: string): boolean {
  let at = node;
  const parts = key.split('.');
  for (const [i, part] of parts.entries()) {
    if (typeof at !== 'object' || at === null) return false;
    const rec = at as Record<string, unknown>;
    if (i === parts.length - 1) return typeof rec[part] === 'string' || (typeof rec[`${part}_one`] === 'string' && typeof rec[`${part}_other`] === 'string');
    at = rec[part];
  }
  return false;
}

describe('lifeform solo conflict labels and strings', () => {
  it('GIVEN every code the conflict writes WHEN looked up THEN English and Spanish both have it, and the two files hold the same keys', () => {
    const codes = writtenCodes();
    expect(codes.length).toBeGreaterThan(30);
    for (const lang of ['en', 'es']) expect(codes.filter((c) => !has(tree(lang), c)), lang).toEqual([]);
    const keys = (n: unknown, at = ''): string[] =>
      typeof n === 'object' && n !== null ? Object.entries(n).flatMap(([k, v]) => keys(v, at ? `${at}.${k}` : k)) : [at];
    expect(keys(tree('es')).sort()).toEqual(keys(tree('en')).sort());
  });

  it('§DEFEAT LIFEFORM ATTACK: GIVEN an offered attack WHEN labelled THEN it names the zone, its icons and the payment in words, in English and Spanish', () => {
    const s = arranged({ hand: ['bolt.1', 'prod.1'], supply: { survival: 0, fireExtinguisher: 0, weldingTorch: 1, harpoon: 0 } }, [['claw', 'claw', 'bite'], [], []]);
    const en = labelConflict(s, C.attack(0, { cards: ['bolt.1', 'prod.1'], torches: 1 }), conflictPack, 'en', sayIn('en'));
    expect(t('en', en.code, en.params)).toBe('Fight off Primary zone (2 claws and 1 bite) with Bolt, Shock-prod and a welding torch');
    const es = labelConflict(s, C.attack(0, { cards: ['bolt.1', 'prod.1'], torches: 1 }), conflictPack, 'es', sayIn('es'));
    expect(t('es', es.code, es.params)).toBe('Rechazar Zona principal (2 garras y 1 mordisco) con Huida, Picana y un soplete');
    expect(paymentWords(conflictPack, { data: ['acid', null], extinguisher: 'tail', traits: ['trait-steady-hands'] }, 'en', sayIn('en'))).toBe(
      'a fire extinguisher (everything becomes tail), the Steady hands trait, the acid data token and a data token',
    );
  });

  it('§DEFEAT LIFEFORM ATTACK: GIVEN a payment that misses icons WHEN refused THEN the reason says which icons and how many stay unmatched, in words', () => {
    const s = arranged({ hand: ['bolt.1'] }, [['claw', 'bite', 'acid'], [], []]);
    const problem = checkPayment(s, 0, { cards: ['bolt.1'] });
    expect(problem).not.toBeNull();
    const text = explainProblem(problem as NonNullable<typeof problem>, conflictPack, 'en', sayIn('en'));
    expect(text).toContain('Primary zone has 3 fight icons and 2 would stay unmatched');
    expect(text).toContain('1 bite and 1 acid');
    expect(explainProblem(problem as NonNullable<typeof problem>, conflictPack, 'es', sayIn('es'))).toContain('1 mordisco y 1 ácido');
  });

  it('GIVEN random conflicts WHEN every legal command, event and refusal is put in words THEN no text is left as a code or a placeholder', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const r = rngOf(seed);
      const hand = r.shuffle(allCards).slice(0, 5);
      const first = startConflict(
        input({ hand, energyAttack1: [0, 1, 2], remoraAttack5: true, remoraTraits: ['trait-cold-logic'], halonCompartments: 1, weaponryDraw: 4, airlockSurvival: seed % 2 === 0, supply: { survival: 1, fireExtinguisher: 1, weldingTorch: 1, harpoon: 1 }, data: [{ icon: 'claw' }, { icon: null }] }),
        conflictPack,
        r,
      );
      if (!first.ok) throw new Error('start refused');
      let s: ConflictState = first.state;
      const texts: string[] = [];
      for (const lang of ['en', 'es'] as const) texts.push(...first.events.map((e) => eventWords(e, conflictPack, lang, sayIn(lang))));
      while (!s.outcome) {
        const legal = conflictLegal(s);
        for (const lang of ['en', 'es'] as const) texts.push(...describeConflict(conflictPublicView(s), conflictPack, lang, sayIn(lang)));
        for (const lang of ['en', 'es'] as const) for (const c of legal) {
          const l = labelConflict(s, c, conflictPack, lang, sayIn(lang));
          texts.push(t(lang, l.code, l.params));
        }
        const bad = applyConflict(s, C.attack(0, { cards: ['nope.1'] }), r);
        if (!bad.ok) for (const lang of ['en', 'es'] as const) texts.push(explainProblem(bad.error, conflictPack, lang, sayIn(lang)));
        const pick = legal.filter((c) => c.type !== 'conflictGiveUp');
        const next = applyConflict(s, (pick.length > 0 ? pick : legal)[r.int(0, Math.max(0, (pick.length > 0 ? pick : legal).length - 1))] ?? C.giveUp(), r);
        if (!next.ok) throw new Error('legal refused');
        for (const lang of ['en', 'es'] as const) texts.push(...next.events.map((e) => eventWords(e, conflictPack, lang, sayIn(lang))));
        s = next.state;
      }
      for (const x of texts) {
        expect(x).not.toMatch(/lifeform-conflict\.|\{\{|\}\}|undefined/);
      }
    }
  });

  it('§SHUTTLE CONFLICT: GIVEN a conflict under way WHEN the table is put in words THEN each zone, the supply, the airlock and the locker have a line', () => {
    const s = arranged({ hand: ['bolt.1', 'duck.1'], halonCompartments: 1, airlockSurvival: true, unusedTraits: ['trait-steady-hands'], data: [{ icon: 'acid' }] }, [['claw', 'claw', 'bite'], [], ['tail']]);
    expect(describeConflict(conflictPublicView(s), conflictPack, 'en', sayIn('en'))).toEqual([
      'Shuttle conflict, round 1',
      'Primary zone: 1 token showing 2 claws and 1 bite',
      'Port zone: clear',
      'Starboard zone: 1 token showing 1 tail',
      'Your supply: 1 × halon gas blast token, 1 unused trait and the acid data token; 2 cards in hand',
      'The airlock is ready, but a survival token lies in it: opening it means drawing a chit first.',
      'The locker is still to search; the container holds 5 alive and 1 killed chits.',
    ]);
  });

  describe('a payment typed in one Discord option', () => {
    const vocab = conflictVocab([sayIn('en'), sayIn('es')]);
    const s = arranged(
      { hand: ['bolt.1', 'bolt.2', 'prod.1'], unusedTraits: ['trait-steady-hands'], supply: { survival: 0, fireExtinguisher: 1, weldingTorch: 2, harpoon: 1 }, data: [{ icon: 'claw' }] },
      [['claw', 'claw', 'bite', 'acid', 'tail'], [], []],
    );

    it('§DEFEAT LIFEFORM ATTACK: GIVEN names and token words in English WHEN parsed THEN the payment holds those cards and tokens, and it matches', () => {
      const r = parsePayment('Bolt, shock-prod, 2 torches, data claw, Steady hands', s, conflictPack, vocab);
      expect(r).toEqual({ ok: true, pay: { cards: ['bolt.1', 'prod.1'], traits: ['trait-steady-hands'], torches: 2, data: ['claw'] } });
      expect(r.ok && checkPayment(s, 0, r.pay)).toBeNull();
      const fine = parsePayment('2 bolt; prod; harpoon; torch; Steady hands', s, conflictPack, vocab);
      expect(fine.ok && checkPayment(s, 0, fine.pay)).toBeNull();
    });

    it('§DEFEAT LIFEFORM ATTACK: GIVEN the same in Spanish WHEN parsed THEN the same payment comes out', () => {
      expect(parsePayment('Huida, picana, soplete, datos de garra, extintor mordisco, Pulso firme', s, conflictPack, vocab)).toEqual({
        ok: true,
        pay: { cards: ['bolt.1', 'prod.1'], extinguisher: 'bite', traits: ['trait-steady-hands'], torches: 1, data: ['claw'] },
      });
      const holding = { ...s, hand: [...s.hand, 'burner.1'] };
      expect(parsePayment('soplete', holding, conflictPack, vocab)).toEqual({ ok: true, pay: { cards: ['burner.1'] } });
    });

    it('GIVEN an item that names nothing, too many copies or a data token without its icon WHEN parsed THEN it is refused naming the item, in words', () => {
      const r = parsePayment('Bolt, laser sword', s, conflictPack, vocab);
      expect(r).toEqual({ ok: false, error: { code: 'lifeform-conflict.parse.unknown', params: { item: 'laser sword' } } });
      if (!r.ok) expect(t('es', r.error.code, r.error.params)).toContain('«laser sword»');
      expect(parsePayment('3 bolt', s, conflictPack, vocab)).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.parse.noCard' } });
      expect(parsePayment('data', s, conflictPack, vocab)).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.parse.needIcon' } });
    });
  });
});
