import { isSealed, mutableCopy, ok, reject, sealedCopy, type DecideContext, type GameCommand, type GameEvent, type Outcome, type Rejection, type Result } from '../../core/index.ts';
import { codeEntry, combinedEntry, declaredCode, roomOfLocation, type AdventurePack, type Condition, type Effect } from './content.ts';
import { NOTE_MAX, type ChooseArgs, type CodeArgs, type CombineArgs, type ExploreArgs, type GiveArgs, type HintArgs, type MoveArgs, type NoteArgs } from './commands.ts';
import type { AdventureState, CardPlace, Character, Note, PendingChoice, RevealedRoom } from './state.ts';

/** The most notes one game keeps; the notepad is meant for leads, not a chat log. */
export const NOTES_MAX = 100;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
interface Draft {
  characters: Mutable<Character>[];
  revealed: RevealedRoom[];
  cards: Record<string, CardPlace>;
  seenCards: number[];
  flags: string[];
  read: string[];
  scores: number[];
  scored: string[];
  endedBy: string[];
  pending: PendingChoice | null;
  chapter: number;
  finished: boolean;
  rating: number | null;
  lastEntry: string | null;
}

interface Run {
  readonly draft: Draft;
  readonly state: AdventureState;
  readonly pack: AdventurePack;
  readonly events: GameEvent[];
  readonly seat: number;
  readonly entry: string;
  /** False when this entry already awarded its points before this reading (an entry's points count once). */
  readonly mayScore: boolean;
}

type Decided = Result<Outcome<AdventureState>, Rejection>;

/** The character whose turn it is. */
export function activeCharacter(state: AdventureState): Character {
  return state.characters[state.turn] as Character;
}

/** The room letter a character stands in (the start room until the figure first moves). */
export function roomOfCharacter(state: AdventureState, character: Character): string {
  if (character.location === null) return state.startRoom;
  return state.revealed.find((r) => r.locations.includes(character.location as number))?.room ?? state.startRoom;
}

/** Rules §Move character figure: only locations of face-up rooms may be reached. */
export function isRevealedLocation(state: AdventureState, location: number): boolean {
  return state.revealed.some((r) => r.locations.includes(location));
}

/** Cards a character holds, smallest first. */
export function inventoryOf(state: AdventureState, character: number): number[] {
  return Object.entries(state.cards)
    .filter(([, place]) => place === character)
    .map(([n]) => Number(n))
    .sort((a, b) => a - b);
}

function toDraft(state: AdventureState): Draft {
  return mutableCopy({
    characters: state.characters,
    revealed: state.revealed,
    cards: state.cards,
    seenCards: state.seenCards,
    flags: state.flags,
    read: state.read,
    scores: state.scores,
    scored: state.scored,
    endedBy: state.endedBy,
    pending: state.pending,
    chapter: state.chapter,
    finished: state.finished,
    rating: state.rating,
    lastEntry: state.lastEntry,
  }) as Draft;
}

function characterParams(state: AdventureState, index: number): { character: number; characterKey: string; seat: number } {
  const c = state.characters[index] as Character;
  return { character: index, characterKey: `character.${c.id}`, seat: c.seat };
}

function test(draft: Draft, cond: Condition): boolean {
  if ('flag' in cond) return draft.flags.includes(cond.flag);
  if ('room' in cond) return draft.revealed.some((r) => r.room === cond.room);
  if ('card' in cond) {
    const place = draft.cards[String(cond.card)];
    return cond.at === 'held' ? typeof place === 'number' : place === cond.at;
  }
  if ('not' in cond) return !test(draft, cond.not);
  if ('all' in cond) return cond.all.every((c) => test(draft, c));
  return cond.any.some((c) => test(draft, c));
}

/**
 * Rules §Health: flip a card; with none left to flip, box one; the last card is never lost and the player
 * to the left (the next character clockwise) loses one instead. If every character is down to one grey
 * card, nobody loses anything.
 */
