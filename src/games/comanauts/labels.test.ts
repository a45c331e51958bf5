import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, type Genesis, type Snapshot } from '../../core/index.ts';
import { hasText } from '../../i18n/index.ts';
import { lineText, rankedLegal } from '../../discord/present.ts';
import { packText } from './content.ts';
import { comanautsGame } from './index.ts';
import { pack } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

const names = ['Ana', 'Bea', 'Cid', 'Dot'];
const naming = { seatNames: names, packText: (key: string, lang: string) => packText(pack, key, lang) };

describe('comanauts move labels (issue 15, "Say what I can do, in words")', () => {
  it('GIVEN seeded random games WHEN every legal move of the awaited seat is labelled in English and Spanish THEN each has a text and reads as words: names, no ids, JSON or placeholders; the table description too', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 4 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 30 }), (seed, seats, choices) => {
        const genesis: Genesis = { gameType: 'comanauts', rulesVersion: '1', options: {}, seats: Array.from({ length: seats }, (_, i) => ({ index: i, name: names[i] as string })), seed };
        let snap: Snapshot<ComanautsState> = genesisSnapshot(comanautsGame, genesis, pack);
        for (let i = 0; i < 60 && comanautsGame.status(snap.state).phase === 'playing'; i++) {
          const seat = comanautsGame.awaiting(snap.state).seats[0] as number;
          const legal = comanautsGame.legalCommands(snap.state, seat);
          for (const command of legal) {
            const label = comanautsGame.labelCommand?.(snap.state, command, seat);
            expect(label && hasText(label.code), `${command.type} has a label with text`).toBe(true);
            for (const lang of ['en', 'es'] as const) {
              const text = lineText(lang, label ?? { code: '' }, naming);
              expect(text, JSON.stringify(command)).not.toMatch(/comanauts[.:]|\{\{|[{}[\]"]|undefined|NaN/);
            }
          }
          for (const lang of ['en', 'es'] as const) {
            const words = (comanautsGame.describeView?.(comanautsGame.publicView(snap.state)) ?? []).map((l) => lineText(lang, l, naming)).join(' ');
            expect(words).toMatch(/Ana/);
            expect(words).not.toMatch(/comanauts[.:]|\{\{|undefined/);
          }
          const pick = choices[i % choices.length] as number;
          const command = legal[pick % legal.length] as (typeof legal)[number];
          const res = applyCommand(comanautsGame, snap, command, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
          if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)}`);
          snap = res.value.snapshot;
        }
      }),
      { numRuns: 8 },
    );
  });

  it('GIVEN the actions step of a turn WHEN the moves are ranked THEN fights and moves come before ending the actions, and the turn step is a common (button) move', () => {
    const genesis: Genesis = { gameType: 'comanauts', rulesVersion: '1', options: {}, seats: [{ index: 0, name: 'Ana' }, { index: 1, name: 'Bea' }], seed: 5 };
    let snap: Snapshot<ComanautsState> = genesisSnapshot(comanautsGame, genesis, pack);
    for (let i = 0; i < 10 && snap.state.phase !== 'actions'; i++) {
      const seat = comanautsGame.awaiting(snap.state).seats[0] as number;
      const [first] = comanautsGame.legalCommands(snap.state, seat);
      const res = applyCommand(comanautsGame, snap, first as NonNullable<typeof first>, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
      if (!res.ok) throw new Error(res.error.code);
      snap = res.value.snapshot;
    }
    expect(snap.state.phase).toBe('actions');
    const seat = snap.state.active;
    const commands = comanautsGame.legalCommands(snap.state, seat);
    const labels = commands.map((c) => comanautsGame.labelCommand?.(snap.state, c, seat) ?? { code: '', rank: 0 });
    const order = rankedLegal({ commands, labels }).map((i) => commands[i]?.type);
    expect(order.indexOf('move')).toBeLessThan(order.indexOf('endActions'));
    expect(labels[commands.findIndex((c) => c.type === 'endActions')]?.common).toBe(true);
  });
});
