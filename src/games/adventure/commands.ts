import { z } from 'zod';

/**
 * Game options at `/game new`: characters played by a lone player (Rules §Solo game setup: two or more), and
 * who begins (Rules §Game Overview: the group decides), counted from 1 as players count seats; in a solo
 * game it counts characters. `startRefusal` (state.ts) checks it against the seats at start.
 */
export const adventureOptionsSchema = z
  .object({ characters: z.number().int().min(2).max(4).default(2), first: z.number().int().min(1).max(4).default(1) })
  .strict();
export type AdventureOptions = z.infer<typeof adventureOptionsSchema>;

const card = z.number().int().min(10).max(99);
const location = z.number().int().min(100).max(999);
const code = z.union([z.string().regex(/^\d{1,5}$/), z.number().int().min(0).max(99999).transform(String)]);

/** Discord's message limit is 2000 characters; a note stays well inside it with its author line. */
export const NOTE_MAX = 1000;

/**
 * Argument schemas per command type. `combine` takes two or more cards (Rules §About Combining; three keys
 * make one entry) and an optional location the figure must stand at. `give.to` is a character index, which
 * equals the seat index when each player has one character.
 */
export const adventureCommandSchemas = {
  move: z.object({ location }).strict(),
  explore: z.object({ location }).strict(),
  combine: z.object({ cards: z.array(card).min(1).max(4), location: location.optional() }).strict(),
  code: z.object({ value: code, location }).strict(),
  give: z.object({ card, to: z.number().int().min(0).max(3) }).strict(),
  choose: z.object({ option: z.number().int().min(0).max(4) }).strict(),
  hint: z.object({ card: card.optional(), location: location.optional(), dm: z.boolean().optional() }).strict(),
  note: z.object({ text: z.string().trim().min(1).max(NOTE_MAX) }).strict(),
  endTurn: z.object({}).strict(),
} as const;

export type AdventureCommandType = keyof typeof adventureCommandSchemas;
export type MoveArgs = z.infer<typeof adventureCommandSchemas.move>;
export type ExploreArgs = z.infer<typeof adventureCommandSchemas.explore>;
export type CombineArgs = z.infer<typeof adventureCommandSchemas.combine>;
export type CodeArgs = z.infer<typeof adventureCommandSchemas.code>;
export type GiveArgs = z.infer<typeof adventureCommandSchemas.give>;
export type ChooseArgs = z.infer<typeof adventureCommandSchemas.choose>;
export type HintArgs = z.infer<typeof adventureCommandSchemas.hint>;
export type NoteArgs = z.infer<typeof adventureCommandSchemas.note>;
