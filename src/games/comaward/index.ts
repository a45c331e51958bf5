import type { GameModule, Json } from '../../core/index.ts';
import { comaWardCommandSchemas, comaWardOptionsSchema } from './commands.ts';
import { comaWardPackSchema, packText, type ComaWardPack } from './content.ts';
import { describeComaWardView, labelComaWardCommand } from './labels.ts';
import { decideCommand, setupGame } from './rules.ts';
import type { CwState } from './state.ts';
import { timeoutAction } from './timeout.ts';
import { awaiting, legalCommands, prompts, publicView, secretsFor, status, viewFor } from './view.ts';

type Module = GameModule<CwState, unknown, ComaWardPack>;

/** Coma Ward (issue 16): the Prologue in the hospital, then the Phenomenon. */
export const comaWardGame: Module = {
  id: 'comaward',
  rulesVersion: '1',
  seats: { min: 2, max: 6 },
  optionsSchema: comaWardOptionsSchema as unknown as Module['optionsSchema'],
  commandSchemas: comaWardCommandSchemas,
  packSchema: comaWardPackSchema as unknown as Module['packSchema'],
  setup: (options, seats, rng, pack) => setupGame(options, seats, rng, pack),
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
  textOf: packText,
  timeoutAction: (state, seat) => timeoutAction(state, state.pack, seat),
};

export { comaWardCommandSchemas, comaWardOptionsSchema } from './commands.ts';
export { comaWardPackSchema, packText, textKeys } from './content.ts';
export type { ComaWardPack } from './content.ts';
export type { CwState } from './state.ts';
