import type { GameModule } from '../../core/index.ts';
import { lifeformCommandSchemas } from './commands.ts';
import { lifeformPackSchema, packText, type LifeformPack } from './content.ts';
import { describeLifeformView, labelLifeformCommand } from './labels.ts';
import { legalCommands } from './legal.ts';
import { decideCommand } from './rules.ts';
import { lifeformOptionsSchema, setupGame, type LifeformOptions } from './setup.ts';
import type { LifeformState } from './state.ts';
import { awaiting, prompts, publicView, secretsFor, status, timeoutAction, viewFor } from './view.ts';
import { lifeformCampaign } from './campaign.ts';
import { privately } from './private.ts';

/**
 * Lifeform (issue 17): setup, the starship stage and the launch endings. NOT registered in
 * src/games/index.ts yet: the showdown stage, the ship's cat and SIS-TER roles, commands and the
 * picture are missing (README.md in this folder).
 */
export const lifeformGame: GameModule<LifeformState, LifeformOptions, LifeformPack> = {
  id: 'lifeform',
  rulesVersion: '1',
  seats: { min: 2, max: 4 },
  optionsSchema: lifeformOptionsSchema as unknown as GameModule<LifeformState, LifeformOptions, LifeformPack>['optionsSchema'],
  commandSchemas: lifeformCommandSchemas,
  packSchema: lifeformPackSchema as unknown as GameModule<LifeformState, LifeformOptions, LifeformPack>['packSchema'],
  setup: (options, seats, rng, pack) => setupGame(lifeformOptionsSchema.parse(options ?? {}), seats, rng, pack),
  startRefusal(options, seats) {
    const o = lifeformOptionsSchema.safeParse(options ?? {});
    if (!o.success) return { code: 'lifeform.options.invalid' };
    if (o.data.lifeform >= seats.length) return { code: 'lifeform.options.noSuchSeat', params: { seat: o.data.lifeform, seats: seats.length } };
    return null;
  },
  decide: decideCommand,
  publicView,
  viewFor,
  secretsFor,
  prompts,
  awaiting,
  status,
  legalCommands,
  labelCommand: (state, command) => labelLifeformCommand(state, command),
  describeView: describeLifeformView,
  textOf: packText,
  timeoutAction,
  privately,
  campaign: lifeformCampaign,
};

export { lifeformCommandSchemas } from './commands.ts';
export { lifeformPackSchema, packText, textKeys } from './content.ts';
export type { LifeformPack } from './content.ts';
export { lifeformOptionsSchema } from './setup.ts';
export type { LifeformOptions } from './setup.ts';
export type { LifeformState } from './state.ts';
