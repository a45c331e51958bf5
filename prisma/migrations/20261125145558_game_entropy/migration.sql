-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "entropy" JSONB;
