export * from './result.ts';
export * from './rng.ts';
export * from './hash.ts';
export { draftCopy, isSealed, mutableCopy, seal, sealedCopy } from './sealed.ts';
export * from './game.ts';
export * from './kernel.ts';
export { ownValue, PROTOTYPE_NAMES } from './own.ts';
export { publicStepsSince, replayPublic, type PublicEntry, type PublicReplay, type PublicStep } from './history.ts';
export * from './checkpoints.ts';
