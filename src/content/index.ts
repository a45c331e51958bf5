/*
 * Content packs: loading, validation, registry, and the shared effect language.
 * Pure code (src/games/<id>/) imports `effects.ts` and `schema.ts` directly, never this index, because
 * the loader and registry read files.
 */
export * from './effects.ts';
export * from './schema.ts';
export * from './parse.ts';
export * from './load-dir.ts';
export * from './registry.ts';
export * from './cli.ts';
export * from './lock.ts';
export * from './error-text.ts';
