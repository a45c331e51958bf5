import type { Json } from '../../../core/index.ts';
import { clampsShown } from './remora.ts';
import type { SoloState } from './state.ts';

/**
 * Mod C's Remora board as everyone may see it: the chambers holding a token, the docking clamps and life
 * support tracks, the halon gas tokens gained, the survival token in the hidden-lifeform zone, the chamber
 * cards left after the launch, CONFRONT or HUNT. The HUNT's face-down card stays out until the guess is made.
 */
export function searchPublic(so: SoloState): Json {
  const st = so.search;
  const r = so.def.remora;
  if (!st || !r) return null;
  return {
    rooms: [...r.chambers],
    chambers: [...st.chambers],
    clamps: clampsShown(so),
    clampSpaces: r.clamps,
    lifeSupport: st.lifeSupport,
    lifeSupportZones: [...r.lifeSupport],
    halon: st.halon,
    manual: st.manual,
    survival: st.survival,
    zone: [...r.zone],
    cards: st.cards === null ? null : [...st.cards],
    choice: st.choice,
    guess: st.guess,
    hidden: st.guess === null ? null : st.hidden,
  };
}
