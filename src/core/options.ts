import type { z } from 'zod';
import type { Rejection } from './result.ts';

const show = (v: unknown): string => (Array.isArray(v) ? v.map(String).join(',') : String(v)).slice(0, 60);

/**
 * Why a game's options were refused, naming the option and what it accepts: an unknown option lists the
 * game's options, an unknown value lists the values that exist, a wrong type or a number out of range says
 * what is expected (`core.game.badOption*` in the core locale). Anything else keeps the generic
 * `core.game.badOptions` with the option's path.
 */
export function optionsRejection(schema: z.ZodType, input: Readonly<Record<string, unknown>>, error: z.ZodError): Rejection {
  const issue = error.issues[0];
  const path = issue?.path.join('.') || '—';
  const option = String(issue?.path[0] ?? '');
  const value = show(input[option]);
  if (issue?.code === 'unrecognized_keys') {
    const shape = (schema as { shape?: Record<string, unknown> }).shape;
    return { code: 'core.game.unknownOption', params: { option: issue.keys.join(', '), known: Object.keys(shape ?? {}).join(', ') } };
  }
  if (issue?.code === 'invalid_value') return { code: 'core.game.badOptionValue', params: { option: path, value, allowed: issue.values.map(String).join(', ') } };
  if (issue?.code === 'invalid_type' && issue.expected === 'boolean') return { code: 'core.game.badOptionValue', params: { option: path, value, allowed: 'true, false' } };
  if (issue?.code === 'invalid_type') return { code: 'core.game.badOptionType', params: { option: path, value, expected: issue.expected } };
  if ((issue?.code === 'too_big' || issue?.code === 'too_small') && typeof input[option] === 'number') {
    const field = (schema as { shape?: Record<string, { minValue?: unknown; maxValue?: unknown; unwrap?: () => { minValue?: unknown; maxValue?: unknown } }> }).shape?.[option];
    const inner = field?.unwrap?.() ?? field;
    if (typeof inner?.minValue === 'number' && typeof inner.maxValue === 'number') return { code: 'core.game.badOptionRange', params: { option: path, value, min: inner.minValue, max: inner.maxValue } };
  }
  return { code: 'core.game.badOptions', params: { path } };
}
