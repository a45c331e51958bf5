export * from './types.ts';
export { createScheduler, type CreateSchedulerOptions } from './create.ts';
export { InProcessScheduler, ManualClock, OffsetClock, systemClock, type Clock, type InProcessOptions } from './in-process.ts';
export type { BullScheduler, BullSchedulerOptions } from './bullmq.ts';
export { MemoryDueStore } from './memory-store.ts';
export * from './policy.ts';
export * from './zoned-time.ts';
export { PrismaDueStore, type JobRef, type SqlClient, type StoredJob, type TicketCheck } from './prisma-store.ts';
