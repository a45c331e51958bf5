import { describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, type Applied, type GameEvent, type Snapshot } from '../../core/index.ts';
import { adventureGame, combinedEntry, safeDefault, type AdventureState, type PendingChoice } from './index.ts';
import { saltLantern } from './pack-fixture.test.ts';

const pack = saltLantern();
const seats = (n: number) => Array.from({ length: n }, (_, index) => ({ index, name: `p${index}` }));

function start(players = 2, options: Record<string, unknown> = {}): Snapshot<AdventureState> {
  return genesisSnapshot(adventureGame, { gameType: 'adventure', rulesVersion: '1', options, seats: seats(players), seed: 7 }, pack);
}

function act(snap: Snapshot<AdventureState>, seat: number, type: string, args: Record<string, unknown> = {}) {
  return applyCommand(adventureGame, snap, { type, args }, { seat, asHost: false, now: '2026-01-01T00:00:00Z' }, pack);
}

function must(snap: Snapshot<AdventureState>, seat: number, type: string, args: Record<string, unknown> = {}): Applied<AdventureState> {
  const r = act(snap, seat, type, args);
  if (!r.ok) throw new Error(`${type} refused: ${JSON.stringify(r.error)}`);
  return r.value;
}

function codes(events: readonly GameEvent[]): string[] {
  return events.map((e) => e.code);
}

/** Puts cards straight into a character's inventory, as if taken earlier. */
function withCards(snap: Snapshot<AdventureState>, holder: number, cards: number[], seen = true): Snapshot<AdventureState> {
  const placed = { ...snap.state.cards };
  for (const c of cards) placed[String(c)] = holder;
  return { ...snap, state: { ...snap.state, cards: placed, seenCards: seen ? [...snap.state.seenCards, ...cards] : snap.state.seenCards } };
}

