-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "dormantAt" TIMESTAMPTZ(3),
ADD COLUMN     "pausedAt" TIMESTAMPTZ(3),
ADD COLUMN     "turnSeq" INTEGER NOT NULL DEFAULT -1;

-- CreateTable
CREATE TABLE "SeatClock" (
    "gameId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "turnSeq" INTEGER NOT NULL DEFAULT -1,
    "kind" TEXT NOT NULL DEFAULT 'turn',
    "turnStartedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "remindersSent" INTEGER NOT NULL DEFAULT 0,
    "stalledSent" BOOLEAN NOT NULL DEFAULT false,
    "extensionsThisTurn" INTEGER NOT NULL DEFAULT 0,
    "extensionsUsed" INTEGER NOT NULL DEFAULT 0,
    "reminderRef" JSONB,

    CONSTRAINT "SeatClock_pkey" PRIMARY KEY ("gameId","seat")
);

-- CreateTable
CREATE TABLE "ScheduledJob" (
    "queue" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "ScheduledJob_pkey" PRIMARY KEY ("queue","key")
);

-- CreateTable
CREATE TABLE "SchedulerClaim" (
    "fireId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "claimedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SchedulerClaim_pkey" PRIMARY KEY ("fireId","attempt")
);

-- CreateIndex
CREATE INDEX "ScheduledJob_gameId_idx" ON "ScheduledJob"("gameId");

-- AddForeignKey
ALTER TABLE "SeatClock" ADD CONSTRAINT "SeatClock_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
