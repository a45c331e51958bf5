-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "prefsAt" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "Member" (
    "userId" TEXT NOT NULL,
    "prefs" JSONB NOT NULL DEFAULT '{}',
    "awayUntil" TIMESTAMPTZ(3),
    "awaySetAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Member_pkey" PRIMARY KEY ("userId")
);

-- Carry the absence of each member from their seats into their one Member row (issue 14). The /away
-- command always set every open seat of a member to the same date, so that date is the date of the member,
-- and the seats that held it let go of it. Any other seat of that member (taken after the /away, or
-- imported with a date of its own) keeps what it had, stamped just after the Member row so that it still
-- wins until the next /away or /back.
INSERT INTO "Member" ("userId", "awayUntil", "awaySetAt", "updatedAt")
SELECT s."userId", max(s."awayUntil"), now()::timestamptz(3), now()::timestamptz(3)
  FROM "Seat" s JOIN "Game" g ON g."id" = s."gameId"
 WHERE s."role" = 'player' AND s."awayUntil" IS NOT NULL AND g."status" IN ('lobby', 'playing')
 GROUP BY s."userId";

UPDATE "Seat" s
   SET "prefsAt" = s."prefsAt" || jsonb_build_object('awayUntil', to_jsonb((m."awaySetAt" + interval '1 millisecond')::timestamptz(3)))
  FROM "Member" m, "Game" g
 WHERE m."userId" = s."userId" AND g."id" = s."gameId" AND s."role" = 'player'
   AND NOT (g."status" IN ('lobby', 'playing') AND s."awayUntil" IS NOT DISTINCT FROM m."awayUntil");

UPDATE "Seat" s
   SET "awayUntil" = NULL
  FROM "Member" m, "Game" g
 WHERE m."userId" = s."userId" AND g."id" = s."gameId" AND s."role" = 'player'
   AND g."status" IN ('lobby', 'playing') AND s."awayUntil" = m."awayUntil";
