import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { ok, reject } from '../core/result.ts';
import { createRng, seedRng, type Rng } from '../core/rng.ts';
import { defineEffects, type Continuation, type Effect, type EffectHandlers, type EffectLanguage } from './effects.ts';

interface St {
  readonly insight: number;
  readonly flags: readonly string[];
}
interface Ctx {
  readonly rng: Rng;
}

const lang = defineEffects((effects) => ({
  gainInsight: z.object({ amount: z.number().int().min(1).max(9) }),
  skillTest: z.object({ target: z.number().int().min(1).max(6), onSuccess: effects, onFailure: effects.optional() }),
  turnToPage: z.object({ page: z.number().int() }),
}));

type Ops = typeof lang extends EffectLanguage<infer O> ? O : never;

const h: EffectHandlers<Ops, St, Ctx> = {
  flags: {
    has: (s: St, f: string) => s.flags.includes(f),
    set: (s: St, f: string, on: boolean) => ({ ...s, flags: on ? [...new Set([...s.flags, f])].sort() : s.flags.filter((x) => x !== f) }),
  },
  gainInsight: (s, p) => ok({ state: { ...s, insight: s.insight + p.amount } }),
  skillTest: (s, p, ctx) => {
    const roll = ctx.rng.die(6);
    return ok({ state: s, then: roll >= p.target ? p.onSuccess : (p.onFailure ?? []), output: [{ key: 'test.rolled', params: { roll } }] });
  },
  turnToPage: (s, p) =>
    p.page < 0 ? reject('test.badPage', { page: p.page }) : ok({ state: s, stop: true, output: [{ key: 'page', params: { page: p.page } }] }),
};

const start: St = { insight: 0, flags: [] };
const ctx = (): Ctx => ({ rng: createRng(seedRng(7)) });

