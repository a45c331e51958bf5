import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, type GameEvent, type Genesis, type Snapshot } from '../../core/index.ts';
import { formatEvents, promptButtons } from '../../discord/present.ts';
import { t } from '../../i18n/index.ts';
import { comaWardText as packText } from './place-names.ts';
import { pack } from './fixture.test-helper.ts';
import { comaWardGame } from './index.ts';
import { secretsOf } from './leak.test-helper.ts';
import { pickCommand } from './play.test-helper.ts';
import type { CwState } from './state.ts';

const names = ['Ana', 'Bea', 'Cid', 'Dot', 'Eve', 'Fay'];
const text = (key: string, lang: string): string | undefined => packText(pack, key, lang);

function surfaceFor(s: CwState, events: readonly GameEvent[], seq: number, seat: number | 'public'): string {
  const mine = events.filter((e) => e.to === 'public' || e.to === seat);
  const parts = [JSON.stringify(seat === 'public' ? comaWardGame.publicView(s) : comaWardGame.viewFor(s, seat)), JSON.stringify(mine)];
  for (const lang of ['en', 'es'] as const) parts.push(formatEvents(mine, lang, names, text));
  if (seat === 'public') {
    parts.push(JSON.stringify(promptButtons('g1', seq, comaWardGame.prompts(s), 'en', names)));
    const aw = comaWardGame.awaiting(s).seats[0];
    if (aw !== undefined) {
      for (const c of comaWardGame.legalCommands(s, aw)) {
        const label = comaWardGame.labelCommand?.(s, c, aw);
        if (label?.common) parts.push(formatEvents([{ code: label.code, params: label.params ?? {}, to: 'public' }], 'en', names, text));
      }
    }
    parts.push((comaWardGame.describeView?.(comaWardGame.publicView(s)) ?? []).map((l) => t('es', l.code, l.params ?? {})).join('\n'));
  } else parts.push(JSON.stringify(comaWardGame.secretsFor(s, seat)));
  return parts.join('\n');
}

describe('comaward leak test', () => {
  it('§Quirk Cards, §Hallucination Cards, §Revealing the Phenomenon, Glossary "Role" and "Epilogue": GIVEN seeded random games WHEN each step is shown THEN no quirk, role, unread hallucination, unread phenomenon or unfired epilogue shows in public, and none shows in another seat\'s view, events or secrets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 5 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 40 }), (seed, n, choices) => {
        const genesis: Genesis = { gameType: 'comaward', rulesVersion: comaWardGame.rulesVersion, options: {}, seats: names.slice(0, n).map((name, index) => ({ index, name })), seed };
        let snap: Snapshot<CwState> = genesisSnapshot(comaWardGame, genesis, pack);
        for (let i = 0; i < 160 && comaWardGame.status(snap.state).phase === 'playing'; i++) {
          const { seat, command } = pickCommand(snap, choices[i % choices.length] as number);
          const res = applyCommand(comaWardGame, snap, command, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
          if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)}`);
          snap = res.value.snapshot;
          const s = snap.state;
          const secrets = secretsOf(s, pack);
          const pub = surfaceFor(s, res.value.events, i + 1, 'public');
          for (const secret of secrets) for (const v of secret.values) expect(pub, `step ${i} ${command.type}: ${v}`).not.toContain(v);
          for (let seatNo = 0; seatNo < n; seatNo++) {
            const mine = surfaceFor(s, res.value.events, i + 1, seatNo);
            // A value this seat holds itself (two patients share the role "patient") tells it nothing about the other seat.
            const own = new Set(secrets.filter((x) => x.owner === seatNo).flatMap((x) => x.values));
            for (const secret of secrets.filter((x) => x.owner !== seatNo)) for (const v of secret.values.filter((x) => !own.has(x))) expect(mine, `step ${i} seat ${seatNo}: ${v}`).not.toContain(v);
          }
        }
      }),
      // The example is a game CI found where two seats are both patients (the role value is shared, not leaked).
      { numRuns: 4, examples: [[942610, 5, [0, 126, 993, 447, 991, 782, 7]]] },
    );
  }, 120_000);
});
