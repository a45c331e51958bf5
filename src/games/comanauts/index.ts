import type { GameModule, Json } from '../../core/index.ts';
import { comanautsCommandSchemas } from './commands.ts';
import { comanautsPackSchema, packText, type ComanautsPack } from './content.ts';
import { comanautsOptionsSchema, decideCommand, rulesFromVersion, setupGame, type ComanautsOptions } from './rules.ts';
import type { ComanautsState } from './state.ts';
import { comanautsCampaign, receivedCarry } from './campaign.ts';
import { clueSecrets, heldClues } from './engine/clues.ts';
import { adventureRefusal } from './engine/setup.ts';
import { adventureIntroduction } from './view-adventure.ts';
import { describeComanautsView, labelComanautsCommand } from './labels.ts';
import { awaiting, flowPrompts, legalCommands, publicView, status } from './view.ts';

/** Comanauts: the map page (issue "Comanauts I") and, with a pack that has one, the whole adventure (rules 4). */
export const comanautsGame: GameModule<ComanautsState, ComanautsOptions, ComanautsPack> = {
  id: 'comanauts',
  // 3 (issue 18): the adventure book's effects, doors, environment cards; 4: the adventure (setup, clues,
  // totems, the Nexus, docs/comanauts-adventure.md); games created as 1–3 keep theirs (`rulesFromVersion`).
  rulesVersion: '4',
  olderRulesVersions: ['1', '2', '3'],
  seats: { min: 2, max: 4 },
  optionsSchema: comanautsOptionsSchema as unknown as GameModule<ComanautsState, ComanautsOptions, ComanautsPack>['optionsSchema'],
  commandSchemas: comanautsCommandSchemas,
  packSchema: comanautsPackSchema as unknown as GameModule<ComanautsState, ComanautsOptions, ComanautsPack>['packSchema'],
  // Rules §Game Setup 6 (campaign): a record that stickered all but one comazone's I.D.s deals no adventure.
  startRefusal: (_options, _seats, pack, carried) => adventureRefusal(pack, receivedCarry(carried)?.defeated ?? []),
  setup: (options, seats, rng, pack, version, carried) => setupGame(comanautsOptionsSchema.parse(options ?? {}), seats, rng, pack, rulesFromVersion(version), receivedCarry(carried)),
  decide: decideCommand,
  publicView,
  viewFor: (state, seat) => ({ ...(publicView(state) as Record<string, Json>), me: seat, myClues: heldClues(state, seat) }),
  secretsFor: (state, seat) => clueSecrets(state, seat),
  prompts: flowPrompts,
  awaiting,
  status,
  legalCommands,
  textOf: packText,
  labelCommand: (state, command) => labelComanautsCommand(state, command),
  describeView: describeComanautsView,
  campaign: comanautsCampaign,
  introduction: (state) => adventureIntroduction(state),
  timeoutAction(state, seat) {
    if (state.outcome) return null;
    if (state.prompt) {
      if (state.prompt.seat !== seat) return null;
      const safe = state.prompt.options.find((o) => o === 'take' || o === 'keep') ?? state.prompt.options[0];
      return safe === undefined ? null : { type: 'answer', args: { value: safe } };
    }
    if (state.active !== seat) return null;
    if (state.phase === 'draw') return { type: 'draw', args: {} };
    if (state.phase === 'clarity') return { type: 'rollClarity', args: { count: 1 } };
    if (state.phase === 'actions') return { type: 'endActions', args: {} };
    return null;
  },
};

export { comanautsCommandSchemas } from './commands.ts';
export { attributeColours, comanautsPackSchema, packText, textKeys } from './content.ts';
export type { ComanautsPack, Effect, AttributeColour, DieKind, LineKind, SymbolKind } from './content.ts';
export { comanautsOptionsSchema } from './rules.ts';
export type { ComanautsOptions } from './rules.ts';
export type { ComanautsState } from './state.ts';
export { slotNames } from './state.ts';
