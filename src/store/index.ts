export { DEFAULT_TIMEOUTS, MAX_NAMED_STATEMENTS, QUERY_GRACE_MS, openDatabase, poolSettings, statementNamer, type Database, type DatabaseTimeouts, type OpenDatabaseOptions } from './client.ts';
export { databaseFault, isDatabaseUnavailable, isNotFound, isUniqueViolation, type DatabaseFault } from './errors.ts';
export { migrate, type MigrateOptions } from './migrate.ts';
export {
  createGame,
  openGameLimitReached,
  type CreateGameResult,
  type OpenGameLimit,
  type OpenGameLimits,
  getGame,
  findGameByThread,
  startGame,
  setGameStatus,
  loadLog,
  loadLogAfter,
  lastOwnCommandSeq,
  findCommandByNonce,
  confirmCommand,
  appendCommand,
  refreshCache,
  toLogEntry,
  type Game,
  type Seat,
  type GameWithSeats,
  type GameRowStatus,
  type NewGameRow,
  type StartGameInput,
  type AppendInput,
  type AppendResult,
} from './games.ts';
export { insertImportedGame, loadBackup, type ImportGameRow, type BackupRows } from './imports.ts';
export { addSpectator, joinLobby, leaveLobby, rememberSeatLanguage, SPECTATOR_BASE, type JoinOutcome, type LeaveOutcome, type WatchOutcome } from './seats.ts';
export { changeWaits, type WaitChange } from './clocks.ts';
export { effectiveChoices, membersOf, withMemberChoices, type EffectiveChoices, type MemberChoices, type SeatChoices } from './members.ts';
export {
  enqueue,
  claimDue,
  markSent,
  markSentMany,
  supersedePictures,
  supersedePrompts,
  supersedeTurns,
  releaseClaims,
  type PendingTurnRow,
  type TurnSupersession,
  markRetry,
  markDead,
  markFailed,
  requeueStale,
  renewLeases,
  listOutbox,
  lastTurnMessage,
  liveChoiceMessages,
  markChoicesRetired,
  type ChoiceMessage,
  type TurnMessageRecord,
  type OutboxMessage,
  type OutboxRow,
  type OutboxStatus,
} from './outbox.ts';
export type { PrismaClient } from '../generated/prisma/client.ts';
export { OUTBOX_CHANNEL, openWakeSignal, type Committed, type WakeSignal } from './wake.ts';
export {
  campaignEntries,
  campaignsNamed,
  createCampaign,
  endCampaign,
  findCampaignByChannel,
  getCampaign,
  joinCampaign,
  leaveCampaign,
  moveCampaignPack,
  pinCampaignPack,
  recordCampaignEntry,
  searchCampaigns,
  setCampaignPolicy,
  setOrganiser,
  unrecordedGames,
  type Campaign,
  type CampaignEntry,
  type CampaignMember,
  type CampaignWithRoster,
} from './campaigns.ts';
export { checkpointRows, latestCheckpoint, moveRulesVersion, rulesCheckpoints } from './checkpoints.ts';
