/*
 * Rendering primitives for table images. A game's `render.ts` imports only this file, so every game
 * draws dice, tokens and cards the same way and nothing else reaches canvas directly.
 */
export * from './palette.ts';
export * from './surface.ts';
export * from './draw.ts';
export * from './registry.ts';