describe('adventure rules', () => {
  it('Rules §Game Setup: GIVEN a new game WHEN set up THEN room A is face up, entry 100 was read and every other card is in the stack', () => {
    const s = start().state;
    expect(s.revealed.map((r) => r.room)).toEqual(['A']);
    expect(s.read).toEqual(['100']);
    expect(s.cards['10']).toBe(0);
    expect(Object.values(s.cards).filter((p) => p === 'stack')).toHaveLength(39);
  });

  it.each([
    [2, 6],
    [3, 4],
    [4, 3],
  ])('Rules §Health: GIVEN %i players WHEN set up THEN each has %i health cards', (players, health) => {
    expect(start(players).state.characters.map((c) => c.health.cards)).toEqual(Array(players).fill(health));
  });

  it('Rules §Solo game setup: GIVEN one player WHEN set up with three characters THEN that seat plays all three with 4 health each', () => {
    const s = start(1, { characters: 3 }).state;
    expect(s.characters.map((c) => [c.seat, c.health.cards])).toEqual([[0, 4], [0, 4], [0, 4]]);
  });

  it('Rules §Explore a location number: GIVEN room A WHEN exploring 101 THEN entry 101 is read, card 11 taken and the action spent', () => {
    const r = must(start(), 0, 'explore', { location: 101 });
    expect(r.events[0]).toMatchObject({ code: 'adventure.entry.read', params: { entry: '101', textKey: 'entry.101' } });
    expect(r.snapshot.state.cards['11']).toBe(0);
    expect(r.snapshot.state.acted).toBe(true);
    expect(r.snapshot.state.characters[0]?.location).toBe(101);
    expect(r.irreversible).toBe(true);
  });

  it('Rules §Take one action: GIVEN an action taken WHEN a second is tried THEN it is refused', () => {
    const r = must(start(), 0, 'explore', { location: 101 });
    const again = act(r.snapshot, 0, 'explore', { location: 104 });
    expect(again.ok ? null : again.error.code).toBe('adventure.turn.alreadyActed');
  });

  it('Rules §Game Overview: GIVEN seat 0 to play WHEN seat 1 explores THEN it is refused as out of turn', () => {
    const r = act(start(), 1, 'explore', { location: 101 });
    expect(r.ok ? null : r.error).toMatchObject({ code: 'adventure.turn.notYours', params: { seat: 0 } });
  });

  it('Rules §Move character figure: GIVEN room B not revealed WHEN exploring 201 THEN it is refused without saying whether 201 exists', () => {
    for (const location of [201, 999]) {
      const r = act(start(), 0, 'explore', { location });
      expect(r.ok ? null : r.error).toEqual({ code: 'adventure.location.hidden', params: { location } });
    }
  });

  it('Rules §About Combining: GIVEN cards 10 and 15 WHEN combined THEN entry 1015 is looked up, smallest first', () => {
    expect(combinedEntry([15, 10])).toBe('1015');
    expect(combinedEntry([601, 12])).toBe('12601');
    expect(combinedEntry([25, 13, 20])).toBe('132025');
  });

  it('Rules §Combine two adventure cards: GIVEN cards 11 and 12 WHEN combined THEN entry 1112 boxes them and gives card 13', () => {
    const r = must(withCards(start(), 0, [12, 11]), 0, 'combine', { cards: [12, 11] });
    expect(r.events[0]).toMatchObject({ params: { entry: '1112' } });
    expect([r.snapshot.state.cards['11'], r.snapshot.state.cards['12'], r.snapshot.state.cards['13']]).toEqual(['box', 'box', 0]);
  });

  it('Rules §About Combining: GIVEN cards 10 and 11 WHEN combined with no entry THEN nothing happens but the action is spent', () => {
    const r = must(withCards(start(), 0, [11]), 0, 'combine', { cards: [10, 11] });
    expect(codes(r.events)).toEqual(['adventure.combine.nothing']);
    expect(r.snapshot.state.acted).toBe(true);
    expect(r.snapshot.state.cards['11']).toBe(0);
  });

  it('Rules §Combine an adventure card with a location: GIVEN a figure elsewhere WHEN combining with 105 THEN it is refused', () => {
    const snap = withCards(start(), 0, [13]);
    const r = act(snap, 0, 'combine', { cards: [13], location: 105 });
    expect(r.ok ? null : r.error.code).toBe('adventure.combine.notAtLocation');
    const moved = must(snap, 0, 'move', { location: 105 });
    const ok = must(moved.snapshot, 0, 'combine', { cards: [13], location: 105 });
    expect(ok.events[0]).toMatchObject({ params: { entry: '13105' } });
    expect(ok.snapshot.state.cards['14']).toBe(0);
  });

  it('Rules §Combine: GIVEN a card in the box or in a teammate hand WHEN combined THEN the refusal says why', () => {
    let snap = withCards(start(), 1, [11]);
    snap = { ...snap, state: { ...snap.state, cards: { ...snap.state.cards, '12': 'box' }, seenCards: [...snap.state.seenCards, 12] } };
    const held = act(snap, 0, 'combine', { cards: [10, 11] });
    expect(held.ok ? null : held.error.code).toBe('adventure.card.heldByOther');
    const boxed = act(snap, 0, 'combine', { cards: [10, 12] });
    expect(boxed.ok ? null : boxed.error.code).toBe('adventure.card.inBox');
    const unseen = act(snap, 0, 'combine', { cards: [10, 40] });
    expect(unseen.ok ? null : unseen.error.code).toBe('adventure.card.notHeld');
  });

  it('Rules §Exchanging cards: GIVEN my turn WHEN I give card 10 to seat 1 THEN seat 1 holds it; out of turn a give between others is refused', () => {
    const r = must(start(3), 0, 'give', { card: 10, to: 1 });
    expect(r.snapshot.state.cards['10']).toBe(1);
    const later = act(r.snapshot, 1, 'give', { card: 10, to: 2 });
    expect(later.ok ? null : later.error.code).toBe('adventure.give.notDuringTurn');
    const back = must(r.snapshot, 1, 'give', { card: 10, to: 0 });
    expect(back.snapshot.state.cards['10']).toBe(0);
  });

  it('Rules §Rules for Cards: GIVEN card 11 held by seat 1 WHEN entry 1112 boxes it THEN it is gone wherever it was; taking a held card is skipped', () => {
    let snap = withCards(start(), 0, [12]);
    snap = withCards(snap, 1, [11]);
    snap = must(snap, 1, 'give', { card: 11, to: 0 }).snapshot;
    const r = must(snap, 0, 'combine', { cards: [11, 12] });
    expect(r.snapshot.state.cards['11']).toBe('box');
    const again = must(must(withCards(start(), 0, [11]), 0, 'explore', { location: 101 }).snapshot, 0, 'endTurn');
    expect(again.snapshot.state.cards['11']).toBe(0);
  });

  it('Rules §Rules for Cards: GIVEN card 11 held by seat 1 WHEN returned to the box THEN it leaves seat 1 inventory', () => {
    const snap = withCards(withCards(start(), 1, [11]), 0, [12]);
    const moved = { ...snap, state: { ...snap.state, cards: { ...snap.state.cards, '11': 1 } } };
    const given = must(moved, 1, 'give', { card: 11, to: 0 });
    expect(given.snapshot.state.cards['11']).toBe(0);
  });

  it('Rules §Health: GIVEN a trap WHEN explored THEN one card flips; with all grey a card is boxed; the last card passes to the left', () => {
    let snap = start();
    const trap = must(snap, 0, 'explore', { location: 102 });
    expect(trap.snapshot.state.characters[0]?.health).toEqual({ cards: 6, flipped: 1 });
    const c0 = { ...snap.state.characters[0]!, health: { cards: 2, flipped: 2 } };
    snap = { ...snap, state: { ...snap.state, characters: [c0, snap.state.characters[1]!] } };
    const boxed = must(snap, 0, 'explore', { location: 102 });
    expect(boxed.snapshot.state.characters[0]?.health).toEqual({ cards: 1, flipped: 1 });
    expect(codes(boxed.events)).toContain('adventure.health.cardBoxed');
    const last = { ...snap.state.characters[0]!, health: { cards: 1, flipped: 1 } };
    snap = { ...snap, state: { ...snap.state, characters: [last, snap.state.characters[1]!] } };
    const saved = must(snap, 0, 'explore', { location: 102 });
    expect(saved.snapshot.state.characters.map((c) => c.health)).toEqual([{ cards: 1, flipped: 1 }, { cards: 6, flipped: 1 }]);
    expect(codes(saved.events)).toContain('adventure.health.protected');
  });

  it('Rules §Health: GIVEN boxed health cards WHEN healed at 705 THEN grey cards flip back but boxed ones stay gone', () => {
    let snap = start();
    const hurt = { ...snap.state.characters[0]!, health: { cards: 4, flipped: 3 } };
    snap = { ...snap, state: { ...snap.state, characters: [hurt, snap.state.characters[1]!], revealed: [...snap.state.revealed, { room: 'G', locations: [701, 702, 703, 704, 705, 706] }] } };
    const r = must(snap, 0, 'explore', { location: 705 });
    expect(r.snapshot.state.characters[0]?.health).toEqual({ cards: 4, flipped: 0 });
  });

  it('Rules §The End of the Game: GIVEN room E WHEN code 247 is typed at 505 THEN chapter 1 scores, card 29 arrives automatically and chapter 2 starts', () => {
    let snap = start();
    snap = { ...snap, state: { ...snap.state, revealed: [...snap.state.revealed, { room: 'E', locations: pack.rooms.E!.locations }] } };
    const wrong = must(snap, 0, 'code', { value: '742', location: 505 });
    expect(codes(wrong.events)).toEqual(['adventure.code.nothing']);
    const r = must(snap, 0, 'code', { value: 247, location: 505 });
    expect(r.snapshot.state.chapter).toBe(2);
    expect(r.snapshot.state.scores).toEqual([3, 0]);
    expect(r.snapshot.state.cards['29']).toBe(0);
    expect(r.snapshot.state.revealed.map((x) => x.room)).toContain('F');
    expect(codes(r.events)).toEqual(expect.arrayContaining(['adventure.chapter.ended', 'adventure.chapter.started']));
  });

  it('Rules §General information (hints): GIVEN a card seen WHEN a hint is asked THEN it is delivered once (the private answer, or a DM when asked), counts, and costs nothing', () => {
    const answered = must(start(), 1, 'hint', { card: 10 });
    expect(answered.events).toEqual([]);
    expect(answered.snapshot.state.hints).toBe(1);
    const r = must(start(), 1, 'hint', { card: 10, dm: true });
    expect(r.events).toEqual([{ to: 1, code: 'adventure.hint.shown', params: { kind: 'card', number: 10, textKey: 'hint.card.10' } }]);
    expect(r.snapshot.state.hints).toBe(1);
    expect(r.snapshot.state.scores).toEqual([0, 0]);
    const spoiler = act(start(), 1, 'hint', { card: 35 });
    expect(spoiler.ok ? null : spoiler.error.code).toBe('adventure.hint.unseenCard');
    const hidden = act(start(), 1, 'hint', { location: 904 });
    expect(hidden.ok ? null : hidden.error.code).toBe('adventure.location.hidden');
  });

  it('Rules §General information (notes): GIVEN any seat WHEN it writes a note THEN every view shows it', () => {
    const r = must(start(), 1, 'note', { text: '  try 13 at 206  ' });
    expect(adventureGame.publicView(r.snapshot.state)).toMatchObject({ notes: [{ seat: 1, text: 'try 13 at 206' }] });
  });

  it('GIVEN a purchase at 401 WHEN a coin is combined THEN the active player must choose and only that choice is legal', () => {
    let snap = withCards(start(), 0, [16]);
    snap = { ...snap, state: { ...snap.state, revealed: [...snap.state.revealed, { room: 'D', locations: pack.rooms.D!.locations }] } };
    snap = must(snap, 0, 'move', { location: 401 }).snapshot;
    const offered = must(snap, 0, 'combine', { cards: [16], location: 401 });
    expect(adventureGame.awaiting(offered.snapshot.state)).toEqual({ seats: [0], kind: 'choice' });
    expect(adventureGame.prompts(offered.snapshot.state)[0]?.options).toHaveLength(4);
    const blocked = act(offered.snapshot, 0, 'endTurn');
    expect(blocked.ok ? null : blocked.error.code).toBe('adventure.choice.pending');
    const bought = must(offered.snapshot, 0, 'choose', { option: 1 });
    expect([bought.snapshot.state.cards['16'], bought.snapshot.state.cards['22']]).toEqual(['box', 0]);
  });

  it('GIVEN a purchase at 401 WHEN the choice times out THEN the coin is kept (the safe default declines), not spent on the first item', () => {
    let snap = withCards(start(), 0, [16]);
    snap = { ...snap, state: { ...snap.state, revealed: [...snap.state.revealed, { room: 'D', locations: pack.rooms.D!.locations }] } };
    snap = must(snap, 0, 'move', { location: 401 }).snapshot;
    const offered = must(snap, 0, 'combine', { cards: [16], location: 401 }).snapshot;
    const timeout = adventureGame.timeoutAction!(offered.state, 0);
    expect(timeout).toEqual({ type: 'choose', args: { option: 3 } });
    expect(adventureGame.timeoutAction!(offered.state, 1)).toBeNull();
    const after = must(offered, 0, timeout!.type, timeout!.args as Record<string, unknown>).snapshot.state;
    expect([after.cards['16'], after.cards['21'], after.pending]).toEqual([0, 'stack', null]);
  });

  it('GIVEN the turn WHEN it times out or ends THEN the next character plays and no action is taken', () => {
    const snap = start(3);
    expect(adventureGame.timeoutAction!(snap.state, 0)).toEqual({ type: 'endTurn', args: {} });
    expect(adventureGame.timeoutAction!(snap.state, 1)).toBeNull();
    const r = must(snap, 0, 'endTurn');
    expect(r.snapshot.state.turn).toBe(1);
    expect(adventureGame.awaiting(r.snapshot.state)).toEqual({ seats: [1], kind: 'turn', turn: 1 });
  });

  it('GIVEN any state WHEN secrets are asked THEN there are none beyond the public table', () => {
    expect(adventureGame.secretsFor(start().state, 0)).toEqual([]);
    expect(JSON.stringify(adventureGame.publicView(start().state))).not.toContain('Night has fallen');
  });
});

