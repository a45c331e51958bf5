import type { GameCommand } from '../../core/index.ts';
import type { ComaWardPack } from './content.ts';
import { overLimitSeat } from './rules.ts';
import { player, type CwState } from './state.ts';
import { legalCommands } from './view.ts';

/**
 * What a deadline does for a seat that did not act (issue 16): a defender dodges, a narrator lets the
 * bot read, a chooser takes the first option, a trade offer is declined, an elevator rider stays, an
 * over-limit player drops their last item, and the active player ends the turn (revealing first when owed).
 */
export function timeoutAction(s: CwState, pack: ComaWardPack, seat: number): GameCommand | null {
  if (s.phase === 'over') return null;
  const pend = s.pending;
  if (pend) {
    if (pend.seat !== seat) return null;
    switch (pend.kind) {
      case 'defend':
        return { type: 'defend', args: { how: 'dodge' } };
      case 'narrateSituation':
      case 'narrateResult':
      case 'readIntro':
        return { type: 'botRead', args: {} };
      case 'trade':
        return { type: 'tradeAnswer', args: { accept: false } };
      case 'elevator':
        return { type: 'ride', args: {} };
      default:
        return legalCommands(s, pack, seat)[0] ?? null;
    }
  }
  const over = overLimitSeat(s, pack);
  if (over !== null) {
    if (over !== seat) return null;
    const items = player(s, seat).items;
    return { type: 'drop', args: { item: items[items.length - 1] as string } };
  }
  if (seat !== s.active) return null;
  if (s.turn.mustReveal) return { type: 'reveal', args: {} };
  return { type: 'endturn', args: {} };
}
