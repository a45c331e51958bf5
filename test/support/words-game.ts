import { z } from 'zod';
import { ok, reject, type GameModule } from '../../src/core/index.ts';
import { definePackSchema } from '../../src/content/schema.ts';

/**
 * A test-only game played with a content pack: seats take turns saying a word the pack lists, so a
 * pack version that drops a word already said cannot replay the game. Pack: `pack.yaml` and `words.yaml`,
 * and optionally `hints.yaml`, the texts (`textOf`) shown under a word said.
 */
export interface WordsPack {
  readonly words: readonly string[];
  readonly hints?: Readonly<Record<string, string>>;
}

export interface WordsState {
  readonly seats: number;
  readonly turn: number;
  readonly said: readonly string[];
}

export const wordsPackSchema = definePackSchema({
  words: z.array(z.string().min(1).max(20)).min(1),
  hints: z.record(z.string(), z.string().max(200)).optional(),
});

export const wordsGame: GameModule<WordsState, Record<string, never>, WordsPack> = {
  id: 'words',
  rulesVersion: '1',
  seats: { min: 1, max: 4 },
  optionsSchema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  packSchema: wordsPackSchema as unknown as z.ZodType<WordsPack>,
  commandSchemas: { say: z.object({ word: z.string().min(1).max(20) }).strict() },
  setup(_opts, seats) {
    return { seats: seats.length, turn: 0, said: [] };
  },
  decide(state, command, ctx) {
    if (ctx.seat !== state.turn) return reject('core.notYourTurn', { seat: state.turn });
    const word = (command.args as { word: string }).word;
    if (!(ctx.pack as WordsPack).words.includes(word)) return reject('words.unknown', { word });
    return ok({ state: { ...state, said: [...state.said, word], turn: (state.turn + 1) % state.seats }, events: [{ to: 'public', code: 'words.said', params: { word, textKey: word } }] });
  },
  publicView: (state) => ({ turn: state.turn, said: [...state.said] }),
  viewFor: (state) => ({ turn: state.turn, said: [...state.said] }),
  secretsFor: () => [],
  prompts: () => [],
  awaiting: (state) => ({ seats: [state.turn], kind: 'turn' }),
  status: () => ({ phase: 'playing' }),
  textOf: (pack, key) => (pack.hints && Object.hasOwn(pack.hints, key) ? pack.hints[key] : undefined),
  legalCommands: (state, seat) => (seat === state.turn ? [{ type: 'say', args: { word: 'any' } }] : []),
};

/** The files of a words pack, as a folder or an upload holds them. */
export function wordsPackFiles(id: string, version: string, words: readonly string[], extra: Record<string, string> = {}): Record<string, string> {
  return {
    'pack.yaml': `id: ${id}\ngameType: words\nversion: ${version}\nname: { en: "Words ${id}", es: "Palabras ${id}" }\nlanguages: [en, es]\nauthors: [Turnkeeper tests]\nlicence: MIT\n`,
    'words.yaml': `${words.map((w) => `- ${w}`).join('\n')}\n`,
    ...extra,
  };
}
