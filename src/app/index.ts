export { createApp, type App } from './service.ts';
export { createDispatcher, backoffMs, DEFAULT_LEASE_MS, DM_REFUSED, type Dispatcher, type DispatcherOptions, type Deliver, type DeliveryResult, type TickReport, pingFirst } from './outbox-dispatcher.ts';
export type * from './types.ts';
export { rankMemberGames, type MemberGame } from './overview.ts';
export type { RecapView } from './recap.ts';
export { databaseFault, isDatabaseUnavailable, type DatabaseFault } from '../store/index.ts';
export { addResults, cleanCampaignName, createCampaigns, CAMPAIGN_NAME_MAX, type CampaignRecap, type CampaignView, type Campaigns, type CampaignManager, type Standings } from './campaigns.ts';
export { CAMPAIGN_CONFIRM_MIN, createCampaignPacks, type CampaignPackPlan } from './campaign-packs.ts';
export { CAMPAIGN_FORMAT, createCampaignArchive, type CampaignArchive, type CampaignFile, type CampaignVerifyReport } from './campaign-archive.ts';
