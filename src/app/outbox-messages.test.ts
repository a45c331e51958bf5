import { describe, expect, it } from 'vitest';
import { UNDO } from '../core/index.ts';
import type { GameWithSeats } from '../store/index.ts';
import { messagesFor, playedLine } from './outbox-messages.ts';

const game = {
  id: 'g1',
  gameType: 'lifeform',
  locale: 'en',
  channelId: 'c1',
  threadId: 't1',
  seats: [0, 1, 2].map((index) => ({ index, role: 'player', userId: `u${index}`, userName: `P${index}`, prefs: index === 2 ? { language: 'es' } : {} })),
} as unknown as GameWithSeats;

const dms = (rows: ReturnType<typeof messagesFor>) => rows.filter((m) => m.kind === 'dm').map((m) => ({ target: m.target, payload: m.payload as Record<string, unknown> }));

describe('outbox rows of an action: private deliveries (GameModule.privately, issue 17)', () => {
  it('GIVEN a game owing seat 0 its picture and seat 2 its choices WHEN the turn passes THEN each gets one DM, in its own language, flagged for a picture or buttons, and nobody else gets one', () => {
    const rows = messagesFor(game, 7, [{ to: 0, code: 'x.secret' }], { seats: [0], kind: 'turn', turn: 1 }, { seats: [1, 2], kind: 'attack', turn: 1 }, false, false, null, { pictures: [0], choices: [2] });
    const out = dms(rows);
    expect(out.map((d) => d.target)).toEqual([{ userId: 'u0', seat: 0 }, { userId: 'u2', seat: 2 }]);
    expect(out[0]?.payload).toMatchObject({ image: true, events: [{ to: 0, code: 'x.secret' }] });
    expect(out[0]?.payload.choices).toBeUndefined();
    expect(out[1]?.payload).toMatchObject({ choices: true, events: [], locale: 'es' });
    expect(out[1]?.payload.image).toBeUndefined();
    // The public rows never carry the private flags.
    for (const row of rows.filter((m) => m.kind !== 'dm')) expect(JSON.stringify(row.payload)).not.toMatch(/"choices"/);
  });

  it('GIVEN the game ended WHEN private deliveries were owed THEN no picture or buttons are sent (only the events)', () => {
    const rows = messagesFor(game, 7, [], { seats: [0], kind: 'turn', turn: 1 }, { seats: [], kind: 'none', turn: 1 }, true, false, null, { pictures: [0], choices: [2] });
    expect(dms(rows)).toEqual([]);
  });

  it('GIVEN a game that owes nothing in private WHEN an action is committed THEN the DMs are the events addressed to seats, as before', () => {
    const rows = messagesFor(game, 3, [{ to: 1, code: 'x.hand' }, { to: 'public', code: 'x.done' }], null, { seats: [1], kind: 'turn', turn: 1 }, false);
    expect(dms(rows)).toEqual([{ target: { userId: 'u1', seat: 1 }, payload: { gameId: 'g1', gameType: 'lifeform', seq: 3, locale: 'en', events: [{ to: 1, code: 'x.hand' }] } }]);
  });
});

describe('the line the table reads for a command just played (issue 14 "Secrets")', () => {
  const command = { type: 'calibrate', args: { image: 1 }, seat: 0 };
  it('GIVEN a label naming a secret of the seat that acted WHEN the turn message tells what was played THEN it says only that the seat chose in secret', () => {
    const line = playedLine('lifeform', command, { code: 'lf.label.calibrate', params: { image: 1 }, rank: 0, secret: true });
    expect(line).toEqual({ seat: 0, code: 'core.played.secret' });
    const rows = messagesFor(game, 3, [], { seats: [0], kind: 'calibrate', turn: 0 }, { seats: [1], kind: 'turn', turn: 1 }, false, false, line);
    for (const row of rows) expect(JSON.stringify(row.payload)).not.toMatch(/calibrate|"image":1/);
  });

  it('GIVEN a public label, an undo or no label WHEN told THEN the label, the undone move, or the command\'s generic name', () => {
    expect(playedLine('lifeform', { ...command, type: 'vent' }, { code: 'lf.label.vent', rank: 0 })).toEqual({ seat: 0, code: 'lf.label.vent' });
    expect(playedLine('lifeform', { type: UNDO, args: { seq: 4 }, seat: 1 }, undefined)).toEqual({ seat: 1, code: 'core.undone', params: { seq: 4 } });
    expect(playedLine('tally', { type: 'pass', args: {}, seat: 1 }, undefined)).toEqual({ seat: 1, code: 'tally.command.pass', params: {} });
  });
});
