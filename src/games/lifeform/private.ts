import type { PrivateDelivery } from '../../core/index.ts';
import { legalCommands } from './legal.ts';
import type { LifeformState } from './state.ts';
import { awaiting } from './view.ts';

/**
 * Questions whose very options are a secret of the seat asked (issue 17 "Hidden information on Discord"):
 * a crew member's reaction cards and a lifeform cancel (`attack`), the lifeform's face-down fight card and
 * a crew member's matching cards (`fight`), the energy card the lifeform keeps (`lfPick`), a hand-limit
 * discard (`discard`), the lifeform's lurk discards (`refill`) and its hiding place in Mod D (`huntHide`). They are offered by DM buttons to each
 * seat asked, so nobody sees another's choices; the turn message keeps only what reveals nothing.
 */
const SECRET_CHOICES: ReadonlySet<string> = new Set(['attack', 'fight', 'lfPick', 'discard', 'refill', 'huntHide']);

/** Solo tasks whose answers name cards of the hand. */
const SOLO_SECRET_CHOICES: ReadonlySet<string> = new Set(['discard', 'pay', 'keep', 'proximity', 'conflict', 'activity']);

/**
 * What a command owes seats in private (`GameModule.privately`): the lifeform player's own picture (the
 * real lifeform marked, its hand and stowaway choice) once the lifeform is no longer awaited, i.e. after
 * each of its turns and answers once the reality calibration was made; and DM buttons to every seat asked
 * a question with secret options, after every command (a button is refused once the game moved on, so
 * when one crew member answers a reaction window the others get their choices again, drawn anew).
 */
export function privately(before: LifeformState | null, after: LifeformState): PrivateDelivery {
  if (after.solo) {
    // Dragon's Domain: answers naming a card in hand (discards, paying a cost, a card kept, a proximity card, the conflict) come by DM.
    const k = after.solo.stack.at(-1)?.k;
    return { pictures: [], choices: k !== undefined && SOLO_SECRET_CHOICES.has(k) && after.outcome === null && legalCommands(after, 0).length > 0 ? [0] : [] };
  }
  const now = awaiting(after);
  const was = before === null ? null : awaiting(before);
  const top = after.stack[after.stack.length - 1];
  // Every command moves the game on, which retires buttons drawn before it: each seat still asked gets fresh ones.
  const choices = top !== undefined && SECRET_CHOICES.has(top.k) ? now.seats.filter((seat) => legalCommands(after, seat).length > 0) : [];
  const lf = after.lifeformSeat;
  const pictures = was !== null && after.real !== null && after.outcome === null && was.seats.includes(lf) && !now.seats.includes(lf) ? [lf] : [];
  return { pictures, choices };
}