function parse(effects: unknown): Effect[] {
  const parsed = lang.schema.safeParse(effects);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

describe('effect language schema', () => {
  it('GIVEN common and game ops WHEN parsed THEN accepted', () => {
    const effects = parse([
      { op: 'text', key: 'intro.1' },
      { op: 'setFlag', flag: 'door' },
      { op: 'if', cond: { all: [{ flag: 'door' }, { not: { flag: 'key' } }] }, then: [{ op: 'gainInsight', amount: 1 }] },
      { op: 'choice', options: [{ label: 'a', effects: [{ op: 'skillTest', target: 3, onSuccess: [{ op: 'text', key: 'won' }] }] }] },
    ]);
    expect(effects).toHaveLength(4);
  });

  it('GIVEN an unknown op WHEN parsed THEN refused at its op path', () => {
    const parsed = lang.schema.safeParse([{ op: 'text', key: 'a' }, { op: 'fly' }]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual([1, 'op']);
  });

  it('GIVEN an unknown key deep in a nested game op WHEN parsed THEN refused with its path', () => {
    const parsed = lang.schema.safeParse([
      { op: 'skillTest', target: 3, onSuccess: [{ op: 'gainInsight', amount: 1, bonus: 2 }] },
    ]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', path: [0, 'onSuccess', 0], keys: ['bonus'] });
  });

  it('GIVEN a game op named like a common op WHEN defined THEN it throws', () => {
    expect(() => defineEffects({ text: z.object({}) })).toThrow(/common op/);
  });

  it('GIVEN the list schema WHEN published as JSON Schema THEN it is recursive and lists every op', () => {
    const json = JSON.stringify(z.toJSONSchema(lang.schema));
    for (const op of lang.ops) expect(json).toContain(`"const":"${op}"`);
  });
});

describe('effect interpreter', () => {
  it('GIVEN text, flags and a game op WHEN interpreted THEN done with accumulated state and output in order', () => {
    const run = lang.interpret(
      parse([
        { op: 'text', key: 'a' },
        { op: 'setFlag', flag: 'seen' },
        { op: 'if', cond: { flag: 'seen' }, then: [{ op: 'gainInsight', amount: 2 }], else: [{ op: 'text', key: 'never' }] },
        { op: 'clearFlag', flag: 'seen' },
        { op: 'if', cond: { flag: 'seen' }, then: [{ op: 'text', key: 'never' }], else: [{ op: 'text', key: 'b' }] },
      ]),
      start,
      h,
      ctx(),
    );
    expect(run).toEqual({ ok: true, value: { done: true, state: { insight: 2, flags: [] }, output: [{ key: 'a' }, { key: 'b' }] } });
  });

  it('GIVEN a choice in the middle WHEN interpreted THEN pending with JSON continuation, and resume runs the chosen branch then the rest', () => {
    const effects = parse([
      { op: 'text', key: 'before' },
      {
        op: 'if',
        cond: { any: [{ flag: 'x' }, { not: { flag: 'x' } }] },
        then: [
          {
            op: 'choice',
            prompt: 'which',
            options: [
              { label: 'left', effects: [{ op: 'gainInsight', amount: 1 }] },
              { label: 'hidden', when: { flag: 'secret' }, effects: [] },
              { label: 'right', effects: [{ op: 'gainInsight', amount: 5 }, { op: 'text', key: 'r' }] },
            ],
          },
          { op: 'text', key: 'inner-after' },
        ],
      },
      { op: 'text', key: 'after' },
    ]);
    const first = lang.interpret(effects, start, h, ctx());
    if (!first.ok || first.value.done) throw new Error('expected pending');
    expect(first.value.output).toEqual([{ key: 'before' }]);
    expect(first.value.pending.prompt).toEqual({ kind: 'choice', prompt: 'which', options: ['left', 'right'] });
    const stored = JSON.parse(JSON.stringify(first.value.pending.continuation)) as Continuation;
    const second = lang.resume(stored, 1, first.value.state, h, ctx());
    expect(second).toEqual({
      ok: true,
      value: { done: true, state: { insight: 5, flags: [] }, output: [{ key: 'r' }, { key: 'inner-after' }, { key: 'after' }] },
    });
  });

  it('GIVEN a bad answer index WHEN resumed THEN rejected with content.effects.badAnswer', () => {
    const cont: Continuation = { frames: [], options: [{ label: 'a', effects: [] }] };
    expect(lang.resume(cont, 3, start, h, ctx())).toEqual({ ok: false, error: { code: 'content.effects.badAnswer', params: { answer: 3, options: 1 } } });
  });

  it('GIVEN a choice whose options are all closed WHEN interpreted THEN it is skipped', () => {
    const run = lang.interpret(
      parse([{ op: 'choice', options: [{ label: 'x', when: { flag: 'nope' }, effects: [] }] }, { op: 'text', key: 'next' }]),
      start,
      h,
      ctx(),
    );
    expect(run).toEqual({ ok: true, value: { done: true, state: start, output: [{ key: 'next' }] } });
  });

  it('GIVEN a handler that stops WHEN interpreted THEN later effects do not run', () => {
    const run = lang.interpret(parse([{ op: 'turnToPage', page: 4 }, { op: 'text', key: 'never' }]), start, h, ctx());
    expect(run).toEqual({ ok: true, value: { done: true, state: start, output: [{ key: 'page', params: { page: 4 } }] } });
  });

  it('GIVEN a handler that rejects WHEN interpreted THEN the rejection is returned', () => {
    expect(lang.interpret(parse([{ op: 'turnToPage', page: -1 }]), start, h, ctx())).toEqual({
      ok: false,
      error: { code: 'test.badPage', params: { page: -1 } },
    });
  });

  it('GIVEN a handler that splices effects forever WHEN interpreted THEN stopped with content.effects.tooManySteps', () => {
    const loop: Effect = { op: 'skillTest', target: 1, onSuccess: [] };
    const looping = { ...h, skillTest: (s: St) => ok({ state: s, then: [loop] }) };
    const run = lang.interpret([loop], start, looping, ctx());
    expect(run.ok ? null : run.error.code).toBe('content.effects.tooManySteps');
  });

  it('GIVEN an op the schema never had WHEN interpreted THEN rejected with content.effects.unknownOp', () => {
    expect(lang.interpret([{ op: 'fly' }], start, h, ctx())).toEqual({ ok: false, error: { code: 'content.effects.unknownOp', params: { op: 'fly' } } });
  });

  it('GIVEN random effect trees and answers WHEN run straight or through stored continuations THEN same state and output (property)', () => {
    const leaf = fc.oneof(
      fc.record({ op: fc.constant('text'), key: fc.constantFrom('a', 'b', 'c') }),
      fc.record({ op: fc.constant('setFlag'), flag: fc.constantFrom('f', 'g') }),
      fc.record({ op: fc.constant('clearFlag'), flag: fc.constantFrom('f', 'g') }),
      fc.record({ op: fc.constant('gainInsight'), amount: fc.integer({ min: 1, max: 9 }) }),
    );
    const tree = fc.letrec<{ effects: Effect[] }>((tie) => ({
      effects: fc.array(
        fc.oneof(
          { depthSize: 'small', withCrossShrink: true },
          leaf,
          fc.record({ op: fc.constant('if'), cond: fc.record({ flag: fc.constantFrom('f', 'g') }), then: tie('effects'), else: tie('effects') }),
          fc.record({ op: fc.constant('choice'), options: fc.array(fc.record({ label: fc.constant('o'), effects: tie('effects') }), { minLength: 1, maxLength: 3 }) }),
        ),
        { maxLength: 4 },
      ),
    })).effects;
    fc.assert(
      fc.property(tree, fc.array(fc.nat(5), { maxLength: 30 }), (effects, answers) => {
        const parsed = parse(effects);
        const go = (roundTrip: boolean) => {
          let run = lang.interpret(parsed, start, h, ctx());
          const outputs: unknown[] = [];
          let i = 0;
          while (run.ok && !run.value.done) {
            outputs.push(...run.value.output);
            const cont = roundTrip ? (JSON.parse(JSON.stringify(run.value.pending.continuation)) as Continuation) : run.value.pending.continuation;
            const n = run.value.pending.prompt.options.length;
            run = lang.resume(cont, (answers[i++] ?? 0) % n, run.value.state, h, ctx());
          }
          if (!run.ok) throw new Error(run.error.code);
          return { state: run.value.state, output: [...outputs, ...run.value.output] };
        };
        expect(go(true)).toEqual(go(false));
      }),
      { numRuns: 200 },
    );
  });
});
