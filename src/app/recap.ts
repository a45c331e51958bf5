import { ok, publicStepsSince, reject, type Genesis, type PublicStep } from '../core/index.ts';
import { lastOwnCommandSeq, latestCheckpoint, loadLog, loadLogAfter, rulesCheckpoints } from '../store/index.ts';
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
      const sinceSeq = member.role === 'player' ? await lastOwnCommandSeq(prisma, g.id, member.index, userId) : null;
      // Replayed from the latest checkpoint at or before the member's last move (an undo never reaches
      // behind a checkpoint), or from the last rules checkpoint when it is newer (older rules may be gone):
      // a turn message reads at most a checkpoint's span of the log, however long the game.
      const rules = (await rulesCheckpoints(prisma, g.id)).at(-1);
      const from = rules && rules.seq > (sinceSeq ?? 0) ? rules : ((await latestCheckpoint(prisma, g.id, sinceSeq ?? 0)) ?? rules);
      const log = from ? await loadLogAfter(prisma, g.id, from.seq) : await loadLog(prisma, g.id);
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
