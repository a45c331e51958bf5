import type { GameCommand } from '../../core/index.ts';
import { hasChars, hasImage, imageSteps, neighbours } from './board.ts';
import { chamberKey } from './crew-actions.ts';
import { queue, tell, type Cx } from './flow.ts';
import { REMORA, rulesOf, type LifeformState } from './state.ts';

const cmd = (type: string, args: Record<string, unknown> = {}): GameCommand => ({ type, args });

/** The role a crew seat plays through: the 2-player crew seat also runs the ship's cat (§2 PLAYER GAME). */
export function roleOf(s: LifeformState, seat: number): 'cat' | 'sister' | null {
  return s.roles[String(seat)] ?? null;
}

/** Whether the seat moves the ship's cat: the 2-player crew seat, or the seat that took the cat role. */
export const runsCat = (s: LifeformState, seat: number): boolean => s.cat !== null && !s.cat.gone && (roleOf(s, seat) === 'cat' || (s.seats === 2 && s.crewSeats[0] === seat));

/** Vent chambers where the cat may be placed (a role cat: no characters and no images there). */
export function catSpots(s: LifeformState, asRole: boolean): string[] {
  return s.board.order.filter((c) => s.board.chambers[c]?.vent && c !== s.hullBreach && (!asRole || (!hasChars(s, c) && !hasImage(s, c))));
}

/** Where the cat may step: corridors and tunnels, the Remora included (then it stays aboard). */
export function catSteps(s: LifeformState): string[] {
  const at = s.cat?.at;
  if (!at || at === REMORA || s.cat?.gone) return [];
  return neighbours(s, at, { tunnels: true });
}

/** Cat and role commands a seat may add to its crew turn. */
export function roleCommands(s: LifeformState, seat: number): GameCommand[] {
  const out: GameCommand[] = [];
  const role = roleOf(s, seat);
  const cat = s.cat;
  if (runsCat(s, seat) && cat && !cat.moved) for (const to of catSteps(s)) out.push(cmd('catMove', { to }));
  const pile = role === 'sister' ? s.roleCards.sister : s.roleCards.cat;
  const canPlay = role !== null || (s.seats === 2 && runsCat(s, seat) && cat !== null && !cat.played && cat.at !== REMORA);
  if (canPlay) for (const card of pile) out.push(...cardCommands(s, role ?? 'cat', card));
  if (s.seats === 2 && runsCat(s, seat) && cat !== null && cat.at !== REMORA) out.push(cmd('catAboard'));
  if (role !== null) {
    (s.roleBoards[role] ?? []).forEach((pos, track) => {
      const length = s.board.roles[role].tracks[track]?.length ?? 0;
      if (pos < length - 1) out.push(cmd('roleToken', { track }));
    });
  }
  return out;
}

function cardCommands(s: LifeformState, role: 'cat' | 'sister', card: string): GameCommand[] {
  const icons = s.board.roles[role].cards[card] ?? [];
  if (icons.includes('scare')) {
    const at = s.cat?.at;
    if (!at || at === REMORA) return [];
    const out: GameCommand[] = [];
    for (const n of neighbours(s, at, { tunnels: true })) {
      const image = s.images.indexOf(n);
      if (image < 0) continue;
      for (const to of imageSteps(s, n)) if (to !== at) out.push(cmd('roleCard', { card, image, to }));
    }
    return out;
  }
  if (icons.includes('selfDestructBack') && s.sd === 0) return [];
  return [cmd('roleCard', { card })];
}

