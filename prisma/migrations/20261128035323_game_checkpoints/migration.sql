-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "checkpointSeq" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "GameCheckpoint" (
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "rulesVersion" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "stateHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GameCheckpoint_pkey" PRIMARY KEY ("gameId","seq")
);

-- AddForeignKey
ALTER TABLE "GameCheckpoint" ADD CONSTRAINT "GameCheckpoint_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
