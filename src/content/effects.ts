import { z } from 'zod';
import { ok, reject, type Rejection, type Result } from '../core/result.ts';
import { expecting } from './expected.ts';

/**
 * One effect as a pack writes it: `{ op: 'name', ...params }`. Kept loose here because each game adds
 * its own ops; the schema built by {@link defineEffects} is what makes a pack's effects trustworthy.
 */
export interface Effect {
  readonly op: string;
  readonly [param: string]: unknown;
}

/** A condition on flags (the `if` op and a choice option's `when`): JSON, so packs can write it. */
export type Condition =
  | { readonly flag: string }
  | { readonly not: Condition }
  | { readonly all: readonly Condition[] }
  | { readonly any: readonly Condition[] };

/** The ops every game gets, whatever it registers. */
export const COMMON_OPS = ['text', 'choice', 'if', 'setFlag', 'clearFlag'] as const;

/** Something for people to read that running effects produced: a text id of the pack, or a game code. */
export interface EffectOutput {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number | boolean>>;
}

/** What a game's op handler returns: the new state, and optionally more effects to run next, text, or a stop. */
export interface EffectStep<S> {
  readonly state: S;
  /** Effects to run right after this one (a skill test's success branch, an encounter's outcome). */
  readonly then?: readonly Effect[];
  readonly output?: readonly EffectOutput[];
  /** Ends the whole run here (a "turn to page" that leaves the current entry). */
  readonly stop?: boolean;
}

/** Where a run stopped to wait for an answer. Plain JSON, so it can be stored in the game state. */
export interface Continuation {
  /** Effects still to run, innermost list last. */
  readonly frames: readonly (readonly Effect[])[];
  /** The options offered, in the order the prompt lists them, each with the effects it leads to. */
  readonly options: readonly { readonly label: string; readonly effects: readonly Effect[] }[];
}

/** The question a `choice` asks; the game turns it into a core `Prompt` for the right seat. */
export interface ChoicePrompt {
  readonly kind: 'choice';
  /** Pack text id of the question, when the pack gives one. */
  readonly prompt?: string;
  /** Pack text ids of the options; answer with the index into this list. */
  readonly options: readonly string[];
}

export type EffectRun<S> =
  | { readonly done: true; readonly state: S; readonly output: readonly EffectOutput[] }
  | {
      readonly done: false;
      readonly state: S;
      readonly output: readonly EffectOutput[];
      readonly pending: { readonly prompt: ChoicePrompt; readonly continuation: Continuation };
    };

/** How the interpreter reads and writes flags in a game's state. */
export interface FlagAccess<S> {
  has(state: S, flag: string): boolean;
  set(state: S, flag: string, on: boolean): S;
}

type OpSchemas = Record<string, z.ZodObject>;

export type OpParams<T extends z.ZodObject> = z.output<T>;

/** One handler per game op. Handlers are pure: chance comes from `ctx` (e.g. `ctx.rng`). */
export type EffectHandlers<Ops extends OpSchemas, S, C> = {
  readonly [K in keyof Ops]: (state: S, params: OpParams<Ops[K]>, ctx: C) => Result<EffectStep<S>, Rejection>;
} & { readonly flags: FlagAccess<S> };

/** The effect language of one game: its schemas and its interpreter. */
export interface EffectLanguage<Ops extends OpSchemas> {
  /** One effect (common ops and the game's ops). */
  readonly effect: z.ZodType<Effect>;
  /** A list of effects: what packs write under `effects:`. */
  readonly schema: z.ZodType<Effect[]>;
  readonly condition: z.ZodType<Condition>;
  readonly ops: readonly string[];
  /** Runs effects in order until they end or a `choice` needs an answer. */
  interpret<S, C>(effects: readonly Effect[], state: S, handlers: EffectHandlers<Ops, S, C>, ctx: C): Result<EffectRun<S>, Rejection>;
  /** Continues a run from its stored continuation with the index of the chosen option. */
  resume<S, C>(
    continuation: Continuation,
    answer: number,
    state: S,
    handlers: EffectHandlers<Ops, S, C>,
    ctx: C,
  ): Result<EffectRun<S>, Rejection>;
}

/** Guards against content whose handlers keep splicing effects forever. */
export const MAX_EFFECT_STEPS = 10_000;

const flagName = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, expecting('flagName'));
const textKey = z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, expecting('textId'));

const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ flag: flagName }),
    z.strictObject({ not: conditionSchema }),
    z.strictObject({ all: z.array(conditionSchema).min(1) }),
    z.strictObject({ any: z.array(conditionSchema).min(1) }),
  ]),
);

/** True when the condition holds for these flags. */
export function evaluateCondition<S>(condition: Condition, state: S, flags: FlagAccess<S>): boolean {
  if ('flag' in condition) return flags.has(state, condition.flag);
  if ('not' in condition) return !evaluateCondition(condition.not, state, flags);
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, state, flags));
  return condition.any.some((c) => evaluateCondition(c, state, flags));
}

