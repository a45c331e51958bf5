import { ok, reject, type Rejection, type Result } from '../core/index.ts';

/**
 * Parses the free-form `options:` of `/game new`: `key=value` pairs separated by spaces, e.g.
 * `characters=3 page=orchard startAvatars=ling,marcia`. Numbers and true/false become values of their
 * type, comma lists become arrays; the game's own schema then decides what is valid.
 */
export function parseGameOptions(text: string | null | undefined): Result<Record<string, unknown>, Rejection> {
  const options: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const pair of (text ?? '').trim().split(/\s+/).filter(Boolean)) {
    const match = /^([A-Za-z][A-Za-z0-9]{0,39})=(.{1,200})$/.exec(pair);
    if (!match) return reject('core.game.badOptionSyntax', { pair: pair.slice(0, 40) });
    const [, key, raw] = match as unknown as [string, string, string];
    if (Object.hasOwn(options, key)) return reject('core.game.badOptionSyntax', { pair: pair.slice(0, 40) });
    options[key] = raw.includes(',') ? raw.split(',').filter(Boolean).map(scalar) : scalar(raw);
  }
  return ok({ ...options });
}

function scalar(raw: string): string | number | boolean {
  if (/^-?\d{1,15}(\.\d+)?$/.test(raw)) return Number(raw);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return raw;
}
