import { PALETTE } from '../../render/index.ts';
import { fearRows, motionRows, type MotionSpace } from './render-solo-tracks.ts';
import type { PublicLf, Row, Say } from './render-view.ts';
import { remoraRows, type RemoraPicture } from './render-remora.ts';

/** The solo part of the public view the picture reads (solo/view.ts `soloPublic`). */
export interface SoloPicture {
  readonly character: string | null;
  readonly motion: string;
  readonly close: boolean;
  readonly nerve: number;
  readonly fear: number;
  readonly fearSpaces: number;
  readonly traits: readonly { readonly area: string; readonly state: string; readonly id: string | null }[];
  readonly tokens: Readonly<Record<string, number>>;
  readonly objectives: Readonly<Record<string, boolean>>;
  readonly container: { readonly alive: number; readonly killed: number };
  readonly remora: { readonly stowaways: number; readonly attack5: boolean };
  readonly stowawaySupply: number;
  readonly crisisDecks: Readonly<Record<string, number>>;
  readonly heat: number;
  readonly revealed: readonly string[] | null;
  readonly search?: RemoraPicture | null;
}

/**
 * Dragon's Domain panel of the picture (issue 20 "The picture"), from the public view only: the motion
 * tracker board with the lifeform's figure and the character (render-solo-tracks.ts), the fear track with
 * the nerve token and the terror tokens from the left, the objectives gained, the tokens held, the traits
 * face down or used, the container and stowaway counts, the crisis decks' sizes. Face-down things stay
 * unnamed. One `out.push` per panel.
 */
export function soloRows(v: PublicLf, motion: readonly MotionSpace[], text: (key: string) => string, say: Say): Row[] {
  const so = (v as unknown as { solo?: SoloPicture }).solo;
  if (!so) return [];
  const out: Row[] = [{ text: say('lifeform-solo.render.heading'), size: 18, bold: true, colour: PALETTE.muted, gap: 6 }];
  out.push(...motionRows(so, motion, so.character ? text(`character.${so.character}.name`) : null, say));
  out.push(...fearRows(so, say));
  const gained = Object.entries(so.objectives).filter(([, ok]) => ok).map(([k]) => say(`lifeform-solo.objectiveName.${k}`));
  out.push({ text: say('lifeform-solo.render.objectives', { n: gained.length, list: gained.length > 0 ? gained.join(', ') : '—' }), size: 18 });
  const held = Object.entries(so.tokens).filter(([, n]) => n > 0).map(([k, n]) => `${n}× ${say(`lifeform-solo.token.${k}`)}`);
  out.push({ text: say('lifeform-solo.render.tokens', { list: held.length > 0 ? held.join(', ') : '—', heat: so.heat }), size: 18 });
  const ready = so.traits.filter((t) => t.state === 'ready').length;
  out.push({ text: say('lifeform-solo.render.traits', { ready, used: so.traits.length - ready }), size: 18 });
  out.push({ text: say('lifeform-solo.render.container', { alive: so.container.alive, killed: so.container.killed, aboard: so.remora.stowaways, supply: so.stowawaySupply }), size: 18 });
  out.push({ text: say('lifeform-solo.render.decks', { a: so.crisisDecks.a ?? 0, b: so.crisisDecks.b ?? 0, c: so.crisisDecks.c ?? 0 }), size: 18 });
  if (so.revealed) out.push({ text: say('lifeform-solo.render.revealed', { list: so.revealed.join(', ') }), size: 18, colour: PALETTE.yellow });
  out.push(...remoraRows(so.search, say, text));
  return out;
}
