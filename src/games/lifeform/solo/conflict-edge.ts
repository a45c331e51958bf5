import type { ConflictState } from './conflict-types.ts';

type Params = Readonly<Record<string, string | number | boolean>>;

const NS = 'lifeform-conflict';

const iconCodes = (icons: string): string => (icons === '' ? `${NS}.part.nothing` : icons.split(',').map((i) => `${NS}.icons.${i}`).join(','));

/**
 * A conflict event's or refusal's parameters (issue 20) as the edge resolves them (src/discord/present.ts
 * `humanParams`): a zone (1 first) as `zoneCode` with its pack name (`zoneKey`) or its number (`zoneNumber`,
 * the Remora's extra zone has no pack name), icon lists as `…Codes`, a chit, token, reason or icon as
 * `…Code`, a trait as `traitKey`; counts as `count` for plurals. Pure; conflict.ts keeps its own params.
 */
export function edgeParams(params: Params | undefined, conflict: Pick<ConflictState, 'zones' | 'extra'> | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  const named = conflict ? (conflict.extra?.zone ?? conflict.zones.length) : 0;
  for (const [k, v] of Object.entries(params ?? {})) {
    if (k === 'zone' && typeof v === 'number') {
      if (v >= 1 && v <= named) Object.assign(out, { zoneCode: `${NS}.zoneNamed`, zoneKey: `solo.solo.conflict.zones.${v - 1}` });
      else Object.assign(out, { zoneCode: `${NS}.zoneNumber`, zoneNumber: v });
    } else if ((k === 'icons' || k === 'left') && typeof v === 'string') out[`${k}Codes`] = iconCodes(v);
    else if (k === 'icon' && typeof v === 'string') out.iconCode = v === 'plain' ? `${NS}.part.dataPlain` : `${NS}.icon.${v}`;
    else if ((k === 'chit' || k === 'reason' || k === 'token') && typeof v === 'string') out[`${k}Code`] = `${NS}.${k}.${v}`;
    else if (k === 'trait' && typeof v === 'string') out.traitKey = `solo.solo.traits.${v}.name`;
    else out[k] = v;
  }
  if (out.count === undefined && typeof params?.n === 'number') out.count = params.n;
  if (out.count === undefined && typeof params?.survival === 'number') out.count = params.survival;
  return out;
}
