import { describe, expect, it } from 'vitest';
import type { ComaWardPack } from './content.ts';
import { boardOf, isEmptySlot } from './engine/board.ts';
import { reachable } from './engine/movement.ts';
import { act, at, edit, newGame, pack, tryAct } from './fixture.test-helper.ts';
import type { CwState } from './state.ts';

const moveOf = (s: CwState): Map<string, number> => reachable(s, s.pack);

describe('§Movement', () => {
  it('§Movement: GIVEN the start room WHEN the reachable spaces are listed THEN steps go in all 8 directions, cost one each, and Dexterity 4 is the budget', () => {
    const r = moveOf(newGame(2));
    expect(r.get(at('floor2', 3, 1))).toBe(1);
    expect(r.get(at('floor2', 5, 1))).toBe(1);
    expect(r.get(at('floor2', 4, 1))).toBe(1);
    expect(r.get(at('floor2', 4, 2))).toBe(2);
    expect(r.get(at('floor2', 6, 4))).toBe(4);
    expect(r.get(at('floor2', 8, 4))).toBeUndefined();
    expect([...r.values()].every((c) => c >= 1 && c <= 4)).toBe(true);
  });

  it('§Movement and the Glossary "Move": GIVEN Health 3 WHEN moves are by Dexterity (default) THEN 2; WHEN the table plays the Glossary reading (moves=health) THEN 3', () => {
    const hurt = (s: CwState): CwState => edit(s, (d) => ((d.players[0] as { health: number }).health = 3));
    expect(Math.max(...moveOf(hurt(newGame(2))).values())).toBe(2);
    expect(Math.max(...moveOf(hurt(newGame(2, 1, { moves: 'health' }))).values())).toBe(3);
  });

  it('§Movement: GIVEN a room card next to a room WHEN moving THEN never room to room without a hallway step', () => {
    const tiny: ComaWardPack = {
      ...pack,
      board: {
        ...pack.board,
        floors: pack.board.floors.map((f) => (f.id === 'floor2' ? { ...f, map: 'N?h......\nhhhhhhhhh\nS.C.h.?.E\nhhhhhhhhh\nE.....?.S\n' } : f)),
      },
    };
    const s = edit(newGame(2), (d) => {
      (d as { pack: ComaWardPack }).pack = tiny;
      d.players.forEach((p) => (p.at = 'nurses-station-2'));
      d.slots[at('floor2', 1, 0)] = { card: 'chapel', kind: 'room' };
      d.decks.rooms = d.decks.rooms.filter((r) => r !== 'chapel');
    });
    const r = moveOf(s);
    expect(r.get(at('floor2', 1, 0))).toBe(2);
    expect(r.get(at('floor2', 0, 1))).toBe(1);
  });

  it('§Movement and §Revealing New Rooms: GIVEN moves left WHEN a move ends on an empty grey space THEN the move stops there, only a reveal is legal, and after it no other room can be revealed this turn', () => {
    let s = act(newGame(2), 'move', { to: at('floor2', 6, 0) }).state;
    expect(s.turn.mustReveal).toBe(true);
    expect(tryAct(s, 'move', { to: at('floor2', 5, 1) })).toMatchObject({ ok: false, error: { code: 'comaward.move.mustReveal' } });
    expect(tryAct(s, 'endturn')).toMatchObject({ ok: false, error: { code: 'comaward.move.mustReveal' } });
    s = edit(s, (d) => (d.decks.rooms = ['corridor-bend', ...d.decks.rooms.filter((r) => r !== 'corridor-bend')]));
    s = act(s, 'reveal', {}, { dice: [6, 6, 6, 6] }).state;
    expect(s.turn.extraMoves).toBe(1);
    const r = moveOf(s);
    expect(r.size).toBeGreaterThan(0);
    const board = boardOf(s.pack);
    expect([...r.keys()].filter((k) => isEmptySlot(s, board, k))).toEqual([]);
    expect(tryAct(s, 'move', { to: at('floor2', 2, 0) })).toMatchObject({ ok: false, error: { code: 'comaward.move.oneReveal' } });
  });

  it('§Movement: GIVEN the west stairs WHEN moving between floors THEN each floor costs one move', () => {
    const s = edit(newGame(2), (d) => ((d.players[0] as { at: string }).at = at('floor2', 0, 2)));
    const r = moveOf(s);
    expect(r.get(at('floor1', 0, 2))).toBe(1);
    expect(r.get(at('floor3', 0, 2))).toBe(1);
    expect(r.get(at('basement', 0, 2))).toBe(2);
  });

  it('§Movement: GIVEN the printed portal from the 2nd Floor Linen Closet WHEN moving THEN the Entrance is one move away, and never the other way', () => {
    const s = edit(newGame(2), (d) => ((d.players[0] as { at: string }).at = 'closet-2'));
    expect(moveOf(s).get('entrance')).toBe(1);
    const back = edit(newGame(2), (d) => ((d.players[0] as { at: string }).at = 'entrance'));
    expect(moveOf(back).get('closet-2')).toBeUndefined();
  });

  it('§Movement: GIVEN the service elevator WHEN called and the die shows 5 THEN it costs one move and offers the 3rd floor; riding puts the player there', () => {
    let s = edit(newGame(2), (d) => ((d.players[0] as { at: string }).at = at('floor2', 8, 2)));
    const r = act(s, 'elevator', {}, { dice: [5] });
    expect(r.state.pending).toEqual({ kind: 'elevator', seat: 0, elevator: 'service-elevator', floors: ['floor3'] });
    expect(r.state.turn.moved).toBe(1);
    s = act(r.state, 'ride', { floor: 'floor3' }).state;
    expect(s.players[0]?.at).toBe(at('floor3', 8, 2));
    const none = act(edit(newGame(2), (d) => ((d.players[0] as { at: string }).at = at('floor2', 8, 2))), 'elevator', {}, { dice: [1] });
    expect(none.state.pending).toBeNull();
    expect(none.state.players[0]?.at).toBe(at('floor2', 8, 2));
  });

  it('§Movement: GIVEN a space beyond the moves left WHEN moved to THEN refused with the rule', () => {
    expect(tryAct(newGame(2), 'move', { to: at('floor2', 8, 4) })).toMatchObject({ ok: false, error: { code: 'comaward.move.unreachable' } });
    expect(tryAct(newGame(2), 'move', { to: 'nowhere' })).toMatchObject({ ok: false, error: { code: 'comaward.move.noSuchSpace' } });
    expect(tryAct(newGame(2), 'move', { to: at('floor2', 4, 1) }, { seat: 1 })).toMatchObject({ ok: false, error: { code: 'comaward.turn.notYours' } });
  });
});
