import type { CommandLabel, GameCommand, Json, TextLine } from '../../core/index.ts';
import type { AdventureState } from './state.ts';
import type { AdventureView } from './view.ts';

/**
 * Ranks, lowest first: a pending choice, then the turn's action on what nobody has seen yet, cards
 * combined, walking, explored places again, handing cards over, ending the turn (first once the action
 * is spent), and last the reference moves (hints, notes).
 */
const RANK = { choose: 0, endTurnSpent: 1, exploreNew: 10, combine: 20, move: 30, exploreAgain: 35, give: 40, endTurn: 50, hint: 90, note: 95 } as const;

function roomKeyOf(state: AdventureState, location: number): string {
  const room = state.revealed.find((r) => r.locations.includes(location))?.room;
  return room ? `room.${room}` : '';
}

function cardParams(cards: readonly number[]): Record<string, string | number> {
  const params: Record<string, string | number> = { count: cards.length };
  cards.forEach((card, i) => {
    params[`card${i + 1}`] = card;
    params[`card${i + 1}Key`] = `card.${card}`;
  });
  return params;
}

/** How an Adventure Games command reads in `/play` and on the turn message, and how it ranks. */
export function labelAdventureCommand(state: AdventureState, command: GameCommand): CommandLabel {
  const args = command.args as Record<string, unknown>;
  const location = typeof args.location === 'number' ? args.location : 0;
  switch (command.type) {
    case 'choose': {
      const option = state.pending?.options[Number(args.option)];
      return { code: 'adventure.label.choose', params: { labelKey: option?.label ?? '', option: Number(args.option) + 1 }, rank: RANK.choose, common: true };
    }
    case 'endTurn':
      return { code: 'adventure.label.endTurn', rank: state.acted ? RANK.endTurnSpent : RANK.endTurn, common: true };
    case 'explore': {
      const fresh = !state.read.includes(String(location));
      return { code: fresh ? 'adventure.label.explore' : 'adventure.label.exploreAgain', params: { location, roomKey: roomKeyOf(state, location) }, rank: fresh ? RANK.exploreNew : RANK.exploreAgain, common: fresh };
    }
    case 'move':
      return { code: 'adventure.label.move', params: { location, roomKey: roomKeyOf(state, location) }, rank: RANK.move };
    case 'combine': {
      const cards = Array.isArray(args.cards) ? (args.cards as number[]) : [];
      if (typeof args.location === 'number') return { code: 'adventure.label.combineHere', params: { ...cardParams(cards), location, roomKey: roomKeyOf(state, location) }, rank: RANK.combine };
      return { code: `adventure.label.combine${Math.min(cards.length, 3)}`, params: cardParams(cards), rank: RANK.combine };
    }
    case 'give': {
      const to = Number(args.to);
      const card = Number(args.card);
      const character = state.characters[to];
      return { code: 'adventure.label.give', params: { card, cardKey: `card.${card}`, toKey: character ? `character.${character.id}` : '' }, rank: RANK.give };
    }
    case 'hint':
      return typeof args.card === 'number'
        ? { code: 'adventure.label.hintCard', params: { card: args.card, cardKey: `card.${args.card}` }, rank: RANK.hint }
        : { code: 'adventure.label.hintLocation', params: { location, roomKey: roomKeyOf(state, location) }, rank: RANK.hint };
    case 'note':
      return { code: 'adventure.label.note', rank: RANK.note };
    case 'code':
      return { code: 'adventure.label.code', params: { location, roomKey: roomKeyOf(state, location) }, rank: RANK.combine };
    default:
      return { code: 'adventure.label.other', params: { type: command.type }, rank: RANK.note };
  }
}

/** A location as the alt text names it: `place.<n>` reads as its name, or its number where the pack has none. */
function placeKey(location: number): string {
  return `place.${location}`;
}

/**
 * The table in words for the picture's alt text: chapter, whose turn, characters, score, then each
 * revealed room with its locations by name (last, as the longest part: Discord cuts alt text at 1,024).
 */
export function describeAdventureView(raw: Json): TextLine[] {
  const view = raw as unknown as AdventureView;
  const active = view.characters[view.turn];
  const lines: TextLine[] = [
    { code: 'adventure.alt.chapter', params: { chapter: view.chapter, count: view.chapterCount, titleKey: `chapter.${view.chapter}` } },
  ];
  if (view.finished) lines.push({ code: 'adventure.alt.finished', params: { total: view.total } });
  else if (active) lines.push({ code: view.acted ? 'adventure.alt.turnActed' : 'adventure.alt.turn', params: { seat: active.seat, characterKey: active.nameKey } });
  for (const c of view.characters) {
    const where = c.location === null ? 'adventure.alt.characterWaiting' : 'adventure.alt.character';
    lines.push({
      code: where,
      params: { characterKey: c.nameKey, seat: c.seat, location: c.location ?? 0, placeKey: placeKey(c.location ?? 0), roomKey: `room.${c.room}`, health: c.health.cards - c.health.flipped, cards: c.inventory.join(', ') || '—', count: c.inventory.length },
    });
  }
  lines.push({ code: 'adventure.alt.score', params: { total: view.total, stack: view.stackCount, hints: view.hints } });
  for (const room of view.rooms) {
    lines.push({ code: 'adventure.alt.room', params: { roomKey: room.nameKey, count: room.locations.length } });
    for (const location of room.locations) {
      const explored = view.read.includes(String(location));
      lines.push({ code: explored ? 'adventure.alt.locationExplored' : 'adventure.alt.location', params: { location, placeKey: placeKey(location) } });
    }
  }
  return lines;
}