export function loseOneHealth(characters: Mutable<Character>[], index: number, events: GameEvent[], state: AdventureState): void {
  for (let k = 0; k < characters.length; k++) {
    const at = (index + k) % characters.length;
    const c = characters[at] as Mutable<Character>;
    const { cards, flipped } = c.health;
    if (flipped < cards) {
      c.health = { cards, flipped: flipped + 1 };
      events.push({ to: 'public', code: 'adventure.health.lost', params: { ...characterParams(state, at), left: cards - flipped - 1 } });
      return;
    }
    if (cards > 1) {
      c.health = { cards: cards - 1, flipped: flipped - 1 };
      events.push({ to: 'public', code: 'adventure.health.cardBoxed', params: { ...characterParams(state, at), cards: cards - 1 } });
      return;
    }
    const next = (at + 1) % characters.length;
    events.push({ to: 'public', code: 'adventure.health.protected', params: { ...characterParams(state, at), by: next, byKey: `character.${(characters[next] as Character).id}` } });
  }
  events.push({ to: 'public', code: 'adventure.health.nobodyHurt' });
}

function healCharacter(c: Mutable<Character>, amount: number | undefined, index: number, events: GameEvent[], state: AdventureState): void {
  const healed = Math.min(c.health.flipped, amount ?? c.health.flipped);
  if (healed === 0) return;
  c.health = { cards: c.health.cards, flipped: c.health.flipped - healed };
  events.push({ to: 'public', code: 'adventure.health.healed', params: { ...characterParams(state, index), amount: healed } });
}

/**
 * Rules §The End of the Game: a chapter ends once. An entry that ended a chapter never ends another (the
 * final door's code typed again), and an `endChapter` naming its chapter does nothing in any other.
 */
function endChapter(run: Run, only: number | undefined): void {
  const { draft, state, pack, events } = run;
  const chapter = draft.chapter;
  if (draft.finished || (only !== undefined && only !== chapter) || draft.endedBy.includes(run.entry)) {
    events.push({ to: 'public', code: 'adventure.chapter.notEnded', params: { entry: run.entry } });
    return;
  }
  draft.endedBy.push(run.entry);
  events.push({ to: 'public', code: 'adventure.chapter.ended', params: { chapter, points: draft.scores[chapter - 1] ?? 0, titleKey: `chapter.${chapter}` } });
  for (const card of pack.chapters[chapter - 1]?.autoCards ?? []) takeCard(run, card);
  if (chapter >= state.chapterCount) {
    draft.finished = true;
    const total = draft.scores.reduce((a, b) => a + b, 0);
    let rating = 0;
    pack.ratings.forEach((r, i) => {
      if (total >= r.min) rating = i;
    });
    draft.rating = rating;
    events.push({ to: 'public', code: 'adventure.game.ended', params: { total, ratingKey: `rating.${rating}`, hints: state.hints } });
    return;
  }
  draft.chapter = chapter + 1;
  events.push({ to: 'public', code: 'adventure.chapter.started', params: { chapter: chapter + 1, titleKey: `chapter.${chapter + 1}` } });
}

function takeCard(run: Run, card: number): void {
  const { draft, state, events } = run;
  const place = draft.cards[String(card)];
  if (place !== 'stack') {
    events.push({ to: 'public', code: 'adventure.card.skipped', params: { card, reason: place === 'box' ? 'boxed' : 'held' } });
    return;
  }
  draft.cards[String(card)] = state.turn;
  if (!draft.seenCards.includes(card)) draft.seenCards.push(card);
  events.push({ to: 'public', code: 'adventure.card.taken', params: { card, nameKey: `card.${card}`, ...characterParams(state, state.turn) } });
}

