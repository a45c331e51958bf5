import type { Checkpoint, Json, Snapshot } from '../core/index.ts';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type CheckpointRow = Prisma.GameCheckpointGetPayload<object>;

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return { seq: row.seq, rulesVersion: row.rulesVersion, snapshot: row.state as unknown as Snapshot, hash: row.stateHash };
}

/** The latest checkpoint of a game at or before `seq` (any kind), or null when it has none. */
export async function latestCheckpoint(prisma: PrismaClient, gameId: string, seq: number): Promise<Checkpoint | null> {
  const row = await prisma.gameCheckpoint.findFirst({ where: { gameId, seq: { lte: seq } }, orderBy: { seq: 'desc' } });
  return row ? toCheckpoint(row) : null;
}

/** A game's rules checkpoints in seq order: the boundaries of its log's segments (exports, verify). */
export async function rulesCheckpoints(prisma: PrismaClient, gameId: string): Promise<Checkpoint[]> {
  const rows = await prisma.gameCheckpoint.findMany({ where: { gameId, kind: 'rules' }, orderBy: { seq: 'asc' } });
  return rows.map(toCheckpoint);
}

/**
 * Moves a game on to another rules version at its current seq: the verified snapshot becomes a `rules`
 * checkpoint (replacing a cadence one at the same seq) and the game row records the new version, in one
 * transaction, only if the game is still at `seq` under `fromVersion`. False when it moved meanwhile.
 */
export async function moveRulesVersion(
  prisma: PrismaClient,
  gameId: string,
  input: { readonly seq: number; readonly fromVersion: string; readonly toVersion: string; readonly snapshot: Snapshot; readonly hash: string },
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const moved = await tx.game.updateMany({
      where: { id: gameId, seq: input.seq, rulesVersion: input.fromVersion },
      data: { rulesVersion: input.toVersion, checkpointSeq: input.seq, version: { increment: 1 } },
    });
    if (moved.count === 0) return false;
    const data = { rulesVersion: input.toVersion, kind: 'rules', state: input.snapshot as unknown as Prisma.InputJsonValue, stateHash: input.hash };
    await tx.gameCheckpoint.upsert({ where: { gameId_seq: { gameId, seq: input.seq } }, create: { gameId, seq: input.seq, ...data }, update: data });
    return true;
  });
}

/** Rows for an imported game's rules checkpoints (`insertImportedGame`). */
export function checkpointRows(checkpoints: readonly Checkpoint[]): { seq: number; rulesVersion: string; kind: string; state: Prisma.InputJsonValue; stateHash: string }[] {
  return checkpoints.map((c) => ({ seq: c.seq, rulesVersion: c.rulesVersion, kind: 'rules', state: c.snapshot as unknown as Json as Prisma.InputJsonValue, stateHash: c.hash }));
}
