import { PALETTE } from '../../render/index.ts';
import { shuttleFigure, type ShuttleBox } from './render-remora-board.ts';
import { SEAT_COLOURS, type PassengerView, type PublicLf, type Row, type Say } from './render-view.ts';

/**
 * The picture's rows for the face-up tokens of rules 2 and the 13th Passenger mods, read from the public
 * view only: the stowaway token, the evolution tokens kept and still waiting on the cocoon track, each crew
 * player's data tokens by icon, Mod B's face-down asteroid tokens (their minutes, never which strike) and
 * the card that struck, Mod D's hunt (the place of the hostility tokens, searches, revealed places, and the
 * hiding place only once the view shows it, i.e. after the hunt ended unfound), drawn as the Remora board
 * (`shuttle`: the pack's shuttlecraft location ids), plus the hunt actions left; the same facts as short lines
 * only when there is no board to draw (the alt text names each anyway). No panel without its data.
 */
export function tokenRows(v: PublicLf, text: (k: string) => string, say: Say, shuttle: readonly string[] = []): Row[] {
  const out: Row[] = [];
  const icons = (list: readonly string[]): string => (list.length > 0 ? list.map((icon) => say('lf.render.icon', { icon })).join(', ') : say('lf.render.none'));
  const seatName = (seat: number): string => v.seatNames?.[seat] ?? say('lf.render.seat', { n: seat + 1 });
  const rules2: Row[] = [];
  if (v.stowawayToken !== undefined) rules2.push({ text: say(v.stowawayToken ? 'lf.render.stowawayToken.held' : 'lf.render.stowawayToken.track'), size: 18 });
  if (v.evolution) {
    rules2.push({ text: say('lf.render.evolution.held', { icons: icons(v.evolution.held) }), size: 18 });
    const pairs = v.evolution.pairs.map((p) => p.map((icon) => say('lf.render.icon', { icon })).join(' / '));
    rules2.push({ text: say('lf.render.evolution.waiting', { pairs: pairs.length > 0 ? pairs.join(' · ') : say('lf.render.none') }), size: 18 });
  }
  for (const [seat, list] of Object.entries(v.dataTokens ?? {})) {
    if (list.length === 0) continue;
    rules2.push({ text: say('lf.render.dataTokens', { name: seatName(Number(seat)), icons: icons(list) }), size: 18, dot: SEAT_COLOURS[Number(seat) % SEAT_COLOURS.length] ?? PALETTE.white });
  }
  if (rules2.length > 0) out.push({ text: say('lf.render.heading.tokens'), size: 18, bold: true, colour: PALETTE.muted, gap: 6 }, ...rules2);
  const p = v.passenger;
  if (!p) return out;
  const mods: Row[] = [];
  if (p.asteroids) {
    const { minutes, struck } = p.asteroids;
    if (struck) mods.push({ text: say('lf.render.asteroid.struck', { card: text(`asteroid.${struck}.name`) }), size: 18, colour: PALETTE.red });
    else mods.push({ text: say(minutes.length > 0 ? 'lf.render.asteroid.covered' : 'lf.render.asteroid.none', { minutes: minutes.join(', '), n: minutes.length }), size: 18 });
  }
  const h = p.hunt;
  if (h && h.stage !== 'wait') {
    // The board carries the tokens, searches, places shown empty and where it was found or hid; the alt text
    // (labels.ts) says each in words for a screen reader, so the lines below are only for a pack without a board.
    if (shuttle.length > 0) mods.push({ text: say('lf.render.board.heading'), size: 18, figure: shuttleFigure(huntBoxes(h, shuttle, text, say)) });
    else mods.push(...huntLines(h, text, say));
    if (h.stage === 'search') mods.push({ text: say('lf.render.hunt.actionsLeft', { n: h.actionsLeft }), size: 18 });
  }
  if (mods.length > 0) out.push({ text: say('lf.render.heading.passenger'), size: 18, bold: true, colour: PALETTE.muted, gap: 6 }, ...mods);
  return out;
}

/** Mod D's hunt as short lines, where the pack has no shuttlecraft locations to draw the board with. */
function huntLines(h: NonNullable<PassengerView['hunt']>, text: (k: string) => string, say: Say): Row[] {
  const out: Row[] = [];
  const place = (id: string): string => text(`location.${id}.name`);
  if (h.tokensAt) out.push({ text: say('lf.render.hunt.tokens', { place: place(h.tokensAt) }), size: 18 });
  for (const x of h.searched) out.push({ text: say(x.by === 'halon' ? 'lf.render.hunt.searchedHalon' : 'lf.render.hunt.searched', { place: place(x.location), who: x.by === 'halon' ? '' : text(`character.${x.by}.name`) }), size: 18 });
  if (h.revealed.length > 0) out.push({ text: say('lf.render.hunt.revealed', { places: h.revealed.map(place).join(', ') }), size: 18 });
  if (h.found) out.push({ text: say('lf.render.hunt.found', { place: place(h.searched[h.searched.length - 1]?.location ?? '') }), size: 18, colour: PALETTE.green });
  else if (h.at !== undefined) out.push({ text: say('lf.render.hunt.unfound', { place: place(h.at) }), size: 18, colour: PALETTE.red });
  return out;
}

/**
 * Mod D's Remora board (13th Passenger §MOD D): per location, the lifeform's hostility tokens, a tick and
 * the searcher (a character or a halon gas blast), a cross where the lifeform showed it is not, where it
 * was discovered, and where it stayed hidden only when the public view says so (`at`, after the hunt).
 */
function huntBoxes(h: NonNullable<PassengerView['hunt']>, shuttle: readonly string[], text: (k: string) => string, say: Say): ShuttleBox[] {
  const foundAt = h.found ? h.searched[h.searched.length - 1]?.location : undefined;
  return shuttle.map((id) => {
    const notes: { text: string; colour?: string; token?: boolean }[] = [];
    if (h.tokensAt === id) notes.push({ text: say('lf.render.board.tokens'), colour: PALETTE.red, token: true });
    const searches = h.searched.filter((x) => x.location === id);
    for (const x of searches) notes.push({ text: x.by === 'halon' ? say('lf.render.board.halon') : say('lf.render.board.searchedBy', { who: text(`character.${x.by}.name`) }), colour: PALETTE.green });
    const revealed = h.revealed.includes(id);
    if (revealed) notes.push({ text: say('lf.render.board.notHere'), colour: PALETTE.muted });
    if (foundAt === id) notes.push({ text: say('lf.render.board.found'), colour: PALETTE.green });
    if (h.at === id) notes.push({ text: say('lf.render.board.hiding'), colour: PALETTE.red });
    const ring = foundAt === id ? PALETTE.green : h.at === id ? PALETTE.red : undefined;
    return { name: text(`location.${id}.name`), mark: revealed ? 'cross' : searches.length > 0 ? 'tick' : 'none', notes, ...(ring ? { ring } : {}) };
  });
}
