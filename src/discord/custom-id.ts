import { z } from 'zod';

/**
 * Button custom ids: `tk1|<kind>|<gameId>|<seq>|<a>|<b>`. They name a game, the seq the button was
 * drawn for (a click on an older table is refused) and indexes, never a secret value: `prompt` a = prompt,
 * b = option; `legal` a = index among the seat's legal commands, b = the seat it was drawn for; `mute`
 * a = seat. The game named is checked against where the button is pressed (`services.button`).
 * Discord caps a custom id at 100 characters.
 * @see https://discord.com/developers/docs/interactions/message-components#custom-id
 */
export const customIdSchema = z.object({
  kind: z.enum(['join', 'start', 'prompt', 'legal', 'mute', 'secrets']),
  gameId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  seq: z.number().int().min(0).max(999_999_999),
  a: z.number().int().min(0).max(999).default(0),
  b: z.number().int().min(0).max(999).default(0),
});

export type CustomId = z.infer<typeof customIdSchema>;

export function encodeCustomId(id: z.input<typeof customIdSchema>): string {
  const parsed = customIdSchema.parse(id);
  return ['tk1', parsed.kind, parsed.gameId, parsed.seq, parsed.a, parsed.b].join('|');
}

/** Parses a custom id from Discord; anything unexpected gives `null` (answered as a malformed button). */
export function decodeCustomId(raw: string): CustomId | null {
  if (raw.length > 100) return null;
  const parts = raw.split('|');
  if (parts.length !== 6 || parts[0] !== 'tk1') return null;
  const num = (s: string | undefined) => (s !== undefined && /^\d{1,9}$/.test(s) ? Number(s) : Number.NaN);
  const parsed = customIdSchema.safeParse({ kind: parts[1], gameId: parts[2], seq: num(parts[3]), a: num(parts[4]), b: num(parts[5]) });
  return parsed.success ? parsed.data : null;
}
