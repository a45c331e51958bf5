import type { LocalGuild } from './types.ts';

/*
 * Permissions in the local Discord: what members, the owner and the bot hold, by bit.
 * @see https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags
 */

/** Permission bits a test may take from (or give back to) the bot by name. */
export const PERMISSION_BITS = {
  ManageChannels: 1n << 4n,
  SendMessages: 1n << 11n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
} as const;
export type PermissionName = keyof typeof PERMISSION_BITS;

/** MANAGE_CHANNELS, needed to create a guild channel. */
export const MANAGE_CHANNELS = PERMISSION_BITS.ManageChannels;
/** SEND_MESSAGES: what starting a forum post needs (CREATE_PUBLIC_THREADS does not apply there). */
export const SEND_MESSAGES = PERMISSION_BITS.SendMessages;

/** What a member who does not own the guild holds. */
export const MEMBER_PERMISSIONS = (
  (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 6n) | (1n << 31n) | (1n << 35n) | (1n << 36n) | (1n << 38n)
).toString();
/** Every bit: the owner's, and the bot's until a test takes some away. */
export const ALL_PERMISSIONS = (1n << 51n) - 1n;
export const OWNER_PERMISSIONS = ALL_PERMISSIONS.toString();

/** A user's permissions in a guild, as `app_permissions` and member objects carry them (a string). */
export function permissionsOf(guild: LocalGuild, userId: string, botId: string): string {
  if (userId === botId) return guild.botPermissions.toString();
  return guild.ownerId === userId ? OWNER_PERMISSIONS : MEMBER_PERMISSIONS;
}

/** Whether the bot holds a permission bit in a guild. */
export function botMay(guild: LocalGuild, bit: bigint): boolean {
  return (guild.botPermissions & bit) === bit;
}
