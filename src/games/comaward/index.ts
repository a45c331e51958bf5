import type { GameModule, Json } from '../../core/index.ts';
import { comaWardCommandSchemas, comaWardOptionsSchema } from './commands.ts';
import type { ComaWardPack } from './content.ts';
import { comaWardText } from './place-names.ts';
import { describeComaWardView, labelComaWardCommand } from './labels.ts';
import { comaWardPackSchema } from './pack-schema.ts';
import { decideCommand, RULES, setupGame } from './rules.ts';
import type { CwState } from './state.ts';
import { timeoutAction } from './timeout.ts';
import { awaiting, legalCommands, prompts, publicView, secretsFor, status, viewFor } from './view.ts';
import { comawardCampaign } from './campaign.ts';

type Module = GameModule<CwState, unknown, ComaWardPack>;

/** Coma Ward (issue 16): the Prologue in the hospital, then the Phenomenon. */
export const comaWardGame: Module = {
  id: 'comaward',
  rulesVersion: String(RULES),
  olderRulesVersions: ['1'],
  seats: { min: 2, max: 6 },
  optionsSchema: comaWardOptionsSchema as unknown as Module['optionsSchema'],
  commandSchemas: comaWardCommandSchemas,
  packSchema: comaWardPackSchema as unknown as Module['packSchema'],
  setup: (options, seats, rng, pack, rulesVersion) => setupGame(options, seats, rng, pack, rulesVersion),
  startRefusal(options, seats) {
    const parsed = comaWardOptionsSchema.safeParse(options ?? {});
    if (parsed.success && parsed.data.first > seats.length) return { code: 'comaward.setup.firstSeat', params: { first: parsed.data.first, seats: seats.length } };
    return null;
  },
  decide: decideCommand,
  publicView: (state) => publicView(state, state.pack),
  viewFor: (state, seat) => viewFor(state, state.pack, seat) as Json,
  secretsFor: (state, seat) => secretsFor(state, state.pack, seat),
  prompts: (state) => prompts(state, state.pack),
  awaiting: (state) => awaiting(state, state.pack),
  status,
  legalCommands: (state, seat) => legalCommands(state, state.pack, seat),
  labelCommand: (state, command) => labelComaWardCommand(state, state.pack, command),
  describeView: describeComaWardView,
  textOf: comaWardText,
  timeoutAction: (state, seat) => timeoutAction(state, state.pack, seat),
  campaign: comawardCampaign,
};

export { comaWardCommandSchemas, comaWardOptionsSchema } from './commands.ts';
export { textKeys } from './content.ts';
/** Coma Ward's pack texts, composed place names included (`textOf`). */
export { comaWardText as packText } from './place-names.ts';
export { comaWardPackSchema } from './pack-schema.ts';
export type { ComaWardPack } from './content.ts';
export type { CwState } from './state.ts';
