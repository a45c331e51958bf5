import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveChoices, type MemberChoices, type SeatChoices } from './members.ts';

const at = (ms: number) => new Date(ms);
const seat = (over: Partial<SeatChoices> = {}): SeatChoices => ({ role: 'player', prefs: {}, prefsAt: {}, awayUntil: null, joinedAt: at(1_000), ...over });
const member = (over: Partial<MemberChoices> = {}): MemberChoices => ({ userId: 'u', prefs: {}, awayUntil: null, awaySetAt: null, ...over });

describe('effectiveChoices (issue 14: one row per member instead of one write per seat)', () => {
  it('GIVEN no member row THEN a seat keeps its own choices', () => {
    expect(effectiveChoices(seat({ prefs: { channel: 'mention' }, awayUntil: at(9_000) }), undefined)).toEqual({ prefs: { channel: 'mention' }, awayUntil: at(9_000) });
  });

  it('GIVEN /away after the seat was taken THEN the seat is away until that date; GIVEN a seat taken after it THEN it is not', () => {
    const away = member({ awayUntil: at(50_000), awaySetAt: at(2_000) });
    expect(effectiveChoices(seat(), away).awayUntil).toEqual(at(50_000));
    expect(effectiveChoices(seat({ joinedAt: at(3_000) }), away).awayUntil).toBeNull();
  });

  it('GIVEN /back after /away THEN every seat taken before it is present again, a seat with its own older absence included', () => {
    const back = member({ awayUntil: null, awaySetAt: at(5_000) });
    expect(effectiveChoices(seat({ awayUntil: at(50_000) }), back).awayUntil).toBeNull();
  });

  it('GIVEN a key set for one game after the member-wide one THEN the game keeps its own; GIVEN the member-wide one later THEN it wins', () => {
    const wide = member({ prefs: { channel: { v: 'mention', at: '1970-01-01T00:00:04.000Z' } } });
    expect(effectiveChoices(seat({ prefs: { channel: 'dm' }, prefsAt: { channel: '1970-01-01T00:00:05.000Z' } }), wide).prefs).toEqual({ channel: 'dm' });
    expect(effectiveChoices(seat({ prefs: { channel: 'dm' }, prefsAt: { channel: '1970-01-01T00:00:03.000Z' } }), wide).prefs).toEqual({ channel: 'mention' });
  });

  it('GIVEN a spectator seat THEN the member row does not reach it', () => {
    expect(effectiveChoices(seat({ role: 'spectator' }), member({ awayUntil: at(50_000), awaySetAt: at(2_000) })).awayUntil).toBeNull();
  });

  /**
   * The old model wrote every open seat of the member at each `/away`, `/back` and `/prefs`; the new one
   * writes one row. For any history of joins, member-wide and per-game changes, absences and finished
   * games, every open seat must follow exactly what the old rewrite left in it.
   */
  it('GIVEN any history of joins, /prefs (member-wide and per game), /away, /back and finished games THEN every open seat follows what rewriting all open seats gave', () => {
    const key = fc.constantFrom('channel', 'timeZone', 'language', 'quietHours');
    const value = fc.constantFrom<unknown>('dm', 'mention', 'UTC', 'Europe/Madrid', 'en', 'es', null, { start: '22:00', end: '07:00' });
    const patch = fc.dictionary(key, value, { minKeys: 1, maxKeys: 3 });
    const event = fc.oneof(
      fc.record({ type: fc.constant('join' as const), prefs: fc.dictionary(key, value, { maxKeys: 2 }) }),
      fc.record({ type: fc.constant('wide' as const), patch }),
      fc.record({ type: fc.constant('one' as const), seat: fc.nat(), patch }),
      fc.record({ type: fc.constant('away' as const), until: fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: null }) }),
      fc.record({ type: fc.constant('finish' as const), seat: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        type OldSeat = { prefs: Record<string, unknown>; awayUntil: number | null; open: boolean };
        type NewSeat = { prefs: Record<string, unknown>; prefsAt: Record<string, string>; joinedAt: Date; open: boolean };
        const old: OldSeat[] = [];
        const fresh: NewSeat[] = [];
        const row = { prefs: {} as Record<string, { v: unknown; at: string }>, awayUntil: null as Date | null, awaySetAt: null as Date | null };
        events.forEach((e, i) => {
          const now = at((i + 1) * 1_000);
          const stamp = now.toISOString();
          switch (e.type) {
            case 'join':
              old.push({ prefs: { ...e.prefs }, awayUntil: null, open: true });
              fresh.push({ prefs: { ...e.prefs }, prefsAt: {}, joinedAt: now, open: true });
              break;
            case 'wide':
              for (const s of old) if (s.open) s.prefs = { ...s.prefs, ...e.patch };
              for (const [k, v] of Object.entries(e.patch)) row.prefs[k] = { v, at: stamp };
              break;
            case 'one': {
              const o = old[e.seat % Math.max(1, old.length)];
              const n = fresh[e.seat % Math.max(1, fresh.length)];
              if (!o?.open || !n) break;
              o.prefs = { ...o.prefs, ...e.patch };
              n.prefs = { ...n.prefs, ...e.patch };
              for (const k of Object.keys(e.patch)) n.prefsAt[k] = stamp;
              break;
            }
            case 'away':
              for (const s of old) if (s.open) s.awayUntil = e.until;
              row.awayUntil = e.until === null ? null : at(e.until);
              row.awaySetAt = now;
              break;
            case 'finish': {
              const o = old[e.seat % Math.max(1, old.length)];
              const n = fresh[e.seat % Math.max(1, fresh.length)];
              if (o && n) o.open = n.open = false;
              break;
            }
          }
        });
        old.forEach((o, i) => {
          const n = fresh[i];
          if (!o.open || !n) return;
          const got = effectiveChoices({ role: 'player', prefs: n.prefs as SeatChoices['prefs'], prefsAt: n.prefsAt, awayUntil: null, joinedAt: n.joinedAt }, { userId: 'u', ...row });
          expect(got.prefs).toEqual(o.prefs);
          expect(got.awayUntil?.getTime() ?? null).toBe(o.awayUntil);
        });
      }),
      { numRuns: 500 },
    );
  });
});
