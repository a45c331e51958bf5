import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { resolvePolicy, type GamePolicy, type PolicyInput } from '../scheduler/index.ts';
import { mergePolicy } from './schedule-plan.ts';
import type { AppResult } from './types.ts';

/** A server's defaults for new games (`/defaults`, issue 5): read and changed apart from any game. */
export function createServerDefaults(prisma: PrismaClient) {
  return {
    /** The server's defaults for new games (the built-in ones where the server set none). */
    async guildDefaults(guildId: string): AppResult<GamePolicy> {
      const guild = await prisma.guildSettings.findUnique({ where: { guildId } });
      return resolvePolicy((guild?.policy ?? {}) as PolicyInput, undefined);
    },

    /**
     * Changes the server's defaults (the Discord edge checks the Manage Server permission). Games keep
     * their own settings on top; a bad value is refused with the path and nothing changes.
     */
    async setGuildDefaults(guildId: string, patch: PolicyInput): AppResult<GamePolicy> {
      const guild = await prisma.guildSettings.findUnique({ where: { guildId } });
      const current = (guild?.policy ?? {}) as Record<string, Record<string, unknown>>;
      const merged = mergePolicy(current, patch);
      const resolved = resolvePolicy(merged as PolicyInput, undefined);
      if (!resolved.ok) return resolved;
      const policy = merged as Prisma.InputJsonValue;
      await prisma.guildSettings.upsert({ where: { guildId }, create: { guildId, policy }, update: { policy } });
      return resolved;
    },
  };
}
