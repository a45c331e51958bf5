-- CreateEnum
CREATE TYPE "CampaignStatus" AS ENUM ('active', 'ended');

-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "carried" JSONB,
ADD COLUMN     "channelId" TEXT NOT NULL,
ADD COLUMN     "dormantAt" TIMESTAMPTZ(3),
ADD COLUMN     "homeId" TEXT,
ADD COLUMN     "journalId" TEXT,
ADD COLUMN     "lastActivityAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'en',
ADD COLUMN     "organiserUserId" TEXT NOT NULL,
ADD COLUMN     "packHash" TEXT,
ADD COLUMN     "packId" TEXT,
ADD COLUMN     "packVersion" TEXT,
ADD COLUMN     "policy" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "status" "CampaignStatus" NOT NULL DEFAULT 'active';

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "campaignId" TEXT,
ADD COLUMN     "campaignIndex" INTEGER,
ADD COLUMN     "carried" JSONB;

-- CreateTable
CREATE TABLE "CampaignMember" (
    "id" SERIAL NOT NULL,
    "campaignId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "userName" TEXT NOT NULL,
    "joinedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leftAt" TIMESTAMPTZ(3),

    CONSTRAINT "CampaignMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CampaignEntry" (
    "id" SERIAL NOT NULL,
    "campaignId" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "recap" JSONB NOT NULL,
    "carried" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CampaignEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CampaignMember_campaignId_userId_key" ON "CampaignMember"("campaignId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "CampaignEntry_gameId_key" ON "CampaignEntry"("gameId");

-- CreateIndex
CREATE UNIQUE INDEX "CampaignEntry_campaignId_index_key" ON "CampaignEntry"("campaignId", "index");

-- CreateIndex
CREATE INDEX "Campaign_guildId_status_idx" ON "Campaign"("guildId", "status");

-- CreateIndex
CREATE INDEX "Game_campaignId_idx" ON "Game"("campaignId");

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignMember" ADD CONSTRAINT "CampaignMember_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignEntry" ADD CONSTRAINT "CampaignEntry_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;
