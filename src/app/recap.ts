import { ok, publicStepsSince, reject, type Genesis, type PublicStep } from '../core/index.ts';
import { loadLog, rulesCheckpoints } from '../store/index.ts';
import type { ArchiveDeps } from './archive.ts';
import { pinOf } from './packs.ts';
import type { AppResult, PackPin } from './types.ts';

/** Steps a recap shows at most; older ones are counted, not listed. */
export const RECAP_STEPS = 12;

/** What happened in a game since one member last acted, from its public events only. */
export interface RecapView extends PackPin {
  readonly gameId: string;
  readonly locale: string;
  /** Seat names, index order, for the events' `seat` parameters. */
  readonly seatNames: readonly string[];
  /** The member's last own command, or null when they have not acted yet (the recap starts at the beginning). */
  readonly sinceSeq: number | null;
  readonly steps: readonly PublicStep[];
  /** Steps left out before the ones listed. */
  readonly omitted: number;
  /** The bot's post about the member's last move (or the first after it) in the game's thread, to link to: what followed is below it. */
  readonly startedAt: { readonly channelId: string; readonly messageId: string } | null;
}

/** Player names by seat index (spectators' seats stay empty). */
function seatNames(seats: readonly { readonly index: number; readonly role: string; readonly userName: string }[]): string[] {
  const names: string[] = [];
  for (const seat of seats) if (seat.role === 'player') names[seat.index] = seat.userName;
  return names;
}

/** `/game recap`: the public story since a member's last move (anyone seated or watching may ask). */
export function createRecap({ prisma, moduleFor, packFor, loadGame }: ArchiveDeps) {
  return {
    async recap(gameId: string, userId: string): AppResult<RecapView> {
      const game = await loadGame(gameId);
      if (!game.ok) return game;
      const g = game.value;
      const member = g.seats.find((s) => s.userId === userId);
      if (!member) return reject('core.notJoined');
      if (g.genesis === null) return reject('core.game.notStarted');
      const module = moduleFor(g.gameType);
      if (!module.ok) return module;
      const pack = await packFor(g);
      if (!pack.ok) return pack;
      const log = await loadLog(prisma, g.id);
      const own = member.role === 'player' ? log.findLast((e) => e.seat === member.index && !e.asHost && e.actorUserId === userId) : undefined;
      const sinceSeq = own?.seq ?? null;
      const from = (await rulesCheckpoints(prisma, g.id)).at(-1);
      const all = publicStepsSince(module.value, g.genesis as unknown as Genesis, log, pack.value?.data, sinceSeq ?? 0, from);
      const steps = all.slice(-RECAP_STEPS);
      const first = await prisma.outbox.findFirst({
        where: { gameId: g.id, kind: 'post', status: 'sent', AND: [{ sentRef: { not: null } }, { NOT: { sentRef: 'superseded' } }], payload: { path: ['seq'], gte: sinceSeq ?? 0 } },
        orderBy: { id: 'asc' },
        select: { target: true, sentRef: true },
      });
      const channelId = (first?.target as { channelId?: string } | null)?.channelId;
      return ok({
        gameId: g.id,
        ...pinOf(g),
        locale: g.locale,
        seatNames: seatNames(g.seats),
        sinceSeq,
        steps,
        omitted: all.length - steps.length,
        startedAt: first?.sentRef && channelId ? { channelId, messageId: first.sentRef } : null,
      });
    },
  };
}