/** A table with extra rooms face up (as if revealed earlier). */
function withRooms(snap: Snapshot<AdventureState>, ...rooms: string[]): Snapshot<AdventureState> {
  return { ...snap, state: { ...snap.state, revealed: [...snap.state.revealed, ...rooms.map((room) => ({ room, locations: pack.rooms[room]!.locations }))] } };
}

function refusal(r: ReturnType<typeof act>): unknown {
  return r.ok ? null : r.error;
}

describe('adventure rules: holes found in real play', () => {
  it('Rules §About Combining, Location Hints (504: code 347 reads 347504): GIVEN no lock at 404 WHEN a card number is typed there as a code THEN it is refused, the crowbar entry is not read and the action is kept', () => {
    const snap = withRooms(start(), 'D');
    const r = act(snap, 0, 'code', { value: '22', location: 404 });
    expect(refusal(r)).toEqual({ code: 'adventure.code.noLock', params: { location: 404 } });
    expect(pack.entries['22404']).toBeDefined();
    const still = must(snap, 0, 'explore', { location: 401 });
    expect(still.snapshot.state.acted).toBe(true);
  });

  it('Rules §About Combining, Location Hints: GIVEN the lock at 505 WHEN a card number is typed there THEN no combination entry is read (22505 stays unread) and the try spends the action', () => {
    const snap = withRooms(start(), 'E');
    const r = must(snap, 0, 'code', { value: '22', location: 505 });
    expect(r.events).toEqual([{ to: 'public', code: 'adventure.code.nothing', params: { code: '22', location: 505, character: 0, characterKey: 'character.brisa', seat: 0 } }]);
    expect(r.snapshot.state.read).not.toContain('22505');
    expect(r.snapshot.state.characters[0]?.health).toEqual({ cards: 6, flipped: 0 });
    expect(r.snapshot.state.acted).toBe(true);
  });

  it('Rules §About Combining: GIVEN every room face up and no cards held WHEN the cards of each combination entry are typed as a code at its location THEN no such entry is ever read', () => {
    const all = withRooms(start(), ...Object.keys(pack.rooms).filter((r) => r !== 'A'));
    const combos = Object.keys(pack.entries).filter((id) => /^(\d\d)+\d{3}$/.test(id) && id.length > 3 && id.slice(0, -3).match(/\d\d/g)!.every((n) => pack.cards[n]));
    expect(combos.length).toBeGreaterThan(40);
    for (const id of combos) {
      const r = act(all, 0, 'code', { value: id.slice(0, -3), location: Number(id.slice(-3)) });
      expect(r.ok ? r.value.snapshot.state.read : [], id).not.toContain(id);
    }
  });

  it('Rules §The End of the Game: GIVEN chapter 1 closed by code 247 at 505 WHEN the code is typed again in chapter 2 THEN the chapter does not end again, the game goes on and the door scores nothing', () => {
    const once = must(withRooms(start(), 'E'), 0, 'code', { value: '247', location: 505 });
    expect([once.snapshot.state.chapter, once.snapshot.state.scores]).toEqual([2, [3, 0]]);
    const next = must(once.snapshot, 0, 'endTurn').snapshot;
    const again = must(next, 1, 'code', { value: '247', location: 505 });
    const s = again.snapshot.state;
    expect([s.chapter, s.finished, s.scores, s.endedBy]).toEqual([2, false, [3, 0], ['247505']]);
    expect(codes(again.events)).toEqual(['adventure.entry.read', 'adventure.score.already', 'adventure.chapter.notEnded']);
    expect(adventureGame.status(s)).toEqual({ phase: 'playing' });
  });

  it('Rules §The End of the Game: GIVEN an endChapter that names chapter 1 WHEN read in chapter 2 from another entry THEN chapter 2 goes on', () => {
    const door = { effects: [{ op: 'endChapter' as const, chapter: 1 }] };
    const altered = { ...pack, entries: { ...pack.entries, '103': door } };
    const snap = { ...start(), state: { ...start().state, chapter: 2 } };
    const r = applyCommand(adventureGame, snap, { type: 'explore', args: { location: 103 } }, { seat: 0, asHost: false, now: '2026-01-01T00:00:00Z' }, altered);
    expect(r.ok ? [r.value.snapshot.state.chapter, r.value.snapshot.state.finished] : r.error).toEqual([2, false]);
  });

  it('Rules §General information (scoring): GIVEN the journal entry 36804 scored once WHEN the same combination is repeated THEN no more points are awarded', () => {
    let snap = withCards(withRooms(start(), 'F', 'G', 'H'), 0, [36]);
    snap = must(snap, 0, 'move', { location: 804 }).snapshot;
    const first = must(snap, 0, 'combine', { cards: [36], location: 804 });
    expect(first.snapshot.state.scores).toEqual([1, 0]);
    let again = must(first.snapshot, 0, 'endTurn').snapshot;
    again = must(again, 1, 'endTurn').snapshot;
    const repeat = must(again, 0, 'combine', { cards: [36], location: 804 });
    expect(repeat.snapshot.state.scores).toEqual([1, 0]);
    expect(codes(repeat.events)).toEqual(['adventure.entry.read', 'adventure.score.already']);
  });

  it('Rules §General information (scoring): GIVEN entry 38904 read while the keeper is trapped (no points) WHEN read after he is freed THEN its points are awarded then, once', () => {
    let snap = withCards(withRooms(start(), 'I'), 0, [38]);
    snap = must(snap, 0, 'move', { location: 904 }).snapshot;
    const trapped = must(snap, 0, 'combine', { cards: [38], location: 904 });
    expect([trapped.snapshot.state.scores, trapped.snapshot.state.scored]).toEqual([[0, 0], []]);
    const freed = { ...trapped.snapshot, state: { ...trapped.snapshot.state, acted: false, flags: ['keeperFree'] } };
    const r = must(freed, 0, 'combine', { cards: [38], location: 904 });
    expect([r.snapshot.state.scores, r.snapshot.state.scored]).toEqual([[2, 0], ['38904']]);
  });

  it('GIVEN a choice with no marked default and no option that does nothing WHEN it times out THEN nothing is chosen for the player', () => {
    const pending: PendingChoice = { seat: 0, entry: '999', options: [{ label: 'a', effects: [{ op: 'score', points: 1 }] }, { label: 'b', effects: [{ op: 'score', points: 2 }] }], rest: [], mayScore: true };
    expect(safeDefault(pending)).toBeNull();
    expect(safeDefault({ ...pending, options: [...pending.options, { label: 'c', default: true, effects: [{ op: 'score', points: 3 }] }] })).toBe(2);
  });

  it('Rules §Game Overview: GIVEN first=2 for three players WHEN set up THEN player 2 begins and reads the first entry (card 10 is theirs)', () => {
    const s = start(3, { first: 2 }).state;
    expect(s.turn).toBe(1);
    expect(s.cards['10']).toBe(1);
    expect(adventureGame.awaiting(s)).toEqual({ seats: [1], kind: 'turn', turn: 1 });
    expect(start(3).state.turn).toBe(0);
    expect(start(1, { characters: 3, first: 3 }).state.turn).toBe(2);
  });

  it('Rules §Game Overview: GIVEN first=3 WHEN only two players (or a solo player with two characters) start THEN the start is refused with the reason', () => {
    expect(adventureGame.startRefusal!({ first: 3 }, seats(2))).toEqual({ code: 'adventure.start.firstSeatMissing', params: { first: 3, count: 2 } });
    expect(adventureGame.startRefusal!({ first: 3 }, seats(1))).toEqual({ code: 'adventure.start.firstCharacterMissing', params: { first: 3, count: 2 } });
    expect(adventureGame.startRefusal!({ first: 2 }, seats(2))).toBeNull();
    expect(adventureGame.startRefusal!({}, seats(4))).toBeNull();
  });
});
