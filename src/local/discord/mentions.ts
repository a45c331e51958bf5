/* Mentions in a message's text, and the ones its `allowed_mentions` lets notify. */

/** User ids mentioned as `<@id>` or `<@!id>` in a message's text. */
export const mentionedUserIds = (content: string): string[] => [...new Set([...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1] ?? ''))];

/**
 * The mentioned users a message notifies: all of them without `allowed_mentions`; with it, all when
 * `parse` holds `users`, else only those listed in `users`.
 * @see https://discord.com/developers/docs/resources/message#allowed-mentions-object
 */
export function allowedMentionIds(content: string, allowed: unknown): string[] {
  const mentioned = mentionedUserIds(content);
  if (typeof allowed !== 'object' || allowed === null) return mentioned;
  const { parse, users } = allowed as { parse?: unknown; users?: unknown };
  if (Array.isArray(parse) && parse.includes('users')) return mentioned;
  const listed = Array.isArray(users) ? users.map(String) : [];
  return mentioned.filter((id) => listed.includes(id));
}
