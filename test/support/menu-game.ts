import { z } from 'zod';
import { ok, reject, type GameModule } from '../../src/core/index.ts';
import { addNamespace } from '../../src/i18n/index.ts';

/**
 * A test-only game with one long prompt: the first seat picks one of `dishes` dishes, more than the 25
 * buttons Discord shows under a message, and the game is won once a dish is picked.
 */
export interface MenuState {
  readonly dishes: number;
  readonly picked: number | null;
}

const options = z.object({ dishes: z.number().int().min(1).max(60).default(30) });

const pick = (n: number) => ({ type: 'pick', args: { n } });

export const menuGame: GameModule<MenuState, z.infer<typeof options>> = {
  id: 'menu',
  rulesVersion: '1',
  seats: { min: 1, max: 2 },
  optionsSchema: options,
  commandSchemas: { pick: z.object({ n: z.number().int().min(1).max(60) }).strict() },
  setup: (opts) => ({ dishes: opts.dishes, picked: null }),
  decide(state, command, ctx) {
    if (ctx.seat === null) return reject('menu.noSeat');
    if (state.picked !== null) return reject('core.game.notPlaying', { status: 'finished' });
    if (ctx.seat !== 0) return reject('core.notYourPrompt');
    const n = (command.args as { n: number }).n;
    if (n > state.dishes) return reject('menu.noSuchDish', { n });
    return ok({ state: { ...state, picked: n }, events: [{ to: 'public', code: 'menu.picked', params: { seat: ctx.seat, n } }] });
  },
  publicView: (state) => ({ dishes: state.dishes, picked: state.picked }),
  viewFor: (state) => ({ dishes: state.dishes, picked: state.picked }),
  secretsFor: () => [],
  prompts: (state) =>
    state.picked === null
      ? [{ seat: 0, kind: 'pick', options: Array.from({ length: state.dishes }, (_, i) => ({ label: { code: 'menu.dish', params: { n: i + 1 } }, command: pick(i + 1) })) }]
      : [],
  awaiting: (state) => (state.picked === null ? { seats: [0], kind: 'pick' } : { seats: [], kind: 'none' }),
  status: (state) => (state.picked === null ? { phase: 'playing' } : { phase: 'won', reason: `dish ${state.picked}` }),
  legalCommands: (state, seat) => (state.picked === null && seat === 0 ? Array.from({ length: state.dishes }, (_, i) => pick(i + 1)) : []),
  timeoutAction: (state, seat) => (state.picked === null && seat === 0 ? pick(1) : null),
};

/** Strings of the menu game and its name, in both languages like every string. */
export function registerMenuStrings(): void {
  addNamespace('menu', {
    en: { noSeat: 'Only players may do that.', noSuchDish: 'There is no dish {{n}}.', picked: '{{seatName}} picks dish {{n}}.', dish: 'Dish {{n}}', command: { pick: 'Dish {{n}}' } },
    es: { noSeat: 'Solo quienes juegan pueden hacer eso.', noSuchDish: 'No hay plato {{n}}.', picked: '{{seatName}} elige el plato {{n}}.', dish: 'Plato {{n}}', command: { pick: 'Plato {{n}}' } },
  });
  addNamespace('commands', { en: { games: { menu: 'Menu (test game)' } }, es: { games: { menu: 'Menú (juego de prueba)' } } });
}
