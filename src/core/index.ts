export * from './result.ts';
export * from './rng.ts';
export * from './hash.ts';
export * from './game.ts';
export * from './kernel.ts';