/** Runs effects in order; a `choice` stops the run and stores what is left, to resume after the answer. */
function runEffects(run: Run, effects: readonly Effect[]): void {
  const { draft, state, pack, events } = run;
  const queue: Effect[] = [...effects];
  while (queue.length > 0) {
    const effect = queue.shift() as Effect;
    switch (effect.op) {
      case 'text':
        events.push({ to: 'public', code: 'adventure.entry.text', params: { entry: run.entry, textKey: effect.key } });
        break;
      case 'revealRoom': {
        if (draft.revealed.some((r) => r.room === effect.room)) break;
        draft.revealed.push({ room: effect.room, locations: [...(pack.rooms[effect.room]?.locations ?? [])] });
        events.push({ to: 'public', code: 'adventure.room.revealed', params: { room: effect.room, nameKey: `room.${effect.room}` } });
        break;
      }
      case 'takeCard':
        for (const card of effect.cards) takeCard(run, card);
        break;
      case 'returnToStack':
        for (const card of effect.cards) {
          const place = draft.cards[String(card)];
          if (typeof place === 'number') {
            draft.cards[String(card)] = 'stack';
            events.push({ to: 'public', code: 'adventure.card.returnedToStack', params: { card, ...characterParams(state, place) } });
          } else events.push({ to: 'public', code: 'adventure.card.skipped', params: { card, reason: place === 'box' ? 'boxed' : 'inStack' } });
        }
        break;
      case 'returnToBox':
        for (const card of effect.cards) {
          const place = draft.cards[String(card)];
          if (place === 'box') {
            events.push({ to: 'public', code: 'adventure.card.skipped', params: { card, reason: 'boxed' } });
            continue;
          }
          draft.cards[String(card)] = 'box';
          const from = typeof place === 'number' ? characterParams(state, place) : {};
          events.push({ to: 'public', code: 'adventure.card.boxed', params: { card, fromStack: place === 'stack', ...from } });
        }
        break;
      case 'loseHealth': {
        const targets = effect.who === 'all' ? draft.characters.map((_, i) => i) : [state.turn];
        for (const target of targets) for (let n = 0; n < (effect.amount ?? 1); n++) loseOneHealth(draft.characters, target, events, state);
        break;
      }
      case 'heal': {
        const targets = effect.who === 'all' ? draft.characters.map((_, i) => i) : [state.turn];
        for (const target of targets) healCharacter(draft.characters[target] as Mutable<Character>, effect.amount, target, events, state);
        break;
      }
      case 'score':
        if (!run.mayScore) {
          events.push({ to: 'public', code: 'adventure.score.already', params: { entry: run.entry } });
          break;
        }
        if (!draft.scored.includes(run.entry)) draft.scored.push(run.entry);
        draft.scores[draft.chapter - 1] = (draft.scores[draft.chapter - 1] ?? 0) + effect.points;
        events.push({ to: 'public', code: 'adventure.score.gained', params: { points: effect.points, chapter: draft.chapter } });
        break;
      case 'setFlag':
        if (!draft.flags.includes(effect.flag)) draft.flags.push(effect.flag);
        break;
      case 'clearFlag':
        draft.flags = draft.flags.filter((f) => f !== effect.flag);
        break;
      case 'endChapter':
        endChapter(run, effect.chapter);
        break;
      case 'if':
        queue.unshift(...(test(draft, effect.cond) ? effect.then : (effect.else ?? [])));
        break;
      case 'choice': {
        const options = effect.options.filter((o) => o.if === undefined || test(draft, o.if));
        if (options.length === 0) break;
        draft.pending = { seat: run.seat, entry: run.entry, options, rest: queue, mayScore: run.mayScore };
        events.push({ to: 'public', code: 'adventure.choice.offered', params: { entry: run.entry, options: options.length } });
        return;
      }
    }
  }
}

/** Reads an entry and runs its effects; its points count only if it has never awarded them before. */
function readEntry(reading: Omit<Run, 'mayScore'>): void {
  const { draft, state, pack, events, entry } = reading;
  const run: Run = { ...reading, mayScore: !draft.scored.includes(entry) };
  if (!draft.read.includes(entry)) draft.read.push(entry);
  draft.lastEntry = entry;
  events.push({ to: 'public', code: 'adventure.entry.read', params: { entry, textKey: `entry.${entry}`, ...characterParams(state, state.turn) } });
  runEffects(run, pack.entries[entry]?.effects ?? []);
}

function commit(state: AdventureState, draft: Draft, extra: Partial<AdventureState> = {}): AdventureState {
  return { ...state, ...draft, ...extra };
}

/** Applies the start entry at setup (Rules §The Game Begins: read the first entry before the first turn). */
export function applyStartEntry(state: AdventureState, pack: AdventurePack): AdventureState {
  const draft = toDraft(state);
  readEntry({ draft, state, pack, events: [], seat: activeCharacter(state).seat, entry: pack.start.entry });
  return commit(state, draft);
}

function seatControls(state: AdventureState, seat: number, character: number): boolean {
  return state.characters[character]?.seat === seat;
}

function cardRefusal(state: AdventureState, card: number, holder: number): Rejection | null {
  const place = state.cards[String(card)];
  if (place === holder) return null;
  if (place === 'box' && state.seenCards.includes(card)) return { code: 'adventure.card.inBox', params: { card } };
  if (typeof place === 'number') return { code: 'adventure.card.heldByOther', params: { card, ...characterParams(state, place) } };
  return { code: 'adventure.card.notHeld', params: { card } };
}

