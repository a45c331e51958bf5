import type { GameModule } from '../core/index.ts';
import { adventureGame } from './adventure/index.ts';
import { comanautsGame } from './comanauts/index.ts';
import { comaWardGame } from './comaward/index.ts';
import { lifeformGame } from './lifeform/index.ts';

/**
 * The games Turnkeeper hosts, by id. Each module is pure; packs are loaded at the edge and handed in.
 * Ids used everywhere: `comanauts`, `adventure`, `comaward`, `lifeform`.
 */
export const gameModules: Readonly<Record<string, GameModule<any, any, any>>> = {
  adventure: adventureGame,
  comanauts: comanautsGame,
  comaward: comaWardGame,
  lifeform: lifeformGame,
};
