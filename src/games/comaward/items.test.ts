import { describe, expect, it } from 'vitest';
import type { Effect } from './content.ts';
import { settle } from './engine/effects.ts';
import { comaWardGame } from './index.ts';
import { act, codes, edit, newGame, pack, scripted, tryAct } from './fixture.test-helper.ts';
import type { CwState, Env } from './state.ts';

function run(s: CwState, effects: Effect[], seat = 0, dice: number[] = []): { state: CwState; env: Env } {
  const env: Env = { pack, rng: scripted(dice), events: [], revealed: false };
  s.stack.push({ subject: seat, effects });
  settle(s, env);
  return { state: s, env };
}

const withDeck = (s: CwState, top: string[]): CwState =>
  edit(s, (d) => {
    d.decks.items = [...top, ...d.decks.items.filter((u) => !top.includes(u))];
  });

describe('§Item Cards and §Clues', () => {
  it('§Clues: GIVEN an effect drawing three items WHEN the second is a clue THEN the drawing ends there, the clue is revealed to the table with marker 1 on the finder\'s room, and it is nobody\'s to carry', () => {
    const { state, env } = run(withDeck(newGame(2), ['pudding', 'x-ray-film', 'coffee']), [{ op: 'drawItems', count: 3 }]);
    expect(state.players[0]?.items).toEqual(['pudding']);
    expect(state.clues).toEqual([{ item: 'x-ray-film', at: 'nurses-station-2', by: 0 }]);
    expect(state.decks.items[0]).toBe('coffee');
    expect(env.events.find((e) => e.code === 'comaward.clue.found')).toMatchObject({ to: 'public', params: { marker: 1, itemKey: 'item.x-ray-film.name' } });
    expect(env.events.find((e) => e.code === 'comaward.items.drawn')?.to).toBe('public');
  });

  it('§Item Cards: GIVEN Health 2 WHEN a third counted item arrives THEN the player must drop or use before anything else, and clothing does not count', () => {
    let s = edit(newGame(2), (d) => {
      const p = d.players[0] as { health: number; items: string[] };
      p.health = 2;
      p.items = ['pudding', 'lab-coat'];
      d.floor['nurses-station-2'] = ['coffee', 'bedpan'];
      d.decks.items = d.decks.items.filter((u) => !['pudding', 'lab-coat', 'coffee', 'bedpan'].includes(u));
    });
    s = act(s, 'pickup').state;
    expect(comaWardGame.awaiting(s).kind).toBe('turn');
    s = edit(s, (d) => ((d.players[0] as { items: string[] }).items = ['pudding', 'coffee', 'bedpan']));
    expect(comaWardGame.awaiting(s)).toMatchObject({ seats: [0], kind: 'overLimit' });
    expect(tryAct(s, 'endturn')).toMatchObject({ ok: false, error: { code: 'comaward.item.overLimit' } });
    expect(new Set(comaWardGame.legalCommands(s, 0).map((c) => c.type))).toEqual(new Set(['drop', 'use']));
    s = act(s, 'use', { item: 'pudding' }).state;
    expect(s.players[0]).toMatchObject({ health: 3, items: ['coffee', 'bedpan'] });
    expect(s.discards.items).toContain('pudding');
    expect(comaWardGame.awaiting(s).kind).toBe('turn');
  });

  it('§Dropping and Picking Up Items: GIVEN items dropped in a room WHEN another player picks up as their main action THEN they take all of them', () => {
    let s = edit(newGame(2), (d) => {
      (d.players[0] as { items: string[] }).items = ['pudding', 'coffee'];
      d.decks.items = d.decks.items.filter((u) => u !== 'pudding' && u !== 'coffee');
    });
    s = act(s, 'drop', { item: 'pudding' }).state;
    s = act(s, 'drop', { item: 'coffee' }).state;
    expect(s.floor['nurses-station-2']).toEqual(['pudding', 'coffee']);
    s = act(s, 'endturn').state;
    expect(s.active).toBe(1);
    s = act(s, 'pickup').state;
    expect(s.players[1]?.items).toEqual(['pudding', 'coffee']);
    expect(s.floor['nurses-station-2']).toBeUndefined();
    expect(tryAct(s, 'pickup')).toMatchObject({ ok: false, error: { code: 'comaward.turn.mainDone' } });
  });

  it('§Trading Items: GIVEN an offer WHEN the other player declines THEN nothing moves; WHEN they accept THEN items swap; an offer past their carry limit is refused', () => {
    const base = edit(newGame(2), (d) => {
      (d.players[0] as { items: string[] }).items = ['pudding'];
      (d.players[1] as { items: string[] }).items = ['coffee'];
      d.decks.items = d.decks.items.filter((u) => u !== 'pudding' && u !== 'coffee');
    });
    const offered = act(base, 'trade', { with: 1, give: ['pudding'], take: ['coffee'] }).state;
    expect(comaWardGame.awaiting(offered)).toMatchObject({ seats: [1], kind: 'trade' });
    expect(comaWardGame.timeoutAction?.(offered, 1)).toEqual({ type: 'tradeAnswer', args: { accept: false } });
    expect(act(offered, 'tradeAnswer', { accept: false }, { seat: 1 }).state.players.map((p) => p.items)).toEqual([['pudding'], ['coffee']]);
    expect(act(offered, 'tradeAnswer', { accept: true }, { seat: 1 }).state.players.map((p) => p.items)).toEqual([['coffee'], ['pudding']]);
    const full = edit(base, (d) => {
      const p = d.players[1] as { health: number };
      p.health = 1;
    });
    expect(tryAct(full, 'trade', { with: 1, give: ['pudding'], take: [] })).toMatchObject({ ok: false, error: { code: 'comaward.trade.overLimit' } });
  });

  it('§Item Cards: GIVEN a `discard` effect to choose WHEN it resolves THEN the player picks the card to lose', () => {
    const s = edit(newGame(2), (d) => {
      (d.players[0] as { items: string[] }).items = ['pudding', 'coffee'];
      d.decks.items = d.decks.items.filter((u) => u !== 'pudding' && u !== 'coffee');
    });
    const { state } = run(s, [{ op: 'discard', which: 'choose' }]);
    expect(state.pending).toMatchObject({ kind: 'discard', seat: 0 });
    const r = act(state, 'discard', { item: 'coffee' });
    expect(r.state.players[0]?.items).toEqual(['pudding']);
    expect(codes(r.events)).toEqual(['comaward.item.discarded']);
  });
});