/** Takes the turn's action: reads `entry` when the book has it, else says nothing happened (`miss` names what was tried). */
function spendAction(state: AdventureState, seat: number, pack: AdventurePack, entry: string | null, location: number | null, missCode: string, miss: Readonly<Record<string, string | number>> = {}): Decided {
  const draft = toDraft(state);
  const events: GameEvent[] = [];
  if (location !== null) (draft.characters[state.turn] as Mutable<Character>).location = location;
  if (entry !== null && pack.entries[entry]) readEntry({ draft, state, pack, events, seat, entry });
  else events.push({ to: 'public', code: missCode, params: { ...(entry === null ? {} : { entry }), ...miss, ...characterParams(state, state.turn) } });
  return ok({ state: commit(state, draft, { acted: true }), events, revealed: true });
}

/**
 * Rules §General information: hints cost nothing but are counted. The hint reaches its reader once: in the
 * command's private answer, or by direct message when `dm` asks for it (then the answer only says so).
 */
function decideHint(state: AdventureState, seat: number, args: HintArgs): Decided {
  if ((args.card === undefined) === (args.location === undefined)) return reject('adventure.hint.needOneTarget');
  if (args.card !== undefined) {
    if (!state.seenCards.includes(args.card)) return reject('adventure.hint.unseenCard', { card: args.card });
  } else if (!isRevealedLocation(state, args.location as number)) return reject('adventure.location.hidden', { location: args.location as number });
  const params = args.card !== undefined
    ? { kind: 'card', number: args.card, textKey: `hint.card.${args.card}` }
    : { kind: 'location', number: args.location as number, textKey: `hint.location.${args.location as number}` };
  return ok({ state: { ...state, hints: state.hints + 1 }, events: args.dm === true ? [{ to: seat, code: 'adventure.hint.shown', params }] : [] });
}

function decideGive(state: AdventureState, seat: number, args: GiveArgs): Decided {
  const holder = state.cards[String(args.card)];
  if (typeof holder !== 'number' || !seatControls(state, seat, holder)) {
    const ownHolder = state.characters.findIndex((c) => c.seat === seat);
    return err(cardRefusal(state, args.card, ownHolder) ?? { code: 'adventure.card.notHeld', params: { card: args.card } });
  }
  if (args.to >= state.characters.length) return reject('adventure.give.noSuchCharacter', { to: args.to });
  if (args.to === holder) return reject('adventure.give.toSelf', { card: args.card });
  if (holder !== state.turn && args.to !== state.turn) return reject('adventure.give.notDuringTurn', characterParams(state, state.turn));
  const cards = { ...state.cards, [String(args.card)]: args.to };
  return ok({
    state: { ...state, cards },
    events: [{ to: 'public', code: 'adventure.card.given', params: { card: args.card, from: holder, fromKey: `character.${(state.characters[holder] as Character).id}`, to: args.to, toKey: `character.${(state.characters[args.to] as Character).id}` } }],
  });
}

function err(rejection: Rejection): Decided {
  return { ok: false, error: rejection };
}

function decideChoose(state: AdventureState, seat: number, pack: AdventurePack, args: ChooseArgs): Decided {
  const pending = state.pending as PendingChoice;
  if (pending.seat !== seat) return reject('adventure.choice.notYours', { seat: pending.seat });
  const option = pending.options[args.option];
  if (!option) return reject('adventure.choice.noSuchOption', { option: args.option, options: pending.options.length });
  const draft = toDraft(state);
  draft.pending = null;
  const events: GameEvent[] = [{ to: 'public', code: 'adventure.choice.made', params: { entry: pending.entry, labelKey: option.label } }];
  runEffects({ draft, state, pack, events, seat, entry: pending.entry, mayScore: pending.mayScore }, [...option.effects, ...pending.rest]);
  return ok({ state: commit(state, draft), events, revealed: true });
}

/**
 * Rules §Game Overview and §Take one action, as a pure decider over {@link AdventureState}. The new
 * state's parts are sealed (see {@link sealParts}), so states share what a command did not change.
 */
export function decideAdventure(state: AdventureState, command: GameCommand, ctx: DecideContext): Decided {
  const decided = decideRules(state, command, ctx);
  return decided.ok ? ok({ ...decided.value, state: sealParts(decided.value.state) }) : decided;
}

/**
 * Seals each top-level part of a state that is not sealed yet, as a sealed copy (parts may hold pack
 * data, which must not be frozen): later states share the parts they do not change, and the state
 * hash serializes each part once.
 */