/**
 * Builds a game's effect language from its own ops (ARCHITECTURE.md "Content packs"). Give the ops as
 * object schemas without `op`, or as a function of the effect-list schema when an op nests effects:
 * `defineEffects((effects) => ({ skillTest: z.object({ target: z.number(), onSuccess: effects }) }))`.
 * Op objects are made strict, so an unknown key in a pack is refused.
 */
export function defineEffects<Ops extends OpSchemas>(ops: Ops | ((effects: z.ZodType<Effect[]>) => Ops)): EffectLanguage<Ops> {
  // eslint-disable-next-line prefer-const
  let effect: z.ZodType<Effect>;
  const list: z.ZodType<Effect[]> = z.lazy(() => z.array(effect));
  const gameOps = typeof ops === 'function' ? ops(list) : ops;
  for (const name of Object.keys(gameOps)) {
    if ((COMMON_OPS as readonly string[]).includes(name)) throw new Error(`effect op "${name}" is already a common op`);
  }
  const common = [
    z.strictObject({ op: z.literal('text'), key: textKey }),
    z.strictObject({
      op: z.literal('choice'),
      prompt: textKey.optional(),
      options: z
        .array(z.strictObject({ label: textKey, when: conditionSchema.optional(), effects: list }))
        .min(1, expecting('oneOption')),
    }),
    z.strictObject({ op: z.literal('if'), cond: conditionSchema, then: list, else: list.optional() }),
    z.strictObject({ op: z.literal('setFlag'), flag: flagName }),
    z.strictObject({ op: z.literal('clearFlag'), flag: flagName }),
  ];
  const custom = Object.entries(gameOps).map(([name, schema]) => z.strictObject({ ...schema.shape, op: z.literal(name) }));
  effect = z.discriminatedUnion('op', [...common, ...custom] as unknown as [z.ZodObject, ...z.ZodObject[]]) as unknown as z.ZodType<Effect>;
  const opNames = [...COMMON_OPS, ...Object.keys(gameOps)];

  function run<S, C>(
    frames: (readonly Effect[])[],
    state: S,
    handlers: EffectHandlers<Ops, S, C>,
    ctx: C,
  ): Result<EffectRun<S>, Rejection> {
    const output: EffectOutput[] = [];
    const stack = frames.map((f) => f.slice());
    let current = state;
    let steps = 0;
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Effect[];
      const next = top.shift();
      if (next === undefined) {
        stack.pop();
        continue;
      }
      if (++steps > MAX_EFFECT_STEPS) return reject('content.effects.tooManySteps', { limit: MAX_EFFECT_STEPS });
      switch (next.op) {
        case 'text':
          output.push({ key: next['key'] as string });
          break;
        case 'setFlag':
        case 'clearFlag':
          current = handlers.flags.set(current, next['flag'] as string, next.op === 'setFlag');
          break;
        case 'if': {
          const holds = evaluateCondition(next['cond'] as Condition, current, handlers.flags);
          const branch = (holds ? next['then'] : next['else']) as readonly Effect[] | undefined;
          if (branch && branch.length > 0) stack.push(branch.slice());
          break;
        }
        case 'choice': {
          const all = next['options'] as readonly { label: string; when?: Condition; effects: readonly Effect[] }[];
          const open = all
            .filter((o) => o.when === undefined || evaluateCondition(o.when, current, handlers.flags))
            .map((o) => ({ label: o.label, effects: o.effects }));
          if (open.length === 0) break;
          const remaining = stack.filter((f) => f.length > 0);
          const prompt: ChoicePrompt =
            next['prompt'] === undefined
              ? { kind: 'choice', options: open.map((o) => o.label) }
              : { kind: 'choice', prompt: next['prompt'] as string, options: open.map((o) => o.label) };
          return ok({ done: false, state: current, output, pending: { prompt, continuation: { frames: remaining, options: open } } });
        }
        default: {
          const handler = (handlers as unknown as Record<string, (s: S, p: unknown, c: C) => Result<EffectStep<S>, Rejection>>)[next.op];
          if (typeof handler !== 'function' || !opNames.includes(next.op)) return reject('content.effects.unknownOp', { op: next.op });
          const stepped = handler(current, next, ctx);
          if (!stepped.ok) return stepped;
          current = stepped.value.state;
          if (stepped.value.output) output.push(...stepped.value.output);
          if (stepped.value.stop) return ok({ done: true, state: current, output });
          if (stepped.value.then && stepped.value.then.length > 0) stack.push(stepped.value.then.slice());
        }
      }
    }
    return ok({ done: true, state: current, output });
  }

  return {
    effect,
    schema: list,
    condition: conditionSchema,
    ops: opNames,
    interpret: (effects, state, handlers, ctx) => run([effects], state, handlers, ctx),
    resume(continuation, answer, state, handlers, ctx) {
      const chosen = continuation.options[answer];
      if (!Number.isInteger(answer) || chosen === undefined) {
        return reject('content.effects.badAnswer', { answer, options: continuation.options.length });
      }
      return run([...continuation.frames, chosen.effects], state, handlers, ctx);
    },
  };
}
