import { z } from 'zod';

const seat = z.number().int().min(0).max(5);
const ref = z.string().min(1).max(80);

/** Game options (`/game new options:`); the README cites the rulebook passages behind the two readings. */
export const comaWardOptionsSchema = z
  .strictObject({
    /** §Quirk Cards: `quirks=false` leaves them out for a first game. */
    quirks: z.boolean().default(true),
    /** §Prologue Setup: the seat (from 1) of whoever was most recently in hospital. */
    first: z.number().int().min(1).max(6).default(1),
    /** Damage by the weapon's Damage Rating (§Attacking) or by the success Differential (Glossary). */
    damage: z.enum(['rating', 'differential']).default('rating'),
    /** Moves by Dexterity (§Your Character Statistics) or by Health (Glossary "Move"). */
    moves: z.enum(['dexterity', 'health']).default('dexterity'),
  });
export type ComaWardOptionsInput = z.infer<typeof comaWardOptionsSchema>;

/** One schema per command type (issue 16 "Commands and prompts"). */
export const comaWardCommandSchemas = {
  /** §Movement: to a reachable space (autocomplete lists them with their cost). */
  move: z.strictObject({ to: ref }),
  /** §Movement: the elevator here, one move and a die. */
  elevator: z.strictObject({}),
  /** The floor chosen among those the elevator's die allowed; none to stay. */
  ride: z.strictObject({ floor: ref.optional() }),
  reveal: z.strictObject({}),
  rummage: z.strictObject({}),
  /** `target`: a seat number, or an enemy's id in the phenomenon. */
  attack: z.strictObject({ target: ref }),
  steal: z.strictObject({ target: ref }),
  /** §Medicine as an Attack. */
  medicine: z.strictObject({ target: ref, item: ref }),
  defend: z.strictObject({ how: z.enum(['dodge', 'counter']) }),
  dodge: z.strictObject({ to: ref }),
  takeItem: z.strictObject({ item: ref }),
  /** §Trading Items: an offer the other player accepts or declines. */
  trade: z.strictObject({ with: seat, give: z.array(ref).max(12).default([]), take: z.array(ref).max(12).default([]) }),
  tradeAnswer: z.strictObject({ accept: z.boolean() }),
  use: z.strictObject({ item: ref }),
  drop: z.strictObject({ item: ref }),
  pickup: z.strictObject({}),
  neurosis: z.strictObject({}),
  /** §Quirk Cards: a counter about the person at the table, declared by its owner. */
  declare: z.strictObject({}),
  endturn: z.strictObject({}),
  /** The narrator's reading button, with an optional line of their own. */
  narrate: z.strictObject({ line: z.string().trim().max(200).optional() }),
  /** The bot reads for an absent narrator (their timeout, or the host). */
  botRead: z.strictObject({}),
  /** The active player's hallucination choice. */
  choose: z.strictObject({ option: ref }),
  /** The answer to a pack `choice`: the index of the option. */
  answer: z.strictObject({ index: z.number().int().min(0).max(9) }),
  discard: z.strictObject({ item: ref }),
  /** §Entity Cards: an eliminated player's ability on a living player, resolved after the current action. */
  entity: z.strictObject({ target: seat }),
} as const;

export type ComaWardCommandType = keyof typeof comaWardCommandSchemas;
