-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "seatLimit" INTEGER;