/** Applies cat and role commands (§THE SHIP'S CAT, §THE SIS-TER MAINFRAME). */
export function applyRole(cx: Cx, seat: number, c: GameCommand): void {
  const s = cx.s;
  const a = c.args as Record<string, any>;
  const cat = s.cat;
  switch (c.type) {
    case 'cat':
      if (cat) cat.at = a.chamber;
      s.stack.pop();
      tell(cx, 'cat.placed', { chamberKey: chamberKey(a.chamber) });
      return;
    case 'catMove':
      if (!cat) return;
      cat.at = a.to;
      cat.moved = true;
      tell(cx, 'cat.moved', { chamberKey: chamberKey(a.to) });
      return;
    case 'catAboard':
      if (!cat) return;
      cat.at = REMORA;
      s.roleCards.cat = [];
      tell(cx, 'cat.aboard');
      return;
    case 'roleToken': {
      const role = roleOf(s, seat) as 'cat' | 'sister';
      const board = s.roleBoards[role] as number[];
      board[a.track] = (board[a.track] ?? 0) + 1;
      const triggers = s.board.roles[role].tracks[a.track]?.triggers ?? [];
      const discard = role === 'cat' ? s.roleCards.catDiscard : s.roleCards.sisterDiscard;
      tell(cx, 'role.token', { seat, track: a.track });
      if (triggers.includes(board[a.track] as number) && discard.length > 0) {
        (role === 'cat' ? s.roleCards.cat : s.roleCards.sister).push(discard.shift() as string);
        tell(cx, 'role.regained', { seat });
      }
      s.stack.pop();
      if (rulesOf(s) >= 2) boardActions(cx, seat, role, a.track, board[a.track] as number);
      return;
    }
    case 'roleCard': {
      const role = roleOf(s, seat) ?? 'cat';
      const pile = role === 'cat' ? s.roleCards.cat : s.roleCards.sister;
      pile.splice(pile.indexOf(a.card), 1);
      if (s.seats === 2 && role === 'cat' && roleOf(s, seat) === null) {
        if (cat) cat.played = true;
      } else {
        (role === 'cat' ? s.roleCards.catDiscard : s.roleCards.sisterDiscard).push(a.card);
        s.stack.pop();
      }
      tell(cx, 'role.card', { seat, cardKey: `roles.${role}.card.${a.card as string}.name` });
      const icons = s.board.roles[role].cards[a.card] ?? [];
      if (icons.includes('scare')) {
        s.images[a.image] = a.to;
        tell(cx, 'image.moved', { image: a.image, chamberKey: chamberKey(a.to) });
      }
      if (icons.includes('selfDestructBack')) {
        s.sd = Math.max(0, s.sd - 1);
        tell(cx, 'track.selfDestructBack', { minute: s.board.minutes[s.sd] ?? 0 });
      }
      queueRoleRow(cx, seat, icons);
      if (s.seats === 2 && role === 'cat' && s.roleCards.cat.length === 0 && cat && cat.at !== REMORA) {
        cat.at = REMORA;
        tell(cx, 'cat.aboard');
      }
      return;
    }
  }
}

/** The icons of a role card or board space that are crew actions, executed as a row (each if possible). */
function queueRoleRow(cx: Cx, seat: number, icons: readonly string[]): void {
  const rowIcons = icons.filter((i) => i !== 'scare' && i !== 'selfDestructBack');
  if (rowIcons.length > 0) queue(cx, { k: 'row', seat, side: 'crew', icons: rowIcons, done: rowIcons.map(() => false), moved: [], by: null });
}

/**
 * Rules 2: the role board's own printed actions (§THE SHIP'S CAT, §THE SIS-TER MAINFRAME role boards; the
 * pack's `actions` on a track): a token reaching such a space does its action, like a role card's icon.
 */
function boardActions(cx: Cx, seat: number, role: 'cat' | 'sister', track: number, at: number): void {
  const s = cx.s;
  const icons = (s.board.roles[role].tracks[track]?.actions ?? []).filter((x) => x.at === at).map((x) => x.icon);
  if (icons.length === 0) return;
  tell(cx, 'role.boardAction', { seat, track, icons: icons.join(',') });
  if (icons.includes('selfDestructBack') && s.sd > 0) {
    s.sd--;
    tell(cx, 'track.selfDestructBack', { minute: s.board.minutes[s.sd] ?? 0 });
  }
  queueRoleRow(cx, seat, icons);
}

/** Taking the cat role (§THE SHIP'S CAT steps 1–3): tokens at the start, the cat into a vent chamber. */
export function takeRole(cx: Cx, seat: number, role: 'cat' | 'sister'): void {
  const s = cx.s;
  s.roleBoards[role] = [0, 0];
  // Rules 2: the cat player returns every token of their supply, data tokens included (SIS-TER keeps those).
  const tokens = s.dataTokens?.[String(seat)];
  if (role === 'cat' && tokens && s.dataPool) {
    s.dataPool.push(...tokens.splice(0));
    s.data[String(seat)] = 0;
  }
  if (role === 'cat') {
    s.cat = { at: null, moved: false, played: false, gone: false };
    s.roleCards.cat = Object.keys(s.board.roles.cat.cards);
    queue(cx, { k: 'catPlace', seat });
  } else {
    s.roleCards.sister = Object.keys(s.board.roles.sister.cards);
  }
}
