import { PALETTE } from '../../render/index.ts';
import type { Row, Say } from './render-view.ts';

/** Mod C's Remora board in the public view (solo/remora-view.ts `searchPublic`). */
export interface RemoraPicture {
  readonly rooms: readonly string[];
  readonly chambers: readonly string[];
  readonly clamps: number;
  readonly clampSpaces: number;
  readonly lifeSupport: number;
  readonly lifeSupportZones: readonly string[];
  readonly halon: number;
  readonly manual: number;
  readonly survival: boolean;
  readonly cards: readonly string[] | null;
  readonly choice: string | null;
  readonly guess: string | null;
  readonly hidden: string | null;
  readonly zone: readonly string[];
}

/**
 * The Remora panel of the Dragon's Domain picture in a game with Mod C (issue 20 "the picture shows the
 * Remora board in mod C"), from the public view only: every shuttle chamber, ticked when it holds a token,
 * the docking clamps and life support tracks, the hidden-lifeform zone's survival token, the chamber cards
 * left after the launch and the hunt (its face-down card named only once guessed).
 */
export function remoraRows(search: RemoraPicture | undefined | null, say: Say, text: (key: string) => string): Row[] {
  if (!search) return [];
  const room = (id: string): string => text(`location.${id}.name`);
  const rooms = search.rooms.map((r) => (search.chambers.includes(r) ? `[x] ${room(r)}` : `[ ] ${room(r)}`)).join(' · ');
  const out: Row[] = [{ text: say('lifeform-solo.render.remora', { rooms }), size: 18, bold: true, colour: PALETTE.muted }];
  out.push({
    text: say('lifeform-solo.render.remoraTracks', { clamps: search.clamps, of: search.clampSpaces, life: search.lifeSupport, zones: search.lifeSupportZones.length, halon: search.halon, manual: search.manual }),
    size: 18,
  });
  if (search.survival) out.push({ text: say('lifeform-solo.render.remoraZone', { icons: search.zone.join(' '), survival: say('lifeform-solo.render.remoraSurvival') }), size: 18, colour: PALETTE.yellow });
  if (search.cards !== null) out.push({ text: say('lifeform-solo.render.remoraCards', { cards: search.cards.map(room).join(', ') || '—' }), size: 18 });
  if (search.choice === 'hunt') {
    const text = search.guess !== null && search.hidden !== null ? say('lifeform-solo.render.remoraHunt', { guess: room(search.guess), hidden: room(search.hidden) }) : say('lifeform-solo.render.remoraHunting');
    out.push({ text, size: 18, colour: PALETTE.yellow });
  }
  return out;
}