export function sealParts(state: AdventureState): AdventureState {
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(state)) {
    if (typeof value === 'object' && value !== null && !isSealed(value)) (out ??= { ...state })[key] = sealedCopy(value);
  }
  return (out ?? state) as AdventureState;
}

function decideRules(state: AdventureState, command: GameCommand, ctx: DecideContext): Decided {
  const seat = ctx.seat;
  if (seat === null) return reject('adventure.seat.none');
  const pack = ctx.pack as AdventurePack;
  if (command.type === 'hint') return decideHint(state, seat, command.args as HintArgs);
  if (command.type === 'note') {
    if (state.notes.length >= NOTES_MAX) return reject('adventure.note.full', { max: NOTES_MAX });
    const note: Note = { seat, text: (command.args as NoteArgs).text.slice(0, NOTE_MAX), at: ctx.now };
    return ok({ state: { ...state, notes: [...state.notes, note] }, events: [{ to: 'public', code: 'adventure.note.added', params: { seat, count: state.notes.length + 1 } }] });
  }
  if (state.pending) {
    if (command.type !== 'choose') return reject('adventure.choice.pending', { seat: state.pending.seat, entry: state.pending.entry });
    return decideChoose(state, seat, pack, command.args as ChooseArgs);
  }
  if (command.type === 'choose') return reject('adventure.choice.none');
  if (command.type === 'give') return decideGive(state, seat, command.args as GiveArgs);
  const active = activeCharacter(state);
  if (active.seat !== seat) return reject('adventure.turn.notYours', characterParams(state, state.turn));
  switch (command.type) {
    case 'endTurn': {
      const turn = (state.turn + 1) % state.characters.length;
      return ok({ state: { ...state, turn, acted: false }, events: [{ to: 'public', code: 'adventure.turn.next', params: characterParams(state, turn) }] });
    }
    case 'move': {
      const { location } = command.args as MoveArgs;
      if (state.acted) return reject('adventure.turn.alreadyActed');
      if (!isRevealedLocation(state, location)) return reject('adventure.location.hidden', { location });
      const characters = state.characters.map((c, i) => (i === state.turn ? { ...c, location } : c));
      return ok({ state: { ...state, characters }, events: [{ to: 'public', code: 'adventure.figure.moved', params: { location, ...characterParams(state, state.turn) } }] });
    }
    case 'explore': {
      const { location } = command.args as ExploreArgs;
      if (state.acted) return reject('adventure.turn.alreadyActed');
      if (!isRevealedLocation(state, location)) return reject('adventure.location.hidden', { location });
      return spendAction(state, seat, pack, String(location), location, 'adventure.explore.nothing');
    }
    case 'combine': {
      const { cards, location } = command.args as CombineArgs;
      if (state.acted) return reject('adventure.turn.alreadyActed');
      if (new Set(cards).size !== cards.length) return reject('adventure.combine.sameCard');
      if (cards.length + (location === undefined ? 0 : 1) < 2) return reject('adventure.combine.tooFew');
      for (const card of cards) {
        const refusal = cardRefusal(state, card, state.turn);
        if (refusal) return err(refusal);
      }
      if (location !== undefined) {
        if (!isRevealedLocation(state, location)) return reject('adventure.location.hidden', { location });
        if (active.location !== location) return reject('adventure.combine.notAtLocation', { location, at: active.location ?? 0 });
      }
      const entry = combinedEntry(location === undefined ? cards : [...cards, location]);
      return spendAction(state, seat, pack, entry, null, 'adventure.combine.nothing');
    }
    case 'code': {
      const { value, location } = command.args as CodeArgs;
      if (state.acted) return reject('adventure.turn.alreadyActed');
      if (!isRevealedLocation(state, location)) return reject('adventure.location.hidden', { location });
      if (!pack.codes.some((c) => c.location === location)) return reject('adventure.code.noLock', { location });
      const entry = declaredCode(pack, String(value), location) ? codeEntry(String(value), location) : null;
      return spendAction(state, seat, pack, entry, location, 'adventure.code.nothing', { code: String(value), location });
    }
    default:
      return reject('core.unknownCommand', { type: command.type });
  }
}

/** Whether a location number belongs to any room of the pack (for content checks, not for players). */
export function packHasLocation(pack: AdventurePack, location: number): boolean {
  return roomOfLocation(pack, location) !== undefined;
}
