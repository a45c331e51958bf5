import { z } from 'zod';
import type { Need } from '../../content/expected.ts';

/** The 13th Passenger mods a game may play (game option `mods`): A, B and D (README "13th Passenger"). */
export const passengerMods = ['survivors', 'asteroids', 'hunt'] as const;
export type PassengerMod = (typeof passengerMods)[number];

/** Mod D, what a search or the hunt's end does in the showdown's pool (a closed language). */
const huntEffectSchema = z.discriminatedUnion('op', [
  /** Halon gas blast tokens added to (n > 0) or taken from (n < 0) the crew pool. */
  z.strictObject({ op: z.literal('halon'), n: z.number().int().min(-2).max(2) }),
  /** Hostility tokens added to or taken from the lifeform's supply. */
  z.strictObject({ op: z.literal('tokens'), n: z.number().int().min(-3).max(3) }),
  z.strictObject({ op: z.literal('lifeformDraws'), n: z.number().int().min(1).max(2) }),
  /** The lifeform discards cards at random from its hand (never its last one). */
  z.strictObject({ op: z.literal('lifeformDiscards'), n: z.number().int().min(1).max(2) }),
  /** The Remora token leaves the crew pool. */
  z.strictObject({ op: z.literal('loseRemora') }),
]);
export type HuntEffect = z.infer<typeof huntEffectSchema>;

/** The Remora board's actions for a number of surviving crew disks, in order (Mod D). */
export const huntActions = ['halon', 'reveal', 'search'] as const;
export type HuntAction = (typeof huntActions)[number];

/**
 * `expansions.yaml` `passenger` (13th Passenger, summary page 11), built from the base pack's own pieces
 * so that this file imports nothing from content.ts.
 */
export function passengerSchema<C extends z.ZodType, E extends z.ZodType, T extends z.ZodType, I extends z.ZodType>(parts: { character: C; terrorEffect: E; text: T; id: I }) {
  const section = z.strictObject({ text: parts.text, effects: z.array(huntEffectSchema).max(3).default([]) });
  return z.strictObject({
    /** Mod A: the new characters, joining the pool of disks offered at §SETUP. */
    survivors: z.array(parts.character).min(1).optional(),
    /** Mod B: four face-down impact tokens on four self-destruct minutes, three impact cards. */
    asteroids: z
      .strictObject({
        minutes: z.array(z.number().int().min(1).max(30)).length(4),
        strikes: z.number().int().min(1).max(4),
        cards: z.array(z.strictObject({ id: parts.id, name: parts.text, text: parts.text, effects: z.array(parts.terrorEffect).min(1) })).length(3),
      })
      .optional(),
    /** Mod D: five shuttlecraft locations and the Remora board's actions by surviving crew disks (1 to 4). */
    shuttlecraft: z
      .strictObject({
        locations: z
          .array(z.strictObject({ id: parts.id, name: parts.text, engineering: z.boolean().default(false), discovered: section, failed: section, hidden: section }))
          .length(5),
        actions: z.strictObject({ '1': z.array(z.enum(huntActions)).min(1).max(6), '2': z.array(z.enum(huntActions)).min(1).max(6), '3': z.array(z.enum(huntActions)).min(1).max(6), '4': z.array(z.enum(huntActions)).min(1).max(6) }),
      })
      .optional(),
  });
}

interface PassengerShape {
  readonly survivors?: readonly { readonly id: string }[];
  readonly asteroids?: { readonly minutes: readonly number[]; readonly cards: readonly { readonly id: string }[] };
  readonly shuttlecraft?: { readonly locations: readonly { readonly id: string; readonly engineering: boolean }[]; readonly actions: Readonly<Record<string, readonly string[]>> };
}

/** Cross checks of the 13th Passenger section: ids unique in the pack, minutes on the track, one Engineering Compartment, a search for every disk count. */
export function checkPassenger(p: PassengerShape, ids: Set<string>, minutes: readonly (number | null)[], need: Need<'lifeform'>): void {
  const base = ['expansions', 'passenger'];
  const unique = (list: readonly { id: string }[], path: string[]): void =>
    list.forEach((x, i) => {
      need(!ids.has(x.id), [...base, ...path, i, 'id'], 'uniqueId', { id: x.id });
      ids.add(x.id);
    });
  unique(p.survivors ?? [], ['survivors']);
  if (p.asteroids) {
    unique(p.asteroids.cards, ['asteroids', 'cards']);
    p.asteroids.minutes.forEach((m, i) => need(minutes.includes(m), [...base, 'asteroids', 'minutes', i], 'trackMinute', { minute: String(m) }));
    need(new Set(p.asteroids.minutes).size === 4, [...base, 'asteroids', 'minutes'], 'fourMinutes');
  }
  if (p.shuttlecraft) {
    unique(p.shuttlecraft.locations, ['shuttlecraft', 'locations']);
    need(p.shuttlecraft.locations.filter((l) => l.engineering).length === 1, [...base, 'shuttlecraft', 'locations'], 'oneEngineering');
    for (const [n, list] of Object.entries(p.shuttlecraft.actions)) need(list.includes('search'), [...base, 'shuttlecraft', 'actions', n], 'oneSearch');
  }
}
