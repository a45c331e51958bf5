import type { GameModule } from '../core/index.ts';
import { adventureGame } from './adventure/index.ts';
import { comanautsGame } from './comanauts/index.ts';

/**
 * The games Turnkeeper hosts, by id. Each module is pure; packs are loaded at the edge and handed in.
 * Ids used everywhere: `comanauts`, `adventure`, `comaward`, `lifeform` (the last two arrive later).
 */
export const gameModules: Readonly<Record<string, GameModule<any, any, any>>> = {
  adventure: adventureGame,
  comanauts: comanautsGame,
};
