import { z } from 'zod';
import { attributeColours } from './content.ts';
import { slotNames } from './state.ts';

const colour = z.enum(attributeColours);
const count = z.number().int().min(0).max(5).default(1);
const purple = z.number().int().min(0).max(5).default(0);
const seat = z.number().int().min(0).max(3);

/** One schema per command type; dice are chosen by colour (issue "Comanauts I", Commands). */
export const comanautsCommandSchemas = {
  /** Rules §Draw Dice: the turn holder draws five dice. */
  draw: z.object({}).strict(),
  /** Rules §Gain Clarity: roll `count` white dice as one roll. */
  rollClarity: z.object({ count: z.number().int().min(1).max(5).default(1) }).strict(),
  /** Rules §Focus: spend two attribute dice, take one of colour `take` from the discard pool. */
  focus: z.object({ spend: z.tuple([colour, colour]), take: colour }).strict(),
  move: z.object({ colour, to: z.string().min(1), spot: z.number().int().min(0).optional() }).strict(),
  reserve: z.object({ colour }).strict(),
  /** Rules §Reserve: the die stored on your sheet back into your hand, on a later turn than you reserved it. */
  useReserve: z.object({}).strict(),
  encourage: z.object({ seat, colour, mode: z.enum(['store', 'clarity']) }).strict(),
  /** Rules §Equip/Trade: one die moves any number of items between you and one avatar in your space. */
  equip: z
    .object({
      colour,
      moves: z.array(z.object({ item: z.string(), seat, to: z.enum([...slotNames, 'inventory']) }).strict()).min(1).max(12),
    })
    .strict(),
  skillTest: z.object({ test: z.string(), colour, count, purple }).strict(),
  removeStatus: z.object({ seat, status: z.string(), colour, count, purple }).strict(),
  groupTask: z.object({ colour, count, purple }).strict(),
  melee: z.object({ enemy: z.string(), count, purple }).strict(),
  ranged: z.object({ enemy: z.string(), count, purple }).strict(),
  search: z.object({ item: z.string(), count, purple }).strict(),
  /** Rules §Clarity: the avatar's ability; `seat`/`status` for status removal, `colour` for fetching a die. */
  ability: z.object({ seat: seat.optional(), status: z.string().optional(), colour: colour.optional() }).strict(),
  /** Rules §Doors: discard any attribute die to remove an unlocked door token beside your avatar. */
  door: z.object({ door: z.string().min(1), colour }).strict(),
  /** Rules §Skill Test, "Environment Cards": use an environment card in play (its test, or its effects). */
  environment: z.object({ card: z.string().min(1), colour: colour.optional(), count, purple }).strict(),
  /** Rules §Item Card: an equipped item's effect (a consumable is discarded). */
  use: z.object({ item: z.string().min(1) }).strict(),
  endActions: z.object({}).strict(),
  /** The answer to the pending prompt: one of its option values. */
  answer: z.object({ value: z.string().min(1) }).strict(),
} as const;

export type ComanautsCommandType = keyof typeof comanautsCommandSchemas;
export type ComanautsArgs<T extends ComanautsCommandType> = z.infer<(typeof comanautsCommandSchemas)[T]>;
