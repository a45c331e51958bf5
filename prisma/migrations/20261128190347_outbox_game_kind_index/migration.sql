-- DropIndex
DROP INDEX "Outbox_gameId_idx";

-- CreateIndex
CREATE INDEX "Outbox_gameId_kind_id_idx" ON "Outbox"("gameId", "kind", "id");
