import type { GameCommand, GameModule, Json, Prompt } from '../../core/index.ts';
import { adventurePackSchema, type AdventurePack } from './content.ts';
import { adventureCommandSchemas, adventureOptionsSchema, type AdventureOptions } from './commands.ts';
import { activeCharacter, applyStartEntry, decideAdventure, inventoryOf, NOTES_MAX, sealParts } from './rules.ts';
import { initialState, startRefusal, type AdventureState, type PendingChoice } from './state.ts';
import { publicAdventureView } from './view.ts';
import { describeAdventureView, labelAdventureCommand } from './labels.ts';

export * from './content.ts';
import { packText } from './content.ts';
import { adventureCampaign } from './campaign.ts';
export * from './commands.ts';
export * from './state.ts';
export { activeCharacter, inventoryOf, isRevealedLocation, loseOneHealth, roomOfCharacter, NOTES_MAX } from './rules.ts';
export * from './view.ts';

function pairs<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of pairs(items.slice(i + 1), size - 1)) out.push([item, ...rest]);
  });
  return out;
}

/**
 * The answer a timed-out choice takes: the option the pack marks `default`, else the first that does
 * nothing (declining a purchase keeps the coin); with neither, the choice waits for its player.
 */
export function safeDefault(pending: PendingChoice): number | null {
  const marked = pending.options.findIndex((o) => o.default === true);
  if (marked >= 0) return marked;
  const idle = pending.options.findIndex((o) => o.effects.length === 0);
  return idle >= 0 ? idle : null;
}

/** Adventure Games ("The Dungeon" format): cooperative, 1–4 seats, rooms, locations and combinable cards. */
export const adventureGame: GameModule<AdventureState, AdventureOptions, AdventurePack> = {
  id: 'adventure',
  rulesVersion: '2',
  seats: { min: 1, max: 4 },
  optionsSchema: adventureOptionsSchema as unknown as GameModule<AdventureState, AdventureOptions, AdventurePack>['optionsSchema'],
  commandSchemas: adventureCommandSchemas,
  packSchema: adventurePackSchema,
  textOf: packText,
  setup(options, seats, _rng, pack) {
    return sealParts(applyStartEntry(initialState(adventureOptionsSchema.parse(options ?? {}), seats, pack), pack));
  },
  startRefusal(options, seats) {
    return startRefusal(adventureOptionsSchema.parse(options ?? {}), seats);
  },
  decide: decideAdventure,
  introduction(_state, pack) {
    return [{ to: 'public', code: 'adventure.entry.read', params: { entry: String(pack.start.entry), textKey: `entry.${pack.start.entry}` } }];
  },
  publicView(state) {
    return publicAdventureView(state) as unknown as Json;
  },
  viewFor(state, seat) {
    const characters = state.characters.flatMap((c, i) => (c.seat === seat ? [i] : []));
    return { ...(publicAdventureView(state) as unknown as Record<string, Json>), seat, myCharacters: characters };
  },
  secretsFor() {
    return [];
  },
  prompts(state): Prompt[] {
    if (!state.pending) return [];
    return [
      {
        seat: state.pending.seat,
        kind: 'choice',
        options: state.pending.options.map((o, index) => ({
          label: { code: 'adventure.choice.option', params: { textKey: o.label, index } },
          command: { type: 'choose', args: { option: index } },
        })),
      },
    ];
  },
  awaiting(state) {
    if (state.finished) return { seats: [], kind: 'none' };
    if (state.pending) return { seats: [state.pending.seat], kind: 'choice' };
    return { seats: [activeCharacter(state).seat], kind: 'turn', turn: state.turn };
  },
  status(state) {
    return state.finished ? { phase: 'won', reason: 'adventure.finished' } : { phase: 'playing' };
  },
  isIrreversible(command) {
    return command.type === 'hint';
  },
  legalCommands(state, seat) {
    if (state.finished) return [];
    const cmds: GameCommand[] = [];
    const locations = state.revealed.flatMap((r) => r.locations);
    for (const card of state.seenCards) if (state.cards[String(card)] !== 'box') cmds.push({ type: 'hint', args: { card } });
    for (const location of locations) cmds.push({ type: 'hint', args: { location } });
    if (state.notes.length < NOTES_MAX) cmds.push({ type: 'note', args: { text: 'note' } });
    if (state.pending) {
      if (state.pending.seat === seat) state.pending.options.forEach((_, option) => cmds.push({ type: 'choose', args: { option } }));
      return cmds;
    }
    state.characters.forEach((c, holder) => {
      if (c.seat !== seat) return;
      for (const card of inventoryOf(state, holder)) {
        state.characters.forEach((_, to) => {
          if (to !== holder && (holder === state.turn || to === state.turn)) cmds.push({ type: 'give', args: { card, to } });
        });
      }
    });
    const active = activeCharacter(state);
    if (active.seat !== seat) return cmds;
    cmds.push({ type: 'endTurn', args: {} });
    if (state.acted) return cmds;
    for (const location of locations) {
      if (location !== active.location) cmds.push({ type: 'move', args: { location } });
      cmds.push({ type: 'explore', args: { location } });
    }
    const held = inventoryOf(state, state.turn);
    for (const cards of [...pairs(held, 2), ...pairs(held, 3)]) cmds.push({ type: 'combine', args: { cards } });
    if (active.location !== null) for (const card of held) cmds.push({ type: 'combine', args: { cards: [card], location: active.location } });
    return cmds;
  },
  labelCommand: (state, command) => labelAdventureCommand(state, command),
  describeView: describeAdventureView,
  timeoutAction(state, seat) {
    if (state.finished) return null;
    if (state.pending) {
      const option = safeDefault(state.pending);
      return state.pending.seat === seat && option !== null ? { type: 'choose', args: { option } } : null;
    }
    return activeCharacter(state).seat === seat ? { type: 'endTurn', args: {} } : null;
  },
  campaign: adventureCampaign,
};
