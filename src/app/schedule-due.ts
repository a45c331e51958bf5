import { PrismaDueStore } from '../scheduler/index.ts';
import type { Database } from '../store/index.ts';

/**
 * The check behind every claim: a reminder or deadline job is current only while its seat still waits
 * on the wait it was scheduled for (same `turnSeq`) in a game that is playing and not paused; a
 * campaign's dormancy check while the campaign is active and awake.
 */
export function createDueStore(db: Database): PrismaDueStore {
  const prisma = db.prisma;
  return new PrismaDueStore(prisma, async (ticket) => {
    // A campaign's dormancy check (schedule-campaign.ts) is current while the campaign is active and awake.
    if (ticket.queue === 'dormancy' && typeof ticket.data.campaignId === 'string') {
      const campaign = await prisma.campaign.findUnique({ where: { id: ticket.data.campaignId }, select: { status: true, dormantAt: true } });
      return campaign !== null && campaign.status === 'active' && campaign.dormantAt === null;
    }
    const game = await prisma.game.findUnique({ where: { id: ticket.gameId }, select: { status: true, pausedAt: true, dormantAt: true } });
    if (!game || game.status !== 'playing' || game.pausedAt !== null) return false;
    if (ticket.queue === 'dormancy') return game.dormantAt === null;
    if (ticket.seat === undefined) return true;
    const clock = await prisma.seatClock.findUnique({ where: { gameId_seat: { gameId: ticket.gameId, seat: ticket.seat } } });
    return clock !== null && clock.active && clock.turnSeq === ticket.seq;
  });
}
