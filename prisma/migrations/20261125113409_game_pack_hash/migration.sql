-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "packHash" TEXT;
