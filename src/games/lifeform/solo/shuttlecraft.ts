import type { GameCommand } from '../../../core/index.ts';
import type { LifeformPack } from '../content.ts';
import type { Cx } from '../flow.ts';
import type { LifeformState } from '../state.ts';
import type { ExtraZoneInput, FightIcon } from './conflict-types.ts';
import { say, soloOf } from './flow.ts';
import { beginConflict } from './launch.ts';
import type { SoloState, SoloTask } from './state.ts';

/*
 * 13th Passenger, MOD C: NEW POST-LAUNCH SHUTTLECRAFT PHASE. The launch (launch.ts) has cleared the
 * chamber cards of the Remora chambers holding a token; with more than one card left the player chooses:
 * CONFRONT THE LIFEFORM (the extra combat zone with its two icons) or HUNT THE LIFEFORM (one card drawn
 * face down by the seeded chance, one guess: right, the normal conflict; wrong, the extra zone plus one
 * random combat token per card set beside the Remora).
 */

/** The extra combat zone: the board's two printed icons, the random tokens, and a survival token if a crisis card left one there. */
function extraZone(so: SoloState, tokens: readonly (readonly FightIcon[])[]): ExtraZoneInput {
  return { icons: [...(so.def.remora?.zone ?? [])], tokens: tokens.map((t) => [...t]), survival: so.search?.survival ?? false };
}

/** CONFRONT or HUNT; then one guess per chamber card left (the face-down card is never named before the guess). */
export function shuttleCommands(s: LifeformState, t: SoloTask): GameCommand[] {
  const st = soloOf(s).search;
  if (!st) return [];
  if (t.k === 'shuttle') return [{ type: 'confront', args: {} }, { type: 'hunt', args: {} }];
  if (t.k === 'guess') return (st.cards ?? []).map((room) => ({ type: 'guess', args: { room } }));
  return [];
}

export function applyShuttle(cx: Cx, c: GameCommand, pack?: LifeformPack): void {
  const so = soloOf(cx.s);
  const st = so.search;
  const cards = st?.cards ?? [];
  if (!st) return;
  switch (c.type) {
    case 'confront':
      st.choice = 'confront';
      say(cx, 'search.confront', { n: cards.length });
      beginConflict(cx, pack, extraZone(so, []));
      return;
    case 'hunt':
      st.choice = 'hunt';
      st.hidden = cx.rng.pick(cards);
      say(cx, 'search.hunt', { n: cards.length });
      so.stack = [{ k: 'guess' }];
      return;
    case 'guess': {
      const room = String((c.args as { room?: unknown }).room);
      st.guess = room;
      cx.revealed = true;
      if (room === st.hidden) {
        say(cx, 'search.found', { roomKey: `location.${room}.name` });
        beginConflict(cx, pack);
        return;
      }
      const aside = Math.max(0, cards.length - 1);
      const pool = so.def.remora?.searchTokens ?? [];
      const picked = cx.rng.shuffle(pool.map((_, i) => i)).slice(0, aside).map((i) => pool[i] as readonly FightIcon[]);
      say(cx, 'search.missed', { roomKey: `location.${room}.name`, hiddenKey: `location.${st.hidden ?? ''}.name`, tokens: picked.length });
      beginConflict(cx, pack, extraZone(so, picked));
      return;
    }
    default:
  }
}
