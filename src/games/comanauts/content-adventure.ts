import { z } from 'zod';
import { expecting, type Need } from '../../content/expected.ts';

/**
 * The adventure around the pages (docs/comanauts-adventure.md): comazones, I.D.s, clue cards and totems.
 * Four optional files; a pack with none of them plays one page as before. With `comazones.yaml` every one
 * of the four is required and the checks below bind them together.
 */

interface Parts {
  readonly text: z.ZodType<{ en: string; es: string }>;
  readonly id: z.ZodString;
}

const code = z.string().regex(/^\d{7}$/, expecting('comanauts.idCode'));

export function adventureSchemas(p: Parts) {
  const { text, id } = p;
  const comazone = z
    .object({
      id,
      /** The place, as the Nexus card names it. */
      name: text,
      /** The emotion and the age the memory belongs to ("Fear, childhood"). */
      memory: text,
      /** The card's short story, read at the Nexus. */
      text: text.optional(),
      /** The page the comazone begins on (Rules §Game Setup 7, §The Nexus). */
      start: id,
      /** The final confrontation page: where the Prime I.D. can be met when this is its home. */
      final: id,
      /** Rules §Totems: the party may only choose this comazone at the Nexus with its totem equipped. */
      needsTotem: z.boolean().optional(),
    })
    .strict();
  const identity = z
    .object({
      id,
      /** The enemy card (enemies.yaml, `kind: entity`) the I.D. fights as: name, defence, actions. */
      enemy: id,
      /** The identification code: the book's `encounter { code }` and the five clue cards carry it. */
      code,
      /** Its home comazone (Rules §Game Setup 7). */
      comazone: id,
      /** A copy of the Fear I.D., removed at setup (Rules §Game Setup 6). */
      fear: z.boolean().optional(),
    })
    .strict();
  const clue = z
    .object({
      /** Opaque: must not contain the id of an I.D. or an enemy (clue ids reach public events). */
      id,
      /** The identification code of the I.D. this clue belongs to. */
      code,
      text,
      /** What reading it lets the players cross off in the notebook (never its own I.D. or comazone). */
      rulesOut: z.object({ comazones: z.array(id).default([]), ids: z.array(id).default([]) }).strict().optional(),
    })
    .strict();
  const totem = z
    .object({
      /** The totem's item card (items.yaml): equipped like any item (Rules §Totems). */
      item: id,
      comazone: id,
    })
    .strict();
  return {
    files: {
      comazones: z.array(comazone).optional(),
      ids: z.array(identity).optional(),
      clues: z.array(clue).optional(),
      totems: z.array(totem).optional(),
    },
  };
}

export interface AdventurePack {
  readonly items: readonly { readonly id: string }[];
  readonly avatars: readonly { readonly suspicious: readonly string[] }[];
  readonly enemies: readonly { readonly id: string; readonly kind: string; readonly code?: string | undefined }[];
  readonly pages: readonly { readonly id: string; readonly comazone: string }[];
  readonly comazones?: readonly { readonly id: string; readonly start: string; readonly final: string }[] | undefined;
  readonly ids?: readonly { readonly id: string; readonly enemy: string; readonly code: string; readonly comazone: string; readonly fear?: boolean | undefined }[] | undefined;
  readonly clues?: readonly { readonly id: string; readonly code: string; readonly rulesOut?: { readonly comazones: readonly string[]; readonly ids: readonly string[] } | undefined }[] | undefined;
  readonly totems?: readonly { readonly item: string; readonly comazone: string }[] | undefined;
}

/** I.D.s revealed at setup (Rules §Game Setup 6). */
export const REVEALED_IDS = 5;
/** Clue cards per identification code (Rules §Game Setup 10). */
export const CLUES_PER_ID = 5;

