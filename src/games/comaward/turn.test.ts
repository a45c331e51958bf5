import { describe, expect, it } from 'vitest';
import { comaWardGame } from './index.ts';
import { act, at, codes, edit, newGame, tryAct } from './fixture.test-helper.ts';

describe('§What You Can Do on Your Turn', () => {
  it('§What You Can Do on Your Turn: GIVEN the active player WHEN they end the turn THEN play passes to the player on the left and only the awaited seat may act', () => {
    const s = act(newGame(3), 'endturn').state;
    expect(s.active).toBe(1);
    expect(comaWardGame.awaiting(s)).toMatchObject({ seats: [1], kind: 'turn' });
    expect(tryAct(s, 'endturn', {}, { seat: 0 })).toMatchObject({ ok: false, error: { code: 'comaward.turn.notYours' } });
  });

  it('Glossary "In Sight": GIVEN the players on one floor with no wall between them WHEN the turn ends THEN no Terror; GIVEN a wall or another floor between them THEN one Terror', () => {
    expect(act(newGame(2, 1, { quirks: false }), 'endturn').state.players[0]?.terror).toBe(3);
    const apart = edit(newGame(2, 1, { quirks: false }), (d) => ((d.players[1] as { at: string }).at = at('floor1', 4, 1)));
    const r = act(apart, 'endturn');
    expect(codes(r.events)).toContain('comaward.sight.alone');
    expect(r.state.players[0]?.terror).toBe(4);
    const walled = edit(newGame(2, 1, { quirks: false }), (d) => {
      (d.players[0] as { at: string }).at = at('floor2', 2, 3);
      (d.players[1] as { at: string }).at = at('floor2', 4, 3);
    });
    expect(act(walled, 'endturn').state.players[0]?.terror).toBe(3);
    const blocked = edit(newGame(2, 1, { quirks: false }), (d) => {
      (d.players[0] as { at: string }).at = at('floor2', 2, 2);
      (d.players[1] as { at: string }).at = at('floor2', 4, 2);
    });
    expect(act(blocked, 'endturn').state.players[0]?.terror).toBe(4);
  });

  it('§Neurosis and Adrenaline: GIVEN a Hoarder with empty hands WHEN the turn ends THEN the neurosis trigger adds a Terror; its ability is a free action once a turn', () => {
    const s = edit(newGame(2, 1, { quirks: false }), (d) => ((d.players[0] as { neurosis: string }).neurosis = 'hoarder'));
    const r = act(s, 'endturn');
    expect(codes(r.events)).toContain('comaward.neurosis.triggered');
    expect(r.state.players[0]?.terror).toBe(4);
    const used = act(s, 'neurosis');
    expect(used.state.turn.extraMoves).toBe(1);
    expect(tryAct(used.state, 'neurosis')).toMatchObject({ ok: false, error: { code: 'comaward.neurosis.oncePerTurn' } });
  });

  it('§Neurosis and Adrenaline: GIVEN a Claustrophobe at Terror 4 WHEN checking Dexterity THEN the adrenaline die is added; GIVEN a hidden Insomniac THEN Focus gets two', async () => {
    const { checkDice } = await import('./engine/stats.ts');
    const s = edit(newGame(2), (d) => {
      const p = d.players[0] as { neurosis: string; terror: number };
      p.neurosis = 'claustrophobe';
      p.terror = 4;
      const q = d.players[1] as { neurosis: string; hidden: boolean; terror: number };
      q.neurosis = 'insomniac';
      q.hidden = true;
      q.terror = 0;
    });
    expect(checkDice(s.pack, s.players[0] as never, 'dexterity')).toEqual({ base: 4, bonus: 1 });
    expect(checkDice(s.pack, s.players[1] as never, 'focus')).toEqual({ base: 5, bonus: 2 });
  });

  it('§Quirk Cards: GIVEN a Night Owl who revealed a room WHEN the turn ends THEN a counter is added, told to the owner only', () => {
    let s = edit(newGame(2), (d) => {
      (d.players[0] as { quirk: string }).quirk = 'night-owl';
      d.decks.rooms = ['chapel', ...d.decks.rooms.filter((r) => r !== 'chapel')];
    });
    s = act(s, 'move', { to: at('floor2', 6, 0) }).state;
    s = act(s, 'reveal', {}, { dice: [6, 6, 6, 6] }).state;
    const r = act(s, 'endturn');
    expect(r.state.players[0]?.quirkCount).toBe(1);
    expect(r.events.find((e) => e.code === 'comaward.quirk.counter')?.to).toBe(0);
    expect(JSON.stringify(comaWardGame.publicView(r.state))).not.toContain('quirkCount');
  });

  it('§Quirk Cards: GIVEN a quirk about the person at the table WHEN its owner declares it THEN a secret counter, once a turn, even outside their turn', () => {
    const s = edit(newGame(2), (d) => ((d.players[1] as { quirk: string }).quirk = 'hummer'));
    // Never listed among the legal moves (they are counted in public): the owner uses `/cw declare`.
    expect(comaWardGame.legalCommands(s, 1)).not.toContainEqual({ type: 'declare', args: {} });
    const r = act(s, 'declare', {}, { seat: 1 });
    expect(r.state.players[1]?.quirkCount).toBe(1);
    expect(r.events.every((e) => e.to === 1)).toBe(true);
    expect(tryAct(r.state, 'declare', {}, { seat: 1 })).toMatchObject({ ok: false, error: { code: 'comaward.quirk.oncePerTurn' } });
    expect(tryAct(s, 'declare', {}, { seat: 0 })).toMatchObject({ ok: false });
  });

  it('§Hallucination Cards (a lost turn): GIVEN a player who must skip WHEN play passes to them THEN their turn is spent and the next player goes', () => {
    const s = edit(newGame(3, 1, { quirks: false }), (d) => ((d.players[1] as { skipNext: boolean }).skipNext = true));
    const r = act(s, 'endturn');
    expect(r.state.active).toBe(2);
    expect(r.state.players[1]?.skipNext).toBe(false);
    expect(codes(r.events)).toContain('comaward.turn.skipped');
  });

  it('§Revealing New Rooms: GIVEN the boiler room WHEN a turn ends there THEN its end-of-turn effect runs (a Strength check or 1 Health)', () => {
    const s = edit(newGame(2, 1, { quirks: false }), (d) => {
      d.slots[at('floor2', 6, 0)] = { card: 'boiler-room', kind: 'room' };
      d.decks.rooms = d.decks.rooms.filter((r) => r !== 'boiler-room');
      d.players.forEach((p) => (p.at = at('floor2', 6, 0)));
    });
    const r = act(s, 'endturn', {}, { dice: [1, 1, 1] });
    expect(r.state.players[0]?.health).toBe(4);
  });

  it('issue 16 timeouts: GIVEN an active player who never acts WHEN the deadline passes THEN the turn ends (or the owed reveal is made)', () => {
    const s = newGame(2);
    expect(comaWardGame.timeoutAction?.(s, 0)).toEqual({ type: 'endturn', args: {} });
    expect(comaWardGame.timeoutAction?.(s, 1)).toBeNull();
    const owed = act(s, 'move', { to: at('floor2', 6, 0) }).state;
    expect(comaWardGame.timeoutAction?.(owed, 0)).toEqual({ type: 'reveal', args: {} });
  });
});
