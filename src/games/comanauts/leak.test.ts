import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, type GameEvent, type Genesis, type Snapshot } from '../../core/index.ts';
import { formatEvents, promptButtons } from '../../discord/present.ts';
import { packText } from './content.ts';
import { comanautsGame } from './index.ts';
import { primeShownIn, secretValues } from './leak.test-helper.ts';
import { pack } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

const names = ['Ana', 'Bea', 'Cid', 'Dot'];

function publicSurface(s: ComanautsState, events: readonly GameEvent[], seq: number): string {
  const publicEvents = events.filter((e) => e.to === 'public');
  const buttons = promptButtons('g1', seq, comanautsGame.prompts(s), 'en', names);
  return [
    JSON.stringify(comanautsGame.publicView(s)),
    JSON.stringify(publicEvents),
    formatEvents(publicEvents, 'en', names, (key, lang) => packText(pack, key, lang)),
    formatEvents(publicEvents, 'es', names, (key, lang) => packText(pack, key, lang)),
    JSON.stringify(buttons),
  ].join('\n');
}

describe('comanauts leak test', () => {
  it('Rules §Encountering the Prime I.D. Entity and §Game Setup 12: GIVEN seeded random games through legalCommands WHEN each step is shown in public THEN no Prime I.D. identity before it appears, no face-down avatar and no die id of the bag shows in the public view, the public events, their text or the button custom ids', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 4 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 40 }), (seed, seats, choices) => {
        const genesis: Genesis = { gameType: 'comanauts', rulesVersion: '1', options: {}, seats: Array.from({ length: seats }, (_, i) => ({ index: i, name: names[i] as string })), seed };
        let snap: Snapshot<ComanautsState> = genesisSnapshot(comanautsGame, genesis, pack);
        let primeShown = false;
        let checked = 0;
        for (let i = 0; i < 150 && comanautsGame.status(snap.state).phase === 'playing'; i++) {
          const seat = comanautsGame.awaiting(snap.state).seats[0] as number;
          const legal = comanautsGame.legalCommands(snap.state, seat);
          const pick = choices[i % choices.length] as number;
          const command = pick % 4 === 0 && legal.some((c) => c.type === 'endActions') ? { type: 'endActions', args: {} } : (legal[pick % legal.length] as (typeof legal)[number]);
          const res = applyCommand(comanautsGame, snap, command, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
          if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)}`);
          snap = res.value.snapshot;
          const s = snap.state;
          primeShown ||= primeShownIn(s);
          const surface = publicSurface(s, res.value.events, i + 1);
          for (const secret of secretValues(s, primeShown)) expect(surface, `step ${i} ${command.type}`).not.toContain(secret);
          checked += 1;
        }
        expect(checked).toBeGreaterThan(0);
      }),
      { numRuns: 15 },
    );
  });
});