/** Cross references of the adventure files (docs/comanauts-adventure.md, "Checks"). */
export function checkAdventure(pack: AdventurePack, need: Need<'comanauts'>): void {
  const present = [pack.comazones, pack.ids, pack.clues, pack.totems].map((x) => x !== undefined);
  if (!present.some(Boolean)) return;
  need(present.every(Boolean), [], 'adventureFiles');
  const zones = pack.comazones ?? [];
  const ids = pack.ids ?? [];
  const clues = pack.clues ?? [];
  const zoneIds = new Set(zones.map((z) => z.id));
  const idIds = new Set(ids.map((x) => x.id));
  const pageOf = new Map(pack.pages.map((pg) => [pg.id, pg]));
  const entities = new Map(pack.enemies.filter((e) => e.kind === 'entity').map((e) => [e.id, e]));
  const items = new Set(pack.items.map((i) => i.id));

  zones.forEach((z, i) => {
    for (const k of ['start', 'final'] as const) {
      const pg = pageOf.get(z[k]);
      need(pg !== undefined, ['comazones', i, k], 'unknownPage', { id: z[k] });
      if (pg) need(pg.comazone === z.id, ['comazones', i, k], 'pageOfZone', { page: pg.id, zone: pg.comazone, asked: z.id });
    }
  });
  const codes = new Map<string, number>();
  ids.forEach((x, i) => {
    need(zoneIds.has(x.comazone), ['ids', i, 'comazone'], 'unknownComazone', { id: x.comazone });
    const e = entities.get(x.enemy);
    need(e !== undefined, ['ids', i, 'enemy'], 'noEntity', { id: x.enemy });
    if (e?.code !== undefined) need(e.code === x.code, ['ids', i, 'code'], 'enemyCode', { id: x.enemy, code: e.code });
    if (!x.fear) {
      need(!codes.has(x.code), ['ids', i, 'code'], 'codeTaken', { code: x.code });
      codes.set(x.code, 0);
    }
  });
  const playable = ids.filter((x) => !x.fear);
  need(playable.length >= REVEALED_IDS, ['ids'], 'revealedIds', { ids: REVEALED_IDS });
  need(new Set(playable.map((x) => x.comazone)).size >= 2, ['ids'], 'twoComazones');
  const fearCodes = new Set(ids.filter((x) => x.fear).map((x) => x.code));
  clues.forEach((c, i) => {
    const owner = playable.find((x) => x.code === c.code);
    need(owner !== undefined || fearCodes.has(c.code), ['clues', i, 'code'], 'noIdHasCode', { code: c.code });
    if (owner) codes.set(c.code, (codes.get(c.code) ?? 0) + 1);
    const named = [...idIds, ...entities.keys()].find((x) => c.id.includes(x));
    need(named === undefined, ['clues', i, 'id'], 'clueIdNames', { id: c.id, name: named ?? '' });
    (c.rulesOut?.comazones ?? []).forEach((z, j) => {
      need(zoneIds.has(z), ['clues', i, 'rulesOut', 'comazones', j], 'unknownComazone', { id: z });
      need(owner?.comazone !== z, ['clues', i, 'rulesOut', 'comazones', j], 'ownComazone');
    });
    (c.rulesOut?.ids ?? []).forEach((x, j) => {
      need(idIds.has(x), ['clues', i, 'rulesOut', 'ids', j], 'unknownId', { id: x });
      need(owner?.id !== x, ['clues', i, 'rulesOut', 'ids', j], 'ownId');
    });
  });
  for (const [c, n] of codes) need(n === CLUES_PER_ID, ['clues'], 'cluesPerCode', { code: c, cards: n, needed: CLUES_PER_ID });
  (pack.totems ?? []).forEach((t, i) => {
    need(items.has(t.item), ['totems', i, 'item'], 'unknownItem', { id: t.item });
    need(zoneIds.has(t.comazone), ['totems', i, 'comazone'], 'unknownComazone', { id: t.comazone });
  });
  pack.avatars.forEach((a, i) => a.suspicious.forEach((z, j) => need(zoneIds.has(z), ['avatars', i, 'suspicious', j], 'unknownComazone', { id: z })));
}
