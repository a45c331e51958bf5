import { describe, expect, it } from 'vitest';
import type { RecapView } from '../app/index.ts';
import { turnRecap, TURN_RECAP_BUDGET } from './turn-recap.ts';

function view(over: Partial<RecapView>): RecapView {
  return { gameId: 'g', gameType: 'tally', guildId: '1', packId: null, packVersion: null, packHash: null, locale: 'en', seatNames: ['Ana', 'Bea', 'Cid'], sinceSeq: 3, steps: [], omitted: 0, startedAt: { channelId: '2', messageId: '3' }, ...over };
}
const step = (seq: number, seat: number | null, n = 1) => ({ seq, seat, at: '2026-01-01T00:00:00.000Z', events: [{ to: 'public' as const, code: 'tally.added', params: { seat: seat ?? 0, n } }] });

describe('turn message recap (issue 15 "Coming back after days away")', () => {
  it('GIVEN a player who has not moved yet, or one move by others since WHEN their turn comes THEN no recap (the played line says it)', () => {
    expect(turnRecap(view({ sinceSeq: null, steps: [step(1, 1), step(2, 2)] }), 0, 'en', undefined)).toBeNull();
    expect(turnRecap(view({ steps: [step(4, 1)] }), 0, 'en', undefined)).toBeNull();
  });

  it('GIVEN many moves by others WHEN the turn comes back THEN the last three are told by name with the count, a link, and the budget holds in both languages', () => {
    const steps = [4, 5, 6, 7, 8].map((seq, i) => step(seq, 1 + (i % 2), seq));
    const en = turnRecap(view({ steps, omitted: 7 }), 0, 'en', undefined)!;
    expect(en.split('\n')[0]).toBe('Since your last move, 12 moves:');
    expect(en.split('\n').filter((l) => l.startsWith('• '))).toHaveLength(3);
    expect(en).toContain('• Cid: ');
    expect(en).toContain('https://discord.com/channels/1/2/3');
    expect(en).not.toMatch(/<@/);
    const es = turnRecap(view({ steps }), 0, 'es', undefined)!;
    expect(es.split('\n')[0]).toBe('Desde tu última jugada, 5 jugadas:');
    const long = [4, 5, 6].map((seq) => ({ ...step(seq, 1), events: Array.from({ length: 40 }, () => ({ to: 'public' as const, code: 'tally.added', params: { seat: 1, n: 99 } })) }));
    expect(turnRecap(view({ steps: long }), 0, 'en', undefined)!.length).toBeLessThanOrEqual(TURN_RECAP_BUDGET + 200);
  });
});
