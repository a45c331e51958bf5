-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('lobby', 'playing', 'finished', 'abandoned');

-- CreateEnum
CREATE TYPE "SeatRole" AS ENUM ('player', 'spectator');

-- CreateEnum
CREATE TYPE "OutboxStatus" AS ENUM ('pending', 'sending', 'sent', 'failed', 'dead');

-- CreateTable
CREATE TABLE "GuildSettings" (
    "guildId" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "hostRoleId" TEXT,
    "policy" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "GuildSettings_pkey" PRIMARY KEY ("guildId")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "threadId" TEXT,
    "gameType" TEXT NOT NULL,
    "packId" TEXT,
    "packVersion" TEXT,
    "rulesVersion" TEXT NOT NULL,
    "seed" INTEGER NOT NULL,
    "options" JSONB NOT NULL,
    "status" "GameStatus" NOT NULL DEFAULT 'lobby',
    "hostUserId" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "seq" INTEGER NOT NULL DEFAULT 0,
    "state" JSONB,
    "stateHash" TEXT,
    "genesis" JSONB,
    "policy" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "lastActivityAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seat" (
    "id" SERIAL NOT NULL,
    "gameId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "userName" TEXT NOT NULL,
    "role" "SeatRole" NOT NULL DEFAULT 'player',
    "prefs" JSONB NOT NULL DEFAULT '{}',
    "awayUntil" TIMESTAMPTZ(3),
    "joinedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Seat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameCommand" (
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "args" JSONB NOT NULL,
    "seat" INTEGER,
    "asHost" BOOLEAN NOT NULL DEFAULT false,
    "actorUserId" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "nonce" TEXT NOT NULL,
    "stateHashAfter" TEXT NOT NULL,
    "irreversible" BOOLEAN NOT NULL DEFAULT false,
    "undone" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GameCommand_pkey" PRIMARY KEY ("gameId","seq")
);

-- CreateTable
CREATE TABLE "Outbox" (
    "id" BIGSERIAL NOT NULL,
    "gameId" TEXT,
    "kind" TEXT NOT NULL,
    "target" JSONB NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "OutboxStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "sentRef" TEXT,
    "claimedBy" TEXT,
    "claimedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Campaign" (
    "id" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "gameType" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "progress" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Campaign_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentPack" (
    "id" TEXT NOT NULL,
    "guildId" TEXT,
    "gameType" TEXT NOT NULL,
    "packId" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "uploadedBy" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContentPack_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Game_threadId_key" ON "Game"("threadId");

-- CreateIndex
CREATE INDEX "Game_guildId_status_idx" ON "Game"("guildId", "status");

-- CreateIndex
CREATE INDEX "Game_status_lastActivityAt_idx" ON "Game"("status", "lastActivityAt");

-- CreateIndex
CREATE INDEX "Seat_userId_idx" ON "Seat"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_gameId_index_key" ON "Seat"("gameId", "index");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_gameId_userId_key" ON "Seat"("gameId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "GameCommand_gameId_nonce_key" ON "GameCommand"("gameId", "nonce");

-- CreateIndex
CREATE INDEX "Outbox_status_nextAttemptAt_idx" ON "Outbox"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Outbox_gameId_idx" ON "Outbox"("gameId");

-- CreateIndex
CREATE UNIQUE INDEX "Campaign_guildId_gameType_name_key" ON "Campaign"("guildId", "gameType", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ContentPack_guildId_gameType_packId_version_key" ON "ContentPack"("guildId", "gameType", "packId", "version");

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameCommand" ADD CONSTRAINT "GameCommand_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
