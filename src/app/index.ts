export { createApp, type App } from './service.ts';
export { createDispatcher, backoffMs, DEFAULT_LEASE_MS, DM_REFUSED, type Dispatcher, type DispatcherOptions, type Deliver, type DeliveryResult, type TickReport } from './outbox-dispatcher.ts';
export type * from './types.ts';
export { rankMemberGames, type MemberGame } from './overview.ts';
export type { RecapView } from './recap.ts';
export { databaseFault, isDatabaseUnavailable, type DatabaseFault } from '../store/index.ts';
