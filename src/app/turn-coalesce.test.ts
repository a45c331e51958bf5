import { describe, expect, it } from 'vitest';
import { coalesceTurns, type PendingTurn } from './turn-coalesce.ts';

const seat = (n: number) => ({ seat: n, userId: `u${n}` });

/** A turn row of game `g` awaiting `seats`, written when `previous` were awaited. */
function turn(id: number, seats: number[], previous: number[], extra: Partial<PendingTurn> & { kind?: string } = {}, gameId = 'g'): PendingTurn {
  return { id: String(id), gameId, attempts: extra.attempts ?? 0, payload: { kind: extra.kind ?? 'turn', seats: seats.map(seat), previous: previous.map((n) => `u${n}`) } };
}

describe('coalescing a backlog of turn messages (Issue 19 §The turn handoff: fewer requests per turn)', () => {
  it('GIVEN three turn changes of a 2-player game waiting WHEN coalesced THEN the two older are dropped and the newest pings who is awaited now, and restarts that seat', () => {
    const plan = coalesceTurns([turn(1, [1], [0]), turn(2, [0], [1]), turn(3, [1], [0])]);
    expect(plan.drop).toEqual(['1', '2']);
    expect(plan.merged).toEqual([{ id: '3', previous: [], restarted: [1] }]);
  });

  it('GIVEN a seat awaited throughout while another comes and goes WHEN coalesced THEN the constant seat is not pinged again nor restarted, the returning one is', () => {
    const plan = coalesceTurns([turn(1, [0, 1], [0]), turn(2, [0], [0, 1]), turn(3, [0, 1], [0])]);
    expect(plan.merged).toEqual([{ id: '3', previous: ['u0'], restarted: [1] }]);
  });

  it('GIVEN a seat that became awaited in between and left again WHEN coalesced THEN it is neither pinged nor restarted by the survivor', () => {
    const plan = coalesceTurns([turn(1, [0], [1]), turn(2, [2], [0]), turn(3, [0], [2])]);
    expect(plan.merged).toEqual([{ id: '3', previous: [], restarted: [0] }]);
    expect(plan.merged[0]?.restarted).not.toContain(2);
  });

  it('GIVEN the same seats awaited for a different kind of wait in between WHEN coalesced THEN their wait restarts', () => {
    const plan = coalesceTurns([turn(1, [0], [0], { kind: 'turn' }), turn(2, [0], [0], { kind: 'vote' }), turn(3, [0], [0], { kind: 'turn' })]);
    expect(plan.merged).toEqual([{ id: '3', previous: ['u0'], restarted: [0] }]);
  });

  it('GIVEN a row tried before (it may have been posted) WHEN coalesced THEN it is kept, only the untried rows after it are dropped, and it counts as their predecessor', () => {
    const plan = coalesceTurns([turn(1, [1], [0]), turn(2, [0], [1], { attempts: 2 }), turn(3, [1], [0]), turn(4, [0], [1])]);
    expect(plan.drop).toEqual(['3']);
    expect(plan.merged).toEqual([{ id: '4', previous: [], restarted: [0] }]);
  });

  it('GIVEN one turn row per game, or a tried row right before the newest WHEN coalesced THEN nothing is dropped', () => {
    expect(coalesceTurns([turn(1, [0], [1], {}, 'a'), turn(2, [1], [0], {}, 'b')])).toEqual({ drop: [], merged: [] });
    expect(coalesceTurns([turn(1, [0], [1], { attempts: 1 }), turn(2, [1], [0])])).toEqual({ drop: [], merged: [] });
  });

  it('GIVEN rows of two games interleaved and a survivor that already merged an earlier backlog WHEN coalesced THEN each game keeps its newest and what it merged before', () => {
    const earlier = { ...turn(5, [0, 1], [0]), payload: { ...turn(5, [0, 1], [0]).payload, restarted: [1] } };
    const plan = coalesceTurns([turn(1, [1], [0], {}, 'h'), earlier, turn(3, [0], [1], {}, 'h'), turn(7, [0, 1], [0, 1])]);
    expect([...plan.drop].sort()).toEqual(['1', '5']);
    expect(plan.merged).toEqual([
      { id: '3', previous: [], restarted: [0] },
      { id: '7', previous: ['u0'], restarted: [1] },
    ]);
  });
});
