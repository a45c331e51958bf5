import type { GameModule } from '../../core/index.ts';
import { lifeformCommandSchemas } from './commands.ts';
import { lifeformPackSchema, packText, type LifeformPack } from './content.ts';
import { describeLifeformView, labelLifeformCommand } from './labels.ts';
import { legalCommands } from './legal.ts';
import { decideCommand } from './rules.ts';
import { lifeformOptionsSchema, RULES, setupGame, type LifeformOptions } from './setup.ts';
import type { LifeformState } from './state.ts';
import { awaiting, prompts, publicView, secretsFor, status, timeoutAction, viewFor } from './view.ts';
import { lifeformCampaign } from './campaign.ts';
import { privately } from './private.ts';

/** Lifeform (issue 17): the whole base game (README.md in this folder). */
export const lifeformGame: GameModule<LifeformState, LifeformOptions, LifeformPack> = {
  id: 'lifeform',
  rulesVersion: String(RULES),
  /** Rules 1: data tokens without icons, only the target matches, hibernation cards shared one by one (README "Rules versions"). */
  olderRulesVersions: ['1'],
  seats: { min: 2, max: 4 },
  optionsSchema: lifeformOptionsSchema as unknown as GameModule<LifeformState, LifeformOptions, LifeformPack>['optionsSchema'],
  commandSchemas: lifeformCommandSchemas,
  packSchema: lifeformPackSchema as unknown as GameModule<LifeformState, LifeformOptions, LifeformPack>['packSchema'],
  setup: (options, seats, rng, pack, rulesVersion) => setupGame(lifeformOptionsSchema.parse(options ?? {}), seats, rng, pack, rulesVersion),
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
