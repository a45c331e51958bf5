-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "ending" JSONB;
