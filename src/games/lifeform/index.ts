import type { GameEvent, Rejection } from '../../core/index.ts';
import type { GameModule } from '../../core/index.ts';
import { lifeformCommandSchemas } from './commands.ts';
import { lifeformPackSchema, packText, type LifeformPack } from './content.ts';
import { describeLifeformView, labelLifeformCommand } from './labels.ts';
import { legalCommands } from './legal.ts';
import { decideCommand } from './rules.ts';
import { lifeformOptionsSchema, RULES, setupGame, SOLO_OPTIONS, type LifeformOptions } from './setup.ts';
import type { LifeformState } from './state.ts';
import { awaiting, prompts, publicView, secretsFor, status, timeoutAction, viewFor } from './view.ts';
import { lifeformCampaign } from './campaign.ts';
import { privately } from './private.ts';
import { readTypedPayment, typedPaymentNote } from './solo/typed.ts';

/** Lifeform (issue 17): the whole base game (README.md in this folder). */
export const lifeformGame: GameModule<LifeformState, LifeformOptions, LifeformPack> = {
  id: 'lifeform',
  rulesVersion: String(RULES),
  /** Rules 1: data tokens without icons, only the target matches, hibernation cards shared one by one; rules 2: Dragon's Domain pays one icon per card and skips the outage loadout bonuses; rules 3: Mod C's kept crisis cards leave the hand at the shuttle conflict (README "Rules versions"). */
  olderRulesVersions: ['1', '2', '3'],
  /** 2–4 for the base game; 1 only with `mode=solo` (Dragon's Domain), checked by `startRefusal`. */
  seats: { min: 1, max: 4 },
  optionsSchema: lifeformOptionsSchema as unknown as GameModule<LifeformState, LifeformOptions, LifeformPack>['optionsSchema'],
  commandSchemas: lifeformCommandSchemas,
  packSchema: lifeformPackSchema as unknown as GameModule<LifeformState, LifeformOptions, LifeformPack>['packSchema'],
  setup: (options, seats, rng, pack, rulesVersion) => setupGame(lifeformOptionsSchema.parse(options ?? {}), seats, rng, pack, rulesVersion),
  startRefusal(options, seats, pack): Rejection | null {
    const o = lifeformOptionsSchema.safeParse(options ?? {});
    if (!o.success) return { code: 'lifeform.options.invalid' };
    if (o.data.mode === 'solo' && !pack?.solo) return { code: 'lifeform.options.noSolo' };
    // 13th Passenger Mod C (`mods=search`) is a solo mod, and needs the pack's Remora board.
    if (o.data.mods.includes('search') && o.data.mode !== 'solo') return { code: 'lifeform.options.searchSolo' };
    if (o.data.mods.includes('search') && !(pack?.solo?.solo.remora && pack.expansions?.passenger?.shuttlecraft)) return { code: 'lifeform.options.noSearch' };
    const soloOnly = SOLO_OPTIONS.find((k) => o.data[k] !== undefined);
    if (o.data.mode !== 'solo' && soloOnly !== undefined) return { code: 'lifeform.options.soloOnly', params: { option: soloOnly } };
    if (o.data.hazard !== undefined && !pack?.solo?.solo.hazardousEnvironment) return { code: 'lifeform.options.noHazard' };
    if (o.data.mode === 'solo') return seats.length === 1 ? null : { code: 'lifeform.options.soloSeats', params: { seats: seats.length } };
    if (seats.length < 2) return { code: 'lifeform.options.tooFewSeats', params: { seats: seats.length } };
    if (o.data.lifeform >= seats.length) return { code: 'lifeform.options.noSuchSeat', params: { seat: o.data.lifeform, seats: seats.length } };
    return null;
  },
  /** Dragon's Domain: the pack's intro is read when a solo game starts (and where HAZARDOUS ENVIRONMENT breached the hull). */
  introduction: (state): GameEvent[] =>
    state.solo
      ? [
          { code: 'lifeform-solo.intro', params: { introKey: 'solo.solo.intro', nameKey: 'solo.solo.name' }, to: 'public' },
          ...(state.hullBreach !== null ? [{ code: 'lifeform-solo.hazard', params: { chamberKey: `ship.chamber.${state.hullBreach}.name` }, to: 'public' as const }] : []),
        ]
      : [],
  decide: decideCommand,
  publicView,
  viewFor,
  secretsFor,
  prompts,
  awaiting,
  status,
  legalCommands,
  /** Dragon's Domain: any payment of the shuttle conflict, typed as `<zone>: <payment>` (issue 20). */
  readTyped: readTypedPayment,
  choicesNote: typedPaymentNote,
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
