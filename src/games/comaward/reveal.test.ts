import { describe, expect, it } from 'vitest';
import type { Effect } from './content.ts';
import { settle } from './engine/effects.ts';
import { comaWardGame } from './index.ts';
import { act, at, codes, edit, newGame, pack, scripted, tryAct } from './fixture.test-helper.ts';
import type { CwState, Env } from './state.ts';

const SLOT = at('floor2', 6, 0);

function onTop(s: CwState, room: string): CwState {
  return edit(s, (d) => {
    d.decks.rooms = [room, ...d.decks.rooms.filter((r) => r !== room)];
  });
}

describe('§Revealing New Rooms and §Rummaging for Items', () => {
  it('§Revealing New Rooms: GIVEN a room that says "when revealed" WHEN revealed THEN that effect resolves before the Focus check (the Quiet Ward\'s Terror lowers Focus from 4 to 3)', () => {
    let s = act(onTop(newGame(2, 1, { quirks: false }), 'quiet-ward'), 'move', { to: SLOT }).state;
    const r = act(s, 'reveal', {}, { dice: [6, 6, 6] });
    const c = codes(r.events);
    expect(c.indexOf('comaward.stat.terror')).toBeLessThan(c.indexOf('comaward.check.start'));
    expect(r.events.find((e) => e.code === 'comaward.check.start')?.params?.['dice']).toBe(3);
    expect(r.state.slots[SLOT]).toEqual({ card: 'quiet-ward', kind: 'room' });
    s = r.state;
    expect(s.turn).toMatchObject({ revealed: true, mainDone: true, mustReveal: false });
  });

  it('§Revealing New Rooms: GIVEN "the first time you end your move here" WHEN the same player comes back THEN it does not trigger again; another player still triggers it once', () => {
    let s = act(onTop(newGame(2, 1, { quirks: false }), 'waiting-room'), 'move', { to: SLOT }).state;
    s = act(s, 'reveal', {}, { dice: [6, 6, 6, 6] }).state;
    expect(s.pending).toMatchObject({ kind: 'choice', seat: 0 });
    s = act(s, 'answer', { index: 0 }).state;
    expect(s.players[0]?.firstTime).toEqual([SLOT]);
    s = edit(s, (d) => {
      d.turn.moved = 0;
      d.turn.mainDone = false;
      d.players[0]!.at = at('floor2', 5, 1);
    });
    s = act(s, 'move', { to: SLOT }).state;
    expect(s.pending).toBeNull();
    s = act(act(s, 'endturn').state, 'move', { to: SLOT }).state;
    expect(s.pending).toMatchObject({ kind: 'choice', seat: 1 });
  });

  it('§Rummaging for Items: GIVEN a fixed room WHEN a player rummages and passes THEN their token goes on the room and they draw an item; rummaging there again is refused', () => {
    const s = edit(newGame(2), (d) => (d.decks.items = ['coffee', ...d.decks.items.filter((u) => u !== 'coffee')]));
    const r = act(s, 'rummage', {}, { dice: [5, 5, 5, 1] });
    expect(r.state.rummaged['nurses-station-2']).toEqual([0]);
    expect(r.state.players[0]?.items).toEqual(['coffee']);
    const again = edit(r.state, (d) => (d.turn.mainDone = false));
    expect(tryAct(again, 'rummage')).toMatchObject({ ok: false, error: { code: 'comaward.rummage.already' } });
    expect(comaWardGame.legalCommands(again, 0).some((c) => c.type === 'rummage')).toBe(false);
  });

  it('§Rummaging for Items: GIVEN a failed rummage WHEN resolved THEN a hallucination and no token; GIVEN a hallway or the Morgue THEN rummaging is refused', () => {
    const r = act(newGame(2), 'rummage', {}, { dice: [1, 2, 3, 5] });
    expect(r.state.pending).toMatchObject({ kind: 'narrateSituation', seat: 1 });
    expect(r.state.rummaged['nurses-station-2']).toBeUndefined();
    const hall = edit(newGame(2), (d) => (d.players[0]!.at = at('floor2', 4, 1)));
    expect(tryAct(hall, 'rummage')).toMatchObject({ ok: false, error: { code: 'comaward.rummage.notARoom' } });
    const morgue = edit(newGame(2), (d) => {
      d.slots[SLOT] = { card: 'morgue', kind: 'room' };
      d.decks.rooms = d.decks.rooms.filter((x) => x !== 'morgue');
      d.players[0]!.at = SLOT;
    });
    expect(tryAct(morgue, 'rummage')).toMatchObject({ ok: false, error: { code: 'comaward.rummage.notHere' } });
  });

  it('Glossary "Hallucination Room": GIVEN a `replaceRoom` effect WHEN it resolves THEN the room card becomes the top hallucination room, whose reveal effect runs', () => {
    const s = edit(newGame(2), (d) => {
      d.slots[SLOT] = { card: 'chapel', kind: 'room' };
      d.decks.rooms = d.decks.rooms.filter((x) => x !== 'chapel');
      d.decks.hallucinationRooms = ['melting-hall', 'endless-corridor'];
      d.players[0]!.at = SLOT;
    });
    const env: Env = { pack, rng: scripted([]), events: [], revealed: false };
    s.stack.push({ subject: 0, effects: [{ op: 'replaceRoom' } as Effect] });
    settle(s, env);
    expect(s.slots[SLOT]).toEqual({ card: 'melting-hall', kind: 'hallucinationRoom' });
    expect(s.discards.rooms).toEqual(['chapel']);
    expect(s.players[0]?.terror).toBe(4);
  });

  it('§Movement (portals placed by cards): GIVEN the Morgue revealed WHEN its portal opens THEN it leads from the Morgue to the start room for one move, one way', () => {
    let s = act(onTop(newGame(2), 'morgue'), 'move', { to: SLOT }).state;
    s = act(s, 'reveal', {}, { dice: [6, 6, 6, 6] }).state;
    expect(s.portals).toEqual([{ in: SLOT, out: 'nurses-station-2' }]);
  });
});
